//! What the host asked for: depth, nodes, clock, mate, infinite, the root moves.

/// Search limits, as UCI `go` gives them (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Remaining clock time and increment per color, White first.
    pub time: [Option<u64>; 2],
    pub inc: [Option<u64>; 2],
    pub movestogo: Option<u32>,
    /// No limit: run until `stop`.
    pub infinite: bool,
    /// Only these root moves are searched (UCI `go searchmoves`); empty, or none of
    /// them legal here: every move.
    pub searchmoves: Vec<crate::moves::Move>,
}
