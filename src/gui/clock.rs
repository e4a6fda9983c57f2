//! A game's two clocks, kept by the server (the page only shows them): Fischer time
//! (a base time and an increment added after each move). The clock starts with the
//! game's first move; it pauses on undo (the times go back to what they were at that
//! move) and while a loaded game is reviewed, and runs again at the next move.

use std::time::Instant;

use baton_engine::Color;
use serde::{Deserialize, Serialize};

/// A time control: `base_ms` each, plus `inc_ms` after every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub base_ms: u64,
    #[serde(default)]
    pub inc_ms: u64,
}

/// Longest base time or increment (a day).
pub const MAX_MS: u64 = 86_400_000;

impl TimeControl {
    pub fn check(&self) -> Result<(), String> {
        if self.base_ms == 0 || self.base_ms > MAX_MS || self.inc_ms > MAX_MS {
            return Err(format!(
                "a time control is 1 ms to {MAX_MS} ms each, with an increment of at most {MAX_MS} ms"
            ));
        }
        Ok(())
    }
}

pub struct Clock {
    pub control: TimeControl,
    /// Time left per side (White first) when the running clock last started.
    left: [u64; 2],
    /// `left` when each position of the game was reached (index: moves played), so
    /// that an undo gives back the time.
    history: Vec<[u64; 2]>,
    /// The side to move's clock runs since then; `None`: paused or not started.
    since: Option<Instant>,
}

fn idx(c: Color) -> usize {
    usize::from(c == Color::Black)
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        let left = [control.base_ms; 2];
        Clock {
            control,
            left,
            history: vec![left],
            since: None,
        }
    }

    pub fn running(&self) -> bool {
        self.since.is_some()
    }

    /// `side`'s time left at `now` (`to_move` is the side whose clock may be running).
    pub fn left_at(&self, side: Color, to_move: Color, now: Instant) -> u64 {
        let left = self.left[idx(side)];
        match self.since {
            Some(t) if side == to_move => {
                left.saturating_sub(now.saturating_duration_since(t).as_millis() as u64)
            }
            _ => left,
        }
    }

    /// `to_move`'s running clock has reached zero at `now`.
    pub fn flagged(&self, to_move: Color, now: Instant) -> bool {
        self.running() && self.left_at(to_move, to_move, now) == 0
    }

    /// Stops the clocks where they stand (a flag fall, the end of the game).
    pub fn halt(&mut self, to_move: Color, now: Instant) {
        self.left[idx(to_move)] = self.left_at(to_move, to_move, now);
        self.since = None;
    }

    /// A clock stopped with `halt` runs again from `now` (Baton's clock, stopped while
    /// its move waited for a core).
    pub fn resume(&mut self, now: Instant) {
        self.since = Some(now);
    }

    /// `mover` moved at `at` (the game has `plies` moves now): its time is taken, its
    /// increment added, and the other side's clock starts.
    pub fn moved(&mut self, mover: Color, at: Instant, plies: usize) {
        let i = idx(mover);
        self.left[i] = self.left_at(mover, mover, at) + self.control.inc_ms;
        self.history.truncate(plies);
        self.history.push(self.left);
        self.since = Some(at);
    }

    /// The game went back to `plies` moves: the times of then, paused until the next
    /// move.
    pub fn undone(&mut self, plies: usize) {
        self.history.truncate(plies + 1);
        if let Some(&left) = self.history.last() {
            self.left = left;
        }
        self.since = None;
    }

    /// The clocks at their base times for a game that stands at `plies` moves,
    /// paused until the next move.
    pub fn start_at(&mut self, plies: usize) {
        self.left = [self.control.base_ms; 2];
        self.history = vec![self.left; plies + 1];
        self.since = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_move_takes_its_time_and_adds_the_increment() {
        let mut c = Clock::new(TimeControl {
            base_ms: 1000,
            inc_ms: 100,
        });
        let t0 = Instant::now();
        assert!(!c.running());
        // The first move starts the clocks; it costs White nothing.
        c.moved(Color::White, t0, 1);
        assert_eq!(c.left_at(Color::White, Color::Black, t0), 1100);
        let t1 = t0 + Duration::from_millis(300);
        assert_eq!(c.left_at(Color::Black, Color::Black, t1), 700);
        c.moved(Color::Black, t1, 2);
        assert_eq!(c.left_at(Color::Black, Color::White, t1), 800);
        assert!(c.flagged(Color::White, t1 + Duration::from_millis(1100)));
        assert!(!c.flagged(Color::White, t1 + Duration::from_millis(1099)));
        // Undo gives back the time of then and pauses.
        c.undone(1);
        assert!(!c.running());
        assert_eq!(
            c.left_at(Color::Black, Color::Black, t1 + Duration::from_secs(9)),
            1000
        );
    }
}
