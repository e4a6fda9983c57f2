//! Perft: the number of leaf nodes of the legal move tree, the move generator's test.

use rayon::prelude::*;

use crate::moves::MoveList;
use crate::notation::format_move;
use crate::position::Position;
use crate::rules;

/// Leaf count at `depth`; the last ply is counted from the move list (bulk counting).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // One move list per ply, on the heap: lists are large (see `MAX_MOVES`), and a
    // fresh one in every stack frame costs time and stack.
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    perft_with(pos, &mut lists)
}

/// Perft to the depth of `lists.len()`, using one list per ply.
fn perft_with(pos: &Position, lists: &mut [MoveList]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    list.clear();
    rules::legal_moves(pos, list);
    if deeper.is_empty() {
        return list.len() as u64;
    }
    list.iter().map(|&m| perft_with(&pos.play(m), deeper)).sum()
}

/// Per-root-move counts (`<move>: <count>`), computed in parallel over the root moves.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let list = rules::legal_move_list(pos);
    list.par_iter()
        .map(|&m| (format_move(pos, m), perft(&pos.play(m), depth - 1)))
        .collect()
}

/// The text `go perft` and `baton perft` print: one line per root move, then the total.
pub fn divide_report(pos: &Position, depth: u32) -> (String, u64) {
    let rows = divide(pos, depth);
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
    (out, total)
}
