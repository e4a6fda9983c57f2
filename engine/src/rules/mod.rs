//! One entry point per rule question (legal moves, making a move, check, the end of
//! the game), dispatching to the variant's module. Shared mechanisms live in
//! `orthodox`; a variant adds a module with only what it changes.

pub mod combining;
pub mod flip;
pub mod knightrelay;
pub mod orthodox;
pub mod see;
pub mod stones;

use crate::moves::{Move, MoveList};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;

/// Every legal move (whole turn) of the side to move. A finished game has none.
pub fn legal_moves(pos: &Position, list: &mut MoveList) {
    match pos.variant {
        Variant::Chess | Variant::Knightmate => orthodox::generate(pos, list),
        Variant::KnightRelay => knightrelay::generate(pos, list),
        Variant::CombiningKnightmare => combining::generate(pos, list),
        Variant::FlipShatranj | Variant::FlipShatranj8 => flip::generate(pos, list),
        Variant::StonesRelays | Variant::StonesRelaysTunnel => stones::generate(pos, list),
    }
}

pub fn legal_move_list(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list
}

/// Plays a legal move in place.
pub fn apply(pos: &mut Position, m: Move) {
    match pos.variant {
        Variant::Chess | Variant::Knightmate => orthodox::apply(pos, m),
        Variant::KnightRelay => knightrelay::apply(pos, m),
        Variant::CombiningKnightmare => combining::apply(pos, m),
        Variant::FlipShatranj | Variant::FlipShatranj8 => flip::apply(pos, m),
        Variant::StonesRelays | Variant::StonesRelaysTunnel => stones::apply(pos, m),
    }
}

/// Whether `color`'s royal piece is attacked (always false where there is no check).
pub fn in_check(pos: &Position, color: Color) -> bool {
    match pos.variant {
        // A Knightmare's components are ordinary pieces of their colors, so the
        // orthodox attack test sees each one attack the other side's king.
        Variant::Chess | Variant::Knightmate | Variant::CombiningKnightmare => {
            orthodox::in_check(pos, color)
        }
        Variant::KnightRelay => knightrelay::in_check(pos, color),
        // Kings are captured, never checked.
        Variant::FlipShatranj | Variant::FlipShatranj8 => false,
        Variant::StonesRelays | Variant::StonesRelaysTunnel => stones::in_check(pos, color),
    }
}

/// The end of the game that the position itself shows: no legal move (mate,
/// stalemate, or a loss where the variant says so), a captured king.
pub fn terminal(pos: &Position) -> Option<crate::game::Outcome> {
    use crate::game::Outcome;
    let us = pos.side;
    // Fewer royals than the variant starts with: one was captured (flipshatranj's
    // 10x10 game is lost with either of its two kings).
    if pos.royals(us).count() < pos.variant.royal_count() {
        return Some(Outcome::win(us.other(), "king captured"));
    }
    if !legal_move_list(pos).is_empty() {
        return None;
    }
    Some(if !pos.variant.has_check() {
        Outcome::win(us.other(), "no legal move")
    } else if in_check(pos, us) {
        Outcome::win(us.other(), "checkmate")
    } else {
        Outcome::draw("stalemate")
    })
}

/// The result of a threefold repetition reached by the side that just moved.
pub fn repetition_outcome(pos: &Position) -> crate::game::Outcome {
    use crate::game::Outcome;
    match pos.variant {
        // flipshatranj: whoever makes a position appear the third time loses.
        Variant::FlipShatranj | Variant::FlipShatranj8 => {
            Outcome::win(pos.side, "third repetition by the opponent")
        }
        _ => Outcome::draw("threefold repetition"),
    }
}

/// Neither side can ever mate: only royal pieces left (and, in chess, one minor
/// piece; in knightrelay, knights, which attack nothing).
pub fn insufficient_material(pos: &Position) -> bool {
    use crate::piece::Role;
    let royals = pos.royals(Color::White) | pos.royals(Color::Black);
    let rest = pos.occupied() & !royals & !pos.all_neutral();
    match pos.variant {
        Variant::Chess => {
            let minors = pos.pieces(Color::White, Role::Knight)
                | pos.pieces(Color::Black, Role::Knight)
                | pos.pieces(Color::White, Role::Bishop)
                | pos.pieces(Color::Black, Role::Bishop);
            rest.is_empty() || (rest == minors && !rest.more_than_one())
        }
        Variant::KnightRelay => {
            let knights =
                pos.pieces(Color::White, Role::Knight) | pos.pieces(Color::Black, Role::Knight);
            (rest & !knights).is_empty()
        }
        Variant::FlipShatranj | Variant::FlipShatranj8 => false,
        _ => rest.is_empty(),
    }
}

/// Whether a move takes material (move ordering and quiescence look at these). A
/// combiningknightmare fusion lands on an enemy piece but takes nothing.
#[inline]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    captured_role(pos, m).is_some()
}

/// The role a capturing move takes, if any (for a Knightmare, the enemy component;
/// see `lost_component` for the mover's own one that leaves with it).
#[inline]
pub fn captured_role(pos: &Position, m: Move) -> Option<crate::piece::Role> {
    if m.kind == crate::moves::MoveKind::EnPassant {
        return Some(crate::piece::Role::Pawn);
    }
    let victim = pos.role_at(pos.side.other(), m.to)?;
    if pos.variant == Variant::CombiningKnightmare && combining::is_fusion(pos, m) {
        return None;
    }
    Some(victim)
}

/// The mover's own piece that a capture removes too: the mover's component of a
/// captured Knightmare (combiningknightmare); None everywhere else.
#[inline]
pub fn lost_component(pos: &Position, m: Move) -> Option<crate::piece::Role> {
    if pos.variant != Variant::CombiningKnightmare || !pos.shared().has(m.to) {
        return None;
    }
    pos.role_at(pos.side, m.to)
}

/// The moves quiescence search looks at when not in check: captures and promotions
/// (a combiningknightmare fusion is neither: it only builds a shared piece).
/// Where a turn has a second part (stonesrelays' neutral move, flipshatranj's flip),
/// one form of each capture is enough to see the exchange, the plain one where it is
/// legal; the rest would multiply the quiescence tree for nothing.
pub fn tactical_moves(pos: &Position, list: &mut MoveList) {
    match pos.variant {
        // Each capture with its most useful flip.
        Variant::FlipShatranj | Variant::FlipShatranj8 => flip::generate_tactical(pos, list),
        // Generated directly: a turn has thousands of forms, most of them quiet. Only
        // plain forms: finding a neutral move that makes an illegal capture legal (a
        // pinned piece, a king taking a guarded piece) costs a check test per neutral
        // move and rarely succeeds.
        Variant::StonesRelays | Variant::StonesRelaysTunnel => {
            stones::generate_some(pos, stones::Forms::Plain, stones::Pieces::Tactical, list)
        }
        _ => {
            legal_moves(pos, list);
            list.retain(|m| is_capture(pos, *m) || m.promotion.is_some());
        }
    }
}

/// `tactical_moves` and, in the chess family, the quiet moves that check the enemy
/// royal piece directly (the moved piece attacks it from its target square), for the
/// first ply of quiescence: a mating net is seen a ply earlier. Elsewhere the
/// tactical moves alone.
pub fn tactical_moves_and_checks(pos: &Position, list: &mut MoveList) {
    if !matches!(pos.variant, Variant::Chess | Variant::Knightmate) {
        return tactical_moves(pos, list);
    }
    legal_moves(pos, list);
    let us = pos.side;
    let occ = pos.occupied();
    // Per role, the squares from which a piece of that role attacks an enemy royal.
    let mut checking = [crate::bitboard::Bitboard::EMPTY; crate::piece::NROLES];
    for royal in pos.royals(us.other()) {
        for role in crate::piece::Role::ALL {
            checking[role.idx()] |= orthodox::attacks(pos, us.other(), role, royal, occ);
        }
    }
    list.retain(|m| {
        is_capture(pos, *m)
            || m.promotion.is_some()
            || pos
                .role_at(us, m.from)
                .is_some_and(|r| checking[r.idx()].has(m.to))
    });
}

/// Whether what a capture gains is the captured piece alone, so that quiescence may
/// skip a capture whose victim cannot lift the score to alpha. Not where the turn's
/// second part can gain more (a flip that threatens a king, a neutral move that
/// mates).
pub fn gain_is_victim(variant: Variant) -> bool {
    !matches!(
        variant,
        Variant::FlipShatranj
            | Variant::FlipShatranj8
            | Variant::StonesRelays
            | Variant::StonesRelaysTunnel
    )
}

/// Variant knowledge for move ordering: a bonus per move of `list`, or `None` where the
/// variant has none (flipshatranj: how useful each move's flip is).
pub fn order_hints(pos: &Position, list: &MoveList) -> Option<Vec<i32>> {
    match pos.variant {
        Variant::FlipShatranj | Variant::FlipShatranj8 => Some(flip::order_hints(pos, list)),
        _ => None,
    }
}

/// A quiet move that is a near-duplicate of another (flipshatranj: the same move with
/// a flip that changes no threat), which shallow nodes may skip.
pub fn is_redundant_quiet(pos: &Position, m: Move) -> bool {
    match pos.variant {
        Variant::FlipShatranj | Variant::FlipShatranj8 => flip::is_quiet_flip(pos, m),
        _ => false,
    }
}

/// Where there is no check (flipshatranj): whether the opponent could capture a royal
/// piece of the side to move on its next turn. The search treats such a node like a
/// node in check (no pruning on the static evaluation).
pub fn royal_threatened(pos: &Position) -> bool {
    match pos.variant {
        Variant::FlipShatranj | Variant::FlipShatranj8 => flip::king_threatened(pos),
        _ => false,
    }
}

/// The moves quiescence search answers a check with: every legal move elsewhere, so
/// that mates are seen. Stonesrelays has thousands of evasions (a neutral move after
/// nearly any piece move may block): the plain ones, or where there is none, one form
/// per piece move, so that the list is empty exactly when there is no legal turn.
pub fn quiescence_evasions(pos: &Position, list: &mut MoveList) {
    match pos.variant {
        Variant::StonesRelays | Variant::StonesRelaysTunnel => {
            stones::generate_some(pos, stones::Forms::Plain, stones::Pieces::All, list);
            if list.is_empty() {
                stones::generate_some(pos, stones::Forms::First, stones::Pieces::All, list);
            }
        }
        _ => legal_moves(pos, list),
    }
}

/// The search generates a node's moves in two stages, the second only when the first
/// gives no cutoff. Together they are exactly the legal moves, each once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Most variants: every legal move. Stonesrelays: each piece move alone.
    First,
    /// Stonesrelays: the piece moves followed by a neutral move (most of a position's
    /// turns, and rarely better than the best plain move). Empty elsewhere.
    Rest,
}

/// Appends the legal moves of one stage to `list`.
pub fn staged_moves(pos: &Position, stage: Stage, list: &mut MoveList) {
    match (pos.variant, stage) {
        (Variant::StonesRelays | Variant::StonesRelaysTunnel, _) => {
            let forms = match stage {
                Stage::First => stones::Forms::Plain,
                Stage::Rest => stones::Forms::Neutral,
            };
            stones::generate_some(pos, forms, stones::Pieces::All, list);
        }
        (_, Stage::First) => legal_moves(pos, list),
        (_, Stage::Rest) => {}
    }
}

/// The stage that generates `m`.
#[inline]
pub fn stage_of(variant: Variant, m: Move) -> Stage {
    if has_rest_stage(variant) && m.extra.is_some() {
        Stage::Rest
    } else {
        Stage::First
    }
}

/// Whether the variant's second stage can hold moves (see `Stage`).
pub fn has_rest_stage(variant: Variant) -> bool {
    matches!(variant, Variant::StonesRelays | Variant::StonesRelaysTunnel)
}

/// The position with the turn passed to the opponent (for null-move pruning): the
/// one-ply state (en passant, ko, frozen Knightmare) lapses as after any move.
pub fn play_null(pos: &Position) -> Position {
    let mut next = pos.clone();
    next.set_ep(crate::bitboard::Bitboard::EMPTY);
    next.set_ko(None);
    next.set_frozen(None);
    next.halfmove += 1;
    next.switch_side();
    next
}

/// How the search scores a position with no legal move, for the side to move (0 is a
/// draw; negative a loss).
pub fn no_move_is_loss(pos: &Position) -> bool {
    !pos.variant.has_check() || in_check(pos, pos.side)
}

/// Whether a repetition is lost by the side that made it (flipshatranj) rather than
/// drawn.
pub fn repetition_loses(variant: Variant) -> bool {
    matches!(variant, Variant::FlipShatranj | Variant::FlipShatranj8)
}

/// Whether the side to move has lost a royal piece (flipshatranj's king capture): the
/// game is over and it has lost.
#[inline]
pub fn royal_lost(pos: &Position) -> bool {
    !pos.variant.has_check() && pos.royals(pos.side).count() < pos.variant.royal_count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::format_move;

    fn quiescence_moves(variant: Variant, fen: &str) -> Vec<String> {
        let pos = Position::from_fen(variant, fen).unwrap();
        let mut list = MoveList::new();
        tactical_moves_and_checks(&pos, &mut list);
        let mut moves: Vec<String> = list.iter().map(|&m| format_move(&pos, m)).collect();
        moves.sort();
        moves
    }

    #[test]
    fn quiescence_checks_are_the_quiet_moves_that_attack_the_royal_knight() {
        // The queen on d1 checks the royal knight on e8 from d8, d7, e2, h5 and a4,
        // the queen on a1 from a4, e5 and h8; the capture on a7 comes too; no other
        // quiet move.
        let moves = quiescence_moves(Variant::Knightmate, "4k3/p7/8/8/8/8/8/Q2QK3 w - - 0 1");
        let mut want = vec![
            "d1d8", "d1d7", "d1e2", "d1h5", "d1a4", "a1a4", "a1e5", "a1h8", "a1a7",
        ];
        want.sort();
        assert_eq!(moves, want);
    }

    #[test]
    fn quiescence_checks_leave_other_variants_with_their_tactical_moves() {
        let fen = "4k3/p7/8/8/8/8/8/Q2QK3 w - - 0 1";
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        let (mut a, mut b) = (MoveList::new(), MoveList::new());
        tactical_moves_and_checks(&pos, &mut a);
        tactical_moves(&pos, &mut b);
        assert!(a.len() > b.len(), "chess has quiet checks too");
        let pos = Position::from_fen(Variant::KnightRelay, fen).unwrap();
        let (mut a, mut b) = (MoveList::new(), MoveList::new());
        tactical_moves_and_checks(&pos, &mut a);
        tactical_moves(&pos, &mut b);
        assert_eq!(a.as_slice(), b.as_slice());
    }
}
