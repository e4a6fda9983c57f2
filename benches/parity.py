#!/usr/bin/env python3
"""Whether a variant's search scores swing between odd and even depths.

    benches/parity.py BATON VARIANT EPD [--positions 40] [--depth 6]

Searches the first positions of an opening suite (`benches/openings/*.epd`) to a depth
over UCI and prints, for each pair of consecutive depths, the mean and mean absolute
change of the root score (scores beyond 8 pawns left out). A side-to-move bonus
(`Weights::tempo`) that is too large has even depths score above odd ones, one too
small the reverse; either makes a table entry from one depth a poor bound at the next,
which costs most where two threads share the table (flipshatranj, 2026-12-05).
Python 3 standard library.
"""
import argparse
import re
import statistics
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("baton")
    ap.add_argument("variant")
    ap.add_argument("epd")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--depth", type=int, default=6)
    args = ap.parse_args()
    engine = subprocess.Popen([args.baton], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    send("uci")
    send(f"setoption name UCI_Variant value {args.variant}")
    with open(args.epd) as f:
        fens = [line.split(";")[0].strip() for line in f if line.strip()][:args.positions]
    changes = {d: [] for d in range(1, args.depth)}
    for fen in fens:
        # EPD carries four fields; the clocks are added back.
        if len(fen.split()) == 4:
            fen += " 0 1"
        send("ucinewgame")
        send(f"position fen {fen}")
        send(f"go depth {args.depth}")
        scores = {}
        for line in engine.stdout:
            if line.startswith("bestmove"):
                break
            m = re.search(r"depth (\d+) .*score cp (-?\d+)", line)
            if m:
                scores[int(m.group(1))] = int(m.group(2))
        for d in changes:
            if d in scores and d + 1 in scores and abs(scores[d]) < 800:
                changes[d].append(scores[d + 1] - scores[d])
    send("quit")
    print(f"{args.variant}, {len(fens)} positions of {args.epd}, {args.baton}")
    for d, v in changes.items():
        if v:
            print(f"depth {d} -> {d + 1}: mean {statistics.mean(v):+6.1f} cp, "
                  f"mean absolute {statistics.mean(map(abs, v)):5.1f} cp, {len(v)} positions")


if __name__ == "__main__":
    main()
