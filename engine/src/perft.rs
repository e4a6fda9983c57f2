//! Perft: the number of leaf nodes of the legal move tree, the move generator's test.

use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(feature = "threads")]
use rayon::prelude::*;

use crate::moves::{Move, MoveList};
use crate::notation::format_move;
use crate::position::Position;
use crate::rules;

/// Leaf count at `depth`; the last ply is counted from the move list (bulk counting).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false))
}

/// Perft that gives up (with a partial count) once `stop` is set.
fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> u64 {
    // One move list per ply, made once: a list is as large as the variant's widest
    // position (`Rules::MAX_MOVES`), and a fresh one at every node costs time.
    let mut lists: Vec<MoveList> = (0..depth)
        .map(|_| rules::move_list(pos.variant()))
        .collect();
    perft_with(pos, &mut lists, stop)
}

/// Perft to the depth of `lists.len()`, using one list per ply.
fn perft_with(pos: &Position, lists: &mut [MoveList], stop: &AtomicBool) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    if deeper.is_empty() {
        return rules::count_moves(pos, list) as u64;
    }
    list.clear();
    rules::legal_moves(pos, list);
    // Checked at every node above the leaves (one relaxed load): a stonesrelays node
    // two plies from the leaves generates millions of turns below it, so a check any
    // higher let `stop` wait for minutes.
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    let mut total = 0;
    for &m in list.iter() {
        // Between children too: above the leaves, each child may generate thousands
        // of turns (stonesrelays).
        if stop.load(Ordering::Relaxed) {
            return 0;
        }
        total += perft_with(&pos.play(m), deeper, stop);
    }
    total
}

/// Per-root-move counts (`<move>: <count>`), computed in parallel over the root moves
/// (one after the other without the `threads` feature).
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    divide_until(pos, depth, &AtomicBool::new(false)).unwrap_or_default()
}

/// `divide`, or `None` when `stop` was set before it finished.
pub fn divide_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let list = rules::legal_move_list(pos);
    let row = |&m: &Move| {
        let count = if stop.load(Ordering::Relaxed) {
            0
        } else {
            perft_until(&pos.play(m), depth - 1, stop)
        };
        (format_move(pos, m), count)
    };
    #[cfg(feature = "threads")]
    let rows = list.par_iter().map(row).collect();
    #[cfg(not(feature = "threads"))]
    let rows = list.iter().map(row).collect();
    (!stop.load(Ordering::Relaxed)).then_some(rows)
}

/// The text `go perft` and `baton perft` print: one line per root move, then the total.
pub fn divide_report(pos: &Position, depth: u32) -> (String, u64) {
    divide_report_until(pos, depth, &AtomicBool::new(false)).unwrap_or_default()
}

/// `divide_report`, or `None` when `stop` was set before it finished.
pub fn divide_report_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<(String, u64)> {
    let rows = divide_until(pos, depth, stop)?;
    let total: u64 = if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    let mut out = String::new();
    for (m, n) in &rows {
        out += &format!("{m}: {n}\n");
    }
    out += &format!("\nNodes searched: {total}\n");
    Some((out, total))
}
