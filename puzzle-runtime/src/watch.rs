//! A search a person may watch and stop: its stop flag, which every engine looks at as it
//! goes, and its progress (units done, solutions so far, the share of the estimated work
//! done), read from another thread while the search runs. Every front end runs its searches
//! through the [`Solver`]'s watched methods with one ([`Solver::count_watched`],
//! [`Solver::solve_watched`], [`Solver::stats_watched`]), and the plain ones run with a watch
//! nobody reads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use crate::search::Recorder;
use crate::solver::{Run, Solver};
use crate::tuning::UNIT_PROBES;
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
    /// [`weights`]), so that [`Seen::fraction`] is the share of the work done rather than of
    /// the units: the early units are often the largest, and counting units would promise too
    /// much too soon. The estimate costs a few descents per unit: for progress a person reads.
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

    /// The search is cut into `units` of `solver`: told to the watch, each weighed where it
    /// asks.
    pub(crate) fn cut(&self, solver: &dyn Solver, units: &[Unit]) {
        if self.weigh {
            let weights = weights(solver, units);
            let mut by_id = vec![0; units.iter().map(|u| u.id + 1).max().unwrap_or(0)];
            for (unit, &w) in units.iter().zip(&weights) {
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

/// The estimated size of each unit's search (its placements), by Knuth's method: descend from
/// the unit to a leaf along random choices, and take the sum over the levels of the product of
/// the choices seen; its mean over a few descents is an unbiased estimate. Each descent asks
/// the solver for the children of a state by running that state as a unit cut one placement
/// deeper, so it works on any engine. Each unit's descents are seeded by its id: the same
/// estimates on every machine. On the current thread pool.
pub fn weights(solver: &dyn Solver, units: &[Unit]) -> Vec<f64> {
    units
        .par_iter()
        .map(|unit| estimate(solver, unit))
        .collect()
}

/// Knuth's estimate of one unit's search.
fn estimate(solver: &dyn Solver, unit: &Unit) -> f64 {
    let info = solver.info();
    let mut random = SplitMix(unit.id as u64);
    let mut sum = 0.0;
    for _ in 0..UNIT_PROBES {
        let mut node = unit.clone();
        let (mut width, mut size) = (1.0, 1.0);
        while node.next != info.procedures {
            let mut recorder = Recorder::new().cut(node.placed.len() + 1, info);
            let _ = solver
                .run_unit(&node, Run::Record(&mut recorder))
                .expect("a solver's own units are its own");
            let mut children = recorder.into_units();
            if children.is_empty() {
                break;
            }
            width *= children.len() as f64;
            size += width;
            node = children.swap_remove(random.below(children.len()));
        }
        sum += size;
    }
    sum / UNIT_PROBES as f64
}

/// Steele, Lea and Flood's SplitMix64: the few random choices of the estimate need no more,
/// and every program that runs a solver links this crate.
struct SplitMix(u64);

impl SplitMix {
    /// A number below `n` (which is not 0), as near uniform as the estimate needs.
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix;

    #[test]
    fn the_random_choices_cover_every_child_evenly() {
        let mut random = SplitMix(7);
        let mut seen = [0u32; 5];
        for _ in 0..50_000 {
            seen[random.below(5)] += 1;
        }
        assert!(
            seen.iter().all(|&n| (9_000..11_000).contains(&n)),
            "{seen:?}"
        );
        // The same seed, the same choices.
        let (mut a, mut b) = (SplitMix(3), SplitMix(3));
        assert!((0..100).all(|_| a.below(1000) == b.below(1000)));
    }
}
