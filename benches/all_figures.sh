#!/bin/sh
# Every figure of docs/strength.md, on one build, in one run, with a summary at the end:
#   threads    `benches/threads.sh` (2 threads against 1 to the bench depth; goal 1.4x);
#   sprt       SPRT(0,40) of 2 threads against 1 in combiningknightmare at 5+0.05;
#   knightmate 300 games against Fairy-Stockfish at 10+0.1 (goal 35%);
#   chess      100 games against Fairy-Stockfish at 10+0.1 (reported only);
#   base       the six new variants against BASE (4eb9e77's build) at 5+0.05
#              from the suites (goal +100 Elo), two lanes side by side: 100 games each
#              for the two thin margins, SPRT(100,200) capped at 100 for the four wide.
# The phases run in that order: the thread timings first, while the machine is idle.
# Every match resigns a game once both engines have scored it at 10 pawns or more for
# 4 moves each (RESIGN). On a two-core machine the whole took 2 h 35 min on 2026-12-05
# (threads 12 min, knightmate 72, base 41 with the SPRTs, SPRT 11, chess 20); without
# resigning about three hours. Run a subset with PHASES, or spread the matches over
# machines with `--shard` (CONTRIBUTING.md).
# Usage: BASE=/path/to/baton-4eb9e77 benches/all_figures.sh
# Environment (defaults in brackets): BATON [target/release/baton], BASE [required for
# `base`], OUT [bench-figures], PHASES [threads sprt knightmate chess base], RUNS [7, for
# threads.sh], RESIGN [--resign movecount=4 score=1000 twosided=true; RESIGN= plays
# every game out], EXTRA [more arguments for every match].
set -u
cd "$(dirname "$0")/.." || exit 1
BATON=${BATON:-target/release/baton}
BASE=${BASE:-}
OUT=${OUT:-bench-figures}
PHASES=${PHASES:-"threads sprt knightmate chess base"}
RUNS=${RUNS:-7}
RESIGN=${RESIGN-"--resign movecount=4 score=1000 twosided=true"}
EXTRA="$RESIGN ${EXTRA:-}"
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
        GAMES=100 TC=10+0.1 CONCURRENCY=2 OUT="$OUT/fsf" \
            benches/match.sh chess-fsf >"$OUT/chess.txt" 2>&1
        ;;
    base)
        if [ ! -x "$BASE" ]; then
            echo "base: BASE must name the older build's binary" | tee "$OUT/base.txt"
            continue
        fi
        # Two lanes, one game at a time each. Each lane first plays one of the two
        # variants whose margin over 4eb9e77 has been thin (stonesrelays +60 to +190 over
        # 100-game runs, flipshatranj8 +115 to +190): 100 games, the figure whatever it
        # shows. Then the variants whose margin has been wide (knightrelay +240 to +310,
        # combiningknightmare +180 to +260, the tunnel +280 to +315, flipshatranj +177 to
        # +250) play an SPRT between +100 and +200 capped at 100 games, which decides in
        # 10 to 50 games where the margin is that wide. An SPRT on a thin margin could
        # stop early on H0 for a build that is in fact over +100, so those two do not.
        # Each lane keeps its PGNs apart: match.sh replays every PGN of its OUT at
        # the end, and would otherwise read the other lane's game in progress.
        lane() { # lane number, thin variant, wide variants
            {
                TC=5+0.05 GAMES=100 CONCURRENCY=1 BASE=$BASE VARIANTS=$2 \
                    OUT="$OUT/base-$1" benches/match.sh base
                TC=5+0.05 GAMES=100 CONCURRENCY=1 BASE=$BASE VARIANTS=$3 \
                    OUT="$OUT/base-$1" SPRT=100,200 benches/match.sh base
            } >"$OUT/base-$1.txt" 2>&1
        }
        # Balanced by the times of 2026-12-05's run: stonesrelays' 100 games took 27
        # minutes and the tunnel's SPRT 19 (70 games); flipshatranj8's 100 games 23, and
        # the SPRTs of knightrelay, flipshatranj and combiningknightmare 5, 5 and 3.
        lane 1 stonesrelays stonesrelays-tunnel &
        lane 2 flipshatranj8 "knightrelay flipshatranj combiningknightmare" &
        wait
        cat "$OUT"/base-1.txt "$OUT"/base-2.txt >"$OUT/base.txt"
        ;;
    *)
        echo "unknown phase $phase (threads sprt knightmate chess base)"
        ;;
    esac
done
stamp "done" | tee -a "$OUT/times.txt"

# The summary: each match's title and final score, and the thread timings.
echo
echo "=== all figures, $BATON"
[ -f "$OUT/threads.txt" ] && cat "$OUT/threads.txt"
for f in sprt knightmate chess base; do
    [ -f "$OUT/$f.txt" ] || continue
    awk '/^=== / && !/replay/ { title = $0 }
         /^Score of / { score = $0 }
         /^Elo difference/ { print title; print "    " score; print "    " $0 }
         /^SPRT/ { print "    " $0 }
         /replayed/ { print "    " $0 }' "$OUT/$f.txt"
done
