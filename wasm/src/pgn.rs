//! PGN read into games (`readPgn`, `PgnGame`): the engine's reader, which takes SAN
//! and coordinate moves alike and the PGNs of other programs. Writing is
//! `Board.pgn()`.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use baton_engine::{pgn, Game, Position, Variant};

use crate::board::{variant_of, Board};
use crate::errors::{error, INVALID_FEN, INVALID_PGN};
use crate::js;

/// One game read from PGN: its tags, its moves as written, the result token.
/// `board()` replays it against the rules.
#[wasm_bindgen]
pub struct PgnGame {
    game: pgn::PgnGame,
}

#[wasm_bindgen]
impl PgnGame {
    /// The tag pairs (`Event`, `White`, `Variant`, `FEN`, ...).
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn tags(&self) -> Object {
        js::string_object(self.game.tags.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }
    /// The moves as written (SAN or coordinates), move numbers and comments left out.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<String> {
        self.game.moves.clone()
    }
    /// The result token that ends the move text (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> Option<String> {
        self.game.result_token.clone()
    }
    /// What makes the game's text broken or incomplete (empty when it is whole).
    #[wasm_bindgen(getter)]
    pub fn problems(&self) -> Vec<String> {
        self.game.problems.clone()
    }

    /// The game replayed on a `Board` (its variant from the `Variant` tag, its start
    /// from `FEN`). Throws `UnknownVariant`, `InvalidFen` or `InvalidPgn` (naming the
    /// first move that does not replay) with the engine's words.
    pub fn board(&self) -> Result<Board, JsValue> {
        let variant = match self.game.tag("Variant") {
            Some(name) => pgn::variant_from_tag(name).or_else(|_| variant_of(name))?,
            None => Variant::Chess,
        };
        if let Some(fen) = self.game.tag("FEN") {
            Position::from_fen(variant, fen)
                .map_err(|e| error(INVALID_FEN, format!("FEN tag '{fen}': {e}")))?;
        }
        let (start, moves) = self.game.replay().map_err(|e| error(INVALID_PGN, e))?;
        let mut game = Game::new(start);
        for m in moves {
            game.play(m);
        }
        Ok(Board::from_game(game))
    }
}

/// Every game of a PGN text, in order. A broken game is read as far as it goes and
/// says what is wrong in `problems`; the games after it are read all the same.
#[wasm_bindgen(js_name = readPgn)]
pub fn read_pgn(text: &str) -> Vec<PgnGame> {
    pgn::read_games(text)
        .into_iter()
        .map(|game| PgnGame { game })
        .collect()
}
