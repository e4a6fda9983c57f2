//! PGN files other programs wrote, read by `baton match --replay` and `baton tune`:
//! games that cutechess-cli really played and wrote (chess, knightmate, knightrelay:
//! Baton against Fairy-Stockfish and against itself, their tags, `{+0.61/13 0.59s}`
//! comments, `{Black mates}`, FEN openings, a time forfeit and knightrelay's `b3` that
//! fits two moves) and a lichess export (`Standard`, `From Position`, clock and eval
//! comments, NAGs, a variation, annotations glued to moves); and a file with a broken
//! game in the middle, reported with its number and move while the others are read.
//!
//! The `cutechess-*.pgn` files are as cutechess-cli 1.5.1 (built against Qt 6.4.2 from
//! the Cute Chess source at commit 5e84232b) wrote them on 2026-12-06, a few games kept
//! from each run (whole, unedited): `-each tc=4+0.05`, Baton (this branch) against
//! Debian's Fairy-Stockfish 11.1 and against itself (`Baton2`), from the start and
//! from `benches/openings/*.epd`.

use std::process::{Command, Output};

use baton_engine::pgn::read_games;
use baton_engine::{parse_move, parse_san, MoveError};
use baton_testkit::shows;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

const LICHESS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/lichess-standard.pgn"
);

/// cutechess-cli's files: the file, its variant, its games, and the tally lines
/// `--replay` prints for them.
const CUTECHESS: [(&str, &str, usize, &[&str]); 3] = [
    (
        "cutechess-chess.pgn",
        "chess",
        3,
        &[
            "Baton: 3 games, +1 -2 =0",
            "Baton2: 1 games, +1 -0 =0",
            "Fairy-Stockfish: 2 games, +1 -1 =0",
        ],
    ),
    (
        "cutechess-knightmate.pgn",
        "knightmate",
        3,
        &[
            "Baton: 3 games, +2 -0 =1",
            "Baton2: 1 games, +0 -1 =0",
            "Fairy-Stockfish: 2 games, +0 -1 =1",
        ],
    ),
    (
        "cutechess-knightrelay.pgn",
        "knightrelay",
        4,
        &["Baton: 4 games, +3 -0 =1", "Baton2: 4 games, +0 -3 =1"],
    ),
];

fn baton(args: &[&str]) -> (Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_baton"))
        .args(args)
        .output()
        .expect("baton runs");
    let text = baton_testkit::process::output_text(&out);
    (out, text)
}

#[test]
fn replay_reads_the_pgns_cutechess_cli_wrote() {
    for (file, _, games, tallies) in CUTECHESS {
        let (out, text) = baton(&["match", "--replay", &data(file)]);
        assert!(out.status.success(), "{file}: {text}");
        let summary = format!("replayed {games} games: {games} ok, 0 mismatches");
        assert!(text.contains(&summary), "{file}: {text}");
        for tally in tallies {
            assert!(text.contains(tally), "{file}: {tally}: {text}");
        }
    }
}

#[test]
fn every_move_cutechess_cli_wrote_reads_as_one_legal_move() {
    for (file, variant, games, _) in CUTECHESS {
        let text = std::fs::read_to_string(data(file)).expect("the file");
        let read = read_games(&text);
        assert_eq!(read.len(), games, "{file}");
        for (k, g) in read.iter().enumerate() {
            assert_eq!(g.variant().map(|v| v.name()), Ok(variant), "{file}");
            let (_, moves) = g
                .replay()
                .unwrap_or_else(|e| panic!("{file}: game {}: {e}", k + 1));
            assert_eq!(moves.len(), g.moves.len(), "{file}: game {}", k + 1);
            let plies: usize = g.tag("PlyCount").and_then(|n| n.parse().ok()).unwrap_or(0);
            assert_eq!(moves.len(), plies, "{file}: game {}", k + 1);
            // What `baton tune` reads: every move in Baton's coordinates, legal in turn.
            let mut pos = g.start().expect("the start");
            for m in g.coordinate_moves() {
                let played = parse_move(&pos, &m).unwrap_or_else(|e| panic!("{file}: {e}"));
                pos = pos.play(played);
            }
        }
    }
    // Knightrelay's pawns: cutechess-cli writes a push and a relayed leap to the same
    // square alike (`3. b3` in the first game: b2-b3, or d2-b3 relayed by the f3
    // knight), and only one reading lets the rest of the game replay: the leap.
    let text = std::fs::read_to_string(data("cutechess-knightrelay.pgn")).expect("the file");
    let g = &read_games(&text)[0];
    assert_eq!(g.moves[4], "b3");
    let (mut pos, moves) = g.replay().expect("the game replays");
    for &m in &moves[..4] {
        pos = pos.play(m);
    }
    assert_eq!(
        parse_san(&pos, "b3"),
        Err(MoveError::Ambiguous("b3".into()))
    );
    assert_eq!(g.coordinate_moves()[4], "d2b3");
}

#[test]
fn replay_reads_a_lichess_export() {
    let (out, text) = baton(&["match", "--replay", LICHESS]);
    assert!(out.status.success(), "{text}");
    shows(&text, "replayed 3 games: 3 ok, 0 mismatches");
}

#[test]
fn a_broken_game_is_named_by_number_and_move_and_the_rest_are_read() {
    let path = std::env::temp_dir().join(format!("baton-broken-{}.pgn", std::process::id()));
    let games = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
                 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                 [White \"c\"]\n[Black \"d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf6 Nc6 1-0\n\n\
                 [White \"e\"]\n[Black \"f\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    std::fs::write(&path, games).expect("a temporary file");
    let (out, text) = baton(&["match", "--replay", path.to_str().expect("a path")]);
    let _ = std::fs::remove_file(&path);
    assert!(!out.status.success(), "{text}");
    shows(
        &text,
        "game 2 (c - d): MISMATCH: ply 3 (2.): illegal move 'Nf6'",
    );
    shows(&text, "replayed 3 games: 2 ok, 1 mismatches");
}

#[test]
fn tune_reads_cutechess_and_lichess_games() {
    // The quiet positions of each file's games that ended by the rules (a forfeit says
    // nothing of the positions); these few games are all fitted, none held out, which
    // tune refuses after counting them.
    for (file, variant, positions) in [
        ("cutechess-chess.pgn", "chess", 264),
        ("cutechess-knightmate.pgn", "knightmate", 193),
        ("cutechess-knightrelay.pgn", "knightrelay", 239),
    ] {
        let (out, text) = baton(&[
            "tune",
            "--variant",
            variant,
            "--skip",
            "0",
            "--passes",
            "1",
            &data(file),
        ]);
        let counted = format!("{positions} positions to fit, 0 held out");
        assert!(text.contains(&counted), "{file}: {text}");
        assert!(!out.status.success(), "{file}: nothing held out: {text}");
    }
    // lichess's standard games, the time forfeit left out (it says nothing of the
    // positions).
    // Its weights file goes to a temporary file, not the working directory.
    let weights = tempfile::NamedTempFile::new().expect("a temporary file");
    let (out, text) = baton(&[
        "tune",
        "--variant",
        "chess",
        "--skip",
        "0",
        "--passes",
        "1",
        "--out",
        weights.path().to_str().expect("a UTF-8 path"),
        LICHESS,
    ]);
    assert!(out.status.success(), "{text}");
    shows(&text, "5 positions to fit, 6 held out");
}
