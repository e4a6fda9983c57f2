//! Orthodox chess: its engine profile (the one the others start from, `..CHESS`), and
//! the search policy (quiet checks in quiescence) and evaluation of the orthodox
//! family, chess and knightmate.

use super::{Profile, VariantProfile};
use crate::eval::{Evaluate, NoTerms, Style};
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::orthodox::{Chess, Knightmate};
use crate::rules::Rules;
use crate::search::movepick::see::Exchanges;
use crate::search::movepick::{variants, MovePolicy, NoRest};
use crate::search::skill::Calibration;
use crate::search::{Features, Sharp};

impl VariantProfile for Chess {
    const PROFILE: &'static Profile = &CHESS_ITSELF;
}

/// The variants played with the orthodox move generator (`rules::orthodox`), which
/// share one search policy and the chess family's evaluation.
pub(super) trait Orthodox {}
impl Orthodox for Chess {}
impl Orthodox for Knightmate {}

impl<R: Orthodox + Rules> MovePolicy for R {
    type Rest = NoRest;
    fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
        variants::tactical_moves_and_checks(pos, list);
    }
}

impl<R: Orthodox> Evaluate for R {
    type Own = NoTerms;
}

/// Chess's own profile: `CHESS` with its learned evaluation, under `Evaluation=nnue`
/// only: not ahead of the classical evaluation yet (-10.4 +/- 43.3 Elo at 2,000 nodes,
/// a worse held-out loss: docs/strength.md).
const CHESS_ITSELF: Profile = Profile {
    nnue: Some(include_bytes!("../../nets/chess.nnue")),
    ..CHESS
};

/// Orthodox chess: the profile a variant's starts from (`..CHESS`).
pub(super) const CHESS: Profile = Profile {
    exchanges: Exchanges::Orthodox,
    // Zugzwang is rare where a side can (almost) always pass or has pieces to move;
    // the guard in `search` (pieces other than pawns) covers the chess family's
    // endgames.
    search: Features {
        aspiration: true,
        null_move: true,
        lmr: true,
        // With correction history (`Sharp::CHESS_FAMILY`): against the build without
        // it, 1,000 games at 15,000 nodes a move from the suite, 399-324-277, +26.1
        // +/- 18.4 Elo (LOS 99.7%, docs/strength-log.md).
        sharp: Sharp::CHESS_FAMILY,
        check_extension: true,
        quiescence_checks: false,
        quiescence_threats: false,
        hash_move_unscored: false,
        // The margins were set for this evaluation (`PruningParams::scaled`).
        margin_scale: 1.0,
    },
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [100, 320, 330, 480, 950, 0, 320, 150, 170, 250],
    weights: include_str!("../../weights/chess.toml"),
    network: None,
    // Chess's net is chess's alone (`CHESS_ITSELF`): the variants made from this
    // record would read their boards with it, not what it learnt.
    nnue: None,
    evaluation: Style::Classical,
    levels: Calibration::CHESS,
    openings: (include_str!("../../../benches/openings/chess.epd"), 10),
    bench: (
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
            "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
            "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
            "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
            "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
            "8/8/8/4k3/8/8/3QK3/8 w - - 0 1",
        ],
        11,
    ),
};
