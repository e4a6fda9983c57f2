//! The evaluation split into its terms, for the UCI `eval` command (as Stockfish's
//! `eval`): what each group of weights adds to the score of a position, from White's
//! side. A group is every number `Weights::tunable` names with the same first words
//! (`rank`, `centre`, `threats.danger`, a variant's own terms, ...); its share is the score
//! with the variant's weights less the score with that group set to zero. Material is
//! what is left: it also sets the game phase, so it cannot be zeroed like the rest.
//! The shares add up to the total only where the terms do not interact (the royal
//! danger is squared), so the material line takes up the difference and the total is
//! always the evaluation the search uses. A variant with a learned correction
//! (`eval::network`) shows it as the last line, `learned`.

use super::{weighted, weights, Weights};
use crate::piece::Color;
use crate::position::Position;

/// One position's evaluation by term group, in centipawns from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// (group, share), in the order the weights name them; material first.
    pub terms: Vec<(String, i32)>,
    /// The evaluation without the side-to-move bonus, from White's side.
    pub total: i32,
    /// The side-to-move bonus (`Weights::tempo`), which the search adds for the side
    /// to move.
    pub tempo: i32,
    /// The side to move.
    pub side: Color,
}

impl Trace {
    /// The score the search starts from: the total from the side to move's side, plus
    /// its bonus.
    pub fn side_to_move_score(&self) -> i32 {
        white_to(self.side, self.total) + self.tempo
    }
}

/// A score from White's side turned to `side`'s (and back: the turn is its own inverse).
fn white_to(side: Color, score: i32) -> i32 {
    if side == Color::White {
        score
    } else {
        -score
    }
}

/// The group of a tunable weight: the first two words of its name, short of a role,
/// an index or a pair's half (`rank.Rook[0].mg`: `rank`; `royal_trap[3]`:
/// `royal_trap`; `threats.danger.attacker.Bishop`: `threats.danger`).
fn group_of(name: &str) -> String {
    let plain = |w: &&str| {
        !matches!(*w, "mg" | "eg")
            && !crate::piece::Role::ALL
                .iter()
                .any(|r| format!("{r:?}") == *w)
    };
    let head = name.split('[').next().unwrap_or(name);
    let words: Vec<&str> = head.split('.').take(2).take_while(plain).collect();
    words.join(".")
}

/// The groups of `w`'s weights, in order, without material and the side-to-move bonus.
fn groups(w: &Weights) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (name, _) in w.tunable() {
        let group = group_of(&name);
        if group != "material" && group != "tempo" && !names.contains(&group) {
            names.push(group);
        }
    }
    names
}

/// `w`'s evaluation of `pos` from White's side, without the side-to-move bonus.
fn white_view(pos: &Position, w: &Weights) -> i32 {
    white_to(pos.side(), weighted(pos, w) - w.tempo)
}

/// The evaluation of `pos` under its variant's weights, by term group.
pub fn trace(pos: &Position) -> Trace {
    let w = weights(pos.variant());
    let total = white_view(pos, w);
    let mut terms = Vec::new();
    for group in groups(w) {
        let values: Vec<i32> = w
            .tunable()
            .into_iter()
            .map(|(name, v)| if group_of(&name) == group { 0 } else { v })
            .collect();
        let zeroed = w.with_tunable(&values);
        let share = total - white_view(pos, &zeroed);
        terms.push((group, share));
    }
    let rest: i32 = terms.iter().map(|(_, s)| s).sum();
    terms.insert(0, ("material".to_string(), total - rest));
    // The learned correction (`eval::network`), where the variant has one: its own
    // line, added to the total as the search adds it.
    let learned = super::network::of(pos.variant()).map(|net| net.correction(pos));
    let mut total = total;
    if let Some(c) = learned {
        let share = white_to(pos.side(), c);
        terms.push(("learned".to_string(), share));
        total += share;
    }
    Trace {
        terms,
        total,
        tempo: w.tempo,
        side: pos.side(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// The shares add up to the evaluation the search uses, in every variant, and the
    /// side to move's score is White's turned round plus the bonus.
    #[test]
    fn eval_trace_adds_up_to_the_evaluation() {
        for (v, start, after) in super::super::tests::openings() {
            for pos in [start, after] {
                let t = trace(&pos);
                let sum: i32 = t.terms.iter().map(|(_, s)| s).sum();
                assert_eq!(sum, t.total, "{v}");
                assert_eq!(t.side_to_move_score(), super::super::evaluate(&pos), "{v}");
                assert_eq!(t.terms[0].0, "material", "{v}");
            }
        }
    }

    /// Knightmate's rank table is its own line: its queen is worth more on its first
    /// rank than on its second, in the middlegame and the endgame alike.
    #[test]
    fn eval_trace_names_knightmate_s_rank_table() {
        let home = Position::from_fen(Variant::Knightmate, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")
            .expect("a valid FEN");
        let up = Position::from_fen(Variant::Knightmate, "4k3/8/8/8/8/8/Q7/4K3 w - - 0 1")
            .expect("a valid FEN");
        let rank = |pos: &Position| {
            trace(pos)
                .terms
                .iter()
                .find(|(g, _)| g == "rank")
                .map_or(0, |(_, s)| *s)
        };
        assert!(rank(&home) > rank(&up));
    }
}
