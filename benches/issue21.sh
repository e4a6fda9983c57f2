#!/bin/sh
# Every figure issue 21 asks for, on one build, in one run, with a summary at the end:
#   threads   item 4: `benches/threads.sh` (2 threads against 1 to the bench depth);
#   sprt      item 4: SPRT(0,40) of 2 threads against 1 in combiningknightmare at 5+0.05;
#   knightmate item 3: 300 games against Fairy-Stockfish at 10+0.1 (goal 35%);
#   chess     item 3: 100 games against Fairy-Stockfish at 10+0.1 (reported only);
#   base      item 2: the six new variants against BASE (4eb9e77's build), 100 games
#             each at 5+0.05 from the suites (goal +100 Elo), two matches side by side.
# The phases run in that order: the thread timings first, while the machine is idle.
# On a two-core machine the whole takes about three and three-quarter hours (as timed
# on 2026-12-05: threads 20 min, SPRT up to 15, knightmate 75, chess 25, base 90, each
# pair of matches about 30): more than one three-hour session, so
# run a subset with PHASES, or spread a match over machines with `--shard` (README).
# Usage: BASE=/path/to/baton-4eb9e77 benches/issue21.sh
# Environment (defaults in brackets): BATON [target/release/baton], BASE [required for
# `base`], OUT [bench-issue21], PHASES [threads sprt knightmate chess base], RUNS [7, for
# threads.sh], EXTRA [more arguments for every match].
set -u
cd "$(dirname "$0")/.." || exit 1
BATON=${BATON:-target/release/baton}
BASE=${BASE:-}
OUT=${OUT:-bench-issue21}
PHASES=${PHASES:-"threads sprt knightmate chess base"}
RUNS=${RUNS:-7}
EXTRA=${EXTRA:-}
[ -x "$BATON" ] || cargo build --release || exit 1
mkdir -p "$OUT"
export BATON EXTRA
ENGINE=$BATON
export ENGINE

stamp() {
    echo "$(date -u '+%H:%M:%S') $*"
}

for phase in $PHASES; do
    stamp "phase $phase" | tee -a "$OUT/times.txt"
    case $phase in
    threads)
        RUNS=$RUNS benches/threads.sh >"$OUT/threads.txt" 2>&1
        ;;
    sprt)
        TC=5+0.05 GAMES=300 SPRT=0,40 VARIANTS=combiningknightmare OUT="$OUT/sprt" \
            benches/match.sh threads >"$OUT/sprt.txt" 2>&1
        ;;
    knightmate)
        GAMES=300 TC=10+0.1 CONCURRENCY=2 OUT="$OUT/fsf" \
            benches/match.sh knightmate-fsf >"$OUT/knightmate.txt" 2>&1
        ;;
    chess)
        # Resigning when both engines see a lost game (the last figures did the same).
        GAMES=100 TC=10+0.1 CONCURRENCY=2 OUT="$OUT/fsf" \
            EXTRA="$EXTRA --resign movecount=4 score=1000 twosided=true" \
            benches/match.sh chess-fsf >"$OUT/chess.txt" 2>&1
        ;;
    base)
        if [ ! -x "$BASE" ]; then
            echo "base: BASE must name the older build's binary" | tee "$OUT/base.txt"
            continue
        fi
        # Two matches at a time, one game each, with the long variants split.
        for half in "knightrelay stonesrelays flipshatranj8" \
            "combiningknightmare stonesrelays-tunnel flipshatranj"; do
            TC=5+0.05 GAMES=100 CONCURRENCY=1 BASE=$BASE VARIANTS=$half OUT="$OUT/base" \
                benches/match.sh base >"$OUT/base-${half%% *}.txt" 2>&1 &
        done
        wait
        cat "$OUT"/base-*.txt >"$OUT/base.txt"
        ;;
    *)
        echo "unknown phase $phase (threads sprt knightmate chess base)"
        ;;
    esac
done
stamp "done" | tee -a "$OUT/times.txt"

# The summary: each match's title and final score, and the thread timings.
echo
echo "=== issue 21, $BATON"
[ -f "$OUT/threads.txt" ] && cat "$OUT/threads.txt"
for f in sprt knightmate chess base; do
    [ -f "$OUT/$f.txt" ] || continue
    awk '/^=== / && !/replay/ { title = $0 }
         /^Score of / { score = $0 }
         /^Elo difference/ { print title; print "    " score; print "    " $0 }
         /^SPRT/ { print "    " $0 }
         /replayed/ { print "    " $0 }' "$OUT/$f.txt"
done
