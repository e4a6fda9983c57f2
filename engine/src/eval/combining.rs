//! combiningknightmare: what a Knightmare is worth to each side. Its two components
//! stand in both colors' bitboards, so the shared terms would count each as a full
//! piece of its color; `side_terms` leaves their material out and this module puts in
//! a share instead. Mobility and attacks on the royal zone stay shared terms: a
//! component really moves and attacks for its color.
//!
//! The reasoning behind the terms:
//! - A Knightmare is a piece either side may move (carrying the other's component
//!   along) or capture (removing both components). Each side keeps a share of its own
//!   component's value; the difference of the shares says whose component is stronger,
//!   which is also what capturing it would change.
//! - Whoever may move it first uses it first: the side to move, unless the Knightmare
//!   is the frozen one, in which case the opponent gets it first. That side gets an
//!   extra share of its own component.

use crate::piece::Color;
use crate::position::Position;

use super::Weights;

/// The numbers of the Knightmare terms, in 256ths of the component's material value.
pub struct KnightmareWeights {
    /// Share of its own component's value that a side keeps from a Knightmare.
    pub share: i32,
    /// Extra share for the side that may move the Knightmare first.
    pub first_use: i32,
}

pub const KNIGHTMARE: KnightmareWeights = KnightmareWeights {
    share: 192,
    first_use: 48,
};

/// (middlegame, endgame) Knightmare terms, from White's point of view.
pub fn knightmare_terms(pos: &Position, w: &Weights) -> (i32, i32) {
    let k = &KNIGHTMARE;
    let (mut mg, mut eg) = (0, 0);
    for sq in pos.shared() {
        let first = if pos.frozen == Some(sq) {
            pos.side.other()
        } else {
            pos.side
        };
        for color in Color::BOTH {
            let Some(role) = pos.role_at(color, sq) else {
                continue;
            };
            let (m_val, e_val) = w.material[role.idx()];
            let share = k.share + if color == first { k.first_use } else { 0 };
            let sign = if color == Color::White { 1 } else { -1 };
            mg += sign * m_val * share / 256;
            eg += sign * e_val * share / 256;
        }
    }
    (mg, eg)
}
