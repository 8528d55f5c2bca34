//! A solution as a Python value: a mapping from each piece placed to the cells it covers, that
//! draws itself as text in a terminal and as SVG in a notebook.

use std::sync::Arc;

use puzzlec::compiler::Puzzle as CompilerPuzzle;
use puzzlec::disassembly::{self, Disassembler, Outcome};
use puzzlec::runtime::Catalog;
use puzzlec::Solution as Found;
use puzzlec::Solver;
use puzzlec_io::draw::{stl, svg, text, Palette};
use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};

use crate::args;
use crate::compilation::Compilation;
use crate::running::Running;
use crate::search::Puzzle;

/// Refused for an abstract puzzle, which has no pieces to take apart.
pub fn has_pieces(catalog: &Catalog) -> PyResult<()> {
    match catalog.extents.is_empty() {
        true => Err(PyValueError::new_err(format!(
            "{} is an abstract puzzle: it has no pieces to take apart",
            catalog.name
        ))),
        false => Ok(()),
    }
}

/// One solution. For a box, a mapping from each piece placed to the cells it covers (tuples of
/// coordinates, the box's first axis first); the copies of a piece are `name`, `name#2`, ...
/// in the order placed. For an abstract puzzle (a DLX file), each embedding placed, named by
/// its aspects, maps to their names. `str()` draws it; in a notebook it shows as SVG. It
/// pickles with its puzzle.
#[pyclass(frozen, module = "puzzlec", name = "Solution")]
pub struct Solution {
    compilation: Arc<Compilation>,
    placed: Vec<u32>,
}

impl Solution {
    /// The solution made of the `placed` embeddings of `compilation`'s puzzle.
    pub fn new(compilation: Arc<Compilation>, placed: Vec<u32>) -> Solution {
        Solution {
            compilation,
            placed,
        }
    }

    /// The compiled puzzle it is a solution of.
    pub fn compilation(&self) -> &Arc<Compilation> {
        &self.compilation
    }

    fn compiled(&self) -> &CompilerPuzzle {
        &self.compilation.puzzle
    }

    /// Its embeddings, in placement order.
    pub fn placed(&self) -> &[u32] {
        &self.placed
    }

    fn found(&self) -> Found<'_> {
        Found::new(self.compiled().catalog(), &self.placed)
    }

    /// Each placement's key and what it covers: a piece's name (numbered from its second
    /// copy) and its cells; or an abstract embedding's description and its aspects' names.
    fn entries(&self) -> Vec<(String, Entry)> {
        let catalog = self.compiled().catalog();
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

/// The cells embedding `e` covers, as tuples of coordinates.
pub fn cells<'py>(py: Python<'py>, catalog: &Catalog, e: u32) -> PyResult<Bound<'py, PyTuple>> {
    let cells = (catalog.cells_of(e))
        .map(|at| PyTuple::new(py, catalog.point(at)))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, cells)
}

/// Embedding `e` as `(piece, cells)`: its piece's name and the cells it covers; for an
/// abstract puzzle, `(None, names)` of its aspects.
pub fn placement<'py>(py: Python<'py>, catalog: &Catalog, e: u32) -> PyResult<Bound<'py, PyTuple>> {
    match (catalog.piece_of(e), catalog.extents.is_empty()) {
        (Some(piece), false) => {
            let covered = cells(py, catalog, e)?;
            PyTuple::new(
                py,
                [piece.into_pyobject(py)?.into_any(), covered.into_any()],
            )
        }
        _ => {
            let names: Vec<String> = (catalog.embedding(e).iter())
                .map(|&a| catalog.aspect_name(a))
                .collect();
            let names = PyTuple::new(py, names)?;
            PyTuple::new(py, [py.None().into_bound(py), names.into_any()])
        }
    }
}

/// The solution a pickle made with `Solution.__reduce__` holds, its embeddings checked to be
/// a solution of the puzzle.
#[pyfunction]
pub fn _restore_solution(puzzle: PyRef<'_, Puzzle>, placed: Vec<u32>) -> PyResult<Solution> {
    let compilation = puzzle.compilation();
    let catalog = compilation.puzzle.catalog();
    let embeddings = catalog.embedding_count();
    if let Some(&e) = placed.iter().find(|&&e| e as usize >= embeddings) {
        return Err(PyValueError::new_err(format!(
            "placed: embedding {e} is past the puzzle's {embeddings}"
        )));
    }
    Ok(Solution::new(Arc::clone(compilation), placed))
}

#[pymethods]
impl Solution {
    /// The puzzle it is a solution of.
    #[getter]
    fn puzzle(&self) -> Puzzle {
        Puzzle::new(Arc::clone(&self.compilation))
    }

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
        let catalog = self.compiled().catalog();
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

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let found = match key.cast::<PyString>() {
            Ok(name) => {
                let name = name.to_string();
                self.entries().into_iter().find(|(k, _)| *k == name)
            }
            Err(_) => None,
        };
        match found {
            Some((_, entry)) => entry.into_py(py),
            None => Err(PyKeyError::new_err(key.clone().unbind())),
        }
    }

    /// Whether a piece (or an abstract embedding's description) is a key; any other value is
    /// not, as in a dict.
    fn __contains__(&self, key: &Bound<'_, PyAny>) -> bool {
        match key.cast::<PyString>() {
            Ok(key) => {
                let key = key.to_string();
                self.entries().iter().any(|(k, _)| *k == key)
            }
            Err(_) => false,
        }
    }

    /// The cells a piece covers, or `default` where it is not placed.
    #[pyo3(signature = (key, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let default = || default.clone().unwrap_or_else(|| py.None().into_bound(py));
        let Ok(key) = key.cast::<PyString>() else {
            return Ok(default());
        };
        let key = key.to_string();
        match self.entries().into_iter().find(|(k, _)| *k == key) {
            Some((_, entry)) => Ok(entry.into_py(py)?.into_any()),
            None => Ok(default()),
        }
    }

    fn __len__(&self) -> usize {
        self.placed.len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let keys = self.keys();
        Ok(PyTuple::new(py, keys)?.into_any().try_iter()?.into_any())
    }

    /// The solution drawn as text, as the `puzzlec` command draws it (3-D boxes layer by
    /// layer), without colours.
    fn __str__(&self) -> PyResult<String> {
        let catalog = self.compiled().catalog();
        let mut out = Vec::new();
        text::write(&mut out, &self.found(), &Palette::new(catalog), false)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let drawn = String::from_utf8_lossy(&out);
        Ok(drawn.trim_end().to_owned())
    }

    fn __repr__(&self) -> String {
        format!(
            "<puzzlec.Solution of {:?}: {} placements>",
            self.compiled().info().name,
            self.placed.len()
        )
    }

    /// The solution drawn as SVG, as the `puzzlec` command's `--svg` draws it.
    fn svg(&self) -> PyResult<String> {
        gallery(self.compiled(), &[&self.placed])
    }

    /// The solution as binary STL for a 3-D printer: its pieces where they lie (each a closed
    /// surface), each cell `size` millimetres a side, each piece's surface moved in by half of
    /// `gap` so that printed pieces go together, and the pieces moved apart from the centre by
    /// `explode` times their distance from it (and half a cell more). `ValueError` for a size
    /// of 0 or less, a gap below 0 or of half a cell or more, an explosion below 0, or a puzzle
    /// with no solids (an abstract one, a box of more than three axes).
    #[pyo3(signature = (*, size = None, gap = None, explode = None), text_signature = "($self, *, size=10.0, gap=0.0, explode=0.0)")]
    fn stl<'py>(
        &self,
        py: Python<'py>,
        size: Option<&Bound<'py, PyAny>>,
        gap: Option<&Bound<'py, PyAny>>,
        explode: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let print = args::print(size, gap, explode)?;
        let bytes = stl::solution(&self.found(), "solution", print)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// How the solution comes apart, as BurrTools takes an assembly apart: pieces slide, a group
    /// at a time, along the lattice's directions, never turning; the fewest moves to the first
    /// separation, then each part the same way. A dict: `outcome` (`'apart'`; `'stuck'`, no
    /// move takes any part away; or `'limit'`, the search reached `states` states first, its
    /// answer unknown); where it comes apart, `level` as BurrTools writes it (`'98.2.4.2'`: the
    /// moves to the first separation, then those of the parts) and `moves` in the order made,
    /// each a dict of `pieces` (their keys in the solution), `direction` (the step of the
    /// lattice they slide by, in the cells' coordinates) and `distance` (in steps; `None`
    /// where they leave the rest for good). Runs without the interpreter's lock; Ctrl-C stops
    /// it and raises `KeyboardInterrupt`. With `complete=True`, every separation of the fewest
    /// moves is taken, each part the same way, and the highest level kept (BurrTools keeps
    /// the first in its order, which may depend on how the assembly is turned). `ValueError`
    /// for a puzzle whose cells do not slide (an abstract one, a box of more than three axes).
    #[pyo3(signature = (*, states = disassembly::STATES, complete = false), text_signature = "($self, *, states=10000000, complete=False)")]
    fn disassemble<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::states)] states: u64,
        #[pyo3(from_py_with = args::complete)] complete: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let catalog = self.compiled().catalog();
        has_pieces(catalog)?;
        let mut disassembler =
            Disassembler::new(catalog.lattice, self.compilation.rules.clone(), states)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
        if complete {
            disassembler = disassembler.complete();
        }
        let space = disassembler.lattice();
        let (compilation, placed) = (Arc::clone(&self.compilation), self.placed.clone());
        let running = Running::start(1, move |watch| {
            let found = Found::new(compilation.puzzle.catalog(), &placed);
            disassembler.solution_until(&found, watch.flag())
        });
        let outcome = (running.wait(py, None)?)
            .map_err(|e| PyValueError::new_err(e.to_string()))?
            .ok_or_else(|| PyRuntimeError::new_err("the disassembly was stopped"))?;
        let dict = PyDict::new(py);
        match outcome {
            Outcome::Apart(separation) => {
                let keys: Vec<String> = self.entries().into_iter().map(|(k, _)| k).collect();
                let slides = space.slides();
                let moves = (separation.in_order().into_iter())
                    .map(|m| {
                        let step = PyDict::new(py);
                        let pieces: Vec<&str> = m.pieces.iter().map(|&p| &*keys[p]).collect();
                        step.set_item("pieces", pieces)?;
                        step.set_item("direction", PyTuple::new(py, &slides[m.direction])?)?;
                        step.set_item("distance", m.distance)?;
                        Ok(step)
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                dict.set_item("outcome", "apart")?;
                dict.set_item("level", separation.level())?;
                dict.set_item("moves", moves)?;
            }
            Outcome::Stuck => dict.set_item("outcome", "stuck")?,
            Outcome::Limit(reached) => {
                dict.set_item("outcome", "limit")?;
                dict.set_item("states", reached)?;
            }
        }
        Ok(dict)
    }

    /// The SVG a notebook shows.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    /// What a pickle keeps: the puzzle (its source) and the embeddings placed.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("puzzlec._puzzle")?.getattr("_restore_solution")?;
        let puzzle = Puzzle::new(Arc::clone(&self.compilation));
        (restore, (puzzle, self.placed.clone())).into_pyobject(py)
    }

    /// Two solutions are equal where they place the same embeddings of the same puzzle.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Solution>() else {
            return false;
        };
        let other = other.get();
        let same = self.compiled().info().fingerprint == other.compiled().info().fingerprint;
        same && self.found().embedding_set() == other.found().embedding_set()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.compiled().info().fingerprint.hash(&mut hasher);
        self.found().embedding_set().hash(&mut hasher);
        hasher.finish()
    }
}
