"""The engine: a short search returns a legal move in every variant, lines with
scores and MultiPV, the node limit, stopping, and the GIL released while it thinks."""

import threading
import time

import pytest

import baton


@pytest.mark.parametrize("variant", baton.variants())
def test_depth_3_returns_a_legal_move(variant):
    board = baton.Board(variant)
    result = baton.Engine().search(board, depth=3)
    assert result.best is not None
    assert result.best.uci in [m.uci for m in board.legal_moves()]
    assert result.depth == 3
    line = result.lines[0]
    assert line.depth == 3
    assert line.pv[0] == result.best
    assert (line.cp is None) != (line.mate is None)


def test_multipv_lines_are_different_moves():
    """Three lines, in MultiPV order, each starting with a different move, the first
    the move played. (Their scores are not checked for order: a later line may score
    a little above an earlier one, as in the UCI front end's reports.)"""
    result = baton.Engine().search(baton.Board(), depth=4, multipv=3)
    assert [line.multipv for line in result.lines] == [1, 2, 3]
    firsts = [line.pv[0].uci for line in result.lines]
    assert len(set(firsts)) == 3
    assert firsts[0] == result.best.uci
    assert all(line.depth == 4 for line in result.lines)


def test_mate_in_one_is_found_and_scored():
    board = baton.Board("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    result = baton.Engine().search(board, depth=3)
    assert result.best.san == "Ra8#"
    assert result.lines[0].mate == 1 and result.lines[0].cp is None


def test_pv_is_written_from_the_searched_position():
    board = baton.Board()
    board.push_san("e4")
    result = baton.Engine().search(board, depth=4)
    replay = board.copy()
    for move in result.lines[0].pv:
        assert replay.push_san(move.san).uci == move.uci


def test_node_limit():
    result = baton.Engine().search(baton.Board(), nodes=2000)
    assert result.best is not None
    assert result.nodes <= 2000 + 2000  # the limit is checked every so many nodes


def test_movetime_limit():
    board = baton.Board("knightmate")
    result = baton.Engine().search(board, movetime=100)
    assert result.best.uci in [m.uci for m in board.legal_moves()]
    assert result.lines[0].pv[0] == result.best


def test_no_move_no_best():
    board = baton.Board("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    result = baton.Engine().search(board, depth=2)
    assert result.best is None and result.lines == []


def test_gil_is_released_while_thinking():
    """A second Python thread runs while a search thinks: it sees the search under
    way, does Python work, and stops it. Were the GIL held, the second thread could
    not run until the search ended, and would never see it thinking."""
    engine = baton.Engine()
    board = baton.Board()
    results = []
    # The node limit only ends the test should the GIL stay held (the search would
    # finish alone); with it released, `stop` ends the search long before.
    search = threading.Thread(target=lambda: results.append(engine.search(board, nodes=50_000_000)))
    search.start()
    while search.is_alive() and not engine.searching:
        time.sleep(0.001)
    seen_thinking = engine.searching
    work = sum(baton.Board(v).perft(1) for v in baton.variants())
    still_thinking = engine.searching and search.is_alive()
    engine.stop()
    search.join()
    assert seen_thinking and still_thinking
    assert work == 20 + 18 + 28 + 20 + 467 + 512 + 792 + 600
    assert results[0].best is not None
    assert results[0].nodes < 50_000_000
    assert not engine.searching
