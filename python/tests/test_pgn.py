"""PGN in SAN: a game written by `Board.pgn` reads back (`read_pgn`) to the same
moves and position in every variant; tags; games that do not replay."""

import pytest

import baton
from conftest import random_game


@pytest.mark.parametrize("variant", baton.variants())
def test_written_games_read_back(variant):
    board = random_game(variant, 3)
    text = board.pgn({"White": "Alice", "Event": "test"})
    [game] = baton.read_pgn(text)
    assert game.tags["White"] == "Alice"
    assert game.tags["Variant"] == variant
    assert game.result == board.outcome().result
    assert game.problems == []
    assert game.moves == [m.san for m in board.move_stack]
    again = game.board()
    assert again.fen() == board.fen()
    assert [m.uci for m in again.move_stack] == [m.uci for m in board.move_stack]


def test_the_text_of_a_short_game():
    board = baton.Board()
    for san in ["e4", "e5", "Nf3"]:
        board.push_san(san)
    assert board.pgn() == (
        '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n'
        '[Black "?"]\n[Result "*"]\n[Variant "chess"]\n\n1. e4 e5 2. Nf3 *\n\n'
    )


def test_a_set_up_start_is_written_and_read():
    fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    board = baton.Board("chess", fen)
    board.push_san("Ra8#")
    text = board.pgn()
    assert '[SetUp "1"]' in text and f'[FEN "{fen}"]' in text
    assert "1. Ra8# {checkmate} 1-0" in text
    [game] = baton.read_pgn(text)
    assert game.board().outcome().reason == "checkmate"


def test_other_programs_pgn_with_comments_and_variations():
    text = """[Event "x"]
[Variant "Standard"]

1. e4 {a comment} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0
"""
    [game] = baton.read_pgn(text)
    assert game.moves == ["e4", "e5", "Nf3", "Nc6"]
    assert game.board().fen() == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"


def test_a_move_that_does_not_replay():
    [game] = baton.read_pgn('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
    with pytest.raises(baton.InvalidPgn) as e:
        game.board()
    assert str(e.value) == "ply 3 (2.): illegal move 'Ke3'"


def test_unknown_variant_and_bad_fen_tags():
    [game] = baton.read_pgn('[Variant "crazyhouse"]\n\n*\n')
    with pytest.raises(baton.UnknownVariant):
        game.board()
    [game] = baton.read_pgn('[FEN "8/8 w - - 0 1"]\n\n*\n')
    with pytest.raises(baton.InvalidFen, match="FEN tag '8/8 w - - 0 1': invalid FEN"):
        game.board()


def test_several_games_and_a_cut_off_one():
    games = baton.read_pgn('[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 d5\n')
    assert [g.tags["Event"] for g in games] == ["a", "b"]
    assert games[0].problems == []
    assert "cut off" in games[1].problems[0]
