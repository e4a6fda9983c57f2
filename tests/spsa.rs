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
        "start: rfp_depth=7.00 rfp_margin=80.00 null_margin=200.00",
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

/// The counts of pairs won, lost and even in the report line of `pair`.
fn counts(text: &str, pair: u64) -> [u64; 3] {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("pair {pair}: ")))
        .unwrap_or_else(|| panic!("no report of pair {pair}: {text}"));
    let number = |after: &str| -> u64 {
        let rest = &line[line.find(after).expect(after) + after.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().expect("a count")
    };
    [
        number("pushed-up set "),
        number(", lost "),
        number(", even "),
    ]
}

/// The estimates of the report line of `pair`.
fn estimates(text: &str, pair: u64) -> String {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("pair {pair}: ")))
        .expect("a report line");
    line.rsplit("; ").next().expect("estimates").to_string()
}

/// A run stopped after a report and resumed from it (the same seed, threads and
/// total; `--first` one past the pair, `--start` the estimates printed) plays the
/// games the whole run would have played after that pair.
#[test]
fn a_run_resumed_from_a_report_plays_what_the_whole_run_would() {
    let common = [
        "knightmate",
        "--params",
        "futility_margin,rfp_margin",
        "--total",
        "4",
        "--threads",
        "2",
        "--nodes",
        "300",
        "--seed",
        "9",
        "--report",
        "2",
    ];
    let (ok, whole) = spsa(&[&common[..], &["--pairs", "4"]].concat());
    assert!(ok, "{whole}");
    // In the order named.
    shows(&whole, "start: futility_margin=120.00 rfp_margin=80.00\n");
    let start = estimates(&whole, 2);
    let (ok, resumed) = spsa(
        &[
            &common[..],
            &["--first", "3", "--pairs", "2", "--start", &start],
        ]
        .concat(),
    );
    assert!(ok, "{resumed}");
    shows(&resumed, "pairs 3-4 of 4");
    shows(&resumed, &format!("start: {start}\n"));
    let (before, after, again) = (counts(&whole, 2), counts(&whole, 4), counts(&resumed, 4));
    assert_eq!(
        again,
        [
            after[0] - before[0],
            after[1] - before[1],
            after[2] - before[2]
        ],
        "{whole}\n{resumed}"
    );
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
            &["knightmate", "--start", "rfp_depth=0.5"][..],
            "--start: rfp_depth value 0.5 out of range 1..12",
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
