//! A compiled puzzle with the source it was compiled from: what a `Puzzle` and its `Solution`s
//! share, and what a pickle of them carries (the source, never the program). A process finds
//! a live compilation of the same source, and holds the last few it unpickled, so that the same
//! puzzle unpickled again (in each task a pool's worker is given) is compiled once a process.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

use puzzlec::compiler::Puzzle as CompilerPuzzle;
use puzzlec::disassembly::Rules;
use puzzlec::parallel::Unit;
use puzzlec::Solver;
use puzzlec_io::input::{self, Asking, Choice, Format, InputError, Loaded};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::error;
use crate::running::Running;

/// Unpickled compilations a process holds after their last `Puzzle` is gone, for the next
/// unpickling of the same puzzle: a pool's worker is handed the puzzle again with every task,
/// and a few cover a worker that alternates between puzzles, while memory stays bounded by
/// puzzles a program has used.
const KEPT: usize = 4;

/// The compiles this process has begun, and the cuts of searches into units it has made: what
/// the pickling's promise (each once a process, however many tasks) is tested by.
static COMPILES: AtomicUsize = AtomicUsize::new(0);
static CUTS: AtomicUsize = AtomicUsize::new(0);

/// The compiles begun and the searches cut into units in this process so far.
#[pyfunction]
pub fn _counters() -> (usize, usize) {
    (
        COMPILES.load(Ordering::Relaxed),
        CUTS.load(Ordering::Relaxed),
    )
}

/// What a puzzle was compiled from: enough to compile it again in another process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file it was read from, or `<string>`, for messages.
    pub path: String,
    /// The text (a BurrTools file's XML after decompression).
    pub text: String,
    pub format: Format,
    /// The puzzle or problem chosen of several, as asked.
    pub puzzle: Option<String>,
    pub problem: Option<String>,
}

impl Source {
    /// The source of `loaded`, read with `choice`.
    pub fn of(loaded: &Loaded, choice: &Choice) -> Source {
        Source {
            path: loaded.path.display().to_string(),
            text: loaded.text.clone(),
            format: loaded.format,
            puzzle: choice.puzzle.clone(),
            problem: choice.problem.clone(),
        }
    }

    fn choice(&self) -> Choice {
        Choice {
            puzzle: self.puzzle.clone(),
            problem: self.problem.clone(),
            asking: Asking::default(),
        }
    }

    /// The source read again, as it was the first time.
    fn read(&self) -> Result<Loaded, InputError> {
        let bytes = self.text.clone().into_bytes();
        input::read_bytes(Path::new(&self.path), bytes, self.format, &self.choice())
    }
}

/// A puzzle compiled for the run-time engine, with its source and the units its search was
/// last cut into.
pub struct Compilation {
    pub puzzle: CompilerPuzzle,
    pub source: Source,
    /// What its assemblies' disassembly follows ([`Loaded::disassembly`]).
    pub rules: Rules,
    /// The units of the last target asked for: `run_unit` of each unit of a count spread over
    /// processes asks for the same cut again and again.
    units: Mutex<Option<(usize, Arc<Vec<Unit>>)>>,
}

impl Compilation {
    /// Compiles `loaded` (read from `source`) on a pool of its own, the interpreter's lock
    /// released and Ctrl-C passed on.
    pub fn compile(py: Python<'_>, loaded: Loaded, source: Source) -> PyResult<Arc<Compilation>> {
        Compilation::make(py, loaded, source, false)
    }

    fn make(
        py: Python<'_>,
        loaded: Loaded,
        source: Source,
        hold: bool,
    ) -> PyResult<Arc<Compilation>> {
        let rules = loaded.disassembly.clone();
        COMPILES.fetch_add(1, Ordering::Relaxed);
        let running = Running::start(0, move |watch| loaded.compile_until(watch.flag()));
        // A compile comes back given up only where Ctrl-C stopped it, which raises first.
        let puzzle = match running.wait(py, None)? {
            Some(compiled) => compiled.map_err(|e| error::raise(py, &e))?,
            None => return Err(PyRuntimeError::new_err("the compile was stopped")),
        };
        let compilation = Arc::new(Compilation {
            puzzle,
            source,
            rules,
            units: Mutex::new(None),
        });
        keep(&compilation, hold);
        Ok(compilation)
    }

    /// The compilation of `source`: one this process kept, or a new one.
    pub fn restore(py: Python<'_>, source: Source) -> PyResult<Arc<Compilation>> {
        if let Some(kept) = kept(&source) {
            return Ok(kept);
        }
        let read = py.detach(|| source.read());
        let loaded = read.map_err(|e| error::raise(py, &e))?;
        Compilation::make(py, loaded, source, true)
    }

    /// The units of the search cut for at least `target` of them, cut once for each target
    /// asked for in turn.
    pub fn units(&self, target: usize) -> Arc<Vec<Unit>> {
        let mut last = self.units.lock().unwrap_or_else(|e| e.into_inner());
        match &*last {
            Some((cut_for, units)) if *cut_for == target => Arc::clone(units),
            _ => {
                CUTS.fetch_add(1, Ordering::Relaxed);
                let units = Arc::new(self.puzzle.units_for(target));
                *last = Some((target, Arc::clone(&units)));
                units
            }
        }
    }
}

/// The compilations of this process: every one alive, found by their source, and the last few
/// unpickled held past their use.
struct Keeping {
    alive: Vec<Weak<Compilation>>,
    held: VecDeque<Arc<Compilation>>,
}

static KEEPING: Mutex<Keeping> = Mutex::new(Keeping {
    alive: Vec::new(),
    held: VecDeque::new(),
});

fn keeping() -> std::sync::MutexGuard<'static, Keeping> {
    KEEPING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Notes a new compilation, held past its use where it was unpickled.
fn keep(compilation: &Arc<Compilation>, hold: bool) {
    let mut keeping = keeping();
    keeping.alive.retain(|k| k.strong_count() > 0);
    keeping.alive.push(Arc::downgrade(compilation));
    if hold {
        keeping.held.push_front(Arc::clone(compilation));
        keeping.held.truncate(KEPT);
    }
}

/// A compilation of `source` alive in this process.
fn kept(source: &Source) -> Option<Arc<Compilation>> {
    let keeping = keeping();
    let alive = keeping.alive.iter().filter_map(Weak::upgrade);
    alive.into_iter().find(|k| k.source == *source)
}
