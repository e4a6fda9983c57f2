//! Knight relay evaluation: the shared terms with the relay's attacks, plus what a
//! knight is worth here. A knight attacks nothing and is never captured, so its value
//! lies in the pieces it relays: a relayed piece leaps like a knight, which counts in
//! its mobility and in its pressure on the enemy royal zone, and earns a bonus by role.
//! King safety follows from the same attacks: an enemy piece that can leap into the
//! zone by relay is an attacker like any other.

use serde::{Deserialize, Serialize};

use crate::bitboard::Bitboard;
use crate::eval::{royal_zone, side_terms, tapered, OwnTerms, Weights};
use crate::geometry::Square;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::knightrelay::relayed;
use crate::rules::orthodox::piece_attacks;

/// The knight relay terms (`[own.relay]` in its weights file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelayWeights {
    /// Bonus per piece a friendly knight relays, by the relayed piece's role.
    #[serde(with = "crate::eval::weights::by_role")]
    pub relayed: [(i32, i32); crate::piece::NROLES],
    /// Bonus per square of the enemy royal zone a knight stands a knight's move from:
    /// any friendly piece that lands there may leap into the zone, and the knight can
    /// never be driven away by capture.
    pub knight_near_royal: (i32, i32),
}

impl OwnTerms for RelayWeights {
    const NAME: &'static str = "relay";
    /// A relayed knight counts nothing (it leaps anyway): its entry is no weight.
    const FIXED: &'static [&'static str] = &["relayed.Knight.mg", "relayed.Knight.eg"];
}

/// The evaluation under weights `w`, whose own terms are `r` (the variant's own:
/// `eval::evaluate`), from the side to move's point of view, in centipawns.
pub fn evaluate(pos: &Position, w: &Weights, r: &RelayWeights) -> i32 {
    tapered(pos, w, |us| {
        let leapers = relayed(pos, us);
        let (mg, eg) = side_terms(pos, w, us, |role, sq, occ| {
            relay_attacks(pos, us, leapers, role, sq, occ)
        });
        let (rmg, reg) = relay_terms(pos, w, r, us, leapers);
        (mg + rmg, eg + reg)
    })
}

/// What a piece of `us` attacks in knight relay: knights nothing; a relayed piece its
/// own attacks plus a knight's leaps (a relayed pawn not onto the first or last rank).
#[inline]
pub fn relay_attacks(
    pos: &Position,
    us: Color,
    leapers: Bitboard,
    role: Role,
    sq: Square,
    occ: Bitboard,
) -> Bitboard {
    let t = pos.tables;
    let leaps = if leapers.has(sq) {
        t.knight[sq.idx()]
    } else {
        Bitboard::EMPTY
    };
    match role {
        Role::Knight => Bitboard::EMPTY,
        Role::Pawn => {
            t.pawn_attacks[us.idx()][sq.idx()]
                | (leaps & !crate::rules::knightrelay::end_ranks(pos))
        }
        _ => piece_attacks(pos, role, sq, occ) | leaps,
    }
}

/// The relay's own terms for `us`: a bonus per relayed piece by its role, and knights
/// posted a knight's move from the enemy royal zone (they relay whatever arrives
/// there, and no capture can remove them).
fn relay_terms(
    pos: &Position,
    _w: &Weights,
    r: &RelayWeights,
    us: Color,
    leapers: Bitboard,
) -> (i32, i32) {
    let t = pos.tables;
    let (mut mg, mut eg) = (0, 0);
    for role in [Role::Pawn, Role::Bishop, Role::Rook, Role::Queen] {
        let n = (pos.pieces(us, role) & leapers).count() as i32;
        let (m, e) = r.relayed[role.idx()];
        mg += n * m;
        eg += n * e;
    }
    let zone = royal_zone(pos, us.other());
    for sq in pos.pieces(us, Role::Knight) {
        let near = (t.knight[sq.idx()] & zone).count() as i32;
        mg += near * r.knight_near_royal.0;
        eg += near * r.knight_near_royal.1;
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testing::{prefers, symmetric};
    use crate::variant::Variant;

    #[test]
    fn evaluation_is_symmetric() {
        symmetric(
            Variant::KnightRelay,
            "4k3/pp3ppp/2n5/3q4/8/2NR4/PPP2PPP/4K3 w - - 0 1",
            "4k3/ppp2ppp/2nr4/8/3Q4/2N5/PP3PPP/4K3 b - - 0 1",
        );
    }

    #[test]
    fn a_relayed_queen_is_worth_more() {
        // The same queen, relayed by the e3 knight or not (the knight on e2).
        let relayed = "4k3/8/8/3Q4/8/4N3/8/4K3 w - - 0 1";
        prefers(
            Variant::KnightRelay,
            &[(relayed, "4k3/8/8/3Q4/8/8/4N3/4K3 w - - 0 1")],
        );
    }

    #[test]
    fn knights_attack_nothing_but_relayed_pieces_leap() {
        let pos = Position::from_fen(Variant::KnightRelay, "4k3/8/8/8/8/2R5/8/1N2K3 w - - 0 1")
            .expect("FEN");
        let t = pos.tables;
        let leapers = relayed(&pos, Color::White);
        let occ = pos.occupied();
        let sq = |s: &str| t.parse_square(s).expect("square");
        assert!(relay_attacks(&pos, Color::White, leapers, Role::Knight, sq("b1"), occ).is_empty());
        // The c3 rook is relayed by b1: it reaches d5 by a leap.
        assert!(
            relay_attacks(&pos, Color::White, leapers, Role::Rook, sq("c3"), occ).has(sq("d5"))
        );
    }

    #[test]
    fn relayed_attackers_count_against_the_king() {
        // A black queen on f4 relayed by the d3 knight leaps to g2 and e2, into the
        // white king's zone; with the knight on a8 it does not.
        let relayed = "4k3/8/8/8/5q2/3n4/5PPP/6K1 w - - 0 1";
        prefers(
            Variant::KnightRelay,
            &[("n3k3/8/8/8/5q2/8/5PPP/6K1 w - - 0 1", relayed)],
        );
    }
}
