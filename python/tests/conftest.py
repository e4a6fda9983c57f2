"""Shared by the tests of the `baton` module: the repository's paths and a random
game player (seeded, so that a failure comes back the same)."""

import pathlib
import random

import baton

REPO = pathlib.Path(__file__).resolve().parents[2]
ENGINE_DATA = REPO / "engine" / "tests" / "data"


def random_game(variant, seed, max_plies=3000):
    """A random game of `variant` played until the game ends (or `max_plies`)."""
    rng = random.Random(seed)
    board = baton.Board(variant)
    while board.outcome() is None and len(board.move_stack) < max_plies:
        board.push(rng.choice(board.legal_moves()))
    return board
