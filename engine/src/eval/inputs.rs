//! The board as both learned evaluations read it (`network`, the correction, and
//! `nnue`, the whole evaluation): one input per piece and square, "mine" or "theirs",
//! the board turned for Black; and the byte readers of their file headers. One place,
//! so that the two nets and their trainers cannot disagree on what an input means.

use crate::geometry::Square;
use crate::piece::{Color, Role};
use crate::position::Position;

/// The roles an input can name: pawn to commoner (knightmate's `M`), the royal piece
/// among them (`Role::ALL[..ROLES]`).
pub const ROLES: usize = 7;
/// The board the inputs describe: 8x8. A variant on another board has no net (its
/// squares would spill into the next role's inputs): each net's `Header::check` refuses
/// it.
pub const FILES: usize = 8;
pub const RANKS: usize = 8;
pub const SQUARES: usize = FILES * RANKS;
/// Inputs per view: mine and theirs, each role, each square.
pub const INPUTS: usize = 2 * ROLES * SQUARES;

/// The input that names a `color` `role` on `sq` in `view`'s eyes.
#[inline]
pub fn feature(view: Color, color: Color, role: Role, sq: Square) -> usize {
    // Squares count along the ranks from a1 (`geometry`), FILES to a rank on the boards
    // the headers let through; Black's view turns the ranks.
    let s = usize::from(sq.0);
    let (file, rank) = (s % FILES, s / FILES);
    let rank = if view == Color::White {
        rank
    } else {
        RANKS - 1 - rank
    };
    usize::from(color != view) * ROLES * SQUARES + role.idx() * SQUARES + rank * FILES + file
}

/// The inputs of `pos` as `view` sees it: one per piece (pawn to commoner).
pub fn features(pos: &Position, view: Color) -> impl Iterator<Item = usize> + '_ {
    Color::BOTH.into_iter().flat_map(move |color| {
        Role::ALL[..ROLES].iter().flat_map(move |&role| {
            pos.pieces(color, role)
                .into_iter()
                .map(move |sq| feature(view, color, role, sq))
        })
    })
}

/// The first `n` bytes of `rest`, which moves past them.
pub(super) fn take<'a>(rest: &mut &'a [u8], n: usize) -> Result<&'a [u8], String> {
    let (head, tail) = rest.split_at_checked(n).ok_or("cut off in its header")?;
    *rest = tail;
    Ok(head)
}

/// A little-endian u32 from `rest` (`take`).
pub(super) fn word(rest: &mut &[u8]) -> Result<u32, String> {
    let b = take(rest, 4)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}
