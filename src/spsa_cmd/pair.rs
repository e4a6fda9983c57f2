//! One pair of `baton spsa`'s games: two sets of pruning numbers play the same opening
//! twice, each once with White, in this process, one search thread each at a fixed
//! node count with a hash table each (as two engines would have), to the end by the
//! rules or by adjudication. At a fixed node count a game depends on its seed alone.

use baton_engine::rng::Rng;
use baton_engine::search::{TranspositionTable, Tune};
use baton_engine::{Color, Game, Variant};

use crate::datagen_cmd::selfplay::{clamp, opening, search};
use crate::referee::{Adjudicator, DrawRule, ResignRule};

/// How every game of a run is played.
#[derive(Clone, Debug)]
pub struct Setup {
    pub variant: Variant,
    pub nodes: u64,
    /// The suite's positions, as FENs.
    pub openings: Vec<String>,
    pub random_plies: (u32, u32),
    /// A draw after this many full moves.
    pub max_moves: u32,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
}

/// Plays `start` to its end, `sets[0]` with White: the winner, `None` for a draw; an
/// `Err` when a search found no move in a game that was not over.
fn game(
    setup: &Setup,
    start: &Game,
    sets: [Tune; 2],
    tts: &[TranspositionTable; 2],
) -> Result<Option<Color>, ()> {
    let mut game = start.clone();
    for tt in tts {
        tt.clear();
    }
    let mut adjudicator = Adjudicator::new(setup.draw, setup.resign);
    let first_ply = game.position().game_ply();
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(outcome.winner);
        }
        let pos = game.position().clone();
        if pos.game_ply() >= first_ply + 2 * setup.max_moves {
            return Ok(None);
        }
        let side = pos.side().idx();
        let (best, score) = search(&game, setup.nodes, sets[side], &tts[side]).ok_or(())?;
        let after = pos.play(best);
        let irreversible = baton_engine::game::irreversible(&pos, &after);
        game.play(best);
        let plies = game.position().game_ply() as usize;
        if let Some((winner, _)) =
            adjudicator.after_move(pos.side(), Some(clamp(score)), plies, irreversible)
        {
            return Ok(winner);
        }
    }
}

/// Pair `seed`: `plus` against `minus` from one opening, each with White once. The
/// result is `plus`'s wins minus its losses (-2 to 2); `None` if no opening could be
/// made or a game broke off (the pair is not counted).
pub fn play(
    setup: &Setup,
    plus: Tune,
    minus: Tune,
    seed: u64,
    tts: &[TranspositionTable; 2],
) -> Option<i32> {
    let mut rng = Rng::new(seed);
    let start = opening(setup.variant, &setup.openings, setup.random_plies, &mut rng)?;
    let mut result = 0;
    for (sets, plus_color) in [([plus, minus], Color::White), ([minus, plus], Color::Black)] {
        match game(setup, &start, sets, tts).ok()? {
            Some(w) if w == plus_color => result += 1,
            Some(_) => result -= 1,
            None => {}
        }
    }
    Some(result)
}
