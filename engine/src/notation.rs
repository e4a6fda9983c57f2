//! Move text as docs/protocol.md defines it. One formatter defines the notation; reading a
//! move is matching its text against the formatted legal moves.

use crate::moves::Move;
use crate::position::Position;
use crate::rules;

/// The move's text: `e2e4`, `e7e8q`, `e2e4,d5d6`, `c9c10d,c10c10`.
pub fn format_move(pos: &Position, m: Move) -> String {
    let t = pos.tables;
    let mut s = t.square_name(m.from);
    s += &t.square_name(m.to);
    if let Some(role) = m.promotion {
        s.push(pos.variant.role_letter(role).to_ascii_lowercase());
    }
    if let Some((a, b)) = m.extra {
        s.push(',');
        s += &t.square_name(a);
        s += &t.square_name(b);
    }
    s
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not shaped like a move of this variant at all.
    #[error("cannot read '{0}' as a move")]
    Unparsable(String),
    /// Shaped like a move but not legal here.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// Fits more than one legal move (a SAN text that says too little).
    #[error("'{0}' fits more than one legal move")]
    Ambiguous(String),
}

/// Whether the text has the shape of a move on this board (squares, an optional
/// promotion letter, an optional second part).
fn well_formed(pos: &Position, text: &str) -> bool {
    let t = pos.tables;
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 2 || parts.iter().any(|p| p.is_empty()) {
        return false;
    }
    // Split a part into leading square, second square and a tail.
    let squares = |p: &str| -> Option<usize> {
        let b = p.as_bytes();
        let mut i = 0;
        let mut count = 0;
        while i < b.len() && count < 2 {
            let start = i;
            if !b[i].is_ascii_lowercase() {
                return None;
            }
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            t.parse_square(p.get(start..i)?)?;
            count += 1;
        }
        (count == 2).then_some(i)
    };
    let Some(end) = squares(parts[0]) else {
        return false;
    };
    let tail = &parts[0][end..];
    if tail.len() > 1
        || (tail.len() == 1
            && pos
                .variant
                .role_from_letter(tail.chars().next().unwrap_or(' '))
                .is_none())
    {
        return false;
    }
    if let Some(second) = parts.get(1) {
        if squares(second) != Some(second.len()) {
            return false;
        }
    }
    true
}

/// Reads a move given as text, matching it against the legal moves.
/// The square a move text starts with (a file letter and its rank's digits), if it is
/// one of the board's.
fn leading_square(pos: &Position, text: &str) -> Option<crate::geometry::Square> {
    let digits = text.bytes().skip(1).take_while(u8::is_ascii_digit).count();
    pos.tables.parse_square(text.get(..1 + digits)?)
}

pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    // Only the moves from the text's first square are generated and formatted: a
    // stonesrelays position has thousands of turns, and reading every move of a long
    // `position ... moves` against all of them cost more than a fast game's increment.
    let list = match leading_square(pos, text) {
        Some(from) => rules::legal_moves_from(pos, from),
        None => Vec::new(),
    };
    if let Some(m) = list.iter().find(|m| format_move(pos, **m) == text) {
        return Ok(*m);
    }
    if well_formed(pos, text) {
        Err(MoveError::Illegal(text.to_string()))
    } else {
        Err(MoveError::Unparsable(text.to_string()))
    }
}
