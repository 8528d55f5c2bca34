//! All cores: work units ([`Unit`]) run on a thread pool (rayon), their counts summed and their
//! solutions merged in the order the serial search finds them. A [`Solver`](crate::Solver)
//! cuts itself into units ([`Solver::units`](crate::Solver::units)) and runs them here.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::failure::FailureCache;
use crate::search::CachedCounter;
pub use crate::unit::{Unit, UnitError};

/// The units to aim for: enough that two to a few dozen threads stay busy to the end.
pub const TARGET_UNITS: usize = 512;

/// The deepest cut tried when looking for enough units.
pub const MAX_DEPTH: usize = 8;

/// The estimated placements below which [`crate::Solver::count_parallel`] counts on one
/// thread: sharing out the units and waking the threads costs about as much as thirty
/// thousand placements (the Soma cube's whole search is eight thousand), so a search of a
/// few times that gains little or nothing on more cores.
pub const SERIAL_BELOW: f64 = 50_000.0;

/// Counts the solutions of every unit on the current thread pool and sums them; `run` runs
/// one unit into a counter. Every thread of the pool takes the next unit in the serial
/// search's order until none is left, with a counter that shares `counter`'s cache where it
/// can: the threads then work side by side on neighbouring units, whose free sets are much
/// the same, so the cache learns nearly what the serial search's does (where halves of the
/// units each with a cache of their own would learn less). Large units tend to come early in
/// that order, so the threads also end together.
///
/// A counting memo is a thread's own (its counts are two words, which another thread could
/// tear), and the units of a count by a memo share most of the free sets below them: there
/// every unit runs on the calling thread with `counter`, which on more threads would learn
/// the same counts once a thread, and did take 1.6 to 3.6 times as long on two (bench notes).
pub fn count_units<R>(units: &[Unit], counter: CachedCounter, run: R) -> u128
where
    R: Fn(&Unit, &mut CachedCounter) + Sync,
{
    if counter.cache().is_some_and(FailureCache::counts) {
        let mut counter = counter;
        units.iter().for_each(|unit| run(unit, &mut counter));
        return counter.solutions();
    }
    let next = AtomicUsize::new(0);
    rayon::broadcast(|_| {
        let mut counter = counter.share();
        while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
            run(unit, &mut counter);
        }
        counter.solutions()
    })
    .into_iter()
    .fold(0, u128::saturating_add)
}

/// `run` of every unit on the current thread pool, the results in the units' order.
pub fn map_units<R, T>(units: &[Unit], run: R) -> Vec<T>
where
    R: Fn(&Unit) -> T + Sync,
    T: Send,
{
    use rayon::prelude::*;
    units.par_iter().with_max_len(1).map(&run).collect()
}

/// How far a count on all cores has got: reported after each work unit, from the thread that
/// ran it. Units differ in size (the early ones are often the largest), so the share of units
/// done is a floor on the share of the work done only roughly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The units finished.
    pub done: usize,
    /// The units in all.
    pub units: usize,
    /// The solutions counted in the units finished.
    pub solutions: u128,
}

/// Shows every solution to `visitor` on the calling thread, in the order the serial search
/// finds them, while the units run on the current pool: `run` runs one unit, keeping its
/// solutions (each its embeddings in placement order), and a unit's solutions are shown once
/// every earlier unit's have been. `Break` from the visitor ends the search: units not yet
/// started are skipped, and the result is `Break`.
pub fn visit_units<R, V>(units: &[Unit], run: R, mut visitor: V) -> ControlFlow<()>
where
    R: Fn(&Unit, &mut Vec<Vec<u32>>) + Sync,
    V: FnMut(&[u32]) -> ControlFlow<()>,
{
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Vec<Vec<u32>>)>();
    rayon::in_place_scope_fifo(|scope| {
        for (index, unit) in units.iter().enumerate() {
            let (sender, run, stop) = (sender.clone(), &run, &stop);
            scope.spawn_fifo(move |_| {
                let mut solutions = Vec::new();
                if !stop.load(Ordering::Relaxed) {
                    run(unit, &mut solutions);
                }
                // The receiver outlives the scope; a send fails only if it has given up.
                let _ = sender.send((index, solutions));
            });
        }
        drop(sender);
        // Units finished ahead of their turn wait here, by index.
        let mut early = BTreeMap::new();
        let mut next = 0;
        let mut flow = ControlFlow::Continue(());
        while next < units.len() {
            let Some((index, solutions)) = receive(&receiver) else {
                // Every unit has ended and one never reported: it panicked, and the scope
                // passes that panic on when this closure returns.
                break;
            };
            early.insert(index, solutions);
            while let Some(solutions) = early.remove(&next) {
                next += 1;
                if flow.is_continue() {
                    flow = solutions.iter().try_for_each(|s| visitor(s));
                    if flow.is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        flow
    })
}

/// The next unit's report. A thread of the pool runs queued units while it waits, so that a
/// pool of one thread still gets through them; any other thread blocks.
fn receive<T>(receiver: &mpsc::Receiver<T>) -> Option<T> {
    loop {
        match receiver.try_recv() {
            Ok(message) => return Some(message),
            Err(mpsc::TryRecvError::Disconnected) => return None,
            Err(mpsc::TryRecvError::Empty) => {}
        }
        match rayon::yield_now() {
            Some(rayon::Yield::Executed) => {}
            // Nothing is queued (the rest runs on other threads), or this is not a pool
            // thread: the report comes from elsewhere.
            Some(rayon::Yield::Idle) | None => return receiver.recv().ok(),
        }
    }
}

/// The number of threads of the pool the caller runs on.
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// Runs `f` on a pool of `threads` threads (0: one per core).
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(f),
        // No pool could be made: run on the global one.
        Err(_) => f(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Sink;

    /// Units that each stand for as many solutions as their number.
    fn numbered(n: usize) -> Vec<Unit> {
        (0..n)
            .map(|id| Unit {
                fingerprint: 1,
                id,
                placed: Vec::new(),
                q: Vec::new(),
                next: 0,
            })
            .collect()
    }

    #[test]
    fn a_count_by_a_memo_runs_on_the_calling_thread() {
        let units = numbered(100);
        let threads = std::sync::Mutex::new(Vec::new());
        let memo = CachedCounter::with_cache(FailureCache::counting(10));
        let total = with_threads(4, || {
            count_units(&units, memo, |unit, counter| {
                threads.lock().unwrap().push(std::thread::current().id());
                for _ in 0..unit.id {
                    let _ = counter.solution();
                }
            })
        });
        assert_eq!(total, 99 * 100 / 2);
        let threads = threads.into_inner().unwrap();
        assert_eq!(threads.len(), 100);
        // The pool's thread that called (`with_threads` runs it there): one thread for all.
        assert!(threads.iter().all(|&t| t == threads[0]));
    }

    #[test]
    fn count_runs_every_unit_once_on_any_pool() {
        let units = numbered(1000);
        for threads in [1, 2, 5] {
            let total = with_threads(threads, || {
                count_units(&units, CachedCounter::without_cache(), |unit, counter| {
                    for _ in 0..unit.id {
                        let _ = counter.solution();
                    }
                })
            });
            assert_eq!(total, 999 * 1000 / 2, "{threads} threads");
        }
    }

    #[test]
    fn count_of_no_units_is_zero() {
        let none = count_units(&[], CachedCounter::new(10), |_, _| unreachable!());
        assert_eq!(none, 0);
    }
}
