//! Move lists are sized per variant (`Rules::MAX_MOVES`): each variant's widest
//! positions known fit its list, and the lists of the variants with a proved bound
//! hold that bound.

use baton_engine::rules::{legal_move_list, max_moves, move_list};
use baton_engine::{Position, Variant};

/// The bounds argued beside each `MAX_MOVES`: 63 pieces of at most 27 moves (a relayed
/// piece: 35) and two castlings; flip shatranj's army of 30 with 24 moves and 30 flips.
#[test]
fn each_variant_s_list_holds_its_proved_bound() {
    for v in [
        Variant::Chess,
        Variant::Knightmate,
        Variant::CombiningKnightmare,
    ] {
        assert!(max_moves(v) >= 63 * 27 + 2, "{v}");
    }
    assert!(max_moves(Variant::KnightRelay) >= 63 * 35 + 2);
    for v in [Variant::FlipShatranj, Variant::FlipShatranj8] {
        assert!(max_moves(v) >= 30 * 24 * 30, "{v}");
    }
    for v in Variant::ALL {
        assert!(move_list(v).capacity() >= max_moves(v), "{v}");
    }
    // The small lists are the point: chess's is a twelfth of Stones & Relays'.
    assert!(max_moves(Variant::Chess) * 12 <= max_moves(Variant::StonesRelays));
}

/// Crowded positions, counted: the widest known chess position (218 moves) in each
/// 8x8 variant whose pieces it holds, and boards of queens and relaying knights.
#[test]
fn crowded_positions_fit_their_lists() {
    for (variant, fen, moves) in [
        (
            Variant::Chess,
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
            218,
        ),
        (
            Variant::CombiningKnightmare,
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
            218,
        ),
        (
            Variant::KnightRelay,
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
            216,
        ),
        (
            Variant::KnightRelay,
            "7k/8/Q1Q1Q1Q1/1N1N1N1N/Q1Q1Q1Q1/N1N1N1N1/1Q1Q1Q1Q/K7 w - - 0 1",
            133,
        ),
        (
            Variant::Knightmate,
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBMM1KB1 w - - 0 1",
            214,
        ),
    ] {
        let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let n = legal_move_list(&pos).len();
        assert!(n <= max_moves(variant), "{n} moves in {fen}");
        assert_eq!(n, moves, "{variant} {fen}");
    }
}
