//! Where a search reports to: the [`Sink`] that every solver (generated, walked or reference)
//! drives, and the sinks that count solutions or hand them to a visitor.

use std::ops::ControlFlow;

use crate::failure::FailureCache;
use crate::solution::{Catalog, Solution};

/// Receives a search's moves. Generated solvers are generic over it, so a sink that ignores
/// placements (counting) costs nothing for them.
pub trait Sink {
    /// An embedding was placed.
    fn place(&mut self, embedding: u32);
    /// The last embedding placed was taken back.
    fn unplace(&mut self);
    /// Every aspect is covered: the placed embeddings are a solution. `Break` stops the search.
    fn solution(&mut self) -> ControlFlow<()>;

    /// A placement was skipped because pruning found it leaves something no piece can fill.
    #[inline(always)]
    fn pruned(&mut self) {}

    /// Whether this sink may cut the search into work units ([`crate::parallel`]). False for
    /// every other sink, so that generated code drops the test at compile time.
    const CUTS: bool = false;

    /// Asked right after a placement when [`Sink::CUTS`]: whether to stop descending here and
    /// hand the state over to [`Sink::unit`] instead.
    #[inline(always)]
    fn cut(&mut self) -> bool {
        false
    }

    /// Whether this sink carries a [`FailureCache`] (free sets found to hold no solution).
    /// False for every other sink, so that generated code drops the cache's tests.
    const REMEMBERS: bool = false;

    /// The sink's failure cache, when [`Sink::REMEMBERS`].
    #[inline(always)]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        None
    }

    /// The state where the search was cut: the free set as words (as the generated solver
    /// holds it) and the position of the procedure that would run next.
    #[inline(always)]
    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        let _ = (q, next);
        ControlFlow::Continue(())
    }
}

/// A sink lent out is a sink.
impl<S: Sink> Sink for &mut S {
    #[inline(always)]
    fn place(&mut self, embedding: u32) {
        (**self).place(embedding);
    }
    #[inline(always)]
    fn unplace(&mut self) {
        (**self).unplace();
    }
    #[inline(always)]
    fn solution(&mut self) -> ControlFlow<()> {
        (**self).solution()
    }
    #[inline(always)]
    fn pruned(&mut self) {
        (**self).pruned();
    }
    const CUTS: bool = S::CUTS;
    #[inline(always)]
    fn cut(&mut self) -> bool {
        (**self).cut()
    }
    #[inline(always)]
    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        (**self).unit(q, next)
    }
    const REMEMBERS: bool = S::REMEMBERS;
    #[inline(always)]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        (**self).failures()
    }
}

/// Counts solutions and ignores placements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counter {
    /// Solutions seen so far.
    pub solutions: u64,
}

impl Sink for Counter {
    #[inline(always)]
    fn place(&mut self, _: u32) {}
    #[inline(always)]
    fn unplace(&mut self) {}
    #[inline(always)]
    fn solution(&mut self) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }
}

/// Counts solutions, skipping the free sets its [`FailureCache`], if it has one, knows hold
/// none: what the generated `count` uses. The placements it makes are fewer than a [`Tally`]
/// or [`Stats`] shows, which describe the whole search tree.
#[derive(Debug)]
pub struct CachedCounter {
    /// Solutions seen so far.
    pub solutions: u64,
    cache: Option<FailureCache>,
}

impl CachedCounter {
    /// A counter with a cache of `2^bits` slots.
    pub fn new(bits: u32) -> CachedCounter {
        CachedCounter {
            solutions: 0,
            cache: Some(FailureCache::new(bits)),
        }
    }

    /// A counter with this cache.
    pub fn with_cache(cache: FailureCache) -> CachedCounter {
        CachedCounter {
            solutions: 0,
            cache: Some(cache),
        }
    }

    /// A counter for another thread searching the same puzzle, from zero, with the cache
    /// shared where it can be ([`FailureCache::share`]).
    pub fn share(&self) -> CachedCounter {
        CachedCounter {
            solutions: 0,
            cache: self.cache.as_ref().map(FailureCache::share),
        }
    }

    /// A counter without a cache, for a puzzle whose search seldom reaches a free set twice.
    pub fn without_cache() -> CachedCounter {
        CachedCounter {
            solutions: 0,
            cache: None,
        }
    }
}

impl Sink for CachedCounter {
    #[inline(always)]
    fn place(&mut self, _: u32) {}
    #[inline(always)]
    fn unplace(&mut self) {}
    #[inline(always)]
    fn solution(&mut self) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }
    const REMEMBERS: bool = true;
    #[inline(always)]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        self.cache.as_mut()
    }
}

/// Counts solutions and placements: the statistics a search can keep for nothing but two
/// additions (a [`Counter`] search compiles without even those).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solutions seen.
    pub solutions: u64,
    /// Embeddings placed (the processor's executed `CALL`s).
    pub placements: u64,
}

impl Sink for Tally {
    #[inline(always)]
    fn place(&mut self, _: u32) {
        self.placements += 1;
    }
    #[inline(always)]
    fn unplace(&mut self) {}
    #[inline(always)]
    fn solution(&mut self) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }
}

/// Keeps the placed embeddings and shows each solution to a visitor.
pub struct Visit<'c, F> {
    catalog: &'c Catalog,
    placed: Vec<u32>,
    visitor: F,
}

impl<'c, F> Visit<'c, F>
where
    F: FnMut(&Solution<'_>) -> ControlFlow<()>,
{
    /// A sink for the puzzle described by `catalog`. The stack is allocated here, once, so the
    /// search itself never allocates.
    pub fn new(catalog: &'c Catalog, visitor: F) -> Self {
        Visit {
            catalog,
            placed: Vec::with_capacity(catalog.aspects.len()),
            visitor,
        }
    }
}

impl<F> Sink for Visit<'_, F>
where
    F: FnMut(&Solution<'_>) -> ControlFlow<()>,
{
    #[inline]
    fn place(&mut self, embedding: u32) {
        self.placed.push(embedding);
    }
    #[inline]
    fn unplace(&mut self) {
        self.placed.pop();
    }
    fn solution(&mut self) -> ControlFlow<()> {
        (self.visitor)(&Solution::new(self.catalog, &self.placed))
    }
}

/// The shape of a search: placements at each depth, placements pruned, solutions. A search
/// into any other sink compiles without the counting.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// `placements[d]`: embeddings placed with `d` already placed.
    pub placements: Vec<u64>,
    /// Placements skipped by pruning.
    pub pruned: u64,
    /// Solutions seen.
    pub solutions: u64,
    depth: usize,
}

impl Stats {
    /// All placements, at every depth.
    pub fn total_placements(&self) -> u64 {
        self.placements.iter().sum()
    }
}

impl Sink for Stats {
    fn place(&mut self, _: u32) {
        if self.placements.len() <= self.depth {
            self.placements.resize(self.depth + 1, 0);
        }
        self.placements[self.depth] += 1;
        self.depth += 1;
    }
    fn unplace(&mut self) {
        self.depth -= 1;
    }
    fn solution(&mut self) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }
    fn pruned(&mut self) {
        self.pruned += 1;
    }
}

/// Every solution `search` shows its visitor, as embedding numbers in placement order, e.g.
/// `collect(|v| pentomino_6x10::solve(v))`.
pub fn collect(search: impl FnOnce(&mut Visitor<'_>) -> ControlFlow<()>) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    let _ = search(&mut |s| {
        found.push(s.embeddings().to_vec());
        ControlFlow::Continue(())
    });
    found
}

/// A visitor of solutions behind a reference, so that one function can serve several puzzles.
pub type Visitor<'v> = dyn FnMut(&Solution<'_>) -> ControlFlow<()> + 'v;

/// A puzzle's `solve` as a plain function pointer (e.g. `|v| pentomino_6x10::solve(v)`): lets a
/// program choose among generated solvers at run time.
pub type SolveFn = for<'v> fn(&mut Visitor<'v>) -> ControlFlow<()>;
