//! Where a search reports to: the [`Sink`] that every engine (generated, walked, interpreted or
//! reference) drives, and the sinks that count solutions, keep statistics or hand solutions to
//! a visitor.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::failure::FailureCache;
use crate::info::Info;
use crate::solution::{Catalog, Solution};
use crate::unit::Unit;

/// Receives a search's moves.
///
/// Generated solvers are generic over it, so that a sink whose methods do nothing (a counter
/// ignores placements) costs nothing: its defaults are constants once inlined. The trait is
/// object safe, so that one copy of a search can serve every sink through `&mut dyn Sink`.
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

    /// Asked right after each placement: whether to stop descending here and hand the state
    /// over to [`Sink::unit`] instead (what cuts a search into work units).
    #[inline(always)]
    fn cut(&mut self) -> bool {
        false
    }

    /// The state where the search was cut: the free set `q` as words (as the program holds
    /// it) and the position of the procedure that would run next.
    #[inline(always)]
    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        let _ = (q, next);
        ControlFlow::Continue(())
    }

    /// The failure cache, for a sink that skips free sets known to hold no solution.
    #[inline(always)]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        None
    }

    /// Whether [`Sink::solution`] or [`Sink::unit`] may ever return `Break`. A sink that never
    /// stops a search says so, and generated code drops its tests of what a search returns.
    #[inline(always)]
    fn may_stop(&self) -> bool {
        true
    }
}

/// A sink lent out is a sink; so is `&mut dyn Sink`.
impl<S: Sink + ?Sized> Sink for &mut S {
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
    #[inline(always)]
    fn cut(&mut self) -> bool {
        (**self).cut()
    }
    #[inline(always)]
    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        (**self).unit(q, next)
    }
    #[inline(always)]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        (**self).failures()
    }
    #[inline(always)]
    fn may_stop(&self) -> bool {
        (**self).may_stop()
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
    #[inline(always)]
    fn may_stop(&self) -> bool {
        false
    }
}

/// Counts solutions, skipping the free sets its [`FailureCache`], if it has one, knows hold
/// none, and, where the cache is a counting memo, adding the count it knows below a free set
/// instead of searching it: what [`Solver::count`](crate::Solver::count) searches into. It
/// makes fewer placements than a [`Tally`] or [`Stats`] shows, which describe the whole search
/// tree.
#[derive(Debug)]
pub struct CachedCounter {
    /// Solutions the search reached.
    found: u128,
    /// Embeddings placed so far: the work done, fewer than the whole tree's placements where
    /// the cache skipped some.
    pub placements: u64,
    cache: Option<FailureCache>,
}

impl CachedCounter {
    /// A counter with a cache of failures of `2^bits` slots, made for whichever puzzle it
    /// first searches.
    pub fn new(bits: u32) -> CachedCounter {
        CachedCounter::with_cache(FailureCache::new(bits))
    }

    /// A counter with this cache.
    pub fn with_cache(cache: FailureCache) -> CachedCounter {
        CachedCounter {
            found: 0,
            placements: 0,
            cache: Some(cache),
        }
    }

    /// A counter without a cache.
    pub fn without_cache() -> CachedCounter {
        CachedCounter {
            found: 0,
            placements: 0,
            cache: None,
        }
    }

    /// The counter a puzzle's plan asks for: with the cache its [`Info::cache`] describes,
    /// made at once for that puzzle, or none.
    pub fn for_puzzle(info: &Info) -> CachedCounter {
        match info.cache {
            Some(cache) => CachedCounter::with_cache(FailureCache::for_puzzle(
                cache.bits,
                info.fingerprint,
                cache.words,
                cache.counts,
            )),
            None => CachedCounter::without_cache(),
        }
    }

    /// A counter for another thread searching the same puzzle, from zero, with the cache
    /// shared where it can be ([`FailureCache::share`]).
    pub fn share(&self) -> CachedCounter {
        CachedCounter {
            found: 0,
            placements: 0,
            cache: self.cache.as_ref().map(FailureCache::share),
        }
    }

    /// Solutions counted so far: those the search reached and those a memo knew. At most
    /// `u128::MAX`, where it stays ([`CachedCounter::overflowed`]).
    pub fn solutions(&self) -> u128 {
        let credited = self.cache.as_ref().map_or(0, FailureCache::credited);
        self.found.saturating_add(credited)
    }

    /// Whether the count passed `u128::MAX`, and so [`CachedCounter::solutions`] is a floor.
    pub fn overflowed(&self) -> bool {
        let over = self.cache.as_ref().is_some_and(FailureCache::overflowed);
        over || self.solutions() == u128::MAX
    }

    /// The cache, if the counter has one.
    pub fn cache(&self) -> Option<&FailureCache> {
        self.cache.as_ref()
    }
}

impl Sink for CachedCounter {
    #[inline(always)]
    fn place(&mut self, _: u32) {
        self.placements += 1;
    }
    #[inline(always)]
    fn unplace(&mut self) {}
    #[inline(always)]
    fn solution(&mut self) -> ControlFlow<()> {
        self.found += 1;
        ControlFlow::Continue(())
    }
    #[inline(always)]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        self.cache.as_mut()
    }
    #[inline(always)]
    fn may_stop(&self) -> bool {
        false
    }
}

/// Counts solutions and placements.
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
    #[inline(always)]
    fn may_stop(&self) -> bool {
        false
    }
}

/// A sink that gives its search up once a flag is set, for a search run where someone may want
/// it stopped mid-way (Ctrl-C in Python, a stop button on a page). It looks at the flag once in
/// [`Stopping::LOOK_EVERY`] placements, through [`Sink::cut`], and then cuts the search where it
/// is and answers `Break`, which every engine passes up and no failure cache remembers. A
/// search it stopped reached only part of the tree: what its inner sink holds is then no
/// answer. Without a flag it passes every move on and never stops anything itself.
pub struct Stopping<'f, S> {
    inner: S,
    stop: Option<&'f AtomicBool>,
    /// Placements left until the next look at `stop`.
    until_look: u32,
    /// Whether a look found `stop` set.
    stopped: bool,
}

impl<'f, S: Sink> Stopping<'f, S> {
    /// Placements between looks at the flag, a threshold of the run time's with its reason
    /// (about a millisecond of the walker's placements).
    pub const LOOK_EVERY: u32 = crate::tuning::LOOK_EVERY;

    /// `inner`, stopped once `stop` (if any) is set.
    pub fn new(inner: S, stop: Option<&'f AtomicBool>) -> Self {
        Stopping {
            inner,
            stop,
            until_look: Self::LOOK_EVERY,
            stopped: false,
        }
    }

    /// Whether this sink has stopped its search.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    #[cold]
    fn look(&mut self) -> bool {
        self.until_look = Self::LOOK_EVERY;
        self.stopped = self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
        self.stopped
    }
}

impl<S: Sink> Sink for Stopping<'_, S> {
    #[inline(always)]
    fn place(&mut self, embedding: u32) {
        self.inner.place(embedding);
    }
    #[inline(always)]
    fn unplace(&mut self) {
        self.inner.unplace();
    }
    #[inline(always)]
    fn solution(&mut self) -> ControlFlow<()> {
        self.inner.solution()
    }
    #[inline(always)]
    fn pruned(&mut self) {
        self.inner.pruned();
    }
    #[inline(always)]
    fn cut(&mut self) -> bool {
        self.until_look -= 1;
        (self.until_look == 0 && self.look()) || self.inner.cut()
    }
    #[inline(always)]
    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        match self.stopped {
            true => ControlFlow::Break(()),
            false => self.inner.unit(q, next),
        }
    }
    #[inline(always)]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        self.inner.failures()
    }
    #[inline(always)]
    fn may_stop(&self) -> bool {
        self.stop.is_some() || self.inner.may_stop()
    }
}

/// A visitor of solutions: returns `Break` to stop the search. Behind a reference, so that one
/// copy of a search serves every visitor.
pub type Visitor<'v> = dyn FnMut(&Solution<'_>) -> ControlFlow<()> + 'v;

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
    /// A sink for the puzzle `catalog` describes. The stack is allocated here, once, so the
    /// search itself never allocates.
    pub fn new(catalog: &'c Catalog, visitor: F) -> Self {
        Visit {
            catalog,
            placed: Vec::with_capacity(catalog.aspect_count()),
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

/// The shape of a search: placements at each depth, placements pruned, solutions.
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

    /// Adds the statistics of `unit`'s search to those of the search above the units' cut.
    /// A unit's search replays the unit's placements first, which the search above the cut
    /// has counted already: those are taken out.
    pub fn add_unit(&mut self, unit: &Unit, below: &Stats) {
        if self.placements.len() < below.placements.len() {
            self.placements.resize(below.placements.len(), 0);
        }
        for (all, &n) in self.placements.iter_mut().zip(&below.placements) {
            *all += n;
        }
        for all in self.placements.iter_mut().take(unit.placed.len()) {
            *all = all.saturating_sub(1);
        }
        self.pruned += below.pruned;
        self.solutions += below.solutions;
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
    fn may_stop(&self) -> bool {
        false
    }
}

/// The sink of every search a [`Solver`](crate::Solver) runs but the count: it keeps the
/// embeddings placed and does what it was set up for, showing solutions to a visitor, counting
/// placements by depth, cutting the search into units, or passing every move on to another
/// sink. One concrete type for all of them, so that a generated solver holds one copy of its
/// program for them all, whose calls here are direct and inlined. It keeps no failure cache
/// unless one is lent to a search that only visits solutions ([`Recorder::skip_failures`]):
/// every other search it records sees the whole tree.
pub struct Recorder<'r> {
    placed: Vec<u32>,
    /// Solutions seen.
    pub solutions: u64,
    /// Embeddings placed.
    pub placements: u64,
    /// Placements skipped by pruning.
    pub pruned: u64,
    /// The depth at which to cut (never, when not cutting).
    cut_depth: usize,
    /// Whether a move needs more than the counts: depths or an observer.
    extras: bool,
    /// Whether [`Sink::cut`] asks more than the depth: an observer or a stop flag.
    looks: bool,
    /// The flag that gives the search up, the placements until the next look at it, and
    /// whether a look found it set.
    stop: Option<&'r AtomicBool>,
    until_look: u32,
    stopped: bool,
    depths: Option<Vec<u64>>,
    visitor: Option<(&'r Catalog, &'r mut Visitor<'r>)>,
    cut: Option<Cut>,
    observer: Option<&'r mut dyn Sink>,
    /// A cache of failures only, where one is lent ([`Recorder::skip_failures`]).
    failures: Option<&'r mut FailureCache>,
}

/// The units a recorder has cut.
struct Cut {
    fingerprint: u64,
    sentinel: u32,
    units: Vec<Unit>,
}

impl<'r> Recorder<'r> {
    /// A recorder that only counts solutions, placements and pruned placements.
    pub fn new() -> Recorder<'r> {
        Recorder {
            placed: Vec::with_capacity(64),
            solutions: 0,
            placements: 0,
            pruned: 0,
            cut_depth: usize::MAX,
            extras: false,
            looks: false,
            stop: None,
            until_look: Stopping::<Tally>::LOOK_EVERY,
            stopped: false,
            depths: None,
            visitor: None,
            cut: None,
            observer: None,
            failures: None,
        }
    }

    /// Skips the free sets `cache` knows hold no solution, and teaches it those found: what
    /// a recorder that only visits solutions may do (every solution is still shown), not one
    /// that counts placements or cuts units, which see the whole tree. A counting memo's
    /// cache is not taken: its counts would skip solutions unshown.
    pub fn skip_failures(mut self, cache: Option<&'r mut FailureCache>) -> Recorder<'r> {
        self.failures = cache.filter(|cache| !cache.counts());
        self
    }

    /// Shows each solution to `visitor`, read through `catalog`; `Break` stops the search.
    pub fn visit(mut self, catalog: &'r Catalog, visitor: &'r mut Visitor<'r>) -> Recorder<'r> {
        self.placed.reserve(catalog.aspect_count());
        self.visitor = Some((catalog, visitor));
        self
    }

    /// Counts placements by depth too ([`Recorder::stats`]).
    pub fn with_depths(mut self) -> Recorder<'r> {
        self.depths = Some(Vec::new());
        self.extras = true;
        self
    }

    /// Cuts the search of the puzzle `info` describes into units at `depth` placements
    /// ([`Recorder::into_units`]): a unit at each state reached at that depth, and each
    /// solution found above it as a unit of its own.
    pub fn cut(mut self, depth: usize, info: &Info) -> Recorder<'r> {
        self.cut_depth = depth;
        self.cut = Some(Cut {
            fingerprint: info.fingerprint,
            sentinel: info.procedures,
            units: Vec::new(),
        });
        self
    }

    /// Passes every move on to `sink` as well (but its failure cache, if it has one, is not
    /// consulted: the recorder sees the whole tree).
    pub fn observe(mut self, sink: &'r mut dyn Sink) -> Recorder<'r> {
        self.observer = Some(sink);
        self.extras = true;
        self.looks = true;
        self
    }

    /// Gives the search up soon after `stop` is set, as [`Stopping`] does: it is looked at
    /// every [`Stopping::LOOK_EVERY`] placements, and the search then ends with `Break`.
    pub fn stop_when(mut self, stop: &'r AtomicBool) -> Recorder<'r> {
        self.stop = Some(stop);
        self.looks = true;
        self
    }

    /// Whether [`Recorder::stop_when`]'s flag stopped the search.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// What [`Sink::cut`] asks beyond the depth: the stop flag, now and then, and the observer.
    #[inline(always)]
    fn look(&mut self) -> bool {
        if self.stop.is_some() {
            self.until_look -= 1;
            if self.until_look == 0 && self.look_at_flag() {
                return true;
            }
        }
        self.observer.as_mut().is_some_and(|o| o.cut())
    }

    #[cold]
    fn look_at_flag(&mut self) -> bool {
        self.until_look = Stopping::<Tally>::LOOK_EVERY;
        self.stopped = self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
        self.stopped
    }

    /// The statistics recorded: placements by depth (none unless asked for with
    /// [`Recorder::with_depths`]), pruned placements, solutions.
    pub fn stats(&self) -> Stats {
        Stats {
            placements: self.depths.clone().unwrap_or_default(),
            pruned: self.pruned,
            solutions: self.solutions,
            depth: 0,
        }
    }

    /// The units cut, in order.
    pub fn into_units(self) -> Vec<Unit> {
        self.cut.map_or_else(Vec::new, |c| c.units)
    }

    fn record(&mut self, q: &[u64], next: u32) {
        if let Some(cut) = &mut self.cut {
            cut.units.push(Unit {
                fingerprint: cut.fingerprint,
                id: cut.units.len(),
                placed: self.placed.clone(),
                q: q.to_vec(),
                next,
            });
        }
    }

    /// The depth count and the observer of a placement.
    #[cold]
    fn place_extras(&mut self, embedding: u32) {
        if let Some(depths) = &mut self.depths {
            let depth = self.placed.len() - 1;
            if depths.len() <= depth {
                depths.resize(depth + 1, 0);
            }
            depths[depth] += 1;
        }
        if let Some(observer) = &mut self.observer {
            observer.place(embedding);
        }
    }
}

impl Default for Recorder<'_> {
    fn default() -> Self {
        Recorder::new()
    }
}

impl Sink for Recorder<'_> {
    #[inline]
    fn place(&mut self, embedding: u32) {
        self.placed.push(embedding);
        self.placements += 1;
        if self.extras {
            self.place_extras(embedding);
        }
    }

    #[inline]
    fn unplace(&mut self) {
        self.placed.pop();
        if self.extras {
            if let Some(observer) = &mut self.observer {
                observer.unplace();
            }
        }
    }

    fn solution(&mut self) -> ControlFlow<()> {
        if let Some(sentinel) = self.cut.as_ref().map(|c| c.sentinel) {
            self.record(&[], sentinel);
            return ControlFlow::Continue(());
        }
        self.solutions += 1;
        if let Some((catalog, visitor)) = &mut self.visitor {
            visitor(&Solution::new(catalog, &self.placed))?;
        }
        match &mut self.observer {
            Some(observer) => observer.solution(),
            None => ControlFlow::Continue(()),
        }
    }

    #[inline]
    fn pruned(&mut self) {
        self.pruned += 1;
        if self.extras {
            if let Some(observer) = &mut self.observer {
                observer.pruned();
            }
        }
    }

    #[inline]
    fn cut(&mut self) -> bool {
        self.placed.len() >= self.cut_depth || (self.looks && self.look())
    }

    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        if self.stopped {
            return ControlFlow::Break(());
        }
        match (&self.cut, &mut self.observer) {
            (Some(_), _) => {
                self.record(q, next);
                ControlFlow::Continue(())
            }
            (None, Some(observer)) => observer.unit(q, next),
            (None, None) => ControlFlow::Continue(()),
        }
    }

    #[inline]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        self.failures.as_deref_mut()
    }
}

/// Every solution `search` shows its visitor, as embedding numbers in placement order, e.g.
/// `collect(|v| machine.run(&mut Visit::new(catalog, v)).unwrap())`.
pub fn collect(search: impl FnOnce(&mut Visitor<'_>) -> ControlFlow<()>) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    let _ = search(&mut |s| {
        found.push(s.embeddings().to_vec());
        ControlFlow::Continue(())
    });
    found
}

// The failure cache (or counting memo) as a search consults it through its sink, around a
// procedure that keeps one.

/// Runs `search` below free set `q` (the cache's key for it) of puzzle `owner` (its
/// fingerprint), unless the sink's cache knows what is below `q`: none (a failure), or, in a
/// counting memo, how many, which it adds to the count; remembers `q` with what its search
/// reached. A sink without a cache just runs `search`.
#[inline(always)]
pub fn remembered<S: Sink + ?Sized>(
    owner: u64,
    q: &[u64],
    sink: &mut S,
    search: impl FnOnce(&mut S) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(before) = consult(owner, q, sink) else {
        return ControlFlow::Continue(());
    };
    if search(sink).is_break() && sink.may_stop() {
        return ControlFlow::Break(());
    }
    remember(q, sink, before);
    ControlFlow::Continue(())
}

/// What a search asks before going below free set `q` (the cache's key for it) of puzzle
/// `owner`: `None` when the sink's cache knows what `q` holds (none, or a count it has just
/// added), so the search is skipped; else the solutions reached so far, which [`remember`]
/// takes after the search. The two halves of [`remembered`].
#[inline(always)]
pub fn consult<S: Sink + ?Sized>(owner: u64, q: &[u64], sink: &mut S) -> Option<u128> {
    match sink.failures() {
        // Past the largest count nothing can be added: the search ends as soon as it can.
        Some(cache) if cache.overflowed() => None,
        Some(cache) => {
            cache.serve(owner, q.len());
            match cache.known(q) {
                Some(count) => {
                    cache.skip();
                    if count != 0 {
                        cache.credit(count);
                    }
                    None
                }
                None => Some(cache.reached()),
            }
        }
        None => Some(0),
    }
}

/// After the search below `q` ran to its end: remembers what it reached since [`consult`]
/// gave `before` (a cache of failures only where that is none).
#[inline(always)]
pub fn remember<S: Sink + ?Sized>(q: &[u64], sink: &mut S, before: u128) {
    if let Some(cache) = sink.failures() {
        if !cache.overflowed() {
            cache.insert(q, cache.reached() - before);
        }
    }
}

/// Tells the sink's cache, if it has one, that a solution was reached.
#[inline(always)]
pub fn reach<S: Sink + ?Sized>(sink: &mut S) {
    if let Some(cache) = sink.failures() {
        cache.reach();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_set_is_remembered_only_when_its_search_reached_no_solution() {
        let mut sink = CachedCounter::new(4);
        // A search that reaches a solution is not remembered...
        let flow = remembered(1, &[3], &mut sink, |s| {
            reach(s);
            s.solution()
        });
        assert!(flow.is_continue());
        assert_eq!(sink.solutions(), 1);
        assert!(!sink.failures().unwrap().holds(&[3]));
        // ...one that reaches none is, and is then skipped.
        let mut runs = 0;
        for _ in 0..3 {
            let _ = remembered(1, &[9], &mut sink, |_| {
                runs += 1;
                ControlFlow::Continue(())
            });
        }
        assert_eq!(runs, 1);
        assert!(sink.failures().unwrap().holds(&[9]));
        assert_eq!(sink.failures().unwrap().skips(), 2);
        // Another puzzle's search of the same free set is not skipped: it starts afresh.
        let _ = remembered(2, &[9], &mut sink, |_| {
            runs += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(runs, 2);
        assert!(sink.failures().unwrap().holds(&[9]));
        let _ = remembered(1, &[9], &mut sink, |_| {
            runs += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(runs, 3);
    }

    #[test]
    fn a_memo_adds_the_count_below_a_free_set_it_knows() {
        let mut sink = CachedCounter::with_cache(crate::FailureCache::counting(4));
        let mut runs = 0;
        for _ in 0..3 {
            let _ = remembered(1, &[5], &mut sink, |s| {
                runs += 1;
                for _ in 0..3 {
                    reach(s);
                    let _ = s.solution();
                }
                ControlFlow::Continue(())
            });
        }
        assert_eq!((runs, sink.solutions()), (1, 9));
        assert_eq!(sink.cache().unwrap().credited(), 6);
        // A free set below which the search reached none is a failure, as in a cache of them.
        let _ = remembered(1, &[6], &mut sink, |_| ControlFlow::Continue(()));
        assert!(sink.failures().unwrap().holds(&[6]));
        assert_eq!(sink.solutions(), 9);
    }
}
