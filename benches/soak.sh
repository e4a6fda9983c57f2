#!/bin/sh
# The soak: many short games between two Baton builds in every variant, to
# show that none crashes, hangs or loses on time. Each variant's PGN is replayed at the
# end (every move legal, every result the rules' result). The openings are random plies,
# not the suite: odd positions are what a soak wants.
# Usage: NEW=path OLD=path benches/soak.sh   Environment (defaults in brackets):
# NEW [target/release/baton], OLD [$NEW], GAMES [126 per variant], TC [1+0.01],
# CONCURRENCY [2], SEED [1], OUT [bench-soak], VARIANTS [every variant].
set -u
cd "$(dirname "$0")/.." || exit 1
NEW=${NEW:-target/release/baton}
OLD=${OLD:-$NEW}
GAMES=${GAMES:-126}
TC=${TC:-1+0.01}
CONCURRENCY=${CONCURRENCY:-2}
SEED=${SEED:-1}
OUT=${OUT:-bench-soak}
VARIANTS=${VARIANTS:-"chess knightmate knightrelay combiningknightmare stonesrelays stonesrelays-tunnel flipshatranj flipshatranj8"}
mkdir -p "$OUT"
status=0
for v in $VARIANTS; do
    echo "=== $v"
    rm -f "$OUT/$v.pgn"
    "$NEW" match --engine cmd="$NEW" name=new --engine cmd="$OLD" name=old --variant "$v" \
        --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" --random-plies 8 \
        --seed "$SEED" --pgn "$OUT/$v.pgn" 2>&1 | grep -E "^(Score|Elo|Terminations)|error" || status=1
    "$NEW" match --replay "$OUT/$v.pgn" | tail -n 1 || status=1
done
echo "=== all variants: terminations"
cat "$OUT"/*.pgn | grep -o '\[Termination "[^"]*"\]' | sort | uniq -c
exit $status
