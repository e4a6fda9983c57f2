//! Positions for rule tests: read a FEN, list the legal moves as text, play moves
//! given as text (checking the incremental hash), run a check for both colors.

use std::collections::BTreeSet;

use baton_engine::rules::legal_move_list;
use baton_engine::{format_move, parse_move, Move, Position, Variant};

use crate::fen::{mirror_fen, mirror_text};
use crate::Rng;

/// A random game of at most `plies` from `start` (it stops where no move is left): the
/// position reached and the moves played, each drawn uniformly from the legal ones.
pub fn random_game(start: &Position, plies: usize, rng: &mut Rng) -> (Position, Vec<Move>) {
    let mut pos = start.clone();
    let mut played = Vec::new();
    for _ in 0..plies {
        let legal = legal_move_list(&pos);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        pos = pos.play(m);
        played.push(m);
    }
    (pos, played)
}

/// The position of `fen`; panics naming the FEN if it is refused.
pub fn pos(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every legal move as text, sorted.
pub fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal_move_list(p)
        .iter()
        .map(|&m| format_move(p, m))
        .collect();
    v.sort();
    v
}

/// Every legal move as text, as a set.
pub fn turns(p: &Position) -> BTreeSet<String> {
    moves(p).into_iter().collect()
}

/// A set of texts.
pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The legal move `text`; panics naming it and the position if it is not one.
pub fn mv(p: &Position, text: &str) -> Move {
    parse_move(p, text).unwrap_or_else(|e| panic!("{e}: {text} in {}", p.fen()))
}

/// Plays the moves of `line` (text, separated by spaces), checking after each that
/// the incremental hash equals the one computed from scratch.
pub fn play(p: &Position, line: &str) -> Position {
    let mut p = p.clone();
    for text in line.split_whitespace() {
        p = p.play(mv(&p, text));
        assert_eq!(p.hash(), p.compute_hash(), "hash after {text}");
    }
    p
}

/// Runs `check` on the position of `fen` and on its mirror image (the other color
/// to move), giving it the translation of square and move names for each.
pub fn both_colors(
    variant: Variant,
    fen: &str,
    check: impl Fn(&Position, &dyn Fn(&str) -> String),
) {
    let h = variant.geometry().height() as u32;
    check(&pos(variant, fen), &|s: &str| s.to_string());
    check(&pos(variant, &mirror_fen(fen, h)), &|s: &str| {
        mirror_text(s, h)
    });
}

/// The eight knight leaps (file step, rank step), derived from their definition
/// (one square one way, two the other) rather than copied from the engine.
pub fn knight_leaps() -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for df in -2i32..=2 {
        for dr in -2i32..=2 {
            if df * df + dr * dr == 5 {
                out.push((df, dr));
            }
        }
    }
    out
}

/// Perft to `depth` counted move by move from the root (`perft::divide`, which
/// splits the work over threads): for the long runs.
pub fn divided_perft(p: &Position, depth: u32) -> u64 {
    baton_engine::perft::divide(p, depth)
        .iter()
        .map(|r| r.1)
        .sum()
}

/// Checks perft of `p` at depths 1, 2, ... against `counts`; `what` names the
/// position in the failure message.
pub fn check_perft(p: &Position, counts: &[u64], what: &str) {
    for (depth, &n) in (1..).zip(counts) {
        assert_eq!(
            baton_engine::perft::perft(p, depth),
            n,
            "{what}: perft {depth}"
        );
    }
}

/// Whether `reply` is a legal move after the moves of `line` from `variant`'s start
/// position.
pub fn legal_after(variant: Variant, line: &str, reply: &str) -> bool {
    parse_move(&play(&Position::startpos(variant), line), reply).is_ok()
}
