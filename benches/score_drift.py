#!/usr/bin/env python3
"""When a match's games are decided: each engine's own search score, move by move, in
the games Baton lost, drew and won.

    benches/score_drift.py GAMES.pgn [--moves 1 4 7 11 16]

GAMES.pgn is a `baton match` PGN of Baton against another engine, with the engines'
scores in the move comments (`{+0.70/14 0.305s}`). For each of the given moves of each
side (counted from the opening position), it prints the median score each engine gave
its own side, over the games of each result (mates and scores beyond 50 pawns are left
out). If the games Baton loses are lost early, the other engine's score climbs within
a few moves while Baton's stays level: the positions that Baton misjudges are there.
Python 3 standard library; reads PGNs through quality.py beside it.
"""
import argparse
import re
import statistics

from quality import baton_points, games


def own_score(comment):
    """The centipawns of an engine's `{+0.70/14 ...}` comment, None for a mate or none."""
    m = re.match(r"([+-]?)(\d+(?:\.\d+)?)/", comment)
    return None if not m else (-1 if m.group(1) == "-" else 1) * float(m.group(2)) * 100


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--moves", type=int, nargs="+", default=[1, 4, 7, 11, 16])
    args = ap.parse_args()
    by_result = {"lost": [], "drawn": [], "won": []}
    for _, white, result, moves in games(args.pgn):
        baton = [own_score(c) for _, c, by_baton in moves if by_baton]
        other = [own_score(c) for _, c, by_baton in moves if not by_baton]
        score = baton_points(white, result, unfinished=0.5)
        by_result[{0.0: "lost", 0.5: "drawn", 1.0: "won"}[score]].append((baton, other))
    print(f"{args.pgn}: Baton lost {len(by_result['lost'])}, drew {len(by_result['drawn'])}, "
          f"won {len(by_result['won'])}")
    print("move  result  games  other engine's own score  Baton's own score (medians, cp)")
    for k in args.moves:
        for label, rows in by_result.items():
            pairs = [(b[k - 1], o[k - 1]) for b, o in rows
                     if len(b) >= k and len(o) >= k and b[k - 1] is not None
                     and o[k - 1] is not None and abs(b[k - 1]) < 5000 and abs(o[k - 1]) < 5000]
            if pairs:
                print(f"{k:4}  {label:6}  {len(pairs):5}  "
                      f"{statistics.median(o for _, o in pairs):24.0f}  "
                      f"{statistics.median(b for b, _ in pairs):17.0f}")


if __name__ == "__main__":
    main()
