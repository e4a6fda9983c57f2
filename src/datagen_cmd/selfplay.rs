//! One self-play game of `baton datagen`: an opening from the variant's suite plus a
//! few random plies, then Baton against itself at a fixed node count, one thread, to
//! the end by the rules or by adjudication. Every searched position that a trainer
//! would use becomes a `Sample` with the search's score and, once the game is over,
//! its result.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use baton_engine::data::{Sample, Wdl, SCORE_LIMIT};
use baton_engine::rng::{mix, Rng};
use baton_engine::search::{think, Limits, Params, Score, TranspositionTable, Tune};
use baton_engine::{rules, Color, Game, Move, Position, Variant};

use crate::referee::{Adjudicator, DrawRule, ResignRule};

/// How every game of a run is played (the command line's choices).
#[derive(Clone, Debug)]
pub struct Rules {
    pub variant: Variant,
    pub nodes: u32,
    /// The suite's positions, as FENs.
    pub openings: Vec<String>,
    /// Random plies after the suite's position, fewest and most.
    pub random_plies: (u32, u32),
    /// Positions before this ply of the game (counted from the variant's start by the
    /// move number) are not kept.
    pub min_ply: u32,
    /// A draw after this many full moves of self-play.
    pub max_moves: u32,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
}

/// A finished game's kept positions, in order.
pub struct Played {
    pub samples: Vec<Sample>,
}

/// The seed of game `index` of the run seeded `run_seed`: a run's games differ, and so
/// do two runs' (`mix` spreads consecutive run seeds apart).
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    mix(mix(run_seed).wrapping_add(index.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
}

/// The opening of a game: a position of `openings` (FENs of `variant`) and `lo` to `hi`
/// random legal plies after it, drawn again (up to a bound) when the game ends among
/// them. (`baton spsa` opens its games the same way.)
pub fn opening(
    variant: Variant,
    openings: &[String],
    (lo, hi): (u32, u32),
    rng: &mut Rng,
) -> Option<Game> {
    for _ in 0..100 {
        let fen = &openings[rng.below(openings.len())];
        let start = Position::from_fen(variant, fen).ok()?;
        let mut game = Game::new(start);
        let plies = lo + rng.below((hi - lo + 1) as usize) as u32;
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let moves = rules::legal_move_list(game.position());
            game.play(moves[rng.below(moves.len())]);
        }
        if game.outcome().is_none() {
            return Some(game);
        }
    }
    None
}

/// A position trainers leave out: the side to move is in check, or the search's move
/// changes material (a capture, a promotion, a fusion: anything that changes what
/// stands on the board besides moving it), so that its score is not the quiet
/// position's.
fn skipped(pos: &Position, best: Move) -> bool {
    let v = pos.variant();
    if v.has_check() && rules::in_check(pos, pos.side()) {
        return true;
    }
    if rules::is_capture(pos, best) || best.promotion.is_some() {
        return true;
    }
    let after = pos.play(best);
    after.occupied().count() != pos.occupied().count() || after.shared() != pos.shared()
}

/// The score as a sample keeps it: centipawns, mates at +/-`SCORE_LIMIT`. (`baton
/// spsa`'s adjudication reads it so too.)
pub fn clamp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-i32::from(SCORE_LIMIT), i32::from(SCORE_LIMIT)),
        Score::Mate(m) if m > 0 => i32::from(SCORE_LIMIT),
        Score::Mate(_) => -i32::from(SCORE_LIMIT),
    }
}

/// The search's move and score at `nodes` nodes, one thread, with the pruning numbers
/// `tune` (none: the variant's own). In a wide variant a small node count can end
/// before the first iteration does, leaving no score: then the first iteration is
/// searched whole (depth 1, no node limit). (`baton spsa` searches its games so too.)
pub fn search(
    game: &Game,
    nodes: u64,
    tune: Tune,
    tt: &TranspositionTable,
) -> Option<(Move, Score)> {
    let by_nodes = Limits {
        nodes: Some(nodes),
        ..Default::default()
    };
    let by_depth = Limits {
        depth: Some(1),
        ..Default::default()
    };
    let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
    for limits in [by_nodes, by_depth] {
        let params = Params {
            tune,
            ..Params::hostless(game, limits, &stop, &pondering)
        };
        let last = Mutex::new(None);
        let outcome = think(&params, tt, &|r| {
            if let Ok(mut s) = last.lock() {
                *s = Some(r.score);
            }
        });
        if let (Some(best), Some(score)) = (outcome.best, last.into_inner().ok().flatten()) {
            return Some((best, score));
        }
    }
    None
}

/// Plays game `seed` with the table `tt` (cleared first, so that a game depends on its
/// seed alone); `None` if no opening could be made or a search found no move in a
/// game that was not over (the game is left out).
pub fn play(rules_: &Rules, seed: u64, tt: &TranspositionTable) -> Option<Played> {
    let mut rng = Rng::new(seed);
    let mut game = opening(
        rules_.variant,
        &rules_.openings,
        rules_.random_plies,
        &mut rng,
    )?;
    tt.clear();
    let mut adjudicator = Adjudicator::new(rules_.draw, rules_.resign);
    // Positions kept so far, with the side to move in each, until the result is known.
    let mut kept: Vec<(Position, i16, Color)> = Vec::new();
    let mut searched_plies = 0usize;
    let winner: Option<Color> = loop {
        if let Some(outcome) = game.outcome() {
            break outcome.winner;
        }
        if searched_plies >= 2 * rules_.max_moves as usize {
            break None;
        }
        // No move although the game is not over: no result to trust, so the game is
        // left out.
        let (best, score) = search(&game, u64::from(rules_.nodes), Tune::default(), tt)?;
        let score = clamp(score);
        let pos = game.position().clone();
        if pos.game_ply() >= rules_.min_ply && !skipped(&pos, best) {
            kept.push((pos.clone(), score as i16, pos.side()));
        }
        let irreversible = {
            let after = pos.play(best);
            baton_engine::game::irreversible(&pos, &after)
        };
        game.play(best);
        searched_plies += 1;
        // The adjudicator's move numbers count from the variant's start.
        let plies = game.position().game_ply() as usize;
        if let Some((winner, _)) =
            adjudicator.after_move(pos.side(), Some(score), plies, irreversible)
        {
            break winner;
        }
    };
    let samples = kept
        .into_iter()
        .map(|(position, score, side)| Sample {
            position,
            score,
            result: match winner {
                None => Wdl::Draw,
                Some(w) if w == side => Wdl::Win,
                Some(_) => Wdl::Loss,
            },
        })
        .collect();
    Some(Played { samples })
}

#[cfg(test)]
mod tests {
    use super::*;
    use baton_engine::parse_move;

    fn is_skipped(variant: Variant, fen: &str, best: &str) -> bool {
        let pos = Position::from_fen(variant, fen).expect("a FEN");
        let m = parse_move(&pos, best).expect("a legal move");
        skipped(&pos, m)
    }

    /// The positions trainers leave out: in check, or a best move that changes what
    /// stands on the board; a quiet move's position is kept.
    #[test]
    fn checks_captures_promotions_and_fusions_are_left_out() {
        let chess = Variant::Chess;
        let open = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
        assert!(!is_skipped(chess, open, "b1c3"));
        assert!(is_skipped(chess, open, "e4d5"));
        assert!(is_skipped(chess, open, "f3e5"));
        let check = "rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3";
        assert!(is_skipped(chess, check, "g2g3"));
        let promote = "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1";
        assert!(is_skipped(chess, promote, "e7e8q"));
        assert!(!is_skipped(chess, promote, "g2f3"));
        // A combiningknightmare fusion takes nothing but changes the board's pieces.
        let combining = Variant::CombiningKnightmare;
        let fuse = "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1";
        assert!(is_skipped(combining, fuse, "d1d5"));
        assert!(!is_skipped(combining, fuse, "d1d2"));
    }
}
