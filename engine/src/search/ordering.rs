//! What move ordering remembers over a search: killer moves, countermoves, quiet-move
//! and continuation history (and, beside them, correction history). The scores made
//! from them, and the picking of the best remaining move, are the move picker's
//! (`movepick::score`).

use super::correction::Correction;
use crate::moves::Move;
use crate::piece::NROLES;
use crate::position::Position;

pub const MAX_PLY: usize = 128;

/// Per-thread ordering memory.
pub struct Ordering {
    pub killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet-move history per side, from-square and to-square.
    history: Vec<i32>,
    /// Continuation history: how well a quiet move (by piece and target) answered the
    /// opponent's previous move (by piece and target), `PIECE_TARGETS` squared.
    continuation: Vec<i16>,
    /// The quiet move that last refuted each previous move (countermove).
    counter: Vec<Option<Move>>,
    /// The piece and target of the move made at each ply of the current line (`None`
    /// for a null move), set by the search.
    pub played: [Option<u16>; MAX_PLY + 1],
    /// How many earlier moves of the line continuation history follows: 0 (none and
    /// no countermoves), 1 (the opponent's last move), 2 (also our own move before
    /// it). `Features::follow_up_plies`.
    follow_up: usize,
    /// Not ordering but kept with it, for the same reason: what the static score
    /// misses by pawn structure and by each side's pieces, learned over the game
    /// (`Sharp::correction_history`).
    pub correction: Correction,
}

/// Keys of (color, role, target square).
const PIECE_TARGETS: usize = 2 * NROLES * 128;

impl Ordering {
    pub fn new(follow_up: usize) -> Ordering {
        let tables = if follow_up > 0 { PIECE_TARGETS } else { 0 };
        Ordering {
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 128 * 128],
            continuation: vec![0; tables * tables],
            counter: vec![None; tables],
            played: [None; MAX_PLY + 1],
            follow_up,
            correction: Correction::new(),
        }
    }

    /// How many earlier moves continuation history follows (0: none kept).
    pub fn follow_up(&self) -> usize {
        self.follow_up
    }

    /// The key of a move by the piece that makes it and its target square.
    #[inline]
    pub fn piece_target(pos: &Position, m: Move) -> Option<u16> {
        let role = pos.role_at(pos.side, m.from)?;
        Some(((pos.side.idx() * NROLES + role.idx()) * 128 + m.to.idx()) as u16)
    }

    /// The key of the move made `back` plies above this one (1: the opponent's last,
    /// 2: our own before it), where continuation history follows that far; none
    /// near the root or in quiescence.
    #[inline]
    fn played_before(&self, ply: usize, back: usize) -> Option<usize> {
        if self.follow_up < back || ply < back || ply >= MAX_PLY - 1 {
            return None;
        }
        self.played[ply - back].map(usize::from)
    }

    /// History of a quiet move: by squares, as an answer to the opponent's previous
    /// move, and as a follow-up to our own move before it (one continuation table
    /// for both, as in Stockfish: the earlier move picks the row).
    pub fn quiet_history(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        let Some(key) = Self::piece_target(pos, m).map(usize::from) else {
            return self.history(pos, m);
        };
        let cont = |prev: Option<usize>| {
            prev.map_or(0, |p| i32::from(self.continuation[p * PIECE_TARGETS + key]))
        };
        self.history(pos, m) + cont(self.played_before(ply, 1)) + cont(self.played_before(ply, 2))
    }

    #[inline]
    fn history_index(pos: &Position, m: Move) -> usize {
        (pos.side.idx() * 128 + m.from.idx()) * 128 + m.to.idx()
    }

    pub fn history(&self, pos: &Position, m: Move) -> i32 {
        self.history[Self::history_index(pos, m)]
    }

    /// The countermove kept for the opponent's last move before `ply`, if any.
    #[inline]
    pub fn countermove(&self, ply: usize) -> Option<Move> {
        self.played_before(ply, 1)
            .and_then(|prev| self.counter[prev])
    }

    /// A quiet move caused a cutoff: remember it as a killer and reward its history;
    /// the quiet moves tried before it are punished.
    pub fn reward(&mut self, pos: &Position, m: Move, depth: i32, ply: usize, tried: &[Move]) {
        let ply = ply.min(MAX_PLY - 1);
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        let prev = self.played_before(ply, 1);
        if let Some(prev) = prev {
            self.counter[prev] = Some(m);
        }
        let rows = [prev, self.played_before(ply, 2)];
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
        let h = &mut self.history[Self::history_index(pos, m)];
        *h = gravity(*h);
        if let Some(key) = Self::piece_target(pos, m) {
            for prev in rows.into_iter().flatten() {
                let c = &mut self.continuation[prev * PIECE_TARGETS + usize::from(key)];
                *c = gravity(i32::from(*c)) as i16;
            }
        }
    }

    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
    }
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering::new(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;
    use crate::variant::Variant;

    /// A quiet move rewarded two plies below our previous move keeps part of that
    /// credit when the opponent's move between differs, but only where continuation
    /// history follows two plies.
    #[test]
    fn own_follow_up_remembers_the_answer_to_our_previous_move() {
        let pos = Position::startpos(Variant::Knightmate);
        let m = rules::legal_move_list(&pos)[0];
        for (plies, remembered) in [(1, false), (2, true)] {
            let mut o = Ordering::new(plies);
            o.played[0] = Some(5);
            o.played[1] = Some(7);
            o.reward(&pos, m, 10, 2, &[]);
            o.played[1] = Some(9);
            let more = o.quiet_history(&pos, m, 2) > o.history(&pos, m);
            assert_eq!(more, remembered, "{plies} plies");
        }
    }
}
