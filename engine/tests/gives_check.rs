//! `rules::gives_check` tells whether a move checks without playing it: here it is
//! compared with playing the move and asking `in_check`, on every move of the perft
//! suites' positions and of the positions one move after them, in every variant (the
//! start positions, the bench positions, the EPD suites in `data/` and the other
//! suites' edge positions), and along pseudo-random games.

use baton_engine::rules::{self, legal_move_list};
use baton_engine::{Position, Profile, Variant};
use baton_testkit::{perft_cases, pos, Rng};

/// Positions of the perft suites kept in the test files themselves (knightrelay.rs,
/// stones.rs, flip.rs), where checks come from relays, stones and the tunnel.
const EDGES: &[(Variant, &str)] = &[
    (
        Variant::KnightRelay,
        "rq2k2r/8/n6n/1P4P1/1p4p1/N6N/8/RQ2K2R w KQkq - 0 1",
    ),
    (
        Variant::KnightRelay,
        "k3r3/1p6/8/8/8/6Q1/4N3/4K2R w K - 0 1",
    ),
    (
        Variant::KnightRelay,
        "1R5k/7p/3rn3/5n1P/5N2/8/8/K7 b - - 0 1",
    ),
    (
        Variant::KnightRelay,
        "r3k2r/8/8/8/5n2/7r/6P1/R3K2R w KQkq - 0 1",
    ),
    (Variant::KnightRelay, "8/1P1R4/5k2/8/8/8/6p1/4K3 w - - 0 1"),
    (
        Variant::KnightRelay,
        "3k4/1N6/4P3/p7/3N4/Q1n5/2n5/4K3 w - - 0 1",
    ),
    (
        Variant::KnightRelay,
        "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 1",
    ),
    (Variant::Knightmate, "4k3/3M4/8/8/8/8/8/4K3 b - - 0 1"),
    (Variant::StonesRelays, "kSX5/8/1N1X4/8/8/8/8/8/7K b - - 0 1"),
    (
        Variant::StonesRelays,
        "r3k2r/pp3ppp/8/2X1pS2/1S1pX1S1/1SP5/8/PP3PPP/R3K2R w KQkq - 0 1",
    ),
    (
        Variant::StonesRelays,
        "r3k2r/pppX1ppp/8/2S1p3/1S1p2S1/4P3/2X5/PPPP1PPP/R3K2R w KQkq - 0 1",
    ),
    (
        Variant::StonesRelaysTunnel,
        "r3k2r/pp3ppp/6G1/2X1pS2/1S1pX1S1/1SP3G1/8/PP3PPP/R3K2R b KQkq - 0 1",
    ),
    (
        Variant::StonesRelaysTunnel,
        "r3k2r/ppp2ppp/3X4/1S2p1G1/1S1pP1S1/1S4G1/2X5/PPP2PPP/R3K2R b KQkq e3e4 0 1",
    ),
    (
        Variant::FlipShatranj8,
        "4k3/1P+P1x3/2+NX4/8/8/4+ep2/3+p2p1/3K4 w - - 0 1",
    ),
];

/// Every move of `p` (and, to `depth`, of the positions after them): `gives_check`
/// equals playing it and asking `in_check`. Returns how many moves gave check.
fn agree(p: &Position, depth: u32) -> usize {
    let mut checks = 0;
    for m in legal_move_list(p) {
        let child = p.play(m);
        let played = p.variant().has_check() && rules::in_check(&child, child.side());
        assert_eq!(
            rules::gives_check(p, m),
            played,
            "{} {}: {}",
            p.variant(),
            p.fen(),
            baton_engine::format_move(p, m)
        );
        checks += usize::from(played);
        if depth > 1 {
            checks += agree(&child, depth - 1);
        }
    }
    checks
}

fn suite(variant: Variant) -> Vec<String> {
    let mut fens = vec![variant.start_fen().to_string()];
    fens.extend(Profile::of(variant).bench.0.iter().map(|f| f.to_string()));
    let epd = match variant {
        Variant::Chess => include_str!("data/chess.epd"),
        Variant::CombiningKnightmare => include_str!("data/combining.epd"),
        _ => "",
    };
    fens.extend(perft_cases(epd).into_iter().map(|c| c.fen));
    fens.extend(
        EDGES
            .iter()
            .filter(|(v, _)| *v == variant)
            .map(|(_, f)| f.to_string()),
    );
    fens
}

#[test]
fn gives_check_equals_playing_the_move_on_the_perft_suites_positions() {
    for variant in Variant::ALL {
        let mut checks = 0;
        for fen in suite(variant) {
            checks += agree(&pos(variant, &fen), 2);
        }
        // The suites hold checks of every kind where the variant has check.
        assert_eq!(
            checks > 0,
            variant.has_check(),
            "{variant}: {checks} checks"
        );
    }
}

#[test]
fn gives_check_equals_playing_the_move_along_random_games() {
    let mut rng = Rng::new(0x5EED_CAFE_F00D_0001);
    for variant in Variant::ALL {
        for _ in 0..8 {
            let mut p = Position::startpos(variant);
            for _ in 0..120 {
                agree(&p, 1);
                let list = legal_move_list(&p);
                if list.is_empty() || rules::terminal(&p).is_some() {
                    break;
                }
                p = p.play(list[rng.below(list.len())]);
            }
        }
    }
}
