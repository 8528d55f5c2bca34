//! The run-time engine: a program's trees walked directly, following its plan. It holds `q`
//! as the plan lays it out, prunes with the plan's check on the plan's board, consults the
//! failure cache where the plan does, and cuts units where the emitted Rust would: it is the
//! meaning the emitted Rust must have, and the solver of puzzles compiled at run time.
//!
//! A tree reaches a placement exactly when every aspect on the path to it is free, so the walk
//! finds the placements that fit all at once, in the order the tree reaches them: the same
//! placements in the same order as the emitted Rust, without the interpretation of one test at
//! a time (the shared tests pay in compiled code, where a failing test is one branch; in a walk
//! each is a step of a loop). A tree of [`Tuning::lookup_from`](crate::Tuning::lookup_from) placements or more is looked
//! up, as the emitted lookups do (a table per field of `q` that its placements need, whose
//! entries `and` together into the set of those that fit; where the set is one word, two
//! nibbles side by side are read as a byte, for half the reads the emitted code's constant
//! shifts make cheap); a smaller one is scanned, each placement's aspects tested at once as a
//! mask over `q`.

mod layout;
mod walk_board;

use std::ops::ControlFlow;

use puzzlec_runtime::__private::{fewest_search, reach, remembered, Fits};
use puzzlec_runtime::search::Sink;

use crate::plan::{FitsTables, Layout, Plan, Pruning, Scan, Search};

pub use layout::Walkable;
use layout::{
    BagTake, Chooser, Entry, EntryBody, LeafMasks, Lookup, Op, Read, Tree, CALLER, MAX_SET_WORDS,
    WIDEST_UNROLLED,
};
use walk_board::{one_word, WalkBoard};

/// Where a walk starts.
#[derive(Clone, Copy, Debug)]
pub enum Start<'u> {
    /// The root: every aspect free, the first procedure.
    Root,
    /// A work unit's state: its free set (as words) and the procedure it resumes at. Its
    /// placements are the caller's to replay.
    Unit {
        /// The free set.
        q: &'u [u64],
        /// The procedure to run.
        next: u32,
    },
}

/// Searches with a program laid out by [`Walkable::new`] as `plan` says, from `start`.
pub fn run(
    walkable: &Walkable,
    plan: &Plan,
    start: Start<'_>,
    sink: &mut impl Sink,
) -> ControlFlow<()> {
    let scan = match &plan.search {
        Search::Scan(scan) => scan,
        Search::Fewest(fewest) => {
            let from = fewest.cache.map_or(u32::MAX, |c| c.from_depth);
            let tables = fewest.tables.runtime(from, plan.fingerprint);
            return match start {
                Start::Root => fewest_search(&tables, &plan.layout.full(), sink),
                Start::Unit { q, .. } => fewest_search(&tables, q, sink),
            };
        }
    };
    // The common widths of `q` get a walk whose mask tests unroll; their leaves' masks are
    // kept whole, and the wider ones' sparse.
    const _: () = assert!(WIDEST_UNROLLED == 4);
    match walkable.words {
        1 => run_with::<1>(walkable, plan, scan, start, sink),
        2 => run_with::<2>(walkable, plan, scan, start, sink),
        3 => run_with::<3>(walkable, plan, scan, start, sink),
        4 => run_with::<4>(walkable, plan, scan, start, sink),
        _ => run_with::<0>(walkable, plan, scan, start, sink),
    }
}

/// [`run`] of the scan with `q` of `W` words (0: of `walkable.words`).
fn run_with<const W: usize>(
    walkable: &Walkable,
    plan: &Plan,
    scan: &Scan,
    start: Start<'_>,
    sink: &mut impl Sink,
) -> ControlFlow<()> {
    let layout = &plan.layout;
    let (q, next) = match start {
        Start::Root => (layout.full(), 0),
        Start::Unit { q, next } => {
            // A unit that is a solution keeps no free set.
            let mut words = q.to_vec();
            words.resize(layout.words(), 0);
            (words, next)
        }
    };
    // A walk runs per work unit: the keys and the scratch space are made where first used.
    let mut walker = Walker::<W> {
        walkable,
        layout,
        scan,
        fused: scan.fuses_dead_ends(),
        owner: plan.fingerprint,
        q,
        keys: Vec::new(),
        depth: 0,
        scratch: (Vec::new(), Vec::new()),
    };
    walker.node(next, sink)
}

/// The widest failure-cache key the walker keeps on the stack.
const KEY_ON_STACK: usize = 4;

struct Walker<'p, const W: usize> {
    walkable: &'p Walkable,
    /// Where each aspect lives in `q`.
    layout: &'p Layout,
    /// The scan's plan.
    scan: &'p Scan,
    /// Whether the hole test and the dead ends' run as one ([`Scan::fuses_dead_ends`]),
    /// read once a walk: the plan answers by comparing its boards.
    fused: bool,
    /// The fingerprint, which owns the failure cache's entries.
    owner: u64,
    /// The free set, as the plan lays it out.
    q: Vec<u64>,
    /// The failure cache's key of the free set at each depth (placements made), kept while
    /// the search below it runs, where it is wider than [`KEY_ON_STACK`] words (made as the
    /// search first reaches each depth).
    keys: Vec<Vec<u64>>,
    /// The placements made.
    depth: usize,
    /// Scratch space for the region check's flood fill.
    scratch: (Vec<u64>, Vec<u64>),
}

impl<'p, const W: usize> Walker<'p, W> {
    /// The words of `q`: a constant where the walk was made for one width.
    #[inline(always)]
    fn words(&self) -> usize {
        match W {
            0 => self.walkable.words,
            _ => W,
        }
    }

    /// The search from a state a placement made (or the root, or a unit), going on at the
    /// procedure at `next`: what the first rule of the plan's choice finds, else the
    /// procedure.
    fn node(&mut self, next: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        self.node_with(next, None, sink)
    }

    /// [`Walker::node`] with the dead ends of `q` (as the board's bits) where the hole test
    /// found them on its way. Inlined: a call fewer per placement.
    #[inline(always)]
    fn node_with(
        &mut self,
        next: u32,
        ends: Option<u128>,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let walkable = self.walkable;
        for rule in &walkable.choice {
            match rule {
                Chooser::DeadEnds(board, trees) => {
                    let ends = ends.unwrap_or_else(|| board.dead_ends(&self.q));
                    if ends != 0 {
                        let bit = ends.trailing_zeros();
                        return self.tree(trees[bit as usize], next, sink);
                    }
                }
                Chooser::FewestFits(board, fits) if next >= fits.from.0 => {
                    let q = one_word(&self.q);
                    let free = board.free(q);
                    if free.count_ones() > fits.above {
                        return self.fewest_fits(fits, board, free, q, next, sink);
                    }
                }
                Chooser::FewestFits(..) => {}
            }
        }
        self.go_on(next, sink)
    }

    /// [`Walker::solve`] from a placement: where the first free procedure looks up a set of
    /// one word and finds nothing (most lookups do), the search ends here, without a call.
    #[inline(always)]
    fn go_on(&mut self, next: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(entry) = self.first_free(next) else {
            return self.all_covered(sink);
        };
        if let (false, EntryBody::Place(Tree::Lookup(lookup))) = (entry.optional, &entry.body) {
            if lookup.words == 1 {
                let mut fit = [0];
                self.find(lookup, &mut fit);
                if fit[0] == 0 {
                    return ControlFlow::Continue(());
                }
                return self.cover_found(lookup, fit, false, entry.position, sink);
            }
        }
        self.solve_at(entry, sink)
    }

    /// Covers the free cell that the fewest placements fit (`free`: the free cells on the
    /// board, `q`: the free set as one word), going on at the procedure at `next`.
    fn fewest_fits(
        &mut self,
        tables: &FitsTables,
        board: &WalkBoard,
        free: u128,
        q: u128,
        next: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let fits = Fits {
            cells: &tables.cells,
            runs: &tables.runs,
            embeddings: &tables.embeddings,
            board: &tables.takes,
        };
        let Some(bit) = (match board.hemmed_in(q) {
            [0, 0] => fits.fewest(free, q),
            hemmed => fits.fewest_of(hemmed, free, q),
        }) else {
            return ControlFlow::Continue(());
        };
        for e in fits.fitting(bit, free, q) {
            let mask = tables.masks[e as usize];
            let words = [mask as u64, (mask >> 64) as u64];
            let n = self.words();
            self.flip(&words[..n]);
            let flow = self.place(e, next, sink);
            self.flip(&words[..n]);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// `Solve` for the procedure at `position`; the sentinel past the last one.
    fn solve(&mut self, position: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        // A covered aspect passes `q` on to the next procedure: the first free one is found at
        // once, as the owner of the lowest bit of `q` from `position`'s on.
        match self.first_free(position) {
            Some(entry) => self.solve_at(entry, sink),
            None => self.all_covered(sink),
        }
    }

    /// Every aspect from the last placement's on is covered: a solution, where the bags'
    /// quotas are met.
    fn all_covered(&mut self, sink: &mut impl Sink) -> ControlFlow<()> {
        if !self.scan.quotas_met(self.layout, &self.q) {
            return ControlFlow::Continue(());
        }
        reach(sink);
        sink.solution()
    }

    /// `Solve` for the procedure `entry`, whose aspect is the first free one.
    fn solve_at(&mut self, entry: &Entry, sink: &mut impl Sink) -> ControlFlow<()> {
        let position = entry.position;
        let optional = entry.optional;
        let tree = match &entry.body {
            EntryBody::Require => return ControlFlow::Continue(()),
            EntryBody::Pass => return self.solve(position + 1, sink),
            EntryBody::Place(tree) => tree,
        };
        match tree {
            Tree::Lookup(lookup) => {
                let lookup = &lookup;
                // Most lookups have 64 leaves or fewer: their set is one word, in a register.
                match lookup.words {
                    1 => self.look_up::<1>(lookup, optional, position, sink),
                    2 => self.look_up::<2>(lookup, optional, position, sink),
                    3..=4 => self.look_up::<4>(lookup, optional, position, sink),
                    _ => self.look_up::<MAX_SET_WORDS>(lookup, optional, position, sink),
                }
            }
            Tree::Ops { .. } => self.cover(optional, position, sink, |walker, sink| {
                walker.tree(*tree, position, sink)
            }),
        }
    }

    /// `Solve` for the procedure at `position`, whose placements are looked up in a set of at
    /// most `L` words: they are found first, and the search goes no further when none fits,
    /// before the cache's memory is read.
    #[inline(always)]
    fn look_up<const L: usize>(
        &mut self,
        lookup: &Lookup,
        optional: bool,
        position: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let mut fit = [0; L];
        self.find(lookup, &mut fit[..lookup.words as usize]);
        if fit.iter().all(|&w| w == 0) {
            return match optional {
                true => self.solve(position + 1, sink),
                false => ControlFlow::Continue(()),
            };
        }
        self.cover_found(lookup, fit, optional, position, sink)
    }

    /// [`Walker::look_up`] once it found the set `fit`, not empty. Not inlined: the search
    /// goes on here from a lookup that found something, and from a placement's own lookup.
    #[inline(never)]
    fn cover_found<const L: usize>(
        &mut self,
        lookup: &Lookup,
        fit: [u64; L],
        optional: bool,
        position: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        self.cover(optional, position, sink, |walker, sink| {
            walker.fitting(lookup, fit, position, sink)
        })
    }

    /// `Solve` for the procedure at `position` once `place` has placed what fits there:
    /// through the failure cache where the plan keeps it, and on past an optional aspect.
    #[inline(always)]
    fn cover<S: Sink>(
        &mut self,
        optional: bool,
        position: u32,
        sink: &mut S,
        place: impl FnOnce(&mut Self, &mut S) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let body = |walker: &mut Self, sink: &mut S| {
            place(walker, sink)?;
            // An optional aspect may also stay uncovered.
            match optional {
                true => walker.solve(position + 1, sink),
                false => ControlFlow::Continue(()),
            }
        };
        let Some(cache) = self.scan.cache.filter(|c| position >= c.from.0) else {
            return body(self, sink);
        };
        let (layout, owner) = (self.layout, self.owner);
        let width = layout.key_words(cache.key);
        // Most keys are a word or two: on the stack. A wider one keeps a vector per depth.
        if width <= KEY_ON_STACK {
            let mut key = [0; KEY_ON_STACK];
            layout.key_of(cache.key, &self.q, &mut key[..width]);
            return remembered(owner, &key[..width], sink, |sink| body(self, sink));
        }
        if self.keys.len() <= self.depth {
            self.keys.resize(self.depth + 1, Vec::new());
        }
        let mut key = std::mem::take(&mut self.keys[self.depth]);
        key.resize(width, 0);
        layout.key_of(cache.key, &self.q, &mut key);
        let flow = remembered(owner, &key, sink, |sink| body(self, sink));
        self.keys[self.depth] = key;
        flow
    }

    /// The first procedure from `position` on whose aspect is free, none past the last.
    #[inline(always)]
    fn first_free(&self, position: u32) -> Option<&'p Entry> {
        let walkable = self.walkable;
        let n = self.words();
        let &offset = walkable.offsets.get(position as usize)?;
        let mut w = offset as usize / 64;
        // A procedure past the last bit `q` uses is the sentinel's.
        if w >= n {
            return None;
        }
        let mut word = self.q[w] & walkable.fields[w] & (u64::MAX << (offset % 64));
        while word == 0 {
            w += 1;
            if w == n {
                return None;
            }
            word = self.q[w] & walkable.fields[w];
        }
        Some(&walkable.owners[w * 64 + word.trailing_zeros() as usize])
    }

    /// The placements of a tree that fit, run by the procedure at `caller`.
    fn tree(&mut self, tree: Tree, caller: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        match tree {
            Tree::Ops { start, end } => self.walk(start as usize, end as usize, caller, sink),
            Tree::Lookup(lookup) => {
                let lookup = &lookup;
                match lookup.words {
                    1 => self.found::<1>(lookup, caller, sink),
                    2 => self.found::<2>(lookup, caller, sink),
                    3..=4 => self.found::<4>(lookup, caller, sink),
                    _ => self.found::<MAX_SET_WORDS>(lookup, caller, sink),
                }
            }
        }
    }

    /// The leaves of a lookup that fit `q` (in a set of at most `L` words), placed in turn by
    /// the procedure at `caller`.
    #[inline(always)]
    fn found<const L: usize>(
        &mut self,
        lookup: &Lookup,
        caller: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let mut fit = [0; L];
        self.find(lookup, &mut fit[..lookup.words as usize]);
        self.fitting(lookup, fit, caller, sink)
    }

    /// The leaves of a lookup that fit `q`, as a set.
    #[inline(always)]
    fn find(&self, lookup: &Lookup, fit: &mut [u64]) {
        let walkable = self.walkable;
        let all = lookup.all as usize;
        let (start, end) = lookup.reads;
        let reads = &walkable.reads[start as usize..end as usize];
        let q = &self.q[..self.words()];
        let value = |read: &Read| (q[read.word as usize] >> read.shift) & read.values as u64;
        // Most trees have 64 leaves or fewer: one word, in a register.
        if let [word] = fit {
            let sets = &walkable.sets;
            // A loop rather than a fold: LLVM inlines a fold into some callers and not others.
            let mut found = sets[all];
            for read in reads {
                found &= sets[read.sets as usize + value(read) as usize];
            }
            *word = found;
            return;
        }
        // Two words, the next most common: in registers, each table's pair read at once.
        if let [first, second] = fit {
            let sets = &walkable.sets;
            let (mut low, mut high) = (sets[all], sets[all + 1]);
            for read in reads {
                let at = read.sets as usize + value(read) as usize * 2;
                if let [a, b] = sets[at..at + 2] {
                    (low, high) = (low & a, high & b);
                }
            }
            (*first, *second) = (low, high);
            return;
        }
        let words = fit.len();
        fit.copy_from_slice(&walkable.sets[all..all + words]);
        for read in reads {
            let at = read.sets as usize + value(read) as usize * words;
            let allows = &walkable.sets[at..at + words];
            fit.iter_mut().zip(allows).for_each(|(f, a)| *f &= a);
        }
    }

    /// The leaves of a lookup in the set `fit`, placed in turn by the procedure at `caller`.
    fn fitting<const L: usize>(
        &mut self,
        lookup: &Lookup,
        mut fit: [u64; L],
        caller: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let words = lookup.words as usize;
        // Where the leaves' reach is kept, every leaf that fits is checked at once, from one
        // count of the free cells' free neighbours.
        let walkable = self.walkable;
        let first = lookup.first as usize;
        let pairs = self.scan.pruning.pairs();
        let q = one_word(&self.q);
        let mut refused = [0; L];
        let counted = match &walkable.board {
            Some(WalkBoard::Narrow(b)) if b.width > 0 => {
                let free = (q >> b.offset) as u64;
                b.counted(free, first, &fit[..words], &mut refused[..words], pairs);
                true
            }
            Some(WalkBoard::Wide(b)) if b.width > 0 => {
                b.counted(
                    q >> b.offset,
                    first,
                    &fit[..words],
                    &mut refused[..words],
                    pairs,
                );
                true
            }
            _ => false,
        };
        // A plan that checks first counts the refused before it places any, as the emitted
        // code does; one that checks as it places, each where it comes, after its bags.
        if counted && self.scan.fitting.checking().first() {
            for (f, r) in fit.iter_mut().zip(&mut refused) {
                (0..r.count_ones()).for_each(|_| sink.pruned());
                *f &= !*r;
                *r = 0;
            }
        }
        for (w, &word) in fit[..words].iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let i = first + w * 64 + bit as usize;
                let check = match (counted, refused[w] >> bit & 1) {
                    (false, _) => Check::Unchecked,
                    (true, 0) => Check::Passed,
                    (true, _) => Check::Refused,
                };
                self.leaf(i, caller, check, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The steps `ops[start..end]` of a tree, run by the procedure at `caller`.
    fn walk(
        &mut self,
        start: usize,
        end: usize,
        caller: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let ops = &self.walkable.ops;
        let mut at = start;
        while at < end {
            match ops[at] {
                Op::Test { word, mask, end } => match self.q[word as usize] & mask {
                    0 => at = end as usize,
                    _ => at += 1,
                },
                Op::Scan { start, end } => {
                    self.leaves(start as usize, end as usize, caller, sink)?;
                    at += 1;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The leaves `start..end`, one after another: each whose aspects are all free is placed.
    fn leaves(
        &mut self,
        start: usize,
        end: usize,
        caller: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let mut at = start;
        while let Some(i) = self.next_fit(at, end) {
            at = i + 1;
            self.leaf(i, caller, Check::Unchecked, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// Leaf `i`, whose bits of `q` are free, placed by the procedure at `caller` where its
    /// bags have copies left and the plan's check lets it (`check`: what the check found of
    /// it before, if it was made before).
    #[inline(always)]
    fn leaf(
        &mut self,
        i: usize,
        caller: u32,
        check: Check,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let walkable = self.walkable;
        let leaf = walkable.leaves[i];
        // Most leaves take from no bag.
        let bags: &[BagTake] = match leaf.bags {
            (start, end) if start == end => &[],
            (start, end) => &walkable.bags[start as usize..end as usize],
        };
        if bags.iter().any(|b| self.q[b.word as usize] & b.mask == 0) {
            return ControlFlow::Continue(());
        }
        if let Check::Refused = check {
            sink.pruned();
            return ControlFlow::Continue(());
        }
        self.take(i, bags);
        let next = match leaf.next {
            CALLER => caller,
            next => next,
        };
        let flow = match check {
            Check::Passed | Check::Refused => self.placed(leaf.embedding, None, next, sink),
            Check::Unchecked => self.place(leaf.embedding, next, sink),
        };
        self.give_back(i, bags);
        flow
    }

    /// The first leaf of `from..end` whose bits of `q` are all free: the walk's inner loop,
    /// a scan of masks against a `q` that does not change while it runs.
    #[inline(always)]
    fn next_fit(&self, from: usize, end: usize) -> Option<usize> {
        let n = self.words();
        let q = &self.q[..n];
        match &self.walkable.masks {
            LeafMasks::Whole(masks) => {
                let masks = &masks[from * n..end * n];
                let found = masks
                    .chunks_exact(n)
                    .position(|mask| mask.iter().zip(q).all(|(m, q)| m & !q == 0));
                found.map(|i| from + i)
            }
            LeafMasks::Sparse(masks) => {
                (from..end).find(|&i| (masks.of(i).iter()).all(|&(w, m)| m & !q[w as usize] == 0))
            }
        }
    }

    /// Takes leaf `i`'s aspects from `q`, and a copy from each of its `bags`.
    #[inline(always)]
    fn take(&mut self, i: usize, bags: &[BagTake]) {
        self.toggle(i);
        bags.iter().for_each(|b| self.q[b.word as usize] -= b.bit);
    }

    /// Gives leaf `i`'s aspects back to `q`, and its copies to its `bags`.
    #[inline(always)]
    fn give_back(&mut self, i: usize, bags: &[BagTake]) {
        self.toggle(i);
        bags.iter().for_each(|b| self.q[b.word as usize] += b.bit);
    }

    /// Flips leaf `i`'s bits of `q`: all free before a placement, all taken after it.
    #[inline(always)]
    fn toggle(&mut self, i: usize) {
        let n = self.words();
        let walkable = self.walkable;
        match &walkable.masks {
            LeafMasks::Whole(masks) => self.flip(&masks[i * n..(i + 1) * n]),
            LeafMasks::Sparse(masks) => {
                for &(w, m) in masks.of(i) {
                    self.q[w as usize] ^= m;
                }
            }
        }
    }

    /// Flips the bits of `q` that `mask`, of `q`'s width, holds.
    #[inline(always)]
    fn flip(&mut self, mask: &[u64]) {
        let n = self.words();
        self.q[..n].iter_mut().zip(mask).for_each(|(q, m)| *q ^= m);
    }
    /// Places an embedding whose aspects are all held, and goes on with procedure `next`.
    fn place(&mut self, embedding: u32, next: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        let ends = match self.check(embedding) {
            Checked::Refused => {
                sink.pruned();
                return ControlFlow::Continue(());
            }
            Checked::Passed => None,
            Checked::Ends(ends) => Some(ends),
        };
        self.placed(embedding, ends, next, sink)
    }

    /// Goes on from an embedding placed that the check passed (`ends`: the dead ends it
    /// found, where it finds them).
    #[inline(always)]
    fn placed(
        &mut self,
        embedding: u32,
        ends: Option<u128>,
        next: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        sink.place(embedding);
        self.depth += 1;
        let flow = match sink.cut() {
            true => sink.unit(&self.q, next),
            false => self.node_with(next, ends, sink),
        };
        self.depth -= 1;
        sink.unplace();
        flow
    }

    /// What the plan's check finds of the state `embedding` has just made.
    fn check(&mut self, e: u32) -> Checked {
        let pruning = &self.scan.pruning;
        let (check, holes) = match pruning {
            Pruning::Off => return Checked::Passed,
            Pruning::Holes { check, .. } => (check, true),
            Pruning::Regions(check) => (check, false),
        };
        // The board's cells lie within 128 bits of `q` from its offset.
        let q = one_word(&self.q);
        let fused = self.fused;
        let refused = match &self.walkable.board {
            Some(WalkBoard::Narrow(b)) if fused => {
                return b.holes_or_dead_ends((q >> b.offset) as u64, e, pruning)
            }
            Some(WalkBoard::Wide(b)) if fused => {
                return b.holes_or_dead_ends(q >> b.offset, e, pruning)
            }
            Some(WalkBoard::Narrow(b)) => b.refuses((q >> b.offset) as u64, e, pruning),
            Some(WalkBoard::Wide(b)) => b.refuses(q >> b.offset, e, pruning),
            None => match holes {
                true => check.regions.leaves_hole(&self.q, e),
                false => {
                    let (counted, region) = &mut self.scratch;
                    counted.clear();
                    counted.resize(self.q.len(), 0);
                    region.resize(self.q.len(), 0);
                    !check.regions.allows_with(&self.q, e, counted, region)
                }
            },
        };
        match refused {
            true => Checked::Refused,
            false => Checked::Passed,
        }
    }
}

/// What a leaf's check found before it was placed, if it was made before.
#[derive(Clone, Copy)]
enum Check {
    /// Not made: the leaf is checked when placed.
    Unchecked,
    /// Made, and the leaf may be placed.
    Passed,
    /// Made, and the state the leaf would make cannot be completed.
    Refused,
}

/// What the pruning check found after a placement.
enum Checked {
    /// The state it made cannot be completed.
    Refused,
    /// It may be.
    Passed,
    /// It may be, and these are its dead ends, as the board's bits.
    Ends(u128),
}

#[cfg(test)]
mod tests {
    use puzzlec_runtime::search::{collect, Tally, Visit};
    use puzzlec_runtime::{Run, Solver};

    use crate::description::{Description, OrderChoice};
    use crate::Puzzle;

    /// The puzzle's program laid out for walking, as its compile lays it out.
    fn walkable(p: &Puzzle) -> super::Walkable {
        let tuning = crate::Tuning::default();
        let embeddings = p.info().embeddings;
        super::Walkable::new(Some(p.program()), p.order(), p.plan(), embeddings, &tuning)
    }

    fn small() -> Description {
        Description::report_example()
            .order(OrderChoice::Columns)
            .eliminate(false)
    }

    #[test]
    fn the_walker_finds_the_reports_solutions_in_its_order() {
        let d = small().restrict("C", &[&[".#.", "##."], &["..#", ".##"]]);
        let p = Puzzle::new(&d).unwrap();
        assert_eq!(p.collect(), [[0, 18, 10], [6, 3, 20], [7, 1, 20]]);
        // Nothing pruned (a monomino fills any hole): one placement per CALL of the report's
        // run, and the failure cache of the count changes nothing.
        assert_eq!(
            p.tally(),
            Tally {
                solutions: 3,
                placements: 10
            }
        );
        assert_eq!(p.count(), 3);
    }

    /// A free set wider than the walks made width by width: each leaf's mask kept as its words
    /// that are not zero, the lookups' tables and the scans read from them.
    #[test]
    fn a_wide_free_set_is_walked_by_sparse_masks() {
        // 290 cells and eight pieces, five words of `q`: a bar of 283 in one of eight places
        // and seven monominoes in the cells it leaves, 8 x 7! ways; eight leaves cover the
        // first cell, so its procedure looks them up, and the others are scanned.
        let bar = "#".repeat(283);
        let mut d = Description::new("wide")
            .block(&[1, 290])
            .piece("A", &[bar.as_str()])
            .order(OrderChoice::Columns);
        for name in ["B", "C", "D", "E", "F", "G", "H"] {
            d = d.piece(name, &["#"]);
        }
        let p = Puzzle::new(&d).unwrap();
        let walkable = walkable(&p);
        assert!(walkable.words > super::WIDEST_UNROLLED);
        assert!(matches!(walkable.masks, super::LeafMasks::Sparse(_)));
        assert!(walkable
            .ops
            .iter()
            .any(|op| matches!(op, super::Op::Scan { .. })));
        let mut walked = p.collect();
        let mut reference = p.reference_solution_sets();
        walked.iter_mut().for_each(|s| s.sort_unstable());
        walked.sort_unstable();
        reference.sort_unstable();
        assert_eq!(walked.len() as u128, p.count());
        assert_eq!(walked, reference);
        assert_eq!(walked.len(), 8 * 5040);
    }

    #[test]
    fn units_resume_where_they_were_cut() {
        let p = Puzzle::new(&small()).unwrap();
        let whole = p.collect();
        assert_eq!(whole.len(), 12);
        for depth in 1..=3 {
            let units = p.units_at(depth);
            let mut parts = Vec::new();
            for unit in &units {
                parts.extend(collect(|v| {
                    let mut recorder =
                        puzzlec_runtime::search::Recorder::new().visit(p.catalog(), v);
                    p.run_unit(unit, Run::Record(&mut recorder)).unwrap()
                }));
            }
            assert_eq!(parts, whole, "cut at {depth}");
        }
        // A unit's placements are replayed before it resumes.
        let unit = &p.units_at(2)[0];
        let mut first = Vec::new();
        let mut visit = Visit::new(p.catalog(), |s: &puzzlec_runtime::Solution<'_>| {
            first.push(s.embeddings().to_vec());
            std::ops::ControlFlow::Continue(())
        });
        let walkable = walkable(&p);
        let _ = super::run(
            &walkable,
            p.plan(),
            super::Start::Unit {
                q: &unit.q,
                next: unit.next,
            },
            &mut visit,
        );
        assert!(first.iter().all(|s| s.len() == 3 - unit.placed.len()));
    }
}
