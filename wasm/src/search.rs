//! `Engine` and `search`: Baton's search on a board, by depth, nodes or time, with its
//! lines (score and principal variation, MultiPV). WebAssembly has no threads here,
//! so a search runs on the caller's thread, one worker, and returns when it is done:
//! in a browser, call it from a Web Worker to keep the page responsive.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use js_sys::Object;
use wasm_bindgen::prelude::*;

use baton_engine::search::{self, Limits, Params, Report, TranspositionTable, MAX_DEPTH};
use baton_engine::Position;

use crate::board::{Board, Move};
use crate::errors::{error, BATON_ERROR};
use crate::js;

/// One line of a search: its score from the side to move's view (`cp` in
/// centipawns, or `mate` in moves, negative when being mated; the other is
/// `undefined`), the depth it was searched to and its moves from the board's position.
#[wasm_bindgen]
pub struct Line {
    multipv: usize,
    depth: u32,
    cp: Option<i32>,
    mate: Option<i32>,
    pv: Vec<Move>,
}

#[wasm_bindgen]
impl Line {
    /// 1 for the best line, 2 for the next (MultiPV), ...
    #[wasm_bindgen(getter)]
    pub fn multipv(&self) -> usize {
        self.multipv
    }
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.depth
    }
    #[wasm_bindgen(getter)]
    pub fn cp(&self) -> Option<i32> {
        self.cp
    }
    #[wasm_bindgen(getter)]
    pub fn mate(&self) -> Option<i32> {
        self.mate
    }
    #[wasm_bindgen(getter)]
    pub fn pv(&self) -> Vec<Move> {
        self.pv.clone()
    }
}

/// What a search found: the move to play (`undefined` when the side to move has no
/// legal move), the reply it expects, the lines (best first), its depth and nodes.
#[wasm_bindgen]
pub struct SearchResult {
    best: Option<Move>,
    ponder: Option<Move>,
    depth: u32,
    nodes: u64,
    lines: Vec<Line>,
}

#[wasm_bindgen]
impl SearchResult {
    #[wasm_bindgen(getter)]
    pub fn best(&self) -> Option<Move> {
        self.best.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn ponder(&self) -> Option<Move> {
        self.ponder.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.depth
    }
    /// The nodes searched (exact up to 2^53).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.nodes as f64
    }
    #[wasm_bindgen(getter)]
    pub fn lines(&self) -> Vec<Line> {
        self.lines
            .iter()
            .map(|l| Line {
                pv: l.pv.clone(),
                ..*l
            })
            .collect()
    }
}

/// The options a search takes.
const OPTIONS: [&str; 4] = ["depth", "nodes", "movetime", "multipv"];
/// The largest hash table `new Engine(hashMb)` asks for: a 32-bit WebAssembly memory
/// holds 4 GB in all.
const MAX_HASH_MB: u64 = 2048;
/// The largest node count or move time JavaScript's numbers hold exactly.
const MAX_EXACT: u64 = 1 << 53;

/// Baton's search, with its own hash table kept from one search to the next.
///
/// `new Engine(hashMb = 16)`; `engine.search(board, { depth, nodes, movetime,
/// multipv })`.
#[wasm_bindgen]
pub struct Engine {
    tt: TranspositionTable,
}

#[wasm_bindgen]
impl Engine {
    /// An engine with a hash table of `hashMb` megabytes (1 to 2048, default 16).
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(js_name = hashMb)] hash_mb: Option<f64>) -> Result<Engine, JsValue> {
        let mb = match hash_mb {
            Some(n) => js::checked_whole(Some(n), "hashMb", 1, MAX_HASH_MB)?,
            None => 16,
        };
        let mut tt = TranspositionTable::new(1);
        tt.resize(mb as usize).map_err(|e| error(BATON_ERROR, e))?;
        Ok(Engine { tt })
    }

    /// Searches the board's position (its earlier positions count for repetition)
    /// to `depth` plies (1 to 100), `nodes` nodes or `movetime` milliseconds,
    /// whichever comes first (at least one must be given), keeping `multipv` lines
    /// (default 1). Throws `BatonError` for a missing limit or a wrong option.
    pub fn search(
        &self,
        board: &Board,
        #[wasm_bindgen(
            unchecked_param_type = "{ depth?: number, nodes?: number, movetime?: number, multipv?: number }"
        )]
        options: Object,
    ) -> Result<SearchResult, JsValue> {
        js::only_known(&options, &OPTIONS, "search option")?;
        let limits = Limits {
            depth: js::whole_number(&options, "depth", 1, MAX_DEPTH.into())?.map(|d| d as u32),
            nodes: js::whole_number(&options, "nodes", 1, MAX_EXACT)?,
            movetime: js::whole_number(&options, "movetime", 1, MAX_EXACT)?,
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
            return Err(error(
                BATON_ERROR,
                "a search needs a limit: depth, nodes or movetime",
            ));
        }
        let multipv = js::whole_number(&options, "multipv", 1, 256)?.unwrap_or(1) as usize;
        let game = board.game();
        let stop = AtomicBool::new(false);
        let pondering = AtomicBool::new(false);
        let params = Params {
            multipv,
            ..Params::hostless(game, limits, &stop, &pondering)
        };
        // The latest report of each line (the search wants a `Sync` callback: a
        // mutex, though only this thread ever takes it).
        let reports: Mutex<BTreeMap<usize, Report>> = Mutex::new(BTreeMap::new());
        let outcome = search::think(&params, &self.tt, &|r: &Report| {
            let mut reports = reports.lock().unwrap_or_else(|e| e.into_inner());
            reports.insert(r.multipv, r.clone());
        });
        let reports = reports.into_inner().unwrap_or_else(|e| e.into_inner());
        let root = game.position();
        let ponder = outcome
            .best
            .zip(outcome.ponder)
            .map(|(b, p)| Move::of(&root.play(b), p));
        Ok(SearchResult {
            best: outcome.best.map(|m| Move::of(root, m)),
            ponder,
            depth: outcome.depth,
            nodes: outcome.nodes,
            lines: reports.values().map(|r| line_of(root, r)).collect(),
        })
    }

    /// Forgets what earlier searches stored in the hash table.
    pub fn clear(&self) {
        self.tt.clear();
    }
}

/// `search(board, { depth, nodes, movetime, multipv })`: one search with a fresh
/// engine (a 16 MB hash table), as `new Engine().search(board, options)`.
#[wasm_bindgen(js_name = search)]
pub fn search_once(
    board: &Board,
    #[wasm_bindgen(
        unchecked_param_type = "{ depth?: number, nodes?: number, movetime?: number, multipv?: number }"
    )]
    options: Object,
) -> Result<SearchResult, JsValue> {
    Engine::new(None)?.search(board, options)
}

/// A report as a `Line`, its moves written from the root.
fn line_of(root: &Position, r: &Report) -> Line {
    let (cp, mate) = r.score.cp_or_mate();
    Line {
        multipv: r.multipv,
        depth: r.depth,
        cp,
        mate,
        pv: root
            .before_each(&r.pv)
            .iter()
            .map(|(pos, m)| Move::of(pos, *m))
            .collect(),
    }
}
