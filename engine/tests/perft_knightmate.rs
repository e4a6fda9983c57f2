//! Knightmate perft from the start position (Fairy-Stockfish, Cute Chess and Sjaak II
//! agree on these counts) and hand-checked rule cases.

use baton_engine::{Position, Variant};
use baton_testkit::{check_perft, divided_perft, pos};

fn moves(fen: &str) -> Vec<String> {
    baton_testkit::moves(&pos(Variant::Knightmate, fen))
}

#[test]
fn start_position_depths_1_to_5() {
    let start = Position::startpos(Variant::Knightmate);
    check_perft(
        &start,
        &[18, 324, 6765, 139774, 3249033],
        "knightmate start",
    );
}

#[test]
#[ignore]
fn start_position_depth_6() {
    let start = Position::startpos(Variant::Knightmate);
    assert_eq!(divided_perft(&start, 6), 74_568_983);
}

#[test]
fn royal_knight_castles_like_a_king() {
    let m = moves("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert!(m.contains(&"e1g1".to_string()));
    assert!(m.contains(&"e1c1".to_string()));
    let pos = Position::from_fen(
        Variant::Knightmate,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let after = pos.play(baton_engine::parse_move(&pos, "e1g1").unwrap());
    assert_eq!(
        after.fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"
    );
}

#[test]
fn royal_knight_may_not_castle_through_an_attacked_square() {
    // A black commoner on g2... attacks f1: kingside castling is out, queenside stays.
    let m = moves("4k3/8/8/8/8/8/6m1/R3K2R w KQ - 0 1");
    assert!(!m.contains(&"e1g1".to_string()));
    assert!(m.contains(&"e1c1".to_string()));
}

#[test]
fn royal_knight_may_not_castle_out_of_check() {
    // The black royal knight... no: a black commoner on d2 checks e1? Commoners step
    // like kings, so d2 is adjacent to e1.
    let m = moves("4k3/8/8/8/8/8/3m4/R3K2R w KQ - 0 1");
    assert!(!m.contains(&"e1g1".to_string()));
    assert!(!m.contains(&"e1c1".to_string()));
}

#[test]
fn pawns_promote_to_commoner_never_knight() {
    let m = moves("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for p in ["a7a8q", "a7a8r", "a7a8b", "a7a8m"] {
        assert!(m.contains(&p.to_string()), "{p} missing from {m:?}");
    }
    assert!(!m.iter().any(|s| s == "a7a8n" || s == "a7a8k"));
}

#[test]
fn royal_knights_never_a_knights_move_apart() {
    // White royal knight on e1, black on e4: f2... no square a knight's move from e4 is
    // allowed. e1 reaches c2, d3, f3, g2; d3? no: d3 is not a knight's move from e4 (it
    // is a king step). f2 would be.
    let m = moves("8/8/8/8/4k3/8/8/4K3 w - - 0 1");
    for bad in ["e1d3", "e1f3", "e1c2", "e1g2"] {
        let to = &bad[2..];
        let _ = to;
    }
    // Squares a knight's move from e4: d2 f2 c3 g3 c5 g5 d6 f6.
    // From e1 the royal knight reaches c2 d3 f3 g2; none of these is a knight's move
    // from e4 except... d2 and f2 are not reachable. So all four are legal:
    assert_eq!(m, vec!["e1c2", "e1d3", "e1f3", "e1g2"]);
    // Black royal knight on e3: the white one may not go to c2 (e3-c2 is a knight
    // move) nor g2.
    let m = moves("8/8/8/8/8/4k3/8/4K3 w - - 0 1");
    assert_eq!(m, vec!["e1d3", "e1f3"]);
}

#[test]
fn commoner_gives_check_by_adjacency() {
    // A white commoner on d6... black royal on e8 next to d7? Commoner on d7 checks e8.
    let pos = Position::from_fen(Variant::Knightmate, "4k3/3M4/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert!(baton_engine::rules::in_check(
        &pos,
        baton_engine::Color::Black
    ));
}
