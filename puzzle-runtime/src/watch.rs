//! A search a person may watch and stop: its stop flag, which every engine looks at as it
//! goes, and its progress (units done, solutions so far, the share of the estimated work
//! done), read from another thread while the search runs. Every front end runs its searches
//! through the `Solver`'s watched methods with one (`count_watched`, `solve_watched`,
//! `stats_watched`), and the plain ones run with a watch nobody reads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::unit::Unit;

/// A search's stop flag and its progress, shared by the threads that search and the ones that
/// wait for them or show how far it has got.
#[derive(Debug)]
pub struct Watch {
    stop: AtomicBool,
    /// Whether the units' sizes are estimated when the search is cut, for [`Seen::fraction`].
    weigh: bool,
    /// Units finished, and in all (0 until the search is cut into units).
    done: AtomicUsize,
    units: AtomicUsize,
    /// The weight of each unit by id, in thousandths of its estimated placements, and the
    /// weight of the units finished: the share of the work done ([`weights`]).
    weights: Mutex<Vec<u64>>,
    weight_done: AtomicU64,
    /// Solutions found so far (no atomic holds a `u128`; a unit's end is rare enough for a
    /// lock).
    solutions: Mutex<u128>,
    start: Instant,
}

/// How far a watched search has got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seen {
    /// Units finished.
    pub done: usize,
    /// Units in all, 0 where the search is not cut into units (a small one runs whole).
    pub units: usize,
    /// Solutions found so far: counted in the units finished, or shown.
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
    /// A watch of a search starting now, its progress counted in units.
    pub fn new() -> Watch {
        Watch {
            stop: AtomicBool::new(false),
            weigh: false,
            done: AtomicUsize::new(0),
            units: AtomicUsize::new(0),
            weights: Mutex::new(Vec::new()),
            weight_done: AtomicU64::new(0),
            solutions: Mutex::new(0),
            start: Instant::now(),
        }
    }

    /// A watch whose search estimates each unit's size before it starts (Knuth's estimate,
    /// `Solver::unit_weights`), so that [`Seen::fraction`] is the share of the work done rather
    /// than of the units: the early units are often the largest, and counting units would
    /// promise too much too soon. The estimate costs a few descents per unit: for progress a
    /// person reads.
    pub fn weighed() -> Watch {
        Watch {
            weigh: true,
            ..Watch::new()
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

    /// The flag the engines look at.
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

    /// Whether the search is to weigh its units ([`Watch::weighed`]).
    pub fn weighs(&self) -> bool {
        self.weigh
    }

    /// The search is cut into `units`, whose estimated sizes are `weights` where it weighed
    /// them.
    pub(crate) fn cut(&self, units: &[Unit], weights: Option<&[f64]>) {
        if let Some(weights) = weights {
            let mut by_id = vec![0; units.iter().map(|u| u.id + 1).max().unwrap_or(0)];
            for (unit, &w) in units.iter().zip(weights) {
                by_id[unit.id] = (w * 1000.0).round() as u64;
            }
            *self.weights.lock().unwrap_or_else(|e| e.into_inner()) = by_id;
        }
        self.units.store(units.len(), Ordering::Relaxed);
    }

    /// Adds solutions found; the total so far.
    pub(crate) fn add(&self, found: u128) -> u128 {
        let mut total = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        *total = total.saturating_add(found);
        *total
    }

    /// Unit `unit` finished.
    pub(crate) fn unit_done(&self, unit: &Unit) {
        let weights = self.weights.lock().unwrap_or_else(|e| e.into_inner());
        let weight = weights.get(unit.id).copied().unwrap_or(0);
        self.weight_done.fetch_add(weight, Ordering::Relaxed);
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}
