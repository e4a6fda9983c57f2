//! The exceptions: one `BatonError` family, each carrying the engine's own message.

use pyo3::create_exception;
use pyo3::prelude::*;

use baton_engine::notation::MoveError;

create_exception!(
    baton,
    BatonError,
    pyo3::exceptions::PyValueError,
    "Base of every error Baton raises (a ValueError: the input was wrong)."
);
create_exception!(
    baton,
    UnknownVariant,
    BatonError,
    "A variant name Baton does not know; the message lists the ones it does."
);
create_exception!(
    baton,
    InvalidFen,
    BatonError,
    "A FEN that is not a position of the variant; the message says what is wrong."
);
create_exception!(
    baton,
    IllegalMove,
    BatonError,
    "A move text that is unreadable or not legal in the position."
);
create_exception!(
    baton,
    AmbiguousMove,
    IllegalMove,
    "A SAN text that fits more than one legal move."
);
create_exception!(
    baton,
    InvalidPgn,
    BatonError,
    "A PGN game that cannot be replayed (its variant, start or a move)."
);

/// The exception for a move the engine refused, with the engine's message.
pub fn move_error(e: MoveError) -> PyErr {
    match e {
        MoveError::Ambiguous(_) => AmbiguousMove::new_err(e.to_string()),
        MoveError::Illegal(_) | MoveError::Unparsable(_) => IllegalMove::new_err(e.to_string()),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BatonError", py.get_type::<BatonError>())?;
    m.add("UnknownVariant", py.get_type::<UnknownVariant>())?;
    m.add("InvalidFen", py.get_type::<InvalidFen>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("AmbiguousMove", py.get_type::<AmbiguousMove>())?;
    m.add("InvalidPgn", py.get_type::<InvalidPgn>())?;
    Ok(())
}
