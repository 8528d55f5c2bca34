//! One shape for every compiled puzzle: the [`Solver`] trait, what a search reports to
//! ([`Run`]), and the work units it cuts itself into.
//!
//! Every `puzzle!` module's `SOLVER` implements it, and so does the compiler's run-time
//! `Puzzle`, which walks the same program with the same plan: the same name means the same
//! thing on every engine, and finds the same solutions in the same order.

use std::ops::ControlFlow;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::failure::FailureCache;
use crate::info::Info;
use crate::parallel;
use crate::processor::Code;
use crate::search::{CachedCounter, Recorder, Sink, Stats, Tally, Visitor};
use crate::solution::{Catalog, Solution, Solutions};
use crate::symmetry::{Orbits, SymmetryCheck};
use crate::tuning::{UNIT_PROBES, WEIGHING_WORK};
use crate::unit::{Unit, UnitError};
use crate::watch::Watch;

/// What one search reports to. A generated solver holds one copy of its program for each
/// variant: a count, which is what speed is measured on, and a [`Recorder`] for everything
/// else (solutions shown to a visitor, statistics, the cutting into units, any other sink).
pub enum Run<'s, 'r> {
    /// Count the solutions, skipping the free sets the counter's failure cache knows hold none.
    Count(&'s mut CachedCounter),
    /// Report to a recorder.
    Record(&'s mut Recorder<'r>),
}

/// A compiled puzzle, ready to search.
///
/// The trait is object safe: a program can choose among puzzles at run time and hold
/// `&dyn Solver` or `Box<dyn Solver>`. Implementors provide the facts and the two ways of
/// running the search; everything else is built on those. Every search on all cores runs one
/// way, a watched one ([`Solver::count_watched`], [`Solver::solve_watched`],
/// [`Solver::stats_watched`]): cut into units, a small search on this thread alone, stopped
/// by the watch's flag and telling it how far it has got; the plain methods run it with a
/// watch nobody reads.
pub trait Solver: Sync {
    /// Facts about the puzzle and how its program runs.
    fn info(&self) -> &Info;

    /// The box, the aspects and the embedding table, to read solutions with.
    fn catalog(&self) -> &Catalog;

    /// The same program as puzzle-processor code (for a search by the fewest embeddings, the
    /// program of its order, which finds the same solutions); `None` for a puzzle with a bag
    /// (the processor has one bit per aspect, a bag needs a counter), and where the solver
    /// keeps only what its search runs (a puzzle compiled at run time and kept to run, whose
    /// search by the fewest embeddings runs no program).
    fn code(&self) -> Option<&Code>;

    /// The check that finishes the symmetry reduction, where restricting pieces alone is not
    /// exact. Every engine applies it; whoever runs [`Solver::code`] must too
    /// ([`crate::symmetry::Checked`]).
    fn symmetry_check(&self) -> Option<&SymmetryCheck>;

    /// Runs the whole search.
    fn run(&self, run: Run<'_, '_>) -> ControlFlow<()>;

    /// Runs one work unit: its placements are replayed into the sink, then the search below
    /// them runs. A unit of another puzzle or of another build of this one is an error.
    fn run_unit(&self, unit: &Unit, run: Run<'_, '_>) -> Result<ControlFlow<()>, UnitError>;

    /// This solver as a trait object, `self`: the provided methods run on it, so that they
    /// are compiled once, here. Keep an implementation out of line (`#[inline(never)]`):
    /// where it is inlined, the caller's crate makes the trait object, and with it a copy of
    /// every method.
    fn as_dyn(&self) -> &dyn Solver;

    /// The counter [`Solver::count`] uses: with a failure cache where the plan keeps one.
    fn counter(&self) -> CachedCounter {
        CachedCounter::for_puzzle(self.info())
    }

    /// Counts the solutions. A count past `u128::MAX` stays there: check
    /// [`CachedCounter::overflowed`] on a counter of your own where that could be.
    fn count(&self) -> u128 {
        let mut counter = self.counter();
        let _ = self.run(Run::Count(&mut counter));
        counter.solutions()
    }

    /// Counts into `counter` as [`Solver::run`] does, but gives the count up (with `Break`)
    /// once `stop` is set; what `counter` holds then is part of the tree, no answer. This
    /// default looks at the flag before the search only (a native solver's count is compiled
    /// for speed alone); the run-time engine looks as it walks.
    fn count_until(&self, counter: &mut CachedCounter, stop: &AtomicBool) -> ControlFlow<()> {
        match stop.load(Ordering::Relaxed) {
            true => ControlFlow::Break(()),
            false => self.run(Run::Count(counter)),
        }
    }

    /// Counts one work unit into `counter` as [`Solver::run_unit`] does, but gives the count
    /// up once `stop` is set, as [`Solver::count_until`] does (by default, looking before the
    /// unit: a unit is a small share of a search on all cores).
    fn count_unit_until(
        &self,
        unit: &Unit,
        counter: &mut CachedCounter,
        stop: &AtomicBool,
    ) -> Result<ControlFlow<()>, UnitError> {
        match stop.load(Ordering::Relaxed) {
            true => unit.check(self.info()).map(|()| ControlFlow::Break(())),
            false => self.run_unit(unit, Run::Count(counter)),
        }
    }

    /// Counts the solutions on every core (rayon's pool: run inside
    /// [`parallel::with_threads`] to choose the number of threads), or on this thread alone
    /// where the compiler estimates the search at fewer than [`parallel::SERIAL_BELOW`]
    /// placements (a search that small is over before the threads are under way) or where a
    /// counting memo keeps the counts ([`parallel::count_units`] says why).
    fn count_parallel(&self) -> u128 {
        unstopped(self.count_watched(false, &Watch::new()))
    }

    /// Counts as [`Solver::count_parallel`] does, or with `all` every solution as
    /// [`Solver::count_all`] does, telling `watch` how far it has got; `None` once the watch
    /// is stopped (never a part of the count as if it were the whole).
    fn count_watched(&self, all: bool, watch: &Watch) -> Option<u128> {
        provided::count_watched(self.as_dyn(), all, watch)
    }

    /// Shows each solution to `visitor`, in the order the search finds them; the visitor
    /// returns `Break` to stop the search.
    fn solve(&self, visitor: &mut Visitor<'_>) -> ControlFlow<()> {
        let mut recorder = Recorder::new().visit(self.catalog(), visitor);
        self.run(Run::Record(&mut recorder))
    }

    /// Runs the whole search into any sink (through dynamic dispatch; a generated module's
    /// `solve_with` makes a copy of the program for one sink instead).
    fn run_sink(&self, sink: &mut dyn Sink) -> ControlFlow<()> {
        let mut recorder = Recorder::new().observe(sink);
        self.run(Run::Record(&mut recorder))
    }

    /// Shows each solution to `visitor` on this thread, in the order the serial search finds
    /// them, while the search runs on every core; `Break` stops it.
    fn solve_parallel(&self, visitor: &mut Visitor<'_>) -> ControlFlow<()> {
        self.solve_watched(false, &Watch::new(), visitor)
    }

    /// Shows each solution to `visitor` as [`Solver::solve_parallel`] does, or with `all`
    /// every solution as [`Solver::solve_all`] orders them (each solution the search finds,
    /// then the others of its class), counting those shown in `watch` and telling it how far
    /// the search has got; `Break` from the visitor or the watch stopped ends it with `Break`,
    /// and the visitor sees no solution after a stop. A search smaller than
    /// [`parallel::SERIAL_BELOW`] runs on this thread alone. Memory stays bounded by a few
    /// units' batches of solutions, however many are found.
    fn solve_watched(
        &self,
        all: bool,
        watch: &Watch,
        visitor: &mut Visitor<'_>,
    ) -> ControlFlow<()> {
        provided::solve_watched(self.as_dyn(), all, watch, visitor)
    }

    /// Runs one of this solver's own units, showing each of its solutions (its embeddings in
    /// placement order, its own placements replayed among them) to `visitor`, which returns
    /// `Break` to stop; with `stop`, the search is also given up soon after the flag is set
    /// (the listing of [`Solver::solve_parallel`] sets it once its visitor has had enough).
    /// Returns how many solutions it showed and the placements it made.
    fn solve_unit(
        &self,
        unit: &Unit,
        stop: Option<&AtomicBool>,
        visitor: &mut Visitor<'_>,
    ) -> Tally {
        provided::solve_unit(self.as_dyn(), unit, stop, visitor)
    }

    /// The first `n` solutions the search finds (fewer if it has fewer), in that order.
    fn first(&self, n: usize) -> Solutions<'_> {
        unstopped(self.first_watched(n, &Watch::new()))
    }

    /// The first `n` solutions of the serial search, on this thread; `None` once `watch` is
    /// stopped.
    fn first_watched(&self, n: usize, watch: &Watch) -> Option<Solutions<'_>> {
        provided::first_watched(self.as_dyn(), n, watch)
    }

    /// Every solution, in the order found, to read or draw as [`Solution`] values.
    fn solutions(&self) -> Solutions<'_> {
        Solutions::new(self.catalog(), self.collect())
    }

    /// Every solution, found on every core and listed in the order the serial search finds
    /// them, as [`Solution`] values.
    fn solutions_parallel(&self) -> Solutions<'_> {
        Solutions::new(self.catalog(), self.collect_parallel())
    }

    /// The classes of this puzzle's solutions under its symmetries (each solution alone
    /// where it finds all).
    fn orbits(&self) -> Orbits<'_> {
        Orbits::new(self.info(), self.catalog(), self.symmetry_check())
    }

    /// The number of all solutions, whatever the symmetry reduction: for a puzzle reduced
    /// by symmetry, the sizes of the classes it finds, summed (one search on every core, in
    /// units as [`Solver::count_parallel`] cuts it, each solution visited); otherwise
    /// [`Solver::count_parallel`].
    fn count_all(&self) -> u128 {
        unstopped(self.count_watched(true, &Watch::new()))
    }

    /// Shows every solution to `visitor`, whatever the symmetry reduction: each solution the
    /// search finds, then the others of its class (their embeddings sorted); `Break` stops.
    fn solve_all(&self, visitor: &mut Visitor<'_>) -> ControlFlow<()> {
        provided::solve_all(self.as_dyn(), visitor)
    }

    /// Every solution, as embedding numbers in placement order, in the order found.
    fn collect(&self) -> Vec<Vec<u32>> {
        crate::search::collect(|visitor| self.solve(visitor))
    }

    /// Every solution, found on every core and listed in the order the serial search finds
    /// them.
    fn collect_parallel(&self) -> Vec<Vec<u32>> {
        crate::search::collect(|visitor| self.solve_parallel(visitor))
    }

    /// Solutions and placements of the whole search tree (a count skips some of it).
    fn tally(&self) -> Tally {
        let mut recorder = Recorder::new();
        let _ = self.run(Run::Record(&mut recorder));
        Tally {
            solutions: recorder.solutions,
            placements: recorder.placements,
        }
    }

    /// The shape of the whole search tree: placements at each depth, placements pruned.
    fn stats(&self) -> Stats {
        let mut recorder = Recorder::new().with_depths();
        let _ = self.run(Run::Record(&mut recorder));
        recorder.stats()
    }

    /// [`Solver::stats`] on all cores: the search above the units' cut, then every unit's
    /// search below it on the current thread pool; the same figures.
    fn stats_parallel(&self) -> Stats {
        unstopped(self.stats_watched(&Watch::new()))
    }

    /// [`Solver::stats_parallel`], telling `watch` how far the search has got; `None` once
    /// the watch is stopped.
    fn stats_watched(&self, watch: &Watch) -> Option<Stats> {
        provided::stats_watched(self.as_dyn(), watch)
    }

    /// The units [`Solver::units`] cuts, with the statistics of the search above them: what
    /// [`Stats::add_unit`] completes with each unit's.
    fn units_and_stats(&self) -> (Vec<Unit>, Stats) {
        cut(self.as_dyn(), parallel::TARGET_UNITS, true)
    }

    /// The search cut into work units: at the least depth that gives enough for all cores,
    /// numbered in the order the serial search reaches them (the same on every machine and
    /// every engine).
    fn units(&self) -> Vec<Unit> {
        self.units_for(parallel::TARGET_UNITS)
    }

    /// The search cut into at least `target` units where a cut no deeper than
    /// [`parallel::MAX_DEPTH`] gives that many: at the least depth that does (else at that
    /// depth), numbered as [`Solver::units`] numbers them.
    fn units_for(&self, target: usize) -> Vec<Unit> {
        cut(self.as_dyn(), target, false).0
    }

    /// The search cut into work units after `depth` placements (and each solution found above
    /// that depth as a unit of its own), numbered in the serial search's order.
    fn units_at(&self, depth: usize) -> Vec<Unit> {
        cut_at(self.as_dyn(), depth, false).0
    }

    /// The estimated size of each unit's search (its placements), by Knuth's method from a
    /// few random descents each, the same on every machine: what a watch weighs its units by.
    fn unit_weights(&self, units: &[Unit]) -> Vec<f64> {
        provided::unit_weights(self.as_dyn(), units)
    }

    /// The solution made of these embeddings, to draw or list.
    fn solution<'a>(&'a self, placed: &'a [u32]) -> Solution<'a> {
        Solution::new(self.catalog(), placed)
    }
}

/// The units of the least cut no deeper than [`parallel::MAX_DEPTH`] that gives at least
/// `target` (else of the deepest), with the statistics of the search above them when `depths`
/// asks for them (else empty ones).
fn cut(solver: &dyn Solver, target: usize, depths: bool) -> (Vec<Unit>, Stats) {
    let mut found = (Vec::new(), Stats::default());
    for depth in 1..=parallel::MAX_DEPTH {
        found = cut_at(solver, depth, depths);
        if found.0.len() >= target {
            break;
        }
    }
    found
}

/// The units of the cut after `depth` placements, with the statistics of the search above
/// them when `depths` asks for them.
fn cut_at(solver: &dyn Solver, depth: usize, depths: bool) -> (Vec<Unit>, Stats) {
    let mut recorder = Recorder::new().cut(depth, solver.info());
    if depths {
        recorder = recorder.with_depths();
    }
    let _ = solver.run(Run::Record(&mut recorder));
    let stats = recorder.stats();
    (recorder.into_units(), stats)
}

/// The answer of a search whose watch nobody stops.
fn unstopped<T>(answer: Option<T>) -> T {
    answer.expect("a search whose watch nobody stops ends with its answer")
}

/// The bodies of [`Solver`]'s larger provided methods, written once for `&dyn Solver`: a
/// method generic over the solver's type would be compiled again in every crate that calls it
/// on its own solver, with the thread pool's code under it.
mod provided {
    use rayon::prelude::*;

    use super::*;

    /// The units of the search, told to `watch`, weighed where it asks.
    fn cut(solver: &dyn Solver, watch: &Watch) -> Vec<Unit> {
        let units = solver.units();
        tell(solver, watch, &units);
        units
    }

    /// Tells `watch` of the units the search is cut into, weighed where it asks and the
    /// weighing costs little beside the search ([`WEIGHING_WORK`]).
    fn tell(solver: &dyn Solver, watch: &Watch, units: &[Unit]) {
        let depth = solver.info().depth as u64;
        let work = (units.len() as u64)
            .saturating_mul(UNIT_PROBES as u64)
            .saturating_mul(depth.saturating_mul(depth));
        let weigh = watch.weighs() && work <= WEIGHING_WORK;
        let weights = weigh.then(|| solver.unit_weights(units));
        watch.cut(units, weights.as_deref());
    }

    /// Whether the search is small enough to run whole on this thread.
    fn small(solver: &dyn Solver) -> bool {
        solver.info().estimate < parallel::SERIAL_BELOW
    }

    pub(super) fn count_watched(solver: &dyn Solver, all: bool, watch: &Watch) -> Option<u128> {
        if all && solver.info().symmetry.group_order > 1 {
            return count_classes(solver, watch);
        }
        if small(solver) {
            let mut counter = solver.counter();
            let flow = solver.count_until(&mut counter, watch.flag());
            return flow.is_continue().then(|| watch.add(counter.solutions()));
        }
        let units = cut(solver, watch);
        parallel::count_units(&units, watch.flag(), solver.counter(), |unit, counter| {
            let before = counter.solutions();
            let flow = solver
                .count_unit_until(unit, counter, watch.flag())
                .expect("a solver's own units are its own");
            if flow.is_continue() {
                watch.add(counter.solutions() - before);
                watch.unit_done(unit);
            }
        })
    }

    /// The sizes of the classes of the solutions the reduced search finds, summed: each
    /// class's size from the one member found, in units on every core (in no order: the sum
    /// is the same), or on this thread where the search is small. Each thread keeps a cache
    /// of the free sets that hold no solution, as a count's does, shared where it can be.
    fn count_classes(solver: &dyn Solver, watch: &Watch) -> Option<u128> {
        let orbits = solver.orbits();
        let info = solver.info();
        let failures = (info.cache)
            .map(|c| FailureCache::for_puzzle(c.bits, info.fingerprint, c.words, false));
        let count = |unit: Option<&Unit>, failures: Option<&mut FailureCache>| {
            let mut found = 0u128;
            let mut add = |s: &Solution<'_>| {
                found = found.saturating_add(u128::from(orbits.size(s.embeddings())));
                ControlFlow::Continue(())
            };
            let mut recorder = Recorder::new().visit(solver.catalog(), &mut add);
            recorder = recorder.stop_when(watch.flag()).skip_failures(failures);
            let _ = match unit {
                Some(unit) => solver
                    .run_unit(unit, Run::Record(&mut recorder))
                    .expect("a solver's own units are its own"),
                None => solver.run(Run::Record(&mut recorder)),
            };
            drop(recorder);
            if !watch.stopped() {
                watch.add(found);
                if let Some(unit) = unit {
                    watch.unit_done(unit);
                }
            }
            found
        };
        if small(solver) {
            let mut failures = failures;
            let found = count(None, failures.as_mut());
            return (!watch.stopped()).then_some(found);
        }
        let units = cut(solver, watch);
        // As `parallel::count_units` does: the next unit in order to whichever thread is free.
        let next = AtomicUsize::new(0);
        let found = rayon::broadcast(|_| {
            let mut failures = failures.as_ref().map(FailureCache::share);
            let mut found = 0u128;
            while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
                if watch.stopped() {
                    break;
                }
                found = found.saturating_add(count(Some(unit), failures.as_mut()));
            }
            found
        });
        let found = found.into_iter().fold(0, u128::saturating_add);
        (!watch.stopped()).then_some(found)
    }

    pub(super) fn solve_watched(
        solver: &dyn Solver,
        all: bool,
        watch: &Watch,
        visitor: &mut Visitor<'_>,
    ) -> ControlFlow<()> {
        let catalog = solver.catalog();
        if !all || solver.info().symmetry.group_order <= 1 {
            return list(solver, watch, &mut |placed| {
                watch.add(1);
                visitor(&Solution::new(catalog, placed))
            });
        }
        let orbits = solver.orbits();
        list(solver, watch, &mut |placed| {
            // The one found as found (its placement order kept), then the others of its class.
            let members = orbits.members(placed);
            watch.add(1);
            visitor(&Solution::new(catalog, placed))?;
            members[1..].iter().try_for_each(|member| {
                watch.add(1);
                visitor(&Solution::new(catalog, member))
            })
        })
    }

    /// Shows every solution's embeddings to `visitor` in the serial search's order: on this
    /// thread where the search is small, else on every core through the units; ends with
    /// `Break` where the visitor asks or the watch is stopped, after which the visitor sees
    /// nothing more.
    fn list(
        solver: &dyn Solver,
        watch: &Watch,
        visitor: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let catalog = solver.catalog();
        if small(solver) {
            let mut show = |s: &Solution<'_>| match watch.stopped() {
                true => ControlFlow::Break(()),
                false => visitor(s.embeddings()),
            };
            let mut recorder = Recorder::new().visit(catalog, &mut show);
            recorder = recorder.stop_when(watch.flag());
            let flow = solver.run(Run::Record(&mut recorder));
            return match watch.stopped() {
                true => ControlFlow::Break(()),
                false => flow,
            };
        }
        let units = cut(solver, watch);
        // The listing sets the watch's flag where it ends early, which stops every unit.
        parallel::visit_units(
            &units,
            watch.flag(),
            |unit, emit| {
                let mut show = |s: &Solution<'_>| emit(s.embeddings());
                solve_unit(solver, unit, Some(watch.flag()), &mut show);
                if !watch.stopped() {
                    watch.unit_done(unit);
                }
            },
            visitor,
        )
    }

    pub(super) fn solve_unit(
        solver: &dyn Solver,
        unit: &Unit,
        stop: Option<&AtomicBool>,
        visitor: &mut Visitor<'_>,
    ) -> Tally {
        let mut recorder = Recorder::new().visit(solver.catalog(), visitor);
        if let Some(stop) = stop {
            recorder = recorder.stop_when(stop);
        }
        let _ = solver
            .run_unit(unit, Run::Record(&mut recorder))
            .expect("a solver's own units are its own");
        Tally {
            solutions: recorder.solutions,
            placements: recorder.placements,
        }
    }

    pub(super) fn first_watched<'s>(
        solver: &'s dyn Solver,
        n: usize,
        watch: &Watch,
    ) -> Option<Solutions<'s>> {
        let mut found = Vec::with_capacity(n.min(1 << 16));
        if n > 0 {
            let mut keep = |s: &Solution<'_>| {
                found.push(s.embeddings().to_vec());
                match found.len() < n {
                    true => ControlFlow::Continue(()),
                    false => ControlFlow::Break(()),
                }
            };
            let mut recorder = Recorder::new().visit(solver.catalog(), &mut keep);
            recorder = recorder.stop_when(watch.flag());
            let _ = solver.run(Run::Record(&mut recorder));
        }
        watch.add(found.len() as u128);
        (!watch.stopped()).then(|| Solutions::new(solver.catalog(), found))
    }

    pub(super) fn solve_all(solver: &dyn Solver, visitor: &mut Visitor<'_>) -> ControlFlow<()> {
        let orbits = solver.orbits();
        let catalog = solver.catalog();
        solver.solve(&mut |s| {
            let members = orbits.members(s.embeddings());
            visitor(s)?;
            members[1..]
                .iter()
                .try_for_each(|m| visitor(&Solution::new(catalog, m)))
        })
    }

    pub(super) fn stats_watched(solver: &dyn Solver, watch: &Watch) -> Option<Stats> {
        let (units, above) = solver.units_and_stats();
        tell(solver, watch, &units);
        let below = parallel::map_units(&units, watch.flag(), |unit| {
            let mut recorder = Recorder::new().with_depths().stop_when(watch.flag());
            let _ = solver
                .run_unit(unit, Run::Record(&mut recorder))
                .expect("a solver's own units are its own");
            if !watch.stopped() {
                watch.add(u128::from(recorder.solutions));
                watch.unit_done(unit);
            }
            recorder.stats()
        })?;
        let mut stats = above;
        for (unit, below) in units.iter().zip(&below) {
            stats.add_unit(unit, below);
        }
        Some(stats)
    }

    /// The estimated size of each unit's search (its placements), by Knuth's method: descend from
    /// the unit to a leaf along random choices, and take the sum over the levels of the product of
    /// the choices seen; its mean over a few descents is an unbiased estimate. Each descent asks
    /// the solver for the children of a state by running that state as a unit cut one placement
    /// deeper, so it works on any engine. Each unit's descents are seeded by its id: the same
    /// estimates on every machine. On the current thread pool.
    pub(super) fn unit_weights(solver: &dyn Solver, units: &[Unit]) -> Vec<f64> {
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
    pub(super) struct SplitMix(pub(super) u64);

    impl SplitMix {
        /// A number below `n` (which is not 0), as near uniform as the estimate needs.
        pub(super) fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            ((u128::from(z) * n as u128) >> 64) as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::provided::SplitMix;

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
