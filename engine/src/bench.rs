//! The fixed positions `baton bench` searches, per variant. The node total of a bench
//! run is the search's signature: it changes only when the search or evaluation does.

use crate::profile::Profile;
use crate::variant::Variant;

/// The node total of `baton bench all` (every variant's positions at its own depth, one
/// thread, a fresh 16 MB hash table per position): as Stockfish's bench number does, it
/// names what a build's search does. A change to the search or the evaluation that moves
/// it updates it here, in the same commit (`tests/cli.rs` checks the two agree).
pub const SIGNATURE: u64 = 5_544_544;

/// Bench positions of a variant (FENs), with the default bench depth
/// (`Profile::bench`).
pub fn positions(variant: Variant) -> (&'static [&'static str], u32) {
    Profile::of(variant).bench
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn bench_positions_parse_and_have_moves() {
        for v in Variant::ALL {
            for fen in positions(v).0 {
                let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{v} {fen}: {e:?}"));
                assert!(!crate::rules::legal_move_list(&pos).is_empty(), "{v} {fen}");
            }
        }
    }
}
