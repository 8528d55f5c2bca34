//! Puzzles from text or files, in the three formats the `puzzle` command reads, compiled for
//! the run-time engine with the interpreter's lock released.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use puzzle_io::input::{self, Choice, Format, InputError, Loaded};
use pyo3::exceptions::{PyFileNotFoundError, PyIsADirectoryError, PyUserWarning, PyValueError};
use pyo3::prelude::*;

use crate::error;
use crate::search::Puzzle;

/// The name a text is reported under.
const STRING: &str = "<string>";

/// A format named as Python callers name it.
fn format_named(name: &str) -> PyResult<Format> {
    match name {
        "puzzle" => Ok(Format::Puzzle),
        "xmpuzzle" => Ok(Format::Xmpuzzle),
        "dlx" => Ok(Format::Dlx),
        other => Err(PyValueError::new_err(format!(
            "unknown format {other:?}: expected \"puzzle\", \"xmpuzzle\" or \"dlx\""
        ))),
    }
}

/// Compiles the puzzle in `text`, written in the puzzle language (or, with `format`, a DLX file's
/// or a BurrTools file's text). Where the text holds several puzzles, `name` picks one (a
/// BurrTools problem by its number from 1 or its name). Raises `PuzzleError` with every mistake.
#[pyfunction]
#[pyo3(signature = (text, name = None, *, format = "puzzle"))]
pub fn compile(py: Python<'_>, text: &str, name: Option<&str>, format: &str) -> PyResult<Puzzle> {
    let format = format_named(format)?;
    let bytes = text.as_bytes().to_vec();
    // The name picks a puzzle of the language or a problem of a BurrTools file.
    let choice = Choice {
        puzzle: name.map(str::to_owned),
        problem: name.map(str::to_owned),
    };
    let read = py.detach(move || input::read_bytes(Path::new(STRING), bytes, format, &choice));
    finish(py, read)
}

/// Compiles the puzzle in the file at `path`: `.puzzle`, `.xmpuzzle` (plain or gzip) or
/// `.dlx`, or the `format` named. `puzzle` picks one of a `.puzzle` file's puzzles by name,
/// `problem` one of a BurrTools file's problems by number (from 1) or name.
#[pyfunction]
#[pyo3(signature = (path, *, puzzle = None, problem = None, format = None))]
pub fn load(
    py: Python<'_>,
    path: PathBuf,
    puzzle: Option<String>,
    problem: Option<&Bound<'_, PyAny>>,
    format: Option<&str>,
) -> PyResult<Puzzle> {
    let format = format.map(format_named).transpose()?;
    if !path.exists() {
        let message = format!("no puzzle file at `{}`", path.display());
        return Err(PyFileNotFoundError::new_err((2, message, path)));
    }
    if path.is_dir() {
        let message = format!("`{}` is a directory, not a puzzle file", path.display());
        return Err(PyIsADirectoryError::new_err((21, message, path)));
    }
    // A problem by number or by name, as the command's `--problem` takes it.
    let problem = match problem {
        None => None,
        Some(p) => Some(match p.extract::<u64>() {
            Ok(n) => n.to_string(),
            Err(_) => p.extract::<String>()?,
        }),
    };
    let choice = Choice { puzzle, problem };
    let read = py.detach(|| input::read(&path, format, &choice));
    finish(py, read)
}

/// The puzzle read, compiled, its warnings shown as Python warnings; or its mistakes raised.
fn finish(py: Python<'_>, read: Result<Loaded, InputError>) -> PyResult<Puzzle> {
    let loaded = read.map_err(|e| error::raise(py, &e))?;
    if let Some(warnings) = loaded.render_warnings(false) {
        let category = py.get_type::<PyUserWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(warnings)?, 1)?;
    }
    let compiled = py.detach(|| loaded.compile());
    let compiled = compiled.map_err(|e| error::raise(py, &e))?;
    Ok(Puzzle::new(Arc::new(compiled), loaded.text))
}
