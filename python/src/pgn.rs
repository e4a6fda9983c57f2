//! PGN read into games (`read_pgn`, `PgnGame`): the engine's reader, which takes SAN
//! and coordinate moves alike and the PGNs of other programs. Writing is
//! `Board.pgn()`.

use std::collections::BTreeMap;

use pyo3::prelude::*;

use baton_engine::{pgn, Game, Position};

use crate::board::{variant_of, Board};
use crate::errors::{InvalidFen, InvalidPgn};

/// One game read from PGN: its tags, its moves as written, the result token.
/// `board()` replays it against the rules.
#[pyclass(module = "baton", frozen)]
pub struct PgnGame {
    game: pgn::PgnGame,
}

#[pymethods]
impl PgnGame {
    /// The tag pairs (`Event`, `White`, `Variant`, `FEN`, ...).
    #[getter]
    fn tags(&self) -> BTreeMap<String, String> {
        self.game.tags.clone()
    }
    /// The moves as written (SAN or coordinates), move numbers and comments left out.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game.moves.clone()
    }
    /// The result token that ends the move text (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    #[getter]
    fn result(&self) -> Option<String> {
        self.game.result_token.clone()
    }
    /// What makes the game's text broken or incomplete (empty when it is whole).
    #[getter]
    fn problems(&self) -> Vec<String> {
        self.game.problems.clone()
    }

    /// The game replayed on a `Board` (its variant from the `Variant` tag, its start
    /// from `FEN`). Raises `UnknownVariant`, `InvalidFen` or `InvalidPgn` (naming the
    /// first move that does not replay) with the engine's words.
    fn board(&self) -> PyResult<Board> {
        let variant = match self.game.tag("Variant") {
            Some(name) => pgn::variant_from_tag(name).or_else(|_| variant_of(name))?,
            None => baton_engine::Variant::Chess,
        };
        if let Some(fen) = self.game.tag("FEN") {
            Position::from_fen(variant, fen)
                .map_err(|e| InvalidFen::new_err(format!("FEN tag '{fen}': {e}")))?;
        }
        let (start, moves) = self.game.replay().map_err(InvalidPgn::new_err)?;
        let mut game = Game::new(start);
        for m in moves {
            game.play(m);
        }
        Ok(Board { game })
    }

    fn __repr__(&self) -> String {
        format!(
            "PgnGame(tags={:?}, moves={})",
            self.game.tags,
            self.game.moves.len()
        )
    }
}

/// Every game of a PGN text, in order. A broken game is read as far as it goes and
/// says what is wrong in `problems`; the games after it are read all the same.
#[pyfunction]
pub fn read_pgn(text: &str) -> Vec<PgnGame> {
    pgn::read_games(text)
        .into_iter()
        .map(|game| PgnGame { game })
        .collect()
}
