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
    /// Off where they were not measured, or lost (stonesrelays: 1-9-2 in 12 games at
    /// 1+0.02 against the settings before).
    pub selective: bool,
    /// A move that gives check is searched one ply deeper.
    pub check_extension: bool,
    /// The first ply of quiescence also tries the quiet moves that give check
    /// (`rules::tactical_moves_and_checks`): knightmate's royal knight is caught by a
    /// check a ply sooner. +14.8 +/- 28.1 Elo in 400 games of self-play at 30,000
    /// nodes a move; not measured in chess.
    pub quiescence_checks: bool,
}
