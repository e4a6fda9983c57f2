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

impl Move {
    /// Packs the move into 35 bits (for the transposition table).
    pub fn pack(self) -> u64 {
        let kind = match self.kind {
            MoveKind::Normal => 0u64,
            MoveKind::DoublePush => 1,
            MoveKind::EnPassant => 2,
            MoveKind::Castle => 3,
        };
        let promo = self.promotion.map_or(0, |r| r.idx() as u64 + 1);
        let (has_extra, a, b) = match self.extra {
            Some((a, b)) => (1u64, a.0 as u64, b.0 as u64),
            None => (0, 0, 0),
        };
        (self.from.0 as u64)
            | (self.to.0 as u64) << 7
            | promo << 14
            | kind << 18
            | has_extra << 20
            | a << 21
            | b << 28
    }

    /// The inverse of `pack`.
    pub fn unpack(bits: u64) -> Move {
        let sq = |shift: u32| Square(((bits >> shift) & 0x7F) as u8);
        let promo = ((bits >> 14) & 0xF) as usize;
        Move {
            from: sq(0),
            to: sq(7),
            promotion: (promo != 0 && promo <= crate::piece::NROLES)
                .then(|| Role::from_idx(promo - 1)),
            kind: match (bits >> 18) & 3 {
                0 => MoveKind::Normal,
                1 => MoveKind::DoublePush,
                2 => MoveKind::EnPassant,
                _ => MoveKind::Castle,
            },
            extra: ((bits >> 20) & 1 == 1).then(|| (sq(21), sq(28))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let moves = [
            Move::new(Square(12), Square(28)),
            Move::promote(Square(98), Square(99), Role::Dabbaba),
            Move::with_kind(Square(4), Square(6), MoveKind::Castle),
            Move {
                extra: Some((Square(35), Square(43))),
                ..Move::with_kind(Square(1), Square(17), MoveKind::EnPassant)
            },
        ];
        for m in moves {
            assert_eq!(Move::unpack(m.pack()), m);
        }
    }
}
