//! The move type shared by every variant, and the fixed-capacity move list.

use arrayvec::ArrayVec;

use crate::geometry::Square;
use crate::piece::Role;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-square advance (may leave an en-passant square).
    DoublePush,
    EnPassant,
    /// Castling; `from`/`to` are the royal piece's squares (stonesrelays: the rook's
    /// square as `to`, see PROTOCOL.md).
    Castle,
}

/// One turn. `extra` holds the second part of a two-part turn: the neutral move of
/// stonesrelays, or the flipped piece of flipshatranj (written `sq sq`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
    pub kind: MoveKind,
    pub extra: Option<(Square, Square)>,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::Normal,
            extra: None,
        }
    }
    #[inline]
    pub const fn with_kind(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind,
            extra: None,
        }
    }
    #[inline]
    pub const fn promote(from: Square, to: Square, role: Role) -> Move {
        Move {
            from,
            to,
            promotion: Some(role),
            kind: MoveKind::Normal,
            extra: None,
        }
    }
}

/// Large enough for the widest turn of any variant: stonesrelays multiplies piece
/// moves by neutral moves and flipshatranj multiplies moves by flips. `push` panics
/// when full, so the generators of those variants check their worst case in tests.
/// Stones & Relays: a search over valid positions (nine queens, relays and the
/// tunnel) found over 15,000 turns in one position, hence the room (tests/stones.rs,
/// `examples/stones_widest.rs`). A list takes about 170 KB: keep lists of deep
/// recursions on the heap.
pub const MAX_MOVES: usize = 24576;

pub type MoveList = ArrayVec<Move, MAX_MOVES>;
