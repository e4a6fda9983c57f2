//! The move type shared by every variant, and the move list sized for its variant.

use std::ops::{Deref, DerefMut};

use crate::geometry::Square;
use crate::piece::Role;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-square advance (may leave an en-passant square).
    DoublePush,
    EnPassant,
    /// Castling; `from`/`to` are the royal piece's squares (stonesrelays: the rook's
    /// square as `to`, see docs/protocol.md).
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

/// A list of moves whose room is fixed when it is made: the most moves its variant's
/// generator can write for one position (`Rules::MAX_MOVES`, proved per variant; make
/// one with `rules::move_list`). It never grows: a move that does not fit is a broken
/// bound, and `push` panics (loud, never a move silently lost; the front ends answer a
/// panic without dying). A search keeps one list a ply and reuses them, so their
/// size, from a few KB in chess to about 170 KB in Stones & Relays, is paid once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList {
    /// Its capacity is the list's room; `push` checks it before `Vec` could grow.
    moves: Vec<Move>,
}

impl MoveList {
    /// An empty list with room for `capacity` moves (at least: the allocator may give
    /// more, which is used).
    pub fn with_capacity(capacity: usize) -> MoveList {
        MoveList {
            moves: Vec::with_capacity(capacity),
        }
    }

    /// Adds a move; panics when the list is full (its variant's bound is wrong).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if self.moves.len() == self.moves.capacity() {
            self.full();
        }
        self.moves.push(m);
    }

    #[cold]
    #[inline(never)]
    fn full(&self) -> ! {
        panic!(
            "move list full at {} moves: the variant's Rules::MAX_MOVES is too small",
            self.moves.capacity()
        )
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    pub fn capacity(&self) -> usize {
        self.moves.capacity()
    }

    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    #[inline]
    pub fn retain(&mut self, keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(keep);
    }

    /// The moves as a vector of just their length (the list's room is not kept).
    pub fn to_vec(&self) -> Vec<Move> {
        self.moves.to_vec()
    }
}

/// Where a generator writes its moves, one at a time (cozy-chess's callback style): a
/// `MoveList` keeps them, a `Count` only counts them (perft's last ply, and Stones &
/// Relays' positions of thousands of turns).
pub trait Sink {
    fn add(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without keeping them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count(pub usize);

impl Sink for Count {
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves
    }
}

impl DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

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
    fn a_move_list_holds_its_room_and_no_more() {
        let mut list = MoveList::with_capacity(3);
        let room = list.capacity();
        assert!(room >= 3);
        for i in 0..room {
            list.push(Move::new(Square(i as u8), Square(0)));
        }
        assert_eq!(list.len(), room);
        // It never grows: the next move is a broken bound, and loud.
        let full = std::panic::catch_unwind(move || {
            let mut list = list;
            list.push(Move::new(Square(0), Square(1)));
        });
        assert!(full.is_err());
    }

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
