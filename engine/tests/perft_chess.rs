//! Chess perft: the standard positions (start, Kiwipete, positions 3 to 6) and named
//! edge cases, against the published counts.

use baton_engine::{Position, Variant};
use baton_testkit::{check_perft, divided_perft};

/// The positions and their counts (EPD lines: FEN, then `;D<depth> <count>` fields,
/// then `;name <what it tests>`).
const CASES: &str = include_str!("data/chess.epd");

#[test]
fn published_counts() {
    let mut checked = 0;
    for line in CASES.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split(';');
        let fen = fields.next().expect("a FEN").trim();
        let mut counts = Vec::new();
        let mut name = "";
        for field in fields {
            match field.trim().split_once(' ') {
                Some(("name", n)) => name = n,
                Some((depth, n)) => {
                    assert_eq!(depth, format!("D{}", counts.len() + 1), "{line}");
                    counts.push(n.parse::<u64>().expect("a count"));
                }
                None => panic!("bad field {field:?} in {line}"),
            }
        }
        let pos = Position::from_fen(Variant::Chess, fen).expect("valid FEN");
        check_perft(&pos, &counts, &format!("{name} ({fen})"));
        checked += 1;
    }
    assert_eq!(checked, 20);
}

/// The start position to depth 6 (119,060,324): long, run by CI with `--ignored`.
#[test]
#[ignore]
fn start_position_depth_6() {
    let start = Position::startpos(Variant::Chess);
    assert_eq!(divided_perft(&start, 6), 119_060_324);
}
