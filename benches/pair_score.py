#!/usr/bin/env python3
"""Two builds of Baton against the same opponent from the same openings, compared game
for game: `benches/pair_score.py A.pgn B.pgn` (each the PGN `benches/match.sh` wrote for
one build). Over the rounds both files hold, it prints each build's score and the
difference A - B with its 95% error bar. Rounds 2k-1 and 2k are one opening with both
colours, so the error bar is taken over openings: pairing cancels how lopsided each
opening is, which two separate matches would each carry as noise. Builds compared this
way should have played in the same hours (the machine's load moves a score by more
than most changes do)."""
import math
import re
import sys

from quality import baton_points


def scores(path):
    """Baton's score per round (1, 0.5, 0), unfinished games left out."""
    out = {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for block in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        points = baton_points(tags.get("White", ""), tags.get("Result"))
        if points is not None and "Round" in tags:
            out[int(tags["Round"])] = points
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: benches/pair_score.py A.pgn B.pgn")
    a, b = scores(sys.argv[1]), scores(sys.argv[2])
    common = sorted(set(a) & set(b))
    if not common:
        sys.exit("no round is in both files")
    by_opening = {}
    for r in common:
        by_opening.setdefault((r + 1) // 2, []).append(a[r] - b[r])
    diffs = [sum(v) / len(v) for v in by_opening.values()]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    bar = 1.96 * math.sqrt(var / len(diffs))
    n = len(common)
    sa = sum(a[r] for r in common) / n
    sb = sum(b[r] for r in common) / n
    print(f"{n} games in common ({len(diffs)} openings): A {100 * sa:.1f}%, "
          f"B {100 * sb:.1f}%, A - B {100 * mean:+.1f} +/- {100 * bar:.1f} points (95%)")


if __name__ == "__main__":
    main()
