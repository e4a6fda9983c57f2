//! The board as both learned evaluations read it (`network`, the correction, and
//! `nnue`, the whole evaluation): one input per piece and square, "mine" or "theirs",
//! the board turned for Black, and on the stones boards one per neutral piece and
//! square, the same for both sides. One place, so that the nets and their trainers
//! cannot disagree on what an input means.
//!
//! The inputs come in planes, one square's worth of inputs each: each colour's roles
//! (pawn to commoner), then the neutral kinds (stone, relay, gate) where the variant has
//! them. An 8x8 variant's inputs are numbered as they were before the neutral planes
//! existed, so the nets made then read the same.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::piece::{Color, Neutral, Role};
use crate::position::Position;
use crate::variant::Variant;

/// The roles an input can name: pawn to commoner (knightmate's `M`), the royal piece
/// among them (`Role::ALL[..ROLES]`).
pub const ROLES: usize = 7;
/// The neutral kinds an input can name (`Neutral::ALL`): stone, relay and gate. A
/// stones variant has all three planes, the tunnel's gates or not, so that one net can
/// serve both stones variants.
pub const NEUTRALS: usize = 3;
/// The most planes a variant has: each colour's roles and the neutral kinds.
pub const MAX_PLANES: usize = 2 * ROLES + NEUTRALS;
/// How a net file's header names a neutral plane among its roles: this plus the kind's
/// index (`Neutral::idx`), far from any role's index.
pub const NEUTRAL_CODE: u8 = 64;

/// The 8x8 board the learned correction (`network`) is made for: its size is a
/// constant of the build.
pub const FILES: usize = 8;
pub const RANKS: usize = 8;
pub const SQUARES: usize = FILES * RANKS;
/// The correction's inputs per view: mine and theirs, each role, each square.
pub const INPUTS: usize = 2 * ROLES * SQUARES;

/// Where a variant's inputs are: its board and whether it has the neutral planes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inputs {
    pub files: usize,
    pub ranks: usize,
    pub neutral: bool,
}

impl Inputs {
    /// The inputs of `variant`'s board, whether or not a net can have them
    /// (`supports`).
    pub fn of(variant: Variant) -> Inputs {
        let facts = variant.facts();
        Inputs {
            files: usize::from(facts.geometry.width()),
            ranks: usize::from(facts.geometry.height()),
            neutral: facts.neutral_pieces,
        }
    }

    /// `Err` says why no net can be made for `variant` (`noun` is what the message
    /// calls one): a role no input names, or pieces whose state (flipshatranj's move
    /// and capture states) no input tells.
    pub fn supports(variant: Variant, noun: &str) -> Result<(), String> {
        let facts = variant.facts();
        let name = variant.name();
        if let Some((c, _)) = facts.pieces.iter().find(|(_, r)| r.idx() >= ROLES) {
            return Err(format!("{name} has '{c}', a role no {noun} input names"));
        }
        if facts.piece_states {
            return Err(format!(
                "{name}'s pieces have move and capture states, which no {noun} input tells"
            ));
        }
        Ok(())
    }

    pub const fn squares(self) -> usize {
        self.files * self.ranks
    }

    pub const fn planes(self) -> usize {
        2 * ROLES + if self.neutral { NEUTRALS } else { 0 }
    }

    /// Inputs per view.
    pub const fn count(self) -> usize {
        self.planes() * self.squares()
    }

    /// What a net file's header lists for these planes after the colours' roles: the
    /// roles' indices (`Role` order), then `NEUTRAL_CODE` plus each neutral kind's.
    pub fn kinds(self) -> Vec<u8> {
        let neutral = if self.neutral { NEUTRALS } else { 0 };
        (0..ROLES as u8)
            .chain((0..neutral as u8).map(|k| NEUTRAL_CODE + k))
            .collect()
    }

    /// The input that names what stands on `sq` in `plane` (`planes`' numbering:
    /// White's roles, Black's, the neutral kinds) in `view`'s eyes: a colour's plane
    /// becomes "mine" or "theirs", and Black's view turns the ranks.
    #[inline]
    pub fn feature(self, view: Color, plane: usize, sq: Square) -> usize {
        self.both(plane, sq)[view.idx()]
    }

    /// `feature` in White's view and in Black's, the square's file and rank worked out
    /// once for the two (the accumulator's update asks for both at every evaluated
    /// node).
    #[inline]
    pub fn both(self, plane: usize, sq: Square) -> [usize; 2] {
        // Squares count along the ranks from a1 (`geometry`), `files` to a rank. Every
        // board with a net has 8 files: a shift, not a division, on the search's path.
        let s = usize::from(sq.0);
        let (file, rank) = if self.files == 8 {
            (s & 7, s >> 3)
        } else {
            (s % self.files, s / self.files)
        };
        let turned = (self.ranks - 1 - rank) * self.files + file;
        let (white, black) = match plane {
            p if p < ROLES => (p, p + ROLES),
            p if p < 2 * ROLES => (p, p - ROLES),
            p => (p, p),
        };
        let squares = self.squares();
        [white * squares + s, black * squares + turned]
    }
}

/// The plane of a `color` `role` in `Inputs::feature`'s numbering.
#[inline]
pub fn piece_plane(color: Color, role: Role) -> usize {
    color.idx() * ROLES + role.idx()
}

/// The plane of a neutral `kind` in `Inputs::feature`'s numbering.
#[inline]
pub fn neutral_plane(kind: Neutral) -> usize {
    2 * ROLES + kind.idx()
}

/// What stands on each plane of `pos` (`Inputs::planes` of them; the rest are empty).
pub type Planes = [Bitboard; MAX_PLANES];

/// The squares of each plane of `pos`, whose inputs are `inputs` (`Inputs::of` its
/// variant).
#[inline]
pub fn planes(pos: &Position, inputs: Inputs) -> Planes {
    let mut planes = [Bitboard::EMPTY; MAX_PLANES];
    for color in Color::BOTH {
        for &role in &Role::ALL[..ROLES] {
            planes[piece_plane(color, role)] = pos.pieces(color, role);
        }
    }
    if inputs.neutral {
        for kind in Neutral::ALL {
            planes[neutral_plane(kind)] = pos.neutral(kind);
        }
    }
    planes
}

/// The inputs of `pos` as `view` sees it: one per piece (pawn to commoner) and per
/// neutral piece.
pub fn features(pos: &Position, view: Color) -> impl Iterator<Item = usize> {
    let inputs = Inputs::of(pos.variant());
    let planes = planes(pos, inputs);
    (0..inputs.planes()).flat_map(move |plane| {
        planes[plane]
            .into_iter()
            .map(move |sq| inputs.feature(view, plane, sq))
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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
        let inputs = Inputs::of(pos.variant());
        let b5 = pos.tables().parse_square("b5").expect("a square");
        for view in Color::BOTH {
            let seen: Vec<usize> = features(&pos, view).collect();
            assert_eq!(seen.len(), 4);
            let rook = piece_plane(Color::White, Role::Rook);
            let queen = piece_plane(Color::Black, Role::Queen);
            assert!(seen.contains(&inputs.feature(view, rook, b5)));
            assert!(seen.contains(&inputs.feature(view, queen, b5)));
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

    /// The 8x8 variants' inputs are numbered as before the neutral planes (side, role,
    /// square, Black's ranks turned), which the nets embedded then were trained on.
    #[test]
    fn an_8x8_input_is_numbered_side_role_square() {
        for variant in [Variant::Chess, Variant::Knightmate, Variant::KnightRelay] {
            let inputs = Inputs::of(variant);
            assert_eq!(inputs.count(), INPUTS);
            assert_eq!(inputs.kinds(), (0..ROLES as u8).collect::<Vec<u8>>());
            for (view, color, role, s) in [
                (Color::White, Color::White, Role::Pawn, 12),
                (Color::White, Color::Black, Role::King, 60),
                (Color::Black, Color::White, Role::Commoner, 1),
                (Color::Black, Color::Black, Role::Queen, 59),
            ] {
                let (file, rank) = (s % 8, s / 8);
                let rank = if view == Color::White { rank } else { 7 - rank };
                let old = usize::from(color != view) * ROLES * SQUARES
                    + role.idx() * SQUARES
                    + rank * 8
                    + file;
                let plane = piece_plane(color, role);
                assert_eq!(inputs.feature(view, plane, Square(s as u8)), old);
            }
        }
    }

    /// On the 8x9 stones board every neutral piece is an input, the same plane for
    /// both sides, and Black's view is White's turned: the inputs of the start seen by
    /// Black are those of the start with its ranks turned and its colours swapped seen
    /// by White.
    #[test]
    fn a_neutral_piece_is_one_input_of_each_view_on_the_stones_board() {
        for variant in [Variant::StonesRelays, Variant::StonesRelaysTunnel] {
            let inputs = Inputs::of(variant);
            assert_eq!((inputs.files, inputs.ranks, inputs.planes()), (8, 9, 17));
            assert_eq!(inputs.kinds().len(), ROLES + NEUTRALS);
            let pos = Position::startpos(variant);
            let neutral = pos.all_neutral().count() as usize;
            for view in Color::BOTH {
                let seen: Vec<usize> = features(&pos, view).collect();
                assert_eq!(seen.len(), 32 + neutral, "{variant:?}");
                assert!(seen.iter().all(|&f| f < inputs.count()));
                let neutral_seen = seen
                    .iter()
                    .filter(|&&f| f >= 2 * ROLES * inputs.squares())
                    .count();
                assert_eq!(neutral_seen, neutral);
            }
        }
        // Black sees a stone on b4 (rank 4 of 9) on b6, and a relay on d5, the middle
        // rank, there.
        let v = Variant::StonesRelays;
        let inputs = Inputs::of(v);
        let pos =
            Position::from_fen(v, "4k3/8/8/8/3X4/1S6/8/8/4K3 w - - 0 1 -").expect("a good FEN");
        let at = |name| pos.tables().parse_square(name).expect("a square");
        let stone = neutral_plane(Neutral::Stone);
        let relay = neutral_plane(Neutral::Relay);
        let black: Vec<usize> = features(&pos, Color::Black).collect();
        assert!(black.contains(&inputs.feature(Color::White, stone, at("b6"))));
        assert!(black.contains(&inputs.feature(Color::White, relay, at("d5"))));
        assert_eq!(black.len(), 4);
    }

    /// No net describes flipshatranj's pieces: roles beyond the commoner, and states.
    #[test]
    fn no_input_names_a_flipshatranj_piece() {
        for variant in [Variant::FlipShatranj, Variant::FlipShatranj8] {
            let e = Inputs::supports(variant, "net").expect_err("flipshatranj");
            assert!(e.contains("a role no net input names"), "{e}");
        }
        for variant in Variant::ALL {
            let facts = variant.facts();
            if !facts.piece_states {
                assert_eq!(Inputs::supports(variant, "net"), Ok(()), "{variant:?}");
            }
        }
    }
}
