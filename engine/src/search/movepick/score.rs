//! How the move picker orders a stage's moves: the hash move first, then captures by
//! victim and attacker, then killer moves and the countermove, then quiet moves by
//! their history (`search::history`, seen through `search::ordering`) and the variant's hints, then captures that lose
//! the exchange (`see`). A combiningknightmare fusion takes nothing, so it is ordered
//! as a quiet move. And how the best remaining move is picked from the scored list.

use super::see::see_ge;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules;
use crate::search::ordering::Ordering;
use crate::search::SearchProfile;

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 26;
const KILLER: i32 = 1 << 25;
const COUNTER: i32 = KILLER - 1;
/// Below any quiet move's history (which stays within about ±16,000 plus hints).
const BAD_CAPTURE: i32 = -(1 << 24);
/// A variant's ordering hint (`movepick::order_hints`) against quiet-move history: a
/// threat to a king (1000) outweighs any history (at most about 16,000).
const HINT_SCALE: i32 = 20;

/// A stage's scores, and room to sort a long list by them: kept by the search thread
/// and lent to each node's picker, so that no node allocates. Two lists a move, no
/// more (in stonesrelays 24,576 moves, 300 KB a ply): the variant's ordering hints are
/// written where the scores go and read there as each move is scored, and `widen` keeps
/// its moves tried in the sorting room, unused then.
#[derive(Default)]
pub struct Scores {
    pub(super) values: Vec<i32>,
    /// `sort_from`'s room: each score with the index its move came from, as one key;
    /// `MovePicker::widen`'s: the moves handed out so far, packed and sorted.
    pub(super) sorting: Vec<u64>,
}

impl Scores {
    /// Room for the scores of `moves` moves (a variant's widest list,
    /// `rules::max_moves`), so that neither scoring nor sorting ever grows it.
    pub fn with_capacity(moves: usize) -> Scores {
        Scores {
            values: Vec::with_capacity(moves),
            sorting: Vec::with_capacity(moves),
        }
    }
}

/// Scores every move of the list (higher first) into `scores`.
pub fn score(
    ordering: &Ordering,
    pos: &Position,
    list: &MoveList,
    hash_move: Option<Move>,
    scores: &mut Scores,
) {
    let killers = ordering.killers;
    let counter = ordering.countermove();
    // A quiet move's history depends on its squares alone, and the generators list
    // a piece move's forms (flips, neutral moves) together: each is looked up once.
    let mut last_history: Option<((Square, Square), i32)> = None;
    let mut score_of = |m: Move, hint: i32| {
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
                + hint.clamp(-400, 400) / 4;
            // Captures that lose the exchange come after the quiet moves.
            if see_ge(pos, m, 0) {
                CAPTURE + mvv_lva
            } else {
                BAD_CAPTURE + mvv_lva
            }
        } else if let Some(r) = m.promotion {
            CAPTURE + pos.variant.piece_value(r) + hint.clamp(-400, 400) / 4
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
                    let h = ordering.quiet_history(pos, m);
                    last_history = Some(((m.from, m.to), h));
                    h
                }
            };
            history + hint * HINT_SCALE
        }
    };
    // The hints, where the variant gives any, are in `values` (one a move; else
    // zeros): each is replaced by its move's score. One loop, so that `score_of` is
    // inlined into it.
    let values = &mut scores.values;
    if !super::order_hints(pos, list, values) {
        values.clear();
        values.resize(list.len(), 0);
    }
    for (value, &m) in values.iter_mut().zip(list.iter()) {
        *value = score_of(m, *value);
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
#[inline(always)]
pub fn next(list: &mut MoveList, scores: &mut Scores, i: usize, long: bool) {
    if !long {
        pick(list, &mut scores.values, i);
    } else if i < PICKED_BEFORE_SORT {
        pick_in_order(list, &mut scores.values, i);
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

/// Sorts the list from index `i` on by score, best first, equal scores in order. Each
/// move's score and index are packed into one key (`sort_key`) that orders as the
/// stable sort by score would, and the keys are sorted unstably (no room of the stable
/// sort's own; a whole number compares in one instruction, where a pair of fields
/// took twice the instructions of the sort before); then the moves are moved to their
/// places in place, cycle by cycle, so that sorting needs no room but
/// `Scores::sorting`.
fn sort_from(list: &mut MoveList, scores: &mut Scores, i: usize) {
    const PLACED: u64 = u32::MAX as u64;
    let sorting = &mut scores.sorting;
    sorting.clear();
    sorting.extend(
        scores.values[i..]
            .iter()
            .zip(0..)
            .map(|(&s, k)| sort_key(s, k)),
    );
    sorting.sort_unstable();
    for (k, &key) in sorting.iter().enumerate() {
        scores.values[i + k] = key_score(key);
    }
    // Place `k` takes the move from index `sorting[k]`: follow each cycle once.
    let moves = &mut list[i..];
    for start in 0..sorting.len() {
        if sorting[start] & PLACED == PLACED {
            continue;
        }
        let first = moves[start];
        let mut at = start;
        loop {
            let from = (sorting[at] & PLACED) as usize;
            sorting[at] |= PLACED;
            if from == start {
                moves[at] = first;
                break;
            }
            moves[at] = moves[from];
            at = from;
        }
    }
}

/// The key that puts a higher `score` first and, among equal scores, the lower
/// `index`: the score, its order turned into unsigned numbers' and reversed, above the
/// index. Indices stay below `u32::MAX` (move lists are far shorter), which
/// `sort_from` uses as its mark.
#[inline]
fn sort_key(score: i32, index: u32) -> u64 {
    let descending = !((score as u32) ^ 0x8000_0000);
    (u64::from(descending) << 32) | u64::from(index)
}

/// The score a `sort_key` was made from.
#[inline]
fn key_score(key: u64) -> i32 {
    (!((key >> 32) as u32) ^ 0x8000_0000) as i32
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
        let mut got_list = list.clone();
        let mut got_scores = Scores {
            values: scores.clone(),
            ..Scores::default()
        };
        for i in 0..got_list.len() {
            next(&mut got_list, &mut got_scores, i, true);
        }
        let got: Vec<(i32, Move)> = got_scores
            .values
            .into_iter()
            .zip(got_list.iter().copied())
            .collect();
        assert_eq!(got, want);
    }

    /// `sort_from`'s key orders by score, highest first, then by index, lowest first,
    /// over the whole range of scores, and gives the score back.
    #[test]
    fn sort_keys_order_by_score_then_index() {
        let scores = [i32::MIN, -30_000, -1, 0, 1, 7, 30_000, i32::MAX];
        for a in scores {
            assert_eq!(key_score(sort_key(a, 3)), a);
            for b in scores {
                for (i, j) in [(0, 1), (1, 0), (5, 5), (0, 24_575)] {
                    let want = b.cmp(&a).then(i.cmp(&j));
                    assert_eq!(sort_key(a, i).cmp(&sort_key(b, j)), want, "{a} {i} {b} {j}");
                }
            }
        }
    }
}
