//! `Board`: a game of one variant (its positions from the start, so moves can be
//! taken back), with its legal moves, SAN, FEN, check, outcome and perft; `Move` and
//! `Outcome`, what it answers with.

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

use baton_engine::pgn::game_record;
use baton_engine::{
    format_move, format_san, format_san_among, parse_move, parse_san, perft, rules, Color, Game,
    Position, Variant,
};

use crate::errors::{error, move_error, BATON_ERROR, ILLEGAL_MOVE, INVALID_FEN, UNKNOWN_VARIANT};
use crate::js;

/// A move in both notations, for the position it was made in: `uci` is Baton's move
/// text (`e2e4`, `e7e8q`, a two-part turn `e2e4,d5d6`), `san` its SAN (`Nf3`,
/// `exd8=Q+`).
#[wasm_bindgen]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    uci: String,
    san: String,
}

#[wasm_bindgen]
impl Move {
    /// Baton's move text (docs/protocol.md).
    #[wasm_bindgen(getter)]
    pub fn uci(&self) -> String {
        self.uci.clone()
    }
    /// The move in SAN (docs/san.md).
    #[wasm_bindgen(getter)]
    pub fn san(&self) -> String {
        self.san.clone()
    }
    /// Baton's move text, so that `${move}` and `board.push(String(move))` read it.
    #[wasm_bindgen(js_name = toString)]
    pub fn text(&self) -> String {
        self.uci.clone()
    }
    /// `{ uci, san }`, for `JSON.stringify`.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "{ uci: string, san: string }")]
    pub fn to_json(&self) -> Object {
        js::string_object([("uci", self.uci.as_str()), ("san", self.san.as_str())])
    }
}

impl Move {
    /// The move `m` of `pos`, in both notations.
    pub fn of(pos: &Position, m: baton_engine::Move) -> Move {
        Move {
            uci: format_move(pos, m),
            san: format_san(pos, m),
        }
    }
}

/// How a game ended: `result` is `1-0`, `0-1` or `1/2-1/2`, `winner` `white`,
/// `black` or `undefined` for a draw, `reason` the rules' words (`checkmate`,
/// `stalemate`, `king captured`, `threefold repetition`, `50-move rule`, ...).
#[wasm_bindgen]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    result: &'static str,
    winner: Option<&'static str>,
    reason: &'static str,
}

#[wasm_bindgen]
impl Outcome {
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> String {
        self.result.to_string()
    }
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> Option<String> {
        self.winner.map(str::to_string)
    }
    #[wasm_bindgen(getter)]
    pub fn reason(&self) -> String {
        self.reason.to_string()
    }
}

/// Reads a variant name, throwing `UnknownVariant` with the engine's message.
pub fn variant_of(name: &str) -> Result<Variant, JsValue> {
    Variant::parse(name).map_err(|e| error(UNKNOWN_VARIANT, e))
}

/// The deepest perft `perft` counts: far beyond what finishes (chess to depth 8
/// takes hours natively), and it keeps a depth that is no depth from allocating a
/// move list per ply until memory runs out.
const MAX_PERFT_DEPTH: u64 = 32;

/// A game of one of Baton's variants, from its start position or a FEN.
///
/// Moves are played with `push` (Baton's move text or a `Move`) or `pushSan`, and
/// taken back with `pop`. The rules, the notation and the end of the game are the
/// engine's, as in `baton` itself.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Board {
    game: Game,
}

#[wasm_bindgen]
impl Board {
    /// `new Board(variant = "chess", fen?)`: the variant's start position, or `fen`.
    /// Throws `UnknownVariant` or `InvalidFen`.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: Option<String>, fen: Option<String>) -> Result<Board, JsValue> {
        let v = variant_of(variant.as_deref().unwrap_or("chess"))?;
        let start = match fen {
            Some(text) => Position::from_fen(v, &text).map_err(|e| error(INVALID_FEN, e))?,
            None => Position::startpos(v),
        };
        Ok(Board {
            game: Game::new(start),
        })
    }

    /// The variant's name.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.position().variant().name().to_string()
    }
    /// The board's number of files (columns).
    #[wasm_bindgen(getter)]
    pub fn files(&self) -> u8 {
        self.position().variant().geometry().width()
    }
    /// The board's number of ranks (rows).
    #[wasm_bindgen(getter)]
    pub fn ranks(&self) -> u8 {
        self.position().variant().geometry().height()
    }
    /// The pieces a FEN of this variant may hold: White's letter to the piece's name.
    #[wasm_bindgen(getter, unchecked_return_type = "Record<string, string>")]
    pub fn pieces(&self) -> Object {
        let pairs: Vec<(String, String)> = self
            .position()
            .variant()
            .piece_letters()
            .iter()
            .map(|(letter, role)| (letter.to_string(), format!("{role:?}").to_lowercase()))
            .collect();
        js::string_object(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }
    /// The FEN of the variant's start position.
    #[wasm_bindgen(getter, js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.position().variant().start_fen().to_string()
    }
    /// The side to move: `white` or `black`.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> String {
        self.position().side().name().to_string()
    }
    /// The moves played since the board was made, oldest first.
    #[wasm_bindgen(getter, js_name = moveStack)]
    pub fn move_stack(&self) -> Vec<Move> {
        let start = self.game.start();
        let played = start.before_each(self.game.moves());
        played.iter().map(|(pos, m)| Move::of(pos, *m)).collect()
    }

    /// The current position as FEN (docs/protocol.md, with the variants' extensions).
    pub fn fen(&self) -> String {
        self.position().fen()
    }

    /// Every legal move (every whole turn, in two-part variants), with its SAN.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<Move> {
        let pos = self.position();
        let legal = rules::legal_move_list(pos);
        legal
            .iter()
            .map(|&m| Move {
                uci: format_move(pos, m),
                san: format_san_among(pos, m, &legal),
            })
            .collect()
    }

    /// Plays a move given as Baton's move text (`e2e4`) or as a `Move`, and returns
    /// it. Throws `IllegalMove` (the position unchanged) when it is not legal here.
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | Move")] r#move: JsValue,
    ) -> Result<Move, JsValue> {
        let text = match r#move.as_string() {
            Some(text) => text,
            // A `Move` (or any object with a `uci` string).
            None => Reflect::get(&r#move, &"uci".into())
                .ok()
                .and_then(|uci| uci.as_string())
                .ok_or_else(|| error(ILLEGAL_MOVE, "a move is a string or a Move"))?,
        };
        let m = parse_move(self.position(), &text).map_err(move_error)?;
        Ok(self.play(m))
    }

    /// Plays a move given in SAN (`Nf3`, `exd8=Q+`) and returns it. Throws
    /// `IllegalMove` (or `AmbiguousMove`) with the position unchanged.
    #[wasm_bindgen(js_name = pushSan)]
    pub fn push_san(&mut self, san: &str) -> Result<Move, JsValue> {
        let m = parse_san(self.position(), san).map_err(move_error)?;
        Ok(self.play(m))
    }

    /// Takes back the last move and returns it; throws a `RangeError` when none was
    /// played.
    pub fn pop(&mut self) -> Result<Move, JsValue> {
        let (Some(before), Some(&m)) = (self.game.previous(), self.game.moves().last()) else {
            return Err(js_sys::RangeError::new("no move to take back").into());
        };
        let played = Move::of(before, m);
        self.game.undo();
        Ok(played)
    }

    /// Whether the side to move is in check (always false in variants without check).
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        let pos = self.position();
        pos.variant().has_check() && rules::in_check(pos, pos.side())
    }

    /// How the game ended, or `undefined` while it goes on: the rules' end (mate,
    /// stalemate, a captured king), threefold repetition, the 50-move rule,
    /// insufficient material.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().map(|o| Outcome {
            result: o.result_text(),
            winner: o.winner.map(Color::name),
            reason: o.reason,
        })
    }

    /// Whether the game is over (`outcome()` is not `undefined`).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep (a whole
    /// number from 0 to 32), counted on this thread. The count is exact: no perft
    /// that finishes comes near 2^53.
    pub fn perft(&self, depth: f64) -> Result<f64, JsValue> {
        let depth = js::checked_whole(Some(depth), "perft depth", 0, MAX_PERFT_DEPTH)?;
        Ok(perft::perft(self.position(), depth as u32) as f64)
    }

    /// The game as PGN, its moves in SAN. `tags`, an optional object of strings (tag
    /// name to value), adds to or replaces the seven standard tags (`Event`, `White`,
    /// ...); `Variant` and, from a set-up position, `SetUp` and `FEN` are written as
    /// Baton writes them. The result is the game's
    /// outcome, or `*` while it goes on.
    pub fn pgn(&self, tags: Option<Object>) -> Result<String, JsValue> {
        let given = match tags {
            Some(object) => js::string_pairs(&object, "PGN tag")?,
            None => Vec::new(),
        };
        for (name, _) in &given {
            if name.is_empty() || name.contains(|c: char| !c.is_ascii_alphanumeric() && c != '_') {
                return Err(error(
                    BATON_ERROR,
                    format!("PGN tag name '{name}' must be letters, digits or '_'"),
                ));
            }
        }
        Ok(game_record(&self.game, given))
    }

    /// A copy of the board, with its moves (taking moves back on one leaves the
    /// other alone).
    pub fn copy(&self) -> Board {
        self.clone()
    }
}

impl Board {
    /// A board holding `game` (a PGN game replayed).
    pub fn from_game(game: Game) -> Board {
        Board { game }
    }
    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    /// Plays a legal move, returning it as it was written before it was made.
    fn play(&mut self, m: baton_engine::Move) -> Move {
        let played = Move::of(self.position(), m);
        self.game.play(m);
        played
    }
}
