//! Stones & Relays and its tunnel version: every rule of docs/rules.md's section as a named
//! test, every figure of the seed page rebuilt as a position, and perft.

use std::collections::BTreeSet;

use baton_engine::perft::perft;
use baton_engine::rules::{self, legal_move_list, stones};
use baton_engine::search::movepick;
use baton_engine::{format_move, Color, Position, Role, Variant};
use baton_testkit::{check_perft, play, pos, set, turns};

const PLAIN: Variant = Variant::StonesRelays;
const TUNNEL: Variant = Variant::StonesRelaysTunnel;

/// The piece-move parts of the legal turns.
fn piece_moves(p: &Position) -> BTreeSet<String> {
    turns(p)
        .iter()
        .map(|t| t.split(',').next().unwrap_or("").to_string())
        .collect()
}

/// What follows `prefix` in the texts that start with it.
fn suffixes(texts: impl IntoIterator<Item = String>, prefix: &str) -> BTreeSet<String> {
    texts
        .into_iter()
        .filter_map(|t| t.strip_prefix(prefix).map(str::to_string))
        .collect()
}

/// Squares the piece on `from` may end its move on (some legal turn starts so).
fn targets(p: &Position, from: &str) -> BTreeSet<String> {
    suffixes(piece_moves(p), from)
}

/// The neutral moves (`from to`) that some legal turn ends with.
fn neutral_moves(p: &Position) -> BTreeSet<String> {
    turns(p)
        .iter()
        .filter_map(|t| t.split(',').nth(1).map(str::to_string))
        .collect()
}

/// The neutral moves of the neutral piece on `from`.
fn neutral_moves_from(p: &Position, from: &str) -> BTreeSet<String> {
    let all = neutral_moves(p);
    all.into_iter().filter(|m| m.starts_with(from)).collect()
}

fn has(p: &Position, text: &str) -> bool {
    turns(p).contains(text)
}

// ---- the reference counts and the notation ----------------------------------------

#[test]
fn start_positions_match_the_reference_counts() {
    for (variant, counts) in [(PLAIN, [467, 206_293]), (TUNNEL, [512, 254_166])] {
        check_perft(&Position::startpos(variant), &counts, &variant.to_string());
    }
}

#[test]
#[ignore]
fn start_positions_depth_3() {
    // Baton's own counts (no independent reference at this depth).
    assert_eq!(perft(&Position::startpos(PLAIN), 3), 99_318_176);
    assert_eq!(perft(&Position::startpos(TUNNEL), 3), 140_556_515);
}

#[test]
fn fen_round_trips() {
    for (variant, fen) in [
        (PLAIN, PLAIN.start_fen().to_string() + " -"),
        (TUNNEL, TUNNEL.start_fen().to_string() + " -"),
        (
            PLAIN,
            "7k/8/8/2P5/3S4/2X5/8/8/4K3 b - c3c5 0 1 d4d5".to_string(),
        ),
        (
            TUNNEL,
            "r3k2r/8/6G1/1S6/1S1XX1S1/1S6/6G1/8/R3K2R w KQkq - 12 30 g6g7".to_string(),
        ),
    ] {
        let p = pos(variant, &fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(p.hash(), p.compute_hash());
    }
    // Trailing fields left out get their defaults, the ko field included.
    let p = pos(
        PLAIN,
        "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPPPPPPP/RNBQKBNR",
    );
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPPPPPPP/RNBQKBNR w - - 0 1 -"
    );
    // The ko move and several en-passant squares are written as played.
    let p = play(
        &pos(PLAIN, "7k/8/8/8/8/2X5/8/2P5/4K3 w - - 0 1"),
        "c2c6,c4c3",
    );
    assert_eq!(p.fen(), "7k/8/8/2P5/8/8/2X5/8/4K3 b - c3c5 0 1 c4c3");
}

#[test]
fn stonesrelays_fens_hold_only_the_pieces_a_game_can_have() {
    for bad in [
        "4k3/8/8/8/6G1/8/8/8/4K3 w - - 0 1", // a gate without the tunnel
        "4k3/8/8/8/SSSSS3/8/8/8/4K3 w - - 0 1", // five stones
        "4k3/8/8/8/XXX5/8/8/8/4K3 w - - 0 1", // three relays
        "4k3/8/8/8/QQQQQQQQ/Q7/8/8/4K3 w - - 0 1", // nine promotions
    ] {
        assert!(Position::from_fen(PLAIN, bad).is_err(), "{bad}");
    }
    assert!(Position::from_fen(TUNNEL, "4k3/8/8/8/GGG5/8/8/8/4K3 w - - 0 1").is_err());
}

// ---- turns and neutral moves ---------------------------------------------------------

#[test]
fn a_turn_is_a_piece_move_then_at_most_one_neutral_move() {
    let p = Position::startpos(PLAIN);
    let all = turns(&p);
    for t in ["e2e4", "e2e4,d5d6", "g1f3,g5g4", "b1c3,e5e4"] {
        assert!(all.contains(t), "{t}");
    }
    // The piece move is mandatory and comes first.
    assert!(!all.iter().any(|t| t.starts_with("d5")));
    assert!(all.iter().all(|t| t.split(',').count() <= 2));
    // Nineteen piece moves (the stone on b4 stops b2-b4), each alone or with one of
    // the neutral moves its square leaves free.
    assert_eq!(piece_moves(&p).len(), 19);
    assert_eq!(all.len(), 467);
}

#[test]
fn neutral_pieces_step_one_square_orthogonally_onto_empty_squares() {
    // Stone b4 between a pawn on a4, a stone on b5 and a pawn on b3.
    let p = pos(PLAIN, "7k/8/8/8/1S6/PS6/1P6/8/4K3 w - - 0 1");
    let after = |piece_move: &str| -> BTreeSet<String> {
        let neutral = suffixes(turns(&p), &format!("{piece_move},"));
        neutral
            .into_iter()
            .filter(|n| n.starts_with("b4"))
            .collect()
    };
    assert_eq!(after("e1d1"), set(&["b4c4"]));
    // The piece move comes first: a square it empties is free for the stone.
    assert_eq!(after("a4a5"), set(&["b4a4", "b4c4"]));
}

#[test]
fn neutral_step_goes_on_through_relays_each_once_and_ends_elsewhere() {
    // Stone a5 beside relays b5 and c5 (in a row).
    let p = pos(PLAIN, "7k/8/8/8/SXX5/8/8/8/7K w - - 0 1");
    let by = |from: &str| suffixes(neutral_moves(&p), from);
    assert_eq!(by("a5"), set(&["a4", "a6", "b4", "b6", "c4", "c6", "d5"]));
    // A relay steps through the other relay too, and never back onto its square.
    assert_eq!(by("b5"), set(&["b4", "b6", "c4", "c6", "d5"]));
    assert_eq!(by("c5"), set(&["b4", "b6", "c4", "c6", "d5"]));
}

#[test]
fn ko_forbids_moving_the_opponents_last_neutral_piece_straight_back() {
    let p = play(&Position::startpos(PLAIN), "e2e4,d5d6");
    assert_eq!(
        p.ko().map(|(a, b)| (a.0, b.0)),
        Some((4 * 8 + 3, 5 * 8 + 3))
    );
    let n = neutral_moves(&p);
    assert!(!n.contains("d6d5"));
    assert!(n.contains("d6c6") && n.contains("d6d7"));
    // The turn after, the piece may go back (the ko is only the opponent's last move).
    let p = play(&p, "e8e7");
    assert!(p.ko().is_none());
    assert!(has(&p, "a2a3,d6d5"));
}

#[test]
fn ko_forbids_the_way_back_by_any_route() {
    // The stone went a5-b5(relay)-c5; it may not return to a5 through the relay.
    let p = pos(PLAIN, "7k/8/8/8/1XS5/8/8/8/7K w - - 0 1 a5c5");
    let n = neutral_moves(&p);
    assert!(!n.contains("c5a5"));
    assert!(n.contains("c5b4") && n.contains("c5b6") && n.contains("c5d5"));
}

#[test]
fn neutral_pieces_cannot_be_captured_and_stones_block() {
    let p = pos(PLAIN, "7k/8/8/8/R1S5/8/8/8/4K3 w - - 0 1");
    let t = targets(&p, "a5");
    assert!(t.contains("b5"));
    assert!(!t.contains("c5") && !t.contains("d5"));
}

#[test]
fn neutral_pieces_give_no_check() {
    // A relay and stones next to the kings attack nothing.
    let p = pos(PLAIN, "3SkS2/4X3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(!rules::in_check(&p, Color::Black));
}

// ---- relays ------------------------------------------------------------------------

#[test]
fn no_piece_stops_on_a_relay_but_sliders_turn_there() {
    let p = pos(PLAIN, "7k/8/8/8/R1X5/8/8/8/7K w - - 0 1");
    let t = targets(&p, "a5");
    assert!(!t.contains("c5"));
    for sq in ["b5", "c1", "c4", "c9", "d5", "h5"] {
        assert!(t.contains(sq), "rook a5 to {sq}");
    }
    // A bishop keeps to diagonals, a queen may switch.
    let p = pos(PLAIN, "7k/8/8/8/8/8/2X5/8/B6K w - - 0 1");
    let t = targets(&p, "a1");
    assert!(t.contains("a5") && t.contains("e1") && t.contains("h8"));
    assert!(!t.contains("c3") && !t.contains("c4") && !t.contains("d3"));
    let p = pos(PLAIN, "7k/8/8/8/8/8/2X5/8/Q6K w - - 0 1");
    let t = targets(&p, "a1");
    assert!(t.contains("c9") && t.contains("h3") && t.contains("c1"));
}

#[test]
fn a_king_makes_one_more_step_from_a_relay() {
    let p = pos(PLAIN, "7k/8/8/8/8/8/8/4X3/4K3 w - - 0 1");
    assert_eq!(
        targets(&p, "e1"),
        set(&["d1", "d2", "d3", "e1", "e3", "f1", "f2", "f3"])
    );
}

#[test]
fn figure_2_knight_squares() {
    // Knight d2, relay e4: its own moves and one more leap from the relay.
    let p = pos(PLAIN, "k6K/8/8/8/8/4X3/8/3N4/8 w - - 0 1");
    assert_eq!(
        targets(&p, "d2"),
        set(&[
            "b1", "b3", "c4", "f1", "f3", // plain leaps
            "c3", "c5", "d6", "f6", "g5", "g3", "f2", // from the relay
            "d2", // back to its square: a null move
        ])
    );
}

#[test]
fn figure_6_double_relay() {
    // The black queen on a7 reaches c1 by f7 and c4, changing direction at each.
    let fen = |rank5: &str| format!("k7/8/q4X2/8/{rank5}/2X5/8/7K/2R5 b - - 0 1");
    let p = pos(PLAIN, &fen("8"));
    assert!(has(&p, "a7c1"));
    // A piece on a dotted square stops it.
    let p = pos(PLAIN, &fen("3P4"));
    assert!(!piece_moves(&p).contains("a7c1"));
}

#[test]
fn a_null_move_through_a_relay_is_legal_and_loses_castling_rights() {
    let p = pos(PLAIN, "k7/8/8/8/8/8/8/4X2X/4K2R w K - 0 1");
    assert!(has(&p, "h1h1") && has(&p, "h1h1,e2e3"));
    assert!(has(&p, "e1e1"));
    assert_eq!(play(&p, "h1h1").castling(), 0);
    assert_eq!(play(&p, "e1e1").castling(), 0);
    // A null move keeps the position (but for the side to move and the clocks).
    let after = play(&p, "h1h1");
    assert_eq!(after.fen(), "k7/8/8/8/8/8/8/4X2X/4K2R b - - 1 1 -");
}

// ---- pawns ---------------------------------------------------------------------------

#[test]
fn a_pawn_push_onto_a_relay_goes_on_forward_or_captures() {
    let p = pos(PLAIN, "7k/8/8/1n1n4/2X5/2P5/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&p, "c4"), set(&["b6", "c6", "d6"]));
}

#[test]
fn a_pawn_on_its_start_rank_goes_one_or_two_past_each_relay() {
    let p = pos(PLAIN, "7k/8/8/8/8/8/2X5/2P5/4K3 w - - 0 1");
    assert_eq!(targets(&p, "c2"), set(&["c4", "c5"]));
    // Again at a further relay.
    let p = pos(PLAIN, "7k/8/8/2X5/8/2X5/8/2P5/4K3 w - - 0 1");
    assert_eq!(targets(&p, "c2"), set(&["c3", "c5", "c7", "c8"]));
}

#[test]
fn a_diagonal_step_onto_a_relay_must_go_on_capturing() {
    let p = pos(PLAIN, "7k/8/8/2n1n3/3X4/2P5/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&p, "c4"), set(&["c5", "c6", "e6"]));
    // Nothing to capture beyond: the pawn cannot use the relay at all.
    let p = pos(PLAIN, "7k/8/8/8/3X4/2P5/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&p, "c4"), set(&["c5"]));
}

#[test]
fn a_pawn_promotes_however_it_reaches_the_last_rank() {
    let p = pos(PLAIN, "1r5k/2X5/2P5/8/8/8/8/8/4K3 w - - 0 1");
    let t = targets(&p, "c7");
    for m in ["c9q", "c9r", "c9b", "c9n", "b9q", "b9n"] {
        assert!(t.contains(m), "c7{m}");
    }
    assert!(!t.contains("c9") && !t.contains("b9"));
}

#[test]
fn figure_3_two_square_advance_over_a_relay_and_its_en_passant_squares() {
    let fen = |rank6: &str, rank5: &str, rank4: &str| {
        format!("7k/8/8/{rank6}/{rank5}/{rank4}/8/2P5/4K3 w - - 0 1")
    };
    let p = pos(PLAIN, &fen("3p4", "8", "2X5"));
    assert_eq!(targets(&p, "c2"), set(&["c3", "c5", "c6"]));
    let after = play(&p, "c2c6");
    assert_eq!(after.fen().split(' ').nth(3), Some("c3c5"));
    // d6 takes on c5 and removes the pawn on c6.
    let taken = play(&after, "d6c5");
    assert_eq!(taken.pieces(Color::White, Role::Pawn).count(), 0);
    assert_eq!(taken.fen(), "7k/8/8/8/2p5/2X5/8/8/4K3 w - - 0 2 -");
    // A pawn on d4 takes on c3.
    let after = play(&pos(PLAIN, &fen("8", "8", "2Xp4")), "c2c6");
    assert!(has(&after, "d4c3"));
    assert_eq!(
        play(&after, "d4c3")
            .pieces(Color::White, Role::Pawn)
            .count(),
        0
    );
    // A pawn on d5 cannot: its capture would end on the relay.
    let after = play(&pos(PLAIN, &fen("8", "3p4", "2X5")), "c2c6");
    assert_eq!(targets(&after, "d5"), set(&["d4"]));
}

#[test]
fn figure_4_en_passant_through_a_relay() {
    let p = pos(PLAIN, "7k/8/8/8/4p3/3X4/8/2P5/4K3 w - - 0 1");
    let after = play(&p, "c2c4");
    assert_eq!(after.fen().split(' ').nth(3), Some("c3"));
    // e5 steps diagonally onto the relay d4 and captures on c3.
    assert!(targets(&after, "e5").contains("c3"));
    let taken = play(&after, "e5c3");
    assert_eq!(taken.fen(), "7k/8/8/8/8/3X4/2p5/8/4K3 w - - 0 2 -");
}

#[test]
fn figure_5_no_en_passant_on_the_relay() {
    let p = pos(PLAIN, "7k/8/8/3p4/2X5/2P5/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&p, "c4"), set(&["c6", "d6"]));
    let after = play(&p, "c4c6");
    assert_eq!(after.fen().split(' ').nth(3), Some("-"));
    assert_eq!(targets(&after, "d6"), set(&["d5"]));
}

#[test]
fn en_passant_squares_do_not_depend_on_the_path() {
    // c2 reaches c6 over relays c3 and c4 along several paths (c3 then a two-square
    // push over c4, c3 then c4 then two squares, ...): every non-capturing push runs
    // up one file, so the squares passed are always those between, less relays.
    let p = pos(PLAIN, "7k/8/8/8/8/2X5/2X5/2P5/4K3 w - - 0 1");
    let t = targets(&p, "c2");
    assert_eq!(t, set(&["c5", "c6"]));
    assert_eq!(
        play(&p, "c2c6").fen().split(' ').nth(3),
        Some("c5"),
        "one move, one set of squares"
    );
    assert_eq!(play(&p, "c2c5").fen().split(' ').nth(3), Some("-"));
}

#[test]
fn en_passant_squares_stay_listed_when_the_neutral_move_fills_one() {
    let p = pos(PLAIN, "7k/8/8/8/3p4/8/1S6/2P5/4K3 w - - 0 1");
    let after = play(&p, "c2c4,b3c3");
    assert_eq!(after.fen().split(' ').nth(3), Some("c3"));
    // ... but nobody can capture onto the stone.
    assert!(!targets(&after, "d4").contains("c3"));
}

// ---- check after the whole turn ------------------------------------------------------

#[test]
fn a_neutral_move_can_remove_the_movers_check() {
    let p = pos(PLAIN, "4r2k/8/8/8/3S4/8/8/P7/4K3 w - - 0 1");
    assert!(rules::in_check(&p, Color::White));
    assert!(has(&p, "a2a3,d5e5") && has(&p, "a2a4,d5e5"));
    assert!(!has(&p, "a2a3") && !has(&p, "a2a3,d5d4"));
}

#[test]
fn a_neutral_move_may_not_expose_the_movers_king() {
    let p = pos(PLAIN, "4r2k/8/8/8/4S3/8/8/P7/4K3 w - - 0 1");
    assert!(has(&p, "a2a3,e5e4") && has(&p, "a2a3,e5e6"));
    assert!(!has(&p, "a2a3,e5d5") && !has(&p, "a2a3,e5f5"));
}

#[test]
fn a_neutral_move_may_give_check() {
    let p = pos(PLAIN, "4k3/8/8/8/4S3/8/8/8/K3R3 w - - 0 1");
    let after = play(&p, "a1b1,e5d5");
    assert!(rules::in_check(&after, Color::Black));
}

#[test]
fn a_king_may_be_attacked_after_its_piece_move_if_the_neutral_move_ends_it() {
    // The king steps into the rook's line; a stone then closes it.
    let p = pos(PLAIN, "3r3k/8/8/8/2S5/8/8/8/4K3 w - - 0 1");
    assert!(has(&p, "e1d1,c5d5"));
    assert!(!has(&p, "e1d1"));
}

#[test]
fn relays_carry_attacks() {
    // A black rook checks around a corner through the relay on e2 (and attacks f2
    // beyond it); the king's null move through the relay needs the relay moved away.
    let p = pos(PLAIN, "4k3/8/8/8/8/8/8/r3X3/4K3 w - - 0 1");
    assert!(rules::in_check(&p, Color::White));
    assert!(has(&p, "e1f1") && has(&p, "e1d1") && has(&p, "e1e1,e2e3"));
    assert!(!has(&p, "e1f2") && !has(&p, "e1d2") && !has(&p, "e1e1"));
}

#[test]
fn figure_7_is_check_with_exactly_these_escapes() {
    let p = pos(PLAIN, "kSX5/8/1N1X4/8/8/8/8/8/7K b - - 0 1");
    assert!(rules::in_check(&p, Color::Black));
    assert_eq!(
        turns(&p),
        set(&[
            "a9a8,c9c8",
            "a9a8,c9d9",
            "a9b8,c9c8",
            "a9b8,c9d9",
            "a9b8,d7c7",
            "a9b8,d7d6",
            "a9b8,d7d8",
            "a9b8,d7e7",
        ])
    );
    assert_eq!(rules::terminal(&p), None);
}

/// A bare knight mates with the help of a relay: the king's only flight goes
/// through the relay on a8 to a7, which the knight covers; a null move through the
/// relay stays in check; a neutral move cannot stop a knight.
const KNIGHT_MATE: &str = "kS6/XSN5/1S6/8/8/8/8/8/7K b - - 0 1";
/// The same with White to move: the knight mates in one (`e7c8`).
const KNIGHT_MATE_IN_ONE: &str = "kS6/XS6/1S2N3/8/8/8/8/8/7K w - - 0 1";

#[test]
fn a_bare_knight_and_a_relay_mate() {
    let p = pos(PLAIN, KNIGHT_MATE);
    assert!(rules::in_check(&p, Color::Black));
    assert!(turns(&p).is_empty());
    let outcome = rules::terminal(&p).expect("game over");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, "checkmate");
    // Without the relay the king would escape to a8.
    let p = pos(PLAIN, "kS6/1SN5/1S6/8/8/8/8/8/7K b - - 0 1");
    assert!(has(&p, "a9a8"));
    // The mate in one for the search.
    let p = pos(PLAIN, KNIGHT_MATE_IN_ONE);
    let mated = play(&p, "e7c8");
    assert_eq!(mated.fen().split(' ').next(), KNIGHT_MATE.split(' ').next());
    assert!(turns(&mated).is_empty());
}

#[test]
fn stalemate_is_a_draw() {
    // The king is walled in by stones and has no attacked-free move; not in check.
    let p = pos(PLAIN, "kS6/SS6/8/2N5/8/8/8/8/7K b - - 0 1");
    assert!(turns(&p).is_empty());
    assert_eq!(rules::terminal(&p).map(|o| o.winner), Some(None));
}

// ---- castling ------------------------------------------------------------------------

#[test]
fn castling_is_written_king_takes_rook_beside_a_kings_relay_move() {
    let p = pos(PLAIN, "4k3/8/8/8/8/8/8/5X2/R3K2R w KQ - 0 1");
    assert!(has(&p, "e1h1") && has(&p, "e1a1") && has(&p, "e1g1"));
    let castled = play(&p, "e1h1");
    assert_eq!(castled.fen(), "4k3/8/8/8/8/8/8/5X2/R4RK1 b - - 1 1 -");
    let stepped = play(&p, "e1g1");
    assert_eq!(stepped.fen(), "4k3/8/8/8/8/8/8/5X2/R5KR b - - 1 1 -");
    let long = play(&p, "e1a1");
    assert_eq!(long.fen(), "4k3/8/8/8/8/8/8/5X2/2KR3R b - - 1 1 -");
    // Black castles on rank 9.
    let p = pos(PLAIN, "r3k2r/8/8/8/8/8/8/8/4K3 b kq - 0 1");
    assert!(has(&p, "e9h9") && has(&p, "e9a9"));
    assert_eq!(
        play(&p, "e9a9").fen(),
        "2kr3r/8/8/8/8/8/8/8/4K3 w - - 1 2 -"
    );
}

#[test]
fn castling_needs_every_square_between_king_and_rook_empty() {
    // A stone on b1 (between king and rook, though the king does not cross it).
    let p = pos(PLAIN, "4k3/8/8/8/8/8/8/8/RS2K2R w KQ - 0 1");
    assert!(!has(&p, "e1a1") && has(&p, "e1h1"));
}

#[test]
fn castling_landing_square_is_judged_after_the_turn() {
    // g1 is attacked along the g-file; a stone stepping to g5 closes the file.
    let p = pos(PLAIN, "k5r1/8/8/8/7S/8/8/8/4K2R w K - 0 1");
    assert!(!has(&p, "e1h1"));
    assert!(has(&p, "e1h1,h5g5"));
}

#[test]
fn castling_crossing_and_start_squares_are_judged_before_the_turn() {
    // f1 attacked: no neutral move can make castling legal.
    let p = pos(PLAIN, "k4r2/8/8/8/6S1/8/8/8/4K2R w K - 0 1");
    assert!(!piece_moves(&p).contains("e1h1"));
    assert!(has(&p, "e1d1") || has(&p, "e1d2"));
    // Out of check: the same, even with a stone ready to block.
    let p = pos(PLAIN, "k3r3/8/8/8/3S4/8/8/8/4K2R w K - 0 1");
    assert!(has(&p, "h1h2,d5e5"));
    assert!(!piece_moves(&p).contains("e1h1"));
}

// ---- the tunnel ----------------------------------------------------------------------

#[test]
fn a_rook_goes_through_the_tunnel_in_the_same_direction() {
    let p = pos(TUNNEL, "1k6/8/8/5G2/8/8/R1G5/8/7K w - - 0 1");
    let t = targets(&p, "a3");
    assert!(t.contains("g6") && t.contains("h6") && t.contains("b3"));
    assert!(!t.contains("c3") && !t.contains("d3") && !t.contains("f6"));
    assert!(!t.contains("f7") && !t.contains("e6"));
}

#[test]
fn a_bishop_goes_through_the_tunnel() {
    let p = pos(TUNNEL, "k7/8/8/5G2/8/8/2G5/8/B6K w - - 0 1");
    let t = targets(&p, "a1");
    assert!(t.contains("g7") && t.contains("h8") && t.contains("b2"));
    assert!(!t.contains("d4") && !t.contains("g6"));
}

#[test]
fn a_queen_goes_through_the_tunnel_without_turning() {
    let p = pos(TUNNEL, "1k6/8/8/5G2/8/8/Q1G5/8/7K w - - 0 1");
    let t = targets(&p, "a3");
    assert!(t.contains("g6") && t.contains("h6"));
    assert!(!t.contains("g7") && !t.contains("f7") && !t.contains("d3"));
}

#[test]
fn a_pawns_two_square_advance_uses_the_tunnel() {
    let p = pos(TUNNEL, "k7/8/8/8/6G1/8/3G4/3P4/7K w - - 0 1");
    assert_eq!(targets(&p, "d2"), set(&["g6"]));
    // Through the tunnel the pawn leaves no en-passant square.
    assert_eq!(play(&p, "d2g6").fen().split(' ').nth(3), Some("-"));
    // Off its start rank it has no two-square advance, so no tunnel.
    let p = pos(TUNNEL, "k7/8/8/8/6G1/3G4/3P4/8/7K w - - 0 1");
    assert!(targets(&p, "d4").is_empty());
}

#[test]
fn a_pawn_emerging_on_a_relay_goes_on_as_after_a_two_square_advance() {
    let p = pos(TUNNEL, "k7/8/8/6X1/6G1/8/3G4/3P4/7K w - - 0 1");
    assert_eq!(targets(&p, "d2"), set(&["g7", "g8"]));
}

#[test]
fn a_pawn_never_makes_a_null_move_through_the_tunnel() {
    // The push over the gate on c3 would come out of c1 onto c2 again.
    let p = pos(TUNNEL, "k7/8/8/8/8/8/2G5/2P5/2G4K w - - 0 1");
    assert!(targets(&p, "c2").is_empty());
}

#[test]
fn a_null_move_through_the_tunnel() {
    let p = pos(TUNNEL, "k7/8/8/6G1/6R1/6G1/8/8/7K w - - 0 1");
    assert!(targets(&p, "g5").contains("g5"));
}

#[test]
fn the_tunnel_works_only_with_exactly_two_gates() {
    let p = pos(TUNNEL, "1k6/8/8/8/8/8/R1G5/8/7K w - - 0 1");
    let t = targets(&p, "a3");
    assert_eq!(
        t.iter()
            .filter(|s| s.ends_with('3'))
            .cloned()
            .collect::<Vec<_>>(),
        vec!["b3"]
    );
}

#[test]
fn knights_and_kings_cannot_use_the_tunnel_nor_stop_on_gates() {
    let p = pos(TUNNEL, "k7/8/8/5G2/8/8/2G5/8/1N5K w - - 0 1");
    let t = targets(&p, "b1");
    assert_eq!(t, set(&["a3", "d2"]));
    let p = pos(TUNNEL, "k7/8/8/5G2/8/8/8/6G1/7K w - - 0 1");
    assert!(!targets(&p, "h1").contains("g2"));
}

#[test]
fn gates_move_through_relays_and_obey_ko() {
    let p = pos(TUNNEL, "k7/8/8/5G2/8/8/1XG5/8/7K w - - 0 1 d3c3");
    let n = neutral_moves_from(&p, "c3");
    assert_eq!(n, set(&["c3a3", "c3b2", "c3b4", "c3c2", "c3c4"]));
}

#[test]
fn stones_and_relays_do_not_use_the_tunnel() {
    let p = pos(TUNNEL, "k7/8/8/5G2/8/8/1SG5/8/7K w - - 0 1");
    let n = neutral_moves_from(&p, "b3");
    assert_eq!(n, set(&["b3a3", "b3b2", "b3b4"]));
}

#[test]
fn a_check_through_the_tunnel_can_be_ended_by_moving_a_gate() {
    // The black rook on a3 goes east into c3 and out of f6 onto g6 and h6.
    let p = pos(TUNNEL, "k7/8/8/5G1K/8/8/r1G5/8/8 w - - 0 1");
    assert!(rules::in_check(&p, Color::White));
    assert!(has(&p, "h6h5") && has(&p, "h6h7,c3c2"));
    assert!(has(&p, "h6h7") && !has(&p, "h6g6"));
    assert!(has(&p, "h6g6,c3c2") && has(&p, "h6g6,f6f5"));
}

// ---- perft of our own positions and the widest turn ----------------------------------

#[test]
fn perft_from_rule_positions() {
    // Baton's own counts (regression), from positions full of relay cases.
    for (variant, fen, depth, n) in [
        (PLAIN, "kSX5/8/1N1X4/8/8/8/8/8/7K b - - 0 1", 1, 8),
        (
            PLAIN,
            "r3k2r/pp3ppp/8/2X1pS2/1S1pX1S1/1SP5/8/PP3PPP/R3K2R w KQkq - 0 1",
            2,
            168_806,
        ),
        (
            PLAIN,
            "r3k2r/pppX1ppp/8/2S1p3/1S1p2S1/4P3/2X5/PPPP1PPP/R3K2R w KQkq - 0 1",
            2,
            234_291,
        ),
        (
            TUNNEL,
            "r3k2r/pp3ppp/6G1/2X1pS2/1S1pX1S1/1SP3G1/8/PP3PPP/R3K2R b KQkq - 0 1",
            2,
            247_445,
        ),
        (
            TUNNEL,
            "r3k2r/ppp2ppp/3X4/1S2p1G1/1S1pP1S1/1S4G1/2X5/PPP2PPP/R3K2R b KQkq e3e4 0 1",
            2,
            267_474,
        ),
    ] {
        assert_eq!(perft(&pos(variant, fen), depth), n, "{fen}");
    }
}

#[test]
fn the_widest_turns_fit_the_move_list() {
    for (variant, fen) in WIDEST {
        let p = pos(variant, fen);
        let n = stones::count(&p);
        assert!(n >= 12_000, "{n} turns in {fen}");
        // A third of room above the widest turn found.
        assert!(
            n * 3 / 2 <= baton_engine::rules::max_moves(variant),
            "{n} turns in {fen}"
        );
        assert_eq!(legal_move_list(&p).len(), n);
    }
}

/// The positions with the most turns found by a hill-climbing search over valid
/// positions (`examples/stones_widest.rs`): 12,288 and 15,127 turns.
const WIDEST: [(Variant, &str); 2] = [
    (
        PLAIN,
        "Q3RB1Q/Q1K2k2/8/1N4S1/Q2XXS2/1S4N1/7R/Q4S1Q/Q1BQ3Q w - - 0 1",
    ),
    (
        TUNNEL,
        "Q2Q3Q/Q1K1G3/6Q1/1N4N1/R2XXG1S/1S4S1/7k/Q1S2B1B/Q2RQ2Q w - - 0 1",
    ),
];

// ---- the search's generators ---------------------------------------------------------

/// Positions for the generators: the start positions, a middlegame, a check that
/// only neutral moves or king moves answer, figure 7's check, the widest turns.
fn generator_positions() -> Vec<Position> {
    let mut out = vec![
        Position::startpos(PLAIN),
        Position::startpos(TUNNEL),
        pos(
            PLAIN,
            "r1bqkb1r/pppp1ppp/2n2n2/1S2p3/1S1XX1S1/1S2P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 2 4",
        ),
        pos(PLAIN, KNIGHT_MATE_IN_ONE),
        pos(PLAIN, "kS6/1SN5/1S6/8/8/8/8/8/7K b - - 0 1"),
        pos(
            TUNNEL,
            "r3k2r/ppp2ppp/3X4/1S2p1G1/1S1pP1S1/1S4G1/2X5/PPP2PPP/R3K2R b KQkq e3e4 0 1",
        ),
    ];
    out.extend(WIDEST.iter().map(|&(v, fen)| pos(v, fen)));
    out
}

fn forms(p: &Position, f: stones::Forms, pieces: stones::Pieces) -> Vec<baton_engine::Move> {
    let mut list = baton_engine::rules::move_list(p.variant());
    stones::generate_some(p, f, pieces, &mut list);
    list.to_vec()
}

/// The texts of `forms`.
fn form_texts(p: &Position, f: stones::Forms, pieces: stones::Pieces) -> Vec<String> {
    let list = forms(p, f, pieces);
    list.iter().map(|&m| format_move(p, m)).collect()
}

#[test]
fn the_search_stages_partition_the_legal_turns() {
    use stones::{Forms, Pieces};
    for p in generator_positions() {
        let all: BTreeSet<String> = turns(&p);
        let plain = forms(&p, Forms::Plain, Pieces::All);
        let neutral = forms(&p, Forms::Neutral, Pieces::All);
        assert!(plain.iter().all(|m| m.extra.is_none()));
        assert!(neutral.iter().all(|m| m.extra.is_some()));
        let mut staged: Vec<String> = plain
            .iter()
            .chain(&neutral)
            .map(|&m| format_move(&p, m))
            .collect();
        staged.sort();
        let n = staged.len();
        staged.dedup();
        assert_eq!(n, staged.len(), "a turn twice in {}", p.fen());
        assert_eq!(
            staged.into_iter().collect::<BTreeSet<_>>(),
            all,
            "{}",
            p.fen()
        );
        // The same through the search's entry points.
        let mut list = baton_engine::rules::move_list(p.variant());
        movepick::staged_moves(&p, movepick::Stage::First, &mut list);
        assert_eq!(list.len(), plain.len());
        movepick::staged_moves(&p, movepick::Stage::Rest, &mut list);
        assert_eq!(list.len(), all.len());
    }
}

#[test]
fn one_form_per_piece_move_where_any_is_legal() {
    use stones::{Forms, Pieces};
    for p in generator_positions() {
        let first = form_texts(&p, Forms::First, Pieces::All);
        let all = turns(&p);
        assert!(first.iter().all(|t| all.contains(t)), "{}", p.fen());
        // Exactly one per piece move, the plain one where it is legal.
        let pieces: BTreeSet<String> = first
            .iter()
            .map(|t| t.split(',').next().unwrap_or("").to_string())
            .collect();
        assert_eq!(pieces.len(), first.len(), "{}", p.fen());
        assert_eq!(pieces, piece_moves(&p), "{}", p.fen());
        for t in &first {
            let piece = t.split(',').next().unwrap_or("");
            assert_eq!(t.contains(','), !all.contains(piece), "{t} in {}", p.fen());
        }
    }
}

#[test]
fn quiescence_sees_every_plain_capture_and_promotion() {
    use stones::{Forms, Pieces};
    for p in generator_positions() {
        let tactical: BTreeSet<String> = form_texts(&p, Forms::Plain, Pieces::Tactical)
            .into_iter()
            .collect();
        let expected: BTreeSet<String> = legal_move_list(&p)
            .iter()
            .filter(|&&m| m.extra.is_none() && (rules::is_capture(&p, m) || m.promotion.is_some()))
            .map(|&m| format_move(&p, m))
            .collect();
        assert_eq!(tactical, expected, "{}", p.fen());
        let mut list = baton_engine::rules::move_list(p.variant());
        movepick::tactical_moves(&p, &mut list);
        assert_eq!(list.len(), expected.len());
    }
}

#[test]
fn quiescence_evasions_are_legal_and_empty_only_at_mate() {
    // Mate; a plain escape; figure 7, where only forms with a neutral move escape.
    for fen in [
        KNIGHT_MATE,
        "kS6/1SN5/1S6/8/8/8/8/8/7K b - - 0 1",
        "kSX5/8/1N1X4/8/8/8/8/8/7K b - - 0 1",
    ] {
        let p = pos(PLAIN, fen);
        let mut list = baton_engine::rules::move_list(p.variant());
        movepick::quiescence_evasions(&p, &mut list);
        let all = turns(&p);
        assert_eq!(list.is_empty(), all.is_empty(), "{fen}");
        assert!(list.iter().all(|&m| all.contains(&format_move(&p, m))));
    }
}
