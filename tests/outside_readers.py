#!/usr/bin/env python3
"""Reads PGN files Baton wrote with a program nobody here wrote, and checks that every
move is legal there and every SAN token is exactly that program's own SAN for the move.

    outside_readers.py python-chess FILE...   chess games, read by python-chess
    outside_readers.py pyffish FILE...        any variant Fairy-Stockfish knows (knightmate)

Prints one line per file and exits 1 at the first disagreement, naming the game, the ply
and both texts.
"""
import re
import sys

RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def split_games(text):
    """(tags, SAN tokens) of each game: comments, variations, NAGs, move numbers and the
    result left out."""
    games, tags, body = [], {}, []

    def finish():
        if tags or body:
            games.append((dict(tags), tokens(" ".join(body))))

    for line in text.splitlines():
        if line.startswith("%"):
            continue
        m = re.match(r'\s*\[(\w+)\s+"(.*)"\]\s*$', line)
        if m:
            if body:
                finish()
                tags.clear()
                body.clear()
            tags[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
        elif line.strip():
            body.append(line)
    finish()
    return games


def tokens(movetext):
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    text = re.sub(r";[^\n]*", " ", text)
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\([^()]*\)", " ", text)
    out = []
    for word in text.split():
        word = re.sub(r"^\d+\.+", "", word)
        if not word or word.startswith("$") or word in RESULTS:
            continue
        out.append(word)
    return out


def fail(path, number, ply, what):
    print(f"{path}: game {number}, ply {ply}: {what}")
    sys.exit(1)


def check_python_chess(path, text):
    import io
    import chess
    import chess.pgn

    games = split_games(text)
    stream = io.StringIO(text)
    plies = 0
    for number, (tags, sans) in enumerate(games, 1):
        game = chess.pgn.read_game(stream)
        if game is None:
            fail(path, number, 0, "python-chess finds no game here")
        if game.errors:
            fail(path, number, 0, f"python-chess: {game.errors[0]}")
        board = game.board()
        moves = list(game.mainline_moves())
        if len(moves) != len(sans):
            fail(path, number, 0, f"python-chess reads {len(moves)} moves, the file has {len(sans)}")
        for ply, (move, written) in enumerate(zip(moves, sans), 1):
            if move not in board.legal_moves:
                fail(path, number, ply, f"{written} is not legal for python-chess")
            theirs = board.san(move)
            if theirs != written:
                fail(path, number, ply, f"Baton wrote {written}, python-chess writes {theirs}")
            board.push(move)
        if tags.get("PlyCount") not in (None, str(len(sans))):
            fail(path, number, 0, f"PlyCount {tags['PlyCount']} but {len(sans)} moves")
        plies += len(sans)
    if chess.pgn.read_game(stream) is not None:
        fail(path, len(games) + 1, 0, "python-chess reads a game the file does not hold")
    return len(games), plies


def check_pyffish(path, text):
    import pyffish as sf

    games = split_games(text)
    plies = 0
    for number, (tags, sans) in enumerate(games, 1):
        variant = tags.get("Variant", "chess").lower()
        variant = {"standard": "chess"}.get(variant, variant)
        fen = tags.get("FEN") or sf.start_fen(variant)
        for ply, written in enumerate(sans, 1):
            # From the FEN of each position: replaying the whole game at every ply
            # would make a long game quadratic (SAN needs no history).
            legal = sf.legal_moves(variant, fen, [])
            # Only moves to the token's square can be written so (castling: any);
            # asking Fairy-Stockfish for the SAN of every legal move would be slow.
            squares = re.findall(r"[a-z]\d+", written)
            candidates = [m for m in legal if not squares or m[2:].startswith(squares[-1])]
            fitting = [m for m in candidates if sf.get_san(variant, fen, m) == written]
            if len(fitting) != 1:
                theirs = sorted(sf.get_san(variant, fen, m) for m in legal)
                fail(path, number, ply,
                     f"Baton wrote {written}; Fairy-Stockfish's SAN here: {' '.join(theirs)}")
            fen = sf.get_fen(variant, fen, fitting[0:1])
        plies += len(sans)
    return len(games), plies


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("python-chess", "pyffish"):
        print(__doc__)
        sys.exit(2)
    check = check_python_chess if sys.argv[1] == "python-chess" else check_pyffish
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            games, plies = check(path, f.read())
        if games == 0:
            print(f"{path}: no games")
            sys.exit(1)
        print(f"{path}: {games} games, {plies} moves, every SAN token {sys.argv[1]}'s own")


if __name__ == "__main__":
    main()
