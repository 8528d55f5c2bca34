//! Searches on the run-time engine that a person may stop mid-way and watch as they go: what
//! Python's `puzzle` package and `puzzle serve`'s page run. Each takes a [`Watch`], which holds
//! the stop flag the engine looks at as it walks ([`Runnable::run_unit_until`]) and the
//! progress the units report; a search stopped answers `None` (or `Break`), never a part of
//! its answer as if it were the whole.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use puzzle::compiler::Runnable;
use puzzle::search::{Recorder, Stats};
use puzzle::{parallel, Run, Solution, Solver, Unit};

/// A search's stop flag and its progress, shared by the threads that search and the one that
/// waits for them.
#[derive(Debug)]
pub struct Watch {
    stop: AtomicBool,
    /// Units finished, and in all (0 until the search is cut into units).
    done: AtomicUsize,
    units: AtomicUsize,
    /// The weight of each unit by id, in thousandths of its estimated placements, and the
    /// weight of the units finished: the share of the work done ([`crate::progress::weights`]).
    weights: Mutex<Vec<u64>>,
    weight_done: AtomicU64,
    /// Solutions counted so far.
    solutions: Mutex<u128>,
    start: Instant,
}

/// How far a watched search has got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seen {
    /// Units finished.
    pub done: usize,
    /// Units in all, 0 where the search is not cut into units.
    pub units: usize,
    /// Solutions found so far.
    pub solutions: u128,
    /// The share of the estimated work done, from 0 to 1, where the units' sizes were
    /// estimated; else the share of the units done.
    pub fraction: f64,
    /// Seconds since the watch began.
    pub seconds: f64,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch::new()
    }
}

impl Watch {
    /// A watch of a search starting now.
    pub fn new() -> Watch {
        Watch {
            stop: AtomicBool::new(false),
            done: AtomicUsize::new(0),
            units: AtomicUsize::new(0),
            weights: Mutex::new(Vec::new()),
            weight_done: AtomicU64::new(0),
            solutions: Mutex::new(0),
            start: Instant::now(),
        }
    }

    /// Asks the search to stop where it is.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The flag the engine looks at.
    pub fn flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// How far the search has got.
    pub fn seen(&self) -> Seen {
        let solutions = *self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        let (done, units) = (
            self.done.load(Ordering::Relaxed),
            self.units.load(Ordering::Relaxed),
        );
        let total: u64 = self.weights.lock().map_or(0, |w| w.iter().sum());
        let fraction = match (total, units) {
            (0, 0) => 0.0,
            (0, _) => done as f64 / units as f64,
            _ => self.weight_done.load(Ordering::Relaxed) as f64 / total as f64,
        };
        Seen {
            done,
            units,
            solutions,
            fraction: fraction.min(1.0),
            seconds: self.start.elapsed().as_secs_f64(),
        }
    }

    /// The search is cut into `units`, whose estimated sizes are `weights` (empty: not
    /// estimated, progress counts units).
    pub fn units(&self, units: &[Unit], weights: &[f64]) {
        let mut by_id = vec![0; units.iter().map(|u| u.id + 1).max().unwrap_or(0)];
        for (unit, &w) in units.iter().zip(weights) {
            by_id[unit.id] = (w * 1000.0).round() as u64;
        }
        *self.weights.lock().unwrap_or_else(|e| e.into_inner()) = by_id;
        self.units.store(units.len(), Ordering::Relaxed);
    }

    /// Adds solutions found; the total so far.
    fn add(&self, found: u128) -> u128 {
        let mut total = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        *total = total.saturating_add(found);
        *total
    }

    /// Unit `unit` finished.
    fn unit_done(&self, unit: &Unit) {
        let weights = self.weights.lock().unwrap_or_else(|e| e.into_inner());
        let weight = weights.get(unit.id).copied().unwrap_or(0);
        self.weight_done.fetch_add(weight, Ordering::Relaxed);
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

/// Counts as [`Solver::count_parallel`] does (one per symmetry class), or, with `all`, every
/// solution as [`Solver::count_all`] does, on the current thread pool; `None` once `watch` is
/// stopped. With `weigh`, the units' sizes are estimated first, so that [`Watch::seen`] gives
/// the share of the work done.
pub fn count(runnable: &Runnable, all: bool, weigh: bool, watch: &Watch) -> Option<u128> {
    let info = runnable.info();
    if all && info.symmetry.group_order > 1 {
        let orbits = runnable.orbits();
        let flow = solve(runnable, weigh, watch, |placed| {
            watch.add(u128::from(orbits.size(placed)));
            ControlFlow::Continue(())
        });
        return flow.is_continue().then(|| watch.seen().solutions);
    }
    if info.estimate < parallel::SERIAL_BELOW {
        // Too small to share out.
        let mut counter = runnable.counter();
        let flow = runnable.run_until(Run::Count(&mut counter), watch.flag());
        return flow.is_continue().then(|| watch.add(counter.solutions()));
    }
    let units = cut(runnable, weigh, watch);
    let total = parallel::count_units(&units, runnable.counter(), |unit, counter| {
        if watch.stopped() {
            return;
        }
        let before = counter.solutions();
        let flow = runnable
            .run_unit_until(unit, Run::Count(counter), watch.flag())
            .expect("a solver's own units are its own");
        if flow.is_continue() {
            watch.add(counter.solutions() - before);
            watch.unit_done(unit);
        }
    });
    (!watch.stopped()).then_some(total)
}

/// The search's units, told to `watch`, estimated where `weigh` asks.
fn cut(runnable: &Runnable, weigh: bool, watch: &Watch) -> Vec<Unit> {
    let units = runnable.units();
    let weights = match weigh {
        true => crate::progress::weights(runnable, &units),
        false => Vec::new(),
    };
    watch.units(&units, &weights);
    units
}

/// Shows every solution (one per symmetry class; each its embeddings in placement order) to
/// `visitor`, in the order the serial search finds them, as [`Solver::solve_parallel`] does,
/// on the current thread pool. `Break` from the visitor, or `watch` stopped, ends the search
/// with `Break`; the visitor sees no solution after a stop.
pub fn solve(
    runnable: &Runnable,
    weigh: bool,
    watch: &Watch,
    visitor: impl FnMut(&[u32]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let units = cut(runnable, weigh, watch);
    let run = |unit: &Unit, emit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>| {
        let mut show = |s: &Solution<'_>| emit(s.embeddings());
        let mut recorder = Recorder::new().visit(runnable.catalog(), &mut show);
        let flow = runnable
            .run_unit_until(unit, Run::Record(&mut recorder), watch.flag())
            .expect("a solver's own units are its own");
        if flow.is_continue() {
            watch.unit_done(unit);
        }
    };
    // The listing sets the watch's flag where it ends early, which stops every unit's search.
    parallel::visit_units(&units, watch.flag(), run, visitor)
}

/// The first `n` solutions of the serial search, on this thread; `None` once `watch` is
/// stopped.
pub fn first(runnable: &Runnable, n: usize, watch: &Watch) -> Option<Vec<Vec<u32>>> {
    let mut found = Vec::with_capacity(n.min(1 << 16));
    if n > 0 {
        let mut keep = |s: &Solution<'_>| {
            found.push(s.embeddings().to_vec());
            match found.len() < n {
                true => ControlFlow::Continue(()),
                false => ControlFlow::Break(()),
            }
        };
        let mut recorder = Recorder::new().visit(runnable.catalog(), &mut keep);
        let _ = runnable.run_until(Run::Record(&mut recorder), watch.flag());
    }
    (!watch.stopped()).then_some(found)
}

/// The statistics of the whole search as [`Solver::stats_parallel`] gathers them, on the
/// current thread pool; `None` once `watch` is stopped.
pub fn stats(runnable: &Runnable, watch: &Watch) -> Option<Stats> {
    let (units, mut stats) = runnable.units_and_stats();
    watch.units(&units, &[]);
    let below = parallel::map_units(&units, |unit| {
        let mut recorder = Recorder::new().with_depths();
        if watch.stopped() {
            return recorder.stats();
        }
        let _ = runnable
            .run_unit_until(unit, Run::Record(&mut recorder), watch.flag())
            .expect("a solver's own units are its own");
        watch.add(u128::from(recorder.solutions));
        watch.unit_done(unit);
        recorder.stats()
    });
    for (unit, below) in units.iter().zip(&below) {
        stats.add_unit(unit, below);
    }
    (!watch.stopped()).then_some(stats)
}

/// The number of solutions of work unit `id` of [`Solver::units_for`]`(target)`, on this
/// thread: `Err` with the number of units where there is no unit `id`, `Ok(None)` once `watch`
/// is stopped.
pub fn run_unit(
    runnable: &Runnable,
    id: usize,
    target: usize,
    watch: &Watch,
) -> Result<Option<u128>, usize> {
    let units = runnable.units_for(target);
    let unit = units.get(id).ok_or(units.len())?;
    let mut counter = runnable.counter();
    let flow = runnable
        .run_unit_until(unit, Run::Count(&mut counter), watch.flag())
        .expect("a solver's own units are its own");
    Ok(flow.is_continue().then(|| counter.solutions()))
}
