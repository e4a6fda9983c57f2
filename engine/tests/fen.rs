//! FEN reading as docs/protocol.md defines it: what is refused (with the reason the user
//! reads) and the documented readings of the lenient cases.

use baton_engine::{Position, Variant};
use baton_testkit::position::pos;

/// Each `(variant, fen, why)`: `fen` is refused in `variant`, with a reason containing
/// `why`.
fn refused(cases: &[(Variant, &str, &str)]) {
    for &(variant, fen, why) in cases {
        match Position::from_fen(variant, fen) {
            Ok(p) => panic!("{variant} accepted {fen} as {}", p.fen()),
            Err(e) => assert!(
                e.to_string().contains(why),
                "{variant} {fen}: refused as '{e}', expected '{why}'"
            ),
        }
    }
}

/// The FEN Baton writes for `fen`, read in `variant` (which must accept it).
fn written(variant: Variant, fen: &str) -> String {
    pos(variant, fen).fen()
}

#[test]
fn an_en_passant_square_needs_the_pawn_that_just_passed_it() {
    use Variant::{Chess, CombiningKnightmare, Knightmate};
    refused(&[
        // No black pawn on e5 (a knight), so d5xe6 cannot be en passant.
        (
            Chess,
            "4k3/8/8/3Pn3/8/8/8/4K3 w - e6 0 1",
            "no pawn of the side that just moved in front of it",
        ),
        (
            Chess,
            "4k3/8/4p3/3P4/8/8/8/4K3 w - e5 0 1",
            "not on the rank a double step passes over",
        ),
        (
            Knightmate,
            "4k3/8/4b3/3Pp3/8/8/8/4K3 w - e6 0 1",
            "holds a piece",
        ),
        (
            CombiningKnightmare,
            "4k3/8/8/3Ppp2/8/8/8/4K3 w - e6f6 0 1",
            "2 en-passant squares",
        ),
        (
            Chess,
            "4k3/8/8/3Pp3/8/8/8/4K3 w - e6e6 0 1",
            "repeats a square",
        ),
        // Black to move: the square on White's third rank.
        (
            Chess,
            "4k3/8/8/8/3pP3/8/8/4K3 b - e6 0 1",
            "not on the rank",
        ),
    ]);
    for fen in [
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
    ] {
        assert_eq!(written(Chess, fen), fen);
    }
}

#[test]
fn stonesrelays_en_passant_squares_have_the_passed_pawn_beyond_them() {
    // c2-c6 over a relay on c4 left c3 and c5; a neutral move may since have filled one.
    let fen = "7k/8/8/2P5/2S5/2X5/8/8/4K3 b - c3c5 0 1 d5c5";
    assert_eq!(written(Variant::StonesRelays, fen), fen);
    refused(&[
        (
            Variant::StonesRelays,
            "7k/8/8/8/8/2X5/8/8/4K3 b - c3c5 0 1",
            "no pawn of the side that just moved beyond it",
        ),
        (
            Variant::StonesRelays,
            "7k/8/8/2P5/2n5/2X5/8/8/4K3 b - c3c5 0 1",
            "holds a piece",
        ),
    ]);
}

#[test]
fn variants_without_en_passant_ignore_the_field() {
    // A documented reading: knightrelay's field is always `-` (docs/protocol.md), and another
    // program's FEN after a double step should still read.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert!(written(Variant::KnightRelay, fen).contains(" b KQkq - 0 1"));
}

#[test]
fn empty_square_runs_are_written_without_a_leading_zero() {
    refused(&[
        (
            Variant::Chess,
            "4k3/08/8/8/8/8/8/4K3 w - - 0 1",
            "starts with '0'",
        ),
        (
            Variant::FlipShatranj,
            "dnexkkxend/pppppppppp/010/10/10/10/10/10/PPPPPPPPPP/DNEXKKXEND w - - 0 1",
            "starts with '0'",
        ),
    ]);
}

#[test]
fn a_castling_letter_is_given_at_most_once() {
    let thousand = format!("r3k2r/8/8/8/8/8/8/R3K2R w {} - 0 1", "K".repeat(1000));
    for fen in ["r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", &thousand] {
        refused(&[(Variant::Chess, fen, "repeats 'K'")]);
    }
}

#[test]
fn clocks_are_plain_numbers_that_never_wrap() {
    for (clocks, why) in [
        ("+5 1", "halfmove clock '+5' is not a number"),
        ("0 -1", "fullmove number '-1' is not a number"),
        ("0 4294967295", "fullmove number '4294967295' is beyond"),
        ("4294967295 1", "halfmove clock '4294967295' is beyond"),
        ("0 99999999999", "is beyond"),
    ] {
        refused(&[(
            Variant::Chess,
            &format!("4k3/8/8/8/8/8/8/4K3 w - - {clocks}"),
            why,
        )]);
    }
    // The largest accepted numbers count on without wrapping.
    let p = pos(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 b - - 1000000 1000000");
    let next = p.play(baton_engine::parse_move(&p, "e8d8").expect("legal"));
    assert_eq!(next.halfmove(), 1_000_001);
    assert_eq!(next.fullmove(), 1_000_001);
    // The game's ply (time management's measure of how far the game has gone) follows
    // the move number and the side to move.
    assert_eq!(p.game_ply(), 1_999_999);
    assert_eq!(next.game_ply(), 2_000_000);
    assert_eq!(
        pos(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").game_ply(),
        0
    );
}

#[test]
fn a_ko_names_the_neutral_move_just_made() {
    let start = "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let ko = |k: &str| format!("{start} {k}");
    let s = Variant::StonesRelays;
    refused(&[
        (s, &ko("a1a1"), "names one square twice"),
        (
            s,
            &ko("c5c6"),
            "no neutral piece stands on its second square",
        ),
        (s, &ko("b5"), "not two squares"),
    ]);
    assert!(written(s, &ko("a5b5")).ends_with(" a5b5"));
}

#[test]
fn a_tunnel_board_with_one_gate_is_read_as_a_board_without_a_working_tunnel() {
    // A documented reading of docs/rules.md ("the tunnel works only with exactly two gates"):
    // one gate is a legal position in which the gate is a plain neutral piece
    // (engine/tests/stones.rs, the_tunnel_works_only_with_exactly_two_gates).
    let fen = "1k6/8/8/8/8/8/R1G5/8/7K w - - 0 1";
    assert_eq!(
        written(Variant::StonesRelaysTunnel, fen),
        format!("{fen} -")
    );
}

/// `Position`'s equality (which the UCI front end uses to see that a `position` command
/// starts where the game it holds starts) agrees with the FEN: a position read back
/// from its FEN equals it, and two positions are equal exactly when their FENs are.
#[test]
fn positions_are_equal_exactly_when_their_fens_are() {
    for v in Variant::ALL {
        for line in baton_engine::Profile::of(v).openings.0.lines().take(10) {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let pos = Position::from_fen(v, fen).expect(fen);
            let mut seen: Vec<Position> = vec![pos.clone()];
            for m in baton_engine::rules::legal_move_list(&pos)
                .into_iter()
                .take(40)
            {
                let child = pos.play(m);
                let again = Position::from_fen(v, &child.fen()).expect(fen);
                assert!(again == child, "{v:?}: {fen} then {m:?}: not read back");
                for other in &seen {
                    assert_eq!(*other == child, other.fen() == child.fen(), "{v:?}: {fen}");
                }
                seen.push(child);
            }
        }
    }
}
