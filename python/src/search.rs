//! A compiled puzzle and its searches, run on threads of their own while the calling Python
//! thread waits with the interpreter's lock released: it wakes every [`POLL`] to pass on
//! Ctrl-C (which gives the search up where it is: the run-time engine looks at a stop flag as it
//! goes) and to report progress.

use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use puzzle::compiler::Puzzle as CompilerPuzzle;
use puzzle::Watch;
use puzzle::{parallel, Solver};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use crate::solution::Solution;

/// How often a waiting call looks for Ctrl-C and reports progress: often enough that a person
/// sees the search stop at once, rarely enough to cost nothing.
const POLL: Duration = Duration::from_millis(50);

/// Solutions a listing's search may find ahead of the Python code reading them.
const AHEAD: usize = 1024;

/// A puzzle compiled for the run-time engine: count its solutions, list them, draw them, or
/// share its search out as work units.
#[pyclass(frozen, module = "puzzle", name = "Puzzle")]
pub struct Puzzle {
    compiled: Arc<CompilerPuzzle>,
    text: String,
}

impl Puzzle {
    /// The puzzle compiled from `text`.
    pub fn new(compiled: Arc<CompilerPuzzle>, text: String) -> Puzzle {
        Puzzle { compiled, text }
    }
}

/// A search running on a thread of its own, with what it shares.
struct Running<T> {
    watch: Arc<Watch>,
    /// In a lock only so that the waiting thread may lend it to the closure it runs unlocked.
    result: Mutex<Receiver<T>>,
    thread: JoinHandle<()>,
}

impl<T: Send + 'static> Running<T> {
    /// Starts `search` on a thread of its own, on a pool of `threads` threads (0: one a core).
    fn start(threads: usize, search: impl FnOnce(&Watch) -> T + Send + 'static) -> Running<T> {
        let watch = Arc::new(Watch::new());
        let (send, result) = mpsc::channel();
        let theirs = Arc::clone(&watch);
        let thread = std::thread::spawn(move || {
            let found = parallel::with_threads(threads, || search(&theirs));
            let _ = send.send(found);
        });
        Running {
            watch,
            result: Mutex::new(result),
            thread,
        }
    }

    /// Waits for the result, the lock released, passing on Ctrl-C (the search then stops and
    /// `KeyboardInterrupt` is raised once its threads are done) and calling `progress` with
    /// each new `(done, units, solutions)`.
    fn wait(self, py: Python<'_>, progress: Option<&Bound<'_, PyAny>>) -> PyResult<T> {
        let mut reported = None;
        loop {
            let got = py.detach(|| {
                let result = self.result.lock().unwrap_or_else(|e| e.into_inner());
                result.recv_timeout(POLL)
            });
            match got {
                Ok(found) => {
                    let _ = self.thread.join();
                    if let Some(progress) = progress {
                        progress.call1(seen(&self.watch))?;
                    }
                    return Ok(found);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let why = match self.thread.join() {
                        Err(panic) => panic_message(&panic),
                        Ok(()) => "it ended without a result".to_owned(),
                    };
                    return Err(PyRuntimeError::new_err(format!(
                        "the search failed: {why} (a bug: please report it with the puzzle)"
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            let now = seen(&self.watch);
            let told = match progress {
                Some(progress) if reported != Some(now) => {
                    reported = Some(now);
                    progress.call1(now).map(drop)
                }
                _ => Ok(()),
            };
            if let Err(e) = told.and_then(|()| py.check_signals()) {
                self.watch.stop();
                let thread = self.thread;
                py.detach(move || thread.join().ok());
                return Err(e);
            }
        }
    }
}

/// What a progress callback is called with: `(done, units, solutions)`.
fn seen(watch: &Watch) -> (usize, usize, u128) {
    let seen = watch.seen();
    (seen.done, seen.units, seen.solutions)
}

/// The error of a search given up, which only Ctrl-C does, and that raises first.
fn stopped() -> PyErr {
    PyRuntimeError::new_err("the search was stopped")
}

/// What a panic said.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(s), _) => (*s).to_owned(),
        (_, Some(s)) => s.clone(),
        _ => "a panic".to_owned(),
    }
}

#[pymethods]
impl Puzzle {
    /// The puzzle's name.
    #[getter]
    fn name(&self) -> String {
        self.compiled.info().name.to_string()
    }

    /// The text the puzzle was read from (a BurrTools file's XML after decompression).
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// What the compiler made of the puzzle, as a dict: `name`, `fingerprint`, `aspects`,
    /// `embeddings`, `order`, `estimate` (Knuth's estimate of the search's placements),
    /// `symmetry` (`group_order` and `mirror_twins`), `plan` (each decision, and why), and
    /// more; the `puzzle` command's `--stats` shows the same.
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(self.compiled.info())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        py.import("json")?.call_method1("loads", (text,))
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
        all: bool,
        threads: usize,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u128> {
        // `progress=True`: the package's bar (tqdm's where it is installed).
        let bar = match progress {
            Some(p) if p.is_instance_of::<PyBool>() => match p.is_truthy()? {
                true => Some(py.import("puzzle._progress")?.getattr("Bar")?.call0()?),
                false => None,
            },
            _ => None,
        };
        let progress = match (&bar, progress) {
            (Some(bar), _) => Some(bar),
            (None, Some(p)) if p.is_instance_of::<PyBool>() => None,
            (None, p) => p,
        };
        let compiled = Arc::clone(&self.compiled);
        let running = Running::start(threads, move |watch| {
            compiled.runnable().count_watched(all, watch)
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
    /// found). Dropping the iterator stops the search.
    #[pyo3(signature = (*, all = false, threads = 0))]
    fn solutions(&self, all: bool, threads: usize) -> SolutionIter {
        SolutionIter::start(Arc::clone(&self.compiled), all, threads)
    }

    /// The first `n` solutions the search finds, in that order (fewer where it has fewer).
    /// Ctrl-C stops the search and raises `KeyboardInterrupt`.
    fn first(&self, py: Python<'_>, n: usize) -> PyResult<Vec<Solution>> {
        let compiled = Arc::clone(&self.compiled);
        let running = Running::start(1, move |watch| {
            (compiled.runnable().first_watched(n, watch)).map(|found| found.into_embeddings())
        });
        let placed = running.wait(py, None)?.ok_or_else(stopped)?;
        Ok((placed.into_iter())
            .map(|p| Solution::new(Arc::clone(&self.compiled), p))
            .collect())
    }

    /// The shape of the whole search tree, searched on `threads` threads (0: one a core): a
    /// dict of `placements` (all of them), `by_depth` (placements with 0, 1, ... pieces
    /// placed before), `pruned` (placements the pruning refused) and `solutions`.
    #[pyo3(signature = (*, threads = 0))]
    fn stats<'py>(&self, py: Python<'py>, threads: usize) -> PyResult<Bound<'py, PyDict>> {
        let compiled = Arc::clone(&self.compiled);
        let running = Running::start(threads, move |watch| {
            compiled.runnable().stats_watched(watch)
        });
        let stats = running.wait(py, None)?.ok_or_else(stopped)?;
        let dict = PyDict::new(py);
        dict.set_item("placements", stats.total_placements())?;
        dict.set_item("by_depth", stats.placements.clone())?;
        dict.set_item("pruned", stats.pruned)?;
        dict.set_item("solutions", stats.solutions)?;
        Ok(dict)
    }

    /// The search cut into work units, as the `puzzle units` command lists them: a dict for
    /// each, `id`, `depth`, `estimate` (of the placements of its search) and `fingerprint`.
    /// The ids are the same on every machine; `run_unit(id)` counts one, so that a count can
    /// be spread over processes or machines and summed.
    #[pyo3(signature = (*, target = parallel::TARGET_UNITS))]
    fn units<'py>(&self, py: Python<'py>, target: usize) -> PyResult<Vec<Bound<'py, PyDict>>> {
        if target == 0 {
            return Err(PyValueError::new_err("a target of 0 units: give 1 or more"));
        }
        let compiled = Arc::clone(&self.compiled);
        let (units, weights) = py.detach(move || {
            let units = compiled.units_for(target);
            let weights = compiled.unit_weights(&units);
            (units, weights)
        });
        let fingerprint = format!("{:016x}", self.compiled.info().fingerprint);
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
    /// `KeyboardInterrupt`.
    #[pyo3(signature = (id, *, target = parallel::TARGET_UNITS))]
    fn run_unit(&self, py: Python<'_>, id: usize, target: usize) -> PyResult<u128> {
        if target == 0 {
            return Err(PyValueError::new_err("a target of 0 units: give 1 or more"));
        }
        let compiled = Arc::clone(&self.compiled);
        let running = Running::start(1, move |watch| {
            let runnable = compiled.runnable();
            let units = runnable.units_for(target);
            let unit = units.get(id).ok_or(units.len())?;
            let mut counter = runnable.counter();
            let flow = (runnable.count_unit_until(unit, &mut counter, watch.flag()))
                .expect("a solver's own units are its own");
            Ok::<_, usize>(flow.is_continue().then(|| counter.solutions()))
        });
        match running.wait(py, None)? {
            Ok(counted) => counted.ok_or_else(stopped),
            Err(units) => Err(PyIndexError::new_err(format!(
                "no work unit {id}: the puzzle's search has {units} units"
            ))),
        }
    }

    /// `solutions` drawn as one SVG gallery, a picture each, as the `puzzle` command's
    /// `--svg` draws them.
    fn svg(&self, solutions: Vec<PyRef<'_, Solution>>) -> PyResult<String> {
        let placed: Vec<&[u32]> = solutions.iter().map(|s| s.placed()).collect();
        crate::solution::gallery(&self.compiled, &placed)
    }

    fn __repr__(&self) -> String {
        let info = self.compiled.info();
        format!(
            "<puzzle.Puzzle {:?}: {} aspects, {} embeddings>",
            info.name, info.aspects, info.embeddings
        )
    }
}

/// The solutions of a search running on threads of its own, read as they come.
#[pyclass(module = "puzzle", name = "SolutionIterator")]
pub struct SolutionIter {
    compiled: Arc<CompilerPuzzle>,
    watch: Arc<Watch>,
    found: Mutex<Receiver<Vec<u32>>>,
}

impl SolutionIter {
    fn start(compiled: Arc<CompilerPuzzle>, all: bool, threads: usize) -> SolutionIter {
        let watch = Arc::new(Watch::new());
        let (send, found) = mpsc::sync_channel(AHEAD);
        let (theirs, solver) = (Arc::clone(&watch), Arc::clone(&compiled));
        // The thread ends with the search: at its end, or when the iterator is gone (a send
        // fails) or asked to stop.
        std::thread::spawn(move || {
            parallel::with_threads(threads, || {
                let orbits = solver.orbits();
                let runnable = solver.runnable();
                let _ = runnable.solve_watched(&theirs, &mut |solution| {
                    let placed = solution.embeddings();
                    let mut class = vec![placed.to_vec()];
                    // The others of its class, as `Solver::solve_all` lists them.
                    if all {
                        class.extend(orbits.members(placed).into_iter().skip(1));
                    }
                    // A send fails once the iterator is gone.
                    match class.into_iter().try_for_each(|m| send.send(m)) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    }
                });
            });
        });
        SolutionIter {
            compiled,
            watch,
            found: Mutex::new(found),
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
            let next = py.detach(|| {
                let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
                found.recv_timeout(POLL)
            });
            match next {
                Ok(placed) => return Ok(Some(Solution::new(Arc::clone(&self.compiled), placed))),
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = py.check_signals() {
                self.watch.stop();
                return Err(e);
            }
        }
    }

    /// Stops the search; the iterator then ends.
    fn close(&self) {
        self.watch.stop();
    }
}

impl Drop for SolutionIter {
    fn drop(&mut self) {
        self.watch.stop();
    }
}
