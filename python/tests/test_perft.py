"""Perft through Python equals the engine's own counts: the start position of all
eight variant modes (docs/rules.md's table) and the engine's perft suites."""

import pytest

import baton
from conftest import ENGINE_DATA

# docs/rules.md, "Perft reference counts": the deepest depth of each mode that takes
# well under a second.
START_COUNTS = [
    ("chess", 4, 197281),
    ("knightmate", 4, 139774),
    ("knightrelay", 3, 24044),
    ("combiningknightmare", 5, 4865551),
    ("stonesrelays", 2, 206293),
    ("stonesrelays-tunnel", 2, 254166),
    ("flipshatranj8", 2, 360000),
    ("flipshatranj", 2, 627264),
]


def test_every_mode_is_counted():
    assert sorted(v for v, _, _ in START_COUNTS) == sorted(baton.variants())


@pytest.mark.parametrize("variant,depth,count", START_COUNTS)
def test_start_position(variant, depth, count):
    assert baton.Board(variant).perft(depth) == count


def suite(file_name, variant, max_count):
    """The positions of an engine perft suite (`FEN ;D1 n ;D2 n ... ;name x`), each
    with its deepest count up to `max_count`."""
    cases = []
    for line in (ENGINE_DATA / file_name).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, *fields = [f.strip() for f in line.split(";")]
        counts = [(int(f[1:].split()[0]), int(f.split()[1])) for f in fields if f.startswith("D")]
        depth, count = max((d, n) for d, n in counts if n <= max_count)
        cases.append(pytest.param(variant, fen, depth, count, id=f"{file_name}:{fen}"))
    return cases


@pytest.mark.parametrize(
    "variant,fen,depth,count",
    suite("chess.epd", "chess", 200_000) + suite("combining.epd", "combiningknightmare", 250_000),
)
def test_engine_suites(variant, fen, depth, count):
    assert baton.Board(variant, fen).perft(depth) == count


def test_depth_zero_is_one_node():
    assert baton.Board().perft(0) == 1
