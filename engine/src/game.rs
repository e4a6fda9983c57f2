//! A game: the stack of positions from the start (so moves can be taken back), and
//! the end of the game by the variant's rules, by repetition and by the 50-move rule.

use crate::moves::Move;
use crate::notation::{parse_move, MoveError};
pub use crate::outcome::Outcome;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules;
use crate::variant::Variant;

/// Whether the move from `before` to `after` can never be undone, so that no position
/// before it can recur (docs/rules.md, repetition): a capture or a fusion (fewer squares hold
/// a piece of either side) or a promotion (fewer pawns). Pawn moves are not: a relayed
/// pawn leaps backwards in knightrelay.
#[inline]
pub fn irreversible(before: &Position, after: &Position) -> bool {
    let occupied = |p: &Position| (p.color_bb(Color::White) | p.color_bb(Color::Black)).count();
    let pawns = |p: &Position| {
        (p.pieces(Color::White, Role::Pawn) | p.pieces(Color::Black, Role::Pawn)).count()
    };
    occupied(after) < occupied(before) || pawns(after) < pawns(before)
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
    /// The moves so far as docs/protocol.md writes them.
    pub fn move_texts(&self) -> impl Iterator<Item = String> + '_ {
        self.positions
            .iter()
            .zip(&self.moves)
            .map(|(p, m)| crate::notation::format_move(p, *m))
    }
    /// The hashes of every position so far, oldest first.
    pub fn hashes(&self) -> Vec<u64> {
        self.positions.iter().map(|p| p.hash()).collect()
    }
    /// The hashes of the positions that may still recur, oldest first: those since the
    /// last irreversible move (for the search's repetition detection).
    pub fn repetition_hashes(&self) -> Vec<u64> {
        self.positions[self.last_irreversible()..]
            .iter()
            .map(|p| p.hash())
            .collect()
    }
    /// The index of the oldest position that may still recur: the one right after the
    /// last capture, promotion or fusion (0 if there was none).
    fn last_irreversible(&self) -> usize {
        (1..self.positions.len())
            .rev()
            .find(|&i| irreversible(&self.positions[i - 1], &self.positions[i]))
            .unwrap_or(0)
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
    /// The position before the last move, if a move was played.
    pub fn previous(&self) -> Option<&Position> {
        self.positions
            .len()
            .checked_sub(2)
            .map(|i| &self.positions[i])
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
    /// looking back as far as the last capture, promotion or fusion (docs/rules.md). Not
    /// bounded by the 50-move clock: in knightrelay a pawn move resets the clock yet
    /// a relayed pawn leap can undo it.
    pub fn repetitions(&self) -> usize {
        let key = self.position().hash();
        self.positions[self.last_irreversible()..]
            .iter()
            .filter(|p| p.hash() == key)
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
