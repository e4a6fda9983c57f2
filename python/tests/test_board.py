"""The board: variant facts, moves in and out, FEN and SAN round trips, random games
played to their end in every variant."""

import copy
import pathlib
import random

import pytest

import baton
from conftest import random_game

VARIANTS = baton.variants()


def test_variants_are_the_eight_modes():
    assert VARIANTS == [
        "chess",
        "knightmate",
        "knightrelay",
        "combiningknightmare",
        "stonesrelays",
        "stonesrelays-tunnel",
        "flipshatranj",
        "flipshatranj8",
    ]


@pytest.mark.parametrize(
    "variant,files,ranks",
    [("chess", 8, 8), ("stonesrelays", 8, 9), ("flipshatranj", 10, 10), ("flipshatranj8", 8, 8)],
)
def test_board_size(variant, files, ranks):
    board = baton.Board(variant)
    assert (board.files, board.ranks) == (files, ranks)


def test_pieces_and_start():
    assert baton.Board("chess").pieces == {
        "P": "pawn",
        "N": "knight",
        "B": "bishop",
        "R": "rook",
        "Q": "queen",
        "K": "king",
    }
    assert baton.Board("knightmate").pieces["M"] == "commoner"
    for variant in VARIANTS:
        board = baton.Board(variant)
        assert board.fen() == board.start_fen
        assert board.variant == variant
        assert board.turn == "white"


def test_push_pop_and_move_stack():
    board = baton.Board()
    start = board.fen()
    assert board.push("e2e4") == baton.Board().legal_moves()[board_index("e2e4")]
    played = board.push_san("e5")
    assert (played.uci, played.san) == ("e7e5", "e5")
    assert [m.san for m in board.move_stack] == ["e4", "e5"]
    assert board.turn == "white"
    assert board.pop().uci == "e7e5"
    assert board.pop().san == "e4"
    assert board.fen() == start
    with pytest.raises(IndexError, match="no move to take back"):
        board.pop()


def board_index(uci):
    return [m.uci for m in baton.Board().legal_moves()].index(uci)


def test_a_move_object_can_be_pushed():
    board = baton.Board()
    move = next(m for m in board.legal_moves() if m.san == "Nf3")
    assert board.push(move).uci == "g1f3"
    assert str(move) == "g1f3"


def test_copies_are_independent():
    board = baton.Board()
    board.push("e2e4")
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        other.pop()
        assert other.fen() == baton.Board().fen()
        assert len(board.move_stack) == 1


def test_fools_mate_is_check_and_checkmate():
    board = baton.Board()
    for san in ["f3", "e5", "g4"]:
        board.push_san(san)
    assert not board.is_check()
    assert board.outcome() is None and not board.is_game_over()
    mate = board.push_san("Qh4#")
    assert mate.san == "Qh4#"
    assert board.is_check()
    outcome = board.outcome()
    assert (outcome.result, outcome.winner, outcome.reason) == ("0-1", "black", "checkmate")
    assert board.legal_moves() == []


def test_stalemate_and_draw_reasons():
    stalemate = baton.Board("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.outcome().reason == "stalemate"
    assert stalemate.outcome().winner is None
    bare = baton.Board("chess", "7k/8/6K1/8/8/8/8/8 w - - 0 1")
    assert bare.outcome().reason == "insufficient material"
    fifty = baton.Board("chess", "7k/8/6K1/8/8/8/8/R7 w - - 100 80")
    assert fifty.outcome().reason == "50-move rule"


def test_threefold_repetition():
    board = baton.Board()
    for _ in range(2):
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            board.push_san(san)
    outcome = board.outcome()
    assert (outcome.result, outcome.reason) == ("1/2-1/2", "threefold repetition")


def test_flip_variants_have_no_check():
    board = baton.Board("flipshatranj8")
    assert not board.is_check()


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_reach_their_end(variant):
    for seed in range(3):
        board = random_game(variant, seed)
        outcome = board.outcome()
        assert outcome is not None, f"{variant} seed {seed}: {board.fen()}"
        assert outcome.result in ("1-0", "0-1", "1/2-1/2")
        assert outcome.reason
        if outcome.result == "1/2-1/2":
            assert outcome.winner is None
        else:
            assert outcome.winner == ("white" if outcome.result == "1-0" else "black")


@pytest.mark.parametrize("variant", VARIANTS)
def test_fen_round_trip(variant):
    """Every position of a random game before its end, read back from its FEN,
    writes the same FEN and has the same legal moves. (The last position is left out:
    where a king was captured, the FEN reader refuses a board without one.)"""
    board = random_game(variant, 7)
    replay = baton.Board(variant)
    for move in board.move_stack:
        again = baton.Board(variant, replay.fen())
        assert again.fen() == replay.fen()
        assert [m.uci for m in again.legal_moves()] == [m.uci for m in replay.legal_moves()]
        replay.push(move.uci)


@pytest.mark.parametrize("variant", VARIANTS)
def test_san_round_trip(variant):
    """Every legal move's SAN, pushed back, gives the position the move gives: in
    positions along a random game (every 20th ply, and the last)."""
    board = random_game(variant, 11)
    plies = [m.uci for m in board.move_stack]
    replay = baton.Board(variant)
    for ply, uci in enumerate(plies + [None]):
        if ply % 20 == 0 or uci is None:
            for move in replay.legal_moves():
                by_text = replay.copy()
                by_text.push(move.uci)
                by_san = replay.copy()
                assert by_san.push_san(move.san).uci == move.uci
                assert by_san.fen() == by_text.fen()
        if uci is not None:
            replay.push(uci)


def test_type_hints_are_installed():
    package = pathlib.Path(baton.__file__).parent
    assert (package / "py.typed").is_file()
    assert (package / "__init__.pyi").is_file()
