//! The fixed positions `baton bench` searches, per variant. The node total of a bench
//! run is the search's signature: it changes only when the search or evaluation does.

use crate::variant::Variant;

/// Bench positions of a variant (FENs), with the default bench depth.
pub fn positions(variant: Variant) -> (&'static [&'static str], u32) {
    match variant {
        Variant::Chess => (
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
        Variant::Knightmate => (
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
        // Knightmares of every pair of types, frozen (7th field) or not, a promotion
        // race and a lone Knightmare ending.
        Variant::CombiningKnightmare => (
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
        // Middlegames from knightrelay self-play: relayed pawns and pieces, knights
        // deep in enemy camp (they cannot be taken), kings on both wings.
        Variant::KnightRelay => (
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
        Variant::StonesRelays => (
            &[
                "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r1bqkb1r/pppp1ppp/2n2n2/1S2p3/1S1XX1S1/1S2P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 2 4",
                "kS6/XS6/1S2N3/8/8/8/8/8/7K w - - 0 1",
            ],
            5,
        ),
        Variant::StonesRelaysTunnel => (
            &[
                "rnbqkbnr/pppppppp/8/1S4G1/1S1XX1S1/1S4G1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r1bqkb1r/pppp1ppp/2n2n2/1S2p1G1/1S1XX1S1/1S2P1G1/3P4/PPP2PPP/RNBQKBNR w KQkq - 2 4",
            ],
            5,
        ),
        // Start positions and middlegames from short self-play games (random first
        // plies), with pieces in both states, powers moved and kings in reach.
        Variant::FlipShatranj => (
            &[
                "dnexkkxend/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DNEXKKXEND w - - 0 1",
                "d3k1x2d/ppp1pp1ppp/4+ee4/3pn3k1/10/6+n3/3PN2P2/5X2N1/PPP+KPPPDP1/D4KX3 w - - 0 17",
                "dnexkkxe1d/p2p2pppp/10/1pp1pn4/10/10/6PP2/6XE2/PPPP1P1DPP/DNEX+KK2N1 w - - 0 9",
                "6xe1d/p1dk1k1ppp/2+n3+p3/2p+p2+E3/4+n5/1+p8/5NDP2/5EX3/PPPP1PK1PP/D2XK5 w - - 2 25",
            ],
            5,
        ),
        Variant::FlipShatranj8 => (
            &[
                "dnexkend/pppppppp/8/8/8/8/PPPPPPPP/DNEXKEND w - - 0 1",
                "dn+e4d/p1pp1ppp/5+pk1/1E+e+n4/7P/1K6/PPPPP+PP1/DN1X2ND w - - 3 9",
                "d2x1+e1d/pppkp+ppp/2n3+n1/8/3pPE2/P2+e1X+N1/1P+PP1PPP/+D1E1K2D w - - 0 9",
            ],
            6,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn bench_positions_parse_and_have_moves() {
        for v in Variant::ALL {
            for fen in positions(v).0 {
                let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{v} {fen}: {e:?}"));
                assert!(!crate::rules::legal_move_list(&pos).is_empty(), "{v} {fen}");
            }
        }
    }
}
