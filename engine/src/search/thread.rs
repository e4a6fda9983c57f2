//! What the threads of a Lazy SMP search share (`Shared`: the hash table, the stop
//! flags, the limits, the deepest finished iteration) and what one thread owns besides
//! its search's buffers (`ThreadState`: its node count, its view of the limits, the
//! path of positions it judges repetitions by). The search itself is `worker.rs`.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering as AtomicOrdering};
// `std::time::Instant` natively; on WebAssembly, the host's clock (`performance.now()`).
use web_time::Instant;

use super::tt::TranspositionTable;
use crate::moves::Move;
use crate::position::Position;
use crate::rules;

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

/// What one search thread owns besides its search's buffers.
pub struct ThreadState<'a> {
    /// 0 for the main thread, helpers from 1.
    pub id: usize,
    pub shared: &'a Shared<'a>,
    pub nodes: u64,
    flushed_nodes: u64,
    pub seldepth: usize,
    /// The depth of the current root iteration (extensions stop at twice it).
    pub root_depth: i32,
    /// Another thread has completed an iteration at least as deep as this one's: this
    /// one is given up (it would only redo that work). Checked with the limits.
    superseded: bool,
    /// Hashes of the game since its last irreversible move and of the current search
    /// path, for repetitions.
    hashes: Vec<u64>,
    /// Per entry of `hashes`: the index of the oldest entry its position may repeat
    /// (the one after the last capture, promotion or fusion), so that the look back
    /// stops there.
    floors: Vec<usize>,
    /// Length of the game's history (its last entry is the root position).
    root_len: usize,
}

impl<'a> ThreadState<'a> {
    /// Thread `id`'s state, the game's positions since its last irreversible move
    /// being `history` (the root last).
    pub fn new(id: usize, shared: &'a Shared<'a>, history: &[u64]) -> ThreadState<'a> {
        ThreadState {
            id,
            shared,
            nodes: 0,
            flushed_nodes: 0,
            seldepth: 0,
            root_depth: 0,
            superseded: false,
            hashes: history.to_vec(),
            floors: vec![0; history.len()],
            root_len: history.len(),
        }
    }

    /// A root iteration to `depth` begins.
    pub fn begin_iteration(&mut self, depth: i32) {
        self.root_depth = depth;
        self.superseded = false;
    }

    /// Counts a node; now and then publishes the count and checks the limits.
    #[inline]
    pub fn tick(&mut self) -> bool {
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
    pub fn push_position(&mut self, pos: &Position, child: &Position) {
        let floor = if crate::game::irreversible(pos, child) {
            self.hashes.len()
        } else {
            self.floors.last().copied().unwrap_or(0)
        };
        self.hashes.push(child.hash());
        self.floors.push(floor);
    }

    #[inline]
    pub fn pop_position(&mut self) {
        self.hashes.pop();
        self.floors.pop();
    }

    /// Whether the position repeats an earlier one (since the last irreversible move).
    /// Where repeating loses (flipshatranj), a repetition is judged as the rule does
    /// when its earlier occurrences are in the game before the root (the third
    /// occurrence loses, the second does not), and at once when one is in the
    /// searched line (the repeating side could as well repeat again).
    pub fn is_repetition(&self, pos: &Position) -> bool {
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
}
