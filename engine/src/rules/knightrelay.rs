//! Knight relay chess: the orthodox rules with one overlay. A knight lends its leap to
//! every friendly piece (king and knights aside) that stands a knight's move from it;
//! knights themselves attack nothing, cannot be captured and cannot capture.
//!
//! The overlay keeps the orthodox generator's reasoning valid: relays come only from
//! knights, and knights are never captured, so the mover cannot change the enemy's
//! relays (a capture only removes one relayed piece, like any capture). A relayed leap
//! does not depend on blockers, so it behaves like an orthodox knight check: only
//! capturing the checker or moving the king answers it, and pins work as in chess.

use crate::bitboard::Bitboard;
use crate::geometry::{Square, Tables};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::orthodox::{self, Overlay};

/// The squares a pawn may never reach or attack by a relayed leap: ranks 1 and 8.
#[inline]
pub(crate) fn end_ranks(pos: &Position) -> Bitboard {
    let t = pos.tables;
    t.ranks[0] | t.ranks[t.height as usize - 1]
}

/// The relay map: pieces of `color` that a friendly knight defends and that may
/// therefore leap like a knight (kings and knights never gain a relay). A pinned
/// knight relays all the same.
pub fn relayed(pos: &Position, color: Color) -> Bitboard {
    let t = pos.tables;
    let knights = pos.pieces(color, Role::Knight);
    let mut span = Bitboard::EMPTY;
    for n in knights {
        span |= t.knight[n.idx()];
    }
    span & pos.color_bb(color) & !knights & !pos.pieces(color, Role::King)
}

/// Pieces of `by` that attack `sq` by a relayed leap (pawns not onto the end ranks).
#[inline]
pub fn relay_attackers(pos: &Position, sq: Square, by: Color) -> Bitboard {
    let knights = pos.pieces(by, Role::Knight);
    let others = pos.color_bb(by) & !knights & !pos.pieces(by, Role::King);
    relayed_onto(pos, sq, knights, others, pos.pieces(by, Role::Pawn))
}

/// Which of `others` (a side's pieces but its knights and king, `pawns` among them)
/// leap onto `sq` by a relay from one of `knights`: the relay rule on any placement
/// of a side's pieces, the position's (`relay_attackers`) or one after a move
/// (`gives_check`).
#[inline]
fn relayed_onto(
    pos: &Position,
    sq: Square,
    knights: Bitboard,
    others: Bitboard,
    pawns: Bitboard,
) -> Bitboard {
    let t = pos.tables;
    if knights.is_empty() {
        return Bitboard::EMPTY;
    }
    let mut leapers = t.knight[sq.idx()] & others;
    if end_ranks(pos).has(sq) {
        leapers &= !pawns;
    }
    let mut att = Bitboard::EMPTY;
    for s in leapers {
        if (t.knight[s.idx()] & knights).any() {
            att.set(s);
        }
    }
    att
}

/// Pieces of `by` that attack `sq` with `occ` as the blockers: the orthodox attackers
/// without the knights, plus the relayed leapers.
#[inline]
pub fn attackers_to(pos: &Position, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
    (orthodox::attackers_to(pos, sq, by, occ) & !pos.pieces(by, Role::Knight))
        | relay_attackers(pos, sq, by)
}

/// The pieces that attack `color`'s king, relayed leaps included.
#[inline]
pub fn checkers(pos: &Position, color: Color) -> Bitboard {
    attackers_to(pos, pos.royal(color), color.other(), pos.occupied())
}

/// Whether the legal move `m` checks the enemy king (`Rules::gives_check`): the
/// orthodox answer without the knights' own attacks (they attack nothing), plus the
/// relayed leaps among the mover's pieces after the move (a knight that moved lends
/// its leap from where it lands; a piece that moved is lent one there).
pub fn gives_check(pos: &Position, m: Move) -> bool {
    let a = orthodox::after(pos, m);
    let ksq = pos.royal(a.us.other());
    let stayed = orthodox::attackers_to(pos, ksq, a.us, a.occ) & !a.left;
    if (stayed & !pos.pieces(a.us, Role::Knight)).any()
        || (a.role != Role::Knight && a.moved_attack(pos, ksq))
    {
        return true;
    }
    let knights = a.pieces(pos, Role::Knight);
    let others = a.all(pos) & !knights & !a.pieces(pos, Role::King);
    relayed_onto(pos, ksq, knights, others, a.pieces(pos, Role::Pawn)).any()
}

/// The overlay for one position, seen from the side to move.
struct Relay {
    tables: &'static Tables,
    /// Own pieces that may leap like a knight (judged before the move).
    leapers: Bitboard,
    /// Enemy knights, which cannot be captured.
    immune: Bitboard,
    end_ranks: Bitboard,
}

impl Overlay for Relay {
    #[inline]
    fn attackers(&self, pos: &Position, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        attackers_to(pos, sq, by, occ)
    }
    #[inline]
    fn immune(&self) -> Bitboard {
        self.immune
    }
    #[inline]
    fn piece_moves(&self, pos: &Position, role: Role, from: Square, occ: Bitboard) -> Bitboard {
        let t = pos.tables;
        if role == Role::Knight {
            // Knights never capture: empty squares only.
            return t.knight[from.idx()] & !occ;
        }
        let moves = orthodox::piece_attacks(pos, role, from, occ);
        if self.leapers.has(from) {
            moves | t.knight[from.idx()]
        } else {
            moves
        }
    }
    #[inline]
    fn extra_pawns(&self) -> Bitboard {
        self.leapers
    }
    #[inline]
    fn pawn_extra(&self, from: Square) -> Bitboard {
        if self.leapers.has(from) {
            self.tables.knight[from.idx()] & !self.end_ranks
        } else {
            Bitboard::EMPTY
        }
    }
}

/// Every legal move of the side to move.
pub fn generate(pos: &Position, list: &mut impl crate::moves::Sink) {
    let us = pos.side;
    let overlay = Relay {
        tables: pos.tables,
        leapers: relayed(pos, us),
        immune: pos.pieces(us.other(), Role::Knight),
        end_ranks: end_ranks(pos),
    };
    orthodox::generate_with(pos, list, &overlay);
}

/// Plays a legal move: the orthodox mechanism (it sets no en-passant square here,
/// `Variant::has_en_passant`).
pub fn apply(pos: &mut Position, m: Move) {
    orthodox::apply(pos, m);
}

/// Knight relay chess: the orthodox generator under the `Relay` overlay.
pub struct KnightRelay;

impl super::Rules for KnightRelay {
    crate::rules::moves_from_module!(into any sink);
    /// A relayed piece adds a knight's 8 leaps to its own moves: a queen makes at most
    /// 27 + 8 = 35 (a pawn 2 pushes, 2 captures and 8 leaps, or on the seventh rank 12
    /// promotions and the leaps that stay off the end ranks), and 63 pieces * 35 + 2
    /// castlings = 2207.
    const MAX_MOVES: usize = 4096;
    fn in_check(pos: &Position, color: Color) -> bool {
        checkers(pos, color).any()
    }
    fn checkers(pos: &Position, color: Color) -> Option<Bitboard> {
        Some(checkers(pos, color))
    }
    fn gives_check(pos: &Position, m: Move) -> bool {
        gives_check(pos, m)
    }
    /// Only kings and knights, which attack nothing.
    fn insufficient_material(pos: &Position) -> bool {
        let knights =
            pos.pieces(Color::White, Role::Knight) | pos.pieces(Color::Black, Role::Knight);
        (super::pieces_besides_royals(pos) & !knights).is_empty()
    }
}
