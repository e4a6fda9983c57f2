#!/usr/bin/env python3
"""Two builds of Baton against the same opponent from the same openings, compared game
for game: `benches/pair_score.py A.pgn B.pgn` (each the PGN `benches/match.sh` wrote for
one build). A build whose match ran in parts (stopped, then resumed with `EXTRA="--openings
file=... start=N"`) gives its parts joined by commas, `A1.pgn,A2.pgn`; where two parts hold
the same game, the later part's counts.

Games are matched by their opening (the FEN tag) and Baton's colour, not by round number,
so the parts need no renumbering. Over the games both builds hold, it prints each build's
score and the difference A - B with its 95% error bar, taken over openings: pairing
cancels how lopsided each opening is, which two separate matches would each carry as
noise. Builds compared this way should have played in the same hours (the machine's load
moves a score by more than most changes do)."""
import math
import sys

from quality import baton_points, games


def scores(paths):
    """Baton's score (1, 0.5, 0) per game, keyed by (opening FEN, Baton's colour), over
    the comma-separated PGN files `paths`; unfinished games left out."""
    out = {}
    for path in paths.split(","):
        seen = set()
        for fen, white, result, _ in games(path):
            points = baton_points(white, result)
            if points is None:
                continue
            key = (fen, "white" if white.startswith("Baton") else "black")
            if key in seen:
                # Random plies start every game from the same FEN: such matches cannot be
                # paired by opening.
                sys.exit(f"{path}: Baton plays {key[1]} from the same FEN twice "
                         f"({key[0]}); pair_score.py needs each opening once per colour")
            seen.add(key)
            out[key] = points
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: benches/pair_score.py A.pgn[,A2.pgn...] B.pgn[,B2.pgn...]")
    a, b = scores(sys.argv[1]), scores(sys.argv[2])
    common = sorted(set(a) & set(b))
    if not common:
        sys.exit("no game (opening and Baton's colour) is in both; games without a FEN "
                 "tag (from the start position) are not paired")
    by_opening = {}
    for key in common:
        by_opening.setdefault(key[0], []).append(a[key] - b[key])
    diffs = [sum(v) / len(v) for v in by_opening.values()]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    bar = 1.96 * math.sqrt(var / len(diffs))
    n = len(common)
    sa = sum(a[k] for k in common) / n
    sb = sum(b[k] for k in common) / n
    print(f"{n} games in common ({len(diffs)} openings): A {100 * sa:.1f}%, "
          f"B {100 * sb:.1f}%, A - B {100 * mean:+.1f} +/- {100 * bar:.1f} points (95%)")


if __name__ == "__main__":
    main()
