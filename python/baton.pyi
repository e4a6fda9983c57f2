"""Baton's chess-variant rules, notation, PGN and search (type hints).

Every variant Baton plays, with no UCI process. Move text is Baton's
(docs/protocol.md: ``e2e4``, ``e7e8q``, a two-part turn ``e2e4,d5d6``);
SAN is docs/san.md's.
"""

from typing import Dict, List, Optional, Union

__version__: str

def variants() -> List[str]:
    """The names of the variants Baton plays, as ``Board(variant)`` takes them."""

def read_pgn(text: str) -> List["PgnGame"]:
    """Every game of a PGN text, in order; a broken one says why in ``problems``."""

class BatonError(ValueError):
    """Base of every error Baton raises; its message is the engine's."""

class UnknownVariant(BatonError):
    """A variant name Baton does not know; the message lists the ones it does."""

class InvalidFen(BatonError):
    """A FEN that is not a position of the variant."""

class IllegalMove(BatonError):
    """A move text that is unreadable or not legal in the position."""

class AmbiguousMove(IllegalMove):
    """A SAN text that fits more than one legal move."""

class InvalidPgn(BatonError):
    """A PGN game that cannot be replayed."""

class Move:
    """A move in both notations, for the position it was made in."""

    @property
    def uci(self) -> str:
        """Baton's move text: ``e2e4``, ``e7e8q``, ``e2e4,d5d6``."""
    @property
    def san(self) -> str:
        """The move in SAN: ``Nf3``, ``exd8=Q+``."""

class Outcome:
    """How a game ended."""

    @property
    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
    @property
    def winner(self) -> Optional[str]:
        """``white``, ``black``, or None for a draw."""
    @property
    def reason(self) -> str:
        """The rules' words: ``checkmate``, ``stalemate``, ``king captured``, ..."""

class Board:
    """A game of one of Baton's variants, from its start position or a FEN."""

    def __init__(self, variant: str = "chess", fen: Optional[str] = None) -> None:
        """Raises UnknownVariant or InvalidFen."""
    @property
    def variant(self) -> str: ...
    @property
    def files(self) -> int:
        """The board's number of files (columns)."""
    @property
    def ranks(self) -> int:
        """The board's number of ranks (rows)."""
    @property
    def pieces(self) -> Dict[str, str]:
        """The pieces a FEN may hold: White's letter to the piece's name."""
    @property
    def start_fen(self) -> str:
        """The FEN of the variant's start position."""
    @property
    def turn(self) -> str:
        """The side to move: ``white`` or ``black``."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves played since the board was made, oldest first."""
    def fen(self) -> str:
        """The current position as FEN."""
    def legal_moves(self) -> List[Move]:
        """Every legal move (every whole turn in two-part variants), with its SAN."""
    def push(self, move: Union[str, Move]) -> Move:
        """Plays Baton's move text or a Move; raises IllegalMove, the board unchanged."""
    def push_san(self, san: str) -> Move:
        """Plays a SAN move; raises IllegalMove or AmbiguousMove, the board unchanged."""
    def pop(self) -> Move:
        """Takes back the last move and returns it; IndexError if none was played."""
    def is_check(self) -> bool:
        """Whether the side to move is in check (False in variants without check)."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def is_game_over(self) -> bool:
        """Whether ``outcome()`` is not None."""
    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal move tree ``depth`` plies deep (GIL released)."""
    def pgn(self, tags: Optional[Dict[str, str]] = None) -> str:
        """The game as PGN in SAN; ``tags`` adds to or replaces the standard tags."""
    def copy(self) -> "Board":
        """A copy with its moves."""
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: object) -> "Board": ...

class PgnGame:
    """One game read from PGN."""

    @property
    def tags(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[str]:
        """The moves as written (SAN or coordinates)."""
    @property
    def result(self) -> Optional[str]:
        """The result token ending the move text, if any."""
    @property
    def problems(self) -> List[str]:
        """What makes the game's text broken or incomplete."""
    def board(self) -> Board:
        """The game replayed; raises UnknownVariant, InvalidFen or InvalidPgn."""

class Line:
    """One line of a search, its score from the side to move's view."""

    @property
    def multipv(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def cp(self) -> Optional[int]:
        """Centipawns, or None when the score is a mate."""
    @property
    def mate(self) -> Optional[int]:
        """Mate in this many moves (negative: being mated), or None."""
    @property
    def pv(self) -> List[Move]:
        """The line's moves from the searched position."""

class SearchResult:
    """What a search found."""

    @property
    def best(self) -> Optional[Move]:
        """The move to play; None when the side to move has no legal move."""
    @property
    def ponder(self) -> Optional[Move]: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def lines(self) -> List[Line]:
        """The lines found, in MultiPV order (line 1 is the move played), ``multipv``
        of them at most."""

class Engine:
    """Baton's search, its hash table kept between searches."""

    def __init__(self, threads: int = 1, hash_mb: int = 16) -> None: ...
    def search(
        self,
        board: Board,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[int] = None,
        multipv: int = 1,
    ) -> SearchResult:
        """Searches to ``depth`` plies, ``nodes`` nodes or ``movetime`` milliseconds,
        whichever comes first; releases the GIL while it thinks."""
    @property
    def searching(self) -> bool:
        """Whether a search is thinking now (seen from another thread)."""
    def stop(self) -> None:
        """Ends the search under way as soon as possible (from another thread); it
        returns its best move so far. A stop while no search thinks is forgotten."""
    def clear(self) -> None:
        """Forgets what earlier searches stored in the hash table."""
