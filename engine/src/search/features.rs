//! The search techniques each variant switches on (`VariantFacts::search`): pruning
//! and extensions that are sound under some rules and not others. Why each variant
//! sets them as it does is said beside its record in `variant.rs`.

/// Pruning that is sound for some rules and not for others.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    pub null_move: bool,
    pub lmr: bool,
    /// The sharper settings measured in knightmate and chess: internal iterative
    /// reduction, reverse futility to depth 7 with an improving term, a null-move
    /// reduction growing with the margin, late-move reductions by improving and
    /// history, hash cutoffs in quiescence, countermove and continuation history.
    /// Off where they were not measured, or lost in a match (stonesrelays).
    pub selective: bool,
    /// A move that gives check is searched one ply deeper.
    pub check_extension: bool,
    /// The first ply of quiescence also tries the quiet moves that give check
    /// (`movepick::tactical_moves_and_checks`): knightmate's royal knight is caught by a
    /// check a ply sooner. Measured in knightmate only.
    pub quiescence_checks: bool,
}
