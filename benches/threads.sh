#!/bin/sh
# Lazy SMP speed: for each variant, the time `baton bench` takes to
# reach the same depth with 2 threads and with 1. The depth is raised from START until
# one thread needs at least MIN_MS over the variant's bench positions; then each thread
# count runs RUNS times and the median times are compared (2-thread times vary from run
# to run: the helper threads change which lines the table holds). If one thread's median
# is under MIN_MS, the runs are redone a ply deeper, so every figure is over MIN_MS. The
# runs alternate, one thread then two, so that a change in the machine's load falls on both alike (on a
# shared machine one thread's time to the same nodes moved by half between runs); the
# median of the runs' own ratios is shown beside, with the lowest and highest of them (the
# two-thread time is a wide distribution in some variants: flipshatranj's figure at depth
# 7 was 1.29x in one run of the script and 1.55x in the next). Needs two idle cores.
# Usage: benches/threads.sh   Environment (defaults in brackets): BATON
# [target/release/baton], VARIANTS [every variant], START [5], MIN_MS [5000], RUNS [7:
# medians of 3 or 5 runs still moved by a third from one run of the script to the next].
set -u
cd "$(dirname "$0")/.." || exit 1
BATON=${BATON:-target/release/baton}
VARIANTS=${VARIANTS:-"chess knightmate knightrelay combiningknightmare stonesrelays stonesrelays-tunnel flipshatranj flipshatranj8"}
START=${START:-5}
MIN_MS=${MIN_MS:-5000}
RUNS=${RUNS:-7}
[ -x "$BATON" ] || cargo build --release || exit 1

# The bench's total time in ms for variant $1, depth $2, $3 threads.
ms() {
    "$BATON" bench "$1" "$2" --threads "$3" 2>&1 | sed -n 's/^Total time (ms) *: *//p'
}
# The median of the numbers on standard input.
median() {
    sort -n | sed -n "$(((RUNS + 1) / 2))p"
}

# Warn where the cores are busy or the host steals time (`cores_now`).
. benches/cores.sh
cores_now | awk '{
    if ($1 < 1.5) printf "warning: idle cores: about %.1f of the 2 needed; the 2-thread times will be too slow\n", $1
    if ($2 >= 5) printf "warning: %.0f%% of the time is stolen by the host; times are not comparable with an idle machine\n", $2
}'
printf '%-22s %5s %10s %10s %7s %7s  %s\n' variant depth "1 thread" "2 threads" speedup paired range
for v in $VARIANTS; do
    d=$START
    while t=$(ms "$v" "$d" 1) && [ "${t:-0}" -lt "$MIN_MS" ] && [ "$d" -lt 40 ]; do
        d=$((d + 1))
    done
    # The probe is one run; if the median of the runs is still under MIN_MS (knightmate's
    # depth 15 probed at 5.0 s and had medians of 4.7-5.0 s), go one ply deeper and redo.
    while :; do
        runs=$(for _ in $(seq "$RUNS"); do echo "$(ms "$v" "$d" 1) $(ms "$v" "$d" 2)"; done)
        one=$(echo "$runs" | awk '{print $1}' | median)
        [ -n "$one" ] && [ "$one" -lt "$MIN_MS" ] && [ "$d" -lt 40 ] || break
        d=$((d + 1))
    done
    two=$(echo "$runs" | awk '{print $2}' | median)
    ratios=$(echo "$runs" | awk '{printf "%.3f\n", $1 / $2}' | sort -n)
    paired=$(echo "$ratios" | median)
    range=$(echo "$ratios" | sed -n '1p;$p' | awk '{printf "%s%.2f", (NR > 1 ? "-" : ""), $1}')
    printf '%-22s %5s %8s ms %8s ms %6.2fx %6.2fx  %s\n' "$v" "$d" "$one" "$two" \
        "$(echo "$one $two" | awk '{print $1 / $2}')" "$paired" "$range"
done
