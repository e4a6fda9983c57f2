//! Flipshatranj on 10x10 and 8x8: their engine profiles, the search policy that keeps
//! a capture's most useful flip in quiescence and orders by the flips
//! (`movepick::variants`), and the evaluation with the piece states' terms
//! (`terms`).

mod terms;

use super::chess::CHESS;
use super::{Profile, VariantProfile};
use crate::eval::{Evaluate, Weights};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::flip::{Flip, FlipShatranj, FlipShatranj8};
use crate::search::movepick::see::Exchanges;
use crate::search::movepick::{variants, MovePolicy, NoRest};
use crate::search::skill::{Calibration, NEAR_BLIND_LEVEL_1};
use crate::search::{Features, SearchProfile, Sharp};

impl VariantProfile for FlipShatranj {
    const PROFILE: &'static Profile = &FLIP_SHATRANJ;
}

impl VariantProfile for FlipShatranj8 {
    const PROFILE: &'static Profile = &FLIP_SHATRANJ8;
}

impl<const FILES: u8> MovePolicy for Flip<FILES> {
    type Rest = NoRest;
    /// Each capture with its most useful flip.
    fn tactical_moves(pos: &Position, list: &mut MoveList) {
        crate::rules::flip::generate_tactical(pos, list, |r| pos.variant.piece_value(r));
    }
    /// A flip can threaten a king: a capture gains more than its victim.
    const GAIN_IS_VICTIM: bool = false;
    /// How useful each move's flip is.
    fn order_hints(pos: &Position, list: &MoveList, hints: &mut Vec<i32>) -> bool {
        variants::flip_order_hints(pos, list, hints);
        true
    }
    /// The same move with a flip that changes no threat.
    fn is_redundant_quiet(pos: &Position, m: Move) -> bool {
        variants::is_quiet_flip(pos, m)
    }
}

impl<const FILES: u8> Evaluate for Flip<FILES> {
    type Own = terms::FlipTerms;
    fn weighted(pos: &Position, w: &Weights, own: &Self::Own) -> i32 {
        terms::evaluate(pos, w, own)
    }
}

const FLIP_SHATRANJ: Profile = Profile {
    exchanges: Exchanges::None,
    // A quiet move with a far piece's flip is almost always at hand, so a pass rarely
    // flatters; zugzwang is left to sparse endgames (the `has_pieces` guard), and a
    // king the opponent could take counts as check (no null move there). Halves the
    // bench time or better.
    search: Features {
        // A fail high at a PV node is checked before its full-window re-search: with
        // two threads a bound from the other thread's deeper iteration often made it
        // one that the re-search then refuted at great cost. Bench at depth 7, two
        // threads, 10 alternating runs: median 8.1 s against 11.6 s (one thread 14.3 s
        // against 14.4 s); against the build without it, 100 games at 5+0.05:
        // +24.4 +/- 68.1.
        sharp: Sharp {
            verified_fail_high: true,
            ..Sharp::NONE
        },
        // Its turns are counted in hundreds (792 at the start) and its search uses
        // no history but for ordering. Trying the hash move before scoring the list,
        // against the build without it, 200 games at 5+0.05 from the suite (two runs
        // of 100): 112-80-8, +56 +/- 48 Elo. Its time to a depth over the suite's
        // first 30 positions moved both ways (0.89x at depth 6, 1.08x at depth 7).
        hash_move_unscored: true,
        // Its scores swing between depths: without aspiration windows the bench
        // reached depth 7 in 23.8 s against 27 s, and with 2 threads 1.59x faster
        // (0.71x-0.94x with them); against windows, 100 games at 5+0.05: +52.5 +/- 68.8.
        aspiration: false,
        ..CHESS.search
    },
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [94, 320, 0, 0, 0, 0, 0, 228, 228, 256],
    weights: include_str!("../../weights/flipshatranj.toml"),
    // A move comes with a flip, on 10x10: the first ply's four lines alone cost about
    // 3,200 nodes, so four times chess's budget at levels 1-3; from level 4 up each
    // ply more costs many times what it costs in chess, and at four times level 4
    // scored like chess's level 3 against the one-ply anchor. As measured
    // (docs/levels.md): 16 at levels 4 and 5 (128,000 and 256,000 nodes), 12 at level
    // 6 (384,000), 10 at level 7 (640,000: about 5 s a move in flipshatranj on the
    // two-core machine, the most a person should wait), and level 8 at four times
    // (724,077 nodes, above level 7's budget).
    levels: Calibration {
        nodes: &[
            (4.0, 4.0),
            (6.0, 16.0),
            (8.0, 16.0),
            (10.0, 12.0),
            (12.0, 10.0),
            (15.0, 4.0),
        ],
        // Level 1 chooses near-blind (`Calibration::width`), as in the stones variants:
        // with Stockfish's choice it won a quarter of its games against the one-ply
        // anchor, where chess's level 1 wins one in twenty.
        width: NEAR_BLIND_LEVEL_1,
    },
    // Start positions and middlegames from short self-play games (random first
    // plies), with pieces in both states, powers moved and kings in reach.
    openings: (
        include_str!("../../../benches/openings/flipshatranj.epd"),
        6,
    ),
    bench: (
        &[
            "dnexkkxend/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DNEXKKXEND w - - 0 1",
            "d3k1x2d/ppp1pp1ppp/4+ee4/3pn3k1/10/6+n3/3PN2P2/5X2N1/PPP+KPPPDP1/D4KX3 w - - 0 17",
            "dnexkkxe1d/p2p2pppp/10/1pp1pn4/10/10/6PP2/6XE2/PPPP1P1DPP/DNEX+KK2N1 w - - 0 9",
            "6xe1d/p1dk1k1ppp/2+n3+p3/2p+p2+E3/4+n5/1+p8/5NDP2/5EX3/PPPP1PK1PP/D2XK5 w - - 2 25",
        ],
        5,
    ),
    ..CHESS
};

const FLIP_SHATRANJ8: Profile = Profile {
    // The sharper techniques but singular extensions and quiet-move pruning, and
    // quiescence answers a threatened king with every move: against 4eb9e77 at
    // 5+0.05 over 100 games this scored +59.6 +/- 69.7 where the plain search had
    // +34.9 +/- 69.4; directly against the plain search, 70 games: +9.9 +/- 83.0. No
    // gain shown either way; kept for the quiescence threats (a test) and the nodes:
    // bench 1.69M -> 0.30M at the same depth.
    search: Features {
        // Correction history added since: against the build without it, 1,000 games
        // at 15,000 nodes a move from the suite, 527-467-6, +20.9 +/- 21.5 Elo (LOS
        // 97.1%, docs/strength-log.md), though the bench's tree grew from 864,921 nodes to
        // 1,212,794.
        sharp: Sharp {
            singular_extension: false,
            quiet_pruning: false,
            ..Sharp::CHESS_FAMILY
        },
        quiescence_threats: true,
        hash_move_unscored: false,
        // Aspiration windows, unlike the 10x10 board (not measured without them here).
        aspiration: true,
        ..FLIP_SHATRANJ.search
    },
    // Against the build before (c416c31), 100 games at 5+0.05 from the suite: 57-42-1,
    // +52.5 +/- 69.5 (LOS 93%), though the bench needs 4x the nodes to the same depth
    // (captures the estimate calls losing are tried after the quiet moves).
    exchanges: Exchanges::Flip,
    weights: include_str!("../../weights/flipshatranj8.toml"),
    openings: (
        include_str!("../../../benches/openings/flipshatranj8.epd"),
        6,
    ),
    bench: (
        &[
            "dnexkend/pppppppp/8/8/8/8/PPPPPPPP/DNEXKEND w - - 0 1",
            "dn+e4d/p1pp1ppp/5+pk1/1E+e+n4/7P/1K6/PPPPP+PP1/DN1X2ND w - - 3 9",
            "d2x1+e1d/pppkp+ppp/2n3+n1/8/3pPE2/P2+e1X+N1/1P+PP1PPP/+D1E1K2D w - - 0 9",
        ],
        6,
    ),
    // The 10x10 board's exchange values and levels: a move comes with a flip here too,
    // and the same factors per level measured even with the chess family's levels 1-5
    // (docs/levels.md); its level 7 at 640,000 nodes is about 3 s a move here.
    ..FLIP_SHATRANJ
};
