//! A search a person may watch and stop: its stop flag, which every engine looks at as it
//! goes, and its progress (units done, solutions so far, the share of the estimated work
//! done), read from another thread while the search runs. Every front end runs its searches
//! through the `Solver`'s watched methods with one (`count_watched`, `solve_watched`,
//! `stats_watched`), and the plain ones run with a watch nobody reads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::unit::Unit;

/// The whole of a search's estimated work, in the parts in which a unit's share is kept: fine
/// enough for any number of units a search is cut into, and summed far from `u64::MAX`.
const WHOLE: u64 = 1 << 40;

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
    /// The share of the estimated work of each unit by id, in parts of [`WHOLE`], and the
    /// share of the units finished.
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
    /// them. Each unit keeps its share of the whole in parts of [`WHOLE`]: an estimate may be
    /// anything up to `f64::MAX` (a box of dominoes has more than 10^100 placements to go), so
    /// the shares are taken relative to the largest, and a sum of them cannot overflow.
    pub(crate) fn cut(&self, units: &[Unit], weights: Option<&[f64]>) {
        if let Some(weights) = weights {
            // NaN and negative estimates weigh nothing, an infinite one as much as any can.
            let weights: Vec<f64> = (weights.iter())
                .map(|&w| if w > 0.0 { w.min(f64::MAX) } else { 0.0 })
                .collect();
            let largest = weights.iter().copied().fold(0.0, f64::max);
            if largest > 0.0 {
                let relative: f64 = weights.iter().map(|w| w / largest).sum();
                let mut by_id = vec![0; units.iter().map(|u| u.id + 1).max().unwrap_or(0)];
                for (unit, w) in units.iter().zip(&weights) {
                    by_id[unit.id] = (w / largest / relative * WHOLE as f64).round() as u64;
                }
                *self.weights.lock().unwrap_or_else(|e| e.into_inner()) = by_id;
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn units(n: usize) -> Vec<Unit> {
        (0..n)
            .map(|id| Unit {
                fingerprint: 1,
                id,
                placed: vec![],
                q: vec![],
                next: 0,
            })
            .collect()
    }

    #[test]
    fn the_share_done_is_of_the_estimated_work() {
        let (watch, units) = (Watch::weighed(), units(4));
        watch.cut(&units, Some(&[6.0, 2.0, 1.0, 1.0]));
        assert_eq!(watch.seen().fraction, 0.0);
        watch.unit_done(&units[0]);
        assert!((watch.seen().fraction - 0.6).abs() < 1e-9);
        for unit in &units[1..] {
            watch.unit_done(unit);
        }
        assert!((watch.seen().fraction - 1.0).abs() < 1e-9);
    }

    #[test]
    fn estimates_as_large_as_a_float_holds_are_shared_out() {
        // A box of dominoes estimates well past 10^100 placements a unit; some are infinite,
        // and some not numbers at all.
        let (watch, units) = (Watch::weighed(), units(4));
        let weights = [1e300, f64::MAX, f64::INFINITY, f64::NAN];
        watch.cut(&units, Some(&weights));
        watch.unit_done(&units[3]);
        assert_eq!(watch.seen().fraction, 0.0);
        watch.unit_done(&units[0]);
        let small = watch.seen().fraction;
        assert!(small > 0.0 && small < 1e-8, "{small}");
        watch.unit_done(&units[1]);
        assert!((watch.seen().fraction - 0.5).abs() < 1e-6);
    }

    #[test]
    fn units_unweighed_count_alike() {
        let (watch, units) = (Watch::new(), units(4));
        watch.cut(&units, None);
        watch.unit_done(&units[2]);
        assert_eq!(watch.seen().fraction, 0.25);
        // Nothing weighs anything: the units count alike.
        let (watch, units) = (Watch::weighed(), self::units(2));
        watch.cut(&units, Some(&[0.0, f64::NAN]));
        watch.unit_done(&units[0]);
        assert_eq!(watch.seen().fraction, 0.5);
    }
}
