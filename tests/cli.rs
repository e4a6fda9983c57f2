//! The command line outside the protocol loop: what a person typing `baton ...` in a
//! terminal is told.

use std::process::{Command, Stdio};

const BATON: &str = env!("CARGO_BIN_EXE_baton");

/// Every subcommand `baton --help` lists.
const COMMANDS: [&str; 9] = [
    "perft", "bench", "match", "tune", "openings", "datagen", "train", "spsa", "gui",
];

/// `baton <command> --help` (and `-h`) prints that command's usage on stdout and
/// succeeds, for every subcommand; the options are read by nobody else first.
#[test]
fn every_subcommand_prints_its_usage_on_help() {
    for command in COMMANDS {
        for flag in ["--help", "-h"] {
            let out = Command::new(BATON)
                .args([command, flag])
                .output()
                .expect("run baton");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{command} {flag}: {out:?}");
            assert!(
                stdout.contains(&format!("Usage: baton {command}")),
                "{command} {flag}: {stdout}"
            );
            assert!(out.stderr.is_empty(), "{command} {flag}: {out:?}");
        }
    }
    // The overview names the way to each command's options.
    let out = Command::new(BATON)
        .arg("--help")
        .output()
        .expect("run baton");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("baton <command> --help"), "{stdout}");
    assert!(stdout.ends_with('\n'), "{stdout:?}");
}

/// Every command's help shows examples of its use.
#[test]
fn every_subcommand_help_has_examples() {
    for command in COMMANDS {
        let out = Command::new(BATON)
            .args([command, "--help"])
            .output()
            .expect("run baton");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(&format!("Examples:\n  baton {command}")),
            "{command}: {stdout}"
        );
    }
}

/// A subcommand's own mistakes name the word and what is accepted, and exit with
/// status 2.
#[test]
fn a_bad_subcommand_line_names_the_word_and_fails() {
    for (line, why) in [
        (
            &["perft", "chess"][..],
            "required arguments were not provided",
        ),
        (&["perft", "chess", "startpos", "x"], "bad depth 'x'"),
        (&["tune", "--bogus"], "unexpected argument '--bogus'"),
        (
            &["bench", "nosuch"],
            "unknown variant 'nosuch' (known: chess,",
        ),
        (&["nosuch"], "unrecognized subcommand 'nosuch'"),
        (
            &["match", "--merge", "a.pgn", "--tc", "1"],
            "'--merge <FILE.pgn>...' cannot be used with '--tc <TC>'",
        ),
    ] {
        let out = Command::new(BATON).args(line).output().expect("run baton");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{line:?}: {stderr}");
        assert!(stderr.contains(why), "{line:?}: {stderr}");
    }
}

/// Mistakes found after the words were read end with the exit code `baton --help`
/// documents: 2 for bad input (a FEN, a file with nothing the command reads), 1 for a
/// run that failed (an engine that does not start, games that do not replay); each says
/// what happened and what to do.
#[test]
fn failures_after_the_words_exit_with_their_documented_code() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let empty = dir.path().join("empty.pgn");
    std::fs::write(&empty, "").expect("write");
    let empty = empty.to_str().expect("a path");
    let illegal = dir.path().join("illegal.pgn");
    std::fs::write(
        &illegal,
        "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf6 1-0\n",
    )
    .expect("write");
    let illegal = illegal.to_str().expect("a path");
    for (line, code, parts) in [
        (
            &["perft", "chess", "8/8/8/8", "1"][..],
            2,
            &["bad FEN '8/8/8/8'", "Usage: baton perft"][..],
        ),
        (
            &["match", "--replay", empty],
            2,
            &[
                "no games in",
                "a PGN game is tag lines",
                "try 'baton match --help'",
            ],
        ),
        (
            &["tune", "--skip", "0", empty],
            2,
            &["too few quiet positions", "give more games"],
        ),
        // The learned correction's inputs are an 8x8 board's.
        (
            &["tune", "--variant", "stonesrelays", "--net", "x.net", empty],
            2,
            &["the stonesrelays board is 8x9; networks read 8x8"],
        ),
        // ... and only the plain pieces (no Knightmares, no flip states).
        (
            &[
                "tune",
                "--variant",
                "combiningknightmare",
                "--net",
                "x.net",
                empty,
            ],
            2,
            &["combiningknightmare's inputs tell more than each side's pieces"],
        ),
        (
            &["match", "--replay", illegal],
            1,
            &["1 of 1 games in", "illegal move 'Nf6'"],
        ),
        (
            &[
                "match",
                "--engine",
                "cmd=/nonexistent/engine",
                "--engine",
                "cmd=/nonexistent/engine",
                "--depth",
                "1",
            ],
            1,
            &["cannot start", "No game was played: check that cmd= names"],
        ),
    ] {
        let out = Command::new(BATON)
            .args(line)
            .stdin(Stdio::null())
            .output()
            .expect("run baton");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{line:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{line:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{line:?}: {stderr}");
        for part in parts {
            assert!(stderr.contains(part), "{line:?}: {part:?} not in {stderr}");
        }
    }
    // The codes are documented where a user looks.
    let help = stdout_of("--help");
    assert!(
        help.contains("Exit codes: 0 when the command did its work; 1 when the run failed"),
        "{help}"
    );
    assert!(help.contains("2 for bad input"), "{help}");
}

/// The standard output of `baton ARG`, which must succeed.
fn stdout_of(arg: &str) -> String {
    let out = Command::new(BATON).arg(arg).output().expect("run baton");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `baton --version` names the build: version, commit and bench signature.
#[test]
fn the_version_names_the_commit_and_the_bench_signature() {
    let stdout = stdout_of("--version");
    assert_eq!(
        stdout,
        format!(
            "baton {}\nbench {}\n",
            baton_protocol::version::describe(),
            baton_engine::bench::SIGNATURE
        )
    );
}

/// The bench signature is what `baton bench` (every variant at its own depth, one
/// thread) counts: a change to the search that moves it must update the constant.
#[test]
fn bench_all_counts_the_signature() {
    let stdout = stdout_of("bench");
    let total = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .unwrap_or_else(|| panic!("no node total in\n{stdout}"));
    assert_eq!(total, baton_engine::bench::SIGNATURE.to_string());
}

/// A host pipes the protocol: bare `baton` says nothing but the protocol's answers
/// (the terminal hint is for a person at a terminal only).
#[test]
fn bare_baton_under_a_host_prints_nothing_extra() {
    use std::io::Write;
    let mut child = Command::new(BATON)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run baton");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"uci\nquit\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("uciok"));
}

/// A person who runs bare `baton` at a terminal is told in one line how to start.
/// `script` (bsdutils, part of every Debian system) gives Baton a terminal.
#[test]
fn bare_baton_at_a_terminal_says_how_to_start() {
    use std::io::Write;
    let mut child = Command::new("script")
        .args(["-qec", BATON, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run baton under script (bsdutils)");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"quit\n").expect("write");
    let out = child.wait_with_output().expect("wait");
    let text = String::from_utf8_lossy(&out.stdout);
    let hints: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("Baton speaks"))
        .collect();
    assert_eq!(hints.len(), 1, "{text}");
    assert!(hints[0].contains("`uci` or `xboard`"), "{text}");
    assert!(hints[0].contains("baton gui"), "{text}");
    assert!(hints[0].contains("baton --help"), "{text}");
}
