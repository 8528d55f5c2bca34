//! All cores: work units ([`Unit`]) run on a thread pool (rayon), their counts summed and their
//! solutions merged in the order the serial search finds them. A [`Solver`](crate::Solver)
//! cuts itself into units ([`Solver::units`](crate::Solver::units)) and runs them here.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

use crate::failure::FailureCache;
use crate::lists::Lists;
use crate::search::CachedCounter;
pub use crate::unit::{Unit, UnitError};

use crate::tuning::{AHEAD_PER_THREAD, AHEAD_WORDS, BATCH_WORDS, POOL_STACK};
pub use crate::tuning::{MAX_DEPTH, MAX_THREADS, SERIAL_BELOW, TARGET_UNITS};

/// Counts the solutions of every unit on the current thread pool and sums them; `run` runs
/// one unit into a counter, and should look at `stop` as it goes. Every thread of the pool
/// takes the next unit in the serial search's order until none is left, with a counter that
/// shares `counter`'s cache where it can: the threads then work side by side on neighbouring
/// units, whose free sets are much the same, so the cache learns nearly what the serial
/// search's does (where halves of the units each with a cache of their own would learn less).
/// Large units tend to come early in that order, so the threads also end together.
///
/// A counting memo is a thread's own (its counts are two words, which another thread could
/// tear), and the units of a count by a memo share most of the free sets below them: there
/// every unit runs on the calling thread with `counter`, which on more threads would learn
/// the same counts once a thread, and did take 1.6 to 3.6 times as long on two (bench notes).
///
/// Once `stop` is set no unit is begun (each would run a look's worth of placements before it
/// saw the flag: hundreds of units made a stop take a second), and the answer is `None`: a
/// part of the count is never taken for the whole.
pub fn count_units<R>(
    units: &[Unit],
    stop: &AtomicBool,
    counter: CachedCounter,
    run: R,
) -> Option<u128>
where
    R: Fn(&Unit, &mut CachedCounter) + Sync,
{
    let go_on = || !stop.load(Ordering::Relaxed);
    let total = if counter.cache().is_some_and(FailureCache::counts) {
        let mut counter = counter;
        units
            .iter()
            .take_while(|_| go_on())
            .for_each(|unit| run(unit, &mut counter));
        counter.solutions()
    } else {
        let next = AtomicUsize::new(0);
        rayon::broadcast(|_| {
            let mut counter = counter.share();
            while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
                if !go_on() {
                    break;
                }
                run(unit, &mut counter);
            }
            counter.solutions()
        })
        .into_iter()
        .fold(0, u128::saturating_add)
    };
    go_on().then_some(total)
}

/// `run` of every unit on the current thread pool, the results in the units' order; `run`
/// should look at `stop` as it goes. Once `stop` is set no unit is begun, and the answer is
/// `None`, as [`count_units`]'s is.
pub fn map_units<R, T>(units: &[Unit], stop: &AtomicBool, run: R) -> Option<Vec<T>>
where
    R: Fn(&Unit) -> T + Sync,
    T: Send,
{
    use rayon::prelude::*;
    let go_on = || !stop.load(Ordering::Relaxed);
    let found: Option<Vec<T>> = units
        .par_iter()
        .with_max_len(1)
        .map(|unit| go_on().then(|| run(unit)))
        .collect();
    found.filter(|_| go_on())
}

/// What a unit's search hands on: solutions a few at a time, then its end. A channel that
/// closes without the end was dropped by a search that panicked.
enum Found {
    Solutions(Batch),
    End,
}

/// Solutions handed on together, one after another in one list: a batch is two allocations,
/// not one a solution (each of which the thread that shows it would free, taking the lock of
/// the allocator's arena of the thread that made it).
type Batch = Lists<u32>;

/// Where the listing is: the next unit to claim and the unit whose solutions are being shown,
/// which every claim waits to be within [`visit_window`] units of.
struct Turns {
    claimed: usize,
    shown: usize,
}

/// The units a listing runs ahead of the one being shown, on `threads` threads: as many as
/// hold two batches each within [`AHEAD_WORDS`], but at least two a thread.
fn visit_window(threads: usize) -> usize {
    (AHEAD_PER_THREAD * threads)
        .min(AHEAD_WORDS / BATCH_WORDS / 2)
        .max(2 * threads)
}

/// The batches each unit's channel holds, for `window` units ahead.
fn batches(window: usize) -> usize {
    (AHEAD_WORDS / BATCH_WORDS / window).max(2)
}

/// Shows every solution to `visitor` on the calling thread, in the order the serial search
/// finds them, while the units run on threads of their own, as many as the current pool has:
/// `run(unit, emit)` runs one unit, showing each of its solutions (its embeddings in placement
/// order) to `emit`, and stops where `emit` answers `Break`; it should also look at `stop`,
/// which the listing sets when it ends early, so that a unit without solutions stops too.
///
/// A unit's solutions are shown once every earlier unit's have been; a unit ahead of its turn
/// hands them on a few at a time and waits while they are not taken, and no unit starts more
/// than a few units ahead, so the memory a listing holds does not grow with the solutions found
/// or skipped. `Break` from the visitor, or `stop` set by anyone, ends the listing with `Break`
/// and every search at once; a panic in `run` or the visitor does too, and is passed on.
pub fn visit_units<R, V>(
    units: &[Unit],
    stop: &AtomicBool,
    run: R,
    mut visitor: V,
) -> ControlFlow<()>
where
    R: Fn(&Unit, &mut dyn FnMut(&[u32]) -> ControlFlow<()>) + Sync,
    V: FnMut(&[u32]) -> ControlFlow<()>,
{
    let threads = threads();
    if threads <= 1 || units.len() <= 1 {
        let flow = units.iter().try_for_each(|unit| {
            let mut flow = ControlFlow::Continue(());
            run(unit, &mut |placed| {
                flow = match stop.load(Ordering::Relaxed) {
                    true => ControlFlow::Break(()),
                    false => visitor(placed),
                };
                flow
            });
            match stop.load(Ordering::Relaxed) {
                true => ControlFlow::Break(()),
                false => flow,
            }
        });
        if flow.is_break() {
            stop.store(true, Ordering::Relaxed);
        }
        return flow;
    }
    let window = visit_window(threads);
    let turns = Mutex::new(Turns {
        claimed: 0,
        shown: 0,
    });
    let (moved, shown) = (Condvar::new(), AtomicUsize::new(0));
    let (claims, claimed) = mpsc::channel::<(usize, mpsc::Receiver<Found>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let claims = claims.clone();
            let (run, turns, moved, shown) = (&run, &turns, &moved, &shown);
            scope.spawn(move || loop {
                let index = {
                    let mut at = turns.lock().unwrap_or_else(|e| e.into_inner());
                    while !stop.load(Ordering::Relaxed)
                        && at.claimed < units.len()
                        && at.claimed >= at.shown + window
                    {
                        at = moved.wait(at).unwrap_or_else(|e| e.into_inner());
                    }
                    if stop.load(Ordering::Relaxed) || at.claimed >= units.len() {
                        return;
                    }
                    at.claimed += 1;
                    at.claimed - 1
                };
                let (send, found) = mpsc::sync_channel(batches(window));
                if claims.send((index, found)).is_err() {
                    return;
                }
                let (mut batch, mut words) = (Batch::default(), 0);
                // The unit being shown hands each solution on at once, for a visitor that
                // waits on it; the others a batch at a time.
                let mut emit = |placed: &[u32]| {
                    if stop.load(Ordering::Relaxed) {
                        return ControlFlow::Break(());
                    }
                    words += placed.len().max(1);
                    batch.push(placed.iter().copied());
                    if words < BATCH_WORDS && shown.load(Ordering::Relaxed) != index {
                        return ControlFlow::Continue(());
                    }
                    words = 0;
                    match send.send(Found::Solutions(std::mem::take(&mut batch))) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(_) => ControlFlow::Break(()),
                    }
                };
                run(&units[index], &mut emit);
                let last = (!batch.is_empty()).then_some(Found::Solutions(batch));
                if last
                    .into_iter()
                    .chain([Found::End])
                    .any(|f| send.send(f).is_err())
                {
                    return;
                }
            });
        }
        drop(claims);
        // Owned here, so that the channels of units claimed but never reached close with the
        // listing and their searches' sends fail.
        let claimed = claimed;
        // Stops every search however the listing ends, a panic of the visitor's included.
        let mut ending = StopOnDrop {
            stop,
            moved: &moved,
            turns: &turns,
            early: true,
        };
        let mut early = BTreeMap::new();
        for next in 0..units.len() {
            let found = loop {
                if let Some(found) = early.remove(&next) {
                    break found;
                }
                match claimed.recv() {
                    Ok((index, found)) => early.insert(index, found),
                    // Every search has ended and this unit was never claimed: they panicked,
                    // which the scope passes on.
                    Err(_) => return ControlFlow::Break(()),
                };
            };
            loop {
                match found.recv() {
                    Ok(Found::Solutions(batch)) => {
                        for placed in batch.iter() {
                            if stop.load(Ordering::Relaxed) {
                                return ControlFlow::Break(());
                            }
                            visitor(placed)?;
                        }
                    }
                    Ok(Found::End) => break,
                    // Its search panicked.
                    Err(_) => return ControlFlow::Break(()),
                }
            }
            shown.store(next + 1, Ordering::Relaxed);
            turns.lock().unwrap_or_else(|e| e.into_inner()).shown = next + 1;
            moved.notify_all();
        }
        ending.early = false;
        match stop.load(Ordering::Relaxed) {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    })
}

/// Sets a listing's stop flag and wakes the searches waiting for their turn where the listing
/// ends `early` (however: a `Break`, a panic), so that the scope's threads end too.
struct StopOnDrop<'a> {
    stop: &'a AtomicBool,
    moved: &'a Condvar,
    turns: &'a Mutex<Turns>,
    early: bool,
}

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        if self.early {
            self.stop.store(true, Ordering::Relaxed);
            // Taken so that no search is between its look at the flag and its wait.
            drop(self.turns.lock().unwrap_or_else(|e| e.into_inner()));
            self.moved.notify_all();
        }
    }
}

/// The number of threads of the pool the caller runs on.
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// Runs `f` on a pool of `threads` threads (0: one per core), at most [`MAX_THREADS`] (the
/// front ends refuse more), each with the stack of a program's main thread (8 MiB), so that a
/// search a few hundred aspects deep runs on it.
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    let threads = threads.min(MAX_THREADS);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(POOL_STACK);
    match pool.build() {
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
            count_units(&units, &AtomicBool::new(false), memo, |unit, counter| {
                threads.lock().unwrap().push(std::thread::current().id());
                for _ in 0..unit.id {
                    let _ = counter.solution();
                }
            })
        });
        assert_eq!(total, Some(99 * 100 / 2));
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
                let go_on = AtomicBool::new(false);
                count_units(
                    &units,
                    &go_on,
                    CachedCounter::without_cache(),
                    |unit, counter| {
                        for _ in 0..unit.id {
                            let _ = counter.solution();
                        }
                    },
                )
            });
            assert_eq!(total, Some(999 * 1000 / 2), "{threads} threads");
        }
    }

    #[test]
    fn once_stopped_no_unit_is_begun_and_no_part_is_the_whole() {
        // The first unit to run sets the flag: on each thread at most the unit it had begun
        // runs besides.
        let units = numbered(1000);
        for (threads, memo) in [(1, false), (3, false), (3, true)] {
            let (stop, ran) = (AtomicBool::new(false), AtomicUsize::new(0));
            let first_stops = || {
                if ran.fetch_add(1, Ordering::Relaxed) == 0 {
                    stop.store(true, Ordering::Relaxed);
                }
            };
            let counter = match memo {
                true => CachedCounter::with_cache(FailureCache::counting(10)),
                false => CachedCounter::without_cache(),
            };
            let total = with_threads(threads, || {
                count_units(&units, &stop, counter, |_, _| first_stops())
            });
            assert_eq!(total, None);
            assert!(ran.load(Ordering::Relaxed) <= threads, "{threads} threads");
            let (stop, ran) = (AtomicBool::new(false), AtomicUsize::new(0));
            let first_stops = || {
                if ran.fetch_add(1, Ordering::Relaxed) == 0 {
                    stop.store(true, Ordering::Relaxed);
                }
            };
            let mapped = with_threads(threads, || map_units(&units, &stop, |_| first_stops()));
            assert_eq!(mapped, None);
            assert!(ran.load(Ordering::Relaxed) <= threads, "{threads} threads");
        }
    }

    #[test]
    fn count_of_no_units_is_zero() {
        let go_on = AtomicBool::new(false);
        let none = count_units(&[], &go_on, CachedCounter::new(10), |_, _| unreachable!());
        assert_eq!(none, Some(0));
    }
}
