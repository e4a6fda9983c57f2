//! Which moves the search tries at a node, and in which order. The rules
//! (`crate::rules`) say which moves are legal and what they do; every choice here is
//! the search's own and may change without changing a perft count:
//!
//! - `MovePolicy`: per variant, the lists the search asks for (quiescence's captures
//!   and checks, its evasions, the two stages of a node), ordering hints and
//!   near-duplicate moves, with orthodox answers by default;
//! - `MovePicker`: a node's moves one at a time, stage by stage, best-ordered first
//!   (after Stockfish's movepick), generic over the variant's second stage
//!   (`RestStage`), of which it knows only what that trait says;
//! - `score`: the order of a stage's moves (from the history in `search::history`,
//!   exchanges and the variant's hints), and picking the best remaining one;
//! - `see`: exchange estimates.
//!
//! Each variant's answers are in its engine profile's file (`crate::profile`); what
//! they share, and the search's own knowledge they use, in `variants.rs`.

pub mod score;
pub mod see;
pub mod variants;

use super::ordering::Ordering;
use crate::moves::{Move, MoveList};
use crate::position::Position;
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

    /// Variant knowledge for move ordering: a bonus per move of `list`, written into
    /// `hints` (cleared first, then one a move in the list's order; the room where the
    /// scores go, which the search thread keeps, so no node allocates). Whether the
    /// variant gives any (by default none, and `hints` is left alone).
    fn order_hints(_pos: &Position, _list: &MoveList, _hints: &mut Vec<i32>) -> bool {
        false
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

    /// The second stage of `staged_moves` (see `Stage`) and what a picker keeps to
    /// limit it: `NoRest` where the first stage holds every move.
    type Rest: RestStage;

    /// Appends the legal moves of one stage to `list`.
    fn staged_moves(pos: &Position, stage: Stage, list: &mut MoveList) {
        if stage == Stage::First {
            Self::generate(pos, list);
        }
    }
}

/// A variant's second stage as a `MovePicker` limits it (`MovePolicy::Rest`): where a
/// node tries only a few second-stage moves, which of the others are still forcing
/// enough to try. The picker holds one, made afresh for each node.
pub trait RestStage: Default {
    /// Whether the second stage can hold moves.
    const EXISTS: bool;

    /// A first-stage move `m` gave check, where second-stage moves are limited.
    fn gave_check(&mut self, pos: &Position, m: Move);

    /// Where no second-stage move is allowed but the forcing ones (a limit of none),
    /// appends just those to `list`; false if there are none.
    fn forcing_moves(&mut self, pos: &Position, list: &mut MoveList) -> bool;

    /// The limit is reached: from now on `is_forcing` is asked.
    fn narrow(&mut self, pos: &Position);

    /// Whether a second-stage move is still tried past the limit (after `narrow`).
    fn is_forcing(&self, m: Move) -> bool;

    /// Whether a turn past the limit that is not forcing is worth testing for a mate
    /// at once (`MovePicker::keep_mates`); the default, every one.
    fn may_mate(&self, _m: Move) -> bool {
        true
    }
}

/// The second stage of a variant that has none.
#[derive(Default)]
pub struct NoRest;

impl RestStage for NoRest {
    const EXISTS: bool = false;
    fn gave_check(&mut self, _pos: &Position, _m: Move) {}
    fn forcing_moves(&mut self, _pos: &Position, _list: &mut MoveList) -> bool {
        false
    }
    fn narrow(&mut self, _pos: &Position) {}
    fn is_forcing(&self, _m: Move) -> bool {
        false
    }
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
pub fn order_hints(pos: &Position, list: &MoveList, hints: &mut Vec<i32>) -> bool {
    dispatch!(pos.variant(), R => <R as MovePolicy>::order_hints(pos, list, hints))
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

/// Whether the variant's second stage can hold moves (`RestStage::EXISTS`).
pub fn has_rest_stage(variant: Variant) -> bool {
    dispatch!(variant, R => <<R as MovePolicy>::Rest as RestStage>::EXISTS)
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
/// only that many second-stage moves, and past it only those its variant's `RestStage`
/// (`S`) calls forcing; a limit of none (depth-1 non-PV nodes) generates only those.
/// The turns held back are searched after all, without a limit, when the search asks
/// for them (`widen`): where every turn tried lost to mate, a mate is no proof without
/// them. Quiescence hands out one list in one stage (`S` is `NoRest`).
pub struct MovePicker<'a, S: RestStage> {
    pos: &'a Position,
    list: &'a mut MoveList,
    /// Moves never handed out (better MultiPV lines; the hash move in a singular search).
    skip: &'a [Move],
    hash_move: Option<Move>,
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
    /// What the variant's second stage keeps to tell its forcing moves.
    rest: S,
    /// The rest of the list holds forcing moves only (the limit was reached).
    narrowed: bool,
    /// Second-stage moves may have been held back by the limit (`widen`).
    limited: bool,
    /// Past the limit, the turns that mate at once are kept too (`keep_mates`), with
    /// this list as room to count a checked side's replies.
    keep_mates: Option<&'a mut MoveList>,
}

impl<'a, S: RestStage> MovePicker<'a, S> {
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
    ) -> MovePicker<'a, S> {
        MovePicker {
            pos,
            list,
            skip,
            hash_move,
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
            rest: S::default(),
            narrowed: false,
            limited: false,
            keep_mates: None,
        }
    }

    /// Past the second-stage limit, keeps also the turns that mate at once (the search
    /// asks for it at PV nodes). A mate in one whose turn is neither forcing by its
    /// variant's rule (`RestStage::is_forcing`) nor ranked within the limit was
    /// otherwise not seen until an iteration deep enough to lift the limit: the
    /// stonesrelays-tunnel level 6 lost two games to such mates, a quiet piece move
    /// whose neutral move then checks (docs/levels.md, "Level 6"). Only checking turns
    /// are played to test for mate, and only mating ones are searched: the tree does
    /// not grow but by them. `scratch` is room for the replies that the test counts
    /// (a list from the search's pool: the search allocates nothing per node); the
    /// search gives one only where the variant has a second stage and a limit.
    pub fn keep_mates(mut self, scratch: Option<&'a mut MoveList>) -> MovePicker<'a, S> {
        self.keep_mates = scratch;
        self
    }

    /// Where the search asks for it (`unscored_hash_move`), hands out the hash move of
    /// a long list before scoring the list.
    pub fn unscored_hash_move(mut self, on: bool) -> MovePicker<'a, S> {
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
            let stage = stage_of::<S>(m);
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
            self.limited = true;
            if !self.rest.forcing_moves(self.pos, self.list) {
                self.done = true;
                return;
            }
        } else {
            staged_moves(self.pos, Stage::Rest, self.list);
        }
        if !self.skip.is_empty() {
            let skip = self.skip;
            self.list.retain(|m| !skip.contains(m));
        }
        self.next = None;
    }

    /// Keeps, from index `i` on, only the first-stage moves and the forcing
    /// second-stage ones (`RestStage::is_forcing`), in their order.
    fn narrow(&mut self, i: usize) {
        self.narrowed = true;
        self.limited = true;
        self.rest.narrow(self.pos);
        let mut kept = i;
        for j in i..self.list.len() {
            let m = self.list[j];
            // A list that holds both stages (`first_moves`) keeps its first-stage moves.
            if stage_of::<S>(m) == Stage::First
                || self.rest.is_forcing(m)
                || self
                    .keep_mates
                    .as_deref_mut()
                    .is_some_and(|scratch| self.rest.may_mate(m) && mates(self.pos, m, scratch))
            {
                self.list[kept] = m;
                self.scores.values[kept] = self.scores.values[j];
                kept += 1;
            }
        }
        self.list.truncate(kept);
        self.scores.values.truncate(kept);
    }

    /// Once `next_move` has no more: the second-stage moves the limit held back, handed
    /// out from now on without a limit (best-ordered first). Whether there are any. The
    /// moves handed out so far are the list's (the limit narrows the list it hands out
    /// and drops only what it holds back), so the held-back ones are the second stage
    /// less those: kept, sorted, in the room `Scores::sorting` (no allocation, and a
    /// binary search for each second-stage move rather than a pass over the list).
    pub fn widen(&mut self) -> bool {
        if !self.limited {
            return false;
        }
        self.limited = false;
        self.rest_limit = None;
        let tried = &mut self.scores.sorting;
        tried.clear();
        tried.extend(self.list.iter().map(|m| m.pack()));
        tried.sort_unstable();
        self.list.clear();
        staged_moves(self.pos, Stage::Rest, self.list);
        let skip = self.skip;
        self.list
            .retain(|m| tried.binary_search(&m.pack()).is_err() && !skip.contains(m));
        if self.list.is_empty() {
            return false;
        }
        self.rest_done = true;
        self.done = false;
        self.next = None;
        true
    }

    /// The move just handed out gave check: where second-stage moves are limited, the
    /// variant's `RestStage` may count some of their forms as forcing.
    pub fn gave_check(&mut self, picked: Picked) {
        if !S::EXISTS || picked.stage != Stage::First || self.rest_limit.is_none() {
            return;
        }
        self.rest.gave_check(self.pos, picked.m);
    }
}

/// Whether the legal turn `m` mates: it checks and leaves no legal reply (counted in
/// `scratch`).
fn mates(pos: &Position, m: Move, scratch: &mut MoveList) -> bool {
    if !rules::gives_check(pos, m) {
        return false;
    }
    let child = pos.play(m);
    scratch.clear();
    rules::count_moves(&child, scratch) == 0
}

/// The stage that generates `m`: a move with a second part, where the variant has a
/// second stage.
#[inline]
fn stage_of<S: RestStage>(m: Move) -> Stage {
    if S::EXISTS && m.extra.is_some() {
        Stage::Rest
    } else {
        Stage::First
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
        type Rest = <crate::rules::stones::StonesRelays as MovePolicy>::Rest;
        let mut picker =
            MovePicker::<Rest>::new(&pos, &mut list, &mut scores, &[], None, rest_done, limit);
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

    /// What a limited picker held back, `widen` hands out: together every legal turn,
    /// each once. And a picker that held nothing back has nothing to widen.
    #[test]
    fn widening_a_limited_picker_hands_out_the_turns_held_back() {
        let fen = "kr6/1p6/8/8/S7/8/8/6PP/R6K w - - 0 1";
        let pos = Position::from_fen(Variant::StonesRelays, fen).unwrap();
        let mut all = crate::rules::move_list(pos.variant());
        crate::rules::legal_moves(&pos, &mut all);
        let mut all: Vec<String> = all.iter().map(|&m| format_move(&pos, m)).collect();
        all.sort();
        let history = History::default();
        let ordering = Ordering::history_only(&history);
        type Rest = <crate::rules::stones::StonesRelays as MovePolicy>::Rest;
        for (limit, root) in [
            (Some(0), false),
            (Some(3), false),
            (Some(3), true),
            (None, false),
        ] {
            let mut list = crate::rules::move_list(pos.variant());
            let rest_done = first_moves(&pos, &mut list, root, None);
            let mut scores = Scores::default();
            let mut picker =
                MovePicker::<Rest>::new(&pos, &mut list, &mut scores, &[], None, rest_done, limit);
            let mut out = Vec::new();
            while let Some(p) = picker.next_move(&ordering) {
                out.push(format_move(&pos, p.m));
            }
            let before = out.len();
            assert_eq!(picker.widen(), limit.is_some(), "limit {limit:?}");
            while let Some(p) = picker.next_move(&ordering) {
                out.push(format_move(&pos, p.m));
            }
            assert!(limit.is_none() || before < out.len(), "limit {limit:?}");
            out.sort();
            assert_eq!(out, all, "limit {limit:?}, root {root}");
            assert!(!picker.widen(), "limit {limit:?}: widened once");
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
            let mut picker = MovePicker::<NoRest>::new(
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
