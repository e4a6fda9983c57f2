//! Packages that `.ci/run` builds beside the README's test command. The Python wheel
//! and the WebAssembly package each take a build of the engine of their own; run
//! inside their tests, those builds held up every test binary after them, while here
//! they use the core the tests leave idle. `.ci/run` names a fresh folder in
//! `BATON_PREBUILT` and builds each package `NAME` there: its output in `NAME/`, what
//! the build printed in `NAME.log`, and last its exit code in `NAME.status`. A test
//! waits for that code; without the variable (a person's run) it builds the package
//! itself, as before.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The environment variable `.ci/run` sets.
pub const VARIABLE: &str = "BATON_PREBUILT";

/// How long a test waits for `.ci/run`'s build: far more than the builds take (about
/// two minutes each on a loaded machine), so that only a build that never ends fails.
const PATIENCE: Duration = Duration::from_secs(20 * 60);

/// The folder holding the package `name` that `.ci/run` built for this run, once its
/// build has ended well; `None` when `BATON_PREBUILT` is not set, and the caller builds
/// the package itself. A failed build panics with what it printed.
pub fn wait(name: &str) -> Option<PathBuf> {
    let folder = PathBuf::from(std::env::var_os(VARIABLE)?);
    Some(wait_in(folder, name))
}

/// Waits for the build of `name` in `folder` to end; its output folder, or a panic
/// with what a failed build printed.
fn wait_in(folder: PathBuf, name: &str) -> PathBuf {
    let status = folder.join(format!("{name}.status"));
    let log = folder.join(format!("{name}.log"));
    let start = Instant::now();
    let code = loop {
        // The status is written last, in one short write: once it has a line, it is whole.
        if let Ok(text) = std::fs::read_to_string(&status) {
            if text.ends_with('\n') {
                break text.trim().to_string();
            }
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{VARIABLE}: the build of {name} has not ended after {} s (no {})",
            PATIENCE.as_secs(),
            status.display()
        );
        std::thread::sleep(Duration::from_millis(500));
    };
    let printed = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        code == "0",
        "{VARIABLE}: the build of {name} failed (exit code {code}):\n{printed}"
    );
    folder.join(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `wait_in` rather than `wait`: setting the variable here would reach the other
    /// tests of this process.
    #[test]
    fn a_finished_build_is_found_and_a_failed_one_panics() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(dir.path().join("ok.status"), "0\n").expect("write");
        std::fs::write(dir.path().join("bad.status"), "2\n").expect("write");
        std::fs::write(dir.path().join("bad.log"), "error: it broke\n").expect("write");
        let found = wait_in(dir.path().to_path_buf(), "ok");
        assert_eq!(found, dir.path().join("ok"));
        let failed = std::panic::catch_unwind(|| wait_in(dir.path().to_path_buf(), "bad"));
        let message = failed.expect_err("a failed build panics");
        let text = message
            .downcast_ref::<String>()
            .expect("a formatted message");
        assert!(
            text.contains("exit code 2") && text.contains("error: it broke"),
            "{text}"
        );
    }
}
