//! `baton` for Python: Baton's rules, notation, PGN and search as a Python module,
//! a thin layer over the engine crate (`baton-engine`). Nothing here knows a rule:
//! every answer comes from the engine, and every error carries the engine's words.
//!
//! Built with maturin (`pip install ./python`); the module's documentation for Python
//! users is python/README.md and its type hints python/baton.pyi.

mod board;
mod errors;
mod pgn;
mod search;

use pyo3::prelude::*;

use baton_engine::Variant;

/// The names of the variants Baton plays, as `Board(variant)` takes them.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

/// The module `baton`.
#[pymodule]
#[pyo3(name = "baton")]
fn baton_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_pgn, m)?)?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Move>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<pgn::PgnGame>()?;
    m.add_class::<search::Engine>()?;
    m.add_class::<search::Line>()?;
    m.add_class::<search::SearchResult>()?;
    errors::register(m)
}
