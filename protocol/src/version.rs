//! What this build is: the package version and the commit it was built from.

/// The package version, e.g. `0.1.0`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit the binary was built from (8 hex digits, `-modified` when the work tree
/// had uncommitted changes, `unknown` outside a git checkout).
pub const COMMIT: &str = env!("BATON_COMMIT");

/// `0.1.0 (commit 1a2b3c4d)`: the version as `id name` and `baton --version` give it.
pub fn describe() -> String {
    format!("{VERSION} (commit {COMMIT})")
}
