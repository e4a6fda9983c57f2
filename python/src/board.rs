//! `Board`: a game of one variant (its positions from the start, so moves can be
//! taken back), with its legal moves, SAN, FEN, check, outcome and perft; `Move` and
//! `Outcome`, what it answers with.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use baton_engine::pgn::game_record;
use baton_engine::{
    format_move, format_san, parse_move, parse_san, perft, rules, Color, Game, Position, Variant,
};

use crate::errors::{move_error, InvalidFen, UnknownVariant};

/// A move as Baton writes it: `uci` is Baton's move text (docs/protocol.md: `e2e4`,
/// `e7e8q`, a two-part turn `e2e4,d5d6`) and `san` its SAN (docs/san.md), both for
/// the position it was made in. Two moves are equal when their text and position are.
#[pyclass(module = "baton", frozen, eq, hash)]
pub struct Move {
    #[pyo3(get)]
    pub uci: String,
    /// Written on first use: SAN costs some hundred times what the move's text does
    /// (it looks for other moves that fit the same pattern), and a stonesrelays
    /// position has hundreds of turns of which a caller reads few.
    san: OnceLock<String>,
    /// The position the move is made in, shared by a position's moves.
    pos: Arc<Position>,
    m: baton_engine::Move,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.uci == other.uci && self.pos.hash() == other.pos.hash()
    }
}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.uci.hash(state);
        self.pos.hash().hash(state);
    }
}

#[pymethods]
impl Move {
    /// The move in SAN (`Nf3`, `exd8=Q+`).
    #[getter]
    pub fn san(&self) -> &str {
        self.san.get_or_init(|| format_san(&self.pos, self.m))
    }
    fn __str__(&self) -> &str {
        &self.uci
    }
    fn __repr__(&self) -> String {
        format!("Move(uci='{}', san='{}')", self.uci, self.san())
    }
}

impl Move {
    /// The move `m` of `pos` (shared by the position's moves).
    pub fn of(pos: &Arc<Position>, m: baton_engine::Move) -> Move {
        Move {
            uci: format_move(pos, m),
            san: OnceLock::new(),
            pos: Arc::clone(pos),
            m,
        }
    }
    /// The move `m` of `pos`, alone.
    pub fn single(pos: &Position, m: baton_engine::Move) -> Move {
        Move::of(&Arc::new(pos.clone()), m)
    }
}

/// How a game ended: `result` is `1-0`, `0-1` or `1/2-1/2`, `winner` `white`,
/// `black` or None for a draw, `reason` the rules' words (`checkmate`,
/// `stalemate`, `king captured`, `threefold repetition`, `50-move rule`, ...).
#[pyclass(module = "baton", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct Outcome {
    #[pyo3(get)]
    pub result: &'static str,
    #[pyo3(get)]
    pub winner: Option<&'static str>,
    #[pyo3(get)]
    pub reason: &'static str,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!(
            "Outcome(result='{}', winner={}, reason='{}')",
            self.result,
            self.winner.map_or("None".to_string(), |w| format!("'{w}'")),
            self.reason
        )
    }
}

/// Reads a variant name, raising `UnknownVariant` with the engine's message.
pub fn variant_of(name: &str) -> PyResult<Variant> {
    Variant::parse(name).map_err(UnknownVariant::new_err)
}

/// A game of one of Baton's variants, from its start position or a FEN.
///
/// Moves are played with `push` (Baton's move text or a `Move`) or `push_san`, and
/// taken back with `pop`. The rules, the notation and the end of the game are the
/// engine's, as in `baton` itself.
#[pyclass(module = "baton")]
#[derive(Clone)]
pub struct Board {
    pub game: Game,
}

impl Board {
    pub fn position(&self) -> &Position {
        self.game.position()
    }
}

#[pymethods]
impl Board {
    /// `Board(variant="chess", fen=None)`: the variant's start position, or `fen`.
    #[new]
    #[pyo3(signature = (variant = "chess", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Board> {
        let v = variant_of(variant)?;
        let start = match fen {
            Some(text) => {
                Position::from_fen(v, text).map_err(|e| InvalidFen::new_err(e.to_string()))?
            }
            None => Position::startpos(v),
        };
        Ok(Board {
            game: Game::new(start),
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.position().variant().name()
    }
    /// The board's number of files (columns).
    #[getter]
    fn files(&self) -> u8 {
        self.position().variant().geometry().width()
    }
    /// The board's number of ranks (rows).
    #[getter]
    fn ranks(&self) -> u8 {
        self.position().variant().geometry().height()
    }
    /// The pieces a FEN of this variant may hold: White's letter to the piece's name.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (letter, role) in self.position().variant().piece_letters() {
            d.set_item(letter.to_string(), format!("{role:?}").to_lowercase())?;
        }
        Ok(d)
    }
    /// The FEN of the variant's start position, as `fen()` writes it.
    #[getter]
    fn start_fen(&self) -> String {
        Position::startpos(self.position().variant()).fen()
    }
    /// The side to move: `white` or `black`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.position().side().name()
    }
    /// The moves played since the board was made, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let start = self.game.start();
        let played = start.before_each(self.game.moves());
        played
            .iter()
            .map(|(pos, m)| Move::single(pos, *m))
            .collect()
    }

    /// The current position as FEN (docs/protocol.md, with the variants' extensions).
    fn fen(&self) -> String {
        self.position().fen()
    }

    /// Every legal move (every whole turn, in two-part variants), with its SAN.
    fn legal_moves(&self) -> Vec<Move> {
        let pos = Arc::new(self.position().clone());
        rules::legal_move_list(&pos)
            .into_iter()
            .map(|m| Move::of(&pos, m))
            .collect()
    }

    /// Plays a move given as Baton's move text (`e2e4`) or as a `Move`; returns it.
    /// Raises `IllegalMove` (the position unchanged) when it is not legal here.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text: String = match r#move.cast::<Move>() {
            Ok(m) => m.get().uci.clone(),
            Err(_) => r#move.extract()?,
        };
        let m = parse_move(self.position(), &text).map_err(move_error)?;
        Ok(self.play(m))
    }

    /// Plays a move given in SAN (`Nf3`, `exd8=Q+`); returns it. Raises
    /// `IllegalMove` (or `AmbiguousMove`) with the position unchanged.
    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let m = parse_san(self.position(), san).map_err(move_error)?;
        Ok(self.play(m))
    }

    /// Takes back the last move and returns it; IndexError when none was played.
    fn pop(&mut self) -> PyResult<Move> {
        let (Some(before), Some(&m)) = (self.game.previous(), self.game.moves().last()) else {
            return Err(PyIndexError::new_err("no move to take back"));
        };
        let played = Move::single(before, m);
        self.game.undo();
        Ok(played)
    }

    /// Whether the side to move is in check (always False in variants without check).
    fn is_check(&self) -> bool {
        let pos = self.position();
        pos.variant().has_check() && rules::in_check(pos, pos.side())
    }

    /// How the game ended, or None while it goes on: the rules' end (mate, stalemate,
    /// a captured king), threefold repetition, the 50-move rule, insufficient material.
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().map(|o| Outcome {
            result: o.result_text(),
            winner: o.winner.map(Color::name),
            reason: o.reason,
        })
    }

    /// Whether the game is over (`outcome()` is not None).
    fn is_game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep, counted
    /// on one thread with the GIL released.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.position().clone();
        py.detach(move || perft::perft(&pos, depth))
    }

    /// The game as PGN, its moves in SAN. `tags` adds to or replaces the seven
    /// standard tags (`Event`, `White`, ...); `Variant` and, from a set-up position,
    /// `SetUp` and `FEN` are written as Baton writes them. The result is the
    /// game's outcome, or `*` while it goes on.
    #[pyo3(signature = (tags = None))]
    fn pgn(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let given: Vec<(String, String)> = match tags {
            Some(d) => d
                .iter()
                .map(|(k, v)| Ok((k.extract()?, v.extract()?)))
                .collect::<PyResult<_>>()?,
            None => Vec::new(),
        };
        Ok(game_record(&self.game, given))
    }

    /// A copy of the board, with its moves (taking moves back on one leaves the
    /// other alone).
    fn copy(&self) -> Board {
        self.clone()
    }
    fn __copy__(&self) -> Board {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.variant(), self.fen())
    }
}

impl Board {
    /// Plays a legal move, returning it as it was written before it was made.
    fn play(&mut self, m: baton_engine::Move) -> Move {
        let played = Move::single(self.position(), m);
        self.game.play(m);
        played
    }
}
