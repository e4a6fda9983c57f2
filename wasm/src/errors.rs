//! Errors as JavaScript `Error`s: the message is the engine's words, the `name` says
//! which kind (the same kinds as the Python package's exceptions), so that a caller
//! can tell a bad FEN from an illegal move without reading the message.

use std::fmt::Display;

use baton_engine::MoveError;
use wasm_bindgen::JsValue;

/// A variant name Baton does not know; the message lists the ones it does.
pub const UNKNOWN_VARIANT: &str = "UnknownVariant";
/// A FEN that is not a position of the variant.
pub const INVALID_FEN: &str = "InvalidFen";
/// A move text that is unreadable or not legal in the position.
pub const ILLEGAL_MOVE: &str = "IllegalMove";
/// A SAN text that fits more than one legal move.
pub const AMBIGUOUS_MOVE: &str = "AmbiguousMove";
/// A PGN game that cannot be replayed.
pub const INVALID_PGN: &str = "InvalidPgn";
/// Any other wrong argument (a search without a limit, a depth that is no number).
pub const BATON_ERROR: &str = "BatonError";

/// A JavaScript `Error` named `name` with `message`.
pub fn error(name: &str, message: impl Display) -> JsValue {
    let e = js_sys::Error::new(&message.to_string());
    e.set_name(name);
    e.into()
}

/// The error for a move the engine refused, with the engine's message.
pub fn move_error(e: MoveError) -> JsValue {
    match e {
        MoveError::Ambiguous(_) => error(AMBIGUOUS_MOVE, e),
        MoveError::Illegal(_) | MoveError::Unparsable(_) => error(ILLEGAL_MOVE, e),
    }
}
