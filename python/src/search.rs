//! `Engine`: Baton's search on a board, by depth, nodes or time, with its lines
//! (score and principal variation, MultiPV). The search runs with the GIL released,
//! so other Python threads go on while it thinks.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use pyo3::prelude::*;

use baton_engine::search::{self, Limits, Params, Report, TranspositionTable};
use baton_engine::Position;

use crate::board::{Board, Move};
use crate::errors::BatonError;

/// One line of a search: its score from the side to move's view (`cp` in
/// centipawns, or `mate` in moves, negative when being mated; the other is None),
/// the depth it was searched to and its moves from the board's position.
#[pyclass(module = "baton", frozen)]
pub struct Line {
    /// 1 for the best line, 2 for the next (MultiPV), ...
    #[pyo3(get)]
    multipv: usize,
    #[pyo3(get)]
    depth: u32,
    #[pyo3(get)]
    cp: Option<i32>,
    #[pyo3(get)]
    mate: Option<i32>,
    #[pyo3(get)]
    pv: Vec<Py<Move>>,
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        let score = match (self.cp, self.mate) {
            (_, Some(m)) => format!("mate={m}"),
            (cp, None) => format!("cp={}", cp.unwrap_or(0)),
        };
        let pv: Vec<&str> = self.pv.iter().map(|m| m.get().uci.as_str()).collect();
        format!(
            "Line(multipv={}, depth={}, {score}, pv='{}')",
            self.multipv,
            self.depth,
            pv.join(" ")
        )
    }
}

/// What a search found: the move to play (None when the side to move has no legal
/// move), the reply it expects, the lines (in MultiPV order: line 1 is the move
/// played), and its depth and nodes.
#[pyclass(module = "baton", frozen)]
pub struct SearchResult {
    #[pyo3(get)]
    best: Option<Py<Move>>,
    #[pyo3(get)]
    ponder: Option<Py<Move>>,
    #[pyo3(get)]
    depth: u32,
    #[pyo3(get)]
    nodes: u64,
    #[pyo3(get)]
    lines: Vec<Py<Line>>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(best={}, depth={}, nodes={}, lines={})",
            self.best.as_ref().map_or("None", |m| m.get().uci.as_str()),
            self.depth,
            self.nodes,
            self.lines.len()
        )
    }
}

/// Baton's search, with its own hash table kept from one search to the next.
///
/// `Engine(threads=1, hash_mb=16)`. `search` thinks with the GIL released; `stop`
/// (from another thread) ends a search early, which still returns its best move.
#[pyclass(module = "baton", frozen)]
pub struct Engine {
    threads: usize,
    /// Held for the whole of a search: one search at a time uses the table.
    tt: Mutex<TranspositionTable>,
    stop: AtomicBool,
    /// True while a search thinks (and the GIL is released).
    searching: AtomicBool,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 16))]
    fn new(threads: usize, hash_mb: usize) -> PyResult<Engine> {
        if threads == 0 || hash_mb == 0 {
            return Err(BatonError::new_err(
                "threads and hash_mb must be at least 1",
            ));
        }
        Ok(Engine {
            threads,
            tt: Mutex::new(TranspositionTable::new(hash_mb)),
            stop: AtomicBool::new(false),
            searching: AtomicBool::new(false),
        })
    }

    /// Searches the board's position (its earlier positions count for repetition)
    /// to `depth` plies, `nodes` nodes or `movetime` milliseconds, whichever comes
    /// first (at least one must be given), keeping `multipv` lines.
    #[pyo3(signature = (board, depth = None, nodes = None, movetime = None, multipv = 1))]
    fn search(
        &self,
        py: Python<'_>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        multipv: usize,
    ) -> PyResult<SearchResult> {
        if depth.is_none() && nodes.is_none() && movetime.is_none() {
            return Err(BatonError::new_err(
                "a search needs a limit: depth, nodes or movetime",
            ));
        }
        if multipv == 0 {
            return Err(BatonError::new_err("multipv must be at least 1"));
        }
        let game = board.game.clone();
        let limits = Limits {
            depth,
            nodes,
            movetime,
            ..Limits::default()
        };
        let (outcome, reports) = py.detach(|| {
            // A poisoned lock only means an earlier search panicked; the table is
            // still a table.
            let tt = self.tt.lock().unwrap_or_else(|e| e.into_inner());
            // A stop asked for before this search began is forgotten.
            self.stop.store(false, Ordering::Relaxed);
            let _thinking = Thinking::new(&self.searching);
            let pondering = AtomicBool::new(false);
            let params = Params {
                threads: self.threads,
                multipv,
                ..Params::hostless(&game, limits, &self.stop, &pondering)
            };
            // The latest report of each line.
            let lines: Mutex<BTreeMap<usize, Report>> = Mutex::new(BTreeMap::new());
            let outcome = search::think(&params, &tt, &|r: &Report| {
                let mut lines = lines.lock().unwrap_or_else(|e| e.into_inner());
                lines.insert(r.multipv, r.clone());
            });
            (
                outcome,
                lines.into_inner().unwrap_or_else(|e| e.into_inner()),
            )
        });
        let root = game.position();
        let lines = reports
            .into_values()
            .map(|r| Py::new(py, line_of(py, root, &r)?))
            .collect::<PyResult<Vec<_>>>()?;
        let ponder = match outcome.best.zip(outcome.ponder) {
            Some((b, p)) => Some(Py::new(py, Move::single(&root.play(b), p))?),
            None => None,
        };
        let best = match outcome.best {
            Some(m) => Some(Py::new(py, Move::single(root, m))?),
            None => None,
        };
        Ok(SearchResult {
            best,
            ponder,
            depth: outcome.depth,
            nodes: outcome.nodes,
            lines,
        })
    }

    /// Whether a search is thinking now (its GIL released): another thread sees it.
    #[getter]
    fn searching(&self) -> bool {
        self.searching.load(Ordering::Relaxed)
    }

    /// Ends the search under way as soon as possible; it returns its best move so
    /// far. A stop asked for while no search thinks is forgotten.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches stored in the hash table.
    fn clear(&self, py: Python<'_>) {
        py.detach(|| self.tt.lock().unwrap_or_else(|e| e.into_inner()).clear());
    }
}

/// Marks a search under way for as long as it lives (to its end, or a panic's).
struct Thinking<'a>(&'a AtomicBool);

impl<'a> Thinking<'a> {
    fn new(flag: &'a AtomicBool) -> Thinking<'a> {
        flag.store(true, Ordering::Relaxed);
        Thinking(flag)
    }
}

impl Drop for Thinking<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// A report as a `Line`, its moves written from the root.
fn line_of(py: Python<'_>, root: &Position, r: &Report) -> PyResult<Line> {
    let (cp, mate) = r.score.cp_or_mate();
    let pv = root
        .before_each(&r.pv)
        .iter()
        .map(|(pos, m)| Py::new(py, Move::single(pos, *m)))
        .collect::<PyResult<_>>()?;
    Ok(Line {
        multipv: r.multipv,
        depth: r.depth,
        cp,
        mate,
        pv,
    })
}
