//! Tests that need a program from outside the project (Fairy-Stockfish, Chromium, XBoard,
//! Xvfb, xdotool, Python modules) ask here first. Where one is missing, cargo would show a test that
//! returned early as passed; so under CI (`CI=true`, where `.ci/run` installs them all)
//! a missing program fails the test, and elsewhere the test says on stderr that it was
//! skipped and why.

use std::path::Path;
use std::process::Command;

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

/// Whether `python3` can import `module` (a program the tests run from outside the
/// project, like those of `installed`). If it cannot: under CI, panics; elsewhere prints
/// `skipped: ...` and returns `false`, and the caller returns.
pub fn python_has(module: &str) -> bool {
    let found = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        missing_there(&format!("python3's {module} is not installed"));
    }
    found
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

    /// The same for a Python module (python3 itself is there wherever the tests run).
    #[test]
    fn a_missing_python_module_skips_outside_ci() {
        assert!(python_has("sys"));
        if under_ci() {
            let caught = std::panic::catch_unwind(|| python_has("baton_no_such_module"));
            assert!(caught.is_err());
        } else {
            assert!(!python_has("baton_no_such_module"));
        }
    }
}
