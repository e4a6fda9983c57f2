//! The test suite's variant (`rules::nodoublestep`): chess's engine profile with
//! weights of its own, the default search policy (its own move generator: no quiet
//! checks in quiescence), the chess family's evaluation with a term of its own
//! (`terms`), which proves the checklist's path for such terms.

mod terms;

use super::chess::CHESS;
use super::{Profile, VariantProfile};
use crate::eval::{Evaluate, Weights};
use crate::position::Position;
use crate::rules::nodoublestep::NoDoubleStep;
use crate::search::movepick::{MovePolicy, NoRest};

impl VariantProfile for NoDoubleStep {
    const PROFILE: &'static Profile = &NO_DOUBLE_STEP;
}

impl MovePolicy for NoDoubleStep {
    type Rest = NoRest;
}

impl Evaluate for NoDoubleStep {
    type Own = terms::HomePawns;
    fn weighted(pos: &Position, w: &Weights, own: &Self::Own) -> i32 {
        terms::evaluate(pos, w, own)
    }
}

/// Chess's profile (search, suite, bench positions) with its own weights: chess's and
/// its own term.
const NO_DOUBLE_STEP: Profile = Profile {
    weights: include_str!("../../weights/nodoublestep.toml"),
    ..CHESS
};

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::moves::MoveKind;
    use crate::position::Position;
    use crate::rules::legal_move_list;
    use crate::search::{think, Limits, Params, TranspositionTable};
    use crate::variant::Variant;
    use std::sync::atomic::AtomicBool;

    /// The best move a search to `depth` finds in `fen`.
    fn best(fen: &str, depth: u32) -> crate::moves::Move {
        let game = Game::new(Position::from_fen(Variant::NoDoubleStep, fen).unwrap());
        let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
        let limits = Limits {
            depth: Some(depth),
            ..Default::default()
        };
        let tt = TranspositionTable::new(16);
        let out = think(
            &Params::hostless(&game, limits, &stop, &pondering),
            &tt,
            &|_| {},
        );
        let best = out.best.expect("a legal move");
        assert!(legal_move_list(game.position()).contains(&best), "{fen}");
        best
    }

    #[test]
    fn a_search_plays_no_double_step() {
        let m = best(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6,
        );
        assert_ne!(m.kind, MoveKind::DoublePush);
    }

    /// Rh5+ mates here, though not in chess, where d7-d5 would block the check.
    #[test]
    fn a_search_finds_the_mate_a_double_step_would_block() {
        let fen = "N7/3p4/p7/k7/8/1P1N4/8/6KR w - - 0 1";
        let m = best(fen, 3);
        let pos = Position::from_fen(Variant::NoDoubleStep, fen).unwrap();
        assert_eq!(crate::notation::format_move(&pos, m), "h1h5");
        let mate = |v| crate::rules::terminal(&Position::from_fen(v, fen).unwrap().play(m));
        assert_eq!(
            mate(Variant::NoDoubleStep).map(|o| o.reason),
            Some("checkmate")
        );
        assert_eq!(mate(Variant::Chess), None, "d7-d5 blocks");
    }
}
