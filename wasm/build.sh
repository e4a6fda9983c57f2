#!/usr/bin/env bash
# Builds Baton's WebAssembly package: the engine compiled for wasm32-unknown-unknown
# (`cargo build`), then wasm-bindgen's JavaScript glue and TypeScript types, and a
# package.json, so that `npm install ./wasm/pkg` installs it.
#
#   wasm/build.sh            # wasm/pkg/      for Node.js (what the tests use)
#   wasm/build.sh web        # wasm/pkg-web/  an ES module for browsers
#
# Needs the Rust target (`rustup target add wasm32-unknown-unknown`) and the
# wasm-bindgen command line of the version wasm/Cargo.toml pins
# (`cargo install wasm-bindgen-cli --version <that version>`).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-nodejs}
case "$target" in
    nodejs) out=wasm/pkg ;;
    web) out=wasm/pkg-web ;;
    *) echo "build.sh: unknown target '$target' (nodejs or web)" >&2; exit 2 ;;
esac

# The one place the version is written: wasm/Cargo.toml's `wasm-bindgen = "=X"`.
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' wasm/Cargo.toml)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
    echo "build.sh: needs wasm-bindgen $want (found: ${have:-none});" \
        "cargo install wasm-bindgen-cli --version $want" >&2
    exit 1
fi

# The search runs on the caller's stack here (no threads): as large as the native
# search threads' (engine/src/search/mod.rs, THREAD_STACK), where wasm-ld gives 1 MiB.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C link-arg=-zstack-size=8388608"
cargo build --release -p baton-wasm --target wasm32-unknown-unknown
rm -rf "$out"
wasm-bindgen --target "$target" --out-name baton --out-dir "$out" \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/baton_wasm.wasm"

version=$(sed -n 's/^version = "\(.*\)"/\1/p' wasm/Cargo.toml | head -n 1)
module=$([ "$target" = web ] && echo '"type": "module",' || true)
cat >"$out/package.json" <<JSON
{
  "name": "baton-wasm",
  "version": "$version",
  "description": "Baton's chess-variant rules, notation, PGN and search (WebAssembly)",
  "license": "MIT",
  $module
  "main": "baton.js",
  "types": "baton.d.ts",
  "files": ["baton.js", "baton.d.ts", "baton_bg.wasm", "baton_bg.wasm.d.ts"]
}
JSON
echo "built $out ($(du -h "$out/baton_bg.wasm" | cut -f1) of WebAssembly)"
