//! One shape for every compiled puzzle: the [`Solver`] trait, what a search reports to
//! ([`Run`]), and the facts a puzzle publishes ([`Info`]).
//!
//! Every `puzzle!` module's `SOLVER` implements it, and so does the compiler's run-time
//! `Puzzle`, which walks the same program with the same plan: the same name means the same
//! thing on every engine, and finds the same solutions in the same order.

use std::borrow::Cow;
use std::ops::ControlFlow;

use crate::parallel::{self, Unit, UnitError};
use crate::processor::Code;
use crate::search::{CachedCounter, Recorder, Sink, Stats, Tally, Visitor};
use crate::solution::{Catalog, Solution};
use crate::symmetry::SymmetryCheck;

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

    /// The counter [`Solver::count`] uses: with a failure cache where the plan keeps one.
    fn counter(&self) -> CachedCounter {
        CachedCounter::for_puzzle(self.info())
    }

    /// Counts the solutions.
    fn count(&self) -> u64 {
        let mut counter = self.counter();
        let _ = self.run(Run::Count(&mut counter));
        counter.solutions
    }

    /// Counts the solutions on every core (rayon's pool: run inside
    /// [`parallel::with_threads`] to choose the number of threads).
    fn count_parallel(&self) -> u64 {
        parallel::count(self)
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
        parallel::visit(self, visitor)
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

    /// The search cut into work units: at the least depth that gives enough for all cores,
    /// numbered in the order the serial search reaches them (the same on every machine and
    /// every engine).
    fn units(&self) -> Vec<Unit> {
        parallel::units(self)
    }

    /// The solution made of these embeddings, to draw or list.
    fn solution<'a>(&'a self, placed: &'a [u32]) -> Solution<'a> {
        Solution::new(self.catalog(), placed)
    }
}

/// Facts about a compiled puzzle and how its program runs: static in generated code, owned at
/// run time.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// The puzzle's name.
    pub name: Cow<'static, str>,
    /// A number for the search this program makes (its exact-cover problem, order, program
    /// and plan, and the compiler's version): work units and failure caches carry it, so that
    /// those of another puzzle, or of another build of this one, are never mixed in.
    pub fingerprint: u64,
    /// The number of aspects: the box's cells, then the pieces, then any others.
    pub aspects: usize,
    /// The number of embeddings (placements), forbidden ones included; embedding numbers run
    /// from 0 to this.
    pub embeddings: usize,
    /// The number of embeddings the search uses.
    pub allowed: usize,
    /// The number of embeddings dropped at compile time because each cuts off a region that no
    /// other pieces can fill.
    pub eliminated: usize,
    /// The number of procedures; the solution sentinel comes after them.
    pub procedures: u32,
    /// The number of 64-bit words the program holds the free set `q` in.
    pub words: usize,
    /// The aspect order: the pieces placed before the cells, and how the cells are scanned.
    pub order: Cow<'static, str>,
    /// Knuth's estimate, made by the compiler, of the placements the search makes in this
    /// order (compare [`Tally::placements`]).
    pub estimate: f64,
    /// What the symmetry reduction did.
    pub symmetry: SymmetryInfo,
    /// What the search prunes after each placement.
    pub prune: Prune,
    /// The failure cache a count keeps, if it keeps one.
    pub cache: Option<CacheInfo>,
}

/// What a symmetry reduction did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SymmetryInfo {
    /// The order of the group the solutions are reduced by (1 when all are found).
    pub group_order: usize,
    /// The piece restricted to one placement per orbit.
    pub piece: Option<Cow<'static, str>>,
    /// The piece kept to one placement per orbit of the symmetries that fix the first's
    /// placement, where some do.
    pub second_piece: Option<Cow<'static, str>>,
}

/// What the search checks after each placement, to backtrack at once from a state no pieces
/// can complete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Prune {
    /// Nothing.
    #[default]
    Off,
    /// A free cell next to the placement walled in.
    Holes,
    /// A region of free cells next to the placement that no pieces could fill.
    Regions,
}

/// The failure cache a count keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheInfo {
    /// The table has `2^bits` slots.
    pub bits: u32,
    /// The words of a free set's key.
    pub words: usize,
}
