//! PGN files other programs wrote, read by `baton match --replay` and `baton tune`:
//! a cutechess-cli knightmate game (its tags, `{+0.61/13 0.59s}` comments, `{book}`,
//! `{White mates}`) and a lichess export (`Standard`, `From Position`, clock and eval
//! comments, NAGs, a variation, annotations glued to moves); and a file with a broken
//! game in the middle, reported with its number and move while the others are read.

use std::process::{Command, Output};

use baton_testkit::shows;

const CUTECHESS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cutechess-knightmate.pgn"
);
const LICHESS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/lichess-standard.pgn"
);

fn baton(args: &[&str]) -> (Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_baton"))
        .args(args)
        .output()
        .expect("baton runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out, text)
}

#[test]
fn replay_reads_a_pgn_cutechess_cli_wrote() {
    let (out, text) = baton(&["match", "--replay", CUTECHESS]);
    assert!(out.status.success(), "{text}");
    shows(&text, "replayed 1 games: 1 ok, 0 mismatches");
    shows(&text, "Fairy-Stockfish 14: 1 games, +1 -0 =0");
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
    shows(&text, "game 2 (c - d): MISMATCH: ply 3: illegal move 'Nf6'");
    shows(&text, "replayed 3 games: 2 ok, 1 mismatches");
}

#[test]
fn tune_reads_cutechess_and_lichess_games() {
    // The knightmate game's quiet positions (one game: all held out or all fitted).
    let (out, text) = baton(&["tune", "--skip", "0", "--passes", "1", CUTECHESS]);
    shows(&text, "0 positions to fit, 10 held out");
    assert!(!out.status.success(), "too few positions to fit: {text}");
    // lichess's standard games, the time forfeit left out (it says nothing of the
    // positions).
    let (out, text) = baton(&[
        "tune",
        "--variant",
        "chess",
        "--skip",
        "0",
        "--passes",
        "1",
        LICHESS,
    ]);
    assert!(out.status.success(), "{text}");
    shows(&text, "5 positions to fit, 6 held out");
}
