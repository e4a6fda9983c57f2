//! Fixed-depth searches for search tests.

use baton_engine::search::{think_with_limits, Limits, Score, TranspositionTable};
use baton_engine::{format_move, Game, Variant};

use crate::position::pos;

/// Searches `game` to `depth` on `threads` threads: the best move as text and the
/// score of the last report (there must be one).
pub fn best_in(game: &Game, depth: u32, threads: usize) -> (String, Score) {
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    best_with(game, limits, threads)
}

/// Searches `game` with `limits` on `threads` threads: the best move as text and the
/// score of the last report (there must be one).
pub fn best_with(game: &Game, limits: Limits, threads: usize) -> (String, Score) {
    let tt = TranspositionTable::new(16);
    let last = std::sync::Mutex::new(None);
    let out = think_with_limits(game, limits, threads, &tt, &|r| {
        *last.lock().expect("report") = Some(r.score)
    });
    let m = out.best.expect("a move");
    let score = last.into_inner().expect("report").expect("a report");
    (format_move(game.position(), m), score)
}

/// `best_in` from the position of `fen`.
pub fn best(variant: Variant, fen: &str, depth: u32, threads: usize) -> (String, Score) {
    best_in(&Game::new(pos(variant, fen)), depth, threads)
}

/// Searches `fen` to `depth` on one thread, checks that it finds a mate in one
/// and returns the move.
pub fn mate_in_one(variant: Variant, fen: &str, depth: u32) -> String {
    let (m, s) = best(variant, fen, depth, 1);
    assert_eq!(s, Score::Mate(1), "best {m} in {fen}");
    m
}
