//! Test support shared by `engine/tests`, `tests/` and `protocol/tests`: a small
//! deterministic random generator, position helpers (reading a FEN, listing and
//! playing moves with hash checks), FEN mirroring for both-colors tests, FEN boards
//! built from pieces on squares, a driver for the `baton` binary over pipes, the
//! fake UCI engine that misbehaves on request, and the wait for the packages `.ci/run`
//! builds beside the tests.
//!
//! Nothing here is part of Baton; the crate is never published.

pub mod browser;
pub mod epd;
pub mod fake;
pub mod fen;
pub mod outside;
pub mod position;
pub mod prebuilt;
pub mod process;
pub mod search;
pub mod session;

/// The project's one random generator, for the tests' random games and inputs.
pub use baton_engine::rng::Rng;
pub use epd::{perft_cases, PerftCase};
pub use fake::fake_engine;
pub use fen::{board_fen, mirror_fen, mirror_text};
pub use outside::{installed, missing_there, python_has, under_ci};
pub use position::{
    both_colors, check_perft, divided_perft, knight_leaps, legal_after, moves, mv, play, pos,
    random_game, set, turns,
};
pub use process::{Baton, GuiServer};
pub use search::{best, best_in, best_with, mate_in_one};
pub use session::{lines_with, shows, Buffer};
