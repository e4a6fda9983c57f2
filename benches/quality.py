#!/usr/bin/env python3
"""Move quality against a stronger engine: a screen for search and evaluation changes.

Each engine picks a move in each position at a fixed number of nodes; a judge (by
default Fairy-Stockfish) searches every position to a fixed depth, and scores each
engine's move where it differs from the judge's own (`go depth D searchmoves M`). An
engine's loss in a position is the judge's best score minus the score of the move it
played, capped at 400 cp; the report gives the mean loss with its 95% error bar, and
each engine's mean minus the first engine's over the same positions (paired).

    # positions from games (every 8th ply from ply 14 to 60, a third of them):
    benches/quality.py positions --plies 14 60 8 --keep 3 GAMES.pgn ... > pos.txt
    # the screen (judge's scores cached in OUT, so a new engine costs only its moves):
    benches/quality.py screen --variant knightmate --positions pos.txt --nodes 200000 \\
        --depth 18 --out quality-out BASE_BIN NEW_BIN ...
    # the search tree's size over the same positions (no judge):
    benches/quality.py tree --variant knightmate --positions pos.txt --depth 11 BASE_BIN NEW_BIN

Fixed nodes and one thread make each engine's moves the same on any machine and under
any load. What it can tell is in docs/strength-log.md (a doubling of Baton's nodes moves
the mean by less than its error bar over 300 positions). Python 3 standard library.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

FAIRY = "/usr/games/fairy-stockfish"
CAP = 400


class Uci:
    """One UCI engine on pipes."""

    def __init__(self, cmd, variant, hash_mb=16):
        try:
            self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, bufsize=1)
        except OSError as e:
            sys.exit(f"quality.py: cannot start the engine {cmd}: {e}")
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        for line in self.p.stdout:
            if line.startswith(word):
                return line
        sys.exit(f"quality.py: the engine stopped before '{word}'")

    def search(self, position, limit):
        """Searches a "FEN | moves" line afresh with `go LIMIT`; yields the words
        of each line of output up to and with `bestmove`."""
        fen, moves = [x.strip() for x in position.split("|")]
        self.send("ucinewgame")
        self.send(f"position fen {fen}" + (f" moves {moves}" if moves else ""))
        self.send(f"go {limit}")
        for line in self.p.stdout:
            t = line.split()
            yield t
            if t[:1] == ["bestmove"]:
                return
        sys.exit("quality.py: the engine stopped during a search")

    def go(self, position, limit):
        """Best move and score (side to move's view, cp; mates as +/-30000 less
        100 a move) of `go LIMIT`."""
        score = None
        for t in self.search(position, limit):
            if t[:1] == ["info"] and "score" in t and "lowerbound" not in t \
                    and "upperbound" not in t and ("multipv" not in t or t[t.index("multipv") + 1] == "1"):
                i = t.index("score")
                v = int(t[i + 2])
                score = v if t[i + 1] == "cp" else (30000 - 100 * abs(v)) * (1 if v > 0 else -1)
            if t[:1] == ["bestmove"]:
                return t[1], score

    def nodes(self, position, limit):
        """The nodes `go LIMIT` searched (its last report)."""
        last = 0
        for t in self.search(position, limit):
            if t[:1] == ["info"] and "nodes" in t:
                last = int(t[t.index("nodes") + 1])
        return last

    def quit(self):
        self.send("quit")
        self.p.wait()


def baton_points(white, result, unfinished=None):
    """Baton's points in a game (1, 0.5, 0) from White's name and the result tag; Baton is
    White when White's name starts with "Baton". `unfinished` for any other result."""
    points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
    if points is None:
        return unfinished
    return points if white.startswith("Baton") else 1.0 - points


def games(path):
    """(starting FEN, White's name, result, [(move, comment or "", Baton moved)]) for
    each game of a `baton match` PGN that starts from a FEN, its moves in coordinates
    (`--notation coordinates`, as benches/match.sh writes them; SAN moves are not read)."""
    for game in open(path).read().split("[Event ")[1:]:
        fen = re.search(r'\[FEN "([^"]+)"', game)
        white = re.search(r'\[White "([^"]+)"', game)
        result = re.search(r'\[Result "([^"]+)"', game)
        if not fen or "\n\n" not in game:
            continue
        moves = []
        for token in re.findall(r"\{[^}]*\}|[^\s{]+", game.split("\n\n", 1)[1]):
            if token.startswith("{"):
                # The engine's comment; a second one ("White wins by ...") is the result.
                if moves and not moves[-1][1]:
                    moves[-1] = (moves[-1][0], token[1:-1])
            elif re.match(r"^[a-j]\d+[a-j]\d+", token):
                moves.append((token, ""))
        white = white.group(1) if white else ""
        # Who played each move: the side to move alternates from the FEN's.
        baton_white = white.startswith("Baton")
        white_first = fen.group(1).split()[1] == "w"
        moves = [(m, c, ((i % 2 == 0) == white_first) == baton_white)
                 for i, (m, c) in enumerate(moves)]
        yield fen.group(1), white, result.group(1) if result else "*", moves


def positions(args):
    """Prints "FEN | moves" lines from the games of PGN files (`baton match` PGNs)."""
    lo, hi, every = args.plies
    n = 0
    for f in args.pgn:
        for fen, _, _, played in games(f):
            moves = [m for m, _, _ in played]
            # Not the last plies of a game: the judge needs a game left to play.
            for ply in range(lo, min(hi, len(moves) - 4) + 1, every):
                n += 1
                if n % args.keep == 0:
                    print(fen, "|", " ".join(moves[:ply]))


def read_positions(path):
    """The "FEN | moves" lines of a positions file."""
    return [l.strip() for l in open(path) if "|" in l]


def screen(args):
    lines = read_positions(args.positions)
    os.makedirs(args.out, exist_ok=True)
    # Scores of one judge at one depth: another judge or depth gets a file of its own.
    judge_name = os.path.basename(args.judge)
    cache_file = os.path.join(args.out, f"{judge_name}-{args.variant}-d{args.depth}.jsonl")
    cache = {}
    if os.path.exists(cache_file):
        for l in open(cache_file):
            k, v = json.loads(l)
            cache[k] = v
    judge = None

    def judged(key, position, limit):
        nonlocal judge
        if key not in cache:
            judge = judge or Uci(args.judge, args.variant)
            cache[key] = judge.go(position, limit)
            with open(cache_file, "a") as c:
                c.write(json.dumps([key, cache[key]]) + "\n")
        return cache[key]

    losses = {}
    for b in args.engines:
        eng = Uci(b, args.variant)
        played = [eng.go(p, f"nodes {args.nodes}")[0] for p in lines]
        eng.quit()
        loss = []
        for p, m in zip(lines, played):
            best, best_score = judged(p, p, f"depth {args.depth}")
            if m == best:
                loss.append(0)
                continue
            _, s = judged(p + " # " + m, p, f"depth {args.depth} searchmoves {m}")
            loss.append(max(0, min(CAP, best_score - s)))
        losses[b] = loss
        same = loss.count(0)
        print(f"{b}: {len(loss)} positions, no loss in {same}, mean loss "
              f"{mean(loss):.1f} cp +/- {ci(loss):.1f}", flush=True)
    if judge:
        judge.quit()
    first = args.engines[0]
    for b in args.engines[1:]:
        d = [x - y for x, y in zip(losses[b], losses[first])]
        print(f"{b} - {first}: {mean(d):+.1f} cp +/- {ci(d):.1f} (paired)")


def tree(args):
    """Nodes each engine searches to a fixed depth over the positions (the sum and the
    geometric mean): how much a change shrinks the tree in positions of games, which a
    bench of a few positions does not tell (docs/strength-log.md)."""
    lines = read_positions(args.positions)
    base = None
    for b in args.engines:
        eng = Uci(b, args.variant)
        nodes = [max(1, eng.nodes(p, f"depth {args.depth}")) for p in lines]
        eng.quit()
        total = sum(nodes)
        geo = math.exp(mean([math.log(n) for n in nodes]))
        base = base or (total, geo)
        print(f"{b}: depth {args.depth}, {len(nodes)} positions, nodes {total} "
              f"({100 * (total / base[0] - 1):+.1f}%), geometric mean {geo:.0f} "
              f"({100 * (geo / base[1] - 1):+.1f}%)", flush=True)


def mean(xs):
    return sum(xs) / len(xs)


def ci(xs):
    """Half the 95% interval of the mean."""
    m = mean(xs)
    return 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("positions", help="positions from PGN games")
    p.add_argument("--plies", type=int, nargs=3, default=[14, 60, 8], metavar=("FIRST", "LAST", "EVERY"))
    p.add_argument("--keep", type=int, default=1, help="keep every K-th position")
    p.add_argument("pgn", nargs="+")
    # What screen and tree share: the variant, the positions and the engines.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--variant", required=True)
    common.add_argument("--positions", required=True, help='"FEN | moves" lines')
    common.add_argument("engines", nargs="+")
    s = sub.add_parser("screen", parents=[common], help="each engine's mean loss in the judge's view")
    s.add_argument("--nodes", type=int, default=200000)
    s.add_argument("--depth", type=int, default=18, help="the judge's depth")
    s.add_argument("--judge", default=FAIRY)
    s.add_argument("--out", default="quality-out", help="where the judge's scores are kept")
    t = sub.add_parser("tree", parents=[common], help="nodes to a fixed depth, against the first engine")
    t.add_argument("--depth", type=int, default=11)
    args = ap.parse_args()
    {"positions": positions, "screen": screen, "tree": tree}[args.what](args)


if __name__ == "__main__":
    main()
