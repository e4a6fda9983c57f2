//! One search thread: principal-variation alpha-beta with a transposition table,
//! null-move pruning, late-move reductions, check extension (per variant: see
//! `Features`) and quiescence search.

use super::eval_cache::EvalCache;
use super::history::{piece_target, Histories};
use super::memory::Memory;
use super::movepick::score::Scores;
use super::movepick::see::see_ge;
use super::movepick::{self, MovePicker, MovePolicy, NoRest, Picked, RestStage};
use super::ordering::Ordering;
use super::search_params::*;
use super::stack::{Stack, MAX_PLY};
use super::thread::{Shared, ThreadState};
use super::tt::{Bound, Entry};
use super::{Features, SearchProfile};
use crate::eval::Accumulators;
use crate::eval::{evaluate_with, Style};
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::rules;

pub const INFINITE: i32 = 32_500;
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates (in plies from the root).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A won position short of mate: the opponent repeated in a variant where repeating
/// loses.
pub const REPETITION_WIN: i32 = 20_000;

/// The room `Worker::quiets` starts with: the quiet moves searched at the nodes of
/// one line together (it grows if a line needs more).
const QUIETS_ROOM: usize = 4096;

/// One search thread: its state (`ThreadState`), its history tables, its stack and
/// buffers, and the search.
pub struct Worker<'a> {
    pub thread: ThreadState<'a>,
    /// Move-ordering and correction history, kept from search to search (`Memory`).
    histories: Histories,
    /// One frame per ply of the line being searched.
    stack: Stack,
    /// Root moves given as better MultiPV lines (or left out by `go searchmoves`):
    /// this iteration's root does not search them.
    root_skip: Vec<Move>,
    /// The quiet moves searched so far at each node of the line, one node's after
    /// its parent's (a node's start at its entry; children take theirs back).
    quiets: Vec<Move>,
    /// Features switched per variant (see `Features`).
    features: Features,
    /// Each pruning technique's parameters for the variant (`Features::pruning`), with
    /// the numbers the search was given in their place (`Params::tune`).
    pruning: PruningParams,
    eval_style: Style,
    eval_cache: EvalCache,
    /// The learned correction's first layer as of the last position evaluated.
    accumulator: Accumulators,
    /// Move lists, sized for the variant (`rules::move_list`; about 170 KB each in
    /// stonesrelays), and room for their scores: reused, one taken per node and given
    /// back when it returns.
    pool: Vec<MoveList>,
    score_pool: Vec<Scores>,
}

/// How `search` takes a node: on the principal variation (no table cutoff), off it,
/// or off it to verify a fail high before a full-window re-search trusts it
/// (`Sharp::verified_fail_high`): then this node alone takes no table cutoff.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pv,
    NonPv,
    VerifyFailHigh,
}

impl Kind {
    fn of(is_pv: bool) -> Kind {
        if is_pv {
            Kind::Pv
        } else {
            Kind::NonPv
        }
    }
}

/// What `search` knows of a node when it comes to its moves: its depth, distance from
/// the root, kind and upper bound, its hash key and entry, whether the side to move is
/// in check, its static evaluation, and whether that improved on two plies ago.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    ply: usize,
    is_pv: bool,
    beta: i32,
    key: u64,
    entry: Option<Entry>,
    in_check: bool,
    /// The evaluation after its correction (`Correction`).
    corrected_eval: i32,
    /// The static score the pruning uses: the corrected one, or the hash table's
    /// stored score where that is the better guess.
    static_eval: i32,
    improving: bool,
}

/// What the singular-extension test found.
enum Singular {
    /// The hash move is singular: extend it.
    Extend(Move),
    /// The node fails high even without the hash move (or the search stopped).
    Cutoff(i32),
    No,
}

impl<'a> Worker<'a> {
    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        history: &[u64],
        variant: crate::variant::Variant,
        eval_style: Style,
        memory: Option<&Memory>,
        tune: super::Tune,
    ) -> Worker<'a> {
        let features = variant.features().for_thread(id);
        let histories = match memory {
            Some(m) => m.take(id, variant, features.follow_up_plies()),
            None => Histories::new(features.follow_up_plies()),
        };
        Worker {
            thread: ThreadState::new(id, shared, history),
            histories,
            stack: Stack::new(-INFINITE),
            root_skip: Vec::new(),
            quiets: Vec::with_capacity(QUIETS_ROOM),
            features,
            pruning: tune.apply(features.pruning()),
            // `Default` resolved to the variant's own once, not at every evaluation.
            eval_style: eval_style.of(variant),
            eval_cache: EvalCache::new(),
            accumulator: Accumulators::default(),
            pool: Vec::new(),
            score_pool: Vec::new(),
        }
    }

    /// Keeps this thread's history tables for the next search.
    pub fn keep_memory(self, memory: Option<&Memory>, variant: crate::variant::Variant) {
        if let Some(m) = memory {
            m.give(self.thread.id, variant, self.histories);
        }
    }

    pub fn pv(&self) -> &[Move] {
        &self.stack[0].pv
    }

    /// Searches the root with an aspiration window around the previous score; `skip`
    /// are root moves already given as better MultiPV lines (or left out by `go
    /// searchmoves`).
    pub fn search_root(
        &mut self,
        pos: &Position,
        depth: i32,
        previous: Option<i32>,
        skip: &[Move],
    ) -> Option<i32> {
        self.search_root_above(pos, depth, previous, skip, None)
    }

    /// `search_root`, where only a score of at least `floor` matters (a weakened
    /// search's further lines, `skill::Skill::largest_deficit`): the window never
    /// reaches below it, and a root that fails low there returns at once with its
    /// score, an upper bound below `floor`, rather than widening the window down to
    /// the exact score nobody will use.
    pub fn search_root_above(
        &mut self,
        pos: &Position,
        depth: i32,
        previous: Option<i32>,
        skip: &[Move],
        floor: Option<i32>,
    ) -> Option<i32> {
        self.thread.begin_iteration(depth);
        self.root_skip.clear();
        self.root_skip.extend_from_slice(skip);
        self.quiets.clear();
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match previous {
            Some(s)
                if self.features.aspiration
                    && depth >= ASPIRATION_DEPTH
                    && s.abs() < MATE_BOUND =>
            {
                (s - delta, s + delta)
            }
            _ => (-INFINITE, INFINITE),
        };
        // Just below the floor, so that a score at the floor is exact.
        let lowest = floor.map_or(-INFINITE, |f| (f - 1).max(-INFINITE));
        if alpha < lowest {
            alpha = lowest;
            if beta <= alpha {
                beta = INFINITE;
            }
        }
        loop {
            let score = self.search(pos, alpha, beta, depth, 0, Kind::Pv);
            if self.thread.stopped() {
                return None;
            }
            if score <= alpha && alpha <= lowest {
                return Some(score);
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(lowest);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return Some(score);
            }
            delta += delta / 2 + ASPIRATION_GROWTH;
        }
    }

    /// Whether the node at `ply` leaves moves out: the root's already reported
    /// MultiPV lines, or a singular-extension search's excluded move. Its result is
    /// then not about the whole node: no table cutoff, null move or store.
    #[inline]
    fn excluding(&self, ply: usize) -> bool {
        self.stack[ply].excluded.is_some() || (ply == 0 && !self.root_skip.is_empty())
    }

    fn search(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        kind: Kind,
    ) -> i32 {
        let is_pv = kind == Kind::Pv;
        self.stack[ply].pv.clear();
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        if self.thread.tick() {
            return 0;
        }
        self.thread.seldepth = self.thread.seldepth.max(ply);
        let root = ply == 0;
        if !root {
            // A captured king ends the game before any static guess: otherwise the
            // pruning on the static score below (reverse futility, the null move)
            // could return the evaluation of a position whose game is already lost,
            // and a move that leaves the king to be taken would look good.
            if rules::royal_lost(pos, pos.side) {
                return self.no_move_score(pos, ply);
            }
            if self.thread.is_repetition(pos) {
                return self.repetition_score(pos, ply);
            }
            if pos.halfmove >= 100 {
                return 0;
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate(pos);
            }
            // Mate distance pruning: no line from here beats a mate already found.
            let (a, b) = (
                alpha.max(-MATE + ply as i32),
                beta.min(MATE - ply as i32 - 1),
            );
            if a >= b {
                return a;
            }
        }

        let key = pos.hash();
        let entry = self.thread.shared.tt.probe(key);
        let hash_move = entry.and_then(|e| e.best);
        // (Not in a search that excludes moves: the entry is about all of them.)
        let excluding = self.excluding(ply);
        if let Some(s) = entry
            .filter(|e| kind == Kind::NonPv && e.depth >= depth && !excluding)
            .and_then(|e| tt_cutoff(e, alpha, beta, ply))
        {
            return s;
        }

        // Internal iterative reduction: without a hash move this node was not searched
        // before (or lost its entry); a shallower search costs less and fills the
        // table for the next iteration.
        let depth = if self.features.sharp.internal_iterative_reduction
            && hash_move.is_none()
            && depth >= IIR_DEPTH
            && !root
        {
            depth - 1
        } else {
            depth
        };

        // Pruning on the static evaluation comes before the moves are generated: the
        // nodes it cuts never need them (knightmate's bench ~2% faster). A stalemate
        // can hide behind it, as in Stockfish.
        // Without check, a king the opponent could capture next turn is the same
        // emergency: no pruning on the static evaluation.
        let in_check = rules::king_in_danger(pos);
        let corrected_eval = if in_check {
            -INFINITE
        } else {
            self.corrected_eval(pos)
        };
        self.stack[ply].static_eval = corrected_eval;
        // Better than two plies ago: pruning on the static score is safer (the
        // position is going our way), late moves are reduced less.
        let improving = !in_check && ply >= 2 && corrected_eval > self.stack[ply - 2].static_eval;
        // A stored search result is a better guess than the static score where its
        // bound points the same way (as in Stockfish): the pruning below uses it.
        // (`tt_cutoff` with the static score as both bounds: an entry whose bound
        // settles the static score's window is the better guess.)
        let static_eval = entry
            .filter(|_| self.features.sharp.stored_score_as_eval && !in_check)
            .and_then(|e| tt_cutoff(e, corrected_eval, corrected_eval, ply))
            .filter(|s| s.abs() < MATE_BOUND)
            .unwrap_or(corrected_eval);

        if !is_pv && !in_check && !root {
            // Reverse futility: far above beta with little depth left.
            let rfp = self.pruning.reverse_futility;
            if depth <= rfp.depth
                && static_eval - rfp.margin(depth, improving) >= beta
                && beta.abs() < MATE_BOUND
            {
                return static_eval;
            }
            // Null move: if passing still fails high, a real move surely would.
            if self.features.null_move
                && !excluding
                && depth >= NULL_MIN_DEPTH
                && static_eval >= beta
                && has_pieces(pos)
                && beta.abs() < MATE_BOUND
            {
                let r = self.pruning.null_move.reduction(depth, static_eval - beta);
                let child = rules::play_null(pos);
                self.thread.push_position(pos, &child);
                self.stack[ply].move_key = None;
                let score = -self.search(
                    &child,
                    -beta,
                    -beta + 1,
                    depth - 1 - r,
                    ply + 1,
                    Kind::NonPv,
                );
                self.thread.pop_position();
                if self.thread.stopped() {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        let mut list = self.take_list(pos.variant);
        let rest_done = movepick::first_moves(pos, &mut list, root, hash_move);
        let node = Node {
            depth,
            ply,
            is_pv,
            beta,
            key,
            entry,
            in_check,
            corrected_eval,
            static_eval,
            improving,
        };
        let mut scores = self.take_scores(pos.variant);
        // The picker keeps the variant's own second-stage state (`MovePolicy::Rest`).
        let score = crate::rules::dispatch!(pos.variant, R => self
            .search_moves::<<R as MovePolicy>::Rest>(pos, &mut list, &mut scores, rest_done, alpha, node));
        self.pool.push(list);
        self.score_pool.push(scores);
        score
    }

    /// The moves of a node, in the order the search takes its steps: (1) drop the moves
    /// the node leaves out (`excluding`), (2) test the hash move for a singular extension, (3) for
    /// each move the picker hands out (by stage and ordering, the second stage
    /// generated when the first gave no cutoff, and limited at shallow nodes),
    /// (3a) skip the moves that pruning rules out, (3b) play it with its extension,
    /// (3c) search it (late-move reduction, principal variation), (3d) keep the best
    /// and stop at a cutoff; (4) store the result.
    fn search_moves<S: RestStage>(
        &mut self,
        pos: &Position,
        list: &mut MoveList,
        scores: &mut Scores,
        rest_done: bool,
        mut alpha: i32,
        node: Node,
    ) -> i32 {
        let Node {
            depth,
            ply,
            is_pv,
            beta,
            in_check,
            ..
        } = node;
        let hash_move = node.entry.and_then(|e| e.best);

        // Step 1. The moves left out: those given as better MultiPV lines at the root
        // (the root's list holds both stages, so the picker needs no more), the hash
        // move in a singular-extension search below it.
        let excluding = self.excluding(ply);
        let excluded = self.stack[ply].excluded;
        if ply == 0 && !self.root_skip.is_empty() {
            let skip = &self.root_skip;
            list.retain(|m| !skip.contains(m));
        }
        if let Some(x) = excluded {
            list.retain(|m| *m != x);
        }
        if list.is_empty() {
            return if excluding {
                -INFINITE
            } else {
                self.no_move_score(pos, ply)
            };
        }

        // Step 2. Singular extension.
        let singular = match self.singular_extension(pos, excluding, node) {
            Singular::Cutoff(score) => return score,
            Singular::Extend(m) => Some(m),
            Singular::No => None,
        };

        let mut best_score = -INFINITE;
        let mut best_move = None;
        let original_alpha = alpha;
        // This node's quiet moves go on `quiets` from here.
        let quiets_from = self.quiets.len();
        // Step 3. The moves, stage by stage, best-ordered first; shallow nodes try
        // only the best few of the second stage (`MovePicker`).
        let rest_limit = if in_check {
            None
        } else {
            rest_limit(depth, is_pv, ply == 0)
        };
        // PV nodes with a second stage keep its mates in one past the limit; the test
        // counts replies in a list from the pool.
        let mut mate_room =
            (is_pv && S::EXISTS && rest_limit.is_some()).then(|| self.take_list(pos.variant));
        let mut picker = MovePicker::<S>::new(
            pos,
            list,
            scores,
            excluded.as_slice(),
            hash_move,
            rest_done,
            rest_limit,
        )
        .unscored_hash_move(self.features.hash_move_unscored)
        .keep_mates(mate_room.as_mut());
        while let Some(picked) = self.next_move(&mut picker, best_score, ply) {
            let Picked { m, index, .. } = picked;
            let capture = captures_or_promotes(pos, m);

            // Step 3a. Pruning before the move is played.
            if best_score > -MATE_BOUND && self.prune(pos, m, capture, index, alpha, node) {
                continue;
            }

            // Step 3b. Play the move. Checks are extended unless they lose material
            // (those rarely matter and would lengthen every line); a discovered check
            // even then, as in Stockfish: the piece that moved is not what checks, and
            // taking it does not answer the check.
            let child = pos.play(m);
            self.thread.shared.tt.prefetch(child.hash());
            let gives_check = is_check(&child);
            if gives_check {
                picker.gave_check(picked);
            }
            let extension = i32::from(
                singular == Some(m)
                    || gives_check
                        && self.features.check_extension
                        && (see_ge(pos, m, 0) || rules::discovered_check(&child, m)),
            );
            let new_depth = depth - 1 + extension;

            // Step 3c. Search it.
            self.thread.push_position(pos, &child);
            self.stack[ply].move_key = piece_target(pos, m);
            let quiet = !capture && !gives_check;
            let score = self.search_child(pos, &child, m, index, quiet, new_depth, alpha, node);
            self.thread.pop_position();
            if self.thread.stopped() {
                return 0;
            }

            // Step 3d. A new best move; a cutoff ends the node.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if is_pv {
                        self.stack.update_pv(ply, m);
                    }
                    if score >= beta {
                        if !capture {
                            self.stack.add_killer(ply, m);
                            let line = self.stack.line(ply);
                            let tried = &self.quiets[quiets_from..];
                            self.histories.moves.reward(pos, m, depth, line, tried);
                        }
                        break;
                    }
                }
            }
            if !capture {
                self.quiets.push(m);
            }
        }
        self.quiets.truncate(quiets_from);
        if let Some(room) = mate_room {
            self.pool.push(room);
        }

        // Step 4. Store the result (not in a search that excludes moves), and learn
        // from it how far the static score was off.
        let bound = bound_of(best_score, original_alpha, beta);
        if !excluding {
            self.learn_correction(pos, node, best_move, best_score, bound);
            self.thread.shared.tt.store(
                node.key,
                best_move.or(hash_move),
                score_to_tt(best_score, ply),
                depth,
                bound,
            );
        }
        best_score
    }

    /// The node's next move (step 3). Where the moves run out, every one searched lost
    /// to mate and the second-stage limit held turns back, those are searched too: a
    /// mated score is stored and passed up as a proof (the parent reports it as a
    /// mate), so it must have seen every defence. A bound that is no mate instead
    /// would be cheaper but would hide the mate the parent could have proven, and such
    /// nodes are rare (the limit applies only where a move was searched and no check
    /// is on the board).
    #[inline(always)]
    fn next_move<S: RestStage>(
        &self,
        picker: &mut MovePicker<S>,
        best_score: i32,
        ply: usize,
    ) -> Option<Picked> {
        let ordering = self.ordering(ply);
        picker.next_move(&ordering).or_else(|| {
            (best_score <= -MATE_BOUND && picker.widen())
                .then(|| picker.next_move(&ordering))
                .flatten()
        })
    }

    /// Records in the correction history what this node's search found, where it says
    /// something about the static score (after Stockfish): not in check, not where a
    /// capture or promotion was best (the static score does not pretend to see
    /// them), and not a bound on the side the static score already lies on (a fail
    /// high at or below it, a fail low at or above it).
    fn learn_correction(
        &mut self,
        pos: &Position,
        node: Node,
        best_move: Option<Move>,
        best_score: i32,
        bound: Bound,
    ) {
        if !self.features.sharp.correction_history
            || node.in_check
            || best_score.abs() >= MATE_BOUND
            || best_move.is_some_and(|m| captures_or_promotes(pos, m))
        {
            return;
        }
        // The score the node pruned with, not the entry as its subtree left it.
        let eval = node.corrected_eval;
        if bound == Bound::Lower && best_score <= eval
            || bound == Bound::Upper && best_score >= eval
        {
            return;
        }
        self.histories
            .correction
            .update(pos, node.depth, eval, best_score);
    }

    /// The static score of `pos`, corrected by the correction history where the
    /// variant uses one.
    #[inline]
    fn corrected_eval(&mut self, pos: &Position) -> i32 {
        let raw_eval = self.evaluate(pos);
        if self.features.sharp.correction_history {
            self.histories.correction.apply(pos, raw_eval)
        } else {
            raw_eval
        }
    }

    /// Singular extension: when the hash move is the only good move (every other
    /// fails low, searched to half the depth, against a bound just below the hash
    /// move's score) it is searched a ply deeper; when even without it the node fails
    /// high, it fails high now (multi-cut).
    fn singular_extension(&mut self, pos: &Position, excluding: bool, node: Node) -> Singular {
        let Node {
            depth, ply, beta, ..
        } = node;
        let Some((m, tt_score)) = node
            .entry
            .filter(|_| {
                self.features.sharp.singular_extension
                    && ply > 0
                    && !excluding
                    && depth >= SINGULAR_DEPTH
                    && (ply as i32) < 2 * self.thread.root_depth
            })
            .filter(|e| e.depth >= depth - SINGULAR_ENTRY_SHALLOWER && e.bound != Bound::Upper)
            .and_then(|e| Some((e.best?, score_from_tt(e.score, ply))))
            .filter(|&(_, s)| s.abs() < MATE_BOUND)
        else {
            return Singular::No;
        };
        let singular_beta = tt_score - SINGULAR_MARGIN * depth;
        self.stack[ply].excluded = Some(m);
        let score = self.search(
            pos,
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            Kind::NonPv,
        );
        self.stack[ply].excluded = None;
        if self.thread.stopped() {
            return Singular::Cutoff(0);
        }
        if score < singular_beta {
            Singular::Extend(m)
        } else if singular_beta >= beta {
            Singular::Cutoff(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Whether a shallow node skips move `m` (the `index`th tried) without searching
    /// it, once a move has been searched and no mate is in play: late or
    /// hopeless quiet moves (move-count, futility and history pruning) unless they
    /// give check, moves that lose material in the exchange, near-duplicate quiet
    /// moves. Never at the root or in check; at other PV nodes only with
    /// `Sharp::pv_pruning`.
    #[inline(always)]
    fn prune(
        &self,
        pos: &Position,
        m: Move,
        capture: bool,
        index: usize,
        alpha: i32,
        node: Node,
    ) -> bool {
        let Node {
            depth,
            ply,
            is_pv,
            in_check,
            static_eval,
            improving,
            ..
        } = node;
        if in_check || (is_pv && (ply == 0 || !self.features.sharp.pv_pruning)) {
            return false;
        }
        let quiet = self.pruning.quiet;
        if !capture
            && depth <= quiet.depth
            && alpha.abs() < MATE_BOUND
            && (index >= quiet.late_moves(depth, improving)
                || self.hopeless_quiet(pos, m, static_eval, alpha, depth, index, ply))
            // A checking move is not skipped: playing it is what tells (only where
            // the variant has checks: in flipshatranj, playing every skipped move
            // took a third of its bench's time).
            && !gives_check(pos, m)
        {
            return true;
        }
        // Captures losing more than a pawn a ply, quiet moves that leave the piece to
        // be taken.
        if depth <= SEE_PRUNE_DEPTH && index > 0 && m.promotion.is_none() {
            let threshold = if capture {
                -SEE_CAPTURE_MARGIN * depth
            } else {
                -SEE_QUIET_MARGIN * depth * depth
            };
            if !see_ge(pos, m, threshold) {
                return true;
            }
        }
        depth <= REDUNDANT_DEPTH && index > 0 && !capture && movepick::is_redundant_quiet(pos, m)
    }

    /// Searches the child after move `m` (the `index`th tried): the first move with
    /// the full window, the others with a null window, late quiet ones shallower first
    /// (late-move reduction), and again with the full window where one beats alpha at
    /// a PV node.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_child(
        &mut self,
        pos: &Position,
        child: &Position,
        m: Move,
        index: usize,
        quiet: bool,
        new_depth: i32,
        alpha: i32,
        node: Node,
    ) -> i32 {
        let (depth, ply, is_pv, beta) = (node.depth, node.ply, node.is_pv, node.beta);
        if index == 0 {
            return -self.search(child, -beta, -alpha, new_depth, ply + 1, Kind::of(is_pv));
        }
        let mut reduction = 0;
        if self.features.lmr
            && depth >= LMR_MIN_DEPTH
            && index >= LMR_MIN_INDEX
            && quiet
            && !node.in_check
        {
            reduction = lmr(depth, index);
            if is_pv {
                reduction -= 1;
            }
            if self.features.sharp.reductions_by_history {
                if !node.improving {
                    reduction += 1;
                }
                // Moves that cut off often elsewhere are reduced less.
                reduction -= self.quiet_history(pos, m, ply) / HISTORY_PER_PLY;
            }
            // Where the hash move takes something, quiet moves rarely do better.
            if self.features.sharp.capture_hash_reduction && hash_move_captures(pos, node.entry) {
                reduction += 1;
            }
            reduction = reduction.clamp(0, new_depth - 1);
        }
        // The null-window search of the child, to a depth, as a kind of node.
        let null_window =
            |w: &mut Self, depth, kind| -w.search(child, -alpha - 1, -alpha, depth, ply + 1, kind);
        let mut score = null_window(self, new_depth - reduction, Kind::NonPv);
        if score > alpha && reduction > 0 {
            score = null_window(self, new_depth, Kind::NonPv);
        }
        // A fail high at a PV node is checked before the costly full-window re-search
        // trusts it: the same null-window search, without the child's own table
        // cutoff. With several threads the child's entry may be another thread's
        // bound from a deeper iteration, of the other parity where the score swings
        // from depth to depth (flipshatranj), and the re-search then fails low at the
        // cost of a whole principal subtree.
        if score > alpha && score < beta && is_pv && self.features.sharp.verified_fail_high {
            score = null_window(self, new_depth, Kind::VerifyFailHigh);
        }
        if score > alpha && score < beta && is_pv {
            score = -self.search(child, -beta, -alpha, new_depth, ply + 1, Kind::Pv);
        }
        score
    }

    /// Whether a quiet move is not worth searching at a shallow node: at the depth
    /// `QuietPruning` judges it at, the static score plus a margin growing with that
    /// depth stays below alpha (futility), or its history is bad enough that it hardly
    /// ever cuts off (history pruning).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn hopeless_quiet(
        &self,
        pos: &Position,
        m: Move,
        static_eval: i32,
        alpha: i32,
        depth: i32,
        index: usize,
        ply: usize,
    ) -> bool {
        let quiet = self.pruning.quiet;
        let judged = quiet.judged_depth(depth, index);
        if static_eval + quiet.futility_base + quiet.futility_margin * judged <= alpha {
            return true;
        }
        judged <= quiet.history_depth && self.quiet_history(pos, m, ply) < -HISTORY_PRUNE * depth
    }

    fn qsearch(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        if self.thread.tick() {
            return 0;
        }
        self.thread.seldepth = self.thread.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        // A stored result bounds this one if its search looked at as much.
        let key = pos.hash();
        // (The table depth only where quiescence uses the table.)
        let qdepth = self
            .features
            .sharp
            .quiescence_hash
            .then(|| self.qsearch_depth(pos, qply));
        if let Some(s) = qdepth
            .and_then(|d| self.thread.shared.tt.probe(key).filter(|e| e.depth >= d))
            .and_then(|e| tt_cutoff(e, alpha, beta, ply))
        {
            return s;
        }
        let mut list = self.take_list(pos.variant);
        let mut scores = self.take_scores(pos.variant);
        let score = self.qsearch_moves(pos, &mut list, &mut scores, alpha, beta, ply, qply);
        self.pool.push(list);
        self.score_pool.push(scores);
        if let Some(qdepth) = qdepth.filter(|_| !self.thread.stopped()) {
            let bound = bound_of(score, alpha, beta);
            self.thread
                .shared
                .tt
                .store(key, None, score_to_tt(score, ply), qdepth, bound);
        }
        score
    }

    /// The table depth of a quiescence node, by what its search looks at (after
    /// Stockfish's `DEPTH_QS_CHECKS` and `DEPTH_QS_NO_CHECKS`): 0 in the plies that
    /// answer a check (or a threatened king) with evasions, -1 in those beyond, which
    /// stand pat even then. A result from beyond never settles a node that answers:
    /// a stand pat in check at the seventh ply is no answer at the first. (The first
    /// ply's quiet checks, knightmate's, are not told apart: that cost 23% more nodes
    /// in its bench.)
    fn qsearch_depth(&self, pos: &Position, qply: usize) -> i32 {
        if qply < self.evasion_plies(pos) {
            0
        } else {
            -1
        }
    }

    /// How many quiescence plies answer a check with evasions (where the variant has
    /// checks), or a king the opponent could take next with every move (where
    /// `Features::quiescence_threats` says so); none elsewhere. Only the first plies:
    /// where evasions can give check again (a stonesrelays neutral move redirects a
    /// relay), chains of them would never end.
    fn evasion_plies(&self, pos: &Position) -> usize {
        if pos.variant.has_check() {
            QS_CHECK_PLIES
        } else if self.features.quiescence_threats {
            QS_THREAT_PLIES
        } else {
            0
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn qsearch_moves(
        &mut self,
        pos: &Position,
        list: &mut MoveList,
        scores: &mut Scores,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        // A captured king ends the game before any static guess.
        if rules::royal_lost(pos, pos.side) {
            return self.no_move_score(pos, ply);
        }
        // Checks are answered with evasions in the first plies of quiescence
        // (`evasion_plies`). Without check, a king the opponent could take next is the
        // same: standing pat there would miss a mate given by a capture's flip
        // (flipshatranj).
        let in_check = qply < self.evasion_plies(pos) && rules::king_in_danger(pos);
        let mut best = -INFINITE;
        let checks = !in_check && qply == 0 && self.features.quiescence_checks;
        if in_check {
            // Evasions, so that mates are seen.
            movepick::quiescence_evasions(pos, list);
            if list.is_empty() {
                return self.no_move_score(pos, ply);
            }
        } else {
            best = self.corrected_eval(pos);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
            if checks {
                movepick::tactical_moves_and_checks(pos, list);
            } else {
                movepick::tactical_moves(pos, list);
            }
        }
        // Every move of the list, best-ordered first, in one stage.
        // Ordered by history alone: quiescence keeps no killers and follows no line.
        let mut picker = MovePicker::<NoRest>::new(pos, list, scores, &[], None, true, None);
        while let Some(Picked { m, .. }) =
            picker.next_move(&Ordering::history_only(&self.histories.moves))
        {
            if checks && !captures_or_promotes(pos, m) {
                // A quiet check: worth a look unless the checking piece is lost.
                if !see_ge(pos, m, 0) {
                    continue;
                }
            } else if !in_check && m.promotion.is_none() && movepick::gain_is_victim(pos.variant) {
                // Delta pruning: even the captured piece and a margin do not reach
                // alpha. Not a capture that gives check (as in Stockfish): its worth is
                // the check, and the next ply answers it with evasions, so a mate
                // given by a capture is seen (skipping them hid a mate in two from
                // knightmate's depth-1 search). Playing the move only to tell costs
                // nothing measurable: the pruned captures are few.
                let gain = rules::captured_role(pos, m).map_or(0, |r| pos.variant.piece_value(r));
                if best + gain + DELTA_MARGIN <= alpha && !gives_check(pos, m) {
                    continue;
                }
                // A capture that loses material in the exchange.
                if !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.play(m);
            // Only where quiescence nodes probe the table.
            if self.features.sharp.quiescence_hash {
                self.thread.shared.tt.prefetch(child.hash());
            }
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.thread.stopped() {
                return 0;
            }
            if raise(score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        // A mate is a proof only when every defence was searched. Where the evasions
        // were a smaller list (stonesrelays' turns without a neutral move) and each of
        // them lost to mate, the other legal moves are searched too: a neutral move
        // may block the check.
        if in_check && best <= -MATE_BOUND && !movepick::evasions_complete(pos.variant) {
            return self.qsearch_other_evasions(pos, list, best, alpha, beta, ply, qply);
        }
        best
    }

    /// The rest of `qsearch_moves` in check, when the evasions in `list` all lost to
    /// mate and were not every legal move: the legal moves not in `list`, searched in
    /// the order generated. Returns the best score of them all (`best` so far).
    #[allow(clippy::too_many_arguments)]
    fn qsearch_other_evasions(
        &mut self,
        pos: &Position,
        list: &mut MoveList,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        let tried: Vec<Move> = list.iter().copied().collect();
        list.clear();
        rules::legal_moves(pos, list);
        for &m in list.iter() {
            if tried.contains(&m) {
                continue;
            }
            let score = -self.qsearch(&pos.play(m), -beta, -alpha, ply + 1, qply + 1);
            if self.thread.stopped() {
                return 0;
            }
            if raise(score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }

    /// Room for a list's scores from the pool, or new room for the variant's widest
    /// list.
    fn take_scores(&mut self, variant: crate::variant::Variant) -> Scores {
        self.score_pool
            .pop()
            .unwrap_or_else(|| Scores::with_capacity(rules::max_moves(variant)))
    }

    /// What move ordering knows at the node at `ply` (`Ordering`).
    #[inline]
    fn ordering(&self, ply: usize) -> Ordering<'_> {
        Ordering::new(
            &self.histories.moves,
            self.stack.killers(ply),
            self.stack.line(ply),
        )
    }

    /// The history of quiet move `m` at the node at `ply`.
    #[inline]
    fn quiet_history(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        self.histories.moves.quiet(pos, m, self.stack.line(ply))
    }

    /// A cleared list from the pool, or a new one sized for `variant`.
    fn take_list(&mut self, variant: crate::variant::Variant) -> MoveList {
        let mut list = self.pool.pop().unwrap_or_else(|| rules::move_list(variant));
        list.clear();
        list
    }

    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let style = self.eval_style;
        let acc = &mut self.accumulator;
        self.eval_cache
            .get_or(pos.hash(), || evaluate_with(pos, style, acc))
    }

    fn no_move_score(&self, pos: &Position, ply: usize) -> i32 {
        if rules::no_move_is_loss(pos) {
            -MATE + ply as i32
        } else {
            0
        }
    }

    fn repetition_score(&self, pos: &Position, ply: usize) -> i32 {
        if rules::repetition_loses(pos.variant) {
            // The opponent just repeated: the side to move wins.
            REPETITION_WIN - ply as i32
        } else {
            0
        }
    }
}

/// A quiescence move's `score` raises the node's `best` and `alpha`; whether it
/// reaches `beta` (a cutoff: the node is done).
fn raise(score: i32, best: &mut i32, alpha: &mut i32, beta: i32) -> bool {
    *best = (*best).max(score);
    *alpha = (*alpha).max(score);
    score >= beta
}

/// Whether the side to move is in check (never where the variant has no check).
#[inline]
fn is_check(pos: &Position) -> bool {
    pos.variant.has_check() && rules::in_check(pos, pos.side)
}

/// Whether move `m` checks the enemy royal piece, told without playing it: for
/// pruning decisions made before the move is searched.
#[inline]
fn gives_check(pos: &Position, m: Move) -> bool {
    pos.variant.has_check() && rules::gives_check(pos, m)
}

/// A move that changes the material: the search's captures, quiet moves apart.
fn captures_or_promotes(pos: &Position, m: Move) -> bool {
    rules::is_capture(pos, m) || m.promotion.is_some()
}

/// The stored best move of the node takes something.
fn hash_move_captures(pos: &Position, entry: Option<Entry>) -> bool {
    entry
        .and_then(|e| e.best)
        .is_some_and(|h| rules::is_capture(pos, h))
}

/// The side to move has pieces other than pawns and royals (zugzwang is unlikely).
fn has_pieces(pos: &Position) -> bool {
    let us = pos.side;
    (pos.color_bb(us) & !pos.pieces(us, Role::Pawn) & !pos.royals(us)).any()
}

/// What a search's score says about the node, given its window.
fn bound_of(score: i32, alpha: i32, beta: i32) -> Bound {
    if score >= beta {
        Bound::Lower
    } else if score > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// A stored score that settles the node for this window, if the entry's bound does.
fn tt_cutoff(e: super::tt::Entry, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let s = score_from_tt(e.score, ply);
    let usable = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    usable.then_some(s)
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
