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

use crate::eval::{side_terms, tapered, Weights};
use crate::piece::Color;
use crate::position::Position;
use crate::rules::orthodox::attacks;

/// The evaluation of combiningknightmare: the shared terms, with the Knightmares'
/// material as this module's share.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    tapered(pos, w, |us| {
        let (mg, eg) = side_terms(pos, w, us, |role, sq, occ| attacks(pos, us, role, sq, occ));
        let (km_mg, km_eg) = knightmare_terms(pos, w, us);
        (mg + km_mg, eg + km_eg)
    })
}

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

/// (middlegame, endgame) Knightmare terms of one side: its shares of its own
/// components.
pub fn knightmare_terms(pos: &Position, w: &Weights, us: Color) -> (i32, i32) {
    let k = &KNIGHTMARE;
    let (mut mg, mut eg) = (0, 0);
    for sq in pos.shared() {
        let Some(role) = pos.role_at(us, sq) else {
            continue;
        };
        // The side to move uses a Knightmare first, unless it is the frozen one.
        let first = if pos.frozen == Some(sq) {
            pos.side.other()
        } else {
            pos.side
        };
        let share = k.share + if us == first { k.first_use } else { 0 };
        let (m_val, e_val) = w.material[role.idx()];
        mg += m_val * share / 256;
        eg += e_val * share / 256;
    }
    (mg, eg)
}
