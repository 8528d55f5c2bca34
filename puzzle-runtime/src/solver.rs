//! One shape for every compiled puzzle: the [`Solver`] trait, what a search reports to
//! ([`Run`]), and the work units it cuts itself into.
//!
//! Every `puzzle!` module's `SOLVER` implements it, and so does the compiler's run-time
//! `Puzzle`, which walks the same program with the same plan: the same name means the same
//! thing on every engine, and finds the same solutions in the same order.

use std::ops::ControlFlow;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::info::Info;
use crate::parallel::{self, Progress};
use crate::processor::Code;
use crate::search::{CachedCounter, Recorder, Sink, Stats, Tally, Visitor};
use crate::solution::{Catalog, Solution, Solutions};
use crate::symmetry::{Orbits, SymmetryCheck};
use crate::unit::{Unit, UnitError};

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
/// running the search; everything else is built on those.
pub trait Solver: Sync {
    /// Facts about the puzzle and how its program runs.
    fn info(&self) -> &Info;

    /// The box, the aspects and the embedding table, to read solutions with.
    fn catalog(&self) -> &Catalog;

    /// The same program as puzzle-processor code; `None` for a puzzle with a bag (the
    /// processor has one bit per aspect, a bag needs a counter).
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

    /// Counts the solutions on every core (rayon's pool: run inside
    /// [`parallel::with_threads`] to choose the number of threads), or on this thread alone
    /// where the compiler estimates the search at fewer than [`parallel::SERIAL_BELOW`]
    /// placements (a search that small is over before the threads are under way) or where a
    /// counting memo keeps the counts ([`parallel::count_units`] says why).
    fn count_parallel(&self) -> u128 {
        provided::count_parallel(self.as_dyn())
    }

    /// Counts the solutions on every core as [`Solver::count_parallel`] does, calling
    /// `progress` after each work unit (on the thread that ran it: keep it quick).
    fn count_parallel_with(&self, progress: &(dyn Fn(Progress) + Sync)) -> u128 {
        provided::count_parallel_with(self.as_dyn(), progress)
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
        provided::solve_parallel(self.as_dyn(), visitor)
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
        provided::first(self.as_dyn(), n)
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
    /// by symmetry, the sizes of the classes it finds, summed (one search on every core,
    /// each solution visited); otherwise [`Solver::count_parallel`].
    fn count_all(&self) -> u128 {
        provided::count_all(self.as_dyn())
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
        let (units, above) = self.units_and_stats();
        self.stats_of_units(&units, above, &|_, _| {})
    }

    /// The statistics of the whole search from those of the search above `units` (as
    /// [`Solver::units_and_stats`] gives both) and each unit's, searched on the current thread
    /// pool; `done` hears of each unit's statistics as it ends.
    fn stats_of_units(
        &self,
        units: &[Unit],
        above: Stats,
        done: &(dyn Fn(&Unit, &Stats) + Sync),
    ) -> Stats {
        provided::stats_of_units(self.as_dyn(), units, above, done)
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

/// The bodies of [`Solver`]'s larger provided methods, written once for `&dyn Solver`: a
/// method generic over the solver's type would be compiled again in every crate that calls it
/// on its own solver, with the thread pool's code under it.
mod provided {
    use super::*;

    pub(super) fn count_parallel(solver: &dyn Solver) -> u128 {
        if solver.info().estimate < parallel::SERIAL_BELOW {
            return solver.count();
        }
        parallel::count_units(&solver.units(), solver.counter(), |unit, counter| {
            let _ = solver
                .run_unit(unit, Run::Count(counter))
                .expect("a solver's own units are its own");
        })
    }

    pub(super) fn count_parallel_with(
        solver: &dyn Solver,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> u128 {
        let units = solver.units();
        let (done, solutions) = (AtomicUsize::new(0), Mutex::new(0u128));
        parallel::count_units(&units, solver.counter(), |unit, counter| {
            let before = counter.solutions();
            let _ = solver
                .run_unit(unit, Run::Count(counter))
                .expect("a solver's own units are its own");
            let found = counter.solutions() - before;
            // No atomic holds a u128; a unit's end is rare enough for a lock.
            let solutions = {
                let mut total = solutions.lock().unwrap_or_else(|e| e.into_inner());
                *total = total.saturating_add(found);
                *total
            };
            progress(Progress {
                done: done.fetch_add(1, Ordering::Relaxed) + 1,
                units: units.len(),
                solutions,
            });
        })
    }

    pub(super) fn solve_parallel(
        solver: &dyn Solver,
        visitor: &mut Visitor<'_>,
    ) -> ControlFlow<()> {
        let catalog = solver.catalog();
        let stop = AtomicBool::new(false);
        parallel::visit_units(
            &solver.units(),
            &stop,
            |unit, emit| {
                solver.solve_unit(unit, Some(&stop), &mut |s| emit(s.embeddings()));
            },
            |placed| visitor(&Solution::new(catalog, placed)),
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

    pub(super) fn first(solver: &dyn Solver, n: usize) -> Solutions<'_> {
        let mut found = Vec::with_capacity(n.min(1 << 16));
        if n > 0 {
            let _ = solver.solve(&mut |s| {
                found.push(s.embeddings().to_vec());
                match found.len() < n {
                    true => ControlFlow::Continue(()),
                    false => ControlFlow::Break(()),
                }
            });
        }
        Solutions::new(solver.catalog(), found)
    }

    pub(super) fn count_all(solver: &dyn Solver) -> u128 {
        if solver.info().symmetry.group_order <= 1 {
            return solver.count_parallel();
        }
        let orbits = solver.orbits();
        let mut all = 0;
        let _ = solver.solve_parallel(&mut |s| {
            all += u128::from(orbits.size(s.embeddings()));
            ControlFlow::Continue(())
        });
        all
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

    pub(super) fn stats_of_units(
        solver: &dyn Solver,
        units: &[Unit],
        above: Stats,
        done: &(dyn Fn(&Unit, &Stats) + Sync),
    ) -> Stats {
        let below = parallel::map_units(units, |unit| {
            let mut recorder = Recorder::new().with_depths();
            let _ = solver
                .run_unit(unit, Run::Record(&mut recorder))
                .expect("a solver's own units are its own");
            let stats = recorder.stats();
            done(unit, &stats);
            stats
        });
        let mut stats = above;
        for (unit, below) in units.iter().zip(&below) {
            stats.add_unit(unit, below);
        }
        stats
    }
}
