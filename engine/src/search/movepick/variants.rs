//! Each variant's answers to the search's questions (`MovePolicy`). Knightrelay and
//! combiningknightmare take the orthodox defaults; chess and knightmate add quiet
//! checks to quiescence; stonesrelays and the flip variants keep their lists of
//! thousands of turns small.

use super::{MovePolicy, Stage};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::rules::flip::{flip_gain, FlipHints, FlipShatranj};
use crate::rules::orthodox::{self, attacks, Chess, Knightmate};
use crate::rules::stones::{self, Forms, NeutralMoves, Pieces, StonesRelays};
use crate::rules::{combining::CombiningKnightmare, is_capture, knightrelay::KnightRelay};
use crate::search::SearchProfile;

impl MovePolicy for Chess {
    fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
        tactical_moves_and_checks(pos, list);
    }
}

impl MovePolicy for Knightmate {
    fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
        tactical_moves_and_checks(pos, list);
    }
}

impl MovePolicy for KnightRelay {}

impl MovePolicy for CombiningKnightmare {}

/// The tactical moves and the quiet moves that check the enemy royal piece directly
/// (the moved piece attacks it from its target square), for the first ply of
/// quiescence: a mating net is seen a ply earlier.
fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
    orthodox::generate(pos, list);
    let us = pos.side();
    let occ = pos.occupied();
    // Per role, the squares from which a piece of that role attacks an enemy royal.
    let mut checking = [Bitboard::EMPTY; crate::piece::NROLES];
    for royal in pos.royals(us.other()) {
        for role in Role::ALL {
            checking[role.idx()] |= attacks(pos, us.other(), role, royal, occ);
        }
    }
    list.retain(|m| {
        is_capture(pos, *m)
            || m.promotion.is_some()
            || pos
                .role_at(us, m.from)
                .is_some_and(|r| checking[r.idx()].has(m.to))
    });
}

impl MovePolicy for StonesRelays {
    /// Generated directly: a turn has thousands of forms, most of them quiet. Only
    /// plain forms: finding a neutral move that makes an illegal capture legal (a
    /// pinned piece, a king taking a guarded piece) costs a check test per neutral
    /// move and rarely succeeds.
    fn tactical_moves(pos: &Position, list: &mut MoveList) {
        stones::generate_some(pos, Forms::Plain, Pieces::Tactical, list);
    }
    /// A neutral move can mate: a capture gains more than its victim.
    const GAIN_IS_VICTIM: bool = false;
    /// Thousands of evasions (a neutral move after nearly any piece move may block):
    /// the plain ones, or where there is none, one form per piece move, so that the
    /// list is empty exactly when there is no legal turn.
    fn quiescence_evasions(pos: &Position, list: &mut MoveList) {
        stones::generate_some(pos, Forms::Plain, Pieces::All, list);
        if list.is_empty() {
            stones::generate_some(pos, Forms::First, Pieces::All, list);
        }
    }
    /// The turns with a neutral move are left out: one of them may block the check.
    const EVASIONS_COMPLETE: bool = false;
    /// First each piece move alone, then the piece moves with a neutral move.
    const HAS_REST_STAGE: bool = true;
    fn staged_moves(pos: &Position, stage: Stage, list: &mut MoveList) {
        let forms = match stage {
            Stage::First => Forms::Plain,
            Stage::Rest => Forms::Neutral,
        };
        stones::generate_some(pos, forms, Pieces::All, list);
    }
    fn neutral_checks(pos: &Position) -> NeutralMoves {
        stones::neutral_checks(pos)
    }
    fn neutral_moves_to(pos: &Position, squares: Bitboard) -> NeutralMoves {
        stones::neutral_moves_to(pos, squares)
    }
    fn rest_with(pos: &Position, only: &NeutralMoves, list: &mut MoveList) {
        stones::generate_with_neutral(pos, only, list);
    }
}

impl MovePolicy for FlipShatranj {
    /// Each capture with its most useful flip.
    fn tactical_moves(pos: &Position, list: &mut MoveList) {
        crate::rules::flip::generate_tactical(pos, list, |r| pos.variant.piece_value(r));
    }
    /// A flip can threaten a king: a capture gains more than its victim.
    const GAIN_IS_VICTIM: bool = false;
    /// How useful each move's flip is.
    fn order_hints(pos: &Position, list: &MoveList) -> Option<Vec<i32>> {
        Some(flip_order_hints(pos, list))
    }
    /// The same move with a flip that changes no threat.
    fn is_redundant_quiet(pos: &Position, m: Move) -> bool {
        is_quiet_flip(pos, m)
    }
}

/// Ordering bonuses of the flip part of every move of `list` (side to move's view).
fn flip_order_hints(pos: &Position, list: &MoveList) -> Vec<i32> {
    let value = |r| pos.variant.piece_value(r);
    let hints = FlipHints::new(pos, value);
    list.iter()
        .map(|&m| match m.extra {
            Some((f, _)) => {
                let role = pos.role_at(pos.side(), m.from).unwrap_or(Role::Power);
                hints.gain(pos, value, m, role, f)
            }
            None => 0,
        })
        .collect()
}

/// A turn whose flip neither concerns the moved piece nor changes any threat: one of
/// many near-equivalent versions of the same move, which shallow searches may skip.
fn is_quiet_flip(pos: &Position, m: Move) -> bool {
    let Some((f, _)) = m.extra else {
        return false;
    };
    if f == m.to {
        return false;
    }
    let Some(role) = pos.role_at(pos.side(), f) else {
        return false;
    };
    let freed = (pos.tables().king[f.idx()] & pos.pieces(pos.side(), Role::Power)).any();
    let value = |r| pos.variant.piece_value(r);
    flip_gain(pos, value, role, f, !pos.capture_state().has(f), freed) <= 0
}
