//! The pruning numbers a search may be given at run time instead of its variant's own
//! (`Params::tune`, the engine's `Tune` option), so that a tuner can play one set of
//! numbers against another without a rebuild: `baton spsa` moves them by
//! simultaneous perturbation, as Stockfish's and Fairy-Stockfish's searches are tuned.
//! Each name stands for one field of `PruningParams`; a number not given stays the
//! variant's (after its `Features::margin_scale`). A result worth keeping is written
//! back into `search_params.rs` or the variant's profile: `Tune` is for trying numbers,
//! not for shipping them.

use std::fmt;

use super::search_params::PruningParams;

/// One number that may be tuned: its name, the range it is held to, and where it
/// lives in `PruningParams`.
pub struct Tunable {
    pub name: &'static str,
    pub min: i32,
    pub max: i32,
    /// How far the tuner perturbs it at the end of a run (SPSA's `c_end`): about the
    /// smallest change expected to matter.
    pub step: f64,
    pub get: fn(&PruningParams) -> i32,
    pub set: fn(&mut PruningParams, i32),
}

/// One `Tunable` from its name, range, step and field path in `PruningParams` (the
/// getter and the setter name the same field, so they cannot drift apart).
macro_rules! tunable {
    ($name:literal, $min:literal..=$max:literal, step $step:literal, $($field:ident).+) => {
        Tunable {
            name: $name,
            min: $min,
            max: $max,
            step: $step,
            get: |p| p.$($field).+,
            set: |p, v| p.$($field).+ = v,
        }
    };
}

/// Every tunable number, in `PruningParams`' order. Small whole-number settings (the
/// null move's depth divisor, the move-count formula's terms) are left out:
/// simultaneous perturbation needs a number that a step of about one in ten moves.
pub const TUNABLE: [Tunable; 7] = [
    tunable!("rfp_depth", 1..=12, step 1.0, reverse_futility.depth),
    tunable!("rfp_margin", 20..=400, step 10.0, reverse_futility.margin),
    tunable!("null_margin", 50..=800, step 25.0, null_move.margin_per_ply),
    tunable!("quiet_depth", 1..=12, step 1.0, quiet.depth),
    tunable!("futility_margin", 20..=400, step 12.0, quiet.futility_margin),
    tunable!("futility_base", 0..=500, step 15.0, quiet.futility_base),
    tunable!("history_depth", -1..=10, step 1.0, quiet.history_depth),
];

/// The tunable named `name` (any case), with its index in `TUNABLE`.
pub fn tunable(name: &str) -> Option<(usize, &'static Tunable)> {
    TUNABLE
        .iter()
        .enumerate()
        .find(|(_, t)| t.name.eq_ignore_ascii_case(name))
}

/// The `name=value` words of a text of numbers (parted by spaces or commas), each split
/// at its `=` (the value unread): what `Tune::parse` and `baton spsa --start` read.
pub fn pairs(text: &str) -> impl Iterator<Item = Result<(&str, &str), TuneError>> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.split_once('=')
                .ok_or_else(|| TuneError::NotAPair(w.to_string()))
        })
}

/// Numbers given in place of the variant's own; the default gives none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tune {
    values: [Option<i32>; TUNABLE.len()],
}

/// Why a `Tune` text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneError {
    /// A word that is not `name=value`.
    NotAPair(String),
    UnknownName(String),
    NotANumber {
        name: &'static str,
        value: String,
    },
    OutOfRange {
        name: &'static str,
        value: i32,
    },
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TuneError::NotAPair(word) => write!(f, "'{word}' is not name=value"),
            TuneError::UnknownName(name) => write!(
                f,
                "no tunable number is named '{name}' (there are: {})",
                TUNABLE
                    .iter()
                    .map(|t| t.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            TuneError::NotANumber { name, value } => {
                write!(f, "{name} needs a whole number, not '{value}'")
            }
            TuneError::OutOfRange { name, value } => {
                let t = tunable(name).map(|(_, t)| t);
                let (lo, hi) = t.map_or((0, 0), |t| (t.min, t.max));
                write!(f, "{name} value {value} out of range {lo}..{hi}")
            }
        }
    }
}

impl std::error::Error for TuneError {}

impl Tune {
    /// Reads `name=value` pairs parted by spaces or commas; an empty text gives none.
    pub fn parse(text: &str) -> Result<Tune, TuneError> {
        let mut tune = Tune::default();
        for pair in pairs(text) {
            let (name, value) = pair?;
            let (index, t) =
                tunable(name).ok_or_else(|| TuneError::UnknownName(name.to_string()))?;
            let value: i32 = value.parse().map_err(|_| TuneError::NotANumber {
                name: t.name,
                value: value.to_string(),
            })?;
            if value < t.min || value > t.max {
                return Err(TuneError::OutOfRange {
                    name: t.name,
                    value,
                });
            }
            tune.values[index] = Some(value);
        }
        Ok(tune)
    }

    /// Gives `value` to the tunable at `index` of `TUNABLE`, held to its range.
    pub fn set(&mut self, index: usize, value: i32) {
        let t = &TUNABLE[index];
        self.values[index] = Some(value.clamp(t.min, t.max));
    }

    pub fn is_empty(&self) -> bool {
        self.values.iter().all(Option::is_none)
    }

    /// `params` with the numbers given here in place of theirs.
    pub fn apply(&self, mut params: PruningParams) -> PruningParams {
        for (t, value) in TUNABLE.iter().zip(self.values) {
            if let Some(v) = value {
                (t.set)(&mut params, v);
            }
        }
        params
    }
}

/// The form `parse` reads: `name=value` pairs parted by spaces, in `TUNABLE`'s order.
impl fmt::Display for Tune {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let pairs: Vec<String> = TUNABLE
            .iter()
            .zip(self.values)
            .filter_map(|(t, v)| v.map(|v| format!("{}={v}", t.name)))
            .collect();
        f.write_str(&pairs.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchProfile;
    use crate::variant::Variant;

    /// Each tunable reads and writes its own field: setting one to a new value
    /// changes that field alone, and each variant's own numbers are in range.
    #[test]
    fn each_name_moves_its_own_field_and_no_other() {
        for v in Variant::ALL {
            let own = v.features().pruning();
            for (i, t) in TUNABLE.iter().enumerate() {
                let value = (t.get)(&own);
                assert!((t.min..=t.max).contains(&value), "{v} {}: {value}", t.name);
                let mut tune = Tune::default();
                let other = if value < t.max { value + 1 } else { value - 1 };
                tune.set(i, other);
                let tuned = tune.apply(own);
                assert_eq!((t.get)(&tuned), other, "{}", t.name);
                let mut back = tuned;
                (t.set)(&mut back, value);
                assert_eq!(back, own, "{v} {}", t.name);
            }
        }
    }

    #[test]
    fn no_numbers_change_nothing() {
        let tune = Tune::parse("").expect("empty");
        assert!(tune.is_empty());
        for v in Variant::ALL {
            let own = v.features().pruning();
            assert_eq!(tune.apply(own), own, "{v}");
        }
    }

    #[test]
    fn a_tune_text_reads_back_as_written() {
        let text = "rfp_margin=70 futility_base=140 history_depth=-1";
        let tune = Tune::parse(text).expect("a tune");
        assert_eq!(tune.to_string(), text);
        assert_eq!(
            Tune::parse("FUTILITY_BASE=140,rfp_margin=70  history_depth=-1"),
            Ok(tune)
        );
    }

    #[test]
    fn bad_tune_texts_say_why() {
        for (text, why) in [
            ("rfp_margin", "'rfp_margin' is not name=value"),
            (
                "lmr=2",
                "no tunable number is named 'lmr' (there are: rfp_depth, rfp_margin, \
                 null_margin, quiet_depth, futility_margin, futility_base, history_depth)",
            ),
            (
                "rfp_margin=wide",
                "rfp_margin needs a whole number, not 'wide'",
            ),
            ("rfp_depth=99", "rfp_depth value 99 out of range 1..12"),
        ] {
            let err = Tune::parse(text).expect_err(text);
            assert_eq!(err.to_string(), why);
        }
    }
}
