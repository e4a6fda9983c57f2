//! A game: the stack of positions from the start (so moves can be taken back), and
//! the end of the game by the variant's rules, by repetition and by the 50-move rule.

use crate::moves::Move;
use crate::notation::{parse_move, MoveError};
use crate::piece::Color;
use crate::position::Position;
use crate::rules;
use crate::variant::Variant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: &'static str,
}

impl Outcome {
    pub fn draw(reason: &'static str) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
    pub fn win(color: Color, reason: &'static str) -> Outcome {
        Outcome {
            winner: Some(color),
            reason,
        }
    }
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }
    pub fn startpos(variant: Variant) -> Game {
        Game::new(Position::startpos(variant))
    }
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The hashes of every position so far, oldest first (for the search's
    /// repetition detection).
    pub fn hashes(&self) -> Vec<u64> {
        self.positions.iter().map(|p| p.hash()).collect()
    }
    /// Plays a move that must be legal.
    pub fn play(&mut self, m: Move) {
        let next = self.position().play(m);
        self.positions.push(next);
        self.moves.push(m);
    }
    /// Reads and plays a move given as text; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = parse_move(self.position(), text)?;
        self.play(m);
        Ok(m)
    }
    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// How many times the current position has stood on the board (itself included),
    /// looking back only as far as the last irreversible move.
    pub fn repetitions(&self) -> usize {
        let pos = self.position();
        let reach = pos.halfmove as usize;
        self.positions
            .iter()
            .rev()
            .take(reach + 1)
            .filter(|p| p.hash() == pos.hash())
            .count()
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(o) = rules::terminal(pos) {
            return Some(o);
        }
        if self.repetitions() >= 3 {
            return Some(rules::repetition_outcome(pos));
        }
        if pos.halfmove >= 100 {
            return Some(Outcome::draw("50-move rule"));
        }
        if rules::insufficient_material(pos) {
            return Some(Outcome::draw("insufficient material"));
        }
        None
    }
}
