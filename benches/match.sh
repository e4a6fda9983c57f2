#!/bin/sh
# Strength measurements with `baton match` (error bars in the output):
#   1. knightmate and chess: Baton against Fairy-Stockfish (Debian's 11.1) at 10 s + 0.1 s;
#   2. every variant: Baton at depth N+1 against depth N;
#   3. every variant: Baton with 2 threads against 1 thread at the same clock;
#   4. every variant: Baton against an older build of itself (BASE, a binary:
#      docs/strength.md measures against commit 4eb9e77, built with `git worktree add /tmp/base 4eb9e77 &&
#      cargo build --release` there) at TC; not part of `all`.
# Usage: benches/match.sh [knightmate-fsf|chess-fsf|depth|threads|base|all]   (default: all)
# Environment (defaults in brackets): BATON [target/release/baton, runs the match],
# ENGINE [$BATON, the engine measured], BASE [none; the older build for `base`], FAIRY
# [/usr/games/fairy-stockfish], GAMES [100], TC [10+0.1], DEPTH [N = 4], CONCURRENCY [1],
# PLIES [none: the games start from the variant's opening suite, benches/openings/; N:
# N random plies from the start instead], SEED [1], TIMEMARGIN [100 ms], VARIANTS [every variant;
# those Baton does not implement yet are refused and skipped], OUT [bench-match, PGNs],
# LIMIT [none; for knightmate-fsf and chess-fsf, "--nodes N" or "--depth N" in place of TC: both engines
# search that many nodes or plies a move, which the machine's load does not change],
# SPRT [none; e.g. 0,40: each match stops once the test decides between +0 and +40 Elo],
# EXTRA [more arguments for every match, e.g. "--resign movecount=4 score=800"].
# Every PGN is re-checked with `baton match --replay` at the end.
set -u
cd "$(dirname "$0")/.." || exit 1
BATON=${BATON:-target/release/baton}
ENGINE=${ENGINE:-$BATON}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
GAMES=${GAMES:-100}
TC=${TC:-10+0.1}
DEPTH=${DEPTH:-4}
CONCURRENCY=${CONCURRENCY:-1}
PLIES=${PLIES:-}
SEED=${SEED:-1}
TIMEMARGIN=${TIMEMARGIN:-100}
VARIANTS=${VARIANTS:-"chess knightmate knightrelay combiningknightmare stonesrelays stonesrelays-tunnel flipshatranj flipshatranj8"}
OUT=${OUT:-bench-match}
SPRT=${SPRT:-}
LIMIT=${LIMIT:-}
EXTRA=${EXTRA:-}
WHAT=${1:-all}
BASE=${BASE:-}

[ -x "$BATON" ] || cargo build --release || exit 1
mkdir -p "$OUT"

common() {
    echo --games "$GAMES" --concurrency "$CONCURRENCY" ${PLIES:+--random-plies "$PLIES"} \
        --seed "$SEED" --timemargin "$TIMEMARGIN" ${SPRT:+--sprt "$SPRT"} $EXTRA
}

# Cores left idle by everything else over one second (`cores_now`; empty without
# /proc/stat).
. benches/cores.sh
idle_cores() {
    cores_now | awk '{ print $1 }'
}

run() { # title, PGN file (replaced), then the arguments of baton match
    title=$1
    pgn=$2
    shift 2
    echo "=== $title"
    rm -f "$pgn"
    # Coordinates, not SAN: benches/quality.py and the scripts built on it read the
    # moves back as UCI `position ... moves`.
    set -- "$@" --pgn "$pgn" --notation coordinates
    "$BATON" match "$@" || echo "=== $title: not run (see the error above)"
}

# Against Fairy-Stockfish: knightmate (goal 35%) and chess (a figure to report).
for fv in knightmate chess; do
    [ "$WHAT" = all ] || [ "$WHAT" = "$fv-fsf" ] || continue
    goal=$([ "$fv" = knightmate ] && echo " (goal at 10+0.1: score >= 35%)")
    if [ -x "$FAIRY" ]; then
        # shellcheck disable=SC2046
        # shellcheck disable=SC2086
        run "$fv: Baton vs Fairy-Stockfish at ${LIMIT:-$TC}$goal" "$OUT/$fv-fsf.pgn" \
            --engine cmd="$ENGINE" name=Baton --engine cmd="$FAIRY" name=Fairy-Stockfish \
            --variant "$fv" ${LIMIT:---tc "$TC"} $(common)
    else
        echo "=== $fv vs Fairy-Stockfish: $FAIRY missing (apt-get install fairy-stockfish)"
    fi
done

for v in $VARIANTS; do
    if [ "$WHAT" = all ] || [ "$WHAT" = depth ]; then
        # shellcheck disable=SC2046
        run "$v: depth $((DEPTH + 1)) vs depth $DEPTH (goal: the deeper wins)" "$OUT/$v-depth.pgn" \
            --engine cmd="$ENGINE" name="depth$((DEPTH + 1))" depth=$((DEPTH + 1)) \
            --engine cmd="$ENGINE" name="depth$DEPTH" depth="$DEPTH" \
            --variant "$v" $(common)
    fi
    if [ "$WHAT" = base ]; then
        if [ -x "$BASE" ]; then
            # shellcheck disable=SC2046
            run "$v: Baton vs the older build $BASE at $TC (goal: +100 Elo)" "$OUT/$v-base.pgn" \
                --engine cmd="$ENGINE" name=Baton --engine cmd="$BASE" name=base \
                --variant "$v" --tc "$TC" $(common)
        else
            echo "=== $v: BASE must name the older build's binary"
        fi
    fi
    if [ "$WHAT" = all ] || [ "$WHAT" = threads ]; then
        # Two threads against one means something only with two cores free for the
        # thinking engine: with one, its threads share it and lose (40 games each at
        # 2+0.02 while another match kept a core busy: chess 7-18-15, flipshatranj8
        # 12-28 for the two threads).
        idle=$(idle_cores)
        if [ -n "$idle" ] && awk -v i="$idle" 'BEGIN { exit !(i < 1.8) }'; then
            echo "=== warning: only $idle cores idle before this match; two threads cannot run side by side"
        fi
        # shellcheck disable=SC2046
        run "$v: 2 threads vs 1 thread at $TC (goal: 2 threads win)" "$OUT/$v-threads.pgn" \
            --engine cmd="$ENGINE" name=threads2 option.Threads=2 \
            --engine cmd="$ENGINE" name=threads1 option.Threads=1 \
            --variant "$v" --tc "$TC" $(common)
    fi
done

for f in "$OUT"/*.pgn; do
    [ -e "$f" ] || continue
    echo "=== replay $f"
    "$BATON" match --replay "$f" | tail -n 1
done
