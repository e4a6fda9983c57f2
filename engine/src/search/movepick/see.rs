//! Static exchange evaluation: whether the exchange a capture starts on its target
//! square gains at least a threshold, both sides recapturing with their least valuable
//! attacker (x-rays through the pieces that left; a pinned piece does not take while
//! its pinner stands, as in Stockfish).
//!
//! Only where the variant says whose attacks count (`Profile::exchanges`): the
//! orthodox ones (chess, knightmate), knight relay's or flip shatranj's on 8x8.
//! Elsewhere captures fuse pieces, or neutral pieces decide (or, on the 10x10 flip
//! board, the estimate lost a match), and `see_ge` answers `true`: no move is thought
//! to lose material there, as before SEE existed.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::{flip, knightrelay, orthodox};
use crate::search::SearchProfile;
use crate::variant::Variant;

/// Which attacks an exchange estimate (`search::movepick::see`) counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exchanges {
    /// None is made: captures fuse pieces (combiningknightmare), or neutral pieces
    /// decide who attacks (Stones & Relays); flip shatranj's 10x10 board, where `Flip`
    /// lost (docs/strength-log.md).
    None,
    /// The orthodox attacks.
    Orthodox,
    /// Knight relay's: knights attack nothing, relayed pieces also leap. Knights are
    /// never captured and never capture, so the relays stay as they are all through an
    /// exchange.
    KnightRelay,
    /// Flip shatranj's: a piece attacks where it may capture next turn (its state, a
    /// power beside it, the states of the neighbours that lend it their leaps). Every
    /// piece is a leaper; a capturer that leaves keeps lending in the estimate, and the
    /// turns' flips are not foreseen. A turn that leaves the enemy king to be taken is
    /// never thought to lose material.
    Flip,
}

impl Exchanges {
    /// Whether a piece that leaves the target square can uncover a slider behind it:
    /// flip shatranj has leapers only.
    pub fn has_sliders(self) -> bool {
        self != Exchanges::Flip
    }

    /// Whether a turn that leaves the enemy king to be taken next is never thought to
    /// lose material (flip shatranj: the opponent must answer the threat first).
    pub fn king_threat_outweighs_material(self) -> bool {
        self == Exchanges::Flip
    }

    /// Whether a piece of `role` can never be taken back: knight relay's knights
    /// neither capture nor are captured.
    pub fn never_captured(self, role: Role) -> bool {
        self == Exchanges::KnightRelay && role == Role::Knight
    }
}

/// Attackers are tried cheapest first (the commoner, knightmate's strong stepper, sits
/// between the bishop and the rook by value; flip shatranj's elephant, dababba and
/// power are all worth less than its knight).
const CHEAPEST_FIRST: [Role; 10] = [
    Role::Pawn,
    Role::Elephant,
    Role::Dabbaba,
    Role::Power,
    Role::Knight,
    Role::Bishop,
    Role::Commoner,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Who attacks a square with the given blockers, in a variant whose exchanges are
/// estimated (see the module's header).
type Attackers = fn(&Position, Square, Color, Bitboard) -> Bitboard;

/// The variant's attackers, if its exchanges can be estimated.
#[inline]
fn attackers(variant: Variant) -> Option<Attackers> {
    match variant.exchanges() {
        Exchanges::None => None,
        Exchanges::Orthodox => Some(orthodox::attackers_to),
        Exchanges::KnightRelay => Some(knightrelay::attackers_to),
        Exchanges::Flip => Some(flip::attackers_to),
    }
}

/// Whether the variant's exchanges can be estimated.
#[inline]
pub fn supported(variant: Variant) -> bool {
    attackers(variant).is_some()
}

/// Whether `m` wins at least `threshold` centipawns by the exchange on its target
/// square. Castling and en passant count as even exchanges; a promotion as a gain.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    exchange_ge(pos, m, threshold)
        // A turn that lets it take the enemy king next turn: the material can wait.
        || pos.variant.exchanges().king_threat_outweighs_material()
            && flip::king_threatened(&pos.play(m))
}

/// The exchange on the target square alone.
fn exchange_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let Some(attackers_to) = attackers(pos.variant).filter(|_| m.promotion.is_none()) else {
        return true;
    };
    if m.kind != MoveKind::Normal && m.kind != MoveKind::DoublePush {
        return threshold <= 0;
    }
    let value = |role: Role| pos.variant.piece_value(role);
    let us = pos.side;
    let Some(mover) = pos.role_at(us, m.from) else {
        return threshold <= 0;
    };
    let mut swap = pos.role_at(us.other(), m.to).map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(mover) - swap;
    // A piece that cannot be taken keeps its square.
    let exchanges = pos.variant.exchanges();
    if swap <= 0 || exchanges.never_captured(mover) {
        return true;
    }
    let mut occ = pos.occupied();
    occ.clear(m.from);
    occ.clear(m.to);
    let attackers_of = |occ| {
        attackers_to(pos, m.to, Color::White, occ) | attackers_to(pos, m.to, Color::Black, occ)
    };
    let mut attackers = attackers_of(occ) & occ;
    let pins = if exchanges.has_sliders() {
        [pins_of(pos, Color::White), pins_of(pos, Color::Black)]
    } else {
        [(Bitboard::EMPTY, Bitboard::EMPTY); 2]
    };
    let mut stm = us;
    // 1 while the side that moved first is ahead of the threshold.
    let mut res = 1;
    loop {
        stm = stm.other();
        attackers &= occ;
        let mut ours = attackers & pos.color_bb(stm);
        // A pinned piece stays while its pinner stands: a mate that a pinned
        // defender seems to refute is not pruned as a loss of material. (A pinned
        // piece taking along its pin is not told apart, as in Stockfish.)
        let (pinned, pinners) = pins[stm.idx()];
        if (pinners & occ).any() {
            ours &= !pinned;
        }
        if ours.is_empty() {
            break;
        }
        res ^= 1;
        let Some((role, from)) = CHEAPEST_FIRST.iter().find_map(|&r| {
            let bb = ours & pos.pieces(stm, r);
            bb.any().then(|| (r, bb.lsb()))
        }) else {
            break;
        };
        if role == Role::King {
            // The royal piece may take last only: if the other side still attacks,
            // the capture would be illegal and the exchange ends in the other's favour.
            return if (attackers & !pos.color_bb(stm)).any() {
                res ^ 1 == 1
            } else {
                res == 1
            };
        }
        swap = value(role) - swap;
        if swap < res {
            break;
        }
        occ.clear(from);
        // Sliders behind the piece that left now reach the square.
        if exchanges.has_sliders() {
            attackers |= attackers_of(occ);
        }
    }
    res == 1
}

/// The pieces of `color` pinned to its royal piece, and their pinners
/// (`orthodox::pins`); none without a royal piece.
fn pins_of(pos: &Position, color: Color) -> (Bitboard, Bitboard) {
    let royals = pos.royals(color);
    if royals.is_empty() {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    }
    orthodox::pins(pos, color, royals.lsb())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;

    fn check(variant: Variant, fen: &str, mv: &str, threshold: i32, expected: bool) {
        let pos = Position::from_fen(variant, fen).unwrap();
        let m = notation::parse_move(&pos, mv).unwrap();
        assert_eq!(
            see_ge(&pos, m, threshold),
            expected,
            "{fen} {mv} {threshold}"
        );
    }

    #[test]
    fn see_undefended_piece_is_won() {
        check(
            Variant::Chess,
            "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            100,
            true,
        );
        check(
            Variant::Chess,
            "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            101,
            false,
        );
    }

    #[test]
    fn see_defended_pawn_taken_by_rook_loses() {
        check(
            Variant::Chess,
            "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            0,
            false,
        );
        check(
            Variant::Chess,
            "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            -380,
            true,
        );
    }

    /// The knight e5 is pinned to its king by the rook e1: it cannot take back on f3
    /// while the rook stands, so the queen wins the pawn (and loses it unpinned).
    #[test]
    fn see_pinned_defender_does_not_recapture() {
        check(
            Variant::Chess,
            "4k3/8/8/4n3/8/5p2/8/3QR1K1 w - - 0 1",
            "d1f3",
            100,
            true,
        );
        check(
            Variant::Chess,
            "4k3/8/8/4n3/8/5p2/8/3Q2K1 w - - 0 1",
            "d1f3",
            0,
            false,
        );
        // Knightmate: the commoner c3 is pinned to the royal knight c2 by the queen c5
        // and cannot take the bishop on b3.
        check(
            Variant::Knightmate,
            "1m4m1/2k2b2/r7/ppq3p1/4PpP1/1PMB1P2/1BKP4/R6Q b - - 4 33",
            "f7b3",
            0,
            true,
        );
    }

    #[test]
    fn see_xray_behind_the_first_attacker_counts() {
        // Two rooks against a pawn defended once: R takes, p takes, R takes back.
        check(
            Variant::Chess,
            "4k3/8/4p3/3p4/8/8/3R4/3RK3 w - - 0 1",
            "d2d5",
            0,
            false,
        );
        check(
            Variant::Chess,
            "4k3/8/4p3/3p4/8/8/3R4/3RK3 w - - 0 1",
            "d2d5",
            -380,
            true,
        );
        // Queen behind a bishop against a knight defended by a knight: B takes,
        // n takes, Q takes: knight for bishop then a knight back.
        check(
            Variant::Chess,
            "4k3/8/2n5/4n3/8/2B5/1Q6/4K3 w - - 0 1",
            "c3e5",
            300,
            true,
        );
    }

    #[test]
    fn see_king_cannot_recapture_a_defended_piece() {
        check(
            Variant::Chess,
            "4k3/8/8/8/8/3q4/8/3QK3 b - - 0 1",
            "d3d1",
            900,
            false,
        );
        check(
            Variant::Chess,
            "4k3/8/8/8/8/3q4/8/3QK3 b - - 0 1",
            "d3d1",
            0,
            true,
        );
        check(
            Variant::Chess,
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
            "e1d2",
            900,
            true,
        );
        check(
            Variant::Chess,
            "4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1",
            "d1d7",
            0,
            false,
        );
        check(
            Variant::Chess,
            "4k3/3p4/8/1B6/8/8/8/3RK3 w - - 0 1",
            "d1d7",
            100,
            true,
        );
    }

    #[test]
    fn see_knightmate_royal_knight_and_commoner() {
        // The commoner takes a pawn guarded by the royal knight: loses the commoner.
        // The black royal knight on e8 guards d6: the commoner is lost for a pawn...
        check(
            Variant::Knightmate,
            "4k3/8/3p4/4M3/8/8/8/4K3 w - - 0 1",
            "e5d6",
            0,
            false,
        );
        // ...unless White guards d6 too (the royal piece may not take into check)...
        check(
            Variant::Knightmate,
            "4k3/8/3p4/2P1M3/8/8/8/4K3 w - - 0 1",
            "e5d6",
            0,
            true,
        );
        // ...or the royal knight stands where it does not reach d6: a pawn won.
        let pawn = Variant::Knightmate.piece_value(crate::piece::Role::Pawn);
        check(
            Variant::Knightmate,
            "8/4k3/3p4/4M3/8/8/8/4K3 w - - 0 1",
            "e5d6",
            pawn,
            true,
        );
    }

    #[test]
    fn see_other_variants_are_not_estimated() {
        for v in [
            Variant::CombiningKnightmare,
            Variant::StonesRelays,
            Variant::FlipShatranj,
        ] {
            let pos = Position::startpos(v);
            let m = crate::rules::legal_move_list(&pos)[0];
            assert!(see_ge(&pos, m, 10_000), "{v}");
        }
    }

    #[test]
    fn see_knightrelay_counts_relayed_recaptures() {
        // The rook takes the pawn d5, and the bishop c7, relayed by the knight a6,
        // leaps back onto d5 and wins the rook.
        let fen = "4k3/2b5/n7/3p4/8/8/8/3RK3 w - - 0 1";
        check(Variant::KnightRelay, fen, "d1d5", 0, false);
        // Without the knight, the bishop does not reach d5: the pawn is won.
        check(
            Variant::KnightRelay,
            "4k3/2b5/8/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            100,
            true,
        );
        // In chess the same bishop never reaches d5, and the knight a6 does not either.
        check(Variant::Chess, fen, "d1d5", 100, true);
    }

    #[test]
    fn see_knightrelay_knights_neither_defend_nor_can_be_taken() {
        // The knight e3 "defends" d5 in chess only: in knight relay the pawn is won.
        let fen = "4k3/8/8/3p4/8/4n3/8/3RK3 w - - 0 1";
        check(Variant::Chess, fen, "d1d5", 0, false);
        check(Variant::KnightRelay, fen, "d1d5", 100, true);
        // A knight moving where a pawn attacks loses nothing: nothing can take it.
        let fen = "4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1";
        check(Variant::Chess, fen, "b1c3", 0, false);
        check(Variant::KnightRelay, fen, "b1c3", 0, true);
    }

    #[test]
    fn see_flip_counts_only_pieces_that_may_capture_next_turn() {
        let v = Variant::FlipShatranj8;
        // The knight takes the elephant e6; the pawn f7 in capture state retakes it.
        let fen = "7k/5+p2/4e3/8/3+N4/8/8/K7 w - - 0 1";
        check(v, fen, "d4e6,a1a1", 0, false);
        // The same pawn in move state may not capture: the elephant is won.
        let fen = "7k/5p2/4e3/8/3+N4/8/8/K7 w - - 0 1";
        let elephant = v.piece_value(Role::Elephant);
        check(v, fen, "d4e6,a1a1", elephant, true);
        check(v, fen, "d4e6,a1a1", elephant + 1, false);
    }

    #[test]
    fn see_flip_counts_relayed_captures() {
        let v = Variant::FlipShatranj8;
        // The knight g8 is in move state, but the elephant h7 beside it is in capture
        // state and lends it its diagonal leap onto e6.
        check(
            v,
            "6nk/7+e/4e3/8/3+N4/8/8/K7 w - - 0 1",
            "d4e6,a1a1",
            0,
            false,
        );
        // With the elephant in move state, it lends only moves: e6 is undefended.
        check(
            v,
            "6nk/7e/4e3/8/3+N4/8/8/K7 w - - 0 1",
            "d4e6,a1a1",
            0,
            true,
        );
    }

    #[test]
    fn see_flip_a_threat_to_the_king_outweighs_the_material() {
        let v = Variant::FlipShatranj8;
        // The knight lost on e6 would threaten the king g7 from there...
        let fen = "8/5+pk1/4e3/8/3+N4/8/8/K7 w - - 0 1";
        check(v, fen, "d4e6,a1a1", 0, true);
        // ...unless the turn's flip puts it in move state.
        check(v, fen, "d4e6,e6e6", 0, false);
    }
}
