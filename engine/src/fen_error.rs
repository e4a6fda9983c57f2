//! Why a FEN was refused: its own module, so that the rules (which answer the FEN
//! reader's questions about a variant's extras) and the reader both name it without
//! importing each other.

/// Why a FEN was refused, in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}
