//! Baton's chess against shakmaty (a dev-dependency, never shipped): named edge-case
//! positions by perft, and thousands of random games compared move list by move list.

use baton_engine::perft::perft;
use baton_engine::rules::legal_move_list;
use baton_engine::{format_move, Position, Variant};
use shakmaty::{fen::Fen, CastlingMode, Chess, EnPassantMode, Position as _};

fn oracle(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("oracle FEN")
        .into_position(CastlingMode::Standard)
        .expect("oracle position")
}

fn baton_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal_move_list(pos)
        .iter()
        .map(|&m| format_move(pos, m))
        .collect();
    v.sort();
    v
}

fn oracle_moves(pos: &Chess) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    v.sort();
    v
}

/// Positions chosen for the rule edges, each with the depth to compare at.
const EDGE_CASES: &[(&str, &str, u32)] = &[
    (
        "en passant would discover a rank check",
        "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
        5,
    ),
    (
        "en passant pinned on the rank",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        4,
    ),
    (
        "en passant removes the checker",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        4,
    ),
    (
        "castling through an attacked square",
        "r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1",
        4,
    ),
    (
        "castling rights lost when a rook is taken",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        3,
    ),
    (
        "castling with the b-file attacked is legal",
        "r3k2r/8/8/8/8/8/8/Rr2K2R w KQkq - 0 1",
        3,
    ),
    (
        "promotion with capture",
        "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
        5,
    ),
    (
        "promotion to every piece on both sides",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        4,
    ),
    (
        "double check allows only royal moves",
        "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
        4,
    ),
    (
        "pinned piece moves along the pin",
        "4k3/4r3/8/8/8/8/4Q3/4K3 w - - 0 1",
        4,
    ),
    (
        "check blocked by a double pawn push",
        "4k3/8/8/8/b7/8/3P4/4K3 w - - 0 1",
        4,
    ),
];

#[test]
fn edge_cases_match_shakmaty_by_perft() {
    for &(name, fen, depth) in EDGE_CASES {
        let baton = Position::from_fen(Variant::Chess, fen).expect(name);
        let reference = oracle(fen);
        for d in 1..=depth {
            assert_eq!(
                perft(&baton, d),
                shakmaty::perft(&reference, d),
                "{name}: perft {d} of {fen}"
            );
        }
    }
}

#[test]
fn random_games_match_shakmaty_move_for_move() {
    let mut rng = baton_testkit::Rng::new(20261122);
    let mut positions = 0;
    for _game in 0..3000 {
        let mut baton = Position::startpos(Variant::Chess);
        let mut reference = Chess::default();
        for _ply in 0..200 {
            let ours = baton_moves(&baton);
            let theirs = oracle_moves(&reference);
            assert_eq!(ours, theirs, "legal moves differ in {}", baton.fen());
            positions += 1;
            if ours.is_empty() {
                break;
            }
            let choice = &ours[rng.below(ours.len())];
            let m = baton_engine::parse_move(&baton, choice).expect("own move");
            baton = baton.play(m);
            let um: shakmaty::uci::UciMove = choice.parse().expect("uci");
            let sm = um.to_move(&reference).expect("oracle accepts");
            reference.play_unchecked(sm);
            // Compare the placement, side and castling fields of the FENs.
            let ours_fen = baton.fen();
            let theirs_fen = Fen::from_position(&reference, EnPassantMode::Legal).to_string();
            let head = |s: &str| s.split(' ').take(3).collect::<Vec<_>>().join(" ");
            assert_eq!(head(&ours_fen), head(&theirs_fen));
        }
    }
    assert!(positions > 100_000, "only {positions} positions compared");
}
