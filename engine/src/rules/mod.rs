//! One entry point per rule question (legal moves, making a move, check, the end of
//! the game), dispatching to the variant's module. Shared mechanisms live in
//! `orthodox`; a variant adds a module with only what it changes.

pub mod orthodox;
pub mod stones;

use crate::moves::{Move, MoveList};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;

/// Every legal move (whole turn) of the side to move. A finished game has none.
pub fn legal_moves(pos: &Position, list: &mut MoveList) {
    match pos.variant {
        Variant::Chess | Variant::Knightmate => orthodox::generate(pos, list),
        Variant::StonesRelays | Variant::StonesRelaysTunnel => stones::generate(pos, list),
        _ => {}
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
        Variant::StonesRelays | Variant::StonesRelaysTunnel => stones::apply(pos, m),
        _ => orthodox::apply(pos, m),
    }
}

/// Whether `color`'s royal piece is attacked (always false where there is no check).
pub fn in_check(pos: &Position, color: Color) -> bool {
    match pos.variant {
        Variant::Chess | Variant::Knightmate => orthodox::in_check(pos, color),
        Variant::StonesRelays | Variant::StonesRelaysTunnel => stones::in_check(pos, color),
        _ => false,
    }
}

/// Whether the variant is playable yet (its rules module exists).
pub fn is_supported(variant: Variant) -> bool {
    matches!(
        variant,
        Variant::Chess | Variant::Knightmate | Variant::StonesRelays | Variant::StonesRelaysTunnel
    )
}

/// The end of the game that the position itself shows: no legal move (mate,
/// stalemate, or a loss where the variant says so), a captured king.
pub fn terminal(pos: &Position) -> Option<crate::game::Outcome> {
    use crate::game::Outcome;
    let us = pos.side;
    if pos.royals(us).is_empty() {
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
