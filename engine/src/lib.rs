//! Baton's engine: boards, the rules of every variant, move generation, notation,
//! perft, evaluation and search. No I/O happens here; `ARCHITECTURE.md` at the
//! repository's root says how the parts fit together.

pub mod bench;
pub mod bitboard;
pub mod data;
pub mod eval;
pub mod fen;
pub mod fen_error;
pub mod game;
pub mod geometry;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod profile;
pub mod rng;
pub mod rules;
pub mod san;
pub mod search;
pub mod square;
pub mod variant;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub use game::{Game, Outcome};
pub use geometry::{Geometry, Square};
pub use moves::{Move, MoveKind, MoveList};
pub use notation::{format_move, parse_move, MoveError};
pub use piece::{Color, Neutral, Piece, Role};
pub use position::Position;
pub use profile::Profile;
pub use san::{format_san, format_san_among, parse_san};
pub use variant::{Variant, VariantFacts};
