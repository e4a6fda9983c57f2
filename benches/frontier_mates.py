#!/usr/bin/env python3
"""Mates the opponent saw that Baton does not, at the same depth: a finder of blind
spots at the search's frontier.

    benches/frontier_mates.py GAMES.pgn BATON_BIN [--depth 1] [--variant knightmate]

GAMES.pgn is a `baton match` PGN of Baton against another engine at a fixed depth (e.g.
`benches/depth_screen.sh ENGINE 1`). For each game, the first position where the other
engine's comment announces a mate (`{+M2/1 ...}`) is searched by BATON_BIN with `go depth
D`; the positions where Baton reports no mate are printed (the other engine's move and
announcement, Baton's move and score, the position as a UCI `position` command). Each
is a candidate test: docs/strength-log.md has the three found this way. Python 3 standard
library; reads PGNs and talks UCI through quality.py beside it.
"""
import argparse
import re

from quality import Uci, games


def announcements(pgn):
    """(FEN, moves before, the other engine's move, its announcement) per game."""
    found = []
    for fen, _, _, moves in games(pgn):
        for i, (move, comment, by_baton) in enumerate(moves):
            if not by_baton and re.match(r"\+M\d", comment):
                found.append((fen, [m for m, _, _ in moves[:i]], move, comment.split("/")[0]))
                break
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("baton")
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--variant", default="knightmate")
    args = ap.parse_args()
    cases = announcements(args.pgn)
    # One search at a time (`Uci.search` waits for each `bestmove`): a `go` sent while
    # a search runs stops that search, as a GUI's next move would.
    engine = Uci(args.baton, args.variant)
    results = []
    for fen, ms, _, _ in cases:
        score, best = "?", "?"
        for t in engine.search(f"{fen} | {' '.join(ms)}", f"depth {args.depth}"):
            if t[:2] == ["info", "depth"] and "score" in t:
                i = t.index("score")
                score = f"{t[i + 1]} {t[i + 2]}"
            elif t[:1] == ["bestmove"]:
                best = t[1]
        results.append((best, score))
    engine.quit()
    commands = [f"position fen {fen}" + (" moves " + " ".join(ms) if ms else "")
                for fen, ms, _, _ in cases]
    missed = 0
    for (_, _, move, said), (best, score), command in zip(cases, results, commands):
        if not score.startswith("mate ") or score.startswith("mate -"):
            missed += 1
            print(f"{said} {move} | Baton {best} {score} | {command}")
    print(f"{len(cases)} first mate announcements; Baton at depth {args.depth} reports "
          f"no mate in {missed}")


if __name__ == "__main__":
    main()
