//! `baton spsa`: a short run plays its pairs, prints its estimates and ends with a
//! `Tune` value the engine accepts; the same seed plays the same run; bad words are
//! refused with the reason.

use std::process::Command;

use baton_engine::search::Tune;
use baton_testkit::process::run_to_end;
use baton_testkit::shows;

fn spsa(args: &[&str]) -> (bool, String) {
    run_to_end(
        Command::new(env!("CARGO_BIN_EXE_baton"))
            .arg("spsa")
            .args(args),
    )
}

#[test]
fn a_short_run_prints_its_estimates_and_a_tune_value_the_engine_reads() {
    let out = tempfile::NamedTempFile::new().expect("a temporary file");
    let path = out.path().to_str().expect("a path");
    let args = [
        "knightmate",
        "--pairs",
        "3",
        "--threads",
        "2",
        "--nodes",
        "300",
        "--report",
        "1",
        "--seed",
        "5",
        "--out",
        path,
    ];
    let (ok, text) = spsa(&args);
    assert!(ok, "{text}");
    shows(
        &text,
        "spsa knightmate: pairs 1-3 of 3, 300 nodes a move, 2 pairs at once",
    );
    shows(
        &text,
        "start: rfp_depth=7.0 rfp_margin=80.0 null_margin=200.0",
    );
    for k in 1..=3 {
        shows(&text, &format!("pair {k}: pairs won by the pushed-up set "));
    }
    let written = std::fs::read_to_string(path).expect("the --out file");
    let tune = Tune::parse(written.trim()).expect("a Tune value");
    assert_eq!(tune.to_string(), written.trim());
    shows(&text, &format!("tuned: option.Tune=\"{tune}\""));
    for name in ["rfp_depth=", "history_depth="] {
        assert!(written.contains(name), "{written}");
    }
    // The same seed plays the same games: the same estimates.
    let (again_ok, again) = spsa(&args);
    assert!(again_ok, "{again}");
    assert_eq!(again, text);
}

#[test]
fn a_resumed_run_starts_where_it_is_told() {
    let (ok, text) = spsa(&[
        "knightmate",
        "--params",
        "futility_margin,rfp_margin",
        "--start",
        "rfp_margin=90 futility_margin=110",
        "--total",
        "100",
        "--first",
        "51",
        "--pairs",
        "1",
        "--threads",
        "1",
        "--nodes",
        "300",
    ]);
    assert!(ok, "{text}");
    shows(&text, "pairs 51-51 of 100");
    // In the order named.
    shows(&text, "start: futility_margin=110.0 rfp_margin=90.0\n");
}

#[test]
fn bad_words_are_refused_with_the_reason() {
    for (args, why) in [
        (
            &["knightmate", "--params", "lmr"][..],
            "no tunable number is named 'lmr' (there are: rfp_depth,",
        ),
        (
            &[
                "knightmate",
                "--first",
                "5",
                "--pairs",
                "10",
                "--total",
                "8",
            ][..],
            "this run would end at pair 14, past the schedule's --total 8",
        ),
        (
            &["knightmate", "--start", "rfp_depth=0"][..],
            "rfp_depth value 0 out of range 1..12",
        ),
        (
            &["knightmate", "--r-end", "0"][..],
            "--r-end must be a number above 0",
        ),
        (&["crazyhouse"][..], "crazyhouse"),
    ] {
        let (ok, text) = spsa(args);
        assert!(!ok, "{args:?}: {text}");
        shows(&text, why);
    }
}
