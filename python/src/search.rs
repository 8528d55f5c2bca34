//! A compiled puzzle and its searches, each run on threads of its own while the calling Python
//! thread waits with the interpreter's lock released ([`Running`]).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};

use puzzlec::compiler::Puzzle as CompilerPuzzle;
use puzzlec::disassembly;
use puzzlec::Watch;
use puzzlec::{parallel, Solver};
use puzzlec_io::disassembly::{Answer, How};
use puzzlec_io::draw::stl;
use puzzlec_io::input::Format;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyTuple};

use crate::args;
use crate::compilation::{Compilation, Source};
use crate::running::{Running, POLL};
use crate::solution::{self, Solution};

/// Solutions a listing's search may find ahead of the Python code reading them.
const AHEAD: usize = 1024;

/// A puzzle compiled for the run-time engine: count its solutions, list them, draw them, or
/// share its search out as work units. It pickles as the text it was compiled from, and a
/// process compiles the same puzzle once however often it is unpickled.
#[pyclass(frozen, module = "puzzlec", name = "Puzzle")]
pub struct Puzzle {
    compilation: Arc<Compilation>,
}

impl Puzzle {
    /// The puzzle of `compilation`.
    pub fn new(compilation: Arc<Compilation>) -> Puzzle {
        Puzzle { compilation }
    }

    /// The compiled puzzle and its source.
    pub fn compilation(&self) -> &Arc<Compilation> {
        &self.compilation
    }

    fn compiled(&self) -> &CompilerPuzzle {
        &self.compilation.puzzle
    }

    /// `n` solutions, or fewer where the puzzle has fewer, as a list that a notebook shows as
    /// a gallery.
    fn listed<'py>(&self, py: Python<'py>, placed: Vec<Vec<u32>>) -> PyResult<Bound<'py, PyAny>> {
        let solutions: Vec<Solution> = (placed.into_iter())
            .map(|p| Solution::new(Arc::clone(&self.compilation), p))
            .collect();
        let listed = py.import("puzzlec._gallery")?.getattr("Solutions")?;
        listed.call1((solutions,))
    }
}

/// The error of a search given up, which only Ctrl-C does, and that raises first.
fn stopped() -> PyErr {
    PyRuntimeError::new_err("the search was stopped")
}

/// A format's name as Python callers give it.
pub fn format_word(format: Format) -> &'static str {
    match format {
        Format::Puzzle => "puzzle",
        Format::Xmpuzzle => "xmpuzzle",
        Format::Dlx => "dlx",
    }
}

#[pymethods]
impl Puzzle {
    /// The puzzle's name.
    #[getter]
    fn name(&self) -> String {
        self.compiled().info().name.to_string()
    }

    /// The text the puzzle was read from (a BurrTools file's XML after decompression).
    #[getter]
    fn text(&self) -> &str {
        &self.compilation.source.text
    }

    /// What the compiler made of the puzzle, as a dict: `name`, `fingerprint`, `aspects`,
    /// `embeddings`, `order`, `estimate` (Knuth's estimate of the search's placements),
    /// `symmetry` (`group_order` and `mirror_twins`), `plan` (each decision, and why), and
    /// more; the `puzzlec` command's `--stats` shows the same.
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(self.compiled().info())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The box's cells, each as its coordinates (the box's first axis first); for an abstract
    /// puzzle, the names of its aspects.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let catalog = self.compiled().catalog();
        match catalog.extents.is_empty() {
            false => (catalog.cells.iter())
                .map(|&at| Ok(PyTuple::new(py, catalog.point(at))?.into_any()))
                .collect(),
            true => (0..catalog.aspect_count() as u32)
                .map(|a| Ok(catalog.aspect_name(a).into_pyobject(py)?.into_any()))
                .collect(),
        }
    }

    /// Each kind of piece by name, with the cells of its first placement in the box (empty
    /// where it has none); empty for an abstract puzzle.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let catalog = self.compiled().catalog();
        let pieces = PyDict::new(py);
        let mut start = 0;
        for kind in catalog.kinds.iter() {
            let cells = match start < kind.end {
                true => solution::cells(py, catalog, start)?,
                false => PyTuple::empty(py),
            };
            pieces.set_item(&*kind.name, cells)?;
            start = kind.end;
        }
        Ok(pieces)
    }

    /// Every placement the search may make (its embeddings, numbered as
    /// `Solution.embeddings` numbers them), each as `(piece, cells)`: the piece's name and the
    /// cells it covers; for an abstract puzzle, `(None, names)` of the aspects it covers.
    fn placements<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let catalog = self.compiled().catalog();
        (0..catalog.embedding_count() as u32)
            .map(|e| solution::placement(py, catalog, e))
            .collect()
    }

    /// The number of solutions: one per symmetry class, as the puzzle asks, or every solution
    /// with `all=True`. The search runs on `threads` threads (0: one a core) without the
    /// interpreter's lock; Ctrl-C stops it and raises `KeyboardInterrupt`. `progress` is
    /// called as `progress(done, units, solutions)` as work units end; `progress=True` shows a
    /// bar (tqdm's where it is installed).
    #[pyo3(signature = (*, all = false, threads = 0, progress = None))]
    fn count(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = args::all)] all: bool,
        #[pyo3(from_py_with = args::threads)] threads: usize,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u128> {
        // `progress=True`: the package's bar (tqdm's where it is installed).
        let bar = match progress {
            Some(p) if p.is_instance_of::<PyBool>() => match p.is_truthy()? {
                true => Some(py.import("puzzlec._progress")?.getattr("Bar")?.call0()?),
                false => None,
            },
            _ => None,
        };
        let progress = match (&bar, progress) {
            (Some(bar), _) => Some(bar),
            (None, Some(p)) if p.is_instance_of::<PyBool>() => None,
            (None, Some(p)) if !p.is_callable() => {
                return Err(PyTypeError::new_err(format!(
                    "progress must be True, False, None or a callable, not {}",
                    p.get_type().name()?
                )))
            }
            (None, p) => p,
        };
        let compilation = Arc::clone(&self.compilation);
        let running = Running::start(threads, move |watch| {
            compilation.puzzle.runnable().count_watched(all, watch)
        });
        let found = running.wait(py, progress);
        if let Some(bar) = &bar {
            bar.call_method0("close")?;
        }
        found?.ok_or_else(stopped)
    }

    /// An iterator over the solutions, in the order the serial search finds them, while the
    /// search runs on `threads` threads (0: one a core) a little ahead of the reader: one per
    /// symmetry class, or with `all=True` every solution (each class's members after the one
    /// found). Closing or dropping the iterator stops the search.
    #[pyo3(signature = (*, all = false, threads = 0))]
    fn solutions(
        &self,
        #[pyo3(from_py_with = args::all)] all: bool,
        #[pyo3(from_py_with = args::threads)] threads: usize,
    ) -> SolutionIter {
        SolutionIter::start(Arc::clone(&self.compilation), all, threads)
    }

    /// The first `n` solutions, in the order the serial search finds them (fewer where it has
    /// fewer), searched on `threads` threads (0: one a core): one per symmetry class, or with
    /// `all=True` every solution. A list that a notebook shows as a gallery. Ctrl-C stops the
    /// search and raises `KeyboardInterrupt`.
    #[pyo3(signature = (n, *, all = false, threads = 0))]
    fn first<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::how_many)] n: usize,
        #[pyo3(from_py_with = args::all)] all: bool,
        #[pyo3(from_py_with = args::threads)] threads: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        if n == 0 {
            return self.listed(py, Vec::new());
        }
        let compilation = Arc::clone(&self.compilation);
        let running = Running::start(threads, move |watch| {
            let runnable = compilation.puzzle.runnable();
            let mut found: Vec<Vec<u32>> = Vec::new();
            let _ = runnable.solve_watched(all, watch, &mut |solution| {
                found.push(solution.embeddings().to_vec());
                match found.len() < n {
                    true => ControlFlow::Continue(()),
                    false => ControlFlow::Break(()),
                }
            });
            found
        });
        // A result comes back only where Ctrl-C did not stop the search.
        let placed = running.wait(py, None)?;
        self.listed(py, placed)
    }

    /// The shape of the whole search tree, searched on `threads` threads (0: one a core): a
    /// dict of `placements` (all of them), `by_depth` (placements with 0, 1, ... pieces
    /// placed before), `pruned` (placements the pruning refused) and `solutions`.
    #[pyo3(signature = (*, threads = 0))]
    fn stats<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::threads)] threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let compilation = Arc::clone(&self.compilation);
        let running = Running::start(threads, move |watch| {
            compilation.puzzle.runnable().stats_watched(watch)
        });
        let stats = running.wait(py, None)?.ok_or_else(stopped)?;
        let dict = PyDict::new(py);
        dict.set_item("placements", stats.total_placements())?;
        dict.set_item("by_depth", stats.placements.clone())?;
        dict.set_item("pruned", stats.pruned)?;
        dict.set_item("solutions", stats.solutions)?;
        Ok(dict)
    }

    /// The search cut into work units, as the `puzzlec units` command lists them: a dict for
    /// each, `id`, `depth`, `estimate` (of the placements of its search) and `fingerprint`.
    /// The ids are the same on every machine; `run_unit(id)` counts one, so that a count can
    /// be spread over processes or machines and summed.
    #[pyo3(signature = (*, target = parallel::TARGET_UNITS), text_signature = "($self, *, target=512)")]
    fn units<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::target)] target: usize,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let compilation = Arc::clone(&self.compilation);
        let running = Running::start(0, move |_| {
            let units = compilation.units(target);
            let weights = compilation.puzzle.unit_weights(&units);
            (units, weights)
        });
        let (units, weights) = running.wait(py, None)?;
        let fingerprint = format!("{:016x}", self.compiled().info().fingerprint);
        (units.iter().zip(weights))
            .map(|(unit, weight)| {
                let dict = PyDict::new(py);
                dict.set_item("id", unit.id)?;
                dict.set_item("depth", unit.placed.len())?;
                dict.set_item("estimate", weight.round())?;
                dict.set_item("fingerprint", &fingerprint)?;
                Ok(dict)
            })
            .collect()
    }

    /// The number of solutions of work unit `id` of `units(target=target)`, counted on a
    /// thread of its own without the interpreter's lock; Ctrl-C stops it and raises
    /// `KeyboardInterrupt`. The units of a target are cut once, so that counting them one
    /// by one (in the tasks of a `multiprocessing` pool) costs no more than the count.
    #[pyo3(signature = (id, *, target = parallel::TARGET_UNITS), text_signature = "($self, id, *, target=512)")]
    fn run_unit(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = args::unit_id)] id: usize,
        #[pyo3(from_py_with = args::target)] target: usize,
    ) -> PyResult<u128> {
        let compilation = Arc::clone(&self.compilation);
        let running = Running::start(1, move |watch| {
            let units = compilation.units(target);
            let unit = units.get(id).ok_or(units.len())?;
            let runnable = compilation.puzzle.runnable();
            let mut counter = runnable.counter();
            let flow = (runnable.count_unit_until(unit, &mut counter, watch.flag()))
                .expect("a solver's own units are its own");
            Ok::<_, usize>(flow.is_continue().then(|| counter.solutions()))
        });
        match running.wait(py, None)? {
            Ok(counted) => counted.ok_or_else(stopped),
            Err(units) => Err(PyIndexError::new_err(format!(
                "id is past the units: the search has {units} (0 to {})",
                units.saturating_sub(1)
            ))),
        }
    }

    /// Every assembly taken apart (`Solution.disassemble` each), on `threads` threads (0: one a
    /// core), the interpreter's lock released: a dict of `assemblies` (the solutions of the
    /// search, one per symmetry class as BurrTools counts them), `solutions` (those that come
    /// apart, BurrTools' solutions), `undecided` (those whose disassembly reached `states`
    /// states first) and `levels`, each level's solutions, the highest level first. Ctrl-C
    /// stops it and raises `KeyboardInterrupt`. `ValueError` as `disassemble` raises it.
    #[pyo3(signature = (*, threads = 0, states = disassembly::STATES), text_signature = "($self, *, threads=0, states=10000000)")]
    fn disassemble<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::threads)] threads: usize,
        #[pyo3(from_py_with = args::states)] states: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        solution::has_pieces(self.compiled().catalog())?;
        let compilation = Arc::clone(&self.compilation);
        let running = Running::start(threads, move |watch| {
            let runnable = compilation.puzzle.runnable();
            let mut each =
                |_: u64, _: &puzzlec::Solution<'_>, _: &Answer| ControlFlow::Continue(());
            let how = How::first(compilation.rules.clone(), states);
            puzzlec_io::disassembly::survey(runnable, &how, watch, &mut each)
        });
        let survey = (running.wait(py, None)?).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let dict = PyDict::new(py);
        dict.set_item("assemblies", survey.assemblies)?;
        dict.set_item("solutions", survey.solutions)?;
        dict.set_item("undecided", survey.undecided)?;
        let levels = PyDict::new(py);
        for (level, n) in &survey.levels {
            levels.set_item(&level.0, n)?;
        }
        dict.set_item("levels", levels)?;
        Ok(dict)
    }

    /// Each kind of piece, as it is first placed, as binary STL for a 3-D printer: a dict from
    /// each piece's name to its file's bytes (each a closed surface lying on the plate), each
    /// cell `size` millimetres a side, its surface moved in by half of `gap`. `ValueError` as
    /// `Solution.stl` raises it.
    #[pyo3(signature = (*, size = None, gap = None), text_signature = "($self, *, size=10.0, gap=0.0)")]
    fn pieces_stl<'py>(
        &self,
        py: Python<'py>,
        size: Option<&Bound<'py, PyAny>>,
        gap: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let print = args::print(size, gap, None)?;
        let pieces = stl::pieces(self.compiled().catalog(), print)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let out = PyDict::new(py);
        for (name, _, bytes) in pieces {
            out.set_item(name, PyBytes::new(py, &bytes))?;
        }
        Ok(out)
    }

    /// `solutions` (one, or any iterable of this puzzle's solutions) drawn as one SVG
    /// gallery, a picture each, as the `puzzlec` command's `--svg` draws them.
    fn svg(&self, solutions: &Bound<'_, PyAny>) -> PyResult<String> {
        let given: Vec<Bound<'_, Solution>> = match solutions.cast::<Solution>() {
            Ok(one) => vec![one.clone()],
            Err(_) => {
                let iter = solutions.try_iter().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "solutions must be a Solution or an iterable of them, not {}",
                        solutions
                            .get_type()
                            .name()
                            .map_or("?".into(), |n| n.to_string())
                    ))
                })?;
                let mut given = Vec::new();
                for (i, item) in iter.enumerate() {
                    let item = item?;
                    let solution = item.cast::<Solution>().map_err(|_| {
                        PyTypeError::new_err(format!(
                            "solutions[{i}] must be a Solution, not {}",
                            item.get_type().name().map_or("?".into(), |n| n.to_string())
                        ))
                    })?;
                    given.push(solution.clone());
                }
                given
            }
        };
        for (i, solution) in given.iter().enumerate() {
            let theirs = solution.get().compilation();
            if theirs.puzzle.info().fingerprint != self.compiled().info().fingerprint {
                return Err(PyValueError::new_err(format!(
                    "solutions[{i}] is a solution of {:?}, not of this puzzle, {:?}",
                    theirs.puzzle.info().name,
                    self.compiled().info().name
                )));
            }
        }
        let placed: Vec<&[u32]> = given.iter().map(|s| s.get().placed()).collect();
        solution::gallery(self.compiled(), &placed)
    }

    /// What a pickle keeps: the source, compiled again where it is unpickled (once in a
    /// process, however many times).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("puzzlec._puzzle")?.getattr("_restore")?;
        let source = &self.compilation.source;
        let args = (
            source.path.as_str(),
            source.text.as_str(),
            format_word(source.format),
            source.puzzle.as_deref(),
            source.problem.as_deref(),
        );
        (restore, args).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        let info = self.compiled().info();
        format!(
            "<puzzlec.Puzzle {:?}: {} aspects, {} embeddings>",
            info.name, info.aspects, info.embeddings
        )
    }
}

/// The puzzle a pickle made with `Puzzle.__reduce__` holds: compiled where this process has
/// not compiled it already.
#[pyfunction]
pub fn _restore(
    py: Python<'_>,
    path: String,
    text: String,
    format: &str,
    puzzle: Option<String>,
    problem: Option<String>,
) -> PyResult<Puzzle> {
    let source = Source {
        path,
        text,
        format: crate::read::format_named(format)?,
        puzzle,
        problem,
    };
    Ok(Puzzle::new(Compilation::restore(py, source)?))
}

/// The solutions of a search running on threads of its own, read as they come.
#[pyclass(module = "puzzlec", name = "SolutionIterator")]
pub struct SolutionIter {
    compilation: Arc<Compilation>,
    watch: Arc<Watch>,
    found: Mutex<Receiver<Vec<u32>>>,
    /// Set by `close`: the solutions found ahead are not read.
    closed: AtomicBool,
}

impl SolutionIter {
    fn start(compilation: Arc<Compilation>, all: bool, threads: usize) -> SolutionIter {
        let watch = Arc::new(Watch::new());
        let (send, found) = mpsc::sync_channel(AHEAD);
        let (theirs, searched) = (Arc::clone(&watch), Arc::clone(&compilation));
        // The thread ends with the search: at its end, or when the iterator is gone (a send
        // fails) or asked to stop.
        std::thread::spawn(move || {
            parallel::with_threads(threads, || {
                let runnable = searched.puzzle.runnable();
                let _ = runnable.solve_watched(all, &theirs, &mut |solution| {
                    // A send fails once the iterator is gone.
                    match send.send(solution.embeddings().to_vec()) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    }
                });
            });
        });
        SolutionIter {
            compilation,
            watch,
            found: Mutex::new(found),
            closed: AtomicBool::new(false),
        }
    }
}

#[pymethods]
impl SolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        loop {
            if self.closed.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let next = py.detach(|| {
                let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
                found.recv_timeout(POLL)
            });
            match next {
                Ok(placed) => {
                    let compilation = Arc::clone(&self.compilation);
                    return Ok(Some(Solution::new(compilation, placed)));
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = py.check_signals() {
                self.watch.stop();
                return Err(e);
            }
        }
    }

    /// Stops the search; the iterator then ends, the solutions found ahead unread.
    fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.watch.stop();
    }
}

impl Drop for SolutionIter {
    fn drop(&mut self) {
        self.watch.stop();
    }
}
