//! Reading UCI `go` arguments. Bad numbers never refuse the search (the host waits for
//! a move): each is reported and replaced by the nearest sensible value.

use baton_engine::search::Limits;

/// The deepest search (and perft) a host may ask for.
pub const MAX_DEPTH: u32 = 127;
/// Clock values beyond this (about 35 years in ms) are treated as this.
const MAX_TIME_MS: u64 = 1 << 40;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub limits: Limits,
    pub ponder: bool,
    pub perft: Option<u32>,
    /// The words after `searchmoves`, as sent: the caller reads them against the
    /// position's legal moves (`Limits::searchmoves`).
    pub searchmoves: Vec<String>,
}

/// Reads a whole number, clamped into `min..=max`, with a message if it was not a
/// number or had to be clamped.
fn number(key: &str, text: Option<&str>, min: u64, max: u64) -> (Option<u64>, Option<String>) {
    let Some(text) = text else {
        return (None, Some(format!("go {key} needs a number")));
    };
    // i128 holds every u64 and every negative number a host might send.
    let parsed = text.parse::<i128>().ok().or_else(|| {
        // A number too long even for i128: keep its sign.
        let digits = text.strip_prefix('-').unwrap_or(text);
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(
            if text.starts_with('-') {
                i128::MIN
            } else {
                i128::MAX
            },
        )
    });
    match parsed {
        None => (
            None,
            Some(format!(
                "go {key} '{}' is not a number, ignored",
                crate::out::sanitize(text)
            )),
        ),
        Some(n) if n < min as i128 => (
            Some(min),
            Some(format!("go {key} {n} out of range, using {min}")),
        ),
        Some(n) if n > max as i128 => (
            Some(max),
            Some(format!(
                "go {key} {} out of range, using {max}",
                crate::out::sanitize(text)
            )),
        ),
        Some(n) => (Some(n as u64), None),
    }
}

pub fn parse(args: &[&str]) -> (Go, Vec<String>) {
    let mut go = Go::default();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        i += 1;
        let (min, max) = match key {
            "infinite" => {
                go.limits.infinite = true;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "depth" | "mate" | "perft" => (1, MAX_DEPTH as u64),
            "movestogo" => (1, 10_000),
            "nodes" => (1, u64::MAX),
            "wtime" | "btime" | "winc" | "binc" | "movetime" => (0, MAX_TIME_MS),
            "searchmoves" => {
                while i < args.len() && !is_key(args[i]) {
                    go.searchmoves.push(args[i].to_string());
                    i += 1;
                }
                if go.searchmoves.is_empty() {
                    errors.push("go searchmoves names no move, searching every move".into());
                }
                continue;
            }
            other => {
                errors.push(format!(
                    "go: unknown argument '{}'",
                    crate::out::sanitize(other)
                ));
                continue;
            }
        };
        let value_text = args.get(i).copied().filter(|t| !is_key(t));
        if value_text.is_some() {
            i += 1;
        }
        let (value, error) = number(key, value_text, min, max);
        errors.extend(error);
        let Some(n) = value else { continue };
        let l = &mut go.limits;
        match key {
            "depth" => l.depth = Some(n as u32),
            "mate" => l.mate = Some(n as u32),
            "perft" => go.perft = Some(n as u32),
            "movestogo" => l.movestogo = Some(n as u32),
            "nodes" => l.nodes = Some(n),
            "wtime" => l.time[0] = Some(n),
            "btime" => l.time[1] = Some(n),
            "winc" => l.inc[0] = Some(n),
            "binc" => l.inc[1] = Some(n),
            _ => l.movetime = Some(n),
        }
    }
    (go, errors)
}

fn is_key(t: &str) -> bool {
    matches!(
        t,
        "infinite"
            | "ponder"
            | "depth"
            | "mate"
            | "perft"
            | "movestogo"
            | "nodes"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movetime"
            | "searchmoves"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(s: &str) -> (Go, Vec<String>) {
        parse(&s.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn clock_and_flags() {
        let (g, e) = go("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 ponder");
        assert!(e.is_empty());
        assert_eq!(g.limits.time, [Some(1000), Some(2000)]);
        assert_eq!(g.limits.inc, [Some(10), Some(20)]);
        assert_eq!(g.limits.movestogo, Some(5));
        assert!(g.ponder);
    }

    #[test]
    fn huge_and_negative_numbers_clamp_with_an_error() {
        let (g, e) = go("depth 300");
        assert_eq!(g.limits.depth, Some(MAX_DEPTH));
        assert_eq!(e.len(), 1);
        let (g, e) = go("wtime -500 btime 99999999999999999999999999999999999999999999");
        assert_eq!(g.limits.time, [Some(0), Some(MAX_TIME_MS)]);
        assert_eq!(e.len(), 2);
        let (g, e) = go("depth -3 nodes 0");
        assert_eq!(g.limits.depth, Some(1));
        assert_eq!(g.limits.nodes, Some(1));
        assert_eq!(e.len(), 2);
    }

    #[test]
    fn missing_or_bad_values_are_ignored_with_an_error() {
        let (g, e) = go("depth infinite");
        assert_eq!(g.limits.depth, None);
        assert!(g.limits.infinite);
        assert_eq!(e.len(), 1);
        let (g, e) = go("movetime abc depth 2 frobnicate");
        assert_eq!(g.limits.movetime, None);
        assert_eq!(g.limits.depth, Some(2));
        assert_eq!(e.len(), 2);
        let (g, _) = go("perft 3");
        assert_eq!(g.perft, Some(3));
    }

    #[test]
    fn searchmoves_takes_the_words_up_to_the_next_key() {
        let (g, e) = go("searchmoves e2e4 a9a10 e2e4,d5d6 depth 5");
        assert!(e.is_empty());
        assert_eq!(g.searchmoves, ["e2e4", "a9a10", "e2e4,d5d6"]);
        assert_eq!(g.limits.depth, Some(5));
        let (g, e) = go("depth 5 searchmoves");
        assert!(g.searchmoves.is_empty());
        assert_eq!(e.len(), 1);
    }
}
