# Sourced by the bench scripts (POSIX sh): what the machine's cores did over the next
# second, read from /proc/stat (the load average lags by minutes: it still counts a build
# that has just ended).
#
# cores_now: prints "IDLE STEAL": the cores left idle by everything else, and the
# percentage of the time the host stole (gave the machine's cores to others: a run
# during which `top` showed 100% steal went at half its usual speed). Prints nothing where there
# is no /proc/stat.
cores_now() {
    [ -r /proc/stat ] || return 0
    _a=$(sed -n 's/^cpu  *//p' /proc/stat)
    sleep 1
    _b=$(sed -n 's/^cpu  *//p' /proc/stat)
    echo "$_a $_b" | awk -v n="$(nproc 2>/dev/null || echo 1)" '{
        # user nice system idle iowait irq softirq steal (guest time is counted in user)
        half = NF / 2
        for (i = 1; i <= 8 && i <= half; i++) {
            d = $(i + half) - $i; total += d
            if (i == 4 || i == 5) idle += d
            if (i == 8) steal += d
        }
        if (total > 0) printf "%.1f %.0f\n", idle / total * n, 100 * steal / total
    }'
}
