//! Combiningknightmare: chess's search without exchange estimates, the orthodox search
//! policy, and the shared terms with the Knightmares' own (`terms`).

mod terms;

use super::chess::CHESS;
use super::{Profile, VariantProfile};
use crate::eval::{Evaluate, NoTerms, Style, Weights};
use crate::position::Position;
use crate::rules::combining::CombiningKnightmare;
use crate::search::movepick::see::Exchanges;
use crate::search::movepick::{MovePolicy, NoRest};

impl VariantProfile for CombiningKnightmare {
    const PROFILE: &'static Profile = &COMBINING_KNIGHTMARE;
}

impl MovePolicy for CombiningKnightmare {
    type Rest = NoRest;
}

impl Evaluate for CombiningKnightmare {
    /// Its terms' numbers are fixed shares (`terms::KNIGHTMARE`), not in its weights.
    type Own = NoTerms;
    fn weighted(pos: &Position, w: &Weights, _: &NoTerms) -> i32 {
        terms::evaluate(pos, w)
    }
}

/// Chess's search and levels (`..CHESS`), and its own learned evaluation as the default
/// (`engine/nets/combiningknightmare.nnue`, 256 wide, inputs with Knightmares' halves and
/// the frozen square of their own, trained on 464,320 positions of `baton datagen`):
/// +164.1 +/- 64.7 (60-16-24) against `Evaluation=classical` at 5+0.05; against f044d34
/// at 10+0.1, SPRT(100,200) H1 after 13 games (11-1-1) and over 100 games +190.8 +/-
/// 67.6 (docs/strength.md). Chess's search against
/// the plain search, 100 games at 5+0.05 from the suite: 39-29-32, +34.9 +/- 56.8 (see
/// knightrelay's). Correction history added since: against the build without it, 1,000
/// games at 15,000 nodes a move from the suite: 404-299-297, +36.6 +/- 18.1 Elo (LOS
/// 100%, docs/strength-log.md).
const COMBINING_KNIGHTMARE: Profile = Profile {
    exchanges: Exchanges::None,
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [100, 304, 308, 472, 950, 0, 310, 150, 170, 250],
    weights: include_str!("../../weights/combiningknightmare.toml"),
    // Knightmares of every pair of types, frozen (7th field) or not, a promotion
    // race and a lone Knightmare ending.
    openings: (
        include_str!("../../../benches/openings/combiningknightmare.epd"),
        10,
    ),
    bench: (
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "r1b1k2r/ppp2ppp/2(Nq)1(Bn)3/3p4/1b1P4/2(Rb)1P3/PP3PPP/R3K1NR w KQkq - 0 10 c3",
            "r3k2r/pp3ppp/2(Qn)5/3(Bb)4/5(Rr)2/2N5/PP3PPP/R3K2R b KQkq - 3 12 f4",
            "rn2k2r/pppq1ppp/4(Bb)3/3pP3/1(Qn)6/2N5/PPP2PPP/R3K2R w KQkq d6 0 9 -",
            "3r2k1/2(Nb)2ppp/8/8/8/2(Bn)5/3R1PPP/3(Rq)1BK1 b - - 1 30 -",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/3(Nn)P3/2N5/PPPP1PPP/R1BQKB1R b KQkq - 0 4 d4",
            "4k3/1P4P1/3(Br)4/8/2(Bq)5/8/1p4p1/4K3 w - - 0 40 -",
            "4k3/8/8/1(Rq)6/8/3K4/8/8 w - - 0 1 -",
        ],
        9,
    ),
    nnue: Some(include_bytes!("../../nets/combiningknightmare.nnue")),
    // A net played better at a clock than at a fixed node count: the plain-input net
    // (a Knightmare as its two pieces) scored -26 Elo at 2,000 nodes a move and +74 at
    // 5+0.05 (docs/strength-log.md); this one was played at the clock only.
    evaluation: Style::Nnue,
    ..CHESS
};
