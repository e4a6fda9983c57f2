//! The command line outside the protocol loop: what a person typing `baton ...` in a
//! terminal is told.

use std::process::Command;

const BATON: &str = env!("CARGO_BIN_EXE_baton");

/// `baton <command> --help` (and `-h`) prints that command's usage on stdout and
/// succeeds, for every subcommand; the options are read by nobody else first.
#[test]
fn every_subcommand_prints_its_usage_on_help() {
    for command in ["perft", "bench", "match", "tune", "openings", "gui"] {
        for flag in ["--help", "-h"] {
            let out = Command::new(BATON)
                .args([command, flag])
                .output()
                .expect("run baton");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{command} {flag}: {out:?}");
            assert!(
                stdout.starts_with(&format!("usage: baton {command}")),
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
    assert!(String::from_utf8_lossy(&out.stdout).contains("baton <command> --help"));
}

/// A subcommand's own mistakes end with its usage and exit status 2.
#[test]
fn a_bad_subcommand_line_shows_the_usage_and_fails() {
    for line in [
        &["perft", "chess"][..],
        &["tune", "--bogus"],
        &["bench", "nosuch"],
    ] {
        let out = Command::new(BATON).args(line).output().expect("run baton");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{line:?}: {stderr}");
        assert!(
            stderr.contains(&format!("usage: baton {}", line[0])),
            "{line:?}: {stderr}"
        );
    }
}
