//! The search's own answers that variants' policies (`MovePolicy`, implemented in
//! each variant's engine profile) use: quiet checks for quiescence (chess and
//! knightmate), stonesrelays' forcing second-stage turns (`NeutralRest`), the flips'
//! ordering hints and near-duplicates.

use super::super::search_params::FRONTIER_CHECK_ESCAPES;
use arrayvec::ArrayVec;

use super::RestStage;
use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::rules::flip::{flip_gain, FlipHints};
use crate::rules::is_capture;
use crate::rules::orthodox::{self, attacks};
use crate::rules::stones::{self, NeutralMoves};
use crate::search::SearchProfile;

/// The tactical moves and the quiet moves that check the enemy royal piece directly
/// (the moved piece attacks it from its target square), for the first ply of
/// quiescence: a mating net is seen a ply earlier.
pub fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
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

/// The forcing turns of stonesrelays' second stage, which a node tries past its limit,
/// so that a mate that needs a neutral move is seen at the frontier too:
/// - the turns whose neutral move alone would check the enemy king (a stone leaving
///   a line, a relay bending a path onto the king: `stones::neutral_checks`);
/// - the forms of a first-stage check whose neutral move ends beside the enemy king
///   (`gave_check`): it may cover the king's last escape.
#[derive(Default)]
pub struct NeutralRest {
    /// First-stage moves that gave check, by the square they came from (each with the
    /// squares its moves went to), and the enemy king's neighbours. Room for one
    /// entry per square of the board, kept in the picker, so no node allocates.
    checks: ArrayVec<(Square, Bitboard), STONES_SQUARES>,
    escapes: Bitboard,
    /// The neutral moves that alone would give check, once asked.
    neutral_checks: Option<NeutralMoves>,
}

impl NeutralRest {
    /// The neutral moves that alone would give check (asked once).
    fn neutral_checks(&mut self, pos: &Position) -> &NeutralMoves {
        self.neutral_checks
            .get_or_insert_with(|| stones::neutral_checks(pos))
    }
}

/// Whether the enemy king has few squares of its own to go to
/// (`FRONTIER_CHECK_ESCAPES`), so that a check may mate.
fn king_boxed_in(pos: &Position) -> bool {
    let Some(king) = pos.royals(!pos.side()).single() else {
        return false;
    };
    let blocked = pos.them() | pos.all_neutral();
    (pos.tables().king[king.idx()] & !blocked).count() <= FRONTIER_CHECK_ESCAPES
}

/// The squares of stonesrelays' board: a side's pieces stand on fewer.
const STONES_SQUARES: usize = Geometry::Board8x9.squares();

impl NeutralRest {
    /// Whether the first-stage move from `from` to `to` gave check.
    fn gave_check_with(&self, from: Square, to: Square) -> bool {
        self.checks.iter().any(|&(f, tos)| f == from && tos.has(to))
    }
}

impl RestStage for NeutralRest {
    const EXISTS: bool = true;

    fn gave_check(&mut self, pos: &Position, m: Move) {
        if self.checks.is_empty() {
            // A check was given, so the enemy has a king.
            self.escapes = pos.tables().king[pos.royal(!pos.side()).idx()];
        }
        match self.checks.iter_mut().find(|(from, _)| *from == m.from) {
            Some((_, to)) => to.set(m.to),
            None => self.checks.push((m.from, Bitboard::from_square(m.to))),
        }
    }

    fn forcing_moves(&mut self, pos: &Position, list: &mut MoveList) -> bool {
        if !king_boxed_in(pos) {
            self.neutral_checks = Some(NeutralMoves::default());
        }
        let mut only = self.neutral_checks(pos).clone();
        if !self.checks.is_empty() {
            only = only.join(&stones::neutral_moves_to(pos, self.escapes));
        }
        if only.is_empty() {
            return false;
        }
        stones::generate_with_neutral(pos, &only, list);
        true
    }

    fn narrow(&mut self, pos: &Position) {
        self.neutral_checks(pos);
    }

    fn is_forcing(&self, m: Move) -> bool {
        let neutral = self.neutral_checks.as_ref().expect("set by `narrow`");
        m.extra.is_some_and(|(a, b)| {
            neutral.has(a, b) || self.escapes.has(b) && self.gave_check_with(m.from, m.to)
        })
    }

    /// A form of a piece move that checks alone is no mate test's business: the
    /// plain check was searched in the first stage, and the forms whose neutral move
    /// could take the king's last escape (ending beside it) are forcing. Testing the
    /// others, tens of forms of one check each asking for every reply, is what made
    /// such tests cost; a turn whose check needs both parts is what they are for.
    fn may_mate(&self, m: Move) -> bool {
        !self.gave_check_with(m.from, m.to)
    }
}

/// Ordering bonuses of the flip part of every move of `list` (side to move's view),
/// into `out`.
pub fn flip_order_hints(pos: &Position, list: &MoveList, out: &mut Vec<i32>) {
    let value = |r| pos.variant.piece_value(r);
    let hints = FlipHints::new(pos, value);
    out.clear();
    out.extend(list.iter().map(|&m| match m.extra {
        Some((f, _)) => {
            let role = pos.role_at(pos.side(), m.from).unwrap_or(Role::Power);
            hints.gain(pos, value, m, role, f)
        }
        None => 0,
    }));
}

/// A turn whose flip neither concerns the moved piece nor changes any threat: one of
/// many near-equivalent versions of the same move, which shallow searches may skip.
pub fn is_quiet_flip(pos: &Position, m: Move) -> bool {
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
