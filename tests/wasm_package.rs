//! The WebAssembly package (`wasm/`), built the way its README says (`wasm/build.sh`):
//! node's test runner passes its tests (`wasm/tests/`: perft, random games to their
//! end, FEN, SAN and PGN round-trips, searches, errors), and its perft counts equal
//! this engine's, counted natively in this process, in every variant mode. `.ci/run`
//! builds the package beside the tests (`BATON_PREBUILT`, testkit::prebuilt); the test
//! then waits for that build rather than running `wasm/build.sh` itself.
//!
//! Needs Node.js, the Rust target `wasm32-unknown-unknown` and the wasm-bindgen
//! command line of the version `wasm/Cargo.toml` pins (`.ci/run` installs all three).
//! Under CI (`CI=true`) a missing one fails the test; elsewhere it is skipped, saying
//! why.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use baton_engine::perft::perft;
use baton_engine::{Position, Variant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Says why nothing can be checked: a failure under CI, a note elsewhere.
fn unavailable(why: &str) -> bool {
    assert!(
        !baton_testkit::under_ci(),
        "{why} (CI must install it: see .ci/run)"
    );
    eprintln!("skipped: {why}");
    false
}

fn on_path(program: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| dir.join(program).is_file())
}

/// Whether node, wasm-bindgen and the Rust target are there.
fn tools() -> bool {
    for program in ["node", "wasm-bindgen"] {
        if !on_path(program) {
            return unavailable(&format!("{program} is not on the PATH"));
        }
    }
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let target = Path::new(&sysroot).join("lib/rustlib/wasm32-unknown-unknown");
    if !target.is_dir() {
        return unavailable("the Rust target wasm32-unknown-unknown is not installed");
    }
    true
}

fn shown(o: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Builds `wasm/pkg` once for this test binary (a fresh build, never a package left
/// from another commit), or waits for the one `.ci/run` builds for this run beside the
/// tests (testkit::prebuilt); false when the tools are missing.
fn built() -> bool {
    static BUILT: OnceLock<bool> = OnceLock::new();
    *BUILT.get_or_init(|| {
        if !tools() {
            return false;
        }
        if baton_testkit::prebuilt::wait("wasm").is_some() {
            return true;
        }
        let out = Command::new(Path::new(ROOT).join("wasm/build.sh"))
            .output()
            .expect("wasm/build.sh runs");
        assert!(
            out.status.success(),
            "wasm/build.sh failed:\n{}",
            shown(&out)
        );
        true
    })
}

#[test]
fn node_runs_the_package_tests() {
    if !built() {
        return;
    }
    let tests: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("wasm/tests"))
        .expect("wasm/tests")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".test.js"))
        .collect();
    assert!(tests.len() >= 4, "the package's test files: {tests:?}");
    let out = Command::new("node")
        .arg("--test")
        .args(&tests)
        .current_dir(ROOT)
        .output()
        .expect("node runs");
    println!("{}", shown(&out));
    assert!(out.status.success(), "node --test failed:\n{}", shown(&out));
}

#[test]
fn perft_counts_equal_the_native_engines() {
    if !built() {
        return;
    }
    // Depth 3 in the 8x8 modes, 2 where a turn has hundreds of moves.
    let cases: Vec<(Variant, u32)> = Variant::ALL
        .iter()
        .map(|&v| {
            (
                v,
                if v.geometry().width() == 8 && !v.has_neutral_pieces() {
                    3
                } else {
                    2
                },
            )
        })
        .collect();
    let list: Vec<String> = cases
        .iter()
        .map(|(v, d)| format!("['{}', {d}]", v.name()))
        .collect();
    let script = format!(
        "const {{ Board }} = require('./wasm/pkg');\n\
         for (const [v, d] of [{}]) console.log(new Board(v).perft(d));",
        list.join(", ")
    );
    let out = Command::new("node")
        .args(["-e", &script])
        .current_dir(ROOT)
        .output()
        .expect("node runs");
    assert!(out.status.success(), "{}", shown(&out));
    let counts: Vec<u64> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim().parse().expect("a count"))
        .collect();
    let native: Vec<u64> = cases
        .iter()
        .map(|&(v, d)| perft(&Position::startpos(v), d))
        .collect();
    assert_eq!(counts, native, "{cases:?}");
}
