//! Puzzles from text or files, in the three formats the `puzzlec` command reads, compiled for
//! the run-time engine on threads of their own (Ctrl-C passed on).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use puzzlec_io::input::{self, Asking, Choice, Format, InputError, Loaded};
use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyTypeError, PyUserWarning, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::compilation::{Compilation, Source};
use crate::error;
use crate::search::Puzzle;

/// The name a text is reported under.
const STRING: &str = "<string>";

/// How `load` asks for one of a file's puzzles or problems.
const LOAD: Asking = Asking {
    puzzle: "`puzzle=\"NAME\"`",
    problem: "`problem=N`",
};

/// How `compile` asks for one of a text's puzzles or problems.
const COMPILE: Asking = Asking {
    puzzle: "`name=\"NAME\"`",
    problem: "`name=\"N\"`",
};

/// A format named as Python callers name it.
pub fn format_named(name: &str) -> PyResult<Format> {
    match name {
        "puzzle" => Ok(Format::Puzzle),
        "xmpuzzle" => Ok(Format::Xmpuzzle),
        "dlx" => Ok(Format::Dlx),
        other => Err(PyValueError::new_err(format!(
            "format must be \"puzzle\", \"xmpuzzle\" or \"dlx\", not {other:?}"
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
    let name = name.map(str::to_owned);
    // The name picks a puzzle of the language or a problem of a BurrTools file.
    let choice = match format {
        Format::Puzzle => Choice {
            puzzle: name,
            problem: None,
            asking: COMPILE,
        },
        Format::Xmpuzzle => Choice {
            puzzle: None,
            problem: name,
            asking: COMPILE,
        },
        Format::Dlx if name.is_some() => {
            return Err(PyValueError::new_err(
                "name picks one of several puzzles, and a DLX text holds one: give no name",
            ))
        }
        Format::Dlx => Choice::default(),
    };
    let bytes = text.as_bytes().to_vec();
    let read = py.detach(|| input::read_bytes(Path::new(STRING), bytes, format, &choice));
    finish(py, read, choice)
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
    let problem = problem.map(problem_named).transpose()?;
    // Each choice is of one format's files: one given for another is a mistake, not ignored.
    let shown = path.display();
    match (format.or_else(|| Format::of(&path)), &puzzle, &problem) {
        (Some(Format::Puzzle), _, Some(_)) => {
            return Err(PyValueError::new_err(format!(
                "problem picks a problem of a BurrTools file, and `{shown}` is in the puzzle \
                 language: pick one of its puzzles with puzzle=\"NAME\""
            )))
        }
        (Some(Format::Xmpuzzle), Some(_), _) => {
            return Err(PyValueError::new_err(format!(
                "puzzle picks a puzzle of a `.puzzle` file, and `{shown}` is a BurrTools file: \
                 pick one of its problems with problem=N (from 1) or its name"
            )))
        }
        (Some(Format::Dlx), Some(_), _) | (Some(Format::Dlx), _, Some(_)) => {
            return Err(PyValueError::new_err(format!(
                "`{shown}` is a DLX file, which holds one problem: give neither puzzle nor problem"
            )))
        }
        _ => {}
    }
    let choice = Choice {
        puzzle,
        problem,
        asking: LOAD,
    };
    let read = py.detach(|| input::read(&path, format, &choice));
    finish(py, read, choice)
}

/// A problem of a BurrTools file, by number (from 1) or by name, as the command's `--problem`
/// takes it.
fn problem_named(problem: &Bound<'_, PyAny>) -> PyResult<String> {
    if problem.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "problem must be a number (from 1) or a name, not bool",
        ));
    }
    if problem.is_instance_of::<PyInt>() {
        return match problem.extract::<u64>() {
            Ok(n) if n >= 1 => Ok(n.to_string()),
            _ => Err(PyValueError::new_err(format!(
                "problem is numbered from 1, not {problem}"
            ))),
        };
    }
    if problem.is_instance_of::<PyString>() {
        return problem.extract::<String>();
    }
    Err(PyTypeError::new_err(format!(
        "problem must be a number (from 1) or a name, not {}",
        problem.get_type().name()?
    )))
}

/// The puzzle read, compiled, its warnings shown as Python warnings; or its mistakes raised.
fn finish(py: Python<'_>, read: Result<Loaded, InputError>, choice: Choice) -> PyResult<Puzzle> {
    let loaded = read.map_err(|e| error::raise(py, &e))?;
    if let Some(warnings) = loaded.render_warnings(false) {
        let category = py.get_type::<PyUserWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(warnings)?, 1)?;
    }
    let source = Source::of(&loaded, &choice);
    let compilation: Arc<Compilation> = Compilation::compile(py, loaded, source)?;
    Ok(Puzzle::new(compilation))
}
