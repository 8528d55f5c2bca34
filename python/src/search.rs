//! A compiled puzzle and its searches, run on threads of their own while the calling Python
//! thread waits with the interpreter's lock released: it wakes every [`POLL`] to pass on
//! Ctrl-C (which gives the search up where it is: the run-time engine looks at a stop flag as it
//! goes) and to report progress.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use puzzle::compiler::Puzzle as Compiled;
use puzzle::search::{Recorder, Stats};
use puzzle::{parallel, Run, Solver, Unit};
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
    compiled: Arc<Compiled>,
    text: String,
}

impl Puzzle {
    /// The puzzle compiled from `text`.
    pub fn new(compiled: Arc<Compiled>, text: String) -> Puzzle {
        Puzzle { compiled, text }
    }
}

/// What a search on other threads shares with the thread waiting for it.
#[derive(Default)]
struct Shared {
    /// Set to stop the search.
    stop: AtomicBool,
    /// Units finished, and in all (0 until the search is cut into units).
    done: AtomicUsize,
    units: AtomicUsize,
    /// Solutions counted so far.
    solutions: Mutex<u128>,
}

impl Shared {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn add(&self, found: u128) -> u128 {
        let mut total = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        *total = total.saturating_add(found);
        *total
    }

    fn progress(&self) -> (usize, usize, u128) {
        let solutions = *self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        (
            self.done.load(Ordering::Relaxed),
            self.units.load(Ordering::Relaxed),
            solutions,
        )
    }
}

/// Counts as [`Solver::count_parallel`] does (one per symmetry class), or, with `all`, every
/// solution as [`Solver::count_all`] does, giving the search up once `shared` says stop:
/// `None` then.
fn count(compiled: &Compiled, all: bool, shared: &Shared) -> Option<u128> {
    let (info, stop) = (compiled.info(), &shared.stop);
    if all && info.symmetry.group_order > 1 {
        let orbits = compiled.orbits();
        let flow = solve_until(compiled, stop, |placed| {
            if shared.stopped() {
                return ControlFlow::Break(());
            }
            shared.add(u128::from(orbits.size(placed)));
            ControlFlow::Continue(())
        });
        return flow.is_continue().then(|| shared.progress().2);
    }
    if info.estimate < parallel::SERIAL_BELOW {
        // Too small to share out.
        let mut counter = compiled.counter();
        let flow = compiled
            .runnable()
            .run_until(Run::Count(&mut counter), stop);
        return flow.is_continue().then(|| shared.add(counter.solutions()));
    }
    let units = compiled.units();
    shared.units.store(units.len(), Ordering::Relaxed);
    let total = parallel::count_units(&units, compiled.counter(), |unit, counter| {
        if shared.stopped() {
            return;
        }
        let before = counter.solutions();
        let _ = (compiled.runnable())
            .run_unit_until(unit, Run::Count(counter), stop)
            .expect("a solver's own units are its own");
        shared.add(counter.solutions() - before);
        shared.done.fetch_add(1, Ordering::Relaxed);
    });
    (!shared.stopped()).then_some(total)
}

/// Shows every solution (one per symmetry class) to `visitor`, in the order the serial search
/// finds them, as [`Solver::solve_parallel`] does, the units given up once `stop` is set.
/// A unit given up shows only part of its solutions: `visitor` looks at `stop` first.
fn solve_until(
    compiled: &Compiled,
    stop: &AtomicBool,
    visitor: impl FnMut(&[u32]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let run = |unit: &Unit, solutions: &mut Vec<Vec<u32>>| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let mut keep = |s: &puzzle::Solution<'_>| {
            solutions.push(s.embeddings().to_vec());
            ControlFlow::Continue(())
        };
        let mut recorder = Recorder::new().visit(compiled.catalog(), &mut keep);
        let _ = (compiled.runnable())
            .run_unit_until(unit, Run::Record(&mut recorder), stop)
            .expect("a solver's own units are its own");
    };
    parallel::visit_units(&compiled.units(), run, visitor)
}

/// The first `n` solutions of the serial search, or `None` once `stop` is set.
fn first_until(compiled: &Compiled, n: usize, stop: &AtomicBool) -> Option<Vec<Vec<u32>>> {
    let mut found = Vec::with_capacity(n.min(1 << 16));
    if n > 0 {
        let mut keep = |s: &puzzle::Solution<'_>| {
            found.push(s.embeddings().to_vec());
            match found.len() < n {
                true => ControlFlow::Continue(()),
                false => ControlFlow::Break(()),
            }
        };
        let mut recorder = Recorder::new().visit(compiled.catalog(), &mut keep);
        let _ = (compiled.runnable()).run_until(Run::Record(&mut recorder), stop);
    }
    (!stop.load(Ordering::Relaxed)).then_some(found)
}

/// The statistics of the whole search as [`Solver::stats_parallel`] gathers them, or `None`
/// once `stop` is set.
fn stats_until(compiled: &Compiled, stop: &AtomicBool) -> Option<Stats> {
    let (units, mut stats) = compiled.units_and_stats();
    let below = parallel::map_units(&units, |unit| {
        let mut recorder = Recorder::new().with_depths();
        if stop.load(Ordering::Relaxed) {
            return recorder.stats();
        }
        let _ = (compiled.runnable())
            .run_unit_until(unit, Run::Record(&mut recorder), stop)
            .expect("a solver's own units are its own");
        recorder.stats()
    });
    for (unit, below) in units.iter().zip(&below) {
        stats.add_unit(unit, below);
    }
    (!stop.load(Ordering::Relaxed)).then_some(stats)
}

/// A search running on a thread of its own, with what it shares.
struct Running<T> {
    shared: Arc<Shared>,
    /// In a lock only so that the waiting thread may lend it to the closure it runs unlocked.
    result: Mutex<Receiver<T>>,
    thread: JoinHandle<()>,
}

impl<T: Send + 'static> Running<T> {
    /// Starts `search` on a thread of its own, on a pool of `threads` threads (0: one a core).
    fn start(threads: usize, search: impl FnOnce(&Shared) -> T + Send + 'static) -> Running<T> {
        let shared = Arc::new(Shared::default());
        let (send, result) = mpsc::channel();
        let theirs = Arc::clone(&shared);
        let thread = std::thread::spawn(move || {
            let found = parallel::with_threads(threads, || search(&theirs));
            let _ = send.send(found);
        });
        Running {
            shared,
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
                        progress.call1(self.shared.progress())?;
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
            let now = self.shared.progress();
            let told = match progress {
                Some(progress) if reported != Some(now) => {
                    reported = Some(now);
                    progress.call1(now).map(drop)
                }
                _ => Ok(()),
            };
            if let Err(e) = told.and_then(|()| py.check_signals()) {
                self.shared.stop.store(true, Ordering::Relaxed);
                let thread = self.thread;
                py.detach(move || thread.join().ok());
                return Err(e);
            }
        }
    }
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
        let running = Running::start(threads, move |shared| count(&compiled, all, shared));
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
        let running = Running::start(1, move |shared| first_until(&compiled, n, &shared.stop));
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
        let running = Running::start(threads, move |shared| stats_until(&compiled, &shared.stop));
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
            let weights = puzzle_cli::progress::weights(&*compiled, &units);
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
        let running = Running::start(1, move |shared| {
            let units = compiled.units_for(target);
            let Some(unit) = units.get(id) else {
                return Err(units.len());
            };
            let mut counter = compiled.counter();
            let flow = (compiled.runnable())
                .run_unit_until(unit, Run::Count(&mut counter), &shared.stop)
                .expect("a solver's own units are its own");
            Ok(flow.is_continue().then(|| counter.solutions()))
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
    compiled: Arc<Compiled>,
    shared: Arc<Shared>,
    found: Mutex<Receiver<Vec<u32>>>,
}

impl SolutionIter {
    fn start(compiled: Arc<Compiled>, all: bool, threads: usize) -> SolutionIter {
        let shared = Arc::new(Shared::default());
        let (send, found) = mpsc::sync_channel(AHEAD);
        let (theirs, solver) = (Arc::clone(&shared), Arc::clone(&compiled));
        // The thread ends with the search: at its end, or when the iterator is gone (a send
        // fails) or asked to stop.
        std::thread::spawn(move || {
            parallel::with_threads(threads, || {
                let orbits = solver.orbits();
                let _ = solve_until(&solver, &theirs.stop, |placed| {
                    if theirs.stopped() {
                        return ControlFlow::Break(());
                    }
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
            shared,
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
                self.shared.stop.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
    }

    /// Stops the search; the iterator then ends.
    fn close(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for SolutionIter {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }
}
