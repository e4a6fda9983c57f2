//! Baton's chess SAN against shakmaty's (a dev-dependency, never shipped), move for
//! move: over perft trees of positions full of disambiguation, promotions, castling,
//! en passant and checks, and over random games. Shakmaty's SAN also reads back to
//! the same move in Baton.

use baton_engine::rules::legal_move_list;
use baton_engine::{format_move, format_san, parse_san, Position, Variant};
use baton_testkit::Rng;
use shakmaty::san::SanPlus;
use shakmaty::{fen::Fen, CastlingMode, Chess, Position as _};

fn oracle(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("oracle FEN")
        .into_position(CastlingMode::Standard)
        .expect("oracle position")
}

/// Every legal move of `p`: Baton's SAN is shakmaty's, and shakmaty's reads back.
fn compare_node(p: &Position) -> usize {
    let fen = p.fen();
    let theirs = oracle(&fen);
    let their_moves = theirs.legal_moves();
    let ours = legal_move_list(p);
    assert_eq!(ours.len(), their_moves.len(), "move counts in {fen}");
    for m in ours.iter().copied() {
        let uci = format_move(p, m);
        let their = their_moves
            .iter()
            .find(|t| t.to_uci(CastlingMode::Standard).to_string() == uci)
            .unwrap_or_else(|| panic!("shakmaty has no {uci} in {fen}"));
        let expected = SanPlus::from_move(theirs.clone(), *their).to_string();
        assert_eq!(format_san(p, m), expected, "{uci} in {fen}");
        assert_eq!(parse_san(p, &expected), Ok(m), "{expected} in {fen}");
    }
    ours.len()
}

fn compare_tree(p: &Position, depth: u32) -> usize {
    let n = compare_node(p);
    if depth <= 1 {
        return n;
    }
    n + legal_move_list(p)
        .into_iter()
        .map(|m| compare_tree(&p.play(m), depth - 1))
        .sum::<usize>()
}

#[test]
fn chess_san_is_shakmatys_over_perft_trees() {
    let mut moves = 0;
    for (fen, depth) in [
        (Variant::Chess.start_fen(), 3),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            2,
        ),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3),
        ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 3),
        // Queens and knights that need file, rank and both.
        ("7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1", 2),
        ("k7/8/2N1N3/8/2N1N3/8/8/4K3 w - - 0 1", 2),
        ("6k1/5ppp/8/8/8/8/R7/R3K3 w - - 0 1", 2),
    ] {
        let p = Position::from_fen(Variant::Chess, fen).expect("a test FEN");
        moves += compare_tree(&p, depth);
    }
    assert!(moves > 20_000, "{moves} moves compared");
}

#[test]
fn chess_san_is_shakmatys_over_random_games() {
    let mut rng = Rng::new(0x5a4e);
    let mut moves = 0;
    for _ in 0..300 {
        let mut p = Position::startpos(Variant::Chess);
        for _ in 0..200 {
            moves += compare_node(&p);
            let legal = legal_move_list(&p);
            if legal.is_empty() {
                break;
            }
            p = p.play(legal[rng.below(legal.len())]);
        }
    }
    assert!(moves > 1_000_000, "{moves} moves compared");
}
