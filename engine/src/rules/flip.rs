//! Insane Flip Relay Shatranj (`flipshatranj` 10x10, `flipshatranj8` 8x8).
//!
//! Every piece but the power is in move state (non-captures only) or capture state
//! (captures only). A piece next to a friendly power ignores its own state for its
//! natural moves; a non-pawn piece next to a friendly non-pawn lender also moves as
//! the lender does, with the lender's state deciding whether those borrowed moves are
//! non-captures or captures. A turn is a move followed by the mandatory flip of one
//! own non-power piece, so each move is multiplied by every possible flip. There is no
//! check: kings are captured.
//!
//! All pieces are leapers (one- or two-square steps, knight jumps) except the pawn's
//! two-square push, so a target set depends on occupancy only at the target square.
//! That lets the generator work with whole sets: for each lending role and state, the
//! squares next to such a lender are computed once, and a mover's targets are the union
//! of its natural set and the sets of the roles it can borrow — the union removes the
//! duplicates of a move reachable by several routes.
//!
//! Worst case of the move list (it must fit `MAX_MOVES`): a side has at most 18
//! flippable pieces (2 kings, 6 officers, 10 pawns or promoted pieces; 8x8: 15). A
//! mover's targets are the union of king, elephant, knight and dababba patterns, 24
//! squares; to reach more than the 16 of two patterns it needs two lenders next to it,
//! which stand on two of those squares (an officer mover: 22), and a king or power
//! needs three (21). Pawns make at most 9 moves counting promotions. So a turn has at
//! most (16·22 + 2·21 + 2·21)·18 = 7848 moves on 10x10, below 8192.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::rules::orthodox::{self, piece_attacks};

/// The roles that lend their moves (pawns do not; the power has no move to lend).
const LENDERS: [Role; 4] = [Role::King, Role::Elephant, Role::Knight, Role::Dabbaba];

/// The squares next to any square of `bb`.
#[inline]
fn neighbours(pos: &Position, bb: Bitboard) -> Bitboard {
    let mut n = Bitboard::EMPTY;
    for sq in bb {
        n |= pos.tables.king[sq.idx()];
    }
    n
}

/// Whether a side has lost a king: the game ended with its capture.
#[inline]
pub fn king_captured(pos: &Position) -> bool {
    let need = pos.variant.royal_count();
    pos.royals(pos.side).count() < need || pos.royals(pos.side.other()).count() < need
}

/// Pushes `m` once per possible flip of a piece of `flippable` (squares after the move).
#[inline]
fn push_with_flips(list: &mut MoveList, m: Move, flippable: Bitboard) {
    for f in flippable {
        list.push(Move {
            extra: Some((f, f)),
            ..m
        });
    }
}

/// Every legal turn of the side to move; none once a king has been captured.
pub fn generate(pos: &Position, list: &mut MoveList) {
    if king_captured(pos) {
        return;
    }
    let t = pos.tables;
    let us = pos.side;
    let own = pos.us();
    let enemy = pos.them();
    let empty = t.all & !pos.occupied();
    let capture_state = pos.capture_state();
    let powers = pos.pieces(us, Role::Power);
    let pawns = pos.pieces(us, Role::Pawn);
    let flippable = own & !powers;
    let freed = neighbours(pos, powers);

    // For each lending role: the squares next to a lender in move state, and next to
    // one in capture state.
    let mut lent = [(Bitboard::EMPTY, Bitboard::EMPTY); 4];
    for (slot, &role) in lent.iter_mut().zip(LENDERS.iter()) {
        let lenders = pos.pieces(us, role);
        *slot = (
            neighbours(pos, lenders & !capture_state),
            neighbours(pos, lenders & capture_state),
        );
    }

    // What a piece on `sq` may take: its state, or anything next to a power.
    let natural_targets = |sq: Square| {
        if freed.has(sq) {
            empty | enemy
        } else if capture_state.has(sq) {
            enemy
        } else {
            empty
        }
    };

    for from in own & !pawns {
        let role = pos.role_at(us, from).unwrap_or(Role::Power);
        // Leapers: occupancy does not matter for the pattern.
        let mut targets = piece_attacks(pos, role, from, Bitboard::EMPTY) & natural_targets(from);
        for (&(near_move, near_capture), &lender) in lent.iter().zip(LENDERS.iter()) {
            if near_move.has(from) {
                targets |= piece_attacks(pos, lender, from, Bitboard::EMPTY) & empty;
            }
            if near_capture.has(from) {
                targets |= piece_attacks(pos, lender, from, Bitboard::EMPTY) & enemy;
            }
        }
        // The moved piece is flipped on its new square; a power is never flipped.
        let stay = if role == Role::Power {
            flippable
        } else {
            flippable & !Bitboard::from_square(from)
        };
        for to in targets {
            let flips = if role == Role::Power {
                stay
            } else {
                stay | Bitboard::from_square(to)
            };
            push_with_flips(list, Move::new(from, to), flips);
        }
    }

    // Pawns: natural moves only. One or two squares forward from any rank, the second
    // only over an empty first; captures diagonally forward.
    let promo = t.promotion_rank(us);
    for from in pawns {
        let allowed = natural_targets(from);
        let one = t.push(us, Bitboard::from_square(from)) & empty;
        let mut targets = (one | (t.push(us, one) & empty)) & allowed;
        targets |= t.pawn_attacks[us.idx()][from.idx()] & enemy & allowed;
        let stay = flippable & !Bitboard::from_square(from);
        for to in targets {
            let flips = stay | Bitboard::from_square(to);
            if promo.has(to) {
                for &role in pos.variant.promotion_roles() {
                    push_with_flips(list, Move::promote(from, to, role), flips);
                }
            } else {
                push_with_flips(list, Move::new(from, to), flips);
            }
        }
    }
}

/// Plays a turn: the move as in chess (captures and pawn moves reset the 50-move
/// clock; no castling or en passant arise here), the moved piece keeping its state on
/// its new square (a promoted pawn too), then the flip.
pub fn apply(pos: &mut Position, m: Move) {
    let carried = pos.capture_state().has(m.from);
    orthodox::apply(pos, Move { extra: None, ..m });
    pos.set_capture_state(m.to, carried);
    if let Some((f, _)) = m.extra {
        let on = !pos.capture_state().has(f);
        pos.set_capture_state(f, on);
    }
}
