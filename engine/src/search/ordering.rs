//! Move ordering: the hash move first, then captures by victim and attacker, then
//! killer moves and the countermove, then quiet moves by their history, then captures
//! that lose the exchange (`see`). A combiningknightmare fusion takes nothing, so it
//! is ordered as a quiet move.

use super::correction::Correction;
use super::movepick::{self, see::see_ge};
use super::SearchProfile;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::NROLES;
use crate::position::Position;
use crate::rules;

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

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 26;
const KILLER: i32 = 1 << 25;
const COUNTER: i32 = KILLER - 1;
/// Below any quiet move's history (which stays within about ±16,000 plus hints).
const BAD_CAPTURE: i32 = -(1 << 24);
/// A variant's ordering hint (`movepick::order_hints`) against quiet-move history: a
/// threat to a king (1000) outweighs any history (at most about 16,000).
const HINT_SCALE: i32 = 20;

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

    /// Scores every move of the list (higher first).
    pub fn score(
        &self,
        pos: &Position,
        list: &MoveList,
        hash_move: Option<Move>,
        ply: usize,
    ) -> Vec<i32> {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let counter = self
            .played_before(ply, 1)
            .and_then(|prev| self.counter[prev]);
        let hints = movepick::order_hints(pos, list);
        let hint = |k: usize| hints.as_ref().map_or(0, |h| h[k]);
        // A quiet move's history depends on its squares alone, and the generators list
        // a piece move's forms (flips, neutral moves) together: each is looked up once.
        let mut last_history: Option<((Square, Square), i32)> = None;
        list.iter()
            .enumerate()
            .map(|(k, &m)| {
                if Some(m) == hash_move {
                    HASH_MOVE
                } else if rules::is_capture(pos, m) {
                    // Taking a Knightmare also removes the mover's own component.
                    let value = |r| pos.variant.piece_value(r).min(5000);
                    let victim = rules::captured_role(pos, m).map_or(0, value)
                        - rules::lost_component(pos, m).map_or(0, value);
                    let attacker = pos.role_at(pos.side, m.from).map_or(0, value);
                    let mvv_lva = victim * 16 - attacker / 16
                        + m.promotion.map_or(0, |r| pos.variant.piece_value(r))
                        + hint(k).clamp(-400, 400) / 4;
                    // Captures that lose the exchange come after the quiet moves.
                    if see_ge(pos, m, 0) {
                        CAPTURE + mvv_lva
                    } else {
                        BAD_CAPTURE + mvv_lva
                    }
                } else if let Some(r) = m.promotion {
                    CAPTURE + pos.variant.piece_value(r) + hint(k).clamp(-400, 400) / 4
                } else if killers[0] == Some(m) {
                    KILLER + 1
                } else if killers[1] == Some(m) {
                    KILLER
                } else if counter == Some(m) {
                    COUNTER
                } else {
                    let history = match last_history {
                        Some((squares, h)) if squares == (m.from, m.to) => h,
                        _ => {
                            let h = self.quiet_history(pos, m, ply);
                            last_history = Some(((m.from, m.to), h));
                            h
                        }
                    };
                    history + hint(k) * HINT_SCALE
                }
            })
            .collect()
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

/// The index of the first best score from index `i` on.
#[inline]
fn best_from(scores: &[i32], i: usize) -> usize {
    let mut best = i;
    for j in i + 1..scores.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    best
}

/// Moves the best-scored remaining move to index `i` (selection sort, lazily).
#[inline]
fn pick(list: &mut MoveList, scores: &mut [i32], i: usize) {
    let best = best_from(scores, i);
    list.swap(i, best);
    scores.swap(i, best);
}

/// Lists longer than this are not picked from by swapping (`pick`): a pass over the
/// list per move tried costs too much for turns counted in hundreds or thousands.
const PICK_LIMIT: usize = 48;

/// In a long list, how many moves are picked one at a time before the rest is sorted
/// at once. Most nodes that cut off do so within these, and then never pay for the
/// sort (flipshatranj's start has 792 turns, and sorting them took a fifth of its
/// search's time).
const PICKED_BEFORE_SORT: usize = 4;

/// Whether `next` treats a list of this length as long.
pub fn is_long(list: &MoveList) -> bool {
    list.len() > PICK_LIMIT
}

/// Puts the best remaining move at index `i`. A short list is picked from by swapping
/// (`pick`). A long one (`is_long`, asked when it was scored) gets the order a stable
/// sort would give it: its first `PICKED_BEFORE_SORT` moves are picked one at a
/// time, the first of equal scores first and the rest kept in order, and then the
/// rest is sorted at once.
#[inline]
pub fn next(list: &mut MoveList, scores: &mut [i32], i: usize, long: bool) {
    if !long {
        pick(list, scores, i);
    } else if i < PICKED_BEFORE_SORT {
        pick_in_order(list, scores, i);
    } else if i == PICKED_BEFORE_SORT {
        sort_from(list, scores, i);
    }
}

/// Moves the first best-scored move from index `i` on to `i`, the moves it passes
/// keeping their order.
fn pick_in_order(list: &mut MoveList, scores: &mut [i32], i: usize) {
    let best = best_from(scores, i);
    list[i..=best].rotate_right(1);
    scores[i..=best].rotate_right(1);
}

/// Sorts the list from index `i` on by score, best first, equal scores in order.
fn sort_from(list: &mut MoveList, scores: &mut [i32], i: usize) {
    let mut pairs: Vec<(i32, Move)> = scores[i..]
        .iter()
        .copied()
        .zip(list[i..].iter().copied())
        .collect();
    pairs.sort_by_key(|p| std::cmp::Reverse(p.0));
    for (k, (score, m)) in pairs.into_iter().enumerate() {
        scores[i + k] = score;
        list[i + k] = m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// A long list comes out of `next` (its first moves picked one at a time, the
    /// rest sorted at once) in a stable sort's order, ties included.
    #[test]
    fn a_long_list_is_handed_out_in_a_stable_sorts_order() {
        let pos = Position::startpos(Variant::FlipShatranj);
        let mut list = rules::move_list(pos.variant);
        rules::legal_moves(&pos, &mut list);
        assert!(is_long(&list), "{} turns", list.len());
        // Few distinct scores, so that most moves tie with others.
        let scores: Vec<i32> = (0..list.len() as i32).map(|k| (k * 7919) % 13).collect();
        let mut want: Vec<(i32, Move)> = scores.iter().copied().zip(list.iter().copied()).collect();
        want.sort_by_key(|p| std::cmp::Reverse(p.0));
        let (mut got_list, mut got_scores) = (list.clone(), scores.clone());
        for i in 0..got_list.len() {
            next(&mut got_list, &mut got_scores, i, true);
        }
        let got: Vec<(i32, Move)> = got_scores
            .into_iter()
            .zip(got_list.iter().copied())
            .collect();
        assert_eq!(got, want);
    }

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
