//! The board as both learned evaluations read it (`network`, the correction, and
//! `nnue`, the whole evaluation): one input per piece and square, "mine" or "theirs",
//! the board turned for Black, and where a variant has more to tell (neutral pieces,
//! Knightmares, flip states) inputs for that too. One place, so that the nets and their
//! trainers cannot disagree on what an input means.
//!
//! The inputs come in planes, one square's worth of inputs each: first each colour's
//! planes (White's, then Black's, the same kinds in the same order), then the planes
//! both sides share. Each colour's planes are its roles pawn to commoner (flipshatranj:
//! pawn to power), and after them:
//! - combiningknightmare: the same roles again for a piece that is half of a Knightmare
//!   (such a piece is on these planes, not the plain ones: a Knightmare's half is worth
//!   something else than a piece of its own), and one shared plane, the frozen
//!   Knightmare's square;
//! - flipshatranj: one plane of the colour's pieces in the capture state;
//! - the stones variants: no colour plane more, and three shared planes, one per
//!   neutral kind (stone, relay, gate).
//!
//! A chess-family 8x8 variant's inputs are numbered as they were before the other kinds
//! existed, so the nets made then read the same; so are the stones boards' since their
//! neutral planes came.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::piece::{Color, Neutral, Role, NROLES};
use crate::position::Position;
use crate::variant::Variant;

/// The roles an input can name in the chess family: pawn to commoner (knightmate's
/// `M`), the royal piece among them (`Role::ALL[..ROLES]`).
pub const ROLES: usize = 7;
/// The neutral kinds an input can name (`Neutral::ALL`): stone, relay and gate. A
/// stones variant has all three planes, the tunnel's gates or not, so that one net can
/// serve both stones variants.
pub const NEUTRALS: usize = 3;
/// The most planes a variant has: combiningknightmare's two sets of roles a colour and
/// the frozen square.
pub const MAX_PLANES: usize = 2 * (2 * ROLES) + 1;
/// The most kinds a net file's header lists (`Inputs::kinds`: a colour's planes, then
/// the shared ones).
pub const MAX_KINDS: usize = 2 * ROLES + 1;
// Every variant's planes and kinds fit: flipshatranj's roles and capture state a
// colour, combiningknightmare's two sets of roles and the frozen square.
const _: () = assert!(2 * (NROLES + 1) <= MAX_PLANES && NROLES < MAX_KINDS);

/// How a net file's header names a neutral plane among its roles: this plus the kind's
/// index (`Neutral::idx`), far from any role's index.
pub const NEUTRAL_CODE: u8 = 64;
/// How a header names a plane of a role's pieces in Knightmares: this plus the role's
/// index.
pub const KNIGHTMARE_CODE: u8 = 32;
/// How a header names the frozen Knightmare's plane.
pub const FROZEN_CODE: u8 = 96;
/// How a header names a plane of pieces in the capture state (flipshatranj).
pub const CAPTURE_STATE_CODE: u8 = 97;

/// The 8x8 board the learned correction (`network`) is made for: its size is a
/// constant of the build.
pub const FILES: usize = 8;
pub const RANKS: usize = 8;
pub const SQUARES: usize = FILES * RANKS;
/// The correction's inputs per view: mine and theirs, each role, each square.
pub const INPUTS: usize = 2 * ROLES * SQUARES;

/// What a variant's inputs tell beyond each colour's roles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    /// Nothing more: chess, knightmate, knightrelay.
    None,
    /// The neutral pieces, a shared plane each (the stones variants).
    Neutral,
    /// Each colour's pieces in Knightmares apart from its other pieces, and the frozen
    /// Knightmare (combiningknightmare).
    Knightmares,
    /// The roles pawn to power, and each colour's pieces in the capture state
    /// (flipshatranj, both boards).
    FlipStates,
}

/// Where a variant's inputs are: its board and what its planes tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inputs {
    pub files: usize,
    pub ranks: usize,
    pub extra: Extra,
}

impl Inputs {
    /// The inputs of `variant`'s board.
    pub fn of(variant: Variant) -> Inputs {
        let facts = variant.facts();
        let extra = if facts.neutral_pieces {
            Extra::Neutral
        } else if facts.shared_pieces {
            Extra::Knightmares
        } else if facts.piece_states {
            Extra::FlipStates
        } else {
            Extra::None
        };
        Inputs {
            files: usize::from(facts.geometry.width()),
            ranks: usize::from(facts.geometry.height()),
            extra,
        }
    }

    /// `Err` says why no net can be made for `variant` (`noun` is what the message
    /// calls one): a role no input names. Every variant's roles have inputs now; the
    /// check stays for a variant still to come.
    pub fn supports(variant: Variant, noun: &str) -> Result<(), String> {
        let facts = variant.facts();
        let roles = Inputs::of(variant).roles();
        if let Some((c, _)) = facts.pieces.iter().find(|(_, r)| r.idx() >= roles) {
            return Err(format!(
                "{} has '{c}', a role no {noun} input names",
                variant.name()
            ));
        }
        Ok(())
    }

    pub const fn squares(self) -> usize {
        self.files * self.ranks
    }

    /// The roles a colour's planes name: pawn to commoner, or to power.
    pub const fn roles(self) -> usize {
        match self.extra {
            Extra::FlipStates => NROLES,
            _ => ROLES,
        }
    }

    /// Planes a colour has (its roles, and after them its Knightmares' roles or its
    /// capture state).
    pub const fn colour_planes(self) -> usize {
        match self.extra {
            Extra::None | Extra::Neutral => ROLES,
            Extra::Knightmares => 2 * ROLES,
            Extra::FlipStates => NROLES + 1,
        }
    }

    /// Planes both sides share, after the colours'.
    pub const fn shared_planes(self) -> usize {
        match self.extra {
            Extra::Neutral => NEUTRALS,
            Extra::Knightmares => 1,
            Extra::None | Extra::FlipStates => 0,
        }
    }

    /// At most this many inputs are on in one view: each side starts with at most two
    /// ranks of pieces and never gains one, and beyond them the stones variants' neutral
    /// pieces, the frozen Knightmare, or every piece in the capture state too.
    pub const fn most_on(self) -> usize {
        let pieces = 4 * self.files;
        pieces
            + match self.extra {
                Extra::None => 0,
                Extra::Neutral => crate::rules::stones::MAX_NEUTRALS,
                Extra::Knightmares => 1,
                Extra::FlipStates => pieces,
            }
    }

    pub const fn planes(self) -> usize {
        2 * self.colour_planes() + self.shared_planes()
    }

    /// Inputs per view.
    pub const fn count(self) -> usize {
        self.planes() * self.squares()
    }

    /// What a net file's header lists: a colour's planes (a role by its index, a
    /// Knightmare's role by `KNIGHTMARE_CODE` plus it, the capture state by
    /// `CAPTURE_STATE_CODE`), then the shared ones (`NEUTRAL_CODE` plus a neutral kind's
    /// index, `FROZEN_CODE`).
    pub fn kinds(self) -> Vec<u8> {
        let roles = 0..self.roles() as u8;
        let mut kinds: Vec<u8> = roles.clone().collect();
        match self.extra {
            Extra::None => {}
            Extra::Neutral => kinds.extend((0..NEUTRALS as u8).map(|k| NEUTRAL_CODE + k)),
            Extra::Knightmares => {
                kinds.extend(roles.map(|r| KNIGHTMARE_CODE + r));
                kinds.push(FROZEN_CODE);
            }
            Extra::FlipStates => kinds.push(CAPTURE_STATE_CODE),
        }
        kinds
    }

    /// The plane of a `color` `role` standing on its own (not in a Knightmare).
    #[inline]
    pub const fn piece_plane(self, color: Color, role: Role) -> usize {
        color.idx() * self.colour_planes() + role.idx()
    }

    /// The plane of a `color` `role` that is half of a Knightmare (combiningknightmare).
    #[inline]
    pub const fn knightmare_plane(self, color: Color, role: Role) -> usize {
        color.idx() * self.colour_planes() + ROLES + role.idx()
    }

    /// The plane of `color`'s pieces in the capture state (flipshatranj).
    #[inline]
    pub const fn capture_state_plane(self, color: Color) -> usize {
        color.idx() * self.colour_planes() + NROLES
    }

    /// The `k`th shared plane: a neutral kind's (`Neutral::idx`), or the frozen
    /// Knightmare's (0).
    #[inline]
    pub const fn shared_plane(self, k: usize) -> usize {
        2 * self.colour_planes() + k
    }

    /// The input that names what stands on `sq` in `plane` (`planes`' numbering) in
    /// `view`'s eyes: a colour's plane becomes "mine" or "theirs", and Black's view
    /// turns the ranks.
    #[inline]
    pub fn feature(self, view: Color, plane: usize, sq: Square) -> usize {
        self.both(plane, sq)[view.idx()]
    }

    /// `feature` in White's view and in Black's, the square's file and rank worked out
    /// once for the two (the accumulator's update asks for both at every evaluated
    /// node).
    #[inline]
    pub fn both(self, plane: usize, sq: Square) -> [usize; 2] {
        // Squares count along the ranks from a1 (`geometry`), `files` to a rank. Most
        // boards with a net have 8 files: a shift, not a division, on the search's path.
        let s = usize::from(sq.0);
        let (file, rank) = if self.files == 8 {
            (s & 7, s >> 3)
        } else {
            (s % self.files, s / self.files)
        };
        let turned = (self.ranks - 1 - rank) * self.files + file;
        let colour = self.colour_planes();
        let (white, black) = match plane {
            p if p < colour => (p, p + colour),
            p if p < 2 * colour => (p, p - colour),
            p => (p, p),
        };
        let squares = self.squares();
        [white * squares + s, black * squares + turned]
    }
}

/// What stands on each plane of a position (`Inputs::planes` of them; the rest are
/// empty).
pub type Planes = [Bitboard; MAX_PLANES];

/// The squares of each plane of `pos`, whose inputs are `inputs` (`Inputs::of` its
/// variant).
#[inline]
pub fn planes(pos: &Position, inputs: Inputs) -> Planes {
    let mut planes = [Bitboard::EMPTY; MAX_PLANES];
    // Knightmares' squares: their halves go to planes of their own.
    let apart = match inputs.extra {
        Extra::Knightmares => pos.shared(),
        _ => Bitboard::EMPTY,
    };
    for color in Color::BOTH {
        for &role in &Role::ALL[..inputs.roles()] {
            let pieces = pos.pieces(color, role);
            planes[inputs.piece_plane(color, role)] = pieces & !apart;
            if inputs.extra == Extra::Knightmares {
                planes[inputs.knightmare_plane(color, role)] = pieces & apart;
            }
        }
        if inputs.extra == Extra::FlipStates {
            planes[inputs.capture_state_plane(color)] = pos.color_bb(color) & pos.capture_state();
        }
    }
    match inputs.extra {
        Extra::Neutral => {
            for kind in Neutral::ALL {
                planes[inputs.shared_plane(kind.idx())] = pos.neutral(kind);
            }
        }
        Extra::Knightmares => {
            if let Some(sq) = pos.frozen() {
                planes[inputs.shared_plane(0)].set(sq);
            }
        }
        Extra::None | Extra::FlipStates => {}
    }
    planes
}

/// The inputs of `pos` as `view` sees it: one per piece, and per neutral piece, piece
/// in the capture state or frozen Knightmare.
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

    /// A Knightmare (combiningknightmare) is a white and a black piece on one square:
    /// each half is an input of its colour's Knightmare planes, not of the plain ones,
    /// and the frozen Knightmare's square is one more input, the same plane for both
    /// views (Black's turned).
    #[test]
    fn a_knightmares_halves_and_the_frozen_square_are_inputs_of_their_own() {
        let v = Variant::CombiningKnightmare;
        let inputs = Inputs::of(v);
        assert_eq!(inputs.planes(), 29);
        assert_eq!(inputs.kinds().len(), 15);
        let at = |pos: &Position, name| pos.tables().parse_square(name).expect("a square");
        let read = |fen| Position::from_fen(v, fen).expect("a good FEN");
        let pos = read("4k3/8/8/1(Rq)6/8/3K4/8/8 w - - 0 1 -");
        let frozen = read("4k3/8/8/1(Rq)6/8/3K4/8/8 w - - 0 1 b5");
        let b5 = at(&pos, "b5");
        let rook = inputs.knightmare_plane(Color::White, Role::Rook);
        let queen = inputs.knightmare_plane(Color::Black, Role::Queen);
        for view in Color::BOTH {
            let seen: Vec<usize> = features(&pos, view).collect();
            assert_eq!(seen.len(), 4);
            assert!(seen.contains(&inputs.feature(view, rook, b5)));
            assert!(seen.contains(&inputs.feature(view, queen, b5)));
            let plain = inputs.piece_plane(Color::White, Role::Rook);
            assert!(!seen.contains(&inputs.feature(view, plain, b5)));
            // Frozen: the same inputs and one more, the shared plane's.
            let more: Vec<usize> = features(&frozen, view)
                .filter(|f| !seen.contains(f))
                .collect();
            assert_eq!(more, [inputs.feature(view, inputs.shared_plane(0), b5)]);
        }
        // "Mine" for the side that sees it: White's rook half is Black's "theirs", on
        // the turned square (b4).
        let white_rook = inputs.feature(Color::White, rook, b5);
        let black_sees = inputs.feature(Color::Black, rook, b5);
        assert_eq!(white_rook / inputs.squares(), ROLES + Role::Rook.idx());
        assert_eq!(
            black_sees / inputs.squares(),
            2 * ROLES + ROLES + Role::Rook.idx()
        );
        assert_eq!(black_sees % inputs.squares(), at(&pos, "b4").idx());
    }

    /// Black sees what White would see on the board turned and its colours swapped, on
    /// the boards with inputs of their own: a frozen Knightmare, and flip pieces of
    /// both colours in the capture state on 10x10 (the positions written out by hand, not
    /// by `feature`).
    #[test]
    fn black_sees_the_board_turned_and_its_colours_swapped_in_every_kind() {
        for (v, fen, swapped) in [
            (
                Variant::CombiningKnightmare,
                "4k3/8/8/1(Rq)6/8/3K4/8/8 w - - 0 1 b5",
                "8/8/3k4/8/1(Qr)6/8/8/4K3 b - - 0 1 b4",
            ),
            (
                Variant::FlipShatranj,
                "4kk4/10/6+e3/10/2+D7/10/10/10/10/4KK4 w - - 0 1",
                "4kk4/10/10/10/10/2+d7/10/6+E3/10/4KK4 b - - 0 1",
            ),
        ] {
            let read = |fen| Position::from_fen(v, fen).expect("a good FEN");
            let (pos, swapped) = (read(fen), read(swapped));
            let mut black: Vec<usize> = features(&pos, Color::Black).collect();
            let mut white: Vec<usize> = features(&swapped, Color::White).collect();
            black.sort();
            white.sort();
            assert_eq!(black, white, "{v:?}");
            let mut white_own: Vec<usize> = features(&pos, Color::White).collect();
            white_own.sort();
            assert_ne!(black, white_own, "{v:?}: the position is not symmetric");
        }
    }

    /// No start has more inputs on than `most_on` allows (the trainer bounds its
    /// weights by it).
    #[test]
    fn no_start_has_more_inputs_than_most_on() {
        for v in Variant::ALL {
            let pos = Position::startpos(v);
            let inputs = Inputs::of(v);
            let on = features(&pos, Color::White).count();
            assert!(on <= inputs.most_on(), "{v:?}: {on}");
            let pieces = (pos.color_bb(Color::White) | pos.color_bb(Color::Black)).count();
            assert!(pieces as usize <= 4 * inputs.files, "{v:?}");
        }
    }

    /// flipshatranj's inputs: each role pawn to power, and a plane of each colour's
    /// pieces in the capture state, which a piece in it is on as well as its role's.
    #[test]
    fn a_flip_piece_is_its_role_and_a_capture_state_is_one_more_input() {
        for (v, fen, squares) in [
            (
                Variant::FlipShatranj8,
                "4k3/8/8/2+E5/8/8/3X4/4K3 w - - 0 1",
                64,
            ),
            (
                Variant::FlipShatranj,
                "4kk4/10/10/10/2+D7/10/10/10/10/4KK4 w - - 0 1",
                100,
            ),
        ] {
            let inputs = Inputs::of(v);
            assert_eq!(inputs.extra, Extra::FlipStates);
            assert_eq!((inputs.planes(), inputs.squares()), (22, squares));
            assert_eq!(Inputs::supports(v, "net"), Ok(()));
            let pos = Position::from_fen(v, fen).expect("a good FEN");
            let states = pos.capture_state();
            assert_eq!(states.count(), 1);
            for view in Color::BOTH {
                let seen: Vec<usize> = features(&pos, view).collect();
                let pieces = (pos.color_bb(Color::White) | pos.color_bb(Color::Black)).count();
                assert_eq!(seen.len(), pieces as usize + 1, "{v:?}");
                let sq = states.into_iter().next().expect("a square");
                let state = inputs.capture_state_plane(Color::White);
                assert!(seen.contains(&inputs.feature(view, state, sq)));
                assert!(seen.iter().all(|&f| f < inputs.count()));
            }
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
                let plane = inputs.piece_plane(color, role);
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
        let stone = inputs.shared_plane(Neutral::Stone.idx());
        let relay = inputs.shared_plane(Neutral::Relay.idx());
        let black: Vec<usize> = features(&pos, Color::Black).collect();
        assert!(black.contains(&inputs.feature(Color::White, stone, at("b6"))));
        assert!(black.contains(&inputs.feature(Color::White, relay, at("d5"))));
        assert_eq!(black.len(), 4);
    }

    /// Every variant's roles have inputs.
    #[test]
    fn every_variant_has_inputs_for_its_roles() {
        for variant in Variant::ALL {
            assert_eq!(Inputs::supports(variant, "net"), Ok(()), "{variant:?}");
        }
    }
}
