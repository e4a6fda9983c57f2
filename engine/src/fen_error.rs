//! Why a FEN was refused: its own module, so that the rules (which answer the FEN
//! reader's questions about a variant's extras) and the reader both name it without
//! importing each other.

/// Why a FEN was refused, in words for the user.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN: {0}")]
pub struct FenError(pub String);
