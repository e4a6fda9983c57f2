#!/bin/sh
# Tunes the evaluation's weights of a chess-family variant (default knightmate) to the
# results of games Fairy-Stockfish plays against itself, with `baton tune`:
#   1. GAMES games at NODES nodes a move, RANDOM random opening plies each, into OUT;
#   2. baton tune on them, which prints the fitted weights beside the current ones
#      (copy them into engine/src/eval/weights.rs, then prove them with benches/match.sh).
# Usage: benches/tune.sh   Environment (defaults in brackets): BATON
# [target/release/baton], FAIRY [/usr/games/fairy-stockfish], VARIANT [knightmate],
# GAMES [4000], NODES [8000], RANDOM [8], SEED [11], CONCURRENCY [2],
# OUT [bench-tune/VARIANT-fsf.pgn; kept if it exists, delete it to play new games],
# PASSES [40].
set -u
cd "$(dirname "$0")/.." || exit 1
BATON=${BATON:-target/release/baton}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
VARIANT=${VARIANT:-knightmate}
GAMES=${GAMES:-4000}
NODES=${NODES:-8000}
RANDOM_PLIES=${RANDOM:-8}
SEED=${SEED:-11}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-bench-tune/$VARIANT-fsf.pgn}
PASSES=${PASSES:-40}

[ -x "$BATON" ] || cargo build --release || exit 1
mkdir -p "$(dirname "$OUT")"
if [ ! -s "$OUT" ]; then
    "$BATON" match --engine cmd="$FAIRY" name=a --engine cmd="$FAIRY" name=b \
        --variant "$VARIANT" --nodes "$NODES" --games "$GAMES" \
        --concurrency "$CONCURRENCY" --random-plies "$RANDOM_PLIES" --seed "$SEED" \
        --resign movecount=4 score=1000 --draw movenumber=60 movecount=8 score=10 \
        --pgn "$OUT" || exit 1
fi
"$BATON" tune --variant "$VARIANT" --passes "$PASSES" "$OUT"
