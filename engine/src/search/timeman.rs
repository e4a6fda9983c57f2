//! Time management: how long to think for this move, from the clock, the increment
//! and the moves to go. Never lose on time: the hard limit keeps a reserve, and the
//! host's move overhead (lag) is paid out of every allocation.

use super::Limits;
use crate::moves::Move;
use crate::piece::Color;

/// (optimum, maximum) thinking time in milliseconds, or `None` without a clock.
/// `game_ply` is the plies played since the game's first position (by the FEN's move
/// number). `reserve_ms` (the `Move Overhead` option) is kept back once, for this
/// move's surprises; `lag_ms` (the host's lag per move, as measured, 0 when none is
/// seen) is what every move really costs beyond its thinking, so it is charged to each
/// of the moves to go.
pub fn allocate(
    limits: &Limits,
    side: Color,
    game_ply: u32,
    reserve_ms: u64,
    lag_ms: u64,
) -> Option<(u64, u64)> {
    let overhead_ms = reserve_ms.max(lag_ms);
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead_ms).max(1);
        return Some((t, t));
    }
    let time = limits.time[side.idx()]?;
    let inc = limits.inc[side.idx()].unwrap_or(0);
    let left = time.saturating_sub(overhead_ms);
    let moves_to_go = match limits.movestogo {
        Some(m) => u64::from(m.clamp(1, 50)),
        None => horizon(game_ply, inc),
    };
    // The time for the moves to go: the clock and their increments, less the lag each
    // of them costs (after Stockfish) and the reserve. Charging the lag per move keeps
    // a low clock from draining: near zero a move takes about the increment less the
    // lag, never the increment plus the lag. The reserve is a margin, not a cost: charged
    // per move too, a 30 ms reserve left a quarter of the time at 1 s + 0.01 s.
    let pool =
        (time + inc * (moves_to_go - 1)).saturating_sub(reserve_ms + lag_ms * (moves_to_go + 2));
    let optimum = pool / moves_to_go;
    // Never plan to use more than this share of what is left.
    let cap = if moves_to_go == 1 {
        left * 8 / 10
    } else {
        left / 3
    };
    let maximum = (optimum * 4).min(cap);
    // Never plan more than a fifth of what is left (after Stockfish): near the end of a
    // clock with an increment, a move then takes less than the increment until about
    // five increments are in hand, a cushion for the host's lag spikes. Planning by the
    // moves to go alone settled at about two, and a 20 ms spike at 2 s + 20 ms lost the
    // game on time.
    let optimum = optimum.min(maximum).min(left / 5);
    Some((optimum.max(1), maximum.max(1)))
}

/// How many moves the clock is shared among when the host gives no moves to go.
/// With an increment the horizon shortens as the game goes on, from 30 moves up to
/// ply 7 to 12 from ply 50 on: the base time is spent in the opening and the middle
/// game, where games are decided, and the endgame is played on the increment and the
/// cushion `allocate` keeps (a fifth of the time left). Fairy-Stockfish spends its
/// clock so (after Stockfish, whose share of the time left grows with the ply): at
/// 10+0.1 in knightmate it spent about 0.44 s a move through its 20th move out of the
/// opening where a fixed horizon of 30 spent 0.42 s falling to 0.27 s (the profile is in
/// docs/strength-log.md). Without an increment nothing comes back: a short horizon would
/// starve a long game, so it stays at 30.
fn horizon(game_ply: u32, inc: u64) -> u64 {
    if inc == 0 {
        return 30;
    }
    u64::from(32u32.saturating_sub(game_ply.saturating_mul(2) / 5)).clamp(12, 30)
}

/// How much of the optimum time the position deserves, learned from the finished
/// iterations (after Stockfish): more while the best move keeps changing or the score
/// is falling, less once the same move has held for several iterations.
#[derive(Default)]
pub struct Stability {
    best: Option<Move>,
    /// Iterations in a row with the same best move.
    same: u32,
    /// Best-move changes, halved at every iteration (recent changes weigh most).
    changes: f64,
    /// The score of the previous iterations, smoothed.
    average: Option<f64>,
}

impl Stability {
    /// Records an iteration's best move and score; answers the factor to scale the
    /// optimum time by.
    pub fn update(&mut self, best: Move, score: i32) -> f64 {
        self.changes /= 2.0;
        if self.best == Some(best) {
            self.same += 1;
        } else {
            if self.best.is_some() {
                self.changes += 1.0;
            }
            self.best = Some(best);
            self.same = 0;
        }
        let score = f64::from(score.clamp(-2000, 2000));
        let average = self.average.unwrap_or(score);
        self.average = Some((average + score) / 2.0);
        // A score below what the last iterations promised: something was refuted,
        // look for a better move for longer.
        let falling = (1.0 + (average - score) / 200.0).clamp(0.8, 1.5);
        let unstable = 1.0 + 0.8 * self.changes.min(2.0);
        let settled = if self.same >= 5 { 0.7 } else { 1.0 };
        falling * unstable * settled
    }
}

/// The times of the last two finished iterations, to judge whether another one can
/// finish before the hard limit. An iteration stopped by the limit is lost: its moves
/// are not played (only its table entries remain). Where one more ply multiplies the
/// tree by five or ten (stonesrelays' two-part turns, flipshatranj's flips), starting
/// such an iteration early in the game spent the clock on nothing, and most of the game
/// was then played on the increment.
#[derive(Default)]
pub struct Iterations {
    /// When the last iteration ended, in ms since the search started.
    ended_at: u64,
    /// How long the last iteration took, and the one before it.
    last: Option<u64>,
    before: Option<u64>,
}

impl Iterations {
    /// Below this, an iteration's time says too little about the next one's.
    const MIN_MS: u64 = 10;

    /// Records an iteration that ended at `elapsed_ms`; `next_depth` says whether it was
    /// one ply deeper than the last (not so after a helper's hand-over).
    pub fn finished(&mut self, elapsed_ms: u64, next_depth: bool) {
        // The clock restarts at a ponderhit: the times before it do not compare.
        if elapsed_ms < self.ended_at {
            *self = Iterations {
                ended_at: elapsed_ms,
                ..Iterations::default()
            };
            return;
        }
        let took = elapsed_ms - self.ended_at;
        self.before = if next_depth { self.last } else { None };
        self.last = Some(took);
        self.ended_at = elapsed_ms;
    }

    /// Whether the next iteration is likely to end by `maximum_ms`: the last one's time
    /// times its growth over the one before (at least 1.5, at most 20).
    pub fn next_fits(&self, elapsed_ms: u64, maximum_ms: u64) -> bool {
        let (Some(last), Some(before)) = (self.last, self.before) else {
            return true;
        };
        if last < Self::MIN_MS {
            return true;
        }
        let growth = (last as f64 / before.max(1) as f64).clamp(1.5, 20.0);
        elapsed_ms as f64 + last as f64 * growth <= maximum_ms as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_is_used_as_given_less_overhead() {
        let l = Limits {
            movetime: Some(1000),
            ..Default::default()
        };
        assert_eq!(allocate(&l, Color::White, 0, 30, 0), Some((970, 970)));
        assert_eq!(allocate(&l, Color::White, 0, 30, 45), Some((955, 955)));
    }

    #[test]
    fn short_clock_keeps_a_reserve() {
        let l = Limits {
            time: [Some(1000), Some(1000)],
            inc: [Some(10), Some(10)],
            ..Default::default()
        };
        let (opt, max) = allocate(&l, Color::Black, 0, 30, 0).unwrap();
        assert!(opt <= max && max <= 1000 / 3, "{opt} {max}");
        // Thirty moves at the planned time fit in the clock and its increments, the
        // reserve kept: the plan does not drain the clock.
        assert!(30 * opt + 30 <= 1000 + 30 * 10, "{opt}");
        // ... and it uses the clock: at 1 s + 10 ms with no lag seen, about 1/30 of it
        // and the increment (the per-move charge of the reserve left 11 ms).
        assert!(opt >= 35, "{opt}");
        // With 20 ms of lag a move, each move's lag comes out of the plan.
        let (lagged, _) = allocate(&l, Color::Black, 0, 30, 20).unwrap();
        assert!(30 * (lagged + 20) + 30 <= 1000 + 30 * 10, "{lagged}");
    }

    /// Plays `moves` moves from a clock of `base` ms with `inc` ms a move, the first at
    /// the game's ply `first_ply`, each costing its plan (with a 30 ms reserve and `lag`
    /// ms of measured lag) and `cost` ms more; answers each move's plan and the clock
    /// after it.
    fn play_clock(
        base: u64,
        inc: u64,
        lag: u64,
        cost: u64,
        first_ply: u32,
        moves: u32,
    ) -> Vec<(u64, u64)> {
        let mut clock = base;
        (0..moves)
            .map(|mv| {
                let l = Limits {
                    time: [Some(clock), Some(clock)],
                    inc: [Some(inc), Some(inc)],
                    ..Default::default()
                };
                let (opt, _) = allocate(&l, Color::White, first_ply + 2 * mv, 30, lag).unwrap();
                clock = (clock + inc).checked_sub(opt + cost).expect("lost on time");
                (opt, clock)
            })
            .collect()
    }

    /// Plays 500 moves from the game's start (see `play_clock`); answers the lowest
    /// clock after the first 100 moves (the base, if that is lower).
    fn settled_clock(base: u64, inc: u64, lag: u64, cost: u64) -> u64 {
        play_clock(base, inc, lag, cost, 0, 500)[100..]
            .iter()
            .fold(base, |lowest, &(_, clock)| lowest.min(clock))
    }

    #[test]
    fn a_low_clock_settles_instead_of_draining() {
        // 6 s + 50 ms with 45 ms of lag a move (XBoard on a loaded machine), each move
        // costing the planned time and the lag: the clock settles.
        let lowest = settled_clock(6000, 50, 45, 45);
        assert!(lowest >= 50, "{lowest}");
    }

    #[test]
    fn a_low_clock_keeps_five_increments_in_hand() {
        // 2 s + 20 ms, every move costing its plan and 2 ms more (the engine's own
        // overhead at depth 1): the clock settles at about five increments above the
        // reserve, not at two.
        let lowest = settled_clock(2000, 20, 0, 2);
        assert!(lowest >= 100, "{lowest}");
    }

    #[test]
    fn with_an_increment_the_base_time_is_spent_by_the_middle_game() {
        // 10 s + 0.1 s from the game's ply 8 (where the suite's openings end), every
        // move costing its plan: the plan holds above 0.35 s to the 21st move (a fixed
        // horizon of 30 moves plans 0.27 s there), and the clock settles near five
        // increments above the reserve instead of keeping more than a second.
        let played = play_clock(10_000, 100, 0, 0, 8, 60);
        let plans: Vec<u64> = played.iter().map(|&(plan, _)| plan).collect();
        let clock = played[59].1;
        assert!(plans[0] <= 450 && plans[20] >= 350, "{plans:?}");
        assert!((400..=800).contains(&clock), "{clock}");
    }

    #[test]
    fn the_horizon_shortens_with_the_ply_only_with_an_increment() {
        assert_eq!(horizon(0, 100), 30);
        assert_eq!(horizon(30, 100), 20);
        assert_eq!(horizon(50, 100), 12);
        assert_eq!(horizon(400, 100), 12);
        assert_eq!(horizon(u32::MAX, 100), 12);
        assert_eq!(horizon(100, 0), 30);
    }

    #[test]
    fn no_clock_no_limit() {
        assert_eq!(allocate(&Limits::default(), Color::White, 0, 10, 0), None);
    }

    fn mv(from: u8, to: u8) -> Move {
        use crate::geometry::Square;
        Move::new(Square(from), Square(to))
    }

    #[test]
    fn time_grows_when_the_best_move_changes_and_shrinks_when_it_holds() {
        let mut s = Stability::default();
        assert_eq!(s.update(mv(12, 28), 20), 1.0);
        let changed = s.update(mv(11, 27), 20);
        assert!(changed > 1.5, "{changed}");
        let mut last = changed;
        for _ in 0..6 {
            last = s.update(mv(11, 27), 20);
        }
        assert!(last < 0.8, "{last}");
    }

    #[test]
    fn time_grows_when_the_score_falls() {
        let mut s = Stability::default();
        for _ in 0..3 {
            s.update(mv(12, 28), 50);
        }
        assert!(s.update(mv(12, 28), -100) > 1.3);
    }

    /// Iterations that each finished `ms` after the search started, each at the depth
    /// after the one before.
    fn after(ms: &[u64]) -> Iterations {
        let mut it = Iterations::default();
        for &t in ms {
            it.finished(t, true);
        }
        it
    }

    #[test]
    fn an_iteration_that_cannot_finish_is_not_started() {
        // Too little known: go on.
        assert!(after(&[]).next_fits(5, 100));
        assert!(after(&[20]).next_fits(20, 100));
        // 20 ms, then 100 ms: the next is likely 500 ms, past a 600 ms limit at 120.
        let mut it = after(&[20, 120]);
        assert!(!it.next_fits(120, 600));
        assert!(it.next_fits(120, 700));
        // After a hand-over (a depth skipped) the growth is unknown: go on.
        it.finished(300, false);
        assert!(it.next_fits(300, 310));
    }

    #[test]
    fn a_ponderhit_forgets_the_iterations_before_it() {
        // The clock restarts at the ponderhit; an iteration ends 50 ms after it.
        let mut it = after(&[400, 2000, 50]);
        assert!(it.next_fits(50, 60));
        it.finished(150, true);
        // Only the 100 ms since then is known: too little to judge growth by.
        assert!(it.next_fits(150, 160));
    }

    #[test]
    fn slow_growth_still_counts_half_again() {
        // 100 ms and 100 ms: the next is taken as 150 ms.
        let it = after(&[100, 200]);
        assert!(it.next_fits(200, 350));
        assert!(!it.next_fits(200, 349));
    }
}
