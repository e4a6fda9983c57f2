//! The Python package (`python/`, module `baton`) built as a user's `pip install`
//! builds it (maturin, a wheel) and installed into a folder of its own, then its
//! pytest suite (`python/tests/`) run against it: perft in all eight modes, random
//! games, FEN and SAN round trips, PGN, errors, search and the GIL. This keeps the
//! README's test command the one entry point. `.ci/run` builds the wheel beside the
//! tests and names it in `BATON_PREBUILT` (testkit::prebuilt); the test then installs
//! that one, waiting for its build to end. Under CI (`CI=true`) a missing maturin
//! or pytest fails the test; elsewhere it is skipped, saying why (`.ci/run` installs
//! them).

use std::path::Path;
use std::process::Command;

use baton_testkit::python_has;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

fn run(what: &str, cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

/// Builds the wheel into `wheels` as `.ci/run` does.
fn build_wheel(wheels: &Path) {
    // A target folder of its own: the one `cargo test` uses is locked while it
    // builds, and this build (the same release profile, and the same fast-build
    // variables when they are set) is kept there for the next run.
    let target = Path::new(REPO).join("target").join("python-package");
    run(
        "maturin build",
        Command::new("python3")
            .args(["-m", "maturin", "build", "--release", "--manifest-path"])
            .arg(Path::new(REPO).join("python").join("Cargo.toml"))
            .arg("--out")
            .arg(wheels)
            .env("CARGO_TARGET_DIR", &target),
    );
}

#[test]
fn the_python_package_builds_and_passes_its_tests() {
    if !(python_has("maturin") && python_has("pytest")) {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let site = dir.path().join("site");
    // The wheel `.ci/run` built for this run beside the tests (testkit::prebuilt), or
    // else one built here.
    let wheels = baton_testkit::prebuilt::wait("python").unwrap_or_else(|| {
        let wheels = dir.path().join("wheels");
        build_wheel(&wheels);
        wheels
    });
    let wheel = std::fs::read_dir(&wheels)
        .expect("maturin's output folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .expect("maturin built a wheel");
    run(
        "pip install",
        Command::new("python3")
            .args(["-m", "pip", "install", "--quiet", "--no-deps", "--target"])
            .arg(&site)
            .arg(&wheel),
    );
    let report = run(
        "pytest",
        Command::new("python3")
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "python/tests",
            ])
            .current_dir(REPO)
            .env("PYTHONPATH", &site)
            .env("PYTHONDONTWRITEBYTECODE", "1"),
    );
    // The closing line says how many passed; none failed, since pytest succeeded.
    println!("{report}");
    assert!(report.contains(" passed"), "{report}");
}
