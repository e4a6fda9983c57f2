//! Knightmate: chess's engine profile with every sharper technique, quiet checks in
//! quiescence and a learned correction; the orthodox family's search policy and the
//! chess family's evaluation (`chess::Orthodox`).

use super::chess::CHESS;
use super::{Profile, VariantProfile};
use crate::eval::Style;
use crate::rules::orthodox::Knightmate;
use crate::search::{Features, Sharp};

impl VariantProfile for Knightmate {
    const PROFILE: &'static Profile = &KNIGHTMATE;
}

const KNIGHTMATE: Profile = Profile {
    // Every sharper technique (`Sharp::ALL`), the four `CHESS_FAMILY` leaves off
    // included (measured in knightmate alone, 2026-11-27 and 2026-11-29). Correction
    // history came here first (2026-11-29). Pruning at PV nodes (`pv_pruning`),
    // against the build without it, 15,000 nodes a move from the suite: 407-351-242,
    // +19.5 +/- 18.8 Elo over 1,000 games (seed 7), and 234-205-139, +17.4 +/- 24.7
    // over 578 (seed 8, stopped to free the cores for a 10+0.1 match);
    // docs/strength-log.md.
    search: Features {
        quiescence_checks: true,
        sharp: Sharp::ALL,
        ..CHESS.search
    },
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [96, 0, 414, 624, 994, 0, 370, 0, 0, 0],
    weights: include_str!("../../weights/knightmate.toml"),
    // net8 of docs/strength-log.md: trained on 378,723 positions of Fairy-Stockfish's
    // self-play, the scores it recorded as targets (`baton tune --net`).
    network: Some(include_bytes!("../../nets/knightmate.nn")),
    // The default (`evaluation`): against the classical evaluation it scored
    // +50.7 +/- 46.0 Elo at 2,000 nodes a move (200 games), +52.5 +/- 64.1 and
    // +92.5 +/- 68.5 in two 100-game matches at 5+0.05, where it also searches about
    // 1.5 times the nodes a second (docs/strength.md).
    nnue: Some(include_bytes!("../../nets/knightmate.nnue")),
    evaluation: Style::Nnue,
    openings: (include_str!("../../../benches/openings/knightmate.epd"), 10),
    bench: (
        &[
            "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
            "rmbqkbmr/ppp2ppp/4p3/3p4/3P4/4P3/PPP2PPP/RMBQKBMR w KQkq - 0 3",
            "r1bqkb1r/ppp1pppp/2m2m2/3p4/3P4/2M2M2/PPP1PPPP/R1BQKB1R w KQkq - 4 4",
            "2r1k2r/pp1b1ppp/2mbpm2/q2p4/3P4/2PBPM2/PP1M1PPP/R2QK2R w KQk - 2 10",
            "4k3/ppp2ppp/3m4/8/8/3M4/PPP2PPP/4K3 w - - 0 20",
            "r3k2r/pppq1ppp/2mbbm2/3pp3/3PP3/2MBBM2/PPPQ1PPP/R3K2R b KQkq - 6 8",
        ],
        11,
    ),
    ..CHESS
};
