//! Knight relay: chess's search, its own exchange estimates, the orthodox search
//! policy, a learned evaluation (the default) and a classical one with the relays'
//! terms (`terms`).

mod terms;

use super::chess::CHESS;
use super::{Profile, VariantProfile};
use crate::eval::{Evaluate, Style, Weights};
use crate::position::Position;
use crate::rules::knightrelay::KnightRelay;
use crate::search::movepick::see::Exchanges;
use crate::search::movepick::{MovePolicy, NoRest};

impl VariantProfile for KnightRelay {
    const PROFILE: &'static Profile = &KNIGHT_RELAY;
}

impl MovePolicy for KnightRelay {
    type Rest = NoRest;
}

impl Evaluate for KnightRelay {
    type Own = terms::RelayWeights;
    fn weighted(pos: &Position, w: &Weights, own: &Self::Own) -> i32 {
        terms::evaluate(pos, w, own)
    }
}

/// Chess's search and levels (`..CHESS`) with a learned evaluation of its own. Chess's
/// search against the plain search, 100 games at 5+0.05 from the suite: 34-23-43,
/// +38.4 +/- 51.9 (its bench tree 2.3x smaller); with combiningknightmare's match, 200
/// games: +36.6 +/- 38.8, LOS 97%. Correction history added since: against the build
/// without it, 1,000 games at 15,000 nodes a move from the suite: 397-324-279,
/// +25.4 +/- 18.3 Elo (LOS 99.7%, docs/strength-log.md).
const KNIGHT_RELAY: Profile = Profile {
    exchanges: Exchanges::KnightRelay,
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [106, 142, 340, 506, 972, 0, 0, 0, 0, 0],
    weights: include_str!("../../weights/knightrelay.toml"),
    // The default (`evaluation`): 256 hidden numbers a view, trained on 788,777
    // positions of `baton datagen knightrelay` (each also mirrored). Against the
    // classical evaluation, 200 games at 2,000 nodes a move: +132.9 +/- 47.6 Elo;
    // 100 games at 5+0.05: 76-10-14, +275.5 +/- 82.0 (docs/strength.md).
    nnue: Some(include_bytes!("../../nets/knightrelay.nnue")),
    evaluation: Style::Nnue,
    // Middlegames from knightrelay self-play: relayed pawns and pieces, knights
    // deep in enemy camp (they cannot be taken), kings on both wings.
    openings: (
        include_str!("../../../benches/openings/knightrelay.epd"),
        10,
    ),
    bench: (
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r2qkb1r/pp1bn1pp/2p2p2/8/3PQ3/2Pn1N2/P1PB1KPP/RN3B1R w kq - 0 12",
            "3qk2r/rppbbppp/2n2n2/3p4/1p1P4/NP3P2/P3P1PP/R1BQKBNR w k - 0 12",
            "r1b4r/ppppk3/n5pb/4n2p/4P1P1/2N2N2/PPPQBPP1/R3K2R w KQ - 2 12",
            "r2k4/7r/2p1bnp1/1p3p1p/p2n1b2/1Np2P1N/PPP1PPPP/R1KQ1B1R w - - 2 18",
            "rnbqkb1r/pp5p/1pP2np1/1N3p2/2B2B2/5P2/PPQ2PPP/R3K1NR w KQ - 1 12",
        ],
        9,
    ),
    ..CHESS
};
