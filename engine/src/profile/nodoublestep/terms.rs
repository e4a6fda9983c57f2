//! The test suite's variant's own evaluation term, there to prove the checklist's
//! path for a variant whose evaluation adds terms with numbers of their own: a record
//! of them (`[own.nodoublestep]` in its weights file), and the term. Without the
//! double step a pawn still on its own second rank needs two moves to reach the
//! fourth: it is counted apart.

use serde::{Deserialize, Serialize};

use crate::eval::{tapered, OwnTerms, Weights};
use crate::piece::{Color, Role};
use crate::position::Position;

/// The terms only nodoublestep has.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HomePawns {
    /// Per pawn on its own second rank, (middlegame, endgame).
    pub home_pawn: (i32, i32),
}

impl OwnTerms for HomePawns {
    const NAME: &'static str = "nodoublestep";
}

/// The chess family's evaluation under weights `w`, plus the home pawns' term (`own`),
/// from the side to move's point of view.
pub fn evaluate(pos: &Position, w: &Weights, own: &HomePawns) -> i32 {
    let home = own.home_pawn;
    let t = pos.tables;
    let own = tapered(pos, w, |us| {
        let second = match us {
            Color::White => t.ranks[1],
            Color::Black => t.ranks[t.height as usize - 2],
        };
        let n = (pos.pieces(us, Role::Pawn) & second).count() as i32;
        (n * home.0, n * home.1)
    });
    // `tapered` adds the side to move's tempo, which the chess family's has already.
    crate::eval::chess_family(pos, w) + own - w.tempo
}

#[cfg(test)]
mod tests {
    use crate::eval::{weighted, weights};
    use crate::position::Position;
    use crate::variant::Variant;

    /// The term is among the numbers `baton tune` fits, and the evaluation reads it
    /// from the weights it is given.
    #[test]
    fn its_own_term_is_tunable_and_followed() {
        let v = Variant::NoDoubleStep;
        // White's e-pawn has left its second rank; Black's have not.
        let pos = Position::from_fen(
            v,
            "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        let w = weights(v);
        let name = "own.nodoublestep.home_pawn.mg";
        let tunable = w.tunable();
        assert!(tunable.iter().any(|(n, _)| n == name), "{tunable:?}");
        let moved: Vec<i32> = tunable
            .iter()
            .map(|(n, x)| x + if n == name { 10 } else { 0 })
            .collect();
        // At full material the middlegame counts alone: one pawn more at home for
        // the side to move.
        assert_eq!(
            weighted(&pos, &w.with_tunable(&moved)),
            weighted(&pos, w) + 10
        );
    }

    /// Without the term the evaluation is chess's.
    #[test]
    fn without_its_term_it_is_the_chess_family_s() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let pos = Position::from_fen(Variant::NoDoubleStep, fen).unwrap();
        let mut w = weights(Variant::NoDoubleStep).clone();
        let zero: Vec<i32> = w
            .tunable()
            .iter()
            .map(|(n, x)| if n.starts_with("own.") { 0 } else { *x })
            .collect();
        w = w.with_tunable(&zero);
        let chess = Position::from_fen(Variant::Chess, fen).unwrap();
        assert_eq!(
            weighted(&pos, &w),
            weighted(&chess, weights(Variant::Chess))
        );
    }
}
