//! Tests that need a program from outside the project (Fairy-Stockfish, Chromium, XBoard,
//! Xvfb, xdotool) ask here first. Where one is missing, cargo would show a test that
//! returned early as passed; so under CI (`CI=true`, where `.ci/run` installs them all)
//! a missing program fails the test, and elsewhere the test says on stderr that it was
//! skipped and why.

use std::path::Path;

/// Whether every program in `programs` (absolute paths) is installed. If one is not:
/// under CI, panics naming it; elsewhere prints `skipped: ...` and returns `false`, and
/// the caller returns.
pub fn installed(test: &str, programs: &[&str]) -> bool {
    let missing: Vec<&str> = programs
        .iter()
        .copied()
        .filter(|p| !Path::new(p).exists())
        .collect();
    if missing.is_empty() {
        return true;
    }
    missing_there(&format!("{test}: {} not installed", missing.join(", ")));
    false
}

/// A test cannot check anything here, for `why` (a program or a build it needs is
/// missing): under CI a failure, since `.ci/run` provides them all; elsewhere
/// `skipped: why` on stderr, and the caller returns.
pub fn missing_there(why: &str) {
    if under_ci() {
        panic!("{why} (CI must provide it: see .ci/run)");
    }
    eprintln!("skipped: {why}");
}

/// Whether the tests run under CI, which sets `CI=true`.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_present_program_is_installed() {
        assert!(installed("this test", &["/bin/sh"]));
    }

    /// A missing program fails the test under CI (run with `CI=true` to check that
    /// half) and skips elsewhere.
    #[test]
    fn a_missing_program_skips_outside_ci() {
        if under_ci() {
            let caught = std::panic::catch_unwind(|| installed("t", &["/nonexistent/program"]));
            assert!(caught.is_err());
        } else {
            assert!(!installed("t", &["/nonexistent/program"]));
        }
    }
}
