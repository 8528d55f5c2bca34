//! A solution as a Python value: a mapping from each piece placed to the cells it covers, that
//! draws itself as text in a terminal and as SVG in a notebook.

use std::sync::Arc;

use puzzle::compiler::Puzzle as CompilerPuzzle;
use puzzle::Solution as Found;
use puzzle::Solver;
use puzzle_io::draw::{svg, text, Palette};
use pyo3::exceptions::{PyKeyError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// One solution. For a box, a mapping from each piece placed to the cells it covers (tuples of
/// coordinates, the box's first axis first); the copies of a piece are `name`, `name#2`, ...
/// in the order placed. For an abstract puzzle (a DLX file), each embedding placed, named by
/// its aspects, maps to their names. `str()` draws it; in a notebook it shows as SVG.
#[pyclass(frozen, module = "puzzle", name = "Solution")]
pub struct Solution {
    compiled: Arc<CompilerPuzzle>,
    placed: Vec<u32>,
}

impl Solution {
    /// The solution made of the `placed` embeddings of `compiled`.
    pub fn new(compiled: Arc<CompilerPuzzle>, placed: Vec<u32>) -> Solution {
        Solution { compiled, placed }
    }

    /// Its embeddings, in placement order.
    pub fn placed(&self) -> &[u32] {
        &self.placed
    }

    fn found(&self) -> Found<'_> {
        Found::new(self.compiled.catalog(), &self.placed)
    }

    /// Each placement's key and what it covers: a piece's name (numbered from its second
    /// copy) and its cells; or an abstract embedding's description and its aspects' names.
    fn entries(&self) -> Vec<(String, Entry)> {
        let catalog = self.compiled.catalog();
        let mut seen: std::collections::HashMap<&str, usize> = Default::default();
        (self.found().placements())
            .map(|p| match (p.piece, catalog.extents.is_empty()) {
                (Some(piece), false) => {
                    let n = seen.entry(piece).or_default();
                    *n += 1;
                    let key = match *n {
                        1 => piece.to_owned(),
                        n => format!("{piece}#{n}"),
                    };
                    (key, Entry::Cells(p.cells))
                }
                _ => {
                    let names = (catalog.embedding(p.embedding).iter())
                        .map(|&a| catalog.aspect_name(a))
                        .collect();
                    (catalog.describe(p.embedding), Entry::Names(names))
                }
            })
            .collect()
    }
}

/// What one placement covers.
enum Entry {
    Cells(Vec<Vec<u32>>),
    Names(Vec<String>),
}

impl Entry {
    fn into_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match self {
            Entry::Cells(cells) => {
                let cells = cells
                    .into_iter()
                    .map(|c| PyTuple::new(py, c))
                    .collect::<PyResult<Vec<_>>>()?;
                PyTuple::new(py, cells)
            }
            Entry::Names(names) => PyTuple::new(py, names),
        }
    }
}

/// `placed` of `compiled` drawn as one SVG gallery.
pub fn gallery(compiled: &CompilerPuzzle, placed: &[&[u32]]) -> PyResult<String> {
    svg::gallery(compiled.catalog(), placed, 1)
        .map_err(|e| PyRuntimeError::new_err(format!("drawing failed: {e}")))
}

#[pymethods]
impl Solution {
    /// The embeddings placed, by number, in placement order.
    #[getter]
    fn embeddings(&self) -> Vec<u32> {
        self.placed.clone()
    }

    /// Each placement, in placement order, as `(piece, cells)`: the piece's name (`None` for
    /// an abstract puzzle's embedding) and the cells it covers (for an abstract puzzle, the
    /// names of its aspects).
    #[getter]
    fn placements<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let catalog = self.compiled.catalog();
        (self.found().placements())
            .zip(self.entries())
            .map(|(p, (_, entry))| {
                let piece = p.piece.filter(|_| !catalog.extents.is_empty());
                let covered = entry.into_py(py)?;
                PyTuple::new(
                    py,
                    [piece.into_pyobject(py)?.into_any(), covered.into_any()],
                )
            })
            .collect()
    }

    fn keys(&self) -> Vec<String> {
        self.entries().into_iter().map(|(key, _)| key).collect()
    }

    fn values<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        (self.entries().into_iter())
            .map(|(_, entry)| entry.into_py(py))
            .collect()
    }

    fn items<'py>(&self, py: Python<'py>) -> PyResult<Vec<(String, Bound<'py, PyTuple>)>> {
        (self.entries().into_iter())
            .map(|(key, entry)| Ok((key, entry.into_py(py)?)))
            .collect()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyTuple>> {
        let entry = self.entries().into_iter().find(|(k, _)| k == key);
        match entry {
            Some((_, entry)) => entry.into_py(py),
            None => Err(PyKeyError::new_err(key.to_owned())),
        }
    }

    fn __contains__(&self, key: &str) -> bool {
        self.entries().iter().any(|(k, _)| k == key)
    }

    fn __len__(&self) -> usize {
        self.placed.len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let keys = self.keys();
        Ok(PyTuple::new(py, keys)?.into_any().try_iter()?.into_any())
    }

    /// The solution drawn as text, as the `puzzle` command draws it (3-D boxes layer by
    /// layer), without colours.
    fn __str__(&self) -> PyResult<String> {
        let catalog = self.compiled.catalog();
        let mut out = Vec::new();
        text::write(&mut out, &self.found(), &Palette::new(catalog), false)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let drawn = String::from_utf8_lossy(&out);
        Ok(drawn.trim_end().to_owned())
    }

    fn __repr__(&self) -> String {
        format!(
            "<puzzle.Solution of {:?}: {} placements>",
            self.compiled.info().name,
            self.placed.len()
        )
    }

    /// The solution drawn as SVG, as the `puzzle` command's `--svg` draws it.
    fn svg(&self) -> PyResult<String> {
        gallery(&self.compiled, &[&self.placed])
    }

    /// The SVG a notebook shows.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    /// Two solutions are equal where they place the same embeddings of the same puzzle.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Solution>() else {
            return false;
        };
        let other = other.get();
        let same = self.compiled.info().fingerprint == other.compiled.info().fingerprint;
        same && self.found().embedding_set() == other.found().embedding_set()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.compiled.info().fingerprint.hash(&mut hasher);
        self.found().embedding_set().hash(&mut hasher);
        hasher.finish()
    }
}
