//! Mistakes in a puzzle, raised as one `puzzlec.PuzzleError` that carries them all: the report
//! the command prints as its text, and each mistake with its line and column.

use puzzlec_io::input::InputError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    puzzle,
    PuzzleError,
    PyValueError,
    "Everything wrong with a puzzle, found at once: `errors` lists each mistake (a `Mistake`, \
     with its line and column where the text shows it), `path` names the file (or `<string>`), \
     and `str()` is the report the `puzzlec` command prints."
);

/// One mistake in a puzzle: what is wrong, and where.
#[pyclass(frozen, module = "puzzlec", get_all)]
#[derive(Clone, Debug)]
pub struct Mistake {
    /// What is wrong.
    pub message: String,
    /// The line it is on, from 1; `None` where it is about the whole puzzle.
    pub line: Option<usize>,
    /// The column, from 1, in characters; `None` with `line`.
    pub column: Option<usize>,
    /// What to do about it, where the reader knows.
    pub notes: Vec<String>,
}

#[pymethods]
impl Mistake {
    fn __repr__(&self) -> String {
        let at = match (self.line, self.column) {
            (Some(line), Some(column)) => format!(", line={line}, column={column}"),
            _ => String::new(),
        };
        format!("Mistake({:?}{at})", self.message)
    }

    fn __str__(&self) -> String {
        match (self.line, self.column) {
            (Some(line), Some(column)) => format!("{line}:{column}: {}", self.message),
            _ => self.message.clone(),
        }
    }
}

/// `error` as a `PuzzleError`.
pub fn raise(py: Python<'_>, error: &InputError) -> PyErr {
    let mistakes: Vec<Mistake> = (error.mistakes().into_iter())
        .map(|m| Mistake {
            message: m.message,
            line: m.line,
            column: m.column,
            notes: m.notes,
        })
        .collect();
    let err = PuzzleError::new_err(error.render(false).trim_end().to_owned());
    let value = err.value(py);
    let attach = || -> PyResult<()> {
        value.setattr("errors", mistakes)?;
        value.setattr("path", error.path.display().to_string())?;
        Ok(())
    };
    match attach() {
        Ok(()) => err,
        Err(e) => e,
    }
}
