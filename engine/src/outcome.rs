//! How a game ends: who won (or a draw) and the reason the rules give. Its own module
//! so that the rules can name an outcome without depending on `game`, which plays them.

use crate::piece::Color;

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
