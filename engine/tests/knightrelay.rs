//! Knight relay chess: one test per rule of the docs/rules.md section (each run for both
//! colors by mirroring the position), the seed page's example, perft from the start
//! against the reference counts, and perft positions at the rule edges whose every
//! node is compared with a naive generator written from the rules alone.

use baton_engine::perft::perft;
use baton_engine::rules::{self, knightrelay, legal_move_list};
use baton_engine::{format_move, Color, Position, Variant};
use baton_testkit::{both_colors, check_perft, knight_leaps, mirror_fen, moves, play};

const V: Variant = Variant::KnightRelay;

fn pos(fen: &str) -> Position {
    baton_testkit::pos(V, fen)
}

/// The legal moves of the piece on `from`.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Checks that the piece on `from` has exactly the moves `want` (names translated by
/// `m`).
fn assert_moves(p: &Position, m: &dyn Fn(&str) -> String, from: &str, want: &[&str]) {
    assert_eq!(moves_from(p, &m(from)), sorted(want, m), "{from}");
}

fn sorted(v: &[&str], f: &dyn Fn(&str) -> String) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| f(s)).collect();
    v.sort();
    v
}

/// The position seen from the other side: ranks reversed, colors swapped.
fn mirror(fen: &str) -> String {
    mirror_fen(fen, 8)
}

/// Runs a rule test on the position and on its mirror image; `m` maps the square
/// and move names of the original to the position at hand.
fn both(fen: &str, test: impl Fn(&Position, &dyn Fn(&str) -> String)) {
    both_colors(V, fen, test);
}

// ---- the seed page's example -------------------------------------------------------

/// The diagram: White Ke1, Qa3, Nb7, Nd4, Pe6; Black Kd8, Nc3, Nc2, Pa5.
const SEED: &str = "3k4/1N6/4P3/p7/3N4/Q1n5/2n5/4K3 w - - 0 1";

#[test]
fn seed_example_pawn_e6_moves_as_the_page_lists() {
    both(SEED, |p, m| {
        // Forward to e7; by the d4 knight's relay to c7, c5, g7, g5 and f4, but not to
        // d8 or f8 (the last rank); d7 and f7 are empty, so no capture.
        assert_moves(
            p,
            m,
            "e6",
            &["e6e7", "e6c7", "e6c5", "e6g7", "e6g5", "e6f4"],
        );
    });
}

#[test]
fn seed_example_nobody_is_in_check() {
    both(SEED, |p, m| {
        let us = p.side();
        // The e6 pawn's relay does not reach d8, the b7 knight gives no check, and the
        // c2 knight gives none to the white king.
        assert!(!rules::in_check(p, us.other()));
        assert!(!rules::in_check(p, us));
        let all = moves(p);
        // The b7 knight cannot take the a5 pawn, the queen cannot take the c3 knight.
        assert!(!all.contains(&m("b7a5")));
        assert!(!all.contains(&m("a3c3")));
    });
}

/// Every move after which the opponent is checkmated.
fn mates_in_one(p: &Position) -> Vec<String> {
    let mut mates: Vec<String> = legal_move_list(p)
        .iter()
        .filter(|&&mv| {
            let after = p.play(mv);
            legal_move_list(&after).is_empty() && rules::in_check(&after, after.side())
        })
        .map(|&mv| format_move(p, mv))
        .collect();
    mates.sort();
    mates
}

/// The page names Qd6; Qf8 mates too: the king's c7 flight is covered by the e6
/// pawn's relayed leap, d7 by the pawn, c8, e8 and e7 by the queen.
#[test]
fn seed_example_qd6_mates_and_so_does_qf8() {
    both(SEED, |p, m| {
        assert_eq!(mates_in_one(p), sorted(&["a3d6", "a3f8"], m));
        let after = play(p, &m("a3d6"));
        // c8 and e8 are covered only by the queen's leap relayed by the b7 knight.
        assert!(knightrelay::relay_attackers(
            &after,
            after.tables().parse_square(&m("c8")).unwrap(),
            p.side()
        )
        .any());
        let outcome = rules::terminal(&after).expect("the game is over");
        assert_eq!(outcome.reason, "checkmate");
    });
}

// ---- the rules, one test each --------------------------------------------------------

#[test]
fn relayed_pieces_move_and_capture_like_a_knight() {
    // The b2 knight defends the d3 rook and the c4 pawn.
    both("4k3/8/3b4/2p5/2P5/3R4/1N6/4K3 w - - 0 1", |p, m| {
        let rook = moves_from(p, &m("d3"));
        for leap in ["d3b4", "d3c1", "d3c5", "d3e5", "d3f2", "d3f4"] {
            assert!(rook.contains(&m(leap)), "{leap} missing: {rook:?}");
        }
        assert_eq!(rook.len(), 12 + 6);
        // The pawn leaps anywhere but onto its own pieces, capturing on d6.
        assert_moves(
            p,
            m,
            "c4",
            &["c4a3", "c4a5", "c4b6", "c4d2", "c4d6", "c4e3", "c4e5"],
        );
    });
}

#[test]
fn kings_and_knights_gain_no_relay() {
    // The d3 knight defends the king and the f2 knight: neither leaps any further.
    both("k7/8/8/8/8/3N3r/5N2/4K3 w - - 0 1", |p, m| {
        assert_moves(p, m, "e1", &["e1d1", "e1d2", "e1e2", "e1f1"]);
        assert_moves(p, m, "f2", &["f2d1", "f2h1", "f2e4", "f2g4"]);
    });
}

#[test]
fn relay_is_judged_before_the_move() {
    both("4k3/8/8/8/8/3R4/1N6/4K3 w - - 0 1", |p, m| {
        // Leaping away from the relaying knight is fine.
        assert!(moves(p).contains(&m("d3f4")));
        // Once the knight has left, the rook leaps no more.
        let q = play(&play(p, &m("b2a4")), &m("e8f7"));
        assert!(!moves(&q).contains(&m("d3f4")));
    });
    // The h3 rook is unguarded: no leap. Moving under the b2 knight's guard, it leaps
    // from its next move on.
    both("4k3/8/8/8/8/7R/1N6/4K3 w - - 0 1", |p, m| {
        assert!(!moves(p).contains(&m("h3f4")));
        let q = play(&play(p, &m("h3d3")), &m("e8f7"));
        assert!(moves(&q).contains(&m("d3f4")));
    });
}

#[test]
fn pinned_knight_still_relays() {
    // The e2 knight is pinned by the e8 rook and cannot move, yet the g3 bishop leaps.
    both("4r1k1/8/8/8/8/6B1/4N3/4K3 w - - 0 1", |p, m| {
        assert!(moves_from(p, &m("e2")).is_empty());
        let bishop = moves_from(p, &m("g3"));
        for leap in ["g3e4", "g3f1", "g3f5", "g3h1", "g3h5"] {
            assert!(bishop.contains(&m(leap)), "{leap} missing: {bishop:?}");
        }
    });
    // And the relayed rook gives check through the pinned knight's relay.
    both("4r3/8/8/5k2/8/6R1/4N3/4K3 b - - 0 1", |p, m| {
        assert!(rules::in_check(p, p.side()));
        let king = moves_from(p, &m("f5"));
        assert!(!king.contains(&m("f5e4")), "e4 is leapt to: {king:?}");
        assert!(king.contains(&m("f5f4")));
    });
}

#[test]
fn knights_cannot_capture() {
    both("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", |p, m| {
        let knight = moves_from(p, &m("e3"));
        assert!(!knight.contains(&m("e3d5")));
        assert_eq!(knight.len(), 7);
    });
}

#[test]
fn knights_cannot_be_captured() {
    // Not by the queen, the king, a pawn, nor a relayed leap (the b1 knight relays the
    // d2 rook, whose leap to f3 would land on a knight).
    both("4k3/8/8/8/3n4/2P2n2/3R4/1N1QK3 w - - 0 1", |p, m| {
        let all = moves(p);
        for no in ["d1d2", "c3d4", "d2f3", "e1d2", "d2d4"] {
            assert!(!all.contains(&m(no)), "{no} captures a knight: {all:?}");
        }
        assert!(all.contains(&m("d2b3")), "the rook is relayed: {all:?}");
    });
    both("4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1", |p, m| {
        let all = moves(p);
        assert!(!all.contains(&m("d1d2")) && !all.contains(&m("e1d2")));
    });
}

#[test]
fn knights_give_no_check() {
    // Knights on c2 and e2 are a knight's move from the d4 king; it may step next to
    // them, and onto squares they jump to.
    both("8/8/8/8/3k4/8/2N1N3/4K3 b - - 0 1", |p, m| {
        assert!(!rules::in_check(p, p.side()));
        let king = moves_from(p, &m("d4"));
        for step in ["d4d3", "d4c3", "d4e3", "d4e4", "d4c4"] {
            assert!(king.contains(&m(step)), "{step} missing: {king:?}");
        }
    });
}

#[test]
fn knights_block_lines() {
    // The e4 knight shields the king from the e8 rook (and, pinned, stays put).
    both("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1", |p, m| {
        assert!(!rules::in_check(p, p.side()));
        assert!(moves_from(p, &m("e4")).is_empty());
    });
    // An enemy knight stops a rook's move without being capturable.
    both("4k3/8/8/8/8/8/8/R1n1K3 w - - 0 1", |p, m| {
        let rook = moves_from(p, &m("a1"));
        assert!(rook.contains(&m("a1b1")));
        assert!(!rook.contains(&m("a1c1")) && !rook.contains(&m("a1d1")));
    });
}

#[test]
fn pawns_never_relay_onto_rank_1_or_8() {
    // The c6 knight relays the e7 pawn, the a4 knight the c3 pawn.
    both("7k/4P3/2N5/8/N7/2P5/8/4K3 w - - 0 1", |p, m| {
        let seventh = sorted(
            &["e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7g6", "e7d5", "e7f5"],
            m,
        );
        assert_eq!(moves_from(p, &m("e7")), seventh);
        assert_moves(
            p,
            m,
            "c3",
            &["c3c4", "c3a2", "c3e2", "c3b5", "c3d5", "c3e4"],
        );
    });
}

#[test]
fn pawns_do_not_attack_rank_1_or_8_by_relay() {
    // The e4 knight relays the f6 pawn: no check to a king on e8 ...
    both("4k3/8/5P2/8/4N3/8/8/4K3 b - - 0 1", |p, _| {
        assert!(!rules::in_check(p, p.side()));
    });
    // ... but a check to one on d7.
    both("8/3k4/5P2/8/4N3/8/8/4K3 b - - 0 1", |p, _| {
        assert!(rules::in_check(p, p.side()));
    });
    // A king on f8 may step to e8 and g8 (not to e7 or g7, which the pawn takes).
    both("5k2/8/5P2/8/4N3/8/8/4K3 b - - 0 1", |p, m| {
        let king = moves_from(p, &m("f8"));
        assert_eq!(king, sorted(&["f8e8", "f8f7", "f8g8"], m));
    });
}

#[test]
fn pawn_on_its_second_rank_may_double_step() {
    // The a5 knight relays the c4 pawn back to d2; from there it double-steps.
    both("4k3/8/8/N7/2P5/8/8/4K3 w - - 0 1", |p, m| {
        let q = play(&play(p, &m("c4d2")), &m("e8d8"));
        assert!(moves(&q).contains(&m("d2d4")));
    });
}

#[test]
fn no_en_passant() {
    both("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", |p, m| {
        let q = play(p, &m("e2e4"));
        assert_eq!(q.fen().split(' ').nth(3), Some("-"));
        assert!(!moves(&q).contains(&m("d4e3")));
    });
    // An en-passant square in a FEN is dropped.
    let p = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert_eq!(p.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert!(!moves(&p).contains(&"d4e3".to_string()));
}

#[test]
fn relayed_attacks_count_for_check() {
    // The a3 knight relays the c4 bishop: the e7 king may not step to d6.
    both("8/4k3/8/8/2B5/N7/8/4K3 b - - 0 1", |p, m| {
        assert!(!rules::in_check(p, p.side()));
        assert_moves(p, m, "e7", &["e7d7", "e7d8", "e7e8", "e7f6", "e7f8"]);
    });
    // On d6 the king is in check by the bishop's leap.
    both("8/8/3k4/8/2B5/N7/8/4K3 b - - 0 1", |p, _| {
        assert!(rules::in_check(p, p.side()));
    });
}

#[test]
fn relayed_check_met_only_by_blocking() {
    // The b8 rook checks along the rank; g7 is covered by the h5 pawn's relayed leap
    // (the f4 knight), so the king cannot move; nothing takes the rook. Black blocks
    // with the rook (d8, or c8 and e8 by its leap relayed by the f5 knight) or with the
    // e6 knight (knights block).
    both("1R5k/7p/3rn3/5n1P/5N2/8/8/K7 b - - 0 1", |p, m| {
        assert!(rules::in_check(p, p.side()));
        assert_eq!(
            moves(p),
            sorted(&["d6c8", "d6d8", "d6e8", "e6d8", "e6f8"], m)
        );
    });
    // Without the relaying f4 knight, g7 is a flight square.
    both("1R5k/7p/3rn3/5n1P/8/8/8/K7 b - - 0 1", |p, m| {
        assert!(moves(p).contains(&m("h8g7")));
    });
}

#[test]
fn castling_not_through_or_into_a_relayed_attack() {
    // The f3 knight relays the h2 rook, whose leap covers f1.
    both("4k3/8/8/8/8/5n2/6Pr/R3K2R w KQ - 0 1", |p, m| {
        let king = moves_from(p, &m("e1"));
        assert!(!king.contains(&m("e1g1")));
        assert!(king.contains(&m("e1c1")));
    });
    // Without the knight there is no relay: both castlings.
    both("4k3/8/8/8/8/8/6Pr/R3K2R w KQ - 0 1", |p, m| {
        let king = moves_from(p, &m("e1"));
        assert!(king.contains(&m("e1g1")) && king.contains(&m("e1c1")));
    });
    // The f4 knight relays the h3 rook, whose leap covers g1.
    both("4k3/8/8/8/5n2/7r/8/R3K2R w KQ - 0 1", |p, m| {
        let king = moves_from(p, &m("e1"));
        assert!(!king.contains(&m("e1g1")));
        assert!(king.contains(&m("e1c1")));
    });
    // Not out of a relayed check either: the f4 knight relays the d3 rook onto e1.
    both("4k3/8/8/8/5n2/3r4/8/R3K2R w KQ - 0 1", |p, m| {
        assert!(rules::in_check(p, p.side()));
        let king = moves_from(p, &m("e1"));
        assert!(!king.contains(&m("e1g1")) && !king.contains(&m("e1c1")));
    });
}

#[test]
fn promotion_to_queen_rook_bishop_or_knight() {
    both("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", |p, m| {
        assert_moves(p, m, "b7", &["b7b8b", "b7b8n", "b7b8q", "b7b8r"]);
    });
}

#[test]
fn promoted_knight_relays_at_once() {
    // A new knight on b8 relays the d7 rook, whose leap checks the f6 king.
    both("8/1P1R4/5k2/8/8/8/8/4K3 w - - 0 1", |p, m| {
        assert!(rules::in_check(&play(p, &m("b7b8n")), p.side().other()));
        assert!(!rules::in_check(&play(p, &m("b7b8q")), p.side().other()));
    });
}

#[test]
fn only_kings_and_knights_is_a_draw() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1",
        "n3k3/8/8/3n4/8/2N5/8/3NK3 w - - 0 1",
    ] {
        assert!(rules::insufficient_material(&pos(fen)), "{fen}");
    }
    for fen in [
        "4k3/8/8/3n4/8/2N5/4P3/4K3 w - - 0 1",
        "4k3/8/8/3n4/8/2N5/8/3BK3 w - - 0 1",
    ] {
        assert!(!rules::insufficient_material(&pos(fen)), "{fen}");
    }
}

#[test]
fn fen_round_trips() {
    let mut fens = vec![V.start_fen().to_string(), SEED.to_string()];
    fens.extend(EDGES.iter().map(|(f, _)| f.to_string()));
    for fen in fens {
        for f in [fen.clone(), mirror(&fen)] {
            let p = pos(&f);
            assert_eq!(p.fen(), f);
            assert_eq!(p.hash(), p.compute_hash());
        }
    }
}

// ---- perft ----------------------------------------------------------------------------

#[test]
fn start_position_reference_counts() {
    check_perft(
        &Position::startpos(V),
        &[28, 784, 24044],
        "knightrelay start",
    );
}

#[test]
fn start_position_depths_4_and_5() {
    let p = Position::startpos(V);
    assert_eq!(perft(&p, 4), 727_219);
    assert_eq!(perft(&p, 5), 23_788_531);
}

/// Positions at the rule edges with Baton's perft counts (depths 1..). Each is also
/// checked node by node against the naive generator and against its mirror image.
const EDGES: [(&str, &[u64]); 7] = [
    // Relays along the board edge: knights on the a- and h-files relay queens and
    // pawns on the b- and g-files, rooks in the corners.
    (
        "rq2k2r/8/n6n/1P4P1/1p4p1/N6N/8/RQ2K2R w KQkq - 0 1",
        &[40, 1455, 55510, 2042417],
    ),
    // A pinned knight (e2, by the e8 rook) still relays the g3 queen.
    (
        "k3r3/1p6/8/8/8/6Q1/4N3/4K2R w K - 0 1",
        &[40, 531, 20317, 267662],
    ),
    // A relayed check met only by blocking (see relayed_check_met_only_by_blocking).
    (
        "1R5k/7p/3rn3/5n1P/5N2/8/8/K7 b - - 0 1",
        &[5, 117, 2994, 64906],
    ),
    // Castling through and into relayed attacks, both sides.
    (
        "r3k2r/8/8/8/5n2/7r/6P1/R3K2R w KQkq - 0 1",
        &[22, 882, 18772, 703532],
    ),
    // Promotion to a knight that relays at once (and a black promotion on g1).
    (
        "8/1P1R4/5k2/8/8/8/6p1/4K3 w - - 0 1",
        &[20, 179, 3384, 33939],
    ),
    // The seed page's example.
    (SEED, &[31, 394, 12344, 159933]),
    // A middlegame with relays on both sides.
    (
        "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 1",
        &[43, 2297, 99794, 5071078],
    ),
];

#[test]
fn edge_positions_perft() {
    for (fen, counts) in EDGES {
        let p = pos(fen);
        let q = pos(&mirror(fen));
        for (i, &n) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&p, depth), n, "perft {depth} of {fen}");
            assert_eq!(perft(&q, depth), n, "perft {depth} of the mirror of {fen}");
        }
    }
}

#[test]
fn edge_positions_agree_with_a_naive_generator() {
    let mut fens: Vec<String> = EDGES.iter().map(|(f, _)| f.to_string()).collect();
    fens.push(V.start_fen().to_string());
    for fen in fens {
        for f in [fen.clone(), mirror(&fen)] {
            naive::agree(&pos(&f), 3);
        }
    }
}

/// The same one ply deeper (about half a minute): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn edge_positions_agree_with_a_naive_generator_deeper() {
    let mut fens: Vec<String> = EDGES.iter().map(|(f, _)| f.to_string()).collect();
    fens.push(V.start_fen().to_string());
    for fen in fens {
        naive::agree(&pos(&fen), 4);
    }
}

/// Long pseudo-random games (a fixed generator, so always the same games) reach
/// promotions, new knights and crowded relays; every position is compared.
#[test]
fn random_games_agree_with_a_naive_generator() {
    let mut rng = baton_testkit::Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut promotions = 0;
    for _ in 0..40 {
        let mut p = Position::startpos(V);
        for _ in 0..200 {
            naive::agree(&p, 1);
            let list = legal_move_list(&p);
            if list.is_empty() || rules::insufficient_material(&p) {
                break;
            }
            let m = list[rng.below(list.len())];
            if m.promotion.is_some() {
                promotions += 1;
            }
            p = p.play(m);
            assert_eq!(pos(&p.fen()).fen(), p.fen());
        }
    }
    assert!(promotions > 10, "only {promotions} promotions");
}

/// A slow generator written straight from the rules: square by square, every move
/// tried on a copy of the board and kept when its own king is not attacked.
mod naive {
    use super::*;
    use baton_engine::Role;

    type Board = [[Option<(Color, Role)>; 8]; 8];
    /// The knight leaps in this module's coordinates.
    fn leaps() -> impl Iterator<Item = (i8, i8)> {
        knight_leaps()
            .into_iter()
            .map(|(df, dr)| (df as i8, dr as i8))
    }

    fn on(f: i8, r: i8) -> bool {
        (0..8).contains(&f) && (0..8).contains(&r)
    }

    fn board(p: &Position) -> Board {
        let t = p.tables();
        let mut b: Board = [[None; 8]; 8];
        for f in 0..8u8 {
            for r in 0..8u8 {
                b[f as usize][r as usize] =
                    p.piece_at(t.square(f, r)).map(|pc| (pc.color, pc.role));
            }
        }
        b
    }

    fn relayed(b: &Board, f: i8, r: i8) -> bool {
        let Some((c, role)) = b[f as usize][r as usize] else {
            return false;
        };
        if matches!(role, Role::King | Role::Knight) {
            return false;
        }
        leaps().any(|(df, dr)| {
            on(f + df, r + dr) && b[(f + df) as usize][(r + dr) as usize] == Some((c, Role::Knight))
        })
    }

    fn slides(b: &Board, f: i8, r: i8, dirs: &[(i8, i8)]) -> Vec<(i8, i8)> {
        let mut out = vec![];
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while on(x, y) {
                out.push((x, y));
                if b[x as usize][y as usize].is_some() {
                    break;
                }
                x += df;
                y += dr;
            }
        }
        out
    }

    const ORTH: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    /// Squares the piece on (f, r) attacks.
    fn attacks(b: &Board, f: i8, r: i8) -> Vec<(i8, i8)> {
        let Some((c, role)) = b[f as usize][r as usize] else {
            return vec![];
        };
        let mut out = match role {
            Role::Knight => return vec![],
            Role::King => ORTH
                .iter()
                .chain(DIAG.iter())
                .map(|&(df, dr)| (f + df, r + dr))
                .collect(),
            Role::Pawn => {
                let dr = if c == Color::White { 1 } else { -1 };
                vec![(f - 1, r + dr), (f + 1, r + dr)]
            }
            Role::Bishop => slides(b, f, r, &DIAG),
            Role::Rook => slides(b, f, r, &ORTH),
            _ => {
                let mut v = slides(b, f, r, &DIAG);
                v.extend(slides(b, f, r, &ORTH));
                v
            }
        };
        if relayed(b, f, r) {
            for (df, dr) in leaps() {
                let (x, y) = (f + df, r + dr);
                if role != Role::Pawn || (y != 0 && y != 7) {
                    out.push((x, y));
                }
            }
        }
        out.retain(|&(x, y)| on(x, y));
        out
    }

    fn attacked(b: &Board, sq: (i8, i8), by: Color) -> bool {
        (0..8).any(|f| {
            (0..8).any(|r| {
                matches!(b[f as usize][r as usize], Some((c, _)) if c == by)
                    && attacks(b, f, r).contains(&sq)
            })
        })
    }

    fn king(b: &Board, c: Color) -> (i8, i8) {
        for f in 0..8 {
            for r in 0..8 {
                if b[f as usize][r as usize] == Some((c, Role::King)) {
                    return (f, r);
                }
            }
        }
        panic!("no king");
    }

    fn name(f: i8, r: i8) -> String {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    /// Every legal move as text.
    pub fn legal(p: &Position) -> Vec<String> {
        let b = board(p);
        let us = p.side();
        let them = us.other();
        // A square a piece may go to: empty, or an enemy that is not a knight.
        let open = |x: i8, y: i8| match b[x as usize][y as usize] {
            None => true,
            Some((c, role)) => c == them && role != Role::Knight,
        };
        let mut out = vec![];
        let mut try_move = |from: (i8, i8),
                            to: (i8, i8),
                            promo: Option<Role>,
                            rook: Option<((i8, i8), (i8, i8))>| {
            let mut nb = b;
            let piece = nb[from.0 as usize][from.1 as usize].take();
            nb[to.0 as usize][to.1 as usize] = promo.map(|r| (us, r)).or(piece);
            if let Some((rf, rt)) = rook {
                let rk = nb[rf.0 as usize][rf.1 as usize].take();
                nb[rt.0 as usize][rt.1 as usize] = rk;
            }
            if !attacked(&nb, king(&nb, us), them) {
                let mut s = name(from.0, from.1) + &name(to.0, to.1);
                if let Some(r) = promo {
                    s.push(V.role_letter(r).to_ascii_lowercase());
                }
                out.push(s);
            }
        };
        for f in 0..8i8 {
            for r in 0..8i8 {
                let Some((c, role)) = b[f as usize][r as usize] else {
                    continue;
                };
                if c != us {
                    continue;
                }
                let mut targets: Vec<(i8, i8)> = vec![];
                match role {
                    Role::Knight => {
                        for (df, dr) in leaps() {
                            let (x, y) = (f + df, r + dr);
                            if on(x, y) && b[x as usize][y as usize].is_none() {
                                targets.push((x, y));
                            }
                        }
                    }
                    Role::Pawn => {
                        let dr = if us == Color::White { 1 } else { -1 };
                        let last = if us == Color::White { 7 } else { 0 };
                        let second = if us == Color::White { 1 } else { 6 };
                        let mut pawn_to = |x: i8, y: i8| {
                            if y == last {
                                for pr in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                                    try_move((f, r), (x, y), Some(pr), None);
                                }
                            } else {
                                try_move((f, r), (x, y), None, None);
                            }
                        };
                        if on(f, r + dr) && b[f as usize][(r + dr) as usize].is_none() {
                            pawn_to(f, r + dr);
                            if r == second && b[f as usize][(r + 2 * dr) as usize].is_none() {
                                pawn_to(f, r + 2 * dr);
                            }
                        }
                        for x in [f - 1, f + 1] {
                            if on(x, r + dr)
                                && b[x as usize][(r + dr) as usize].is_some()
                                && open(x, r + dr)
                            {
                                pawn_to(x, r + dr);
                            }
                        }
                        if relayed(&b, f, r) {
                            for (df, dr) in leaps() {
                                let (x, y) = (f + df, r + dr);
                                if on(x, y) && y != 0 && y != 7 && open(x, y) {
                                    targets.push((x, y));
                                }
                            }
                        }
                    }
                    Role::King => {
                        for (df, dr) in ORTH.iter().chain(DIAG.iter()) {
                            targets.push((f + df, r + dr));
                        }
                        let rank = if us == Color::White { 0 } else { 7 };
                        let (kside, qside) = if us == Color::White { (1, 2) } else { (4, 8) };
                        let empty =
                            |xs: &[i8]| xs.iter().all(|&x| b[x as usize][rank as usize].is_none());
                        let safe = |xs: &[i8]| xs.iter().all(|&x| !attacked(&b, (x, rank), them));
                        if (f, r) == (4, rank) {
                            if p.castling() & kside != 0 && empty(&[5, 6]) && safe(&[4, 5, 6]) {
                                try_move((4, rank), (6, rank), None, Some(((7, rank), (5, rank))));
                            }
                            if p.castling() & qside != 0 && empty(&[1, 2, 3]) && safe(&[4, 3, 2]) {
                                try_move((4, rank), (2, rank), None, Some(((0, rank), (3, rank))));
                            }
                        }
                    }
                    _ => {
                        // Sliders: their lines, and their leaps when relayed.
                        targets = attacks(&b, f, r);
                    }
                }
                for (x, y) in targets {
                    if on(x, y) && open(x, y) {
                        try_move((f, r), (x, y), None, None);
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// Compares Baton's legal moves with the naive ones at every node to `depth`.
    pub fn agree(p: &Position, depth: u32) {
        assert_eq!(moves(p), legal(p), "moves of {}", p.fen());
        let b = board(p);
        assert_eq!(
            rules::in_check(p, p.side()),
            attacked(&b, king(&b, p.side()), p.side().other()),
            "check in {}",
            p.fen()
        );
        assert_eq!(p.hash(), p.compute_hash(), "hash of {}", p.fen());
        if depth > 1 {
            for m in legal_move_list(p) {
                agree(&p.play(m), depth - 1);
            }
        }
    }
}

/// A shuttle of relayed pawn leaps (White c4-d2-c4 relayed by the knights on a3 and b1,
/// Black f6-e4-f6 by those on g8 and d6): every turn is a pawn move, so the 50-move
/// clock is always 0, yet the positions recur.
const SHUTTLE: &str = "4k1n1/8/3n1p2/8/2P5/N7/8/1N2K3 w - - 0 1";
const SHUTTLE_TURNS: [&str; 4] = ["c4d2", "f6e4", "d2c4", "e4f6"];

#[test]
fn repetition_looks_back_past_pawn_moves_so_the_relay_shuttle_is_drawn_by_threefold_repetition() {
    let mut game = baton_engine::Game::new(pos(SHUTTLE));
    for (i, text) in SHUTTLE_TURNS.iter().cycle().take(8).enumerate() {
        assert_eq!(game.outcome(), None, "ply {i}");
        game.play_text(text).expect("legal");
        assert_eq!(
            game.position().halfmove(),
            0,
            "a pawn move resets the clock"
        );
    }
    assert_eq!(game.repetitions(), 3);
    let o = game.outcome().expect("over");
    assert_eq!(o.winner, None);
    assert_eq!(o.reason, "threefold repetition");
}

#[test]
fn a_relayed_pawn_leap_that_undoes_a_pawn_move_repeats_the_position_before_it() {
    // 1. Nc3 Nf6 2. Nf3 Ng8: the pawn on e2 is relayed by c3 (to d4), and on d4 by f3
    // (back to e2). The position after 2. Nf3 stands again after 4. d4e2 and a third
    // time after 6. d4e2, although each of those turns is a pawn move.
    let mut game = baton_engine::Game::startpos(V);
    for text in ["b1c3", "g8f6", "g1f3", "f6g8"] {
        game.play_text(text).expect("legal");
    }
    let turns = ["e2d4", "g8f6", "d4e2", "f6g8"];
    for (i, text) in turns.iter().cycle().take(7).enumerate() {
        assert_eq!(game.outcome(), None, "ply {i}");
        game.play_text(text).expect("legal");
    }
    assert_eq!(game.position().halfmove(), 0);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome().expect("over").reason, "threefold repetition");
    // A capture is irreversible: nothing before it can recur.
    let mut game = baton_engine::Game::new(pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"));
    game.play_text("e4d5").expect("legal");
    assert_eq!(game.repetitions(), 1);
}
