//! The engine's options: what they are (for `uci` to list) and their checked values.

use baton_engine::eval::Style;
use baton_engine::Variant;

/// What kind of value an option takes, as UCI describes it.
pub enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    /// A choice among `values`; `None` lists the variants.
    Combo {
        default: &'static str,
        values: Option<&'static [&'static str]>,
    },
    Button,
}

pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
}

pub const HASH_MAX_MB: i64 = 65536;
pub const THREADS_MAX: i64 = 256;

pub const SPECS: &[Spec] = &[
    Spec {
        name: "UCI_Variant",
        kind: Kind::Combo {
            default: "chess",
            values: None,
        },
    },
    Spec {
        name: "Hash",
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: HASH_MAX_MB,
        },
    },
    Spec {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: THREADS_MAX,
        },
    },
    Spec {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Spec {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: 30,
            min: 0,
            max: 5000,
        },
    },
    Spec {
        name: "Ponder",
        kind: Kind::Check { default: false },
    },
    Spec {
        name: "Clear Hash",
        kind: Kind::Button,
    },
    // `material` searches with material alone: the baseline that matches measure the
    // full evaluation against.
    Spec {
        name: "Evaluation",
        kind: Kind::Combo {
            default: "full",
            values: Some(&Style::NAMES),
        },
    },
];

/// The `option name ...` lines of the `uci` answer. Every variant is listed, also
/// those not playable yet: hosts read the list once, and Cute Chess looks for its
/// names there.
pub fn uci_lines() -> Vec<String> {
    SPECS
        .iter()
        .map(|s| match &s.kind {
            Kind::Spin { default, min, max } => {
                format!(
                    "option name {} type spin default {default} min {min} max {max}",
                    s.name
                )
            }
            Kind::Check { default } => {
                format!("option name {} type check default {default}", s.name)
            }
            Kind::Combo { default, values } => {
                let vars: String = match values {
                    Some(values) => values.iter().map(|v| format!(" var {v}")).collect(),
                    None => Variant::ALL
                        .iter()
                        .map(|v| format!(" var {}", v.name()))
                        .collect(),
                };
                format!("option name {} type combo default {default}{vars}", s.name)
            }
            Kind::Button => format!("option name {} type button", s.name),
        })
        .collect()
}

fn spec(name: &str) -> Result<&'static Spec, String> {
    SPECS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("unknown option '{name}'"))
}

/// A checked change of one option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Variant(Variant),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    MoveOverhead(u64),
    Ponder(bool),
    ClearHash,
    Evaluation(Style),
}

/// Reads `setoption name <name> value <value>` into a change, or says why not.
pub fn parse(name: &str, value: &str) -> Result<Change, String> {
    let spec = spec(name)?;
    let value = value.trim();
    match &spec.kind {
        Kind::Spin { min, max, .. } => {
            let n: i64 = value
                .parse()
                .map_err(|_| format!("{} needs a whole number, not '{value}'", spec.name))?;
            if n < *min || n > *max {
                return Err(format!("{} value {n} out of range {min}..{max}", spec.name));
            }
            let n_us = n as usize;
            Ok(match spec.name {
                "Hash" => Change::Hash(n_us),
                "Threads" => Change::Threads(n_us),
                "MultiPV" => Change::MultiPv(n_us),
                _ => Change::MoveOverhead(n as u64),
            })
        }
        Kind::Check { .. } => match value.to_ascii_lowercase().as_str() {
            "true" => Ok(Change::Ponder(true)),
            "false" => Ok(Change::Ponder(false)),
            _ => Err(format!("{} needs true or false, not '{value}'", spec.name)),
        },
        Kind::Combo {
            values: Some(_), ..
        } => Style::from_name(value)
            .map(Change::Evaluation)
            .ok_or_else(|| format!("{} must be full or material, not '{value}'", spec.name)),
        Kind::Combo { values: None, .. } => Ok(Change::Variant(Variant::parse(value)?)),
        Kind::Button => Ok(Change::ClearHash),
    }
}

/// The current values.
#[derive(Clone, Debug)]
pub struct Options {
    pub variant: Variant,
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    pub evaluation: Style,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: Variant::Chess,
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            ponder: false,
            evaluation: Style::Full,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_combo_lists_all_eight_names() {
        let lines = uci_lines();
        let combo = lines
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
            .expect("UCI_Variant listed");
        assert_eq!(
            combo,
            "option name UCI_Variant type combo default chess var chess var knightmate \
             var knightrelay var combiningknightmare var stonesrelays var stonesrelays-tunnel \
             var flipshatranj var flipshatranj8"
        );
    }

    #[test]
    fn spins_are_checked() {
        assert_eq!(parse("hash", "64"), Ok(Change::Hash(64)));
        assert!(parse("Hash", "0").is_err());
        assert!(parse("Hash", "99999999999999999999").is_err());
        assert!(parse("Threads", "-1").is_err());
        assert!(parse("MultiPV", "two").is_err());
        assert_eq!(parse("Move Overhead", "0"), Ok(Change::MoveOverhead(0)));
        assert!(parse("Nonsense", "1").is_err());
        assert_eq!(parse("Ponder", "TRUE"), Ok(Change::Ponder(true)));
        assert!(parse("Ponder", "yes").is_err());
        assert_eq!(parse("Clear Hash", ""), Ok(Change::ClearHash));
    }

    #[test]
    fn variants_are_checked() {
        assert_eq!(
            parse("UCI_Variant", "knightmate"),
            Ok(Change::Variant(Variant::Knightmate))
        );
        assert!(parse("UCI_Variant", "crazyhouse").is_err());
        for v in Variant::ALL {
            assert_eq!(parse("UCI_Variant", v.name()), Ok(Change::Variant(v)));
        }
    }
}
