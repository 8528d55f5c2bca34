//! All cores: the search cut into work units at a fixed depth, run on a thread pool (rayon),
//! their counts summed and their solutions merged in the order the serial search finds them.
//!
//! A unit is the state of the search after its first few placements: the embeddings placed,
//! the free set and the procedure to run next. Units are numbered in the order the serial
//! search reaches them, so a number names the same unit on every machine and on every engine,
//! and a unit can be run alone (to shard a search across machines). Each carries its puzzle's
//! fingerprint, so that a unit of another puzzle is refused, never run.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::search::{CachedCounter, Recorder, Visitor};
use crate::solution::Solution;
use crate::solver::{Info, Run, Solver};

/// The units to aim for: enough that two to a few dozen threads stay busy to the end.
pub const TARGET_UNITS: usize = 512;

/// The deepest cut tried when looking for enough units.
pub const MAX_DEPTH: usize = 8;

/// A piece of the search that runs alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The fingerprint of the puzzle it belongs to ([`Info::fingerprint`]).
    pub fingerprint: u64,
    /// Its number: its place in the serial search's order.
    pub id: usize,
    /// The embeddings placed before the cut, in placement order.
    pub placed: Vec<u32>,
    /// The free set at the cut, as the program holds it (none for a unit that is a solution).
    pub q: Vec<u64>,
    /// The position of the procedure to run next (the sentinel when `placed` is a solution).
    pub next: u32,
}

impl Unit {
    /// Whether this unit can be run by the puzzle `info` describes: one of its own, not a
    /// unit of another puzzle or build, and well formed.
    pub fn check(&self, info: &Info) -> Result<(), UnitError> {
        if self.fingerprint != info.fingerprint {
            return Err(UnitError::OtherPuzzle {
                id: self.id,
                expected: info.fingerprint,
                found: self.fingerprint,
            });
        }
        if self.next > info.procedures {
            return Err(UnitError::UnknownPosition {
                id: self.id,
                next: self.next,
                procedures: info.procedures,
            });
        }
        let solution = self.next == info.procedures && self.q.is_empty();
        if self.q.len() != info.words && !solution {
            return Err(UnitError::FreeSet {
                id: self.id,
                found: self.q.len(),
                expected: info.words,
            });
        }
        if let Some(&embedding) = self.placed.iter().find(|&&e| e as usize >= info.embeddings) {
            return Err(UnitError::UnknownEmbedding {
                id: self.id,
                embedding,
                embeddings: info.embeddings,
            });
        }
        Ok(())
    }
}

/// Why a unit cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    /// The unit belongs to another puzzle, or to another build of this one.
    #[error("unit {id} belongs to another puzzle or build (fingerprint {found:#018x}, this puzzle's is {expected:#018x})")]
    OtherPuzzle {
        /// The unit's number.
        id: usize,
        /// This puzzle's fingerprint.
        expected: u64,
        /// The unit's.
        found: u64,
    },
    /// The unit resumes at a procedure the program does not have.
    #[error("unit {id} resumes at position {next}, but the program has {procedures} procedures")]
    UnknownPosition {
        /// The unit's number.
        id: usize,
        /// Where it resumes.
        next: u32,
        /// How many procedures there are.
        procedures: u32,
    },
    /// The unit's free set has the wrong number of words.
    #[error(
        "unit {id} holds its free set in {found} words, but this program holds it in {expected}"
    )]
    FreeSet {
        /// The unit's number.
        id: usize,
        /// The unit's words.
        found: usize,
        /// The program's.
        expected: usize,
    },
    /// The unit places an embedding the puzzle does not have.
    #[error("unit {id} places embedding {embedding}, but the puzzle has {embeddings} embeddings")]
    UnknownEmbedding {
        /// The unit's number.
        id: usize,
        /// The embedding.
        embedding: u32,
        /// How many embeddings there are.
        embeddings: usize,
    },
}

/// The units of a search: cut at the least depth (up to [`MAX_DEPTH`]) that gives at least
/// [`TARGET_UNITS`]. The result depends on the puzzle alone.
pub fn units<S: Solver + ?Sized>(solver: &S) -> Vec<Unit> {
    let mut units = Vec::new();
    for depth in 1..=MAX_DEPTH {
        units = units_at(solver, depth);
        if units.len() >= TARGET_UNITS {
            break;
        }
    }
    units
}

/// The units of a search cut at `depth` placements.
pub fn units_at<S: Solver + ?Sized>(solver: &S, depth: usize) -> Vec<Unit> {
    let mut recorder = Recorder::new().cut(depth, solver.info());
    let _ = solver.run(Run::Record(&mut recorder));
    recorder.into_units()
}

/// Counts the solutions of a puzzle on the current thread pool: its [`units`], each counted by
/// [`count_units`].
pub fn count<S: Solver + ?Sized>(solver: &S) -> u64 {
    count_units(&solver.units(), solver.counter(), |unit, counter| {
        let _ = solver
            .run_unit(unit, Run::Count(counter))
            .expect("a solver's own units are its own");
    })
}

/// Counts the solutions of every unit on the current thread pool and sums them; `run` runs
/// one unit into a counter. Every thread of the pool takes the next unit in the serial
/// search's order until none is left, with a counter that shares `counter`'s cache where it
/// can: the threads then work side by side on neighbouring units, whose free sets are much
/// the same, so the cache learns nearly what the serial search's does (6x10: 0.2% more
/// placements on two threads, where halves of the units each with a cache of their own took
/// 7% more). Large units tend to come early in that order (6x10: its five largest are among
/// its first 40 of 1,134), so the threads also end together.
pub fn count_units<R>(units: &[Unit], counter: CachedCounter, run: R) -> u64
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

/// Shows every solution to `visitor` on the calling thread, in the order the serial search
/// finds them, while the units run on the current pool: a unit's solutions are shown once every
/// earlier unit's have been. `Break` from the visitor ends the search: units not yet started
/// are skipped, and the result is `Break`.
pub fn visit<S: Solver + ?Sized>(solver: &S, visitor: &mut Visitor<'_>) -> ControlFlow<()> {
    let catalog = solver.catalog();
    visit_units(
        &solver.units(),
        |unit, solutions| {
            let mut keep = |s: &Solution<'_>| {
                solutions.push(s.embeddings().to_vec());
                ControlFlow::Continue(())
            };
            let mut recorder = Recorder::new().visit(catalog, &mut keep);
            let _ = solver
                .run_unit(unit, Run::Record(&mut recorder))
                .expect("a solver's own units are its own");
        },
        |placed| visitor(&Solution::new(catalog, placed)),
    )
}

/// [`visit`] for any units: `run` runs one unit, keeping its solutions (each its embeddings in
/// placement order), and `visitor` is shown them in unit order.
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
    fn count_runs_every_unit_once_on_any_pool() {
        let units = numbered(1000);
        for threads in [1, 2, 5] {
            let total = with_threads(threads, || {
                count_units(&units, CachedCounter::without_cache(), |unit, counter| {
                    counter.solutions += unit.id as u64;
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
