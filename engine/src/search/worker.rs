//! One search thread: principal-variation alpha-beta with a transposition table,
//! null-move pruning, late-move reductions, check extension (per variant: see
//! `Features`) and quiescence search.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering as AtomicOrdering};
// `std::time::Instant` natively; on WebAssembly, the host's clock (`performance.now()`).
use web_time::Instant;

use super::eval_cache::EvalCache;
use super::memory::Memory;
use super::movepick::see::see_ge;
use super::movepick::{self, MovePicker, Picked};
use super::ordering::{Ordering, MAX_PLY};
use super::search_params::*;
use super::tt::{Bound, Entry, TranspositionTable};
use super::{Features, SearchProfile};
use crate::eval::network::Accumulator;
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

/// What all threads of one search share.
pub struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    /// Set when the search must end: the host's stop, or the main thread finishing.
    pub abort: &'a AtomicBool,
    pub host_stop: &'a AtomicBool,
    pub pondering: &'a AtomicBool,
    pub nodes: &'a AtomicU64,
    pub start: Instant,
    /// Hard limits checked during the search (by every thread).
    pub max_ms: Option<u64>,
    pub max_nodes: Option<u64>,
    /// When pondering ended (`ponderhit`), the clock starts from there.
    pub ponderhit_at: std::sync::Mutex<Option<Instant>>,
    /// The search began as a ponder search.
    pub pondered: bool,
    pub first_iteration_done: AtomicBool,
    /// The deepest iteration a thread has completed (single-line searches only).
    pub deepest: std::sync::Mutex<Option<Completed>>,
    /// `deepest`'s depth (0 before any), read without the lock: a thread whose
    /// iteration is no deeper gives it up (`Worker::superseded`).
    pub deepest_depth: AtomicI32,
}

/// A finished iteration of one thread: its depth, score and principal variation.
#[derive(Clone, Debug)]
pub struct Completed {
    pub depth: i32,
    pub score: i32,
    pub seldepth: usize,
    pub pv: Vec<Move>,
}

impl<'a> Shared<'a> {
    /// A search's shared state as it starts: no iteration completed, the clock from now,
    /// pondering if `pondering` is set.
    pub fn new(
        tt: &'a TranspositionTable,
        abort: &'a AtomicBool,
        host_stop: &'a AtomicBool,
        pondering: &'a AtomicBool,
        nodes: &'a AtomicU64,
        max_ms: Option<u64>,
        max_nodes: Option<u64>,
    ) -> Self {
        Shared {
            tt,
            abort,
            host_stop,
            pondering,
            nodes,
            start: Instant::now(),
            max_ms,
            max_nodes,
            ponderhit_at: std::sync::Mutex::new(None),
            pondered: pondering.load(AtomicOrdering::Relaxed),
            first_iteration_done: AtomicBool::new(false),
            deepest: std::sync::Mutex::new(None),
            deepest_depth: AtomicI32::new(0),
        }
    }

    pub fn elapsed_ms(&self) -> u64 {
        let from = self
            .ponderhit_at
            .lock()
            .ok()
            .and_then(|g| *g)
            .unwrap_or(self.start);
        from.elapsed().as_millis() as u64
    }
    /// False while pondering; the first call after `ponderhit` starts the clock.
    pub fn clock_running(&self) -> bool {
        if self.pondering.load(AtomicOrdering::Relaxed) {
            return false;
        }
        if let Ok(mut at) = self.ponderhit_at.lock() {
            if self.pondered && at.is_none() {
                *at = Some(Instant::now());
            }
        }
        true
    }
    /// Records a thread's finished iteration if it is the deepest so far. Once per
    /// iteration, so the lock costs nothing measurable.
    pub fn publish(&self, depth: i32, score: i32, seldepth: usize, pv: &[Move]) {
        if pv.is_empty() {
            return;
        }
        if let Ok(mut deepest) = self.deepest.lock() {
            if deepest.as_ref().is_none_or(|c| c.depth < depth) {
                *deepest = Some(Completed {
                    depth,
                    score,
                    seldepth,
                    pv: pv.to_vec(),
                });
                self.deepest_depth.store(depth, AtomicOrdering::Relaxed);
            }
        }
    }
    /// A finished iteration deeper than `depth`, if a thread has published one.
    pub fn deeper_than(&self, depth: i32) -> Option<Completed> {
        let deepest = self.deepest.lock().ok()?;
        deepest.as_ref().filter(|c| c.depth > depth).cloned()
    }
    /// Whether to stop now. The host's `stop` waits for the first iteration, so that
    /// even an immediate `stop` is answered with a searched move; running out of time
    /// or nodes does not (the best root move found so far is played then).
    pub fn stopped(&self) -> bool {
        self.abort.load(AtomicOrdering::Relaxed)
            || (self.host_stop.load(AtomicOrdering::Relaxed)
                && self.first_iteration_done.load(AtomicOrdering::Relaxed))
    }
}

pub struct Worker<'a> {
    pub id: usize,
    pub shared: &'a Shared<'a>,
    pub nodes: u64,
    flushed_nodes: u64,
    pub seldepth: usize,
    ordering: Ordering,
    /// Hashes of the game since its last irreversible move and of the current search
    /// path, for repetitions.
    hashes: Vec<u64>,
    /// Per entry of `hashes`: the index of the oldest entry its position may repeat
    /// (the one after the last capture, promotion or fusion), so that the look back
    /// stops there.
    floors: Vec<usize>,
    pv: Vec<Vec<Move>>,
    /// Features switched per variant (see `Features`).
    features: Features,
    eval_style: Style,
    eval_cache: EvalCache,
    /// The learned correction's first layer as of the last position evaluated.
    accumulator: Accumulator,
    /// Move lists, sized for the variant (`rules::move_list`; about 170 KB each in
    /// stonesrelays): reused, one taken per node and given back when it returns.
    pool: Vec<MoveList>,
    /// Length of the game's history (its last entry is the root position).
    root_len: usize,
    /// Static evaluation per ply of the current line (`-INFINITE` in check), to tell
    /// whether the side to move is improving on its previous turn.
    evals: Vec<i32>,
    /// The depth of the current root iteration (extensions stop at twice it).
    root_depth: i32,
    /// Another thread has completed an iteration at least as deep as this one's: this
    /// one is given up (it would only redo that work). Checked with the limits.
    superseded: bool,
}

/// How `search` takes a node: on the principal variation (no table cutoff), off it,
/// or off it to check a fail high before a full-window re-search trusts it
/// (`Sharp::verified_fail_high`): then this node alone takes no table cutoff.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pv,
    NonPv,
    Check,
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
    ) -> Worker<'a> {
        let features = variant.features().for_thread(id);
        let ordering = match memory {
            Some(m) => m.take(id, variant, features.follow_up_plies()),
            None => Ordering::new(features.follow_up_plies()),
        };
        Worker {
            id,
            shared,
            nodes: 0,
            flushed_nodes: 0,
            seldepth: 0,
            ordering,
            hashes: history.to_vec(),
            floors: vec![0; history.len()],
            pv: vec![Vec::new(); MAX_PLY + 1],
            features,
            eval_style,
            eval_cache: EvalCache::new(),
            accumulator: Accumulator::default(),
            pool: Vec::new(),
            root_len: history.len(),
            evals: vec![-INFINITE; MAX_PLY + 2],
            root_depth: 0,
            superseded: false,
        }
    }

    /// Keeps this thread's ordering tables for the next search.
    pub fn keep_memory(self, memory: Option<&Memory>, variant: crate::variant::Variant) {
        if let Some(m) = memory {
            m.give(self.id, variant, self.ordering);
        }
    }

    pub fn pv(&self) -> &[Move] {
        &self.pv[0]
    }

    /// Counts a node; now and then publishes the count and checks the limits.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        // Often enough that `stop` and the clock are obeyed within a few milliseconds
        // even where nodes are slow (stonesrelays: thousands of turns per node). Every
        // thread looks at the clock: when the threads outnumber the free cores, the
        // main thread can be descheduled past the deadline while a helper runs (two
        // threads with one free core overran `go movetime 60` by up to 60 ms when only
        // the main thread looked).
        if self.nodes & 255 == 0 {
            self.flush_nodes();
            self.check_limits();
            self.superseded |=
                self.shared.deepest_depth.load(AtomicOrdering::Relaxed) >= self.root_depth;
        }
        self.stopped()
    }

    /// Whether this iteration ends now: the search stops, or another thread has
    /// completed one as deep (`superseded`).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.superseded || self.shared.stopped()
    }

    /// Whether the last `search_root` was given up because another thread completed an
    /// iteration at least as deep (the search itself goes on).
    pub fn superseded(&self) -> bool {
        self.superseded && !self.shared.stopped()
    }

    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed_nodes, AtomicOrdering::Relaxed);
        self.flushed_nodes = self.nodes;
    }

    fn check_limits(&self) {
        let s = self.shared;
        if !s.clock_running() {
            return;
        }
        let out_of_time = s.max_ms.is_some_and(|m| s.elapsed_ms() >= m);
        let out_of_nodes = s
            .max_nodes
            .is_some_and(|n| s.nodes.load(AtomicOrdering::Relaxed) >= n);
        if out_of_time || out_of_nodes {
            s.abort.store(true, AtomicOrdering::Relaxed);
        }
    }

    /// Enters `child`, reached from `pos`, on the path.
    #[inline]
    fn push_position(&mut self, pos: &Position, child: &Position) {
        let floor = if crate::game::irreversible(pos, child) {
            self.hashes.len()
        } else {
            self.floors.last().copied().unwrap_or(0)
        };
        self.hashes.push(child.hash());
        self.floors.push(floor);
    }

    #[inline]
    fn pop_position(&mut self) {
        self.hashes.pop();
        self.floors.pop();
    }

    /// Whether the position repeats an earlier one (since the last irreversible move).
    /// Where repeating loses (flipshatranj), a repetition is judged as the rule does
    /// when its earlier occurrences are in the game before the root (the third
    /// occurrence loses, the second does not), and at once when one is in the
    /// searched line (the repeating side could as well repeat again).
    fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.hashes.len();
        let floor = self.floors.last().copied().unwrap_or(0);
        let reach = n.saturating_sub(1 + floor);
        let key = pos.hash();
        if !rules::repetition_loses(pos.variant) {
            return (2..=reach)
                .step_by(2)
                .any(|back| self.hashes[n - 1 - back] == key);
        }
        let mut before_root = 0;
        for back in (2..=reach).step_by(2) {
            let at = n - 1 - back;
            if self.hashes[at] == key {
                if at + 1 >= self.root_len {
                    return true;
                }
                before_root += 1;
                if before_root >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Searches the root with an aspiration window around the previous score; `skip`
    /// are root moves already given as better MultiPV lines.
    pub fn search_root(
        &mut self,
        pos: &Position,
        depth: i32,
        previous: Option<i32>,
        skip: &[Move],
    ) -> Option<i32> {
        self.root_depth = depth;
        self.superseded = false;
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
        loop {
            let score = self.search(pos, alpha, beta, depth, 0, Kind::Pv, skip);
            if self.stopped() {
                return None;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return Some(score);
            }
            delta += delta / 2 + ASPIRATION_GROWTH;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        kind: Kind,
        skip: &[Move],
    ) -> i32 {
        let is_pv = kind == Kind::Pv;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let root = ply == 0;
        if !root {
            if self.is_repetition(pos) {
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
        let entry = self.shared.tt.probe(key);
        let hash_move = entry.and_then(|e| e.best);
        // (Not in a search that excludes moves: the entry is about all of them.)
        if let Some(s) = entry
            .filter(|e| kind == Kind::NonPv && e.depth >= depth && skip.is_empty())
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
        self.evals[ply] = corrected_eval;
        // Better than two plies ago: pruning on the static score is safer (the
        // position is going our way), late moves are reduced less.
        let improving = !in_check && ply >= 2 && corrected_eval > self.evals[ply - 2];
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
            let (rfp_depth, rfp_margin) = if self.features.sharp.reverse_futility {
                (
                    RFP_DEPTH_SELECTIVE,
                    RFP_MARGIN_SELECTIVE * (depth - i32::from(improving)),
                )
            } else {
                (RFP_DEPTH, RFP_MARGIN * depth)
            };
            if depth <= rfp_depth && static_eval - rfp_margin >= beta && beta.abs() < MATE_BOUND {
                return static_eval;
            }
            // Null move: if passing still fails high, a real move surely would.
            if self.features.null_move
                && skip.is_empty()
                && depth >= NULL_MIN_DEPTH
                && static_eval >= beta
                && has_pieces(pos)
                && beta.abs() < MATE_BOUND
            {
                let r = if self.features.sharp.null_move_margin {
                    NULL_BASE
                        + depth / NULL_DEPTH_DIVISOR_SELECTIVE
                        + ((static_eval - beta) / NULL_MARGIN_PER_PLY).min(NULL_MARGIN_MAX)
                } else {
                    NULL_BASE + depth / NULL_DEPTH_DIVISOR
                };
                let child = rules::play_null(pos);
                self.push_position(pos, &child);
                self.ordering.played[ply] = None;
                let score = -self.search(
                    &child,
                    -beta,
                    -beta + 1,
                    depth - 1 - r,
                    ply + 1,
                    Kind::NonPv,
                    &[],
                );
                self.pop_position();
                if self.stopped() {
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
        let score = self.search_moves(pos, &mut list, rest_done, alpha, skip, node);
        self.pool.push(list);
        score
    }

    /// The moves of a node, in the order the search takes its steps: (1) drop the moves
    /// the caller excludes, (2) test the hash move for a singular extension, (3) for
    /// each move the picker hands out (by stage and ordering, the second stage
    /// generated when the first gave no cutoff, and limited at shallow nodes),
    /// (3a) skip the moves that pruning rules out, (3b) play it with its extension,
    /// (3c) search it (late-move reduction, principal variation), (3d) keep the best
    /// and stop at a cutoff; (4) store the result.
    fn search_moves(
        &mut self,
        pos: &Position,
        list: &mut MoveList,
        rest_done: bool,
        mut alpha: i32,
        skip: &[Move],
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

        // Step 1. `skip`: moves given as better MultiPV lines at the root, the hash
        // move in a singular-extension search below it.
        if !skip.is_empty() {
            list.retain(|m| !skip.contains(m));
        }
        if list.is_empty() {
            return if !skip.is_empty() {
                -INFINITE
            } else {
                self.no_move_score(pos, ply)
            };
        }

        // Step 2. Singular extension.
        let singular = match self.singular_extension(pos, skip, node) {
            Singular::Cutoff(score) => return score,
            Singular::Extend(m) => Some(m),
            Singular::No => None,
        };

        let mut best_score = -INFINITE;
        let mut best_move = None;
        let original_alpha = alpha;
        let mut quiets_tried: Vec<Move> = Vec::new();
        // Step 3. The moves, stage by stage, best-ordered first; shallow nodes try
        // only the best few of the second stage (`MovePicker`).
        let rest_limit = if in_check {
            None
        } else {
            rest_limit(depth, is_pv)
        };
        let mut picker = MovePicker::new(pos, list, skip, hash_move, ply, rest_done, rest_limit)
            .unscored_hash_move(self.features.hash_move_unscored);
        while let Some(picked) = picker.next_move(&self.ordering) {
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
            self.shared.tt.prefetch(child.hash());
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
            self.push_position(pos, &child);
            self.ordering.played[ply] = Ordering::piece_target(pos, m);
            let quiet = !capture && !gives_check;
            let score = self.search_child(pos, &child, m, index, quiet, new_depth, alpha, node);
            self.pop_position();
            if self.stopped() {
                return 0;
            }

            // Step 3d. A new best move; a cutoff ends the node.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if is_pv {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(m);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        if !capture {
                            self.ordering.reward(pos, m, depth, ply, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !capture {
                quiets_tried.push(m);
            }
        }

        // Step 4. Store the result (not in a search that excludes moves), and learn
        // from it how far the static score was off.
        let bound = bound_of(best_score, original_alpha, beta);
        if skip.is_empty() {
            self.learn_correction(pos, node, best_move, best_score, bound);
            self.shared.tt.store(
                node.key,
                best_move.or(hash_move),
                score_to_tt(best_score, ply),
                depth,
                bound,
            );
        }
        best_score
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
        self.ordering
            .correction
            .update(pos, node.depth, eval, best_score);
    }

    /// The static score of `pos`, corrected by the correction history where the
    /// variant uses one.
    #[inline]
    fn corrected_eval(&mut self, pos: &Position) -> i32 {
        let raw_eval = self.evaluate(pos);
        if self.features.sharp.correction_history {
            self.ordering.correction.apply(pos, raw_eval)
        } else {
            raw_eval
        }
    }

    /// Singular extension: when the hash move is the only good move (every other
    /// fails low, searched to half the depth, against a bound just below the hash
    /// move's score) it is searched a ply deeper; when even without it the node fails
    /// high, it fails high now (multi-cut).
    fn singular_extension(&mut self, pos: &Position, skip: &[Move], node: Node) -> Singular {
        let Node {
            depth, ply, beta, ..
        } = node;
        let Some((m, tt_score)) = node
            .entry
            .filter(|_| {
                self.features.sharp.singular_extension
                    && ply > 0
                    && skip.is_empty()
                    && depth >= SINGULAR_DEPTH
                    && (ply as i32) < 2 * self.root_depth
            })
            .filter(|e| e.depth >= depth - SINGULAR_ENTRY_SHALLOWER && e.bound != Bound::Upper)
            .and_then(|e| Some((e.best?, score_from_tt(e.score, ply))))
            .filter(|&(_, s)| s.abs() < MATE_BOUND)
        else {
            return Singular::No;
        };
        let singular_beta = tt_score - SINGULAR_MARGIN * depth;
        let score = self.search(
            pos,
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            Kind::NonPv,
            &[m],
        );
        if self.stopped() {
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
        let sharp = self.features.sharp.quiet_pruning;
        let prune_depth = if sharp {
            QUIET_PRUNE_DEPTH_SELECTIVE
        } else {
            QUIET_PRUNE_DEPTH
        };
        if !capture && depth <= prune_depth && alpha.abs() < MATE_BOUND {
            let late = index >= late_move_limit(sharp, depth, improving) as usize;
            if late
                || if sharp {
                    self.hopeless_quiet(pos, m, static_eval, alpha, depth, index, ply)
                } else {
                    static_eval + FUTILITY_MARGIN * depth <= alpha
                }
            {
                // A checking move is not skipped: playing it is what tells (only
                // where the variant has checks: in flipshatranj, playing every
                // skipped move took a third of its bench's time).
                if !gives_check(pos, m) {
                    return true;
                }
            }
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
            return -self.search(
                child,
                -beta,
                -alpha,
                new_depth,
                ply + 1,
                Kind::of(is_pv),
                &[],
            );
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
                reduction -= self.ordering.quiet_history(pos, m, ply) / HISTORY_PER_PLY;
            }
            // Where the hash move takes something, quiet moves rarely do better.
            if self.features.sharp.capture_hash_reduction && hash_move_captures(pos, node.entry) {
                reduction += 1;
            }
            reduction = reduction.clamp(0, new_depth - 1);
        }
        // The null-window search of the child, to a depth, as a kind of node.
        let null_window = |w: &mut Self, depth, kind| {
            -w.search(child, -alpha - 1, -alpha, depth, ply + 1, kind, &[])
        };
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
            score = null_window(self, new_depth, Kind::Check);
        }
        if score > alpha && score < beta && is_pv {
            score = -self.search(child, -beta, -alpha, new_depth, ply + 1, Kind::Pv, &[]);
        }
        score
    }

    /// Whether a quiet move is not worth searching at a shallow node: at the
    /// depth it would be searched to after its late-move reduction, the static score
    /// plus a margin growing with that depth stays below alpha (futility), or its
    /// history is bad enough that it hardly ever cuts off (history pruning).
    #[allow(clippy::too_many_arguments)]
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
        // Called up to `QUIET_PRUNE_DEPTH_SELECTIVE`, so `lmr_depth` is below it.
        let lmr_depth = (depth - 1 - lmr(depth, index.max(1))).max(0);
        if static_eval + FUTILITY_BASE + FUTILITY_MARGIN * lmr_depth <= alpha {
            return true;
        }
        lmr_depth <= HISTORY_PRUNE_DEPTH
            && self.ordering.quiet_history(pos, m, ply) < -HISTORY_PRUNE * depth
    }

    fn qsearch(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
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
            .and_then(|d| self.shared.tt.probe(key).filter(|e| e.depth >= d))
            .and_then(|e| tt_cutoff(e, alpha, beta, ply))
        {
            return s;
        }
        let mut list = self.take_list(pos.variant);
        let score = self.qsearch_moves(pos, &mut list, alpha, beta, ply, qply);
        self.pool.push(list);
        if let Some(qdepth) = qdepth.filter(|_| !self.stopped()) {
            let bound = bound_of(score, alpha, beta);
            self.shared
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

    fn qsearch_moves(
        &mut self,
        pos: &Position,
        list: &mut MoveList,
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
        let mut picker = MovePicker::new(pos, list, &[], None, MAX_PLY - 1, true, None);
        while let Some(Picked { m, .. }) = picker.next_move(&self.ordering) {
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
                self.shared.tt.prefetch(child.hash());
            }
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped() {
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
            if self.stopped() {
                return 0;
            }
            if raise(score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
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

/// Whether move `m` checks the enemy royal piece. It plays the move: for pruning
/// decisions made before the move is searched.
fn gives_check(pos: &Position, m: Move) -> bool {
    pos.variant.has_check() && is_check(&pos.play(m))
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
