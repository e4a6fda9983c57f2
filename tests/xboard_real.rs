//! Baton against Baton inside the real XBoard (Debian's `xboard`, under Xvfb), in every
//! variant XBoard can carry: the game must end by the rules (mate, a draw), never by
//! an illegal move, a forfeit or a loss on time. Skipped, saying so, where XBoard or
//! Xvfb is not installed (`.ci/run` installs both).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const XBOARD: &str = "/usr/games/xboard";
const XVFB_RUN: &str = "/usr/bin/xvfb-run";

/// Plays one game of `variant` (XBoard's name); answers XBoard's debug log.
fn play(variant: &str) -> String {
    let dir = std::env::temp_dir().join(format!("baton-xboard-{variant}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let debug = dir.join("debug.txt");
    let baton = env!("CARGO_BIN_EXE_baton");
    let dir_text = dir.display().to_string();
    let debug_text = debug.display().to_string();
    let mut cmd = Command::new(XVFB_RUN);
    // Its own process group, so that XBoard, its X server and both engines end together.
    cmd.process_group(0);
    cmd.args(["-a", XBOARD])
        .args([
            "-fcp", baton, "-scp", baton, "-fd", &dir_text, "-sd", &dir_text,
        ])
        .args([
            "-variant",
            variant,
            "-matchGames",
            "1",
            "-tc",
            "0:04",
            "-inc",
            "0.1",
        ])
        .args([
            "-testLegality",
            "false",
            "-animateMoving",
            "false",
            "-autoCallFlag",
            "true",
        ])
        .args(["-debug", "-nameOfDebugFile", &debug_text])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut child = cmd.spawn().expect("start xboard");
    let deadline = Instant::now() + Duration::from_secs(120);
    let log = loop {
        std::thread::sleep(Duration::from_millis(500));
        let log = std::fs::read_to_string(&debug).unwrap_or_default();
        if log.contains(">first : result") || Instant::now() > deadline {
            break log;
        }
    };
    // XBoard stays open after the game: end it and its X server (the group that
    // `process_group(0)` made has the child's id).
    let group = child.id();
    if group > 1 {
        let _ = Command::new("kill")
            .args(["-TERM", "--", &format!("-{group}")])
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    log
}

#[test]
fn baton_plays_baton_to_the_end_in_xboard() {
    if !Path::new(XBOARD).exists() || !Path::new(XVFB_RUN).exists() {
        eprintln!("skipped: {XBOARD} or {XVFB_RUN} is not installed");
        return;
    }
    for variant in ["normal", "knightmate", "knightrelay"] {
        let log = play(variant);
        let result = log
            .lines()
            .find(|l| l.contains(">first : result"))
            .unwrap_or_else(|| panic!("{variant}: no result within 120 s"));
        for bad in ["Illegal move", "forfeit", "Forfeit", "on time", "illegal"] {
            assert!(!result.contains(bad), "{variant}: {result}");
        }
        assert!(
            !log.lines().any(|l| l.contains(": Illegal move")),
            "{variant}: an engine refused a move"
        );
        let moves = log.lines().filter(|l| l.contains(": move ")).count();
        assert!(moves >= 4, "{variant}: {moves} moves; {result}");
        eprintln!("{variant}: {moves} moves, {result}");
    }
}
