#!/bin/sh
# A screen for knightmate evaluation changes: Baton against Fairy-Stockfish at several
# fixed depths (both engines the same depth, one thread, so each game is the same on any
# machine and under any load), 400 games a depth from the opening suite (each opening
# with both colours), and the score pooled over the depths.
#
# Usage: benches/depth_screen.sh ENGINE [DEPTHS]     (DEPTHS default "5 6 7 8")
# Environment: BATON [target/release/baton, runs the matches], OUT [bench-depth-screen],
# GAMES [400 a depth], VARIANT [knightmate; chess also works].
#
# Pooling four depths gives 1,600 games, a standard error of about 1.1 points for one
# build and 1.6 for the difference of two; at one depth two builds that differ by a
# tempo point land 4-6 points apart. It judges evaluation changes only: a change to
# pruning or reductions alters the tree to a given depth, which a fixed depth rewards
# or punishes unfairly. How it was calibrated is in docs/strength-log.md.
set -u
cd "$(dirname "$0")/.." || exit 1
ENGINE=${1:?usage: benches/depth_screen.sh ENGINE [DEPTHS]}
DEPTHS=${2:-"5 6 7 8"}
BATON=${BATON:-target/release/baton}
OUT=${OUT:-bench-depth-screen}
GAMES=${GAMES:-400}
VARIANT=${VARIANT:-knightmate}
[ -x "$BATON" ] || cargo build --release || exit 1
mkdir -p "$OUT"
for d in $DEPTHS; do
    BATON=$BATON ENGINE=$ENGINE GAMES=$GAMES LIMIT="--depth $d" CONCURRENCY=1 \
        OUT="$OUT/d$d" benches/match.sh "$VARIANT-fsf" > "$OUT/d$d.log" 2>&1
    echo "depth $d: $(grep '^Score' "$OUT/d$d.log")"
done
# Pooled: Baton's points over all games (the PGNs' results from Baton's side).
cat "$OUT"/d*/"$VARIANT"-fsf.pgn | awk '
    /^\[White "/ { white = ($0 ~ /Baton/) }
    /^\[Result "/ {
        if ($0 ~ /1-0/) { s += white; n++ } else if ($0 ~ /0-1/) { s += 1 - white; n++ }
        else if ($0 ~ /1\/2-1\/2/) { s += 0.5; n++ }
    }
    END { if (n) printf "pooled: %.1f%% over %d games (standard error %.1f points)\n", 100 * s / n, n, 100 * 0.45 / sqrt(n) }'
