#!/usr/bin/env bash
# The WebAssembly perft against the native one, side by side: the same position and
# depth, `baton perft --threads 1` and the package's `perft` under node, each the
# fastest of RUNS runs (default 3); both counts must agree. The issue's goal is
# WebAssembly within 3x of native. Positions of a few milliseconds say little (the
# clock's grain, the WebAssembly compiler warming up): the defaults take a second or
# more each.
#
#   wasm/bench.sh                          # a default set of positions
#   wasm/bench.sh chess startpos 5 ...     # VARIANT FEN|startpos DEPTH, repeated
#
# Needs wasm/pkg (wasm/build.sh) and a release build of the binary
# (`cargo build --release`; BATON= another one).
set -euo pipefail
cd "$(dirname "$0")/.."
baton=${BATON:-target/release/baton}
runs=${RUNS:-3}
if [ $# -eq 0 ]; then
    set -- chess startpos 5 knightmate startpos 5 knightrelay startpos 5 \
        combiningknightmare startpos 5 flipshatranj8 startpos 3
fi
printf '%-22s %-5s %12s %10s %10s %7s\n' variant depth leaves native_s wasm_s ratio
while [ $# -ge 3 ]; do
    variant=$1 fen=$2 depth=$3
    shift 3
    native=999999
    for _ in $(seq "$runs"); do
        out=$("$baton" perft "$variant" "$fen" "$depth" --threads 1 2>&1)
        t=$(sed -n 's/^time \([0-9.]*\) s.*/\1/p' <<<"$out")
        n=$(sed -n 's/^Nodes searched: //p' <<<"$out")
        native=$(awk -v a="$native" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
    done
    read -r w wasm < <(node wasm/bench/perft.js "$variant" "$fen" "$depth" "$runs")
    if [ "$n" != "$w" ]; then
        echo "$variant $fen depth $depth: native counts $n, WebAssembly $w" >&2
        exit 1
    fi
    printf '%-22s %-5s %12s %10s %10s %6.2fx\n' "$variant" "$depth" "$n" "$native" "$wasm" \
        "$(awk -v a="$wasm" -v b="$native" 'BEGIN { print a / b }')"
done
