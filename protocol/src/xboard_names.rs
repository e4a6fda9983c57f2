//! The names XBoard knows the variants by, and what it cannot carry of them: XBoard's
//! side of each variant, kept by the front end that needs it (the engine's records say
//! only what the rules and the engine's play are).

use baton_engine::Variant;

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

const NEUTRAL_MOVES: Option<&str> = Some("XBoard cannot send or show the neutral move of a turn");
const FLIPS: Option<&str> = Some("XBoard cannot send or show the flip that ends every turn");

/// A variant XBoard does not know: Baton describes it with `setup`.
const fn own(name: &'static str, limit: Option<&'static str>) -> XboardVariant {
    XboardVariant {
        name,
        builtin: false,
        limit,
    }
}

/// XBoard's side of `v`.
pub const fn of(v: Variant) -> XboardVariant {
    match v {
        Variant::Chess => XboardVariant {
            name: "normal",
            builtin: true,
            limit: None,
        },
        Variant::Knightmate => XboardVariant {
            name: "knightmate",
            builtin: true,
            limit: None,
        },
        Variant::KnightRelay => own("knightrelay", None),
        Variant::CombiningKnightmare => own(
            "combiningknightmare",
            Some("XBoard cannot show a Knightmare, one piece owned by both sides"),
        ),
        Variant::StonesRelays => own("stonesrelays", NEUTRAL_MOVES),
        Variant::StonesRelaysTunnel => own("stonesrelays-tunnel", NEUTRAL_MOVES),
        Variant::FlipShatranj => own("flipten", FLIPS),
        Variant::FlipShatranj8 => own("flipeight", FLIPS),
    }
}
