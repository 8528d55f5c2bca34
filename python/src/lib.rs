//! `import puzzle`: the run-time engine of the puzzle compiler for Python.
//!
//! The extension module `puzzlec._puzzle`, which the package `puzzlec` (`python/puzzlec/`)
//! wraps: puzzles read from the puzzle language, BurrTools and DLX files (`read`), compiled
//! at run time (`compilation`, which also keeps what a pickle needs) and searched on every
//! core (`search`), each on threads of its own while the caller waits with the interpreter's
//! lock released and Ctrl-C passed on (`running`), their solutions as Python values that draw
//! themselves (`solution`), and every mistake raised as one `puzzlec.PuzzleError` that lists
//! them all (`error`).

mod args;
mod compilation;
mod error;
mod read;
mod running;
mod search;
mod solution;

use pyo3::prelude::*;

/// The module `puzzlec._puzzle`.
#[pymodule]
fn _puzzle(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PuzzleError", m.py().get_type::<error::PuzzleError>())?;
    m.add_class::<error::Mistake>()?;
    m.add_class::<search::Puzzle>()?;
    m.add_class::<search::SolutionIter>()?;
    m.add_class::<solution::Solution>()?;
    m.add_function(wrap_pyfunction!(read::compile, m)?)?;
    m.add_function(wrap_pyfunction!(read::load, m)?)?;
    m.add_function(wrap_pyfunction!(search::_restore, m)?)?;
    m.add_function(wrap_pyfunction!(solution::_restore_solution, m)?)?;
    m.add_function(wrap_pyfunction!(compilation::_counters, m)?)?;
    m.add("TARGET_UNITS", puzzlec::parallel::TARGET_UNITS)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
