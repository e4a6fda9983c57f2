//! The search: iterative deepening over principal-variation alpha-beta, shared by every
//! variant (a variant supplies rules and evaluation). `think` is the one entry point; it
//! runs Lazy SMP helper threads itself and reports through a callback, never printing.

pub mod limits;
pub mod tt;

use std::sync::atomic::{AtomicBool, Ordering};

pub use limits::Limits;
pub use tt::TranspositionTable;

use crate::game::Game;
use crate::moves::Move;
use crate::rules;

/// A score as the user sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// One `info` report: an iteration finished (or a MultiPV line of it).
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based MultiPV index.
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// What `think` decided.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// `None` when the side to move has no legal move (the game is over).
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub nodes: u64,
    pub depth: u32,
}

/// Everything one search needs besides the shared hash table.
pub struct Params<'a> {
    /// The game so far: its last position is searched; earlier ones count for
    /// repetition.
    pub game: &'a Game,
    pub limits: Limits,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    /// Set by the host to stop the search as soon as possible.
    pub stop: &'a AtomicBool,
    /// While true the search is pondering: it keeps going until `ponderhit` clears it
    /// (then the clock counts from that moment) or `stop` is set.
    pub pondering: &'a AtomicBool,
}

/// Searches the game's current position within the limits and returns the best move.
/// Reports go to `report` as each iteration finishes.
pub fn think(
    params: &Params,
    tt: &TranspositionTable,
    report: &(dyn Fn(&Report) + Sync),
) -> Outcome {
    // Placeholder until the real search lands: play the first legal move.
    let pos = params.game.position();
    let list = rules::legal_move_list(pos);
    let _ = tt;
    let best = list.first().copied();
    if let Some(m) = best {
        report(&Report {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Cp(0),
            nodes: 1,
            nps: 0,
            hashfull: 0,
            time_ms: 0,
            pv: vec![m],
        });
    }
    while params.pondering.load(Ordering::Relaxed) && !params.stop.load(Ordering::Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    Outcome {
        best,
        ponder: None,
        nodes: 1,
        depth: 1,
    }
}
