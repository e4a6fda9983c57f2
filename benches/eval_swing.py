#!/usr/bin/env python3
"""How far each of Baton's evaluations moves under a quiet move: the spread of the change
(from the mover's view) over every quiet legal move of positions taken from games.

    benches/eval_swing.py BATON VARIANT GAMES.pgn... [--every 5] [--sample 4]

GAMES.pgn are `baton match` PGNs (SAN, as it writes them by default). Every `--every`th
ply from ply 6 to 70 of each game is a position; every `--sample`th of those is used.
For each of its legal moves that captures, promotes nor gives check, Baton's `eval`
command is asked for the position before and after: the hand-made evaluation's total
(White's view) and the learned one (the side to move's). It prints, for each, the mean
change, its standard deviation and the mean and median distance from the mean change
(the learned evaluation's side-to-move bonus shifts its mean change, not its spread).
The pruning margins are set in the hand-made evaluation's units: where the learned one
moves half as far under a quiet move, the same margins prune half as often.
Reads SAN and makes moves with pyffish (Fairy-Stockfish's rules, from PyPI), which plays
chess and knightmate.
"""
import argparse
import re
import statistics
import subprocess

import pyffish as sf


def positions(paths, variant, every):
    for path in paths:
        for game in re.split(r"\n(?=\[Event )", open(path).read()):
            tag = re.search(r'\[FEN "([^"]+)"\]', game)
            start = tag.group(1) if tag else sf.start_fen(variant)
            body = re.sub(r"\[[^\]]*\]", "", re.sub(r"\{[^}]*\}", "", game))
            words = [w for w in body.split() if not re.match(r"^\d+\.+$", w)]
            moves = []
            for san in words:
                if san in ("1-0", "0-1", "1/2-1/2", "*"):
                    break
                here = sf.get_fen(variant, start, moves)
                found = [m for m in sf.legal_moves(variant, start, moves)
                         if sf.get_san(variant, here, m).rstrip("+#") == san.rstrip("+#")]
                if len(found) != 1:
                    break
                moves.append(found[0])
                if 6 <= len(moves) <= 70 and len(moves) % every == 0:
                    yield sf.get_fen(variant, start, moves)


class Baton:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.ask("uci", "uciok")
        self.p.stdin.write(f"setoption name UCI_Variant value {variant}\n")

    def ask(self, command, until):
        self.p.stdin.write(command + "\n")
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("Baton ended")
            lines.append(line)
            if line.startswith(until):
                return lines

    def evals(self, fen, move=None):
        self.p.stdin.write(f"position fen {fen}" + (f" moves {move}\n" if move else "\n"))
        total = learned = None
        for line in self.ask("eval", "Final evaluation"):
            if line.startswith("Total"):
                total = int(line.split()[1])
            if line.startswith("NNUE evaluation"):
                learned = int(line.split()[2])
        return total, learned


def spread(name, changes):
    m = statistics.mean(changes)
    dev = sorted(abs(x - m) for x in changes)
    print(f"{name}: {len(changes)} moves, mean change {m:+.1f}, sd {statistics.pstdev(changes):.1f}, "
          f"mean distance {statistics.mean(dev):.1f}, median distance {dev[len(dev) // 2]:.1f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("baton")
    ap.add_argument("variant")
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--sample", type=int, default=4)
    a = ap.parse_args()
    baton = Baton(a.baton, a.variant)
    hand, learned = [], []
    fens = list(positions(a.pgn, a.variant, a.every))[::a.sample]
    for fen in fens:
        white = fen.split()[1] == "w"
        pieces = sum(c.isalpha() for c in fen.split()[0])
        t0, n0 = baton.evals(fen)
        for m in sf.legal_moves(a.variant, fen, []):
            child = sf.get_fen(a.variant, fen, [m])
            if (sum(c.isalpha() for c in child.split()[0]) != pieces or len(m) > 4
                    or sf.gives_check(a.variant, fen, [m])):
                continue
            t1, n1 = baton.evals(fen, m)
            hand.append((t1 - t0) if white else (t0 - t1))
            if n0 is not None and n1 is not None:
                learned.append(-n1 - n0)
    print(f"{len(fens)} positions")
    spread("hand-made", hand)
    if learned:
        spread("learned", learned)


if __name__ == "__main__":
    main()
