//! Chess perft: the standard positions (start, Kiwipete, positions 3 to 6) and named
//! edge cases, against the published counts.

use baton_engine::{Position, Variant};
use baton_testkit::{check_perft, divided_perft, perft_cases};

/// The positions and their counts (EPD lines: FEN, then `;D<depth> <count>` fields,
/// then `;name <what it tests>`).
const CASES: &str = include_str!("data/chess.epd");

#[test]
fn published_counts() {
    let cases = perft_cases(CASES);
    for case in &cases {
        let pos = Position::from_fen(Variant::Chess, &case.fen).expect("valid FEN");
        check_perft(&pos, &case.counts, &format!("{} ({})", case.name, case.fen));
    }
    assert_eq!(cases.len(), 20);
}

/// The start position to depth 6 (119,060,324): long, run by CI with `--ignored`.
#[test]
#[ignore]
fn start_position_depth_6() {
    let start = Position::startpos(Variant::Chess);
    assert_eq!(divided_perft(&start, 6), 119_060_324);
}
