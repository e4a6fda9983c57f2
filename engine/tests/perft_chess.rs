//! Chess perft: the standard positions (start, Kiwipete, positions 3 to 6) and named
//! edge cases, against the published counts.

use baton_engine::perft::perft;
use baton_engine::{Position, Variant};
use baton_testkit::divided_perft;

/// (what the position tests, FEN, perft counts from depth 1): the standard positions
/// (start, Kiwipete, positions 3 to 6), then named edge cases (counts from the
/// well-known suites of tricky perft positions).
const CASES: &[(&str, &str, &[u64])] = &[
    (
        "start_position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197281, 4865609],
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862, 4085603],
    ),
    (
        "position_3_en_passant_and_rook_endgame",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238, 674624],
    ),
    (
        "position_4_promotions_and_castling",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333],
    ),
    (
        "position_5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487],
    ),
    (
        "position_6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890, 3894594],
    ),
    (
        "en_passant_that_would_discover_check_is_illegal",
        "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
        &[18, 92, 1670, 10138, 185429, 1134888],
    ),
    (
        "en_passant_capture_gives_check",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        &[15, 126, 1928, 13931, 206379, 1440467],
    ),
    (
        "castling_rights_lost_by_capture_of_rook",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        &[44, 1494, 50509, 1720476],
    ),
    (
        "castling_rights_lost_by_capture_of_rook",
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
        &[26, 1141, 27826, 1274206],
    ),
    (
        "castling_through_attacked_squares_is_illegal",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        &[15, 66, 1198, 6399, 120330, 661072],
    ),
    (
        "castling_through_attacked_squares_is_illegal",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        &[16, 71, 1286, 7418, 141077, 803711],
    ),
    (
        "castle_gives_check",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        &[15, 66, 1198, 6399],
    ),
    (
        "promotions_with_capture",
        "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
        &[11, 133, 1442, 19174, 266199, 3821001],
    ),
    (
        "promotions_with_capture",
        "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
        &[9, 40, 472, 2661, 38983, 217342],
    ),
    (
        "promotions_with_capture",
        "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
        &[6, 27, 273, 1329, 18135, 92683],
    ),
    (
        "underpromotion_to_give_check",
        "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
        &[10, 25, 268, 926, 10857, 43261, 567584],
    ),
    (
        "self_stalemate_and_stalemate_checkmate",
        "K1k5/8/P7/8/8/8/8/8 w - - 0 1",
        &[2, 6, 13, 63, 382, 2217],
    ),
    (
        "self_stalemate_and_stalemate_checkmate",
        "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
        &[37, 183, 6559, 23527],
    ),
    (
        "short_castling_gives_check_and_long_castling",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[26, 568, 13744, 314346],
    ),
];

#[test]
fn published_counts() {
    for &(name, fen, counts) in CASES {
        let pos = Position::from_fen(Variant::Chess, fen).expect("valid FEN");
        for (depth, &n) in (1..).zip(counts) {
            assert_eq!(perft(&pos, depth), n, "{name}: perft {depth} of {fen}");
        }
    }
}

/// The start position to depth 6 (119,060,324): long, run by CI with `--ignored`.
#[test]
#[ignore]
fn start_position_depth_6() {
    let start = Position::startpos(Variant::Chess);
    assert_eq!(divided_perft(&start, 6), 119_060_324);
}
