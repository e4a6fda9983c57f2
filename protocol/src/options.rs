//! The engine's options: what they are (for `uci` to list) and their checked values.

use baton_engine::eval::Style;
use baton_engine::search::Tune;
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
    /// Free text (UCI's `string`); an empty default is listed as `<empty>`.
    Text {
        default: &'static str,
    },
}

pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
}

pub const HASH_MAX_MB: i64 = 65536;
/// `Skill Level`'s full strength (Stockfish's scale, 0-20).
pub const SKILL_MAX: i64 = 20;
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
    // `auto` is the variant's own (the learned one in knightmate, knightrelay and
    // combiningknightmare, the classical one elsewhere); `classical` is the hand-made
    // evaluation; `nnue` the learned one where the variant has a net (elsewhere the
    // classical one); `material` searches with material alone: the baseline that
    // matches measure the others against.
    Spec {
        name: "Evaluation",
        kind: Kind::Combo {
            default: "auto",
            values: Some(&Style::NAMES),
        },
    },
    // Playing weaker for people, as Stockfish offers it: `Skill Level` 0-20 (20: full
    // strength), or `UCI_LimitStrength` with `UCI_Elo` (on the scale of
    // `levels::ELO_SCALE`, measured by matches; it wins over `Skill Level`).
    Spec {
        name: "Skill Level",
        kind: Kind::Spin {
            default: SKILL_MAX,
            min: 0,
            max: SKILL_MAX,
        },
    },
    Spec {
        name: "UCI_LimitStrength",
        kind: Kind::Check { default: false },
    },
    Spec {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: crate::levels::ELO_MAX as i64,
            min: crate::levels::ELO_MIN as i64,
            max: crate::levels::ELO_MAX as i64,
        },
    },
    // Pruning numbers in place of the variant's own (`search::tune`), as
    // `name=value` pairs: for `baton spsa` and for matching its results
    // against the built-in numbers. Empty (the default) plays with the built-in ones.
    Spec {
        name: "Tune",
        kind: Kind::Text { default: "" },
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
            Kind::Text { default } => format!(
                "option name {} type string default {}",
                s.name,
                if default.is_empty() {
                    "<empty>"
                } else {
                    default
                }
            ),
        })
        .collect()
}

/// The options XBoard offers its user (`feature option=...`): the strength ones and
/// the evaluation.
/// Hash and threads have XBoard's own commands (`memory`, `cores`).
pub const XBOARD_OFFERED: [&str; 4] = ["Skill Level", "UCI_LimitStrength", "UCI_Elo", "Evaluation"];

/// The `option="..."` features of XBoard's `protover` answer, for `XBOARD_OFFERED`.
pub fn xboard_features() -> String {
    XBOARD_OFFERED
        .iter()
        .filter_map(|name| spec(name).ok())
        .filter_map(|s| match &s.kind {
            Kind::Spin { default, min, max } => {
                Some(format!("option=\"{} -spin {default} {min} {max}\"", s.name))
            }
            Kind::Check { default } => Some(format!(
                "option=\"{} -check {}\"",
                s.name,
                u8::from(*default)
            )),
            // XBoard's combo marks the default with a `*` and parts the choices by `///`.
            Kind::Combo {
                default,
                values: Some(values),
            } => Some(format!(
                "option=\"{} -combo {}\"",
                s.name,
                values
                    .iter()
                    .map(|v| if v == default {
                        format!("*{v}")
                    } else {
                        v.to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(" /// ")
            )),
            Kind::Combo { values: None, .. } | Kind::Button | Kind::Text { .. } => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// XBoard's `option NAME=VALUE` read into a change (a check's value is 1 or 0
/// there), for the options it is offered.
pub fn parse_xboard(setting: &str) -> Result<Change, String> {
    let (name, value) = setting
        .split_once('=')
        .ok_or_else(|| format!("option needs NAME=VALUE, not '{}'", setting.trim()))?;
    let spec = spec(name)?;
    if !XBOARD_OFFERED.contains(&spec.name) {
        return Err(format!("option '{}' is not offered over XBoard", spec.name));
    }
    let value = match (&spec.kind, value.trim()) {
        (Kind::Check { .. }, "1") => "true",
        (Kind::Check { .. }, "0") => "false",
        (Kind::Check { .. }, other) => {
            return Err(format!("{} needs 1 or 0, not '{other}'", spec.name))
        }
        (_, other) => other,
    };
    parse(spec.name, value)
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
    SkillLevel(u8),
    LimitStrength(bool),
    Elo(u32),
    Tune(Tune),
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
                "Skill Level" => Change::SkillLevel(n as u8),
                "UCI_Elo" => Change::Elo(n as u32),
                _ => Change::MoveOverhead(n as u64),
            })
        }
        Kind::Check { .. } => {
            let on = match value.to_ascii_lowercase().as_str() {
                "true" => true,
                "false" => false,
                _ => return Err(format!("{} needs true or false, not '{value}'", spec.name)),
            };
            Ok(match spec.name {
                "UCI_LimitStrength" => Change::LimitStrength(on),
                _ => Change::Ponder(on),
            })
        }
        Kind::Combo {
            values: Some(_), ..
        } => Style::from_name(value)
            .map(Change::Evaluation)
            .ok_or_else(|| {
                format!(
                    "{} must be {}, not '{value}'",
                    spec.name,
                    Style::NAMES.join(", ")
                )
            }),
        Kind::Combo { values: None, .. } => Ok(Change::Variant(Variant::parse(value)?)),
        Kind::Button => Ok(Change::ClearHash),
        // UCI's way of giving an empty string.
        Kind::Text { .. } if value == "<empty>" => Ok(Change::Tune(Tune::default())),
        Kind::Text { .. } => Tune::parse(value)
            .map(Change::Tune)
            .map_err(|e| format!("{}: {e}", spec.name)),
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
    /// 0-20; 20 is full strength.
    pub skill_level: u8,
    /// Play at `elo` (then `skill_level` is not used).
    pub limit_strength: bool,
    pub elo: u32,
    /// Pruning numbers in place of the variant's own (none by default).
    pub tune: Tune,
}

impl Options {
    /// The skill level searches play at: `UCI_Elo`'s where `UCI_LimitStrength` is
    /// on (a fraction between two measured levels), else `Skill Level`; 20 is full
    /// strength.
    pub fn effective_skill(&self) -> f64 {
        if self.limit_strength {
            crate::levels::elo_to_skill(self.elo)
        } else {
            self.skill_level as f64
        }
    }
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
            evaluation: Style::Auto,
            skill_level: SKILL_MAX as u8,
            limit_strength: false,
            elo: crate::levels::ELO_MAX,
            tune: Tune::default(),
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
    fn strength_options_are_checked() {
        assert_eq!(parse("Skill Level", "0"), Ok(Change::SkillLevel(0)));
        assert_eq!(parse("skill level", "20"), Ok(Change::SkillLevel(20)));
        assert_eq!(
            parse("UCI_LimitStrength", "true"),
            Ok(Change::LimitStrength(true))
        );
        for (name, value, why) in [
            (
                "Skill Level",
                "21",
                "Skill Level value 21 out of range 0..20",
            ),
            (
                "Skill Level",
                "-1",
                "Skill Level value -1 out of range 0..20",
            ),
            (
                "Skill Level",
                "weak",
                "Skill Level needs a whole number, not 'weak'",
            ),
            (
                "UCI_LimitStrength",
                "1",
                "UCI_LimitStrength needs true or false, not '1'",
            ),
        ] {
            assert_eq!(parse(name, value), Err(why.to_string()));
        }
        let (lo, hi) = (crate::levels::ELO_MIN, crate::levels::ELO_MAX);
        assert_eq!(parse("UCI_Elo", &lo.to_string()), Ok(Change::Elo(lo)));
        assert_eq!(
            parse("UCI_Elo", &(hi + 1).to_string()),
            Err(format!("UCI_Elo value {} out of range {lo}..{hi}", hi + 1))
        );
    }

    #[test]
    fn xboard_offers_and_reads_the_strength_options() {
        let f = xboard_features();
        assert!(f.contains("option=\"Skill Level -spin 20 0 20\""), "{f}");
        assert!(f.contains("option=\"UCI_LimitStrength -check 0\""), "{f}");
        assert!(f.contains("option=\"UCI_Elo -spin "), "{f}");
        assert!(
            f.contains("option=\"Evaluation -combo *auto /// classical /// nnue /// material\""),
            "{f}"
        );
        assert_eq!(
            parse_xboard("Evaluation=nnue"),
            Ok(Change::Evaluation(Style::Nnue))
        );
        assert_eq!(
            parse("Evaluation", "full"),
            Ok(Change::Evaluation(Style::Classical))
        );
        assert_eq!(
            parse("Evaluation", "default"),
            Ok(Change::Evaluation(Style::Auto))
        );
        assert_eq!(parse_xboard("Skill Level=3"), Ok(Change::SkillLevel(3)));
        assert_eq!(
            parse_xboard("UCI_LimitStrength=1"),
            Ok(Change::LimitStrength(true))
        );
        for (setting, why) in [
            (
                "UCI_LimitStrength=yes",
                "UCI_LimitStrength needs 1 or 0, not 'yes'",
            ),
            ("Skill Level=99", "Skill Level value 99 out of range 0..20"),
            ("Skill Level", "option needs NAME=VALUE, not 'Skill Level'"),
            ("Hash=64", "option 'Hash' is not offered over XBoard"),
            (
                "Evaluation=best",
                "Evaluation must be auto, classical, nnue, material, not 'best'",
            ),
        ] {
            assert_eq!(parse_xboard(setting), Err(why.to_string()));
        }
    }

    /// `Tune` takes `name=value` pairs of the tunable pruning numbers; empty (or UCI's
    /// `<empty>`) gives none; anything else is refused with the reason.
    #[test]
    fn tune_takes_named_pruning_numbers() {
        assert!(uci_lines().contains(&"option name Tune type string default <empty>".to_string()));
        assert_eq!(
            parse("Tune", "rfp_margin=70 futility_base=140"),
            Ok(Change::Tune(
                Tune::parse("futility_base=140,rfp_margin=70").expect("a tune")
            ))
        );
        assert_eq!(parse("tune", "<empty>"), Ok(Change::Tune(Tune::default())));
        assert_eq!(parse("Tune", ""), Ok(Change::Tune(Tune::default())));
        assert_eq!(
            parse("Tune", "rfp_depth=0"),
            Err("Tune: rfp_depth value 0 out of range 1..12".to_string())
        );
        assert_eq!(
            parse_xboard("Tune=rfp_depth=3"),
            Err("option 'Tune' is not offered over XBoard".to_string())
        );
    }

    /// A combo value named `default` cannot be told from UCI's keyword
    /// (`type combo default default var default`): cutechess-cli refused the option.
    #[test]
    fn no_uci_option_offers_a_value_named_like_a_keyword() {
        for line in uci_lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2) {
                if matches!(pair[0], "default" | "var" | "min" | "max") {
                    assert!(
                        !matches!(pair[1], "default" | "var" | "min" | "max" | "type"),
                        "{line}"
                    );
                }
            }
        }
        assert!(uci_lines().contains(
            &"option name Evaluation type combo default auto var auto var classical var nnue var material"
                .to_string()
        ));
    }

    #[test]
    fn strength_options_are_announced_as_stockfish_does() {
        let lines = uci_lines();
        let has = |l: &str| lines.iter().any(|x| x == l);
        assert!(has(
            "option name Skill Level type spin default 20 min 0 max 20"
        ));
        assert!(has(
            "option name UCI_LimitStrength type check default false"
        ));
        let elo = format!(
            "option name UCI_Elo type spin default {hi} min {lo} max {hi}",
            lo = crate::levels::ELO_MIN,
            hi = crate::levels::ELO_MAX
        );
        assert!(has(&elo), "{lines:?}");
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
