//! Flags and numbers Python callers give, each error naming the argument in its message (where
//! a conversion's own says only what it expected): an `int` (a `bool` is refused), its bounds
//! checked with a `ValueError`, never an `OverflowError` from the conversion to a machine word.

use puzzlec::parallel::MAX_THREADS;
use puzzlec_io::draw::stl::Print;
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

/// `value` as `True` or `False`, named `name` where it is neither.
fn flag(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    match value.cast::<PyBool>() {
        Ok(flag) => Ok(flag.is_true()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name} must be True or False, not {}",
            value.get_type().name()?
        ))),
    }
}

/// `all=`: `True` or `False`.
pub fn all(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(value, "all")
}

/// `complete=`: `True` or `False`.
pub fn complete(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(value, "complete")
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

/// A number of millimetres (an `int` or a `float`, not a `bool`), finite; `default` where none
/// is given.
fn millimetres(value: Option<&Bound<'_, PyAny>>, name: &str, default: f64) -> PyResult<f64> {
    let Some(value) = value else {
        return Ok(default);
    };
    let number = if value.is_instance_of::<PyBool>() {
        None
    } else {
        value.extract::<f64>().ok()
    };
    match number {
        Some(x) if x.is_finite() => Ok(x),
        Some(_) => Err(PyValueError::new_err(format!(
            "{name} must be a finite number, not {value}"
        ))),
        None => Err(PyTypeError::new_err(format!(
            "{name} must be a number, not {}",
            value.get_type().name()?
        ))),
    }
}

/// `size=`, `gap=` and `explode=` of an STL: a cell more than 0 mm a side, a gap from 0 to
/// less than half a cell, an explosion of 0 or more.
pub fn print(
    size: Option<&Bound<'_, PyAny>>,
    gap: Option<&Bound<'_, PyAny>>,
    explode: Option<&Bound<'_, PyAny>>,
) -> PyResult<Print> {
    let default = Print::default();
    let print = Print {
        size: millimetres(size, "size", default.size)?,
        gap: millimetres(gap, "gap", default.gap)?,
        explode: millimetres(explode, "explode", default.explode)?,
    };
    if print.size <= 0.0 {
        return Err(PyValueError::new_err(format!(
            "size must be more than 0 (millimetres a cell), not {}",
            print.size
        )));
    }
    if !(0.0..print.size / 2.0).contains(&print.gap) {
        return Err(PyValueError::new_err(format!(
            "gap must be from 0 to less than half the size ({}), not {}",
            print.size / 2.0,
            print.gap
        )));
    }
    if print.explode < 0.0 {
        return Err(PyValueError::new_err(format!(
            "explode must be 0 or more, not {}",
            print.explode
        )));
    }
    Ok(print)
}

/// `states=`, the most states one assembly's disassembly may reach: 1 or more.
pub fn states(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    match natural(value, "states")? {
        Some(n) if n >= 1 => Ok(n as u64),
        _ => Err(PyValueError::new_err(format!(
            "states must be 1 or more (the most states one disassembly may reach), not {value}"
        ))),
    }
}
