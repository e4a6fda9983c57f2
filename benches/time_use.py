#!/usr/bin/env python3
"""How Baton and its opponent spent the clock in a match.

    benches/time_use.py GAMES.pgn

GAMES.pgn is a `baton match` PGN played on a clock (its TimeControl tag, e.g. `10+0.1`),
with the engines' move times in the move comments (`{+0.70/14 0.305s}`). For each side
it prints the seconds used a game, the seconds left at the end (the base plus the
increment for each move, less the time used), and for the side's own 1st, 6th, 11th, ...
and 51st move out of the opening the mean time it took and the mean clock before it
(who played a move follows from the FEN's side to move). Games without move times are
left out.

Python 3 standard library; reads PGNs through quality.py beside it."""
import re
import statistics
import sys

from quality import games


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: benches/time_use.py GAMES.pgn")
    path = sys.argv[1]
    number = r"(\d+(?:\.\d+)?)"
    tc = re.search(rf'\[TimeControl "{number}(?:\+{number})?"\]', open(path).read())
    if not tc:
        sys.exit(f"{path}: no TimeControl tag of the form BASE or BASE+INCREMENT")
    base, increment = float(tc.group(1)), float(tc.group(2) or 0)
    used = {True: [], False: []}
    left = {True: [], False: []}
    by_move = {}
    for _, _, _, moves in games(path):
        spent = {True: 0.0, False: 0.0}
        count = {True: 0, False: 0}

        def clock(side):
            # The base, an increment for each of the side's moves so far, less its time.
            return base + increment * count[side] - spent[side]

        timed = False
        for _, comment, baton in moves:
            t = re.search(r"(\d+\.\d+)s$", comment.strip())
            if t:
                timed = True
                took = float(t.group(1))
                by_move.setdefault((baton, count[baton]), []).append((took, clock(baton)))
                spent[baton] += took
            count[baton] += 1
        if not timed:
            continue
        for side in (True, False):
            used[side].append(spent[side])
            left[side].append(clock(side))
    if not used[True]:
        sys.exit(f"{path}: no game with move times")
    for side, name in ((True, "Baton"), (False, "opponent")):
        print(f"{name}: {statistics.mean(used[side]):.1f} s used a game, "
              f"{statistics.mean(left[side]):.1f} s left at the end "
              f"(median {statistics.median(left[side]):.1f}) over {len(used[side])} games")
        for k in range(1, 52, 5):
            moves = by_move.get((side, k - 1), [])
            if moves:
                took = statistics.mean(t for t, _ in moves)
                clock = statistics.mean(c for _, c in moves)
                print(f"  move {k}: {took:.2f} s, clock {clock:.2f} s before it ({len(moves)} games)")


if __name__ == "__main__":
    main()
