//! Flags and numbers Python callers give, each error naming the argument in its message (where
//! a conversion's own says only what it expected): an `int` (a `bool` is refused), its bounds
//! checked with a `ValueError`, never an `OverflowError` from the conversion to a machine word.

use puzzlec::parallel::MAX_THREADS;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// `value` as a whole number of at least 0, `None` where it is negative; one past a machine
/// word reads as the word's largest (a count that large means "all").
fn natural(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<usize>> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            value.get_type().name()?
        )));
    }
    if value.lt(0)? {
        return Ok(None);
    }
    Ok(Some(value.extract::<usize>().unwrap_or(usize::MAX)))
}

/// `all=`: `True` or `False`.
pub fn all(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    match value.cast::<PyBool>() {
        Ok(flag) => Ok(flag.is_true()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "all must be True or False, not {}",
            value.get_type().name()?
        ))),
    }
}

/// `threads=`: 0 (one a core) up to [`MAX_THREADS`].
pub fn threads(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    match natural(value, "threads")? {
        Some(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "threads must be from 0 (one a core) to {MAX_THREADS}, not {value}"
        ))),
    }
}

/// A number of solutions to list: 0 or more.
pub fn how_many(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    natural(value, "n")?
        .ok_or_else(|| PyValueError::new_err(format!("n must be 0 or more, not {value}")))
}

/// A work unit's id: 0 or more (one past the units is an `IndexError` where it is looked up).
pub fn unit_id(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    natural(value, "id")?
        .ok_or_else(|| PyValueError::new_err(format!("id must be 0 or more, not {value}")))
}

/// `target=`, the units to cut the search into at least: 1 or more.
pub fn target(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    match natural(value, "target")? {
        Some(n) if n >= 1 => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "target must be 1 or more (the search is cut into at least `target` units), not \
             {value}"
        ))),
    }
}
