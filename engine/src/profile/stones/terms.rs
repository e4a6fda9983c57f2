//! Stones & Relays evaluation: the shared terms with the attacks the rules know
//! (through relays and the tunnel, stopped by stones and gates), plus the neutral
//! pieces' own worth to each side:
//! - a relay that one's pieces reach extends them (they go on from it in any of their
//!   directions): a bonus per piece and relay, by role;
//! - stones on the enemy king's side of the board, near it, take its flight squares
//!   and cramp the pieces around it.
//!
//! Neutral pieces belong to nobody, so each term looks at them from both sides and
//! only the difference counts.

use std::cell::Cell;

use serde::{Deserialize, Serialize};

use crate::bitboard::Bitboard;
use crate::eval::{side_terms, tapered, OwnTerms, Weights};
use crate::piece::{Color, Neutral};
use crate::position::Position;
use crate::rules::stones::Reach;

/// The Stones & Relays terms (`[own.stones]` in their weights files).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StonesWeights {
    /// Bonus per relay a piece reaches, by the piece's role: it goes on from the relay
    /// in any of its directions.
    #[serde(with = "crate::eval::weights::by_role")]
    pub relay_reach: [(i32, i32); crate::piece::NROLES],
    /// Bonus per stone near the enemy king on its half of the board.
    pub stone_cramp: (i32, i32),
}

impl OwnTerms for StonesWeights {
    const NAME: &'static str = "stones";
}

/// The evaluation under weights `w`, whose own terms are `s` (the variant's own:
/// `eval::evaluate`), from the side to move's point of view, in centipawns.
pub fn evaluate(pos: &Position, w: &Weights, s: &StonesWeights) -> i32 {
    let reach = Reach::of(pos);
    let relays = pos.neutral(Neutral::Relay);
    // Nothing stops on a neutral piece: they are no squares to move to.
    let open = !pos.all_neutral();
    tapered(pos, w, |us| {
        let relayed = Cell::new((0, 0));
        let (mg, eg) = side_terms(pos, w, us, |role, sq, _| {
            let attacks = reach.attacks(us, role, sq);
            let n = (attacks & relays).count() as i32;
            if n > 0 {
                let (m, e) = s.relay_reach[role.idx()];
                let (rm, re) = relayed.get();
                relayed.set((rm + n * m, re + n * e));
            }
            attacks & open
        });
        let (rm, re) = relayed.get();
        let (cm, ce) = cramp(pos, s, us);
        (mg + rm + cm, eg + re + ce)
    })
}

/// Stones near the enemy king on its own half of the board (a stone in the middle
/// rank or beyond shelters as much as it cramps).
fn cramp(pos: &Position, s: &StonesWeights, us: Color) -> (i32, i32) {
    let t = pos.tables;
    let them = us.other();
    let Some(king) = pos.royals(them).single() else {
        return (0, 0);
    };
    let mut near = t.king[king.idx()];
    for sq in t.king[king.idx()] {
        near |= t.king[sq.idx()];
    }
    let half = (t.height as usize - 1) / 2;
    let mut their_half = Bitboard::EMPTY;
    for r in 0..half {
        their_half |= match them {
            Color::White => t.ranks[r],
            Color::Black => t.ranks[t.height as usize - 1 - r],
        };
    }
    let n = (pos.neutral(Neutral::Stone) & near & their_half).count() as i32;
    (n * s.stone_cramp.0, n * s.stone_cramp.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testing::{prefers, symmetric};
    use crate::variant::Variant;

    #[test]
    fn evaluation_is_symmetric() {
        symmetric(
            Variant::StonesRelays,
            "r1bqkb1r/pppp1ppp/2n2n2/1S2p3/1S1XX1S1/1S2P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 2 4",
            "rnbqkbnr/ppp2ppp/3p4/1S2p3/1S1XX1S1/1S2P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 2 4",
        );
    }

    #[test]
    fn relays_within_reach_are_worth_something_and_carry_mobility() {
        prefers(
            Variant::StonesRelays,
            &[
                // The rook on d1 reaches the d5 relay up the open file; on a1 it does not.
                (
                    "4k3/8/8/8/3X4/8/8/8/3RK3 w - - 0 1",
                    "4k3/8/8/8/3X4/8/8/8/R3K3 w - - 0 1",
                ),
                // The same rook on b2, with and without a relay on b5 to turn on.
                (
                    "4k3/8/8/8/1X6/8/8/1R6/4K3 w - - 0 1",
                    "4k3/8/8/8/8/8/8/1R6/4K3 w - - 0 1",
                ),
            ],
        );
    }

    /// The cramp term itself, under each variant's weights: the fitted weights give it
    /// in the middlegame alone (`STONES_RELAYS`), so a bare endgame's evaluation would
    /// not show it.
    #[test]
    fn stones_near_the_enemy_king_cramp_it() {
        for v in [Variant::StonesRelays, Variant::StonesRelaysTunnel] {
            let s = &crate::eval::weights(v)
                .own_terms::<StonesWeights>()
                .unwrap();
            let white_cramp = |fen: &str| {
                let pos = Position::from_fen(v, fen).expect("FEN");
                cramp(&pos, s, Color::White)
            };
            let cramped = white_cramp("6k1/5S2/8/8/8/8/8/8/4K3 w - - 0 1");
            let free = white_cramp("6k1/8/8/8/8/8/8/5S2/4K3 w - - 0 1");
            assert!(cramped.0 > free.0, "{v}: {cramped:?} against {free:?}");
            assert!(cramped.1 >= free.1, "{v}: {cramped:?} against {free:?}");
        }
    }
}
