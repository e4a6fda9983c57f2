#!/usr/bin/env python3
"""How Baton and its opponent spent the clock in a match: `benches/time_use.py F.pgn
[INCREMENT]` (a PGN `benches/match.sh` wrote; the increment in seconds, 0.1 at 10+0.1,
is added back for each move to give the time left). Prints each side's seconds used a
game and left at the end, and its mean time for its 1st, 11th, 21st and 50th move out
of the opening (each side's moves counted from the opening's side to move)."""
import re
import statistics
import sys

from quality import games


def main():
    path = sys.argv[1]
    increment = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
    tc = re.search(r'\[TimeControl "(\d+(?:\.\d+)?)', open(path).read())
    base = float(tc.group(1)) if tc else 10.0
    used = {True: [], False: []}
    left = {True: [], False: []}
    by_move = {}
    for _, _, _, moves in games(path):
        spent = {True: 0.0, False: 0.0}
        count = {True: 0, False: 0}
        for _, comment, baton in moves:
            t = re.search(r"(\d+\.\d+)s$", comment.strip())
            if not t:
                continue
            spent[baton] += float(t.group(1))
            by_move.setdefault((baton, count[baton]), []).append(float(t.group(1)))
            count[baton] += 1
        for side in (True, False):
            used[side].append(spent[side])
            left[side].append(base + increment * count[side] - spent[side])
    for side, name in ((True, "Baton"), (False, "opponent")):
        print(f"{name}: {statistics.mean(used[side]):.1f} s used a game, "
              f"{statistics.mean(left[side]):.1f} s left at the end "
              f"(median {statistics.median(left[side]):.1f}) over {len(used[side])} games")
        for k in (1, 11, 21, 50):
            times = by_move.get((side, k - 1), [])
            if times:
                print(f"  move {k}: {statistics.mean(times):.2f} s ({len(times)} games)")


if __name__ == "__main__":
    main()
