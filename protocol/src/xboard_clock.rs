//! XBoard's time controls (`level`, `st`, `sd`, `time`, `otim`) turned into search
//! limits.

use baton_engine::search::Limits;
use baton_engine::Color;

#[derive(Clone, Debug)]
pub struct Clock {
    /// Moves per session (0: the whole game), base time, increment.
    pub mps: u32,
    pub base_ms: u64,
    pub inc_ms: u64,
    /// Fixed time per move (`st`), fixed depth (`sd`).
    pub st_ms: Option<u64>,
    pub sd: Option<u32>,
    /// The clocks as last reported (`time` is ours, `otim` the opponent's).
    pub own_ms: u64,
    pub opp_ms: u64,
}

impl Default for Clock {
    fn default() -> Clock {
        // XBoard's own default: 40 moves in 5 minutes.
        Clock {
            mps: 40,
            base_ms: 300_000,
            inc_ms: 0,
            st_ms: None,
            sd: None,
            own_ms: 300_000,
            opp_ms: 300_000,
        }
    }
}

/// Reads `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds (maybe
/// fractional).
pub fn parse_level(args: &[&str]) -> Result<(u32, u64, u64), String> {
    let [mps, base, inc] = args else {
        return Err("level needs MPS BASE INC".into());
    };
    let mps: u32 = mps
        .parse()
        .map_err(|_| format!("bad moves per session '{mps}'"))?;
    let base_ms = match base.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| format!("bad base time '{base}'"))?;
            let s: u64 = s.parse().map_err(|_| format!("bad base time '{base}'"))?;
            m.saturating_mul(60_000)
                .saturating_add(s.saturating_mul(1000))
        }
        None => seconds_ms(base, 60.0)?,
    };
    let inc_ms = seconds_ms(inc, 1.0)?;
    Ok((mps, base_ms, inc_ms))
}

/// A non-negative number of `unit` seconds, in milliseconds.
pub fn seconds_ms(text: &str, unit: f64) -> Result<u64, String> {
    let x: f64 = text.parse().map_err(|_| format!("bad number '{text}'"))?;
    if !x.is_finite() || x < 0.0 {
        return Err(format!("bad number '{text}'"));
    }
    Ok((x * unit * 1000.0).min(1e12) as u64)
}

/// Reads a centisecond clock value (`time`, `otim`); negative values count as zero.
pub fn centiseconds_ms(text: &str) -> Result<u64, String> {
    let n: i64 = text.parse().map_err(|_| format!("bad number '{text}'"))?;
    Ok((n.max(0) as u64).saturating_mul(10))
}

impl Clock {
    /// The limits for `us` to move, `moves_done` of our moves played so far.
    pub fn limits(&self, us: Color, moves_done: usize) -> Limits {
        let mut l = Limits {
            depth: self.sd,
            ..Default::default()
        };
        if let Some(st) = self.st_ms {
            l.movetime = Some(st);
            return l;
        }
        l.time[us.idx()] = Some(self.own_ms);
        l.time[us.other().idx()] = Some(self.opp_ms);
        l.inc = [Some(self.inc_ms); 2];
        if self.mps > 0 {
            let left = self.mps as usize - moves_done % self.mps as usize;
            l.movestogo = Some(left as u32);
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms() {
        assert_eq!(parse_level(&["40", "5", "0"]), Ok((40, 300_000, 0)));
        assert_eq!(parse_level(&["0", "2:30", "1.5"]), Ok((0, 150_000, 1500)));
        assert!(parse_level(&["40", "x", "0"]).is_err());
        assert!(parse_level(&["40", "5", "-1"]).is_err());
        assert!(parse_level(&["40"]).is_err());
    }

    #[test]
    fn limits_from_clock() {
        let c = Clock {
            own_ms: 1000,
            opp_ms: 2000,
            ..Default::default()
        };
        let l = c.limits(Color::Black, 41);
        assert_eq!(l.time, [Some(2000), Some(1000)]);
        assert_eq!(l.movestogo, Some(39));
        let c = Clock {
            st_ms: Some(500),
            sd: Some(3),
            ..Default::default()
        };
        let l = c.limits(Color::White, 0);
        assert_eq!((l.movetime, l.depth, l.time[0]), (Some(500), Some(3), None));
        assert_eq!(centiseconds_ms("-20"), Ok(0));
        assert!(centiseconds_ms("ten").is_err());
    }
}
