//! Stonesrelays and its tunnel version: their engine profiles, the search policy that
//! keeps their thousands of turns a position in two stages (`NeutralRest` limits the
//! second), and the evaluation with the stones' and relays' terms (`terms`).

mod terms;

use super::chess::CHESS;
use super::{Profile, VariantProfile};
use crate::eval::{Evaluate, Style, Weights};
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::stones::{self, Forms, Pieces, Stones, StonesRelays, StonesRelaysTunnel};
use crate::search::movepick::see::Exchanges;
use crate::search::movepick::variants::NeutralRest;
use crate::search::movepick::{MovePolicy, Stage};
use crate::search::skill::{Calibration, NEAR_BLIND_LEVEL_1};
use crate::search::{Features, Sharp};

impl VariantProfile for StonesRelays {
    const PROFILE: &'static Profile = &STONES_RELAYS;
}

impl VariantProfile for StonesRelaysTunnel {
    const PROFILE: &'static Profile = &STONES_RELAYS_TUNNEL;
}

impl<const TUNNEL: bool> MovePolicy for Stones<TUNNEL> {
    /// Generated directly: a turn has thousands of forms, most of them quiet. Only
    /// plain forms: finding a neutral move that makes an illegal capture legal (a
    /// pinned piece, a king taking a guarded piece) costs a check test per neutral
    /// move and rarely succeeds.
    fn tactical_moves(pos: &Position, list: &mut MoveList) {
        stones::generate_some(pos, Forms::Plain, Pieces::Tactical, list);
    }
    /// A neutral move can mate: a capture gains more than its victim.
    const GAIN_IS_VICTIM: bool = false;
    /// Thousands of evasions (a neutral move after nearly any piece move may block):
    /// the plain ones, or where there is none, one form per piece move, so that the
    /// list is empty exactly when there is no legal turn.
    fn quiescence_evasions(pos: &Position, list: &mut MoveList) {
        stones::generate_some(pos, Forms::Plain, Pieces::All, list);
        if list.is_empty() {
            stones::generate_some(pos, Forms::First, Pieces::All, list);
        }
    }
    /// The turns with a neutral move are left out: one of them may block the check.
    const EVASIONS_COMPLETE: bool = false;
    /// First each piece move alone, then the piece moves with a neutral move.
    type Rest = NeutralRest;
    fn staged_moves(pos: &Position, stage: Stage, list: &mut MoveList) {
        let forms = match stage {
            Stage::First => Forms::Plain,
            Stage::Rest => Forms::Neutral,
        };
        stones::generate_some(pos, forms, Pieces::All, list);
    }
}

impl<const TUNNEL: bool> Evaluate for Stones<TUNNEL> {
    type Own = terms::StonesWeights;
    fn weighted(pos: &Position, w: &Weights, own: &Self::Own) -> i32 {
        terms::evaluate(pos, w, own)
    }
}

const STONES_RELAYS: Profile = Profile {
    exchanges: Exchanges::None,
    // A null turn exists in the rules themselves: a piece that reaches a relay may
    // come back to its square through it (and the turn may still add a neutral move,
    // or consist of nothing else in effect). So passing is legal for nearly every
    // army, zugzwang nearly vanishes, and the null move's premise (a real move is at
    // least as good as passing) holds by the rules rather than by experience:
    // null-move pruning is sounder here than in chess, and its failure case is rarer.
    // Where no piece reaches a relay (the king and pawns far from one) zugzwang is
    // possible again; the `has_pieces` guard in `search` keeps null moves out of pawn
    // endings, which are most of those cases. The search's pass is the rules' null
    // turn without its cost in castling rights (a king's or rook's null turn loses
    // them), a small optimism in the bound.
    //
    // No check extension: checks are cheap (a neutral move that steps a relay into a
    // line, or a stone out of one, gives one), and an answer to a check can give check
    // again the same way, so extended lines of checks hardly end. Each extension keeps
    // the depth where it was, and nodes in check are searched with every neutral form
    // and without pruning: `go depth 4` took minutes; even with the extensions capped
    // at twice the depth, millions of nodes lay on lines where every turn gave check.
    // Checks are still answered with evasions in the first plies of quiescence, and a
    // node in check still prunes nothing.
    //
    // Pruning at PV nodes (the root aside) is off: it won node screens but lost at a
    // clock. At 5+0.05 from the suite plus 2 random plies, stonesrelays with it scored
    // 36-57-7, -74.1 +/- 68.0 Elo over 100 games against the build without it
    // (docs/strength-log.md); the node screens, against the build without it, 4,000 nodes
    // a move from the suite plus 2 random plies,
    // SPRT(0,20): stonesrelays 191-134-15, +58.8 +/- 36.7 Elo, H1 after 339 games; the
    // tunnel (which shares this search) 171-115-21, +64.1 +/- 38.3, H1 after 306
    // (docs/strength-log.md); at 12,000 nodes: 55-16-1, +210.7 +/- 99.4, H1 after 71
    // games; the tunnel 88-41-3, +129.4 +/- 63.6, H1 after 131. Bench trees: 865,689
    // -> 438,088 nodes, tunnel 597,788 -> 129,215.
    // In the chess family's variants it lost on the same screen (chess, knightrelay,
    // combiningknightmare, flipshatranj8); why stones differ is not measured.
    search: Features {
        sharp: Sharp::NONE,
        check_extension: false,
        ..CHESS.search
    },
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [100, 326, 326, 466, 954, 0, 320, 150, 170, 250],
    weights: include_str!("../../weights/stonesrelays.toml"),
    // Under `Evaluation=nnue` only, as chess's: 256 hidden numbers a view, inputs for
    // the pieces and the neutral stones, relays and gates (`eval::inputs`), trained on
    // 387,815 positions of `baton datagen stonesrelays` at 2,500 nodes a move (each also
    // mirrored). Held-out loss 0.00996 against the classical evaluation's 0.01455, and
    // ahead of it at 5,000 nodes a move (100 games: 53-36-11, +59.6 +/- 65.9 Elo), at
    // about 1.5 times the nodes a second, but behind it at a clock (5+0.05, 100 games:
    // 39-56-5, -59.6 +/- 68.2) and not ahead of f044d34 at 10+0.1 as the default
    // (docs/strength.md): not the default.
    nnue: Some(include_bytes!("../../nets/stonesrelays.nnue")),
    evaluation: Style::Classical,
    // A turn is a piece move and a neutral move: twice chess's budget at levels 1-5
    // (docs/levels.md). Level 6 at twice (64,000 nodes) lost 2-18 to the three-ply
    // anchor that chess's level 6 sweeps, and at 8 times (256,000) won 15-4-1, short
    // of the sweep: 12 times there (384,000 nodes, 17-2-1), 10 at level 7 (640,000:
    // about 4.4 s a move on the two-core machine, near the most a person should
    // wait), and level 8 at four times (724,077 nodes, above level 7's budget).
    levels: Calibration {
        nodes: &[(8.0, 2.0), (10.0, 12.0), (12.0, 10.0), (15.0, 4.0)],
        // Level 1 chooses near-blind (`Calibration::width`): with Stockfish's choice it
        // won a quarter of its games against the one-ply anchor, where chess's level 1
        // wins one in twenty; level 2 up choose as in chess.
        width: NEAR_BLIND_LEVEL_1,
    },
    openings: (include_str!("../../../benches/openings/stonesrelays.epd"), 6),
    bench: (
        &[
            "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/1S2p3/1S1XX1S1/1S2P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 2 4",
            "kS6/XS6/1S2N3/8/8/8/8/8/7K w - - 0 1",
            // Middlegames from random walks of 20 to 28 plies judged level at depth 5
            // (`baton openings stonesrelays --count 6 --plies 20-28 --depth 5 --seed 21`):
            // with the start and the four-move position alone the thread speed-up rested
            // on one position whose tree swings with the table's contents.
            "r1b1kbnr/p1p2ppp/npX1p3/3XS2S/S2p1q2/8/PS1PPP2/RPP1N1PP/1NBQKBR1 w kq - 7 12 h7h6",
            "rnbq1bnr/p1p5/Spk1X1p1/3ppp1X/1S5p/2P1P1PS/N1S2N1P/PP1P1P2/R1BQKB1R w K - 0 11 -",
            "2bqkb1r/1ppp1p2/n3pn1S/p1S2rpp/2S5/PSP2X1P/1Q2PXP1/1P1P1P2/RNB1KBNR b KQk h3 0 11 b5c5",
            "rnb2bnr/1p1k1ppp/1q1p4/pSp2S1S/2PX1X2/S2PpP2/1P4PN/PBK1P2P/RN1Q1B1R b - - 3 11 b4a4",
            // Eight more, every line of `baton openings stonesrelays --count 8 --plies
            // 20-28 --depth 5 --seed 22`, taken before any was timed. The search is
            // chaotic here (one thread's tree to a depth moves 2-3x with the table's
            // contents), so a position's time is one draw; with three positions carrying
            // two thirds of the time, the two-thread ratio was the ratio of a few draws.
            "1rbqk1nr/p3ppb1/np4pp/S1Pp4/SSP1S3/3X1P2/3XQ1N1/PP1P2PP/RNB1KB1R b KQk - 0 11 d5d3",
            "2b1kbr1/r1pqnp2/1pnXS2p/p1SpS1p1/PS2p3/4P1P1/2PX1N2/1PNP1PBP/R1BQK2R w K - 4 13 e3d3",
            "r1bqkb1r/p4pp1/4pn2/2pp3p/1p3SX1/SPX1P2P/S2S1P2/P1PPNKP1/RNBQ3R w - - 0 14 -",
            "rnbqk2r/pp2bp2/S2ppn1p/2pS1Xp1/6S1/2X2P2/1SPPQ2N/PP2P1PP/RNBK1B1R b kq - 1 11 c5c4",
            "2bq1bnr/rpp2kpp/3pp3/pS4S1/1n2N3/2SXBX2/P1S3PP/1PPP1P2/RNBQK2R b KQ - 3 11 d5d4",
            "2bqkb1r/rp2p1pp/pSn1ppSn/B4X2/2S1X3/P2Q4/2S5/RPPP1PPP/1NB2KNR w - - 7 15 e4e5",
            "r1bqkb2/ppp1pppr/1Snp4/1NS5/P1X2P1p/1P1P4/1SR4S/2PKP1PP/2BQ1XNR w q - 2 14 d5c5",
            "rnb1kbnr/pp6/4X1p1/1Spp1p2/SS4S1/6X1/7P/qPPNPPPR/RNB1KB2 w Qkq - 0 11 c5b5",
        ],
        4,
    ),
    ..CHESS
};

const STONES_RELAYS_TUNNEL: Profile = Profile {
    // The weights are stonesrelays' (`weights/stonesrelays.toml`, through `..` below): fitted
    // without the tunnel, they scored 52-41-7 against the tunnel's hand-set ones over 100
    // games (docs/strength-log.md).
    //
    // Not stonesrelays' net: its inputs fit the tunnel's board, but it never saw a gate
    // and was not ahead of the classical evaluation here (41-51-7, -35 +/- 67 at 5,000 nodes a move)
    // (docs/strength.md). The tunnel waits for a net trained on its own games.
    nnue: None,
    openings: (
        include_str!("../../../benches/openings/stonesrelays-tunnel.epd"),
        6,
    ),
    bench: (
        &[
            "rnbqkbnr/pppppppp/8/1S4G1/1S1XX1S1/1S4G1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/1S2p1G1/1S1XX1S1/1S2P1G1/3P4/PPP2PPP/RNBQKBNR w KQkq - 2 4",
            // Middlegames as stonesrelays' (`baton openings stonesrelays-tunnel --count 6
            // --plies 20-28 --depth 5 --seed 21`).
            "1nq2bnr/2p1kppp/1p2pG2/rSSbX1X1/pS1P3S/2P3GP/4B3/PP1NPKP1/R3QBNR w - - 3 11 b4b5",
            "1rbq2nr/2ppk3/1pn1pp1G/p1b2Xpp/PS3X2/S1SP1GS1/4P3/1PPB1PPP/RQN1KBNR w KQ - 1 11 e6f4",
            "rnb1kbr1/p2qp3/Spp2n1p/3p1ppG/S1XS2S1/2P1PX1G/1P1P1P2/P2N1QPP/1RB1KBNR w Kq - 2 12 b5d5",
            "r3kbnr/pbp1ppp1/1pn1S1G1/3X4/q2pN1Sp/1SS2B1G/N1QP4/PPP1XPPP/2KR1B1R w kq - 4 12 e3e2",
        ],
        4,
    ),
    ..STONES_RELAYS
};
