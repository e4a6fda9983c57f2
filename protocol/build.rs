//! Records which commit the binary was built from, for `baton --version` and UCI's
//! `id name`. A build outside a git checkout (an unpacked source archive, `cargo
//! install` from a copy) says `unknown` rather than failing.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

fn main() {
    let commit = std::env::var("BATON_COMMIT")
        .ok()
        .or_else(|| git(&["rev-parse", "--short=8", "HEAD"]))
        .unwrap_or_else(|| "unknown".to_string());
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
        .map(|s| !s.is_empty())
        .unwrap_or(false);
    let commit = if dirty && commit != "unknown" {
        format!("{commit}-modified")
    } else {
        commit
    };
    println!("cargo:rustc-env=BATON_COMMIT={commit}");
    println!("cargo:rerun-if-env-changed=BATON_COMMIT");
    // Rebuild when HEAD moves: HEAD itself, the branch it names, and packed refs. Only
    // files that exist are named: cargo counts a missing one as changed, and would run
    // this script and rebuild the crates above it at every build (a repository with no
    // packed refs, as a fresh clone or worktree may have).
    let watch = |p: String| {
        if std::path::Path::new(&p).exists() {
            println!("cargo:rerun-if-changed={p}");
        }
    };
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            watch(p);
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(p) = git(&["rev-parse", "--git-path", &branch]) {
            watch(p);
        }
    }
}
