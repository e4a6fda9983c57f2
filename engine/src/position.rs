//! The position: piece placement on bitboards with a mailbox beside them, the side to
//! move, castling, en passant and the variants' extra state, and the Zobrist hash.
//!
//! A square may hold a white and a black piece at once (combiningknightmare's
//! Knightmare), so pieces are kept per color and the mailbox keeps one role per color.
//! `Position` is a plain value: making a move copies it (see `play`), which keeps
//! unmaking trivial for every variant; `game::Game` keeps the stack of them.

use crate::bitboard::Bitboard;
use crate::geometry::{Square, Tables};
use crate::piece::{Color, Neutral, Piece, Role, NROLES};
use crate::variant::Variant;
use crate::zobrist::keys;

pub const WHITE_KINGSIDE: u8 = 1;
pub const WHITE_QUEENSIDE: u8 = 2;
pub const BLACK_KINGSIDE: u8 = 4;
pub const BLACK_QUEENSIDE: u8 = 8;

/// The file the king (or royal piece) castles from.
pub const CASTLING_KING_FILE: u8 = 4;

/// One castling move, the one statement of where its pieces stand and go (on the
/// castling side's back rank): the right it needs, the rook's home file, and the files
/// king and rook end on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastleSide {
    pub right: u8,
    pub rook_file: u8,
    pub king_to: u8,
    pub rook_to: u8,
}

/// `color`'s two castling moves, kingside first.
pub const fn castle_sides(color: Color) -> [CastleSide; 2] {
    let (king, queen) = match color {
        Color::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE),
        Color::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE),
    };
    [
        CastleSide {
            right: king,
            rook_file: 7,
            king_to: 6,
            rook_to: 5,
        },
        CastleSide {
            right: queen,
            rook_file: 0,
            king_to: 2,
            rook_to: 3,
        },
    ]
}

/// The castling move of `color` towards the h-file (`kingside`) or the a-file.
pub const fn castle_side(color: Color, kingside: bool) -> CastleSide {
    castle_sides(color)[if kingside { 0 } else { 1 }]
}

/// A position of any variant, with its hash kept as it changes. Outside this crate a
/// position is made only from a FEN (`from_fen`, `startpos`: the FEN is the raw setup,
/// and reading it validates it) and changed only by playing legal moves (`play`), so
/// every position a caller holds is one the rules accept, with its hash and its
/// square-by-square mailbox true. The fields are read through methods of their names;
/// the setters that keep the hash (`put`, `set_castling`, ...) are the crate's, for the
/// FEN reader and the variants' `apply`:
///
/// ```compile_fail
/// let mut pos = baton_engine::Position::startpos(baton_engine::Variant::Chess);
/// pos.castling = 0; // a field: would leave the hash stale
/// ```
/// ```compile_fail
/// let mut pos = baton_engine::Position::startpos(baton_engine::Variant::Chess);
/// pos.set_castling(0); // the crate's: rights without a check that the rooks are there
/// ```
/// ```
/// let pos = baton_engine::Position::startpos(baton_engine::Variant::Chess);
/// let m = baton_engine::parse_move(&pos, "e2e4").unwrap();
/// let next = pos.play(m); // the hash follows
/// assert_eq!(next.side(), baton_engine::Color::Black);
/// assert_eq!(next.hash(), next.compute_hash());
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) tables: &'static Tables,
    pieces: [[Bitboard; NROLES]; 2],
    colors: [Bitboard; 2],
    neutral: [Bitboard; 3],
    /// flipshatranj: pieces in capture state.
    capture_state: Bitboard,
    /// Per square: low nibble the white role + 1, high nibble the black role + 1.
    mailbox: [u8; 128],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// En-passant target squares (stonesrelays may have several).
    pub(crate) ep: Bitboard,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// stonesrelays: the opponent's last neutral move (from, to).
    pub(crate) ko: Option<(Square, Square)>,
    /// combiningknightmare: the Knightmare that may not move this ply.
    pub(crate) frozen: Option<Square>,
    hash: u64,
}

impl Position {
    /// An empty board of a variant, White to move, no rights.
    pub(crate) fn empty(variant: Variant) -> Position {
        Position {
            variant,
            tables: variant.geometry().tables(),
            pieces: [[Bitboard::EMPTY; NROLES]; 2],
            colors: [Bitboard::EMPTY; 2],
            neutral: [Bitboard::EMPTY; 3],
            capture_state: Bitboard::EMPTY,
            mailbox: [0; 128],
            side: Color::White,
            castling: 0,
            ep: Bitboard::EMPTY,
            halfmove: 0,
            fullmove: 1,
            ko: None,
            frozen: None,
            hash: 0,
        }
    }

    // ---- queries -------------------------------------------------------------
    // The fields are the crate's, read outside it through these (see the type's
    // documentation for how a position is made and changed).

    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The geometry's attack tables.
    #[inline]
    pub fn tables(&self) -> &'static Tables {
        self.tables
    }

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The castling rights (`WHITE_KINGSIDE` | ...).
    #[inline]
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// En-passant target squares (stonesrelays may have several).
    #[inline]
    pub fn ep(&self) -> Bitboard {
        self.ep
    }

    #[inline]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Plies played since the game's first position, by the move number (White's
    /// first move is ply 0). Saturating: play may carry the move number past the
    /// largest a FEN gives.
    pub fn game_ply(&self) -> u32 {
        let black = u32::from(self.side == Color::Black);
        self.fullmove
            .saturating_sub(1)
            .saturating_mul(2)
            .saturating_add(black)
    }

    /// stonesrelays: the opponent's last neutral move (from, to).
    #[inline]
    pub fn ko(&self) -> Option<(Square, Square)> {
        self.ko
    }

    /// combiningknightmare: the Knightmare that may not move this ply.
    #[inline]
    pub fn frozen(&self) -> Option<Square> {
        self.frozen
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.pieces[color.idx()][role.idx()]
    }
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.colors[color.idx()]
    }
    #[inline]
    pub fn us(&self) -> Bitboard {
        self.colors[self.side.idx()]
    }
    #[inline]
    pub fn them(&self) -> Bitboard {
        self.colors[self.side.other().idx()]
    }
    #[inline]
    pub fn neutral(&self, kind: Neutral) -> Bitboard {
        self.neutral[kind.idx()]
    }
    #[inline]
    pub fn all_neutral(&self) -> Bitboard {
        self.neutral[0] | self.neutral[1] | self.neutral[2]
    }
    /// Every square holding anything, neutral pieces included.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1] | self.all_neutral()
    }
    #[inline]
    pub fn capture_state(&self) -> Bitboard {
        self.capture_state
    }
    /// The role of `color`'s piece on `sq`, if it has one there.
    #[inline]
    pub fn role_at(&self, color: Color, sq: Square) -> Option<Role> {
        let code = (self.mailbox[sq.idx()] >> (4 * color.idx() as u8)) & 0xF;
        if code == 0 {
            None
        } else {
            Some(Role::from_idx(code as usize - 1))
        }
    }
    /// The piece on `sq` (for a Knightmare, its white component).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Color::BOTH
            .into_iter()
            .find_map(|color| self.role_at(color, sq).map(|role| Piece { color, role }))
    }
    pub fn neutral_at(&self, sq: Square) -> Option<Neutral> {
        Neutral::ALL
            .into_iter()
            .find(|n| self.neutral[n.idx()].has(sq))
    }
    /// Squares holding a piece of both colors (combiningknightmare).
    #[inline]
    pub fn shared(&self) -> Bitboard {
        self.colors[0] & self.colors[1]
    }
    /// The royal pieces of a color.
    #[inline]
    pub fn royals(&self, color: Color) -> Bitboard {
        self.pieces(color, Role::King)
    }
    /// The royal square of a color in a one-royal variant.
    #[inline]
    pub fn royal(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lsb()
    }

    // ---- edits (all keep the hash in step) -----------------------------------

    #[inline]
    pub(crate) fn put(&mut self, color: Color, role: Role, sq: Square) {
        let b = Bitboard::from_square(sq);
        self.pieces[color.idx()][role.idx()] |= b;
        self.colors[color.idx()] |= b;
        let shift = 4 * color.idx() as u8;
        self.mailbox[sq.idx()] =
            (self.mailbox[sq.idx()] & !(0xF << shift)) | ((role.idx() as u8 + 1) << shift);
        self.hash ^= keys().piece[color.idx()][role.idx()][sq.idx()];
    }

    /// Removes `color`'s piece from `sq` and returns its role (its capture state is
    /// cleared with it).
    #[inline]
    pub(crate) fn remove(&mut self, color: Color, sq: Square) -> Option<Role> {
        let role = self.role_at(color, sq)?;
        let b = Bitboard::from_square(sq);
        self.pieces[color.idx()][role.idx()] ^= b;
        self.colors[color.idx()] ^= b;
        self.mailbox[sq.idx()] &= !(0xF << (4 * color.idx() as u8));
        self.hash ^= keys().piece[color.idx()][role.idx()][sq.idx()];
        if self.capture_state.has(sq) && self.piece_at(sq).is_none() {
            self.set_capture_state(sq, false);
        }
        Some(role)
    }

    pub(crate) fn put_neutral(&mut self, kind: Neutral, sq: Square) {
        self.neutral[kind.idx()].set(sq);
        self.hash ^= keys().neutral[kind.idx()][sq.idx()];
    }

    pub(crate) fn remove_neutral(&mut self, sq: Square) -> Option<Neutral> {
        let kind = self.neutral_at(sq)?;
        self.neutral[kind.idx()].clear(sq);
        self.hash ^= keys().neutral[kind.idx()][sq.idx()];
        Some(kind)
    }

    /// Sets or clears the capture state of the piece on `sq` (flipshatranj).
    pub(crate) fn set_capture_state(&mut self, sq: Square, on: bool) {
        if self.capture_state.has(sq) != on {
            self.capture_state.toggle(sq);
            self.hash ^= keys().capture_state[sq.idx()];
        }
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.hash ^= keys().castling[self.castling as usize] ^ keys().castling[rights as usize];
        self.castling = rights;
    }

    pub(crate) fn set_ep(&mut self, ep: Bitboard) {
        for sq in self.ep ^ ep {
            self.hash ^= keys().en_passant[sq.idx()];
        }
        self.ep = ep;
    }

    pub(crate) fn set_ko(&mut self, ko: Option<(Square, Square)>) {
        if let Some((a, b)) = self.ko {
            self.hash ^= keys().ko_from[a.idx()] ^ keys().ko_to[b.idx()];
        }
        if let Some((a, b)) = ko {
            self.hash ^= keys().ko_from[a.idx()] ^ keys().ko_to[b.idx()];
        }
        self.ko = ko;
    }

    pub(crate) fn set_frozen(&mut self, frozen: Option<Square>) {
        if let Some(sq) = self.frozen {
            self.hash ^= keys().frozen[sq.idx()];
        }
        if let Some(sq) = frozen {
            self.hash ^= keys().frozen[sq.idx()];
        }
        self.frozen = frozen;
    }

    /// Hands the turn to the other side (the side's share of the hash).
    #[inline]
    pub(crate) fn switch_side(&mut self) {
        self.side = self.side.other();
        self.hash ^= keys().black_to_move;
        if self.side == Color::White {
            self.fullmove = self.fullmove.saturating_add(1);
        }
    }

    /// The castling rights that survive a piece leaving or reaching `sq`.
    pub fn castling_mask(&self, sq: Square) -> u8 {
        let t = self.tables;
        let mut keep = 0xF;
        for color in Color::BOTH {
            let rank = t.back_rank(color);
            for side in castle_sides(color) {
                // The king's square loses both rights, a rook's square its own.
                if t.square(CASTLING_KING_FILE, rank) == sq || t.square(side.rook_file, rank) == sq
                {
                    keep &= !side.right;
                }
            }
        }
        keep
    }

    /// Recomputes the hash from scratch (FEN loading and consistency tests).
    pub fn compute_hash(&self) -> u64 {
        let k = keys();
        let mut h = 0;
        for color in Color::BOTH {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    h ^= k.piece[color.idx()][role.idx()][sq.idx()];
                }
            }
        }
        for kind in Neutral::ALL {
            for sq in self.neutral(kind) {
                h ^= k.neutral[kind.idx()][sq.idx()];
            }
        }
        for sq in self.capture_state {
            h ^= k.capture_state[sq.idx()];
        }
        if self.side == Color::Black {
            h ^= k.black_to_move;
        }
        h ^= k.castling[self.castling as usize];
        for sq in self.ep {
            h ^= k.en_passant[sq.idx()];
        }
        if let Some((a, b)) = self.ko {
            h ^= k.ko_from[a.idx()] ^ k.ko_to[b.idx()];
        }
        if let Some(sq) = self.frozen {
            h ^= k.frozen[sq.idx()];
        }
        h
    }

    pub(crate) fn refresh_hash(&mut self) {
        self.hash = self.compute_hash();
    }
}

/// Two positions are the same when everything a FEN says of them is: the pieces, the
/// neutral pieces and their states, the side to move, the rights, the clocks, ko and
/// the frozen Knightmare. The colour sets, the mailbox and the hash follow from those,
/// the tables from the variant.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant == other.variant
            && self.pieces == other.pieces
            && self.neutral == other.neutral
            && self.capture_state == other.capture_state
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.ko == other.ko
            && self.frozen == other.frozen
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({} {})", self.variant, self.fen())
    }
}
