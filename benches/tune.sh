#!/bin/sh
# Tunes the evaluation's weights of a variant (default knightmate) with `baton tune`:
#   1. GAMES games into OUT, played by Baton against itself at NODES nodes a move (the
#      second player at NODES + 10% so that no game is played twice), RANDOM random
#      opening plies each; or, with PLAYER=fairy, by Fairy-Stockfish against itself;
#   2. baton tune on their quiet positions, each labelled with Fairy-Stockfish's score
#      at depth DEPTH (the teacher); with TEACHER=baton, with Baton's own (the variants
#      Fairy-Stockfish does not play; give a DEPTH well beyond the games' NODES); with
#      TEACHER=none, with the games' results alone; with TEACHER=recorded, with the
#      score each game's mover recorded for it (no second search: the games are the
#      teacher, so play them with PLAYER=fairy).
#      It prints the fitted weights beside the current ones and writes them to
#      bench-tune/VARIANT.toml (copy it over engine/weights/VARIANT.toml, rebuild, then
#      prove them with benches/match.sh); with
#      NET=FILE it trains the learned correction to the evaluation instead and writes
#      it to FILE (see docs/strength-log.md).
# Usage: benches/tune.sh   Environment (defaults in brackets): BATON
# [target/release/baton], FAIRY [/usr/games/fairy-stockfish], VARIANT [knightmate],
# PLAYER [baton], GAMES [3000], NODES [2000; 8000 for fairy], RANDOM [12], SEED [11],
# CONCURRENCY [2], OUT [bench-tune/VARIANT-PLAYER.pgn; kept if it exists, delete it to
# play new games], TEACHER [fairy], DEPTH [6], LIMIT [depth=DEPTH; the teacher's search,
# e.g. nodes=20000 where a depth is slow], PASSES [30], ONLY [none; weight-name
# prefixes, e.g. "threats.danger.": only those weights move], MORE [none; more PGN files whose
# positions join the fit, e.g. benches/match.sh's games against Fairy-Stockfish], LABELS
# [none; a file that keeps the labelled positions: written by the first run, read by
# later ones, which then skip the games and the teacher (another ONLY, at once)], NET
# [none], MIX [0.25 with NET, else 0: the game result's share of each target].
# The knightmate danger weights were fitted with ONLY=danger. (now threats.danger.) and MORE set to two
# 100-game matches against Fairy-Stockfish.
set -u
cd "$(dirname "$0")/.." || exit 1
BATON=${BATON:-target/release/baton}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
VARIANT=${VARIANT:-knightmate}
PLAYER=${PLAYER:-baton}
GAMES=${GAMES:-3000}
RANDOM_PLIES=${RANDOM:-12}
SEED=${SEED:-11}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-bench-tune/$VARIANT-$PLAYER.pgn}
TEACHER=${TEACHER:-fairy}
DEPTH=${DEPTH:-6}
LIMIT=${LIMIT:-depth=$DEPTH}
PASSES=${PASSES:-30}
ONLY=${ONLY:-}
MORE=${MORE:-}
LABELS=${LABELS:-}
NET=${NET:-}
MIX=${MIX:-$([ -n "$NET" ] && echo 0.25 || echo 0)}
case $PLAYER in
    fairy) CMD=$FAIRY NODES=${NODES:-8000} ;;
    *) CMD=$BATON NODES=${NODES:-2000} ;;
esac

[ -x "$BATON" ] || cargo build --release || exit 1
mkdir -p "$(dirname "$OUT")"
if [ ! -s "$OUT" ]; then
    "$BATON" match --engine cmd="$CMD" name="$PLAYER-a" nodes="$NODES" \
        --engine cmd="$CMD" name="$PLAYER-b" nodes=$((NODES + NODES / 10)) \
        --variant "$VARIANT" --nodes "$NODES" --games "$GAMES" \
        --concurrency "$CONCURRENCY" --random-plies "$RANDOM_PLIES" --seed "$SEED" \
        --resign movecount=3 score=700 --draw movenumber=40 movecount=8 score=15 \
        --maxmoves 120 --pgn "$OUT" || exit 1
fi
opts=
for p in $ONLY; do opts="$opts --only $p"; done
[ -n "$LABELS" ] && opts="$opts --labels $LABELS"
[ -n "$NET" ] && opts="$opts --net $NET"
opts="$opts --mix $MIX"
[ -z "$NET" ] && opts="$opts --out bench-tune/$VARIANT.toml"
# shellcheck disable=SC2086
case $TEACHER in
    none) "$BATON" tune --variant "$VARIANT" --passes "$PASSES" $opts "$OUT" $MORE ;;
    recorded) "$BATON" tune --variant "$VARIANT" --passes "$PASSES" $opts \
        --scores "$PLAYER" "$OUT" $MORE ;;
    baton) "$BATON" tune --variant "$VARIANT" --passes "$PASSES" $opts \
        --teacher cmd="$BATON" "$LIMIT" processes="$CONCURRENCY" "$OUT" $MORE ;;
    *) "$BATON" tune --variant "$VARIANT" --passes "$PASSES" $opts \
        --teacher cmd="$FAIRY" "$LIMIT" processes="$CONCURRENCY" "$OUT" $MORE ;;
esac
