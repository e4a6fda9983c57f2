//! Time management: how long to think for this move, from the clock, the increment
//! and the moves to go. Never lose on time: the hard limit keeps a reserve, and the
//! host's move overhead (lag) is paid out of every allocation.

use super::Limits;
use crate::piece::Color;

/// (optimum, maximum) thinking time in milliseconds, or `None` without a clock.
pub fn allocate(limits: &Limits, side: Color, overhead_ms: u64) -> Option<(u64, u64)> {
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead_ms).max(1);
        return Some((t, t));
    }
    let time = limits.time[side.idx()]?;
    let inc = limits.inc[side.idx()].unwrap_or(0);
    // Keep a reserve for the moves after this one and for lag.
    let left = time.saturating_sub(overhead_ms);
    let moves_to_go = limits.movestogo.map_or(30, |m| m.clamp(1, 50)) as u64;
    let optimum = left / moves_to_go + inc * 3 / 4;
    // Never plan to use more than this share of what is left.
    let cap = if moves_to_go == 1 {
        left * 8 / 10
    } else {
        left / 3
    };
    let maximum = (optimum * 4).min(cap);
    let optimum = optimum.min(maximum);
    Some((optimum.max(1), maximum.max(1)))
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
        assert_eq!(allocate(&l, Color::White, 30), Some((970, 970)));
    }

    #[test]
    fn short_clock_keeps_a_reserve() {
        let l = Limits {
            time: [Some(1000), Some(1000)],
            inc: [Some(10), Some(10)],
            ..Default::default()
        };
        let (opt, max) = allocate(&l, Color::Black, 30).unwrap();
        assert!(opt <= max && max <= 1000 / 3, "{opt} {max}");
        assert!(opt >= 20);
    }

    #[test]
    fn no_clock_no_limit() {
        assert_eq!(allocate(&Limits::default(), Color::White, 10), None);
    }
}
