//! The variants Baton plays and what their rules say: names, boards, start positions,
//! piece letters and the few switches that the shared rules code reads. How the engine
//! plays a variant (search switches, weights, network, bench positions, opening suite)
//! is its engine profile (`crate::profile`), above the evaluation and the search; the
//! names XBoard gives the variants are the protocol crate's.

use crate::geometry::Geometry;
use crate::piece::Role;

/// The variants, one row each: the enum value, its type (a path under `rules`, which
/// implements its rules, search policy, evaluation and engine profile, each in its
/// layer) and its rules record. The one place a new variant is named: the table is
/// handed to a macro (`$callback!`, with `$args` before the rows) that makes of it
/// what it needs: `variants!` below makes `Variant`, and `rules::dispatch!` the one
/// `match` from a value to its type. A row's attributes (`#[cfg(test)]`) apply to the
/// value, its place in `ALL` and its arms.
macro_rules! with_variants {
    ([$($callback:tt)*] $args:tt) => {
        $($callback)*! { $args
            Chess: orthodox::Chess => &CHESS,
            Knightmate: orthodox::Knightmate => &KNIGHTMATE,
            KnightRelay: knightrelay::KnightRelay => &KNIGHT_RELAY,
            CombiningKnightmare: combining::CombiningKnightmare => &COMBINING_KNIGHTMARE,
            StonesRelays: stones::StonesRelays => &STONES_RELAYS,
            StonesRelaysTunnel: stones::StonesRelaysTunnel => &STONES_RELAYS_TUNNEL,
            FlipShatranj: flip::FlipShatranj => &FLIP_SHATRANJ,
            FlipShatranj8: flip::FlipShatranj8 => &FLIP_SHATRANJ8,
            // The test suite's own variant (ARCHITECTURE.md's checklist, proved): chess
            // whose pawns never step two squares.
            #[cfg(test)]
            NoDoubleStep: nodoublestep::NoDoubleStep => &VariantFacts {
                name: "nodoublestep",
                en_passant: false,
                ..CHESS
            },
        }
    };
}
pub(crate) use with_variants;

/// Declares `Variant`, `Variant::ALL` (in the table's order, its length counted) and
/// `Variant::facts` from the table (`with_variants!`).
macro_rules! variants {
    (() $($(#[$attr:meta])* $V:ident: $($T:ident)::+ => $facts:expr,)*) => {
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Variant {
            $($(#[$attr])* $V,)*
        }

        /// How many variants there are.
        const COUNT: usize = {
            let mut n = 0;
            $($(#[$attr])* {
                n += 1;
            })*
            n
        };

        impl Variant {
            /// Every variant, in the table's order.
            pub const ALL: [Variant; COUNT] = {
                let mut all = [Variant::Chess; COUNT];
                let mut i = 0;
                $($(#[$attr])* {
                    all[i] = Variant::$V;
                    i += 1;
                })*
                let _ = i;
                all
            };

            /// Its place in `ALL` (the enum is declared in the table's order too), for
            /// tables kept per variant.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// What the variant's rules say.
            pub const fn facts(self) -> &'static VariantFacts {
                match self {
                    $($(#[$attr])* Variant::$V => $facts,)*
                }
            }
        }
    };
}

with_variants!([variants]());

/// What a variant's rules say, as data: one record per variant (after Fairy-Stockfish's
/// `Variant`), so that a front end or the shared rules code reads a fact instead of
/// matching on the variant. Nothing here is about playing well (that is the variant's
/// `profile::Profile`). Behaviour that is code, not data, lives in the variant's module
/// under `rules`.
#[derive(Debug)]
pub struct VariantFacts {
    /// The `UCI_Variant` name and the name docs/protocol.md gives it.
    pub name: &'static str,
    pub geometry: Geometry,
    pub start_fen: &'static str,
    /// The roles a FEN may hold, with their upper-case letters.
    pub pieces: &'static [(char, Role)],
    /// What a pawn may promote to, best first.
    pub promotions: &'static [Role],
    /// The royal piece leaps like a knight instead of stepping like a king.
    pub royal_is_knight: bool,
    /// Check exists (otherwise kings are captured and the game ends with the last one).
    pub check: bool,
    /// Royal pieces each side has at the start.
    pub royal_count: u32,
    pub en_passant: bool,
    pub castling: bool,
    /// Neutral stones, relays (and gates) stand on the board; a turn moves one of them.
    pub neutral_pieces: bool,
    /// Two gates joined by a tunnel stand among the neutral pieces.
    pub tunnel: bool,
    /// A square may hold a piece of each side at once (a Knightmare), written `(Nq)`.
    pub shared_pieces: bool,
    /// Pieces are in a move or a capture state, the capture state written `+`.
    pub piece_states: bool,
    /// What the FEN's 7th field holds, if it has one.
    pub extra_fen_field: Option<&'static str>,
}

const ORTHODOX_PIECES: &[(char, Role)] = &[
    ('P', Role::Pawn),
    ('N', Role::Knight),
    ('B', Role::Bishop),
    ('R', Role::Rook),
    ('Q', Role::Queen),
    ('K', Role::King),
];
const ORTHODOX_PROMOTIONS: &[Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const ORTHODOX_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// The letter tables and the records below are alike in shape only (as are the name
// tables of the tests): data, one per piece set or variant, no logic to share.
const FLIP_PIECES: &[(char, Role)] = &[
    ('P', Role::Pawn),
    ('N', Role::Knight),
    ('E', Role::Elephant),
    ('D', Role::Dabbaba),
    ('X', Role::Power),
    ('K', Role::King),
];
const FLIP_PROMOTIONS: &[Role] = &[Role::Knight, Role::Elephant, Role::Dabbaba];

/// Orthodox chess: the record a variant's starts from (`..CHESS`).
const CHESS: VariantFacts = VariantFacts {
    name: "chess",
    geometry: Geometry::Board8x8,
    start_fen: ORTHODOX_START,
    pieces: ORTHODOX_PIECES,
    promotions: ORTHODOX_PROMOTIONS,
    royal_is_knight: false,
    check: true,
    royal_count: 1,
    en_passant: true,
    castling: true,
    neutral_pieces: false,
    tunnel: false,
    shared_pieces: false,
    piece_states: false,
    extra_fen_field: None,
};

const KNIGHTMATE: VariantFacts = VariantFacts {
    name: "knightmate",
    start_fen: "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
    pieces: &[
        ('P', Role::Pawn),
        ('M', Role::Commoner),
        ('B', Role::Bishop),
        ('R', Role::Rook),
        ('Q', Role::Queen),
        ('K', Role::King),
    ],
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Commoner],
    royal_is_knight: true,
    ..CHESS
};

const KNIGHT_RELAY: VariantFacts = VariantFacts {
    name: "knightrelay",
    en_passant: false,
    ..CHESS
};

const COMBINING_KNIGHTMARE: VariantFacts = VariantFacts {
    name: "combiningknightmare",
    shared_pieces: true,
    extra_fen_field: Some("the frozen Knightmare's square"),
    ..CHESS
};

const STONES_RELAYS: VariantFacts = VariantFacts {
    name: "stonesrelays",
    geometry: Geometry::Board8x9,
    start_fen: "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    neutral_pieces: true,
    extra_fen_field: Some("the ko: the last neutral move's from and to squares"),
    ..CHESS
};

const STONES_RELAYS_TUNNEL: VariantFacts = VariantFacts {
    name: "stonesrelays-tunnel",
    tunnel: true,
    start_fen: "rnbqkbnr/pppppppp/8/1S4G1/1S1XX1S1/1S4G1/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ..STONES_RELAYS
};

const FLIP_SHATRANJ: VariantFacts = VariantFacts {
    name: "flipshatranj",
    piece_states: true,
    geometry: Geometry::Board10x10,
    start_fen: "dnexkkxend/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DNEXKKXEND w - - 0 1",
    pieces: FLIP_PIECES,
    promotions: FLIP_PROMOTIONS,
    check: false,
    royal_count: 2,
    en_passant: false,
    castling: false,
    ..CHESS
};

const FLIP_SHATRANJ8: VariantFacts = VariantFacts {
    name: "flipshatranj8",
    geometry: Geometry::Board8x8,
    start_fen: "dnexkend/pppppppp/8/8/8/8/PPPPPPPP/DNEXKEND w - - 0 1",
    royal_count: 1,
    ..FLIP_SHATRANJ
};

impl Variant {
    /// The `UCI_Variant` / XBoard name.
    pub const fn name(self) -> &'static str {
        self.facts().name
    }

    /// Reads a variant name; XBoard's `normal` is chess.
    pub fn from_name(name: &str) -> Option<Variant> {
        let name = name.trim().to_ascii_lowercase();
        if name == "normal" || name == "standard" {
            return Some(Variant::Chess);
        }
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// `from_name`, or the message for a name Baton does not know, listing the ones
    /// it does: every front end and subcommand says it the same way.
    pub fn parse(name: &str) -> Result<Variant, String> {
        Variant::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
            format!("unknown variant '{name}' (known: {})", known.join(", "))
        })
    }

    pub const fn geometry(self) -> Geometry {
        self.facts().geometry
    }

    pub const fn start_fen(self) -> &'static str {
        self.facts().start_fen
    }

    /// The roles a FEN of this variant may hold, with their upper-case letters.
    pub const fn piece_letters(self) -> &'static [(char, Role)] {
        self.facts().pieces
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
        self.facts().promotions
    }

    /// The royal piece leaps like a knight (knightmate) instead of stepping like a king.
    pub const fn royal_is_knight(self) -> bool {
        self.facts().royal_is_knight
    }

    /// Whether the variant knows check (flipshatranj has none: kings are captured).
    pub const fn has_check(self) -> bool {
        self.facts().check
    }

    /// How many royal pieces each side has at the start.
    pub const fn royal_count(self) -> u32 {
        self.facts().royal_count
    }

    /// Whether a pawn's double step may be taken en passant.
    pub const fn has_en_passant(self) -> bool {
        self.facts().en_passant
    }

    /// Whether the variant has castling at all.
    pub const fn has_castling(self) -> bool {
        self.facts().castling
    }

    /// Whether neutral stones and relays stand on the board.
    pub const fn has_neutral_pieces(self) -> bool {
        self.facts().neutral_pieces
    }

    /// Whether the FEN carries a 7th field (`VariantFacts::extra_fen_field`).
    pub const fn has_extra_fen_field(self) -> bool {
        self.facts().extra_fen_field.is_some()
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_s_index_is_its_place_in_all() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(v.index(), i, "{v}");
        }
    }

    #[test]
    fn parse_reads_every_name_and_lists_them_for_an_unknown_one() {
        for v in Variant::ALL {
            assert_eq!(Variant::parse(&v.name().to_ascii_uppercase()), Ok(v));
        }
        assert_eq!(Variant::parse("normal"), Ok(Variant::Chess));
        let e = Variant::parse("knightmare").unwrap_err();
        assert!(e.starts_with("unknown variant 'knightmare' (known: chess, knightmate,"));
        for v in Variant::ALL {
            assert!(e.contains(v.name()), "{e}");
        }
    }
}
