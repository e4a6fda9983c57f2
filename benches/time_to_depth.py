#!/usr/bin/env python3
"""Two builds of Baton timed to the same depth on the same positions:
`benches/time_to_depth.py VARIANT DEPTH A B [N]` searches the first N (30) positions of
`benches/openings/VARIANT.epd` to DEPTH with each build (UCI `go depth`, one thread,
16 MB, a new game before each position), the builds taking turns which goes first. It
prints each position's time and nodes, then the totals and B's ratios to A.

For a change that alters the tree (move ordering, pruning): `baton bench` holds a few
positions, where a tree's size swings with small changes; thirty suite positions show
whether the time to a depth moves one way. Run it on idle cores: one build searches at a
time. Time to depth is speed, not strength; strength is a match."""
import re
import subprocess
import sys
import time


def engine(path, variant):
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    send(p, f"uci\nsetoption name UCI_Variant value {variant}\nisready")
    wait(p, "readyok")
    return p


def send(p, text):
    p.stdin.write(text + "\n")
    p.stdin.flush()


def wait(p, prefix):
    """Reads up to the line that starts with `prefix`; answers the last `nodes` seen."""
    nodes = 0
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit(f"the engine closed its output before '{prefix}'")
        m = re.search(r" nodes (\d+)", line)
        if m:
            nodes = int(m.group(1))
        if line.startswith(prefix):
            return nodes


def search(p, fen, depth):
    """Seconds and nodes to `depth` from `fen`."""
    send(p, f"ucinewgame\nposition fen {fen}\nisready")
    wait(p, "readyok")
    start = time.time()
    send(p, f"go depth {depth}")
    nodes = wait(p, "bestmove")
    return time.time() - start, nodes


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__.split("\n\n")[0])
    variant, depth, a, b = sys.argv[1:5]
    count = int(sys.argv[5]) if len(sys.argv) == 6 else 30
    with open(f"benches/openings/{variant}.epd") as f:
        fens = [line.split(";")[0].strip() for line in f if line.strip()][:count]
    engines = [engine(a, variant), engine(b, variant)]
    total = [[0.0, 0], [0.0, 0]]
    faster = 0
    for k, fen in enumerate(fens):
        order = [0, 1] if k % 2 == 0 else [1, 0]
        result = [None, None]
        for i in order:
            result[i] = search(engines[i], fen, depth)
        for i in (0, 1):
            total[i][0] += result[i][0]
            total[i][1] += result[i][1]
        faster += result[1][0] < result[0][0]
        print(f"{k + 1:3d}  A {result[0][0]:6.2f} s {result[0][1]:10d}"
              f"  B {result[1][0]:6.2f} s {result[1][1]:10d}", flush=True)
    for p in engines:
        send(p, "quit")
    (ta, na), (tb, nb) = total
    print(f"A {ta:.1f} s {na} nodes, B {tb:.1f} s {nb} nodes: B/A time {tb / ta:.3f},"
          f" nodes {nb / na:.3f}; B faster on {faster} of {len(fens)}")


if __name__ == "__main__":
    main()
