#!/usr/bin/env python3
"""Python's perft (the `baton` module, python/) against the binary's, on one thread:
`Board(V).perft(D)` in this process against `baton perft V startpos D --threads 1`,
the same count, timed in alternating runs (binary, Python, binary, ...), the best of
each kept. The time is CPU time (the child's for the binary, this process's for
Python), which a shared machine's load disturbs far less than the clock. The goal
(issue 91): Python within 1.2x of the binary.

    benches/python_perft.py BATON [RUNS]

BATON is a `baton` binary and `import baton` the module, both from the plain release
profile (the figures in python/README.md came from one target folder:
`cargo build --release --target-dir T` and `CARGO_TARGET_DIR=T maturin build --release
-m python/Cargo.toml`, the wheel installed). The binary's time is the whole command's
(its start included, a few milliseconds); each position counts for about a second.
"""

import resource
import subprocess
import sys
import time

import baton

# Every variant mode's start, deep enough for a CPU second or so.
CASES = [
    ("chess", 6),
    ("knightmate", 6),
    ("knightrelay", 5),
    ("combiningknightmare", 6),
    ("stonesrelays", 3),
    ("stonesrelays-tunnel", 3),
    ("flipshatranj", 3),
    ("flipshatranj8", 3),
]


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def binary_time(exe, variant, depth):
    start = children_cpu()
    out = subprocess.run(
        [exe, "perft", variant, "startpos", str(depth), "--threads", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    elapsed = children_cpu() - start
    total = int(out.rsplit("Nodes searched:", 1)[1].split()[0])
    return elapsed, total


def python_time(variant, depth):
    board = baton.Board(variant)
    start = time.process_time()
    total = board.perft(depth)
    return time.process_time() - start, total


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    exe = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"{'variant':22} depth {'nodes':>10} {'binary s':>9} {'python s':>9} ratio  (CPU seconds, best of {runs})")
    for variant, depth in CASES:
        best_bin = best_py = float("inf")
        for _ in range(runs):
            t, n_bin = binary_time(exe, variant, depth)
            best_bin = min(best_bin, t)
            t, n_py = python_time(variant, depth)
            best_py = min(best_py, t)
            if n_bin != n_py:
                sys.exit(f"{variant} depth {depth}: binary {n_bin}, python {n_py}")
        print(
            f"{variant:22} {depth:5} {n_py:10} {best_bin:9.3f} {best_py:9.3f} "
            f"{best_py / best_bin:5.2f}"
        )


if __name__ == "__main__":
    main()
