//! `baton tune` on recorded games, with and without a teacher engine (Baton itself
//! here: any UCI engine does).

use std::process::Command;

use baton_testkit::process::run_to_end;
use baton_testkit::shows;

/// Forty short knightmate games, each with its own first two moves so that their
/// positions differ (about every tenth game is held out).
fn games_file(test: &str) -> tempfile::TempPath {
    let mut games = String::new();
    for white in [
        "a2a3", "b2b3", "c2c3", "f2f3", "g2g3", "h2h3", "a2a4", "h2h4",
    ] {
        for black in ["a7a6", "b7b6", "g7g6", "h7h6", "c7c6"] {
            games += &format!(
                "[Variant \"knightmate\"]\n[Result \"0-1\"]\n\n\
                 1. {white} {black} 2. d2d4 d7d6 3. c1d2 c8d7 4. e2e3 e7e6 0-1\n\n"
            );
        }
    }
    let file = tempfile::Builder::new()
        .prefix(&format!("baton-tune-{test}-"))
        .suffix(".pgn")
        .tempfile()
        .expect("a temporary file");
    std::fs::write(file.path(), games).expect("temp file is writable");
    file.into_temp_path()
}

fn tune(args: &[&str]) -> (bool, String) {
    let mut baton = Command::new(env!("CARGO_BIN_EXE_baton"));
    // Where a run writes its weights file unless told (`--out`).
    baton.current_dir(std::env::temp_dir());
    run_to_end(baton.arg("tune").args(args))
}

/// The report of `baton tune --skip 0 ARGS` (every position of the games, from the
/// first ply), which must succeed.
fn fitted(args: &[&str]) -> String {
    let (ok, text) = tune(&[&["--skip", "0"], args].concat());
    assert!(ok, "{args:?}: {text}");
    text
}

/// `baton tune ARGS` fails, saying `part`.
fn refused(args: &[&str], part: &str) {
    let (ok, text) = tune(args);
    assert!(!ok, "{args:?}: {text}");
    shows(&text, part);
}

#[test]
fn tune_fits_game_results_and_prints_the_weights() {
    let file = games_file("results");
    let out = tempfile::Builder::new()
        .prefix("baton-tune-out-")
        .suffix(".toml")
        .tempfile()
        .expect("a temporary file")
        .into_temp_path();
    let out_path = out.to_str().unwrap();
    let text = fitted(&["--passes", "1", "--out", out_path, file.to_str().unwrap()]);
    shows(&text, "217 positions to fit, 32 held out");
    shows(&text, &format!("weights written to {out_path}"));
    // The file is a weights file the build reads, holding the numbers the report gives.
    let written = std::fs::read_to_string(&out).expect("tune wrote its file");
    let w = baton_engine::eval::Weights::parse(&written, baton_engine::Variant::Knightmate)
        .expect("tune's file parses");
    for (name, value) in w.tunable() {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name.as_str()))
            .unwrap_or_else(|| panic!("{name} is not in the report"));
        assert!(line.contains(&format!("-> {value:6}")), "{line}: {value}");
    }
}

#[test]
fn a_teacher_engine_labels_every_position() {
    let file = games_file("teacher");
    let teacher = format!("cmd={}", env!("CARGO_BIN_EXE_baton"));
    let path = file.to_str().unwrap();
    let text = fitted(&[
        "--passes",
        "1",
        "--teacher",
        &teacher,
        "depth=2",
        "processes=2",
        "--mix",
        "0.25",
        path,
    ]);
    shows(&text, "the teacher scored 217 of 217 positions");
    shows(&text, "the teacher scored 32 of 32 positions");
    shows(&text, "weights written to");
}

#[test]
fn bad_teacher_settings_are_refused() {
    let file = games_file("refused");
    for args in [
        vec!["--teacher", "depth=2"],
        vec!["--teacher", "cmd=x", "tc=10+0.1"],
        vec!["--teacher", "cmd=x", "processes=0"],
        vec!["--mix", "2"],
    ] {
        let mut args = args.clone();
        let path = file.to_str().unwrap();
        args.push(path);
        let (ok, text) = tune(&args);
        assert!(!ok, "{args:?}: {text}");
    }
    // A teacher that cannot start is an error, not a crash.
    let path = file.to_str().unwrap();
    refused(
        &["--skip", "0", "--teacher", "cmd=/nonexistent/engine", path],
        "cannot start",
    );
    // So is one that does not play the games' variant (the fake engine with no
    // UCI_Variant option plays chess only).
    let fake = format!("cmd={}", baton_testkit::fake_engine().display());
    refused(
        &[
            "--skip",
            "0",
            "--teacher",
            &fake,
            "arg=script",
            "arg=variants=",
            path,
        ],
        &format!(
            "error: teacher '{}' does not play knightmate (it has no UCI_Variant option: \
             it plays chess only)\nNothing was tuned: give --teacher an engine that plays it.",
            baton_testkit::fake_engine().display()
        ),
    );
}

#[test]
fn only_the_weights_named_by_only_move() {
    let file = games_file("only");
    let path = file.to_str().unwrap();
    let text = fitted(&[
        "--passes",
        "3",
        "--only",
        "mobility.",
        "--only",
        "tempo",
        path,
    ]);
    // The report marks each weight that moved with '*'.
    let moved: Vec<&str> = text.lines().filter(|l| l.ends_with(" *")).collect();
    assert!(!moved.is_empty(), "{text}");
    for line in moved {
        assert!(
            line.starts_with("mobility.") || line.starts_with("tempo"),
            "{line}"
        );
    }
    refused(&["--skip", "0", "--only", "nosuch", path], "--only");
}

#[test]
fn a_given_scale_is_held_and_a_bad_one_refused() {
    let file = games_file("scale");
    let path = file.to_str().unwrap();
    let text = fitted(&["--passes", "1", "--scale", "0.75", path]);
    shows(&text, "scale K = 0.750 (given)");
    // Without it the scale is fitted, and said to be.
    let (ok, text) = tune(&["--skip", "0", "--passes", "1", path]);
    assert!(ok && !text.contains("(given)"), "{text}");
    refused(
        &["--scale", "steep", path],
        "'steep' for '--scale <K>': the scale must be a number above 0",
    );
    refused(
        &["--scale", "0", path],
        "'0' for '--scale <K>': the scale must be above 0",
    );
}

/// With `--scores` and `--net`, the recorded scores of the named mover are the targets
/// and a learned correction is written that the engine reads.
#[test]
fn a_network_is_trained_on_the_scores_the_games_recorded() {
    let file = games_file("net");
    let text = std::fs::read_to_string(&file).expect("written above");
    // Black (the teacher here) recorded a score after each of its moves.
    let scored = text
        .replace("[Variant", "[White \"Baton\"]\n[Black \"FSF\"]\n[Variant")
        .replace(" d7d6", " d7d6 {-0.40/9 0.01s}")
        .replace(" c8d7", " c8d7 {-0.50/9 0.01s}")
        .replace(" e7e6", " e7e6 {+M2/9 0.01s}");
    std::fs::write(&file, scored).expect("temp file is writable");
    let net = file.with_extension("nn");
    let (net_path, games) = (net.to_str().unwrap(), file.to_str().unwrap());
    // Black's recorded scores are the targets; `then` names what to do with them.
    let with_scores = |then: &[&str]| {
        let mut args = vec!["--skip", "0", "--scores", "FSF"];
        args.extend_from_slice(then);
        args.push(games);
        tune(&args)
    };
    let (ok, out) = with_scores(&["--passes", "2", "--net", net_path]);
    assert!(ok, "{out}");
    // Black's first two scores a game are targets (a mate is no score).
    shows(&out, "positions to fit");
    shows(&out, "network written");
    let bytes = std::fs::read(&net).expect("the network was written");
    assert!(
        baton_engine::eval::network::Network::read(&bytes, baton_engine::Variant::Knightmate)
            .is_ok()
    );
    // --loss-of reports a network's loss on the same positions, fitting nothing; a
    // file that is no network is refused with the reason.
    let loss_of = |path: &str| with_scores(&["--loss-of", path]);
    let (ok, out) = loss_of(net_path);
    assert!(ok, "{out}");
    shows(&out, "hand-made evaluation: loss");
    shows(&out, "with the network: loss");
    let (ok, out) = loss_of(games);
    assert!(!ok && out.contains("not a Baton network"), "{out}");
    let _ = std::fs::remove_file(net);
}
