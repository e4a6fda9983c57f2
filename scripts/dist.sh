#!/usr/bin/env bash
# Makes Baton's release archives under dist/:
#   baton-VERSION-windows-x86-64.zip      baton-VERSION-windows-x86-64-v3.zip
#   baton-VERSION-linux-x86-64.tar.gz     baton-VERSION-linux-x86-64-v3.tar.gz
# Windows: x86_64-pc-windows-gnu, a .exe that needs no DLL beside it. Linux:
# x86_64-unknown-linux-musl, linked statically, for any distribution. Each level is a
# build: `x86-64` runs on every 64-bit x86 CPU; `x86-64-v3` (AVX2, BMI1/2, FMA, LZCNT,
# MOVBE: Intel Haswell, 2013, and AMD Excavator, 2015, and later) is faster and refuses,
# with a message, to start on an older CPU (src/cpu.rs). Each archive holds the binary,
# README.md, LICENSE and docs/.
#
# Needs: rustup targets x86_64-pc-windows-gnu and x86_64-unknown-linux-musl, and
# x86_64-w64-mingw32-gcc (Debian: gcc-mingw-w64-x86-64-win32), zip, tar.
#
# Settings (environment):
#   PROFILE=dist      the cargo profile; CI uses dist-ci (no LTO: builds faster, same answers)
#   LEVELS="x86-64 x86-64-v3"   the levels to build
#   PLATFORMS="windows linux"   the platforms to build
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${PROFILE:-dist}
levels=${LEVELS:-x86-64 x86-64-v3}
platforms=${PLATFORMS:-windows linux}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || { echo "dist.sh: no version in Cargo.toml" >&2; exit 1; }
commit=$(git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    echo "dist.sh: note: the work tree has uncommitted changes; the binaries say $commit-modified" >&2
fi

target_of() {
    case $1 in
        windows) echo x86_64-pc-windows-gnu ;;
        linux) echo x86_64-unknown-linux-musl ;;
        *) echo "dist.sh: unknown platform '$1' (windows, linux)" >&2; exit 1 ;;
    esac
}

for platform in $platforms; do
    target=$(target_of "$platform")
    rustup target list --installed 2>/dev/null | grep -qx "$target" || {
        echo "dist.sh: the Rust target $target is missing: rustup target add $target" >&2
        exit 1
    }
done
if [[ " $platforms " == *" windows "* ]] && ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
    echo "dist.sh: x86_64-w64-mingw32-gcc is missing (Debian: apt-get install gcc-mingw-w64-x86-64-win32)" >&2
    exit 1
fi

mkdir -p dist
for platform in $platforms; do
    target=$(target_of "$platform")
    for level in $levels; do
        name=baton-$version-$platform-$level
        echo "dist.sh: building $name ($target, $profile profile, commit $commit)" >&2
        # One target directory per level: the flags differ, so the builds cannot share
        # one, and each stays cached for the next run. `+crt-static` links the C
        # runtime (musl; mingw's libgcc and winpthread) into the binary.
        RUSTFLAGS="-C target-cpu=$level -C target-feature=+crt-static" \
            cargo build --locked --bin baton --profile "$profile" --target "$target" \
            --target-dir "target/dist/$level"
        exe=baton
        [ "$platform" = windows ] && exe=baton.exe
        stage=dist/$name
        rm -rf "$stage"
        mkdir -p "$stage"
        cp "target/dist/$level/$target/$profile/$exe" "$stage/$exe"
        cp README.md LICENSE "$stage/"
        cp -r docs "$stage/docs"
        if [ "$platform" = windows ]; then
            rm -f "dist/$name.zip"
            (cd dist && zip -qr "$name.zip" "$name")
            echo "dist/$name.zip"
        else
            tar -C dist -czf "dist/$name.tar.gz" "$name"
            echo "dist/$name.tar.gz"
        fi
        rm -rf "$stage"
    done
done
