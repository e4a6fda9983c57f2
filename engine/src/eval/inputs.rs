//! The board as both learned evaluations read it (`network`, the correction, and
//! `nnue`, the whole evaluation): one input per piece and square, "mine" or "theirs",
//! the board turned for Black. One place, so that the two nets and their trainers cannot
//! disagree on what an input means.

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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::variant::Variant;

    /// A knightmate position and the same with the colours swapped (the board turned,
    /// the other side to move): a net, which reads "mine" and "theirs", scores both the
    /// same.
    pub fn colours_swapped() -> (Position, Position) {
        let read = |fen| Position::from_fen(Variant::Knightmate, fen).expect("a good FEN");
        (
            read("rmbqkbmr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RMBQKBMR w KQkq - 0 2"),
            read("rmbqkbmr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 2"),
        )
    }

    /// A Knightmare (combiningknightmare) is a white and a black piece on one square,
    /// and so the inputs of both, "mine" and "theirs", on that square; the net tells it
    /// from two pieces apart by the square they share.
    #[test]
    fn a_knightmare_is_one_input_of_each_colour_on_its_square() {
        let pos = Position::from_fen(
            Variant::CombiningKnightmare,
            "4k3/8/8/1(Rq)6/8/3K4/8/8 w - - 0 1 -",
        )
        .expect("a good FEN");
        let b5 = pos.tables().parse_square("b5").expect("a square");
        for view in Color::BOTH {
            let inputs: Vec<usize> = features(&pos, view).collect();
            assert_eq!(inputs.len(), 4);
            assert!(inputs.contains(&feature(view, Color::White, Role::Rook, b5)));
            assert!(inputs.contains(&feature(view, Color::Black, Role::Queen, b5)));
        }
    }

    #[test]
    fn every_piece_is_one_input_of_each_view_and_black_sees_the_board_turned() {
        let pos = Position::startpos(Variant::Knightmate);
        let white: Vec<usize> = features(&pos, Color::White).collect();
        let mut black: Vec<usize> = features(&pos, Color::Black).collect();
        assert_eq!(white.len(), 32);
        // The start is symmetric: each side sees the same board.
        let mut sorted = white.clone();
        sorted.sort();
        black.sort();
        assert_eq!(sorted, black);
        assert!(white.iter().all(|&f| f < INPUTS));
    }
}
