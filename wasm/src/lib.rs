//! Baton for JavaScript: the rules, notation, PGN and search of every variant as a
//! WebAssembly module (wasm-bindgen), a thin layer over the engine crate
//! (`baton-engine`). Nothing here knows a rule: every answer comes from the engine,
//! and every error carries the engine's words. The names follow the Python package's
//! (`python/`), in JavaScript's case: `legalMoves`, `pushSan`, `isCheck`, ...
//!
//! Built by `wasm/build.sh` into `wasm/pkg/` (an npm package with its TypeScript
//! types); its tests are `wasm/tests/`, run by node's test runner.

mod board;
mod errors;
mod js;
mod pgn;
mod search;

use wasm_bindgen::prelude::*;

use baton_engine::Variant;

pub use board::{Board, Move, Outcome};
pub use pgn::PgnGame;
pub use search::{Engine, Line, SearchResult};

/// The names of the variants Baton plays, as `new Board(variant)` takes them.
#[wasm_bindgen]
pub fn variants() -> Vec<String> {
    Variant::ALL.iter().map(|v| v.name().to_string()).collect()
}

/// The package's version (the engine's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
