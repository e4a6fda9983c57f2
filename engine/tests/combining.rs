//! combiningknightmare: one test per rule of docs/rules.md, for both colors where the rule
//! is symmetric (black cases are the white ones mirrored), the reference perft, perft
//! of positions with several Knightmares (cross-checked by `combining_oracle.rs`),
//! FEN, make/unmake and the page's notation.

use baton_engine::format_san;
use baton_engine::perft::perft;
use baton_engine::rules::{in_check, legal_move_list, terminal};
use baton_engine::{format_move, parse_move, Color, Game, Position, Role, Square, Variant};
use baton_testkit::{
    board_fen, check_perft, mirror_fen, mirror_text, moves, mv, perft_cases, play, Rng,
};

const V: Variant = Variant::CombiningKnightmare;

fn pos(fen: &str) -> Position {
    baton_testkit::pos(V, fen)
}

fn sq(name: &str) -> Square {
    V.geometry().tables().parse_square(name).expect("a square")
}

/// Pieces on the board, each Knightmare counting as two.
fn components(p: &Position) -> usize {
    (p.color_bb(Color::White).count() + p.color_bb(Color::Black).count()) as usize
}

/// The same position with colors swapped and the board turned upside down.
fn mirror(fen: &str) -> String {
    mirror_fen(fen, 8)
}

/// Runs a check on a white-to-move case and on its black mirror image.
fn both_colors(fen: &str, check: impl Fn(&str, &dyn Fn(&str) -> String, Color)) {
    check(fen, &|m| m.to_string(), Color::White);
    check(&mirror(fen), &|m| mirror_text(m, 8), Color::Black);
}

/// For both colors: the moves `legal` are legal in `fen`, the moves `illegal` are not.
fn legal_both(fen: &str, legal: &[&str], illegal: &[&str]) {
    both_colors(fen, |fen, mv, _| {
        let m = moves(&pos(fen));
        for x in legal {
            assert!(m.contains(&mv(x)), "{x} legal in {fen}: {m:?}");
        }
        for x in illegal {
            assert!(!m.contains(&mv(x)), "{x} illegal in {fen}: {m:?}");
        }
    });
}

/// For both colors, each of `texts` leaves nothing of the opponent's on its target;
/// then `check` runs on the position after it.
fn leaves_nothing_of_theirs(fen: &str, texts: &[&str], check: impl Fn(&Position, Square, Color)) {
    for text in texts {
        after_both(fen, text, |after, to, us, _| {
            assert!(after.role_at(us.other(), to).is_none(), "{text}");
            check(after, to, us);
        });
    }
}

/// Plays `text` (White's move; mirrored for Black) from `fen` for both colors and runs
/// `check` on the position after it, with the target square, the mover and the
/// move-text translation.
fn after_both(
    fen: &str,
    text: &str,
    check: impl Fn(&Position, Square, Color, &dyn Fn(&str) -> String),
) {
    both_colors(fen, |fen, mv, us| {
        let m = mv(text);
        check(&play(&pos(fen), &m), sq(&m[2..4]), us, mv);
    });
}

// ---- perft ------------------------------------------------------------------------

#[test]
fn start_position_reference_perft() {
    let start = Position::startpos(V);
    check_perft(&start, &[20, 400, 8902], "start (docs/rules.md reference)");
}

/// Depth 4 equals chess (no rule difference bites yet); depth 5 is 58 below chess's
/// 4865609: fusions that cannot lift a check (Rxh4 against Qh4+) and bishops that
/// cannot leave a6 because the fused black knight would then check their king.
#[test]
fn start_position_depths_4_and_5() {
    let p = Position::startpos(V);
    assert_eq!(perft(&p, 4), 197_281);
    assert_eq!(perft(&p, 5), 4_865_551);
}

#[test]
fn perft_of_positions_with_several_knightmares() {
    let cases = perft_cases(include_str!("data/combining.epd"));
    assert_eq!(cases.len(), 6);
    for case in cases {
        let (fen, counts) = (case.fen.as_str(), case.counts);
        check_perft(&pos(fen), &counts, fen);
        // The mirror image must count the same.
        let m = pos(&mirror(fen));
        assert_eq!(perft(&m, 3), counts[2], "perft 3 of the mirror of {fen}");
    }
}

// ---- fusion -----------------------------------------------------------------------

#[test]
fn fusion_of_each_pair_of_regular_types() {
    let letters = [
        ('N', Role::Knight, "e6"),
        ('B', Role::Bishop, "f6"),
        ('R', Role::Rook, "d7"),
        ('Q', Role::Queen, "f6"),
    ];
    for (mover, mover_role, target) in letters {
        for (victim, victim_role, _) in letters {
            let fen = format!(
                "{} w - - 7 20",
                board_fen(
                    V,
                    &[
                        ("b1", "K"),
                        ("g8", "k"),
                        ("d4", &mover.to_string()),
                        (target, &victim.to_ascii_lowercase().to_string()),
                    ]
                )
            );
            both_colors(&fen, |fen, mv, us| {
                let mv = mv(&format!("d4{target}"));
                let before = pos(fen);
                let after = play(&before, &mv);
                let to = sq(&mv[2..4]);
                assert_eq!(after.role_at(us, to), Some(mover_role), "{mv} in {fen}");
                assert_eq!(after.role_at(us.other(), to), Some(victim_role));
                assert!(after.piece_at(sq(&mv[0..2])).is_none());
                assert!(after.shared().has(to));
                assert_eq!(after.frozen(), Some(to));
                let (w, b) = if us == Color::White {
                    (mover, victim)
                } else {
                    (victim, mover)
                };
                assert!(after
                    .fen()
                    .contains(&format!("({w}{})", b.to_ascii_lowercase())));
                // Nothing left the board.
                assert_eq!(components(&after), components(&before));
            });
        }
    }
}

#[test]
fn regular_pieces_capture_a_knightmare_even_one_holding_their_own_piece() {
    // The knight takes a Knightmare with a white rook in it, the bishop one with a
    // white knight: both components leave either way.
    let fen = "4k3/8/8/3(Rb)4/8/2N4K/1B6/(Nq)7 w - - 0 1";
    leaves_nothing_of_theirs(fen, &["c3d5", "b2a1"], |after, to, _| {
        assert!(!after.shared().has(to));
        assert_eq!(after.frozen(), None);
        assert_eq!(after.halfmove(), 0);
    });
}

/// The piece of `role` playing `text` takes the whole Knightmare (both colors).
fn takes_a_knightmare(fen: &str, text: &str, role: Role) {
    after_both(fen, text, |after, to, us, _| {
        assert_eq!(after.role_at(us, to), Some(role));
        assert_eq!(after.role_at(us.other(), to), None);
        assert_eq!(after.halfmove(), 0);
    });
}

#[test]
fn pawns_capture_a_knightmare() {
    takes_a_knightmare("4k3/8/8/3(Qr)4/4P3/8/8/4K3 w - - 5 30", "e4d5", Role::Pawn);
}

#[test]
fn kings_capture_a_knightmare() {
    takes_a_knightmare("4k3/8/8/8/8/8/3(Bn)4/4K3 w - - 0 1", "e1d2", Role::King);
}

#[test]
fn pawns_and_kings_capture_regular_pieces_without_fusing() {
    let fen = "4k3/8/8/3n4/4P3/8/3n4/4K3 w - - 0 1";
    for text in ["e4d5", "e1d2"] {
        after_both(fen, text, |after, to, us, _| {
            assert!(after.shared().is_empty(), "{text}");
            assert!(after.role_at(us.other(), to).is_none());
        });
    }
}

#[test]
fn regular_pieces_capture_pawns_without_fusing() {
    let fen = "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1";
    after_both(fen, "c3d5", |after, _, us, _| {
        assert!(after.shared().is_empty());
        assert_eq!(after.pieces(us.other(), Role::Pawn).count(), 0);
    });
}

#[test]
fn a_knightmare_captures_enemy_regular_piece_enemy_pawn_or_any_knightmare() {
    // White's queen component on d4; the black knight component travels along.
    let fen = "7k/3r4/1(Rb)3p2/8/3(Qn)4/8/1P1N4/K7 w - - 0 1";
    both_colors(fen, |fen, mv, us| {
        for (m, victims) in [("d4d7", 1), ("d4f6", 1), ("d4b6", 2)] {
            let m = mv(m);
            let before = pos(fen);
            let after = play(&before, &m);
            let to = sq(&m[2..4]);
            assert_eq!(after.role_at(us, to), Some(Role::Queen), "{m}");
            assert_eq!(after.role_at(us.other(), to), Some(Role::Knight), "{m}");
            assert_eq!(components(&after) + victims, components(&before));
            assert_eq!(after.frozen(), Some(to));
            assert_eq!(after.halfmove(), 0);
        }
    });
}

#[test]
fn a_knightmare_never_moves_onto_its_movers_own_piece() {
    let fen = "7k/3r4/1(Rb)3p2/8/3(Qn)4/8/1P1N4/K7 w - - 0 1";
    both_colors(fen, |fen, mv, _| {
        let m = moves(&pos(fen));
        for own in ["d4b2", "d4d2"] {
            assert!(!m.contains(&mv(own)), "{own}");
        }
        assert!(m.contains(&mv("d4c3")));
    });
}

#[test]
fn knightmares_never_fuse_further() {
    // The Knightmare takes the rook on d7 (one component less on the board) instead
    // of absorbing it.
    let fen = "7k/3r4/5p2/8/3(Qn)4/8/8/K7 w - - 0 1";
    after_both(fen, "d4d7", |after, _, us, _| {
        assert_eq!(after.pieces(us.other(), Role::Rook).count(), 0);
        assert_eq!(after.shared().count(), 1);
    });
}

// ---- the frozen Knightmare ----------------------------------------------------------

#[test]
fn a_knightmare_formed_on_the_previous_ply_may_not_move() {
    let fen = "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1";
    both_colors(fen, |fen, mv, _| {
        let after = play(&pos(fen), &mv("d1d5"));
        assert!(after.fen().ends_with(&format!(" {}", &mv("d1d5")[2..4])));
        let frozen = mv("d5");
        assert!(!moves(&after).iter().any(|m| m.starts_with(&frozen)));
    });
}

#[test]
fn a_knightmare_moved_on_the_previous_ply_may_not_move_so_its_mover_keeps_it() {
    // White forms it, Black plays elsewhere, White moves it again: Black still may
    // not touch it.
    let fen = "4k3/7p/8/3n4/8/8/8/3QK3 w - - 0 1";
    both_colors(fen, |fen, mv, _| {
        let p = play(&pos(fen), &[mv("d1d5"), mv("h7h6"), mv("d5d4")].join(" "));
        assert_eq!(p.frozen(), Some(sq(&mv("d4"))));
        assert!(!moves(&p).iter().any(|m| m.starts_with(&mv("d4"))));
    });
}

#[test]
fn the_frozen_knightmare_is_freed_once_another_piece_moved() {
    let fen = "4k3/7p/8/3n4/8/8/7P/3QK3 w - - 0 1";
    both_colors(fen, |fen, mv, _| {
        let formed = play(&pos(fen), &mv("d1d5"));
        // The opponent moves another piece: the former may move it again...
        let p = play(&formed, &mv("h7h6"));
        assert_eq!(p.frozen(), None);
        assert!(moves(&p).contains(&mv("d5d4")));
        // ...and once the former moves another piece, the opponent may move it too
        // (as its knight).
        let p = play(&p, &mv("h2h3"));
        assert!(moves(&p).contains(&mv("d5c3")));
    });
}

#[test]
fn a_frozen_knightmare_still_gives_check() {
    // The knight fuses with the bishop on d6 and checks from there.
    let fen = "4k3/2p5/3b4/1N6/8/8/8/4K3 w - - 0 1";
    both_colors(fen, |fen, mv, us| {
        let after = play(&pos(fen), &mv("b5d6"));
        assert_eq!(after.frozen(), Some(sq(&mv("d6"))));
        assert!(in_check(&after, us.other()));
        assert!(format_san(&pos(fen), parse_move(&pos(fen), &mv("b5d6")).unwrap()).ends_with('+'));
    });
}

#[test]
fn a_frozen_knightmare_can_be_captured() {
    let fen = "4k3/2p5/3b4/1N6/8/8/8/4K3 w - - 0 1";
    after_both(fen, "b5d6", |after, _, us, mv| {
        let m = moves(after);
        assert!(m.contains(&mv("c7d6")), "{m:?}");
        let taken = play(after, &mv("c7d6"));
        assert!(taken.shared().is_empty());
        assert_eq!(taken.frozen(), None);
        assert_eq!(taken.pieces(us, Role::Knight).count(), 0);
    });
}

#[test]
fn a_frozen_knightmare_can_stalemate() {
    // The queen fuses with the knight on b6: Black's only piece besides the king is
    // now frozen and the king has no square. Without the freeze Black could move.
    let p = play(&pos("k7/8/1n6/8/8/8/8/1Q2K3 w - - 0 1"), "b1b6");
    let outcome = terminal(&p).expect("game over");
    assert_eq!((outcome.winner, outcome.reason), (None, "stalemate"));
    let unfrozen = pos("k7/8/1(Qn)6/8/8/8/8/4K3 b - - 1 1 -");
    assert!(terminal(&unfrozen).is_none());
}

// ---- check ----------------------------------------------------------------------------

#[test]
fn a_knightmare_gives_check_to_both_kings() {
    // The same kind of Knightmare checks the white king with its black component...
    let p = pos("4k3/8/8/8/4(Nr)3/8/8/4K3 w - - 0 1 -");
    assert!(in_check(&p, Color::White));
    // ...and the black king with its white component.
    let p = pos("4k3/8/8/8/4(Rn)3/8/8/4K3 b - - 0 1 -");
    assert!(in_check(&p, Color::Black));
    // One Knightmare checking each king in turn: White's rook fuses with the knight
    // on e5 and checks; later Black moves it as its knight and checks White.
    let p = play(&pos("4k3/8/8/4n3/8/8/4R3/7K w - - 0 1"), "e2e5");
    assert!(in_check(&p, Color::Black));
    let p = play(&p, "e8d7 h1g1 e5f3");
    assert!(in_check(&p, Color::White));
    assert_eq!(p.role_at(Color::White, sq("f3")), Some(Role::Rook));
}

#[test]
fn a_knightmares_components_count_as_attackers_for_king_steps_and_castling() {
    // Black's rook component on f4 covers f1 and f2: no castling kingside through f1,
    // no king step to f2 — even though it is frozen.
    let fen = "4k3/8/8/8/5(Nr)2/8/8/4K2R w K - 0 1 f4";
    legal_both(fen, &["e1d2"], &["e1g1", "e1f2"]);
}

#[test]
fn moving_your_knightmare_so_its_other_component_checks_your_king_is_illegal() {
    // White moves the knight component from b5; on c3 the black queen component
    // would check e1 along the diagonal.
    let fen = "4k3/8/8/1(Nq)6/8/8/8/4K3 w - - 0 1";
    legal_both(fen, &["b5d4", "b5a3"], &["b5c3"]);
}

#[test]
fn fusing_with_the_checking_piece_does_not_lift_check() {
    // 1.f3 e5 2.h4 Qxh4+: the rook on h1 may fuse with the queen but the queen
    // component would still check, so Rxh4 is illegal (it is legal in chess).
    let p = play(&Position::startpos(V), "f2f3 e7e5 h2h4 d8h4");
    assert!(!moves(&p).contains(&"h1h4".to_string()));
    assert!(moves(&p).contains(&"g2g3".to_string()));
}

#[test]
fn fools_mate_by_a_knight_on_c7_and_c2() {
    // Qxc7 would fuse with the checking knight and leave the check standing.
    for line in ["b1c3 a7a6 c3b5 h7h6 b5c7", "h2h3 b8c6 a2a3 c6b4 h3h4 b4c2"] {
        let mut g = Game::startpos(V);
        for m in line.split_whitespace() {
            g.play_text(m).expect("legal");
        }
        let o = g.outcome().expect("mate");
        assert_eq!(o.reason, "checkmate", "{line}");
    }
}

#[test]
fn a_pinned_piece_may_not_fuse() {
    // The bishop on d2 is pinned along the d-file; fusing on f4 would open it.
    let fen = "3rk3/8/8/8/5b2/8/3B4/3K4 w - - 0 1";
    legal_both(fen, &[], &["d2f4"]);
}

#[test]
fn a_pinned_piece_may_not_fuse_with_its_pinner() {
    // In chess Rxd8 takes the pinner; here the fused black rook still attacks d1.
    let fen = "3rk3/8/8/8/8/8/3R4/3K4 w - - 0 1";
    legal_both(fen, &["d2d7"], &["d2d8"]);
}

// ---- castling -----------------------------------------------------------------------

#[test]
fn a_rook_that_fuses_loses_its_castling_right() {
    // The rook fuses by moving (h1xh3 onto a knight)...
    let fen = "r3k2r/8/8/8/8/7n/8/R3K2R w KQkq - 0 1";
    after_both(fen, "h1h3", |after, _, us, _| {
        let (k, q) = if us == Color::White { (1, 2) } else { (4, 8) };
        assert_eq!(after.castling() & (k | q), q);
    });
    // ...or by being fused onto where it stands: the rook is still on h1, as a
    // component, but the right is gone.
    let fen = "r3k2r/8/8/8/8/6n1/8/R3K2R b KQkq - 0 1";
    let after = play(&pos(fen), "g3h1");
    assert_eq!(after.role_at(Color::White, sq("h1")), Some(Role::Rook));
    assert_eq!(after.castling() & 1, 0);
    assert!(!moves(&play(&after, "a1b1 a8a7")).contains(&"e1g1".to_string()));
}

#[test]
fn knightmares_never_castle() {
    // A castling right whose rook is a Knightmare component is dropped on reading.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2(Rb) w KQkq - 0 1 -");
    assert_eq!(p.castling() & 1, 0);
    assert!(!moves(&p).contains(&"e1g1".to_string()));
    assert!(moves(&p).contains(&"e1c1".to_string()));
}

// ---- promotion, en passant, clock ----------------------------------------------------

#[test]
fn pawns_promote_to_queen_rook_bishop_or_knight() {
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    legal_both(fen, &["b7b8q", "b7b8r", "b7b8b", "b7b8n"], &["b7b8"]);
}

#[test]
fn a_promoting_pawn_captures_regular_pieces_and_knightmares() {
    let fen = "r1(Bn)1k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    leaves_nothing_of_theirs(fen, &["b7a8q", "b7c8n"], |after, to, us| {
        assert!(after.role_at(us, to).is_some());
    });
}

#[test]
fn a_promoted_piece_fuses_like_any_regular_piece() {
    let fen = "4k3/1P6/8/8/8/8/1r6/4K3 w - - 0 1";
    both_colors(fen, |fen, mv, us| {
        let p = play(&pos(fen), &[mv("b7b8r"), mv("e8e7"), mv("b8b2")].join(" "));
        assert_eq!(p.role_at(us, sq(&mv("b2"))), Some(Role::Rook));
        assert_eq!(p.role_at(us.other(), sq(&mv("b2"))), Some(Role::Rook));
    });
}

#[test]
fn en_passant_as_in_fide() {
    let fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let p = play(&pos(fen), "d7d5");
    assert!(moves(&p).contains(&"e5d6".to_string()));
    let after = play(&p, "e5d6");
    assert!(after.piece_at(sq("d5")).is_none());
}

#[test]
fn a_fusion_resets_the_fifty_move_clock() {
    let fen = "4k3/8/8/3n4/8/8/8/3QK3 w - - 37 60";
    both_colors(fen, |fen, mv, _| {
        assert_eq!(play(&pos(fen), &mv("d1d2")).halfmove(), 38);
        assert_eq!(play(&pos(fen), &mv("d1d5")).halfmove(), 0);
    });
}

#[test]
fn stalemate_is_a_draw() {
    let p = pos("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(terminal(&p).map(|o| o.reason), Some("stalemate"));
}

// ---- FEN, make/unmake ------------------------------------------------------------------

#[test]
fn fen_round_trips_with_knightmares_and_the_frozen_square() {
    for fen in [
        "r1b1k2r/ppp2ppp/2(Nq)1(Bn)3/3p4/1b1P4/2(Rb)1P3/PP3PPP/R3K1NR w KQkq - 0 10 c3",
        "r3k2r/pp3ppp/2(Qn)5/3(Bb)4/5(Rr)2/2N5/PP3PPP/R3K2R b KQkq - 3 12 f4",
        "(Qq)(Rr)(Bb)(Nn)k3/8/8/8/8/8/8/(Nq)(Br)(Rb)(Qn)K3 w - - 0 1 -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    ] {
        let p = pos(fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(p.hash(), p.compute_hash());
    }
    // The 7th field may be left out; it is then written as '-'.
    assert!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .fen()
        .ends_with(" 0 1 -"));
}

#[test]
fn fen_rejects_a_frozen_square_without_a_knightmare_and_bad_knightmares() {
    for fen in [
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 d1",
        "4k3/8/8/8/8/8/8/(nQ)3K3 w - - 0 1 -",
        "4k3/8/8/8/8/8/8/(Pq)3K3 w - - 0 1 -",
        "4k3/8/8/8/8/8/8/(Nq3K3 w - - 0 1 -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 z9",
    ] {
        assert!(Position::from_fen(V, fen).is_err(), "{fen}");
    }
}

#[test]
fn make_unmake_restores_both_components_and_the_hash() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut knightmares_seen = 0;
    for _ in 0..300 {
        let mut game = Game::startpos(V);
        let mut trail = vec![(game.position().fen(), game.position().hash())];
        for _ in 0..120 {
            let p = game.position().clone();
            let list = legal_move_list(&p);
            if list.is_empty() {
                break;
            }
            // Prefer moves onto occupied squares, so that Knightmares form often.
            let onto: Vec<_> = list
                .iter()
                .filter(|m| p.occupied().has(m.to))
                .copied()
                .collect();
            let pool = if !onto.is_empty() && rng.next_u64().is_multiple_of(2) {
                &onto[..]
            } else {
                &list[..]
            };
            let m = pool[(rng.next_u64() % pool.len() as u64) as usize];
            let copy = p.clone();
            let next = p.play(m);
            assert_eq!(copy, p, "play must not change the position it copies");
            assert_eq!(next.hash(), next.compute_hash(), "{} after {m:?}", p.fen());
            if let Some(f) = next.frozen() {
                assert!(next.shared().has(f));
                assert!(legal_move_list(&next).iter().all(|x| x.from != f));
            }
            knightmares_seen += next.shared().count();
            game.play(m);
            trail.push((next.fen(), next.hash()));
        }
        while game.undo() {
            trail.pop();
            let (fen, hash) = trail.last().expect("start");
            assert_eq!(&game.position().fen(), fen);
            assert_eq!(game.position().hash(), *hash);
        }
    }
    assert!(knightmares_seen > 1000, "random games formed Knightmares");
}

// ---- the page's notation (the variant's SAN, `baton_engine::san`) ---------------------------------------------------------------

fn note(fen: &str, mv: &str) -> String {
    let p = pos(fen);
    format_san(&p, parse_move(&p, mv).expect("legal"))
}

#[test]
fn page_notation_names_a_knightmare_by_two_letters_in_rank_order() {
    // White moves a queen-knight Knightmare as its queen or as its knight; Black
    // as its knight: always QN.
    assert_eq!(note("7k/8/8/8/8/8/K3(Qn)3/8 w - - 0 1 -", "e2e4"), "QNe4");
    assert_eq!(note("7k/8/8/8/8/5(Nq)2/K7/8 w - - 0 1 -", "f3e5"), "QNe5");
    assert_eq!(note("8/7k/8/8/8/5(Qn)2/K7/8 b - - 0 1 -", "f3e5"), "QNe5");
    assert_eq!(note("7k/8/8/8/8/8/4(Nr)3/K7 b - - 0 1 -", "e2e4"), "RNe4");
    assert_eq!(note("7k/8/8/8/8/8/4(Bb)3/K7 w - - 0 1 -", "e2d3"), "BBd3");
    // A Knightmare that captures.
    assert_eq!(
        note("7k/8/8/8/4p3/8/K3(Qn)3/8 w - - 0 1 -", "e2e4"),
        "QNxe4"
    );
}

#[test]
fn page_notation_writes_a_fusion_with_a_tilde() {
    assert_eq!(note("7k/8/8/8/8/8/2n5/3Q2K1 w - - 0 1", "d1c2"), "Q~Nc2");
    assert_eq!(note("7k/8/8/8/3N4/8/7K/3q4 b - - 0 1", "d1d4"), "Q~Nd4");
    // A capture of a Knightmare stays a capture.
    assert_eq!(note("7k/8/8/8/8/8/2(Rn)5/3Q2K1 w - - 0 1", "d1c2"), "Qxc2");
}

#[test]
fn page_notation_is_standard_otherwise() {
    let start = Position::startpos(V);
    assert_eq!(note(&start.fen(), "g1f3"), "Nf3");
    assert_eq!(note(&start.fen(), "e2e4"), "e4");
    assert_eq!(note("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q+");
    assert_eq!(note("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"), "O-O");
    assert_eq!(note("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
    assert_eq!(note("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    let mate = play(&start, "b1c3 a7a6 c3b5 h7h6");
    assert_eq!(note(&mate.fen(), "b5c7"), "Nxc7#");
}

// ---- search and evaluation hooks --------------------------------------------------

#[test]
fn a_fusion_is_not_a_capture_for_the_search() {
    use baton_engine::rules::{captured_role, is_capture, lost_component};
    use baton_engine::search::movepick::tactical_moves;
    both_colors(
        "4k3/8/2p5/8/2(Rn)1q3/3P4/3B4/K6Q w - - 0 1 -",
        |fen, m, _| {
            let p = pos(fen);
            // Queen onto queen: a fusion, which takes nothing.
            let fuse = mv(&p, &m("h1e4"));
            assert!(!is_capture(&p, fuse));
            assert_eq!(captured_role(&p, fuse), None);
            // A pawn or a Knightmare onto a regular piece, a Knightmare onto a pawn:
            // captures.
            for take in ["d3e4", "c4e4", "c4c6"] {
                let take = mv(&p, &m(take));
                assert!(is_capture(&p, take));
                assert_eq!(lost_component(&p, take), None);
            }
            assert!(!is_capture(&p, mv(&p, &m("d2e3"))));
            // Taking the own Knightmare is a capture too.
            let own = mv(&p, &m("d3c4"));
            assert_eq!(captured_role(&p, own), Some(Role::Knight));
            assert_eq!(lost_component(&p, own), Some(Role::Rook));
            // Quiescence searches the captures but not the fusion.
            let mut list = baton_engine::rules::move_list(p.variant());
            tactical_moves(&p, &mut list);
            let mut texts: Vec<String> = list.iter().map(|&x| format_move(&p, x)).collect();
            texts.sort();
            let mut want: Vec<String> = ["c4c6", "c4e4", "d3c4", "d3e4"]
                .iter()
                .map(|x| m(x))
                .collect();
            want.sort();
            assert_eq!(texts, want);
        },
    );
}

#[test]
fn capturing_a_knightmare_costs_the_own_component() {
    use baton_engine::rules::{captured_role, is_capture, lost_component};
    both_colors("4k3/8/8/8/2(Rn)5/1P6/8/4K3 w - - 0 1 -", |fen, m, _| {
        let p = pos(fen);
        let take = mv(&p, &m("b3c4"));
        assert!(is_capture(&p, take));
        assert_eq!(captured_role(&p, take), Some(Role::Knight));
        assert_eq!(lost_component(&p, take), Some(Role::Rook));
    });
}

#[test]
fn material_only_evaluation_counts_knightmares_as_nothing() {
    use baton_engine::eval::material;
    both_colors("4k3/8/8/8/2(Qn)5/8/8/4K3 w - - 0 1 -", |fen, _, _| {
        assert_eq!(material(&pos(fen)), 0);
    });
    both_colors("4k3/8/8/8/2(Qn)5/8/8/R3K3 w - - 0 1 -", |fen, _, _| {
        let rook =
            baton_engine::eval::weights(Variant::CombiningKnightmare).material[Role::Rook.idx()].0;
        assert_eq!(material(&pos(fen)), rook);
    });
}

#[test]
fn the_stronger_component_favours_its_side() {
    use baton_engine::eval::evaluate;
    // White's queen component against Black's knight: good for White, whoever moves.
    for fen in [
        "4k3/pppp4/8/8/2(Qn)5/8/PPPP4/4K3 w - - 0 1 -",
        "4k3/pppp4/8/8/2(Qn)5/8/PPPP4/4K3 b - - 0 1 -",
    ] {
        let p = pos(fen);
        let white_view = if p.side() == Color::White { 1 } else { -1 } * evaluate(&p);
        assert!(white_view > 200, "{fen}: {white_view}");
        // The mirror image is the same position for the other side.
        assert_eq!(evaluate(&pos(&mirror(fen))), evaluate(&p), "{fen}");
    }
}

#[test]
fn the_side_that_may_move_a_knightmare_first_gains_from_it() {
    use baton_engine::eval::evaluate;
    // An even knight-knight Knightmare: worth something to the side to move, unless
    // it is the frozen one (then the opponent gets it first).
    let free = evaluate(&pos("4k3/pppp4/8/8/2(Nn)5/8/PPPP4/4K3 w - - 0 1 -"));
    let frozen = evaluate(&pos("4k3/pppp4/8/8/2(Nn)5/8/PPPP4/4K3 w - - 0 1 c4"));
    let without = evaluate(&pos("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 -"));
    assert!(free > frozen, "{free} {frozen}");
    assert!(free > without, "{free} {without}");
    assert!(frozen < without, "{frozen} {without}");
}

#[test]
fn a_fusion_is_irreversible_so_repetition_looks_no_further_back() {
    let p = Position::from_fen(
        Variant::CombiningKnightmare,
        "4k3/8/8/3b4/8/4N3/8/4K3 w - - 0 1",
    )
    .expect("FEN");
    let mut game = baton_engine::Game::new(p.clone());
    game.play_text("e3d5").expect("a fusion");
    assert!(baton_engine::game::irreversible(&p, game.position()));
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.repetition_hashes().len(), 1);
}
