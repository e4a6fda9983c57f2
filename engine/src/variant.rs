//! The variants Baton plays: their names, boards, start positions, piece letters and
//! the few switches that the shared rules code reads.

use crate::geometry::Geometry;
use crate::piece::Role;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    Chess,
    Knightmate,
    KnightRelay,
    CombiningKnightmare,
    StonesRelays,
    StonesRelaysTunnel,
    FlipShatranj,
    FlipShatranj8,
}

impl Variant {
    pub const ALL: [Variant; 8] = [
        Variant::Chess,
        Variant::Knightmate,
        Variant::KnightRelay,
        Variant::CombiningKnightmare,
        Variant::StonesRelays,
        Variant::StonesRelaysTunnel,
        Variant::FlipShatranj,
        Variant::FlipShatranj8,
    ];

    /// The `UCI_Variant` / XBoard name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Knightmate => "knightmate",
            Variant::KnightRelay => "knightrelay",
            Variant::CombiningKnightmare => "combiningknightmare",
            Variant::StonesRelays => "stonesrelays",
            Variant::StonesRelaysTunnel => "stonesrelays-tunnel",
            Variant::FlipShatranj => "flipshatranj",
            Variant::FlipShatranj8 => "flipshatranj8",
        }
    }

    /// Reads a variant name; XBoard's `normal` is chess.
    pub fn from_name(name: &str) -> Option<Variant> {
        let name = name.trim().to_ascii_lowercase();
        if name == "normal" || name == "standard" {
            return Some(Variant::Chess);
        }
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    pub const fn geometry(self) -> Geometry {
        match self {
            Variant::StonesRelays | Variant::StonesRelaysTunnel => Geometry::Board8x9,
            Variant::FlipShatranj => Geometry::Board10x10,
            _ => Geometry::Board8x8,
        }
    }

    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Chess | Variant::KnightRelay | Variant::CombiningKnightmare => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            Variant::Knightmate => "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
            Variant::StonesRelays => {
                "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            Variant::StonesRelaysTunnel => {
                "rnbqkbnr/pppppppp/8/1S4G1/1S1XX1S1/1S4G1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            Variant::FlipShatranj => {
                "dnexkkxend/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DNEXKKXEND w - - 0 1"
            }
            Variant::FlipShatranj8 => "dnexkend/pppppppp/8/8/8/8/PPPPPPPP/DNEXKEND w - - 0 1",
        }
    }

    /// The roles a FEN of this variant may hold, with their upper-case letters.
    pub const fn piece_letters(self) -> &'static [(char, Role)] {
        match self {
            Variant::Knightmate => &[
                ('P', Role::Pawn),
                ('M', Role::Commoner),
                ('B', Role::Bishop),
                ('R', Role::Rook),
                ('Q', Role::Queen),
                ('K', Role::King),
            ],
            Variant::FlipShatranj | Variant::FlipShatranj8 => &[
                ('P', Role::Pawn),
                ('N', Role::Knight),
                ('E', Role::Elephant),
                ('D', Role::Dabbaba),
                ('X', Role::Power),
                ('K', Role::King),
            ],
            _ => &[
                ('P', Role::Pawn),
                ('N', Role::Knight),
                ('B', Role::Bishop),
                ('R', Role::Rook),
                ('Q', Role::Queen),
                ('K', Role::King),
            ],
        }
    }

    pub fn role_letter(self, role: Role) -> char {
        self.piece_letters()
            .iter()
            .find(|(_, r)| *r == role)
            .map(|(c, _)| *c)
            .unwrap_or('?')
    }

    pub fn role_from_letter(self, c: char) -> Option<Role> {
        let up = c.to_ascii_uppercase();
        self.piece_letters()
            .iter()
            .find(|(l, _)| *l == up)
            .map(|(_, r)| *r)
    }

    /// What a pawn may promote to, best first.
    pub const fn promotion_roles(self) -> &'static [Role] {
        match self {
            Variant::Knightmate => &[Role::Queen, Role::Rook, Role::Bishop, Role::Commoner],
            Variant::FlipShatranj | Variant::FlipShatranj8 => {
                &[Role::Knight, Role::Elephant, Role::Dabbaba]
            }
            _ => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        }
    }

    /// The royal piece leaps like a knight (knightmate) instead of stepping like a king.
    pub const fn royal_is_knight(self) -> bool {
        matches!(self, Variant::Knightmate)
    }

    /// Whether the variant knows check (flipshatranj has none: kings are captured).
    pub const fn has_check(self) -> bool {
        !matches!(self, Variant::FlipShatranj | Variant::FlipShatranj8)
    }

    /// How many royal pieces each side has at the start.
    pub const fn royal_count(self) -> u32 {
        match self {
            Variant::FlipShatranj => 2,
            _ => 1,
        }
    }

    /// Whether a pawn's double step may be taken en passant.
    pub const fn has_en_passant(self) -> bool {
        !matches!(
            self,
            Variant::KnightRelay | Variant::FlipShatranj | Variant::FlipShatranj8
        )
    }

    /// Whether the variant has castling at all.
    pub const fn has_castling(self) -> bool {
        !matches!(self, Variant::FlipShatranj | Variant::FlipShatranj8)
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
