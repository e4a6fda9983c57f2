//! The host's lag, learned from its clock. Between two of our moves the host's clock
//! for us should fall by our thinking time and rise by the increment; whatever else it
//! lost is lag (pipes, the host's own work, a loaded machine). Under XBoard on a busy
//! machine this was 30-45 ms a move, more than the default `Move Overhead`, and at a
//! 50 ms increment every game was lost on time. The search's overhead is the larger of
//! the option and the lag seen lately (kept back once); the typical lag, the median, is
//! charged to every move to go.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use baton_engine::search::Limits;
use baton_engine::Color;

/// How many recent moves the estimate looks at.
const WINDOW: usize = 8;
/// A sample beyond this is not lag but a clock the host reset (a new game, a new time
/// control).
const MAX_LAG_MS: u64 = 2_000;
/// Kept on top of the lag seen, for its jitter.
const MARGIN_MS: u64 = 5;

/// One search on a clock, to compare with the next.
struct Last {
    side: Color,
    plies: usize,
    clock_ms: u64,
    inc_ms: u64,
    /// Filled in by the search thread when it ends.
    think_ms: Arc<AtomicU64>,
}

#[derive(Default)]
pub struct LagMeter {
    last: Option<Last>,
    recent: VecDeque<u64>,
}

impl LagMeter {
    /// Called at every search: learns from the previous one if this one follows it in
    /// the same game (two plies later, the same side, on a clock), then remembers this
    /// one. Answers the cell the search thread writes its thinking time into.
    pub fn start(
        &mut self,
        limits: &Limits,
        side: Color,
        plies: usize,
        ponder: bool,
    ) -> Arc<AtomicU64> {
        let think = Arc::new(AtomicU64::new(u64::MAX));
        let clock = limits.time[side.idx()];
        if let (Some(last), Some(now)) = (&self.last, clock) {
            let think_ms = last.think_ms.load(Ordering::Relaxed);
            if last.side == side && last.plies + 2 == plies && think_ms != u64::MAX {
                let expected = (last.clock_ms + last.inc_ms).saturating_sub(think_ms);
                let lag = expected.saturating_sub(now);
                if lag <= MAX_LAG_MS {
                    if self.recent.len() == WINDOW {
                        self.recent.pop_front();
                    }
                    self.recent.push_back(lag);
                }
            }
        }
        // A ponder search's time is not charged as its own; it teaches nothing.
        self.last = match clock {
            Some(clock_ms) if !ponder => Some(Last {
                side,
                plies,
                clock_ms,
                inc_ms: limits.inc[side.idx()].unwrap_or(0),
                think_ms: Arc::clone(&think),
            }),
            _ => None,
        };
        think
    }

    /// The lag every move costs: the median of the recent samples (0 when none was
    /// seen). The median, not the largest: one slow move on a busy machine is a
    /// spike, not a cost of each move to go; charged 30 times over it left a
    /// millisecond a move at 1 s + 0.01 s (`reserve` covers the spikes).
    pub fn per_move(&self) -> u64 {
        let mut sorted: Vec<u64> = self.recent.iter().copied().collect();
        sorted.sort_unstable();
        sorted.get(sorted.len() / 2).copied().unwrap_or(0)
    }

    /// The time to keep back once for this move: the `Move Overhead` option, or the
    /// largest lag seen lately and a margin if that is more.
    pub fn reserve(&self, option_ms: u64) -> u64 {
        match self.recent.iter().max() {
            Some(&lag) if lag > 0 => option_ms.max(lag + MARGIN_MS),
            _ => option_ms,
        }
    }

    /// A new game: nothing carries over.
    pub fn reset(&mut self) {
        *self = LagMeter::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64) -> Limits {
        Limits {
            time: [Some(ms), Some(ms)],
            inc: [Some(inc), Some(inc)],
            ..Limits::default()
        }
    }

    /// A meter that saw White think 100 ms at 6 s + 50 ms.
    fn after_a_move() -> LagMeter {
        let mut m = LagMeter::default();
        let think = m.start(&clock(6000, 50), Color::White, 0, false);
        think.store(100, Ordering::Relaxed);
        m
    }

    #[test]
    fn the_lag_is_what_the_clock_lost_beyond_the_thinking_time() {
        let mut m = after_a_move();
        // 6000 - 100 + 50 = 5950 expected; the host says 5910: 40 ms of lag.
        m.start(&clock(5910, 50), Color::White, 2, false);
        assert_eq!(m.per_move(), 40);
        assert_eq!(m.reserve(30), 45);
        assert_eq!(m.reserve(100), 100);
    }

    #[test]
    fn one_slow_move_is_kept_back_once_not_charged_to_every_move() {
        let mut m = LagMeter::default();
        m.recent.extend([2, 3, 2, 80, 2, 3, 2]);
        assert_eq!(m.per_move(), 2);
        assert_eq!(m.reserve(30), 85);
        // A host that is slow every move (XBoard's animation) is charged every move.
        m.recent.clear();
        m.recent.extend([70, 72, 68, 71]);
        assert_eq!(m.per_move(), 71);
    }

    #[test]
    fn unrelated_searches_teach_nothing() {
        let mut m = after_a_move();
        // Not two plies later (a new game, an undo), another side, a reset clock.
        m.start(&clock(1000, 50), Color::White, 5, false);
        m.start(&clock(1000, 50), Color::Black, 7, false);
        let think = m.start(&clock(60_000, 0), Color::White, 9, false);
        think.store(10, Ordering::Relaxed);
        m.start(&clock(20_000, 0), Color::White, 11, false);
        assert_eq!(m.per_move(), 0);
        assert_eq!(m.reserve(30), 30);
    }
}
