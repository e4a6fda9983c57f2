//! The fake UCI engine (`testkit/fake-engine`) for tests of what drives engines.
//!
//! Cargo tells a test where the binaries of its own package are, not those of another
//! package; so the first call builds the fake engine with the cargo and profile that
//! built the test (a second or two: the crate has no dependencies) and later calls
//! reuse it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The path of the fake engine binary, built on the first call. Panics, saying why,
/// when it cannot be built.
pub fn fake_engine() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(build)
}

fn build() -> PathBuf {
    // A test runs as <target>/<profile directory>/deps/<test>-<hash>.
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("a test binary lies in <target>/<profile>/deps");
    let target = profile_dir.parent().expect("a target directory");
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev",
        Some(name) => name,
        None => panic!("no profile directory in {}", exe.display()),
    };
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("fake-engine/Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(&cargo)
        .args([
            "build",
            "--quiet",
            "--bin",
            "fake-engine",
            "--profile",
            profile,
        ])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--target-dir")
        .arg(target)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {cargo:?} to build the fake engine: {e}"));
    assert!(
        status.success(),
        "building the fake engine failed: {status}"
    );
    let path = profile_dir.join(format!("fake-engine{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "no fake engine at {}", path.display());
    path
}
