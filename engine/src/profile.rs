//! How the engine plays each variant: one engine profile per variant, beside the
//! record of its rules (`variant::VariantFacts`). A profile holds the search switches
//! the variant's rules allow (`search::Features`), how exchanges are estimated and the
//! pieces' values for them and for move ordering, the evaluation's weights and learned
//! correction, the bench positions and the opening suite. It sits above the evaluation
//! and the search: they say what they read of a variant as a trait
//! (`eval::EvalProfile`, `search::SearchProfile`), which this module implements for
//! `Variant`, so that neither names a module above it.

use crate::eval::EvalProfile;
use crate::piece::{Role, NROLES};
use crate::search::movepick::see::Exchanges;
use crate::search::skill::Calibration;
use crate::search::{Features, SearchProfile, Sharp};
use crate::variant::Variant;

/// The engine's side of a variant, as data.
#[derive(Debug)]
pub struct Profile {
    /// How the search estimates exchanges (`search::movepick::see`).
    pub exchanges: Exchanges,
    /// The search techniques the variant's rules allow (`search::Features`).
    pub search: Features,
    /// What a piece is worth to the search's exchange estimates and move ordering, by
    /// `Role` (middlegame centipawns; the royal piece's is never read, `piece_value`
    /// answers for it). The search's own numbers, not the evaluation's: a retune of
    /// `weights` must not change what the search prunes. Set to the material the
    /// weights had when the two were split.
    pub exchange_values: [i32; NROLES],
    /// The evaluation's numbers: the text of its file in `engine/weights/` (read by
    /// `eval::weights`, written by `baton tune`).
    pub weights: &'static str,
    /// The learned correction (`eval::network`, written by `baton tune --net`), where
    /// one has beaten the hand-made evaluation alone in a match: the search adds it to
    /// the evaluation that `weights` give.
    pub network: Option<&'static [u8]>,
    /// The positions `baton bench` searches, and its default depth. The bench's node
    /// total is the search's signature: it changes only when the search or the
    /// evaluation does.
    pub bench: (&'static [&'static str], u32),
    /// The opening suite `baton match` plays from unless told otherwise (EPD lines made
    /// by `baton openings`, kept in `benches/openings/`), and the depth its positions
    /// are judged at: 10 where that takes under a second a position, less where the
    /// two-part turns or flips make depth 10 a matter of minutes.
    pub openings: (&'static str, u32),
    /// How the playing levels are tuned in this variant (`search::skill::Calibration`),
    /// so that a level scores about the same against the same anchor in every variant:
    /// chosen by the matches of docs/levels.md.
    pub levels: Calibration,
}

impl Profile {
    /// The variant's engine profile: the one place a new variant's engine data goes.
    pub const fn of(variant: Variant) -> &'static Profile {
        match variant {
            Variant::Chess => &CHESS,
            Variant::Knightmate => &KNIGHTMATE,
            Variant::KnightRelay => &KNIGHT_RELAY,
            Variant::CombiningKnightmare => &COMBINING_KNIGHTMARE,
            Variant::StonesRelays => &STONES_RELAYS,
            Variant::StonesRelaysTunnel => &STONES_RELAYS_TUNNEL,
            Variant::FlipShatranj => &FLIP_SHATRANJ,
            Variant::FlipShatranj8 => &FLIP_SHATRANJ8,
        }
    }

    /// What a piece of `role` is worth to move ordering and exchange estimates
    /// (`exchange_values`, not the tuned weights); the king is worth more than
    /// everything else together.
    pub fn piece_value(&self, role: Role) -> i32 {
        if role == Role::King {
            return 20_000;
        }
        self.exchange_values[role.idx()]
    }
}

impl SearchProfile for Variant {
    #[inline]
    fn features(self) -> Features {
        Profile::of(self).search
    }

    #[inline]
    fn exchanges(self) -> Exchanges {
        Profile::of(self).exchanges
    }

    #[inline]
    fn piece_value(self, role: Role) -> i32 {
        Profile::of(self).piece_value(role)
    }
}

impl EvalProfile for Variant {
    #[inline]
    fn weights_file(self) -> &'static str {
        Profile::of(self).weights
    }

    #[inline]
    fn network(self) -> Option<&'static [u8]> {
        Profile::of(self).network
    }
}

/// Orthodox chess: the profile a variant's starts from (`..CHESS`).
const CHESS: Profile = Profile {
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
        // +/- 18.4 Elo (LOS 99.7%, docs/strength.md).
        sharp: Sharp::CHESS_FAMILY,
        check_extension: true,
        quiescence_checks: false,
        quiescence_threats: false,
        hash_move_unscored: false,
    },
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [100, 320, 330, 480, 950, 0, 320, 150, 170, 250],
    weights: include_str!("../weights/chess.toml"),
    network: None,
    levels: Calibration::CHESS,
    openings: (include_str!("../../benches/openings/chess.epd"), 10),
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

const KNIGHTMATE: Profile = Profile {
    // Every sharper technique (`Sharp::ALL`), the four `CHESS_FAMILY` leaves off
    // included (measured in knightmate alone, 2026-11-27 and 2026-11-29). Correction
    // history came here first (2026-11-29). Pruning at PV nodes (`pv_pruning`),
    // against the build without it, 15,000 nodes a move from the suite: 407-351-242,
    // +19.5 +/- 18.8 Elo over 1,000 games (seed 7), and 234-205-139, +17.4 +/- 24.7
    // over 578 (seed 8, stopped to free the cores for a 10+0.1 match);
    // docs/strength.md.
    search: Features {
        quiescence_checks: true,
        sharp: Sharp::ALL,
        ..CHESS.search
    },
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [96, 0, 414, 624, 994, 0, 370, 0, 0, 0],
    weights: include_str!("../weights/knightmate.toml"),
    // net8 of docs/strength.md: trained on 378,723 positions of Fairy-Stockfish's
    // self-play, the scores it recorded as targets (`baton tune --net`).
    network: Some(include_bytes!("../nets/knightmate.nn")),
    openings: (include_str!("../../benches/openings/knightmate.epd"), 10),
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

const KNIGHT_RELAY: Profile = Profile {
    exchanges: Exchanges::KnightRelay,
    // Chess's search: against the plain search, 100 games at 5+0.05 from the suite,
    // 34-23-43, +38.4 +/- 51.9 (its bench tree 2.3x smaller); with combiningknightmare's
    // match, 200 games: +36.6 +/- 38.8, LOS 97%. Correction history added since: against
    // the build without it, 1,000 games at 15,000 nodes a move from the suite:
    // 397-324-279, +25.4 +/- 18.3 Elo (LOS 99.7%, docs/strength.md).
    search: CHESS.search,
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [106, 142, 340, 506, 972, 0, 0, 0, 0, 0],
    weights: include_str!("../weights/knightrelay.toml"),
    network: None,
    // Middlegames from knightrelay self-play: relayed pawns and pieces, knights
    // deep in enemy camp (they cannot be taken), kings on both wings.
    levels: Calibration::CHESS,
    openings: (include_str!("../../benches/openings/knightrelay.epd"), 10),
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
};

const COMBINING_KNIGHTMARE: Profile = Profile {
    exchanges: Exchanges::None,
    // Chess's search: against the plain search, 100 games at 5+0.05 from the suite,
    // 39-29-32, +34.9 +/- 56.8 (see knightrelay's). Correction history added since:
    // against the build without it, 1,000 games at 15,000 nodes a move from the suite:
    // 404-299-297, +36.6 +/- 18.1 Elo (LOS 100%, docs/strength.md).
    search: CHESS.search,
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [100, 304, 308, 472, 950, 0, 310, 150, 170, 250],
    weights: include_str!("../weights/combiningknightmare.toml"),
    network: None,
    // Knightmares of every pair of types, frozen (7th field) or not, a promotion
    // race and a lone Knightmare ending.
    levels: Calibration::CHESS,
    openings: (
        include_str!("../../benches/openings/combiningknightmare.epd"),
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
};

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
    search: Features {
        sharp: Sharp::NONE,
        check_extension: false,
        ..CHESS.search
    },
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [100, 326, 326, 466, 954, 0, 320, 150, 170, 250],
    weights: include_str!("../weights/stonesrelays.toml"),
    network: None,
    // A turn is a piece move and a neutral move: twice chess's budget (docs/levels.md).
    levels: Calibration { nodes: 2.0 },
    openings: (include_str!("../../benches/openings/stonesrelays.epd"), 6),
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
};

const STONES_RELAYS_TUNNEL: Profile = Profile {
    // The weights are stonesrelays' (`weights/stonesrelays.toml`, through `..` below): fitted
    // without the tunnel, they scored 52-41-7 against the tunnel's hand-set ones over 100
    // games (docs/strength.md).
    openings: (
        include_str!("../../benches/openings/stonesrelays-tunnel.epd"),
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
    weights: include_str!("../weights/flipshatranj.toml"),
    network: None,
    // Start positions and middlegames from short self-play games (random first
    // plies), with pieces in both states, powers moved and kings in reach.
    // A move comes with a flip, on 10x10: the first ply's four lines alone cost about
    // 3,200 nodes, so four times chess's budget (docs/levels.md).
    levels: Calibration { nodes: 4.0 },
    openings: (include_str!("../../benches/openings/flipshatranj.epd"), 6),
    bench: (
        &[
            "dnexkkxend/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DNEXKKXEND w - - 0 1",
            "d3k1x2d/ppp1pp1ppp/4+ee4/3pn3k1/10/6+n3/3PN2P2/5X2N1/PPP+KPPPDP1/D4KX3 w - - 0 17",
            "dnexkkxe1d/p2p2pppp/10/1pp1pn4/10/10/6PP2/6XE2/PPPP1P1DPP/DNEX+KK2N1 w - - 0 9",
            "6xe1d/p1dk1k1ppp/2+n3+p3/2p+p2+E3/4+n5/1+p8/5NDP2/5EX3/PPPP1PK1PP/D2XK5 w - - 2 25",
        ],
        5,
    ),
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
        // 97.1%, docs/strength.md), though the bench's tree grew from 864,921 nodes to
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
    // In `Role` order: pawn knight bishop rook queen king commoner elephant dabbaba power.
    exchange_values: [94, 320, 0, 0, 0, 0, 0, 228, 228, 256],
    weights: include_str!("../weights/flipshatranj8.toml"),
    network: None,
    // A move comes with a flip: four times chess's budget (twice left level 5 at
    // 8-12 against the one-ply anchor, where chess's is 15-4-1; docs/levels.md).
    levels: Calibration { nodes: 4.0 },
    openings: (include_str!("../../benches/openings/flipshatranj8.epd"), 6),
    bench: (
        &[
            "dnexkend/pppppppp/8/8/8/8/PPPPPPPP/DNEXKEND w - - 0 1",
            "dn+e4d/p1pp1ppp/5+pk1/1E+e+n4/7P/1K6/PPPPP+PP1/DN1X2ND w - - 3 9",
            "d2x1+e1d/pppkp+ppp/2n3+n1/8/3pPE2/P2+e1X+N1/1P+PP1PPP/+D1E1K2D w - - 0 9",
        ],
        6,
    ),
};
