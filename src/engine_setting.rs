//! The `key=value` words that describe an engine to drive, as cutechess-cli spells them
//! (`cmd=./baton`, `arg=...`, `option.Hash=16`, `tc=10+0.1`, `depth=8`): `baton match`
//! reads them after `--engine` and `--each`, `baton tune` after `--teacher`. Each word is
//! checked as it is read, and an error names it and says what is accepted.

use crate::uci_client::{EngineSpec, Limit};

/// The longest base time or increment of a time control: a week, in seconds.
pub const MAX_CLOCK_SECS: f64 = 604_800.0;

/// What `--tc` and `tc=` accept, for the error messages.
const TC_FORMS: &str = "a time control is SECS, MIN:SECS or MOVES/SECS, each with an \
optional +INC in seconds (e.g. 60, 5+0.05, 1:30+1, 40/60+1); the base time must be more \
than 0, and neither it nor the increment more than 604800 s (a week)";

pub(crate) fn split_kv(word: &str) -> Result<(&str, &str), String> {
    word.split_once('=')
        .ok_or_else(|| format!("expected key=value, got '{word}'"))
}

pub(crate) fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("bad number '{text}' for {what}"))
}

/// A whole number of at least 1; `what` names the quantity ("depth").
pub(crate) fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(
    text: &str,
    what: &str,
) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err(format!("the {what} must be a whole number of at least 1")),
    }
}

/// Reads `SECS`, `MIN:SECS`, `MOVES/SECS`, each with an optional `+INC` (seconds). Every
/// number must be finite and not negative, the base time more than 0, and the base time
/// and the increment at most `MAX_CLOCK_SECS`; an error says which rule `text` broke and
/// shows the accepted forms.
pub fn parse_tc(text: &str) -> Result<Limit, String> {
    let bad = |why: String| format!("bad time control '{text}': {why}\n{TC_FORMS}");
    let (moves, rest) = match text.split_once('/') {
        Some((m, r)) => match m.trim().parse::<u32>() {
            Ok(n) if n >= 1 => (Some(n), r),
            _ => {
                return Err(bad(format!(
                    "the moves per period '{m}' must be a whole number of at least 1"
                )))
            }
        },
        None => (None, text),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (rest, None),
    };
    // Seconds, or minutes and seconds.
    let secs = |what: &str, s: &str| -> Result<f64, String> {
        let parts = match s.split_once(':') {
            Some((m, sec)) => vec![(m, 60.0), (sec, 1.0)],
            None => vec![(s, 1.0)],
        };
        let mut total = 0.0;
        for (part, scale) in parts {
            let part = part.trim();
            let v: f64 = part
                .parse()
                .map_err(|_| bad(format!("the {what} '{s}' is not a number of seconds")))?;
            if !v.is_finite() {
                return Err(bad(format!("the {what} '{s}' is not a finite number")));
            }
            if v < 0.0 || part.starts_with('-') {
                return Err(bad(format!("the {what} '{s}' is negative")));
            }
            total += v * scale;
        }
        if total > MAX_CLOCK_SECS {
            return Err(bad(format!(
                "the {what} '{s}' is more than a week ({MAX_CLOCK_SECS} s)"
            )));
        }
        Ok(total)
    };
    let base_ms = (secs("base time", base)? * 1000.0).round() as u64;
    let inc_ms = match inc {
        Some(i) => (secs("increment", i)? * 1000.0).round() as u64,
        None => 0,
    };
    if base_ms == 0 {
        return Err(bad(format!(
            "the base time '{base}' must be more than 0 (at least 0.001 s)"
        )));
    }
    Ok(Limit::Clock {
        base_ms,
        inc_ms,
        moves,
    })
}

/// One `key=value` word of `--engine` or `--each` (`cmd=./baton`, `option.Hash=16`,
/// `tc=10+0.1`), checked as it is read.
#[derive(Clone, Debug, PartialEq)]
pub enum Setting {
    Cmd(String),
    Name(String),
    Arg(String),
    Dir(String),
    /// A UCI option to set (checked against the engine's list when it starts).
    Option(String, String),
    Limit(Limit),
    /// `proto=uci`, the only protocol spoken.
    Uci,
}

impl Setting {
    pub fn parse(word: &str) -> Result<Setting, String> {
        let (key, value) = split_kv(word)?;
        if let Some(option) = key.strip_prefix("option.") {
            if option.trim().is_empty() {
                return Err(format!(
                    "'{word}': the option name is missing (write option.NAME=VALUE)"
                ));
            }
            return Ok(Setting::Option(option.to_string(), value.to_string()));
        }
        let value = value.to_string();
        Ok(match key {
            "cmd" => Setting::Cmd(value),
            "name" => Setting::Name(value),
            "arg" => Setting::Arg(value),
            "dir" => Setting::Dir(value),
            "tc" => Setting::Limit(parse_tc(&value)?),
            "depth" => Setting::Limit(Limit::Depth(at_least_one(&value, "depth")?)),
            "nodes" => Setting::Limit(Limit::Nodes(at_least_one(&value, "node count")?)),
            "proto" if value == "uci" => Setting::Uci,
            "proto" => return Err(format!("only proto=uci is supported, not '{value}'")),
            _ => {
                return Err(format!(
                    "unknown engine setting '{key}' (known: cmd, name, arg, dir, \
                     option.NAME, tc, depth, nodes, proto)"
                ))
            }
        })
    }

    /// Sets this on `spec`; a later setting of the same kind wins.
    pub fn apply(self, spec: &mut EngineSpec) {
        match self {
            Setting::Cmd(cmd) => spec.cmd = cmd,
            Setting::Name(name) => spec.name = Some(name),
            Setting::Arg(arg) => spec.args.push(arg),
            Setting::Dir(dir) => spec.dir = Some(dir),
            Setting::Option(name, value) => {
                spec.options.retain(|(k, _)| *k != name);
                spec.options.push((name, value));
            }
            Setting::Limit(limit) => spec.limit = Some(limit),
            Setting::Uci => {}
        }
    }
}
