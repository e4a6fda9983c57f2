//! Which moves the search tries at a node, and in which order. The rules
//! (`crate::rules`) say which moves are legal and what they do; every choice here is
//! the search's own and may change without changing a perft count:
//!
//! - `MovePolicy`: per variant, the lists the search asks for (quiescence's captures
//!   and checks, its evasions, the two stages of a node), ordering hints and
//!   near-duplicate moves, with orthodox answers by default;
//! - `MovePicker`: a node's moves one at a time, stage by stage, best-ordered first
//!   (after Stockfish's movepick);
//! - `score`: the order of a stage's moves (from the history in `search::history`,
//!   exchanges and the variant's hints), and picking the best remaining one;
//! - `see`: exchange estimates.
//!
//! Each variant's answers are in `variants.rs`, beside the ones it shares.

pub mod score;
pub mod see;
mod variants;

use super::ordering::Ordering;
use super::search_params::FRONTIER_CHECK_ESCAPES;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::stones::NeutralMoves;
use crate::rules::{self, dispatch, Rules};
use crate::variant::Variant;
use score::{is_long, next, Scores};

/// The search's questions of a variant. A variant's rules type answers them; nothing
/// here changes which moves are legal, only which of them the search looks at first
/// or at all. A variant whose turn has a second part must say how to keep these lists
/// small: its whole list has thousands of turns.
pub trait MovePolicy: Rules {
    /// The moves quiescence search looks at when not in check: captures and promotions.
    fn tactical_moves(pos: &Position, list: &mut MoveList) {
        Self::generate(pos, list);
        list.retain(|m| rules::is_capture(pos, *m) || m.promotion.is_some());
    }

    /// The moves of quiescence's first ply (`search::Features::quiescence_checks`): the
    /// tactical moves, and where the variant can tell them cheaply, the quiet checks.
    fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
        Self::tactical_moves(pos, list);
    }

    /// Whether what a capture gains is the captured piece alone (quiescence may then
    /// skip a capture whose victim cannot lift the score to alpha). Not where the
    /// turn's second part can gain more.
    const GAIN_IS_VICTIM: bool = true;

    /// Variant knowledge for move ordering: a bonus per move of `list`.
    fn order_hints(_pos: &Position, _list: &MoveList) -> Option<Vec<i32>> {
        None
    }

    /// A quiet move that is a near-duplicate of another, which shallow nodes may skip.
    fn is_redundant_quiet(_pos: &Position, _m: Move) -> bool {
        false
    }

    /// The moves quiescence search answers a check with: every legal move, so that
    /// mates are seen, unless the variant has a smaller list that is empty exactly
    /// when there is no legal move.
    fn quiescence_evasions(pos: &Position, list: &mut MoveList) {
        Self::generate(pos, list);
    }

    /// Whether `quiescence_evasions` lists every legal move. Where it lists fewer, all
    /// of them losing to mate proves nothing: quiescence then searches the others.
    const EVASIONS_COMPLETE: bool = true;

    /// Whether the second stage of `staged_moves` can hold moves (see `Stage`).
    const HAS_REST_STAGE: bool = false;

    /// Appends the legal moves of one stage to `list`.
    fn staged_moves(pos: &Position, stage: Stage, list: &mut MoveList) {
        if stage == Stage::First {
            Self::generate(pos, list);
        }
    }

    /// Where the second stage has neutral moves: those that alone would check the
    /// enemy king. A node that tries few second-stage moves still tries the turns
    /// that end with one (`MovePicker`).
    fn neutral_checks(_pos: &Position) -> NeutralMoves {
        NeutralMoves::default()
    }

    /// The neutral moves, legal now, that end on one of `squares`.
    fn neutral_moves_to(_pos: &Position, _squares: Bitboard) -> NeutralMoves {
        NeutralMoves::default()
    }

    /// Appends the second-stage moves that end with one of the neutral moves `only`.
    fn rest_with(_pos: &Position, _only: &NeutralMoves, _list: &mut MoveList) {}
}

/// The search generates a node's moves in two stages, the second only when the first
/// gives no cutoff. Together they are exactly the legal moves, each once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Most variants: every legal move. Stonesrelays: each piece move alone.
    First,
    /// Stonesrelays: the piece moves followed by a neutral move (most of a position's
    /// turns, and rarely better than the best plain move). Empty elsewhere.
    Rest,
}

/// The moves quiescence search looks at when not in check (`MovePolicy::tactical_moves`).
pub fn tactical_moves(pos: &Position, list: &mut MoveList) {
    dispatch!(pos.variant(), R => <R as MovePolicy>::tactical_moves(pos, list))
}

/// The moves of quiescence's first ply (`MovePolicy::tactical_moves_and_checks`).
pub fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
    dispatch!(pos.variant(), R => <R as MovePolicy>::tactical_moves_and_checks(pos, list))
}

/// `MovePolicy::GAIN_IS_VICTIM`.
pub fn gain_is_victim(variant: Variant) -> bool {
    dispatch!(variant, R => <R as MovePolicy>::GAIN_IS_VICTIM)
}

/// `MovePolicy::order_hints`.
pub fn order_hints(pos: &Position, list: &MoveList) -> Option<Vec<i32>> {
    dispatch!(pos.variant(), R => <R as MovePolicy>::order_hints(pos, list))
}

/// `MovePolicy::is_redundant_quiet`.
pub fn is_redundant_quiet(pos: &Position, m: Move) -> bool {
    dispatch!(pos.variant(), R => <R as MovePolicy>::is_redundant_quiet(pos, m))
}

/// `MovePolicy::quiescence_evasions`.
pub fn quiescence_evasions(pos: &Position, list: &mut MoveList) {
    dispatch!(pos.variant(), R => <R as MovePolicy>::quiescence_evasions(pos, list))
}

/// `MovePolicy::EVASIONS_COMPLETE`.
pub fn evasions_complete(variant: Variant) -> bool {
    dispatch!(variant, R => <R as MovePolicy>::EVASIONS_COMPLETE)
}

/// Appends the legal moves of one stage to `list`.
pub fn staged_moves(pos: &Position, stage: Stage, list: &mut MoveList) {
    dispatch!(pos.variant(), R => <R as MovePolicy>::staged_moves(pos, stage, list))
}

/// `MovePolicy::neutral_checks`.
fn neutral_checks(pos: &Position) -> NeutralMoves {
    dispatch!(pos.variant(), R => <R as MovePolicy>::neutral_checks(pos))
}

/// `MovePolicy::neutral_moves_to`.
fn neutral_moves_to(pos: &Position, squares: Bitboard) -> NeutralMoves {
    dispatch!(pos.variant(), R => <R as MovePolicy>::neutral_moves_to(pos, squares))
}

/// `MovePolicy::rest_with`.
fn rest_with(pos: &Position, only: &NeutralMoves, list: &mut MoveList) {
    dispatch!(pos.variant(), R => <R as MovePolicy>::rest_with(pos, only, list))
}

/// `MovePolicy::HAS_REST_STAGE`.
pub fn has_rest_stage(variant: Variant) -> bool {
    dispatch!(variant, R => <R as MovePolicy>::HAS_REST_STAGE)
}

/// A node's first moves into `list`, for a `MovePicker`: the first stage, and the
/// second too at the root (MultiPV skips moves of either), where the first is empty
/// (no plain move is not yet mate) or lacks the hash move (so that it is still tried
/// first). Returns whether the second stage is in the list (or has no moves).
pub fn first_moves(
    pos: &Position,
    list: &mut MoveList,
    root: bool,
    hash_move: Option<Move>,
) -> bool {
    staged_moves(pos, Stage::First, list);
    if !has_rest_stage(pos.variant()) {
        return true;
    }
    if root || list.is_empty() || hash_move.is_some_and(|h| !list.contains(&h)) {
        staged_moves(pos, Stage::Rest, list);
        return true;
    }
    false
}

/// A move the picker hands out: the move, its stage, and how many moves of the node
/// came before it (pruning and reductions grow with it).
#[derive(Clone, Copy, Debug)]
pub struct Picked {
    pub m: Move,
    pub stage: Stage,
    pub index: usize,
}

/// A node's moves one at a time. The first stage's moves (given at the start, with the
/// second stage too where the caller wants both at once) are scored by the thread's
/// `Ordering` and handed out best first; when they are used up, the second stage is
/// generated, scored and handed out the same way. Where a limit is set, a node tries
/// only that many second-stage moves, and past it only the forcing ones, so that a
/// mate that needs a neutral move is seen at the frontier too:
/// - the turns whose neutral move alone would check the enemy king (a stone leaving
///   a line, a relay bending a path onto the king: `MovePolicy::neutral_checks`);
/// - the forms of a first-stage check whose neutral move ends beside the enemy king
///   (`gave_check`): it may cover the king's last escape.
///
/// A limit of none (depth-1 non-PV nodes) generates only these forms.
pub struct MovePicker<'a> {
    pos: &'a Position,
    list: &'a mut MoveList,
    /// Moves never handed out (better MultiPV lines; the hash move in a singular search).
    skip: &'a [Move],
    hash_move: Option<Move>,
    /// The variant has a second stage (asked once, not per move).
    has_rest: bool,
    /// The stage's scores, in a buffer the caller keeps (no allocation per node).
    scores: &'a mut Scores,
    /// The stage's list was long when scored (`score::next`).
    long: bool,
    /// The stage's list has been scored (`scores` is its scores).
    scored: bool,
    /// The hash move stands first in the stage's list, handed out unscored.
    hash_in_front: bool,
    /// A long list's hash move is handed out before the list is scored
    /// (`Features::hash_move_unscored`).
    hash_move_unscored: bool,
    /// The next index of `list` to hand out, once the stage is scored.
    next: Option<usize>,
    rest_done: bool,
    rest_limit: Option<usize>,
    done: bool,
    /// Moves handed out so far (both stages), and second-stage moves among them.
    tried: usize,
    rest_tried: usize,
    /// First-stage moves that gave check, and the enemy king's neighbours.
    checks: Vec<(Square, Square)>,
    escapes: Bitboard,
    /// The neutral moves that alone would give check, once the limit is reached.
    neutral_checks: Option<NeutralMoves>,
    /// The rest of the list holds forcing moves only (the limit was reached).
    narrowed: bool,
}

impl<'a> MovePicker<'a> {
    /// `list` holds the first stage (or both, then `rest_done`: see `first_moves`);
    /// `scores` is room for its scores; `rest_limit` is how many second-stage moves
    /// to try (`None`: all).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        pos: &'a Position,
        list: &'a mut MoveList,
        scores: &'a mut Scores,
        skip: &'a [Move],
        hash_move: Option<Move>,
        rest_done: bool,
        rest_limit: Option<usize>,
    ) -> MovePicker<'a> {
        MovePicker {
            pos,
            list,
            skip,
            hash_move,
            has_rest: has_rest_stage(pos.variant()),
            scores,
            long: false,
            scored: false,
            hash_in_front: false,
            hash_move_unscored: false,
            next: None,
            rest_done,
            rest_limit,
            done: false,
            tried: 0,
            rest_tried: 0,
            checks: Vec::new(),
            escapes: Bitboard::EMPTY,
            neutral_checks: None,
            narrowed: false,
        }
    }

    /// Where the search asks for it (`unscored_hash_move`), hands out the hash move of
    /// a long list before scoring the list.
    pub fn unscored_hash_move(mut self, on: bool) -> MovePicker<'a> {
        self.hash_move_unscored = on;
        self
    }

    /// The next move to try, or `None` when the node has no more. Each stage is scored
    /// when its first move is needed (but for an unscored hash move), so the second
    /// stage's order sees what the first one taught `ordering`.
    #[inline(always)]
    pub fn next_move(&mut self, ordering: &Ordering) -> Option<Picked> {
        while !self.done {
            let Some(i) = self.next else {
                self.begin_stage();
                continue;
            };
            if i == self.list.len() {
                self.next_stage();
                continue;
            }
            self.next = Some(i + 1);
            if !(i == 0 && self.hash_in_front) {
                if !self.scored {
                    score::score(ordering, self.pos, self.list, self.hash_move, self.scores);
                    self.long = is_long(self.list);
                    self.scored = true;
                }
                next(self.list, self.scores, i, self.long);
            }
            let m = self.list[i];
            let stage = self.stage_of(m);
            if stage == Stage::Rest {
                if !self.narrowed
                    && self.tried > 0
                    && self.rest_limit.is_some_and(|l| self.rest_tried >= l)
                {
                    // The limit is reached: from here on, the forcing moves alone.
                    self.narrow(i);
                    self.next = Some(i);
                    continue;
                }
                self.rest_tried += 1;
            }
            let index = self.tried;
            self.tried += 1;
            return Some(Picked { m, stage, index });
        }
        None
    }

    /// A stage's list is ready to hand out. Where the hash move goes unscored, the
    /// node's first list has it moved to the front, the others keeping their order.
    fn begin_stage(&mut self) {
        self.scored = false;
        self.hash_in_front = false;
        if self.hash_move_unscored && self.tried == 0 && is_long(self.list) {
            let hash = self.hash_move;
            if let Some(h) = self.list.iter().position(|&m| Some(m) == hash) {
                self.list[..=h].rotate_right(1);
                self.hash_in_front = true;
            }
        }
        self.next = Some(0);
    }

    /// The stage that generates `m`.
    #[inline]
    fn stage_of(&self, m: Move) -> Stage {
        if self.has_rest && m.extra.is_some() {
            Stage::Rest
        } else {
            Stage::First
        }
    }

    /// The first stage is used up: the second, unless it is done; limited to none,
    /// only its forcing moves.
    fn next_stage(&mut self) {
        if self.rest_done {
            self.done = true;
            return;
        }
        self.rest_done = true;
        self.list.clear();
        if self.rest_limit == Some(0) && self.tried > 0 {
            if !self.king_boxed_in() {
                self.neutral_checks = Some(NeutralMoves::default());
            }
            let mut only = self.neutral_checks().clone();
            if !self.checks.is_empty() {
                only = only.join(&neutral_moves_to(self.pos, self.escapes));
            }
            if only.is_empty() {
                self.done = true;
                return;
            }
            rest_with(self.pos, &only, self.list);
        } else {
            staged_moves(self.pos, Stage::Rest, self.list);
        }
        if !self.skip.is_empty() {
            let skip = self.skip;
            self.list.retain(|m| !skip.contains(m));
        }
        self.next = None;
    }

    /// The neutral moves that alone would give check (asked once).
    fn neutral_checks(&mut self) -> &NeutralMoves {
        let pos = self.pos;
        self.neutral_checks
            .get_or_insert_with(|| neutral_checks(pos))
    }

    /// Whether the enemy king has few squares of its own to go to
    /// (`FRONTIER_CHECK_ESCAPES`), so that a check may mate.
    fn king_boxed_in(&self) -> bool {
        let pos = self.pos;
        let Some(king) = pos.royals(!pos.side()).single() else {
            return false;
        };
        let blocked = pos.them() | pos.all_neutral();
        (pos.tables().king[king.idx()] & !blocked).count() <= FRONTIER_CHECK_ESCAPES
    }

    /// Keeps, from index `i` on, only the forcing second-stage moves (see the type's
    /// comment), in their order.
    fn narrow(&mut self, i: usize) {
        self.narrowed = true;
        self.neutral_checks();
        let (checks, escapes) = (&self.checks, self.escapes);
        let neutral = self.neutral_checks.as_ref().expect("just set");
        let forcing = |m: Move| {
            m.extra.is_some_and(|(a, b)| {
                neutral.has(a, b) || escapes.has(b) && checks.contains(&(m.from, m.to))
            })
        };
        let mut kept = i;
        for j in i..self.list.len() {
            let m = self.list[j];
            // A list that holds both stages (`first_moves`) keeps its first-stage moves.
            if self.stage_of(m) == Stage::First || forcing(m) {
                self.list[kept] = m;
                self.scores.values[kept] = self.scores.values[j];
                kept += 1;
            }
        }
        self.list.truncate(kept);
        self.scores.values.truncate(kept);
    }

    /// The move just handed out gave check: where second-stage moves are limited, the
    /// forms of a first-stage check that cover the king's escapes are still tried.
    pub fn gave_check(&mut self, picked: Picked) {
        if !self.has_rest || picked.stage != Stage::First || self.rest_limit.is_none() {
            return;
        }
        if self.checks.is_empty() {
            // A check was given, so the enemy has a king.
            let pos = self.pos;
            self.escapes = pos.tables().king[pos.royal(!pos.side()).idx()];
        }
        self.checks.push((picked.m.from, picked.m.to));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::format_move;
    use crate::search::history::History;
    use crate::variant::Variant;

    fn quiescence_moves(variant: Variant, fen: &str) -> Vec<String> {
        let pos = Position::from_fen(variant, fen).unwrap();
        let mut list = crate::rules::move_list(variant);
        tactical_moves_and_checks(&pos, &mut list);
        let mut moves: Vec<String> = list.iter().map(|&m| format_move(&pos, m)).collect();
        moves.sort();
        moves
    }

    #[test]
    fn quiescence_checks_are_the_quiet_moves_that_attack_the_royal_knight() {
        // The queen on d1 checks the royal knight on e8 from d8, d7, e2, h5 and a4,
        // the queen on a1 from a4, e5 and h8; the capture on a7 comes too; no other
        // quiet move.
        let moves = quiescence_moves(Variant::Knightmate, "4k3/p7/8/8/8/8/8/Q2QK3 w - - 0 1");
        let mut want = vec![
            "d1d8", "d1d7", "d1e2", "d1h5", "d1a4", "a1a4", "a1e5", "a1h8", "a1a7",
        ];
        want.sort();
        assert_eq!(moves, want);
    }

    /// The moves a picker hands out, as text, with a second-stage limit.
    fn picked(variant: Variant, fen: &str, limit: Option<usize>) -> Vec<String> {
        let pos = Position::from_fen(variant, fen).unwrap();
        let mut list = crate::rules::move_list(variant);
        let rest_done = first_moves(&pos, &mut list, false, None);
        let history = History::default();
        let ordering = Ordering::history_only(&history);
        let mut scores = Scores::default();
        let mut picker = MovePicker::new(&pos, &mut list, &mut scores, &[], None, rest_done, limit);
        let mut out = Vec::new();
        while let Some(p) = picker.next_move(&ordering) {
            out.push(format_move(&pos, p.m));
        }
        out
    }

    #[test]
    fn past_the_limit_the_picker_hands_out_checks_by_a_neutral_move_alone() {
        // The stone a5 stepping to b5 uncovers the rook a1's check, whatever piece
        // moves; no other neutral step checks, and no piece move does.
        let fen = "kr6/1p6/8/8/S7/8/8/6PP/R6K w - - 0 1";
        let all = picked(Variant::StonesRelays, fen, None);
        let plain: Vec<&String> = all.iter().filter(|m| !m.contains(',')).collect();
        for limit in [Some(0), Some(3)] {
            let some = picked(Variant::StonesRelays, fen, limit);
            let (first, rest): (Vec<&String>, Vec<&String>) =
                some.iter().partition(|m| !m.contains(','));
            assert_eq!(first, plain, "limit {limit:?}");
            let past = &rest[limit.unwrap()..];
            assert!(past.iter().all(|m| m.ends_with(",a5b5")), "{past:?}");
            let wanted = all.iter().filter(|m| m.ends_with(",a5b5")).count();
            let seen = rest.iter().filter(|m| m.ends_with(",a5b5")).count();
            assert_eq!(seen, wanted, "limit {limit:?}: every a5b5 turn");
        }
    }

    /// An unscored hash move comes first; the others come in the order they would
    /// have had (the ordering memory being the same), and none twice.
    #[test]
    fn an_unscored_hash_move_leads_a_long_list_in_its_scored_order() {
        let pos = Position::startpos(Variant::FlipShatranj);
        let mut list = crate::rules::move_list(pos.variant());
        let rest_done = first_moves(&pos, &mut list, false, None);
        let hash = list[list.len() / 2];
        let history = History::default();
        let ordering = Ordering::history_only(&history);
        let order = |unscored: bool| {
            let mut list = list.clone();
            let mut scores = Scores::default();
            let mut picker = MovePicker::new(
                &pos,
                &mut list,
                &mut scores,
                &[],
                Some(hash),
                rest_done,
                None,
            )
            .unscored_hash_move(unscored);
            let mut out = Vec::new();
            while let Some(p) = picker.next_move(&ordering) {
                out.push(p.m);
            }
            out
        };
        let (scored, unscored) = (order(false), order(true));
        assert_eq!(unscored[0], hash);
        assert_eq!(unscored, scored);
        assert_eq!(unscored.len(), list.len());
    }

    #[test]
    fn quiescence_checks_leave_other_variants_with_their_tactical_moves() {
        let fen = "4k3/p7/8/8/8/8/8/Q2QK3 w - - 0 1";
        // Quiescence's first-ply list and its plain tactical list, in `variant`.
        let lists = |variant| {
            let pos = Position::from_fen(variant, fen).unwrap();
            let (mut a, mut b) = (
                crate::rules::move_list(variant),
                crate::rules::move_list(variant),
            );
            tactical_moves_and_checks(&pos, &mut a);
            tactical_moves(&pos, &mut b);
            (a, b)
        };
        let (a, b) = lists(Variant::Chess);
        assert!(a.len() > b.len(), "chess has quiet checks too");
        let (a, b) = lists(Variant::KnightRelay);
        assert_eq!(a.as_slice(), b.as_slice());
    }
}
