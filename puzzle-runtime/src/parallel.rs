//! All cores: the search cut into work units at a fixed depth, run on a thread pool (rayon),
//! their counts summed and their solutions merged in the order the serial search finds them.
//!
//! A unit is the state of the search after its first few placements: the embeddings placed,
//! the free set and the procedure to run next. Units are numbered in the order the serial
//! search reaches them, so a number names the same unit on every machine, and a unit can be
//! run alone (to shard a search across machines). Generated modules drive this with their
//! `units`, `run_unit`, `count_parallel`, `collect_parallel` and `solve_parallel`.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::search::{CachedCounter, Sink};

/// The units to aim for: enough that two to a few dozen threads stay busy to the end.
pub const TARGET_UNITS: usize = 512;

/// The deepest cut tried when looking for enough units.
pub const MAX_DEPTH: usize = 8;

/// A piece of the search that runs alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its number: its place in the serial search's order.
    pub id: usize,
    /// The embeddings placed before the cut, in placement order.
    pub placed: Vec<u32>,
    /// The free set at the cut, as the generated solver holds it.
    pub q: Vec<u64>,
    /// The position of the procedure to run next (the sentinel when `placed` is a solution).
    pub next: u32,
}

/// The sink that cuts: it records a unit at `depth` placements, and every solution found
/// above that depth as a unit of its own.
#[derive(Debug)]
pub struct Cutter {
    depth: usize,
    sentinel: u32,
    placed: Vec<u32>,
    /// The units recorded, in order.
    pub units: Vec<Unit>,
}

impl Cutter {
    /// Cuts at `depth` placements; `sentinel` is the position of the solution sentinel.
    pub fn new(depth: usize, sentinel: u32) -> Cutter {
        Cutter {
            depth,
            sentinel,
            placed: Vec::with_capacity(depth),
            units: Vec::new(),
        }
    }

    fn record(&mut self, q: &[u64], next: u32) {
        self.units.push(Unit {
            id: self.units.len(),
            placed: self.placed.clone(),
            q: q.to_vec(),
            next,
        });
    }
}

impl Sink for Cutter {
    fn place(&mut self, embedding: u32) {
        self.placed.push(embedding);
    }
    fn unplace(&mut self) {
        self.placed.pop();
    }
    fn solution(&mut self) -> ControlFlow<()> {
        let sentinel = self.sentinel;
        self.record(&[], sentinel);
        ControlFlow::Continue(())
    }
    const CUTS: bool = true;
    fn cut(&mut self) -> bool {
        self.placed.len() >= self.depth
    }
    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        self.record(q, next);
        ControlFlow::Continue(())
    }
}

/// The units of a search: cut at the least depth (up to [`MAX_DEPTH`]) that gives at least
/// [`TARGET_UNITS`], by `cut(depth)`, which runs the search into a [`Cutter`]. The result
/// depends on the puzzle alone.
pub fn units(cut: impl Fn(usize) -> Vec<Unit>) -> Vec<Unit> {
    let mut units = Vec::new();
    for depth in 1..=MAX_DEPTH {
        units = cut(depth);
        if units.len() >= TARGET_UNITS {
            break;
        }
    }
    units
}

/// Counts the solutions of every unit on the current thread pool and sums them; `run` runs
/// one unit into a counter. Every thread of the pool takes the next unit in the serial
/// search's order until none is left, with a counter that shares `counter`'s cache where it
/// can: the threads then work side by side on neighbouring units, whose free sets are much
/// the same, so the cache learns nearly what the serial search's does (6x10: 0.2% more
/// placements on two threads, where halves of the units each with a cache of their own took
/// 7% more). Large units tend to come early in that order (6x10: its five largest are among
/// its first 40 of 1,134), so the threads also end together.
pub fn count<R>(units: &[Unit], counter: CachedCounter, run: R) -> u64
where
    R: Fn(&Unit, &mut CachedCounter) + Sync,
{
    let next = AtomicUsize::new(0);
    rayon::broadcast(|_| {
        let mut counter = counter.share();
        while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
            run(unit, &mut counter);
        }
        counter.solutions
    })
    .into_iter()
    .sum()
}

/// Every solution, as embedding numbers in placement order, in the order the serial search
/// finds them: units run in parallel, their solutions are joined in unit order.
pub fn collect<R>(units: &[Unit], run: R) -> Vec<Vec<u32>>
where
    R: Fn(&Unit, &mut Collector) + Sync,
{
    let mut solutions = Vec::new();
    let _ = visit(units, run, |solution| {
        solutions.push(solution.to_vec());
        ControlFlow::Continue(())
    });
    solutions
}

/// Shows every solution (its embeddings in placement order) to `visitor` on the calling
/// thread, in the order the serial search finds them, while the units run on the current pool:
/// a unit's solutions are shown once every earlier unit's have been. `Break` from the visitor
/// ends the search: units not yet started are skipped, and the result is `Break`.
pub fn visit<R, V>(units: &[Unit], run: R, mut visitor: V) -> ControlFlow<()>
where
    R: Fn(&Unit, &mut Collector) + Sync,
    V: FnMut(&[u32]) -> ControlFlow<()>,
{
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Vec<Vec<u32>>)>();
    rayon::in_place_scope_fifo(|scope| {
        for (index, unit) in units.iter().enumerate() {
            let (sender, run, stop) = (sender.clone(), &run, &stop);
            scope.spawn_fifo(move |_| {
                let mut collector = Collector::default();
                if !stop.load(Ordering::Relaxed) {
                    run(unit, &mut collector);
                }
                // The receiver outlives the scope; a send fails only if it has given up.
                let _ = sender.send((index, collector.solutions));
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

/// The first `N` words of `q`, zeros past its end (a unit that is a solution keeps no `q`).
pub fn words<const N: usize>(q: &[u64]) -> [u64; N] {
    let mut words = [0; N];
    let n = q.len().min(N);
    words[..n].copy_from_slice(&q[..n]);
    words
}

/// A sink that keeps every solution's embeddings.
#[derive(Debug, Default)]
pub struct Collector {
    placed: Vec<u32>,
    /// The solutions, in the order found.
    pub solutions: Vec<Vec<u32>>,
}

impl Sink for Collector {
    fn place(&mut self, embedding: u32) {
        self.placed.push(embedding);
    }
    fn unplace(&mut self) {
        self.placed.pop();
    }
    fn solution(&mut self) -> ControlFlow<()> {
        self.solutions.push(self.placed.clone());
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units that each stand for as many solutions as their number.
    fn numbered(n: usize) -> Vec<Unit> {
        (0..n)
            .map(|id| Unit {
                id,
                placed: Vec::new(),
                q: Vec::new(),
                next: 0,
            })
            .collect()
    }

    #[test]
    fn count_runs_every_unit_once_on_any_pool() {
        let units = numbered(1000);
        for threads in [1, 2, 5] {
            let total = with_threads(threads, || {
                count(&units, CachedCounter::without_cache(), |unit, counter| {
                    counter.solutions += unit.id as u64;
                })
            });
            assert_eq!(total, 999 * 1000 / 2, "{threads} threads");
        }
    }

    #[test]
    fn count_of_no_units_is_zero() {
        assert_eq!(count(&[], CachedCounter::new(10), |_, _| unreachable!()), 0);
    }
}
