//! Baton's PGN read by programs nobody here wrote (`tests/outside_readers.py`):
//! python-chess reads every chess game, pyffish (Fairy-Stockfish) every knightmate
//! game, each move legal and each SAN token exactly their own; `pgn-extract` reads
//! the chess games without a complaint. The games are those `baton match` writes
//! (Baton against itself) and random games written by the engine's PGN writer, which
//! reach promotions, castling, en passant and mates that short matches rarely do.
//! Under CI (`CI=true`) a missing program fails the test; elsewhere it is skipped,
//! saying why (`.ci/run` installs them).

use std::path::{Path, PathBuf};
use std::process::Command;

use baton_engine::pgn::{write_game, GameText, Notation};
use baton_engine::rules::terminal;
use baton_engine::{Position, Variant};
use baton_testkit::{random_game, Rng};

const BATON: &str = env!("CARGO_BIN_EXE_baton");
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/outside_readers.py");
const PGN_EXTRACT: &str = "/usr/games/pgn-extract";

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("baton-outside-{}-{name}", std::process::id()))
}

/// A short match of Baton against itself in `variant`, its PGN's path.
/// (`test` names the files: tests run at once, and `--pgn` appends.)
fn match_games(variant: Variant, test: &str) -> PathBuf {
    let pgn = temp(&format!("{test}-{}-match.pgn", variant.name()));
    let engine = format!("cmd={BATON}");
    let out = Command::new(BATON)
        .args([
            "match", "--engine", &engine, "name=one", "--engine", &engine, "name=two",
        ])
        .args(["--variant", variant.name(), "--depth", "2", "--games", "4"])
        .args(["--maxmoves", "80", "--pgn"])
        .arg(&pgn)
        .output()
        .expect("baton match runs");
    assert!(out.status.success(), "{out:?}");
    pgn
}

/// `games` random games of `variant` (up to 200 plies each, to the end where one
/// comes), written by the engine's PGN writer in SAN; the file's path.
fn random_games(variant: Variant, games: usize, seed: u64, test: &str) -> PathBuf {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    for round in 1..=games {
        let start = Position::startpos(variant);
        let (pos, moves) = random_game(&start, 200, &mut rng);
        // Mate and stalemate are results; a game cut at 200 plies is unfinished.
        let result = terminal(&pos).map_or("*", |o| o.result_text());
        let tags = [
            ("Event", "random".to_string()),
            ("Site", "?".into()),
            ("Date", "????.??.??".into()),
            ("Round", round.to_string()),
            ("White", "a".into()),
            ("Black", "b".into()),
            ("Result", result.to_string()),
            ("Variant", variant.name().into()),
            ("SetUp", "1".into()),
            ("FEN", start.fen()),
            ("PlyCount", moves.len().to_string()),
        ];
        text += &write_game(&GameText {
            tags: tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
            start,
            moves,
            comments: Vec::new(),
            end: None,
            result: result.to_string(),
            notation: Notation::San,
        });
    }
    let path = temp(&format!("{test}-{}-random.pgn", variant.name()));
    std::fs::write(&path, text).expect("a temporary file");
    path
}

fn read_with(reader: &str, files: &[&Path]) {
    let out = Command::new("python3")
        .arg(SCRIPT)
        .arg(reader)
        .args(files)
        .output()
        .expect("python3 runs");
    let said = baton_testkit::process::output_text(&out);
    assert!(out.status.success(), "{said}");
    assert_eq!(
        said.matches(&format!("every SAN token {reader}'s own"))
            .count(),
        files.len()
    );
    print!("{said}");
}

/// `reader` (the script's name for the Python module `module`) reads every game of a
/// short match and `random` random games of `variant` (seeded by `seed`) as Baton
/// writes them.
fn python_reads(variant: Variant, module: &str, reader: &str, random: usize, seed: u64) {
    if !baton_testkit::python_has(module) {
        return;
    }
    let played = match_games(variant, reader);
    let random = random_games(variant, random, seed, reader);
    read_with(reader, &[&played, &random]);
    let _ = (std::fs::remove_file(played), std::fs::remove_file(random));
}

#[test]
fn python_chess_reads_every_chess_game_baton_writes() {
    python_reads(Variant::Chess, "chess", "python-chess", 300, 0xc4e55);
}

#[test]
fn pyffish_reads_every_knightmate_game_baton_writes() {
    // pyffish takes about 5 ms a call (three a ply here): a few thousand plies.
    python_reads(Variant::Knightmate, "pyffish", "pyffish", 12, 0x6b6d);
}

#[test]
fn pgn_extract_reads_batons_chess_games_without_a_complaint() {
    if !baton_testkit::installed("pgn-extract", &[PGN_EXTRACT]) {
        return;
    }
    let played = match_games(Variant::Chess, "pgn-extract");
    let random = random_games(Variant::Chess, 100, 0x9e7, "pgn-extract");
    for (file, games) in [(&played, 4), (&random, 100)] {
        let copy = temp("pgn-extract-out.pgn");
        let out = Command::new(PGN_EXTRACT)
            .arg("-s")
            .arg(file)
            .arg("-o")
            .arg(&copy)
            .output()
            .expect("pgn-extract runs");
        let said = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        // pgn-extract exits 0 even when a move fails; it says so, and drops the game.
        assert!(out.status.success() && said.trim().is_empty(), "{said}");
        let kept = std::fs::read_to_string(&copy).expect("pgn-extract's output");
        assert_eq!(kept.matches("[Event ").count(), games, "{kept}");
        let _ = std::fs::remove_file(copy);
    }
    let _ = (std::fs::remove_file(played), std::fs::remove_file(random));
}
