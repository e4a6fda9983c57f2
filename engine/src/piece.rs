//! Colors, piece roles and neutral pieces.

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
    #[inline]
    pub const fn idx(self) -> usize {
        self as usize
    }
    /// The side's name in lower case ("white", "black"), as messages and the
    /// packages' outcomes write it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

/// What a piece is. How it moves is the variant's business (see `rules::Rules`):
/// the `King` role is always the royal piece, whether it steps like a king (chess) or
/// leaps like a knight (knightmate).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
    /// A non-royal piece that steps like a king (knightmate's `M`).
    Commoner = 6,
    /// One diagonal step or a two-square diagonal leap (flipshatranj's `E`).
    Elephant = 7,
    /// One orthogonal step or a two-square orthogonal leap (flipshatranj's `D`).
    Dabbaba = 8,
    /// No move of its own (flipshatranj's `X`).
    Power = 9,
}

pub const NROLES: usize = 10;

impl Role {
    pub const ALL: [Role; NROLES] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Commoner,
        Role::Elephant,
        Role::Dabbaba,
        Role::Power,
    ];
    /// The orthodox pieces other than the pawn: the movers of the chess-board variants.
    pub const ORTHODOX_PIECES: [Role; 5] = [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    #[inline]
    pub const fn idx(self) -> usize {
        self as usize
    }
    #[inline]
    pub fn from_idx(i: usize) -> Role {
        Role::ALL[i]
    }
}

/// Pieces that belong to nobody (stonesrelays).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Neutral {
    Stone = 0,
    Relay = 1,
    Gate = 2,
}

impl Neutral {
    pub const ALL: [Neutral; 3] = [Neutral::Stone, Neutral::Relay, Neutral::Gate];
    pub const fn idx(self) -> usize {
        self as usize
    }
    pub const fn char(self) -> char {
        match self {
            Neutral::Stone => 'S',
            Neutral::Relay => 'X',
            Neutral::Gate => 'G',
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}
