"""Errors are exceptions of the BatonError family, with the engine's own words, and
leave the board as it was."""

import pytest

import baton


def test_the_family():
    for error in (baton.UnknownVariant, baton.InvalidFen, baton.IllegalMove, baton.InvalidPgn):
        assert issubclass(error, baton.BatonError)
    assert issubclass(baton.AmbiguousMove, baton.IllegalMove)
    assert issubclass(baton.BatonError, ValueError)


def test_unknown_variant():
    with pytest.raises(baton.UnknownVariant) as e:
        baton.Board("crazyhouse")
    assert str(e.value) == (
        "unknown variant 'crazyhouse' (known: chess, knightmate, knightrelay, "
        "combiningknightmare, stonesrelays, stonesrelays-tunnel, flipshatranj, flipshatranj8)"
    )


def test_invalid_fen():
    with pytest.raises(baton.InvalidFen) as e:
        baton.Board("chess", "8/8/8 w - - 0 1")
    assert str(e.value) == "invalid FEN: 3 ranks in the board field, a chess board has 8"


def test_illegal_and_unreadable_moves_change_nothing():
    board = baton.Board()
    fen = board.fen()
    with pytest.raises(baton.IllegalMove) as e:
        board.push("e2e5")
    assert str(e.value) == "illegal move 'e2e5'"
    with pytest.raises(baton.IllegalMove) as e:
        board.push("hello")
    assert str(e.value) == "cannot read 'hello' as a move"
    with pytest.raises(baton.IllegalMove) as e:
        board.push_san("Ke2")
    assert str(e.value) == "illegal move 'Ke2'"
    assert board.fen() == fen and board.move_stack == []


def test_ambiguous_san():
    board = baton.Board("chess", "k7/8/8/8/8/8/8/KN3N2 w - - 0 1")
    with pytest.raises(baton.AmbiguousMove) as e:
        board.push_san("Nd2")
    assert str(e.value) == "'Nd2' fits more than one legal move"
    assert board.push_san("Nbd2").uci == "b1d2"


def test_a_move_must_be_text_or_a_move():
    with pytest.raises(TypeError):
        baton.Board().push(42)


def test_a_search_needs_a_limit():
    with pytest.raises(baton.BatonError, match="a search needs a limit: depth, nodes or movetime"):
        baton.Engine().search(baton.Board())
