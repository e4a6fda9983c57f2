//! The names XBoard knows the variants by, and what it cannot carry of them: XBoard's
//! side of each variant, kept by the front end that needs it (the engine's records say
//! only what the rules and the engine's play are). By default a variant is its own
//! name, which XBoard does not play itself (Baton describes it with `setup`), and what
//! XBoard cannot carry follows from its rules record; `EXCEPTIONS` names the variants
//! that differ, so a new variant needs no entry here unless it is one of them.

use baton_engine::{Variant, VariantFacts};

/// A variant as XBoard sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XboardVariant {
    /// The name on XBoard's side. XBoard reads a variant name it knows inside a longer
    /// one (`flipshatranj` as its own `shatranj`), so a colliding name gets another.
    pub name: &'static str,
    /// XBoard plays the variant itself (no `setup` is sent).
    pub builtin: bool,
    /// What XBoard cannot carry in this variant, if anything: Baton tells the user so
    /// and points to its own board (`baton gui`).
    pub limit: Option<&'static str>,
}

/// The variants whose XBoard side is not the default: the two XBoard plays itself,
/// and the flip variants, whose names XBoard would read as its own `shatranj`.
const EXCEPTIONS: [(Variant, &str, bool); 4] = [
    (Variant::Chess, "normal", true),
    (Variant::Knightmate, "knightmate", true),
    (Variant::FlipShatranj, "flipten", false),
    (Variant::FlipShatranj8, "flipeight", false),
];

/// What XBoard cannot carry of a variant with these rules: a turn's second part or a
/// piece owned by both sides.
fn limit(facts: &VariantFacts) -> Option<&'static str> {
    if facts.neutral_pieces {
        Some("XBoard cannot send or show the neutral move of a turn")
    } else if facts.piece_states {
        Some("XBoard cannot send or show the flip that ends every turn")
    } else if facts.shared_pieces {
        Some("XBoard cannot show a Knightmare, one piece owned by both sides")
    } else {
        None
    }
}

/// XBoard's side of `v`.
pub fn of(v: Variant) -> XboardVariant {
    let (name, builtin) = EXCEPTIONS
        .iter()
        .find(|(w, _, _)| *w == v)
        .map_or((v.name(), false), |&(_, name, builtin)| (name, builtin));
    XboardVariant {
        name,
        builtin,
        limit: limit(v.facts()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each variant's XBoard side, as the matches and docs/protocol.md know it (a
    /// variant added later takes the default and needs no row here).
    #[test]
    fn each_variant_has_its_xboard_name_standing_and_limit() {
        for (v, name, builtin, limited) in [
            (Variant::Chess, "normal", true, false),
            (Variant::Knightmate, "knightmate", true, false),
            (Variant::KnightRelay, "knightrelay", false, false),
            (
                Variant::CombiningKnightmare,
                "combiningknightmare",
                false,
                true,
            ),
            (Variant::StonesRelays, "stonesrelays", false, true),
            (
                Variant::StonesRelaysTunnel,
                "stonesrelays-tunnel",
                false,
                true,
            ),
            (Variant::FlipShatranj, "flipten", false, true),
            (Variant::FlipShatranj8, "flipeight", false, true),
        ] {
            let x = of(v);
            assert_eq!(
                (x.name, x.builtin, x.limit.is_some()),
                (name, builtin, limited),
                "{v}"
            );
        }
    }
}
