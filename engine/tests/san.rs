//! SAN in every variant: every legal move's SAN reads back to that move and no other,
//! over whole perft trees and random games; the written forms of each variant; the
//! reader's tolerance and its refusals.

use baton_engine::rules::{in_check, legal_move_list};
use baton_engine::{format_move, format_san, parse_san, MoveError, Position, Variant};
use baton_testkit::position::{mv, play, pos};
use baton_testkit::Rng;

/// Every legal move of `p`: its SAN reads back to it, the SANs are distinct, the text
/// without its check mark reads back too, and `+`/`#` say what the position says.
fn check_node(p: &Position) -> usize {
    let legal = legal_move_list(p);
    let mut texts = std::collections::BTreeSet::new();
    for &m in &legal {
        let san = format_san(p, m);
        let at = || format!("{san} ({}) in {}", format_move(p, m), p.fen());
        assert_eq!(parse_san(p, &san), Ok(m), "{}", at());
        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(parse_san(p, bare), Ok(m), "bare {}", at());
        assert!(texts.insert(san.clone()), "two moves write {}", at());
        let child = p.play(m);
        let check = p.variant().has_check() && in_check(&child, child.side());
        let mate = check && legal_move_list(&child).is_empty();
        assert_eq!(san.ends_with('+'), check && !mate, "check mark {}", at());
        assert_eq!(san.ends_with('#'), mate, "mate mark {}", at());
    }
    legal.len()
}

/// Checks every node of the perft tree of `p` to `depth` (the leaves' moves included);
/// returns how many moves were checked.
fn check_tree(p: &Position, depth: u32) -> usize {
    let n = check_node(p);
    if depth <= 1 {
        return n;
    }
    legal_move_list(p)
        .into_iter()
        .map(|m| check_tree(&p.play(m), depth - 1))
        .sum::<usize>()
        + n
}

/// Random games from `p`, every node checked.
fn check_random_games(p: &Position, games: usize, plies: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut q = p.clone();
        for _ in 0..plies {
            checked += check_node(&q);
            let legal = legal_move_list(&q);
            if legal.is_empty() {
                break;
            }
            q = q.play(legal[rng.below(legal.len())]);
        }
    }
    checked
}

/// In `fen`, each move `(coordinates, san)` is written as `san`.
fn writes(v: Variant, fen: &str, moves: &[(&str, &str)]) {
    let p = pos(v, fen);
    for &(coordinates, san) in moves {
        let written = format_san(&p, mv(&p, coordinates));
        assert_eq!(written, san, "{coordinates} in {fen}");
    }
}

/// `text` reads as the move `coordinates` in `fen`.
fn reads(v: Variant, fen: &str, text: &str, coordinates: &str) {
    let p = pos(v, fen);
    assert_eq!(
        parse_san(&p, text),
        Ok(mv(&p, coordinates)),
        "{text} in {fen}"
    );
}

// ---- whole trees and random games, every variant ----------------------------------

#[test]
fn chess_trees_round_trip() {
    let v = Variant::Chess;
    for (fen, depth) in [
        (v.start_fen(), 3),
        // Castling both ways, promotions, en passant, pins, checks.
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3),
        ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 3),
        // Three queens that need file, rank and both to tell apart.
        ("7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1", 2),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            2,
        ),
    ] {
        assert!(check_tree(&pos(v, fen), depth) > 0);
    }
}

/// The start position's tree to depth 3 and each of `fens`' to depth 2 round-trip,
/// and so do 20 random games of `v` (seeded by `seed`).
fn trees_round_trip(v: Variant, fens: &[&str], seed: u64) {
    check_tree(&Position::startpos(v), 3);
    for fen in fens {
        check_tree(&pos(v, fen), 2);
    }
    check_random_games(&Position::startpos(v), 20, 80, seed);
}

/// The positions of each variant whose trees are checked past the start position's,
/// and the seed of its random games.
const TREES: [(Variant, &[&str], u64); 3] = [
    // Commoners, promotions to a commoner, castling by the royal knight.
    (
        Variant::Knightmate,
        &["r3k2r/pPp1pp1p/8/3MM3/8/8/P1PP1PpP/R3K2R w KQkq - 0 1"],
        0x6b6d,
    ),
    (
        Variant::KnightRelay,
        &[
            "rq2k2r/8/n6n/1P4P1/1p4p1/N6N/8/RQ2K2R w KQkq - 0 1",
            "k3r3/1p6/8/8/8/6Q1/4N3/4K2R w K - 0 1",
            "1R5k/7p/3rn3/5n1P/5N2/8/8/K7 b - - 0 1",
            "r3k2r/8/8/8/5n2/7r/6P1/R3K2R w KQkq - 0 1",
            // Pawns relayed by knights: leaps that a plain pawn move also reaches.
            "4k3/8/8/2P1P3/1N6/3P4/8/4K3 w - - 0 1",
        ],
        0x6b72,
    ),
    (
        Variant::CombiningKnightmare,
        &[
            "r1b1k2r/ppp2ppp/2(Nq)1(Bn)3/3p4/1b1P4/2(Rb)1P3/PP3PPP/R3K1NR w KQkq - 0 10 c3",
            "r3k2r/pp3ppp/2(Qn)5/3(Bb)4/5(Rr)2/2N5/PP3PPP/R3K2R b KQkq - 3 12 f4",
            "4k3/1P4P1/3(Br)4/8/2(Bq)5/8/1p4p1/4K3 w - - 0 40 -",
            "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1",
        ],
        0x636b,
    ),
];

#[test]
fn knightmate_knightrelay_and_combiningknightmare_trees_round_trip() {
    for (v, fens, seed) in TREES {
        trees_round_trip(v, fens, seed);
    }
}

#[test]
fn stones_turns_round_trip() {
    for v in [Variant::StonesRelays, Variant::StonesRelaysTunnel] {
        check_node(&Position::startpos(v));
        check_random_games(&Position::startpos(v), 2, 16, 0x7372);
    }
    for (v, fen) in [
        (
            Variant::StonesRelays,
            "r3k2r/pp3ppp/8/2X1pS2/1S1pX1S1/1SP5/8/PP3PPP/R3K2R w KQkq - 0 1",
        ),
        (Variant::StonesRelays, "kSX5/8/1N1X4/8/8/8/8/8/7K b - - 0 1"),
        (
            Variant::StonesRelaysTunnel,
            "r3k2r/ppp2ppp/3X4/1S2p1G1/1S1pP1S1/1S4G1/2X5/PPP2PPP/R3K2R b KQkq e3e4 0 1",
        ),
    ] {
        check_node(&pos(v, fen));
    }
}

#[test]
fn flip_turns_round_trip() {
    let v = Variant::FlipShatranj8;
    check_node(&Position::startpos(v));
    check_node(&pos(
        v,
        "d1xk3d/p1+pn1p1p/1+Pe+p4/4N+e2/2pX1P2/3+K1+n2/P1P2PPP/+D1E3ND w - - 0 1",
    ));
    check_node(&pos(v, "4k3/1P+P1x3/2+NX4/8/8/4+ep2/3+p2p1/3K4 w - - 0 1"));
    check_random_games(&Position::startpos(v), 6, 60, 0x6638);
    let v = Variant::FlipShatranj;
    check_node(&Position::startpos(v));
    check_random_games(&Position::startpos(v), 3, 40, 0x6631);
}

// ---- the written forms -------------------------------------------------------------

#[test]
fn chess_is_written_as_the_pgn_standard_says() {
    let c = Variant::Chess;
    writes(c, c.start_fen(), &[("g1f3", "Nf3"), ("e2e4", "e4")]);
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    writes(
        c,
        castles,
        &[("e1g1", "O-O"), ("e1c1", "O-O-O"), ("a1a8", "Rxa8+")],
    );
    writes(c, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &[("e5d6", "exd6")]);
    let promo = "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1";
    writes(c, promo, &[("e7e8q", "e8=Q+"), ("e7d8n", "exd8=N")]);
    let queens = "7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1";
    writes(
        c,
        queens,
        &[("d5c4", "Qdc4"), ("b3c4", "Q3c4"), ("b5c4", "Qb5c4")],
    );
    writes(c, "6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1", &[("e1e8", "Re8#")]);
}

#[test]
fn knightmate_names_the_royal_knight_k_and_the_commoner_m() {
    let v = Variant::Knightmate;
    writes(v, v.start_fen(), &[("e1f3", "Kf3")]);
    writes(v, "4k3/8/8/7m/8/8/8/4KM2 w - - 0 1", &[("e1d3", "Kd3")]);
    writes(v, "4k3/8/8/7p/6M1/8/8/4K3 w - - 0 1", &[("g4h5", "Mxh5")]);
    writes(
        v,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[("e1g1", "O-O")],
    );
    writes(v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", &[("a7a8m", "a8=M")]);
}

#[test]
fn knightrelay_writes_a_pawns_relayed_leap_unambiguously() {
    let v = Variant::KnightRelay;
    // The knight on b4 relays the pawn on d3, whose leap to c5 meets c4's push there:
    // both are written from their whole square; moves that share no text stay short.
    let fen = "4k3/8/8/8/1NP5/3P4/8/4K3 w - - 0 1";
    writes(v, fen, &[("d3c5", "d3-c5"), ("c4c5", "c4-c5")]);
    writes(v, fen, &[("d3e5", "e5"), ("d3d4", "d4")]);
    reads(v, fen, "d3-c5", "d3c5");
    let p = pos(v, fen);
    assert_eq!(
        parse_san(&p, "c5"),
        Err(MoveError::Ambiguous("c5".to_string()))
    );
}

#[test]
fn combiningknightmare_writes_fusions_with_a_tilde_and_knightmares_by_two_letters() {
    let v = Variant::CombiningKnightmare;
    let fen = "4k3/8/8/8/8/1n6/8/3QK3 w - - 0 1";
    writes(v, fen, &[("d1b3", "Q~Nb3")]);
    let p = play(&pos(v, fen), "d1b3 e8d8 e1f2 d8e8");
    // White moves the Knightmare as its queen, Black as its knight.
    assert_eq!(format_san(&p, mv(&p, "b3d5")), "QNd5");
    reads(v, fen, "Qxb3", "d1b3");
    reads(v, fen, "Q~b3", "d1b3");
    reads(v, fen, "Q~Nb3", "d1b3");
    let p = pos(v, "4k3/8/8/8/2p5/8/2(Qn)5/6K1 w - - 0 1");
    assert_eq!(format_san(&p, mv(&p, "c2c4")), "QNxc4");
    assert_eq!(parse_san(&p, "NQxc4"), Ok(mv(&p, "c2c4")));
}

#[test]
fn stones_turns_are_written_with_the_neutral_move_after_a_slash() {
    let v = Variant::StonesRelays;
    let start = v.start_fen();
    let turns = [
        ("e2e4", "e4"),
        ("e2e4,d5d6", "e4/Xd5d6"),
        ("g1f3,b4a4", "Nf3/Sb4a4"),
    ];
    writes(v, start, &turns);
    reads(v, start, "e4/d5d6", "e2e4,d5d6");
    reads(v, start, "e2e4,d5d6", "e2e4,d5d6");
    let castle = "r3k2r/pppppppp/8/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    writes(v, castle, &[("e1h1", "O-O"), ("e1a1", "O-O-O")]);
}

#[test]
fn flip_turns_are_written_with_the_flipped_piece_after_a_slash() {
    let v = Variant::FlipShatranj8;
    let start = v.start_fen();
    writes(
        v,
        start,
        &[("e2e4,e4e4", "e4/Pe4"), ("b1c3,a1a1", "Nc3/Da1")],
    );
    reads(v, start, "Nc3/a1", "b1c3,a1a1");
    reads(v, start, "Nc3/Da1", "b1c3,a1a1");
}

// ---- tolerance and refusals ----------------------------------------------------------

#[test]
fn the_reader_is_tolerant_as_pgn_readers_are() {
    let c = Variant::Chess;
    let start = c.start_fen();
    for text in ["Nf3", "Nf3+", "Nf3!?", "Ng1f3", "Ng1-f3", "g1f3", " Nf3 "] {
        reads(c, start, text, "g1f3");
    }
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for text in ["O-O", "0-0", "O-O+", "e1g1"] {
        reads(c, castles, text, "e1g1");
    }
    reads(c, castles, "0-0-0", "e1c1");
    reads(c, castles, "Ra8", "a1a8");
    let promo = "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1";
    for text in ["e8=Q", "e8Q", "e8=q", "e8q", "e7e8q", "e8=Q+"] {
        reads(c, promo, text, "e7e8q");
    }
    reads(c, promo, "ed8N", "e7d8n");
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    for text in ["exd6", "exd6 e.p.", "exd6e.p.", "ed6", "e5d6", "Pxd6"] {
        reads(c, ep, text, "e5d6");
    }
}

#[test]
fn a_text_that_fits_two_moves_is_refused() {
    let c = Variant::Chess;
    let p = pos(c, "7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1");
    assert_eq!(
        parse_san(&p, "Qc4"),
        Err(MoveError::Ambiguous("Qc4".to_string()))
    );
    assert_eq!(
        parse_san(&p, "Qbc4"),
        Err(MoveError::Ambiguous("Qbc4".to_string()))
    );
    let p = pos(c, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert!(matches!(parse_san(&p, "e8"), Err(MoveError::Illegal(_))));
    assert!(matches!(parse_san(&p, "exd8"), Err(MoveError::Illegal(_))));
}

#[test]
fn nonsense_is_an_error_never_a_panic() {
    for v in Variant::ALL {
        let p = Position::startpos(v);
        for text in [
            "",
            "x",
            "Nz9",
            "Q~",
            "~",
            "O-O-O-O",
            "e99",
            "=Q",
            "/",
            "e4/",
            "Nf3/Z",
            "KQRBN",
            "e2e4,",
            "a",
            "1",
            "h",
            "xx4",
            "e8==Q",
            "ñ4",
            "e4/a1a2a3",
        ] {
            let r = parse_san(&p, text);
            assert!(r.is_err(), "{text} read as {r:?} in {}", v.name());
        }
    }
}

#[test]
fn the_examples_of_docs_san_md() {
    let v = Variant::StonesRelays;
    // A rook's null move through the relay on a3, with a stone's step.
    let fen = "4k3/8/8/8/8/8/X7/8/R3K2S w - - 0 1";
    writes(v, fen, &[("a1a1,h1h2", "Ra1/Sh1h2")]);
    let v = Variant::FlipShatranj;
    let fen = "5kk3/3P6/10/10/10/10/10/10/10/4KK4 w - - 0 1";
    writes(v, fen, &[("d9d10n,d10d10", "d10=N/Nd10")]);
    let c = Variant::Chess;
    reads(c, "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1", "Nf3", "g1f3");
}
