//! The engine's PGN: what the reader takes (SAN and coordinates, comments, NAGs,
//! variations, escapes, other programs' variant names) and that every game the
//! writer writes, in either notation and every variant, reads back move for move.

use baton_engine::pgn::{read_games, variant_from_tag, write_game, GameText, Notation};
use baton_engine::{Position, Variant};
use baton_testkit::{random_game, Rng};

#[test]
fn movetext_skips_numbers_comments_nags_variations_and_escapes() {
    let text = "% an escape line\n[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n\
                1.e4 {a {comment} e5!? (1... d5 2. exd5 (2. e5)) 2. Nf3 $1 ; rest of line\n\
                % escape\n2... Nc6 {one} {two} 3. Bb5 ?! 1/2-1/2\n";
    let games = read_games(text);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert!(g.problems.is_empty(), "{:?}", g.problems);
    assert_eq!(g.moves, ["e4", "e5!?", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(g.comments, ["a {comment", "", "", "one two", ""]);
    assert_eq!(g.result_token.as_deref(), Some("1/2-1/2"));
    let (_, moves) = g.replay().expect("the game replays");
    assert_eq!(moves.len(), 5);
    assert_eq!(
        g.coordinate_moves(),
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]
    );
}

#[test]
fn a_move_that_does_not_read_is_named_with_its_number() {
    let g = &read_games("[Result \"*\"]\n\n1. e4 e5 2. Nf6 *\n")[0];
    assert_eq!(g.replay().unwrap_err(), "ply 3 (2.): illegal move 'Nf6'");
    let g =
        &read_games("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 9\"]\n\n9... Kd7 10. O-O Kc8 11. Rf9 *\n")
            [0];
    assert_eq!(
        g.replay().unwrap_err(),
        "ply 4 (11.): cannot read 'Rf9' as a move"
    );
}

#[test]
fn an_ambiguous_move_is_read_as_the_one_the_rest_of_the_game_allows() {
    // cutechess-cli writes knightrelay's push b2-b3 and the relayed leap d2-b3 (the
    // knights on b1 and f3 relay the d2 pawn) both as `b3`; `3. d4` leaves the push.
    let g = &read_games("[Variant \"knightrelay\"]\n\n1. Nf3 Nf6 2. b3 Nd5 3. d4 *\n")[0];
    assert_eq!(g.replay().map(|(_, m)| m.len()), Ok(5));
    assert_eq!(
        g.coordinate_moves(),
        ["g1f3", "g8f6", "b2b3", "f6d5", "d2d4"]
    );
    // Without a later move to settle it, the text stays ambiguous.
    let g = &read_games("[Variant \"knightrelay\"]\n\n1. Nf3 Nf6 2. b3 *\n")[0];
    assert_eq!(
        g.replay().unwrap_err(),
        "ply 3 (2.): 'b3' fits more than one legal move, and the game replays either way"
    );
}

#[test]
fn variant_names_as_other_programs_write_them() {
    let names: [(Variant, &[&str]); 6] = [
        (
            Variant::Chess,
            &["chess", "Standard", "From Position", "normal"],
        ),
        (Variant::Knightmate, &["Knightmate"]),
        (Variant::KnightRelay, &["knightrelay", "Knight Relay"]),
        (Variant::CombiningKnightmare, &["combiningknightmare"]),
        (Variant::StonesRelaysTunnel, &["stonesrelays-tunnel"]),
        (Variant::FlipShatranj8, &["flipshatranj8"]),
    ];
    for (v, written) in names {
        for name in written {
            assert_eq!(variant_from_tag(name), Ok(v), "{name}");
        }
    }
    assert!(variant_from_tag("crazyhouse")
        .unwrap_err()
        .contains("unknown variant 'crazyhouse'"));
}

/// A random game of `plies` from the start, written and read back in both notations.
fn round_trip(v: Variant, plies: usize, seed: u64) {
    let start = Position::startpos(v);
    let (_, moves) = random_game(&start, plies, &mut Rng::new(seed));
    for notation in [Notation::San, Notation::Coordinates] {
        let comments = moves
            .iter()
            .enumerate()
            .map(|(k, _)| {
                if k % 3 == 0 {
                    vec![format!("+0.{k}/9 0.1s")]
                } else {
                    vec![]
                }
            })
            .collect();
        let text = write_game(&GameText {
            tags: vec![
                ("Event".into(), "t".into()),
                ("Result".into(), "*".into()),
                ("Variant".into(), v.name().into()),
                ("FEN".into(), start.fen()),
            ],
            start: start.clone(),
            moves: moves.clone(),
            comments,
            end: Some("unfinished {really}".into()),
            result: "*".into(),
            notation,
        });
        let movetext = text.lines().filter(|l| !l.starts_with('['));
        assert!(movetext.into_iter().all(|l| l.len() <= 79), "{text}");
        let games = read_games(&text);
        assert_eq!(games.len(), 1, "{text}");
        let (read_start, read) = games[0].replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read_start.fen(), start.fen());
        assert_eq!(read, moves, "{text}");
    }
}

#[test]
fn written_games_read_back_in_every_variant_and_both_notations() {
    for (k, v) in Variant::ALL.into_iter().enumerate() {
        let plies = match v {
            Variant::StonesRelays | Variant::StonesRelaysTunnel => 20,
            _ => 120,
        };
        for seed in 1..=3 {
            round_trip(v, plies, 0x9e37 * (k as u64 + 1) + seed);
        }
    }
}
