//! What a thread learns over a game and keeps from one search to the next (after
//! Stockfish's history.h): the quiet-move tables that order moves (history by squares,
//! continuation history, countermoves) and the correction history of the static
//! score (`correction.rs`). A node reads them through the line above it (`Line`); the
//! search's per-ply state (killers, the move made at each ply) is its stack's
//! (`stack.rs`).

use super::correction::Correction;
use crate::moves::Move;
use crate::piece::NROLES;
use crate::position::Position;

/// Keys of (color, role, target square).
const PIECE_TARGETS: usize = 2 * NROLES * 128;

/// The keys (`piece_target`) of the moves made one and two plies above a node, as its
/// line holds them (`None`: a null move, the root's side of the line, or quiescence).
pub type Line = [Option<u16>; 2];

/// The key of a move by the piece that makes it and its target square: what
/// continuation history and countermoves are indexed by.
#[inline]
pub fn piece_target(pos: &Position, m: Move) -> Option<u16> {
    let role = pos.role_at(pos.side, m.from)?;
    Some(((pos.side.idx() * NROLES + role.idx()) * 128 + m.to.idx()) as u16)
}

/// What one thread keeps over a game: move-ordering history and correction history.
pub struct Histories {
    pub moves: History,
    /// What the static score misses by pawn structure and by each side's pieces
    /// (`Sharp::correction_history`).
    pub correction: Correction,
}

impl Histories {
    pub fn new(follow_up: usize) -> Histories {
        Histories {
            moves: History::new(follow_up),
            correction: Correction::new(),
        }
    }
}

/// Quiet-move history: by squares, as an answer to the opponent's previous move, and
/// as a follow-up to our own move before it; and the countermoves.
pub struct History {
    /// Quiet-move history per side, from-square and to-square.
    butterfly: Vec<i32>,
    /// Continuation history: how well a quiet move (by piece and target) answered the
    /// opponent's previous move (by piece and target), `PIECE_TARGETS` squared.
    continuation: Vec<i16>,
    /// The quiet move that last refuted each previous move (countermove).
    counter: Vec<Option<Move>>,
    /// How many earlier moves of the line continuation history follows: 0 (none and
    /// no countermoves), 1 (the opponent's last move), 2 (also our own move before
    /// it). `Features::follow_up_plies`.
    follow_up: usize,
}

impl History {
    pub fn new(follow_up: usize) -> History {
        let tables = if follow_up > 0 { PIECE_TARGETS } else { 0 };
        History {
            butterfly: vec![0; 2 * 128 * 128],
            continuation: vec![0; tables * tables],
            counter: vec![None; tables],
            follow_up,
        }
    }

    /// How many earlier moves continuation history follows (0: none kept).
    pub fn follow_up(&self) -> usize {
        self.follow_up
    }

    /// The rows of continuation history a node reads: the moves of its line that
    /// continuation history follows.
    #[inline]
    fn rows(&self, line: Line) -> [Option<usize>; 2] {
        let row = |back: usize| {
            line[back - 1]
                .filter(|_| self.follow_up >= back)
                .map(usize::from)
        };
        [row(1), row(2)]
    }

    #[inline]
    fn butterfly_index(pos: &Position, m: Move) -> usize {
        (pos.side.idx() * 128 + m.from.idx()) * 128 + m.to.idx()
    }

    /// History of a quiet move by its squares alone.
    pub fn butterfly(&self, pos: &Position, m: Move) -> i32 {
        self.butterfly[Self::butterfly_index(pos, m)]
    }

    /// History of a quiet move after `line`: by squares, as an answer to the
    /// opponent's previous move, and as a follow-up to our own move before it (one
    /// continuation table for both, as in Stockfish: the earlier move picks the row).
    pub fn quiet(&self, pos: &Position, m: Move, line: Line) -> i32 {
        let Some(key) = piece_target(pos, m).map(usize::from) else {
            return self.butterfly(pos, m);
        };
        let cont = |row: Option<usize>| {
            row.map_or(0, |r| i32::from(self.continuation[r * PIECE_TARGETS + key]))
        };
        let [first, second] = self.rows(line);
        self.butterfly(pos, m) + cont(first) + cont(second)
    }

    /// The countermove kept for the opponent's last move of `line`, if any.
    #[inline]
    pub fn countermove(&self, line: Line) -> Option<Move> {
        self.rows(line)[0].and_then(|prev| self.counter[prev])
    }

    /// A quiet move caused a cutoff at `depth` after `line`: reward its history and
    /// keep it as the countermove; the quiet moves tried before it are punished.
    pub fn reward(&mut self, pos: &Position, m: Move, depth: i32, line: Line, tried: &[Move]) {
        let bonus = (depth * depth).min(400);
        let rows = self.rows(line);
        if let Some(prev) = rows[0] {
            self.counter[prev] = Some(m);
        }
        self.update(pos, m, bonus, rows);
        for &q in tried {
            if q != m {
                self.update(pos, q, -bonus, rows);
            }
        }
    }

    fn update(&mut self, pos: &Position, m: Move, bonus: i32, rows: [Option<usize>; 2]) {
        // Gravity keeps the values bounded well below the killer score.
        let gravity = |v: i32| v + bonus * 32 - v * bonus.abs() / 512;
        let h = &mut self.butterfly[Self::butterfly_index(pos, m)];
        *h = gravity(*h);
        if let Some(key) = piece_target(pos, m) {
            for prev in rows.into_iter().flatten() {
                let c = &mut self.continuation[prev * PIECE_TARGETS + usize::from(key)];
                *c = gravity(i32::from(*c)) as i16;
            }
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new(2)
    }
}

/// Test support: a knightmate start position, its first legal move, and a history
/// with continuation history following `follow_up` plies that rewarded that move
/// once after `line`.
#[cfg(test)]
pub(crate) fn rewarded_once(follow_up: usize, line: Line) -> (Position, Move, History) {
    let pos = Position::startpos(crate::variant::Variant::Knightmate);
    let m = crate::rules::legal_move_list(&pos)[0];
    let mut history = History::new(follow_up);
    history.reward(&pos, m, 10, line, &[]);
    (pos, m, history)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A quiet move rewarded two plies below our previous move keeps part of that
    /// credit when the opponent's move between differs, but only where continuation
    /// history follows two plies.
    #[test]
    fn own_follow_up_remembers_the_answer_to_our_previous_move() {
        for (plies, remembered) in [(1, false), (2, true)] {
            let (pos, m, history) = rewarded_once(plies, [Some(7), Some(5)]);
            let more = history.quiet(&pos, m, [Some(9), Some(5)]) > history.butterfly(&pos, m);
            assert_eq!(more, remembered, "{plies} plies");
        }
    }
}
