//! Neutral moves: one orthogonal step onto an empty square, going on through relays
//! (each at most once), ending elsewhere than it started, and not undoing the
//! opponent's last neutral move (ko).
//!
//! Which squares a neutral piece can step to depends only on where the relays are,
//! not on the pieces: the candidates are the neighbours of the piece and of every
//! relay it can chain through. Pieces only decide which candidates are empty, so the
//! candidates are computed once per position and masked after each piece move.

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::piece::Neutral;
use crate::position::Position;

/// A neutral piece with the squares it could end on if they were empty.
#[derive(Clone, Copy)]
pub(crate) struct Mover {
    pub from: Square,
    pub kind: Neutral,
    pub targets: Bitboard,
}

/// Neutral pieces on a board; the FEN reader accepts no more than this.
pub const MAX_NEUTRALS: usize = 8;

pub(crate) type Movers = ArrayVec<Mover, MAX_NEUTRALS>;

/// Every neutral piece of the position with its candidate squares (ko applied).
pub(crate) fn movers(pos: &Position) -> Movers {
    let t = pos.tables;
    let relays = pos.neutral(Neutral::Relay);
    let mut out = Movers::new();
    for kind in Neutral::ALL {
        for from in pos.neutral(kind) {
            // Relays reached by stepping (the moving piece has left its square, so a
            // relay does not chain through itself).
            let others = relays & !Bitboard::from_square(from);
            let mut targets = t.wazir[from.idx()];
            let mut done = Bitboard::EMPTY;
            while let Some(r) = (targets & others & !done).into_iter().next() {
                done.set(r);
                targets |= t.wazir[r.idx()];
            }
            targets &= !Bitboard::from_square(from);
            if let Some((a, b)) = pos.ko {
                if b == from {
                    targets.clear(a);
                }
            }
            if out
                .try_push(Mover {
                    from,
                    kind,
                    targets,
                })
                .is_err()
            {
                // Unreachable for positions the FEN reader accepts.
                break;
            }
        }
    }
    out
}

/// Some of a position's neutral moves, each piece with the squares it may step to.
#[derive(Clone, Default)]
pub struct NeutralMoves(pub(crate) Movers);

impl NeutralMoves {
    /// Whether the neutral piece on `a` stepping to `b` is among these moves.
    #[inline]
    pub fn has(&self, a: Square, b: Square) -> bool {
        self.0.iter().any(|m| m.from == a && m.targets.has(b))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// These moves and those of `other`.
    pub fn join(mut self, other: &NeutralMoves) -> NeutralMoves {
        for o in &other.0 {
            match self.0.iter_mut().find(|m| m.from == o.from) {
                Some(m) => m.targets |= o.targets,
                None => self.0.push(*o),
            }
        }
        self
    }
}

/// The neutral moves, legal now, that end on one of `squares` (empty squares only:
/// the turn's piece move may still fill one).
pub(crate) fn moves_to(pos: &Position, squares: Bitboard) -> NeutralMoves {
    let keep = squares & !pos.occupied();
    let mut out = Movers::new();
    for mut m in movers(pos) {
        m.targets &= keep;
        if m.targets.any() {
            out.push(m);
        }
    }
    NeutralMoves(out)
}
