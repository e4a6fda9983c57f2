#!/usr/bin/env python3
"""Mates the opponent saw that Baton does not, at the same depth: a finder of blind
spots at the search's frontier.

    benches/frontier_mates.py GAMES.pgn BATON_BIN [--depth 1] [--variant knightmate]

GAMES.pgn is a `baton match` PGN of Baton against another engine at a fixed depth (e.g.
`benches/depth_screen.sh ENGINE 1`). For each game, the first position where the other
engine's comment announces a mate (`{+M2/1 ...}`) is searched by BATON_BIN with `go depth
D`; the positions where Baton reports no mate are printed (the other engine's move and
announcement, Baton's move and score, the position as a UCI `position` command). Each
is a candidate test: docs/strength.md has the two found this way. Python 3 standard
library.
"""
import argparse
import re
import subprocess


def announcements(pgn):
    """(FEN, moves before, the other engine's move, its announcement) per game."""
    found = []
    for game in open(pgn).read().split("[Event ")[1:]:
        fen = re.search(r'\[FEN "([^"]+)"', game)
        white = re.search(r'\[White "([^"]+)"', game)
        if not fen or not white:
            continue
        fen = fen.group(1)
        moves = re.findall(r"([a-j]\d+[a-j]\d+[a-z]?)\s*\{([^}]*)\}", game.split("\n\n", 1)[1])
        white_first = fen.split()[1] == "w"
        baton_white = white.group(1).startswith("Baton")
        for i, (move, comment) in enumerate(moves):
            white_moved = (i % 2 == 0) == white_first
            if white_moved != baton_white and re.match(r"\+M\d", comment):
                found.append((fen, [m for m, _ in moves[:i]], move, comment.split("/")[0]))
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
    commands = [f"position fen {fen}" + (" moves " + " ".join(ms) if ms else "")
                for fen, ms, _, _ in cases]
    # One search at a time: a `go` sent while a search runs stops that search (as a
    # GUI's next move would), so piping every command at once measured depth 1.
    engine = subprocess.Popen([args.baton], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    engine.stdin.write(f"uci\nsetoption name UCI_Variant value {args.variant}\n")
    results = []
    for command in commands:
        engine.stdin.write(f"{command}\ngo depth {args.depth}\n")
        engine.stdin.flush()
        last = ""
        for line in engine.stdout:
            if line.startswith("info depth"):
                last = line
            elif line.startswith("bestmove"):
                break
        score = re.search(r"score (cp -?\d+|mate -?\d+)", last)
        results.append((line.split()[1], score.group(1) if score else "?"))
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()
    missed = 0
    for (_, _, move, said), (best, score), command in zip(cases, results, commands):
        if not score.startswith("mate ") or score.startswith("mate -"):
            missed += 1
            print(f"{said} {move} | Baton {best} {score} | {command}")
    print(f"{len(cases)} first mate announcements; Baton at depth {args.depth} reports "
          f"no mate in {missed}")


if __name__ == "__main__":
    main()
