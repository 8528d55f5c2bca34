//! The required aspect with the fewest embeddings: after each placement, the search covers
//! next the free required aspect that the fewest embeddings still fit (Knuth's choice of the
//! item with the fewest options), ties to the lowest bit of `q`, and tries its embeddings in
//! their order. An aspect that nothing fits ends the branch, and a forced one (one embedding)
//! is covered before any that branches, so a puzzle with clues (a sudoku) settles what its
//! clues force before it branches.
//!
//! Each level of the search holds the set of embeddings that still fit (`live`). A placement
//! takes out of `live` every embedding that needs a bit of `q` it takes (the sets of each
//! bit's takers, or'ed together). Where a set of embeddings is a few words, an aspect's count
//! is the popcount of its takers in `live`, read as the scan for the fewest passes it (with
//! the `popcnt` instruction where the CPU has it: the search is compiled twice, and chooses
//! once); a larger set keeps the counts up to date instead, each embedding taken out lowering
//! the counts of its required aspects (a covered aspect's too: never read again, and a test
//! for it costs more than the store). The next level is written beside the last, so going back
//! is free. The same code runs for the walker and for generated code, which hands it static
//! tables and its sizes as constants: both search alike, in the same order.
//!
//! A required aspect may be a bag, covered `least..=most` times (Knuth's multiplicities, his
//! Algorithm M). Its bit stays in `q` until `most` embeddings take it; the masks and clashes
//! leave it out, and each level counts the embeddings placed that take it. Branching on a bag
//! tries its embeddings in order, each branch without those tried before it (so that a set of
//! embeddings is found once), no more than leave enough for its least; then, where its least is
//! met, a branch that places none and finishes it. The aspect chosen is the one of least
//! branching degree (`l + s - b + 1` for `l` embeddings, `b` more it may take and `s` the
//! least of `b` and its slack), ties to the less slack, then to the more embeddings, then to
//! the lowest bit, as Knuth's `dlx3` chooses; an aspect held once scores its count, so a cover
//! without bags searches as before. A unit cut in such a search holds the whole level: `q`,
//! the embeddings still live and each bag's count.
//! Everything below a node depends on that state alone, so a count's memo keys it whole: `q`
//! with each bag's field holding the times it may still be taken, then `live` (two lines of
//! marks filled in either order meet again with the same solutions below them).

use std::ops::ControlFlow;

use crate::search::{reach, remembered, Sink};

/// The tables of the search, by embedding in the order they are tried (the cover's order of
/// the embeddings allowed) and by bit of `q`.
#[derive(Clone, Copy, Debug)]
pub struct Fewest<'t> {
    /// The words of `q`.
    pub words: u32,
    /// The words of a set of embeddings.
    pub sets: u32,
    /// The bits of `q` of the required aspects, as `words` words: those a solution covers.
    pub required: &'t [u64],
    /// Counts are kept for the bits of `q` below this one (past the highest required bit).
    pub span: u32,
    /// For each bit of `q`, the words of the set of embeddings that need it free (its takers:
    /// those that take it, but for a colour's bit, which they need and leave): `takers[range]`
    /// for `(start, first, len)` at the bit's entry of `ranges` are the set's words `first`
    /// to `first + len` (the others are empty); each bit's whole set, `(bit * sets, 0,
    /// sets)`, where sets are at most [`DENSE_SETS`] words.
    pub ranges: &'t [(u32, u32, u32)],
    /// The words of the takers' sets, bit after bit.
    pub takers: &'t [u64],
    /// Where sets are at most [`DENSE_SETS`] words, each embedding's clashes: the set of the
    /// embeddings that need a bit of `q` it takes (itself too), `sets` words each; else
    /// empty, and a placement or's the takers of the bits it takes together.
    pub clashes: &'t [u64],
    /// Each embedding's bits of `q`, `words` words each: those it takes out of `q`.
    pub masks: &'t [u64],
    /// Where some embedding needs other bits free than it takes (a secondary aspect with
    /// colours: options of one colour share it), each embedding's bits that must be free for
    /// it to fit, `words` words each; else empty, and `masks` are both.
    pub needs: &'t [u64],
    /// The most required aspects an embedding takes.
    pub stride: u32,
    /// The required bits of `q` each embedding takes: where `starts` is empty, `stride`
    /// entries each, the `j`th of the rest `span + j` (a count of its own that is never read);
    /// else one after another, without padding.
    pub bits: &'t [u32],
    /// Where the embeddings take numbers of required aspects far apart (a frame among small
    /// pieces), where each one's entries of `bits` start, and after the last its end: the
    /// padding would be most of `bits`, copied and lowered for nothing. Else empty.
    pub starts: &'t [u32],
    /// Each embedding's number in the cover, as placed.
    pub embeddings: &'t [u32],
    /// The bags: required aspects covered a number of times, by bit (empty where there are
    /// none). A cache, where the search keeps one, is then keyed by the whole state (see
    /// `Search::state_key`): a count's memo, consulted from the start.
    pub bags: &'t [Bag],
    /// Where there are bags, each bit's bag (its index in `bags`) below `span`, [`NO_BAG`] for
    /// a bit held once; else empty.
    pub bag_of: &'t [u32],
    /// The failure cache is consulted below this many placements or more (`u32::MAX`: never).
    pub cache_from: u32,
    /// The fingerprint that owns the cache's entries.
    pub owner: u64,
}

/// A required aspect covered from `least` to `most` times (a bag of copies, or an item with
/// Knuth's multiplicities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bag {
    /// Its bit of `q`: the lowest of its field, whose value at the start is the times it may
    /// still be covered.
    pub bit: u32,
    /// The width of its field in `q`.
    pub width: u32,
    /// The fewest times a solution covers it.
    pub least: u32,
    /// The most times.
    pub most: u32,
}

/// The entry of `bag_of` for a bit that is no bag's.
pub const NO_BAG: u32 = u32::MAX;

/// The next procedure a unit cut in this search names: the search has no procedures, and
/// resumes by its rule from the unit's free set.
pub const NEXT: u32 = 0;

/// The count of a bit of `q` that is not a required aspect's, more than any required aspect's
/// count (the plan keeps the search to covers where each is less): never read.
pub const COVERED: u16 = u16::MAX;

pub use crate::tuning::DENSE_SETS;

/// The widest failure-cache key kept on the stack.
const KEY_ON_STACK: usize = 4;

/// Searches from the free set `q` (the plan's words), into `sink`. The common sizes of `q` and
/// of a set of embeddings get a search whose loops unroll.
pub fn search<S: Sink + ?Sized>(tables: &Fewest<'_>, q: &[u64], sink: &mut S) -> ControlFlow<()> {
    if !tables.bags.is_empty() {
        // With bags, the common small sizes as constants; any other size reads the tables.
        return match (tables.words, tables.sets) {
            (1, 1) => search_with::<1, 1, 0, true, S>(tables, q, sink),
            (1, 2) => search_with::<1, 2, 0, true, S>(tables, q, sink),
            (1, 4) => search_with::<1, 4, 0, true, S>(tables, q, sink),
            (2, 1) => search_with::<2, 1, 0, true, S>(tables, q, sink),
            (2, 2) => search_with::<2, 2, 0, true, S>(tables, q, sink),
            (2, 4) => search_with::<2, 4, 0, true, S>(tables, q, sink),
            (_, _) => search_with::<0, 0, 0, true, S>(tables, q, sink),
        };
    }
    match (tables.words, tables.sets) {
        (1, 1) => search_with::<1, 1, 0, false, S>(tables, q, sink),
        (1, 2) => search_with::<1, 2, 0, false, S>(tables, q, sink),
        (1, 3) => search_with::<1, 3, 0, false, S>(tables, q, sink),
        (1, 4) => search_with::<1, 4, 0, false, S>(tables, q, sink),
        (2, 1) => search_with::<2, 1, 0, false, S>(tables, q, sink),
        (2, 2) => search_with::<2, 2, 0, false, S>(tables, q, sink),
        (2, 3) => search_with::<2, 3, 0, false, S>(tables, q, sink),
        (2, 4) => search_with::<2, 4, 0, false, S>(tables, q, sink),
        // Larger sets: the stride of the common options still a constant.
        (_, _) if !tables.starts.is_empty() => search_with::<0, 0, 0, false, S>(tables, q, sink),
        (_, _) => match tables.stride {
            2 => search_with::<0, 0, 2, false, S>(tables, q, sink),
            3 => search_with::<0, 0, 3, false, S>(tables, q, sink),
            4 => search_with::<0, 0, 4, false, S>(tables, q, sink),
            5 => search_with::<0, 0, 5, false, S>(tables, q, sink),
            6 => search_with::<0, 0, 6, false, S>(tables, q, sink),
            _ => search_with::<0, 0, 0, false, S>(tables, q, sink),
        },
    }
}

/// [`search`] with `q` of `W` words, sets of `E` words and a stride of `R` required bits, each
/// a constant where not 0 (generated code gives its own; 0 reads the tables'), and `B` whether
/// there are bags (then `W`, `E` and `R` are 0: the sets' counts are kept).
pub fn search_with<
    const W: usize,
    const E: usize,
    const R: usize,
    const B: bool,
    S: Sink + ?Sized,
>(
    tables: &Fewest<'_>,
    q: &[u64],
    sink: &mut S,
) -> ControlFlow<()> {
    debug_assert!(W == 0 || W == tables.words as usize);
    debug_assert!(E == 0 || E == tables.sets as usize);
    debug_assert!(R == 0 || (R == tables.stride as usize && tables.starts.is_empty()));
    debug_assert_eq!(B, !tables.bags.is_empty());
    let mut search = Search::<W, E, R, B>::new(tables, q);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has `popcnt`.
        #[allow(unsafe_code)]
        return unsafe { search.node_popcnt(0, sink) };
    }
    search.node_plain(0, sink)
}

/// The levels of a search: at each depth the free set, the embeddings that still fit and the
/// counts of the required aspects.
struct Search<'t, const W: usize, const E: usize, const R: usize, const B: bool> {
    tables: &'t Fewest<'t>,
    /// `q` then `live`, one level after another.
    levels: Vec<u64>,
    /// The counts, one level after another.
    counts: Vec<u16>,
    /// Where there are bags, how many more times each may be taken, one level after another.
    left: Vec<u32>,
    /// Where there are bags, each one's slack: its most less its least.
    slack: Vec<u32>,
    /// A unit's state where there are bags: the level and its bags' counts.
    state: Vec<u64>,
}

impl<'t, const W: usize, const E: usize, const R: usize, const B: bool> Search<'t, W, E, R, B> {
    /// The words of `q`.
    #[inline(always)]
    fn words(&self) -> usize {
        constant_or(W, self.tables.words)
    }

    /// The words of a set of embeddings.
    #[inline(always)]
    fn sets(&self) -> usize {
        constant_or(E, self.tables.sets)
    }

    /// The counts of a level: one per bit below `span`, and one per entry of the padding of
    /// `bits`, each its own so that lowering them is no chain of stores to one place.
    #[inline(always)]
    fn counted(&self) -> usize {
        self.tables.span as usize + padding::<R>(self.tables)
    }

    /// The first level from `q`: a free set (`words` words, each bag's field holding the times
    /// it may still be covered), whose live embeddings are those whose bits are all free; or,
    /// where there are bags, a unit's whole state ([`state_words`] words).
    fn new(tables: &'t Fewest<'t>, q: &[u64]) -> Search<'t, W, E, R, B> {
        let (words, sets) = (tables.words as usize, tables.sets as usize);
        let bags = tables.bags.len();
        let mut level = vec![0u64; words + sets];
        let mut left = vec![0u32; bags];
        if bags > 0 && q.len() == state_words(tables) {
            level.copy_from_slice(&q[..words + sets]);
            // A unit holds the times each bag was taken.
            for ((l, &used), bag) in left.iter_mut().zip(&q[words + sets..]).zip(tables.bags) {
                *l = bag.most - (used as u32).min(bag.most);
            }
        } else {
            let n = q.len().min(words);
            level[..n].copy_from_slice(&q[..n]);
            let needs = match tables.needs.is_empty() {
                true => tables.masks,
                false => tables.needs,
            };
            for e in 0..tables.embeddings.len() {
                let mask = &needs[e * words..(e + 1) * words];
                if mask.iter().zip(&level[..words]).all(|(m, q)| m & !q == 0) {
                    level[words + e / 64] |= 1 << (e % 64);
                }
            }
            // A bag's field holds the times it may still be covered; the search keeps its bit
            // while that is more than none, and counts the times instead.
            for (bag, l) in tables.bags.iter().zip(&mut left) {
                let (word, shift) = (bag.bit as usize / 64, bag.bit % 64);
                let field = (level[word] >> shift) & ((1u128 << bag.width) - 1) as u64;
                *l = (field as u32).min(bag.most);
                level[word] &= !(1 << shift);
                match field {
                    0 => remove_takers(tables, bag.bit, &mut level[words..]),
                    _ => level[word] |= 1 << shift,
                }
            }
        }
        // A count more for each entry of the padding of `bits`.
        let mut counts = vec![0u16; tables.span as usize + padding::<R>(tables)];
        for (b, count) in counts[..tables.span as usize].iter_mut().enumerate() {
            let (word, bit) = (b / 64, b % 64);
            if (tables.required[word] & level[word]) >> bit & 1 == 0 {
                *count = COVERED;
            }
        }
        // Counts are kept only where sets are larger than a few words (and with bags).
        let kept = !matches!(E, 1..=DENSE_SETS);
        for (w, &live) in level[words..].iter().enumerate().filter(|_| kept) {
            let mut live = live;
            while live != 0 {
                let e = w * 64 + live.trailing_zeros() as usize;
                live &= live - 1;
                for &b in own_bits::<R>(tables, e) {
                    if b < tables.span {
                        counts[b as usize] = counts[b as usize].wrapping_add(1);
                    }
                }
            }
        }
        Search {
            tables,
            levels: level,
            counts,
            left,
            slack: tables.bags.iter().map(|b| b.most - b.least).collect(),
            state: Vec::new(),
        }
    }

    /// The search at `depth` placements: covers the free required aspect with the fewest
    /// embeddings, or is a solution where none is free.
    ///
    /// `P` says that the CPU counts the bits of a word in one instruction (`popcnt`, which
    /// x86-64 does not promise): the search then runs as [`Search::node_popcnt`], compiled to
    /// use it, which the counts of sets of a few words mostly are.
    #[inline(always)]
    fn node<S: Sink + ?Sized, const P: bool>(
        &mut self,
        depth: usize,
        sink: &mut S,
    ) -> ControlFlow<()> {
        let t = self.tables;
        let (words, sets, span) = (self.words(), self.sets(), t.span as usize);
        let (width, counted) = (words + sets, self.counted());
        if B {
            return self.node_bags::<S, P>(depth, sink);
        }
        let q = &self.levels[depth * width..depth * width + words];
        let chosen = match E {
            // Sets of a few words: each count a few popcounts of the live set, cheaper than
            // keeping it up to date.
            1..=DENSE_SETS => {
                let live = &self.levels[depth * width + words..(depth + 1) * width];
                fewest_by_sets::<E>(q, t.required, t.takers, live)
            }
            _ => {
                let counts = &self.counts[depth * counted..depth * counted + span];
                fewest(q, t.required, counts)
            }
        };
        let bit = match chosen {
            Chosen::Covered => {
                reach(sink);
                return sink.solution();
            }
            Chosen::Stuck => return ControlFlow::Continue(()),
            Chosen::At(bit) => bit,
        };
        if depth as u32 >= t.cache_from {
            // Most keys are a few words: on the stack.
            let (mut stack, heap);
            let key: &[u64] = match words <= KEY_ON_STACK {
                true => {
                    stack = [0; KEY_ON_STACK];
                    stack[..words].copy_from_slice(q);
                    &stack[..words]
                }
                false => {
                    heap = q.to_vec();
                    &heap
                }
            };
            return remembered(t.owner, key, sink, |sink| {
                self.cover::<S, P>(depth, bit, sink)
            });
        }
        self.cover::<S, P>(depth, bit, sink)
    }

    /// [`Search::node`] where there are bags (`B`, a constant: a search without them has
    /// none of this). Inlined, so that it is compiled with `popcnt` where the node is.
    #[inline(always)]
    fn node_bags<S: Sink + ?Sized, const P: bool>(
        &mut self,
        depth: usize,
        sink: &mut S,
    ) -> ControlFlow<()> {
        let t = self.tables;
        let bit = match self.degree(depth) {
            Chosen::Covered => {
                reach(sink);
                return sink.solution();
            }
            Chosen::Stuck => return ControlFlow::Continue(()),
            Chosen::At(bit) => bit,
        };
        if depth as u32 >= t.cache_from {
            // The key is the whole state, a copy: the branches below change the level.
            let width = self.words() + self.sets();
            let (mut stack, mut heap);
            let key: &mut [u64] = match width <= KEY_ON_STACK {
                true => {
                    stack = [0; KEY_ON_STACK];
                    &mut stack[..width]
                }
                false => {
                    heap = vec![0; width];
                    &mut heap
                }
            };
            self.state_key(depth, key);
            return remembered(t.owner, key, sink, |sink| {
                self.cover_any::<S, P>(depth, bit, sink)
            });
        }
        self.cover_any::<S, P>(depth, bit, sink)
    }

    /// Where there are bags, the state at `depth` as `words + sets` words: `q` with each bag's
    /// field holding the times it may still be taken, then `live`. Everything below a node
    /// depends on this alone (a bag's own bit is set while its field is more than none).
    #[inline(always)]
    fn state_key(&self, depth: usize, key: &mut [u64]) {
        let t = self.tables;
        let width = self.words() + self.sets();
        key.copy_from_slice(&self.levels[depth * width..(depth + 1) * width]);
        let left = &self.left[depth * t.bags.len()..(depth + 1) * t.bags.len()];
        for (bag, &l) in t.bags.iter().zip(left) {
            let (word, shift) = (bag.bit as usize / 64, bag.bit % 64);
            let field = ((1u128 << bag.width) - 1) as u64;
            key[word] = key[word] & !(field << shift) | u64::from(l) << shift;
        }
    }

    /// Covers the aspect at `bit`, a bag or not.
    #[inline(always)]
    fn cover_any<S: Sink + ?Sized, const P: bool>(
        &mut self,
        depth: usize,
        bit: u32,
        sink: &mut S,
    ) -> ControlFlow<()> {
        match self.tables.bag_of[bit as usize] {
            NO_BAG => self.cover::<S, P>(depth, bit, sink),
            bag => self.cover_bag::<S, P>(depth, bit, bag as usize, sink),
        }
    }

    /// [`Search::node`] compiled for a CPU with `popcnt`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn node_popcnt<S: Sink + ?Sized>(&mut self, depth: usize, sink: &mut S) -> ControlFlow<()> {
        self.node::<S, true>(depth, sink)
    }

    /// [`Search::node`] for any CPU.
    fn node_plain<S: Sink + ?Sized>(&mut self, depth: usize, sink: &mut S) -> ControlFlow<()> {
        self.node::<S, false>(depth, sink)
    }

    /// The embeddings at `depth` that still fit the aspect at `bit`.
    #[inline(always)]
    fn count(&self, depth: usize, bit: u32) -> u32 {
        let t = self.tables;
        let (words, sets) = (self.words(), self.sets());
        match E {
            1..=DENSE_SETS => {
                let live = &self.levels[depth * (words + sets) + words..][..E];
                let set = &t.takers[bit as usize * E..][..E];
                (0..E).map(|i| (set[i] & live[i]).count_ones()).sum()
            }
            _ => u32::from(self.counts[depth * self.counted() + bit as usize]),
        }
    }

    /// With bags: the free required aspect of least branching degree, as Knuth's `dlx3`
    /// chooses it (see the module's notes).
    ///
    /// For `l` embeddings, `b` times left and a slack `m`, the degree `l + s - b + 1` (with
    /// `s = min(m, b)`) is `l + 1 - n`, `n = max(b - m, 0)` the times it must still be taken;
    /// the degree, `s` and the count are compared as one key, its lowest first (the count
    /// inverted, so that more is less), ties to the first bit met, without a branch: the key
    /// holds every `s` a bag may have, so the choice is exactly `dlx3`'s.
    #[inline(always)]
    fn degree(&self, depth: usize) -> Chosen {
        let t = self.tables;
        let words = self.words();
        let width = words + self.sets();
        let q = &self.levels[depth * width..depth * width + words];
        let bags = t.bags.len();
        let left = &self.left[depth * bags..(depth + 1) * bags];
        let (mut best, mut at) = (u128::MAX, 0);
        for (w, (&q, &r)) in q.iter().zip(t.required).enumerate() {
            let mut free = q & r;
            while free != 0 {
                let bit = w as u32 * 64 + free.trailing_zeros();
                free &= free - 1;
                let l = self.count(depth, bit);
                let (n, s) = match t.bag_of[bit as usize] {
                    NO_BAG => (1, 0),
                    k => {
                        let (b, m) = (left[k as usize], self.slack[k as usize]);
                        (b.saturating_sub(m), b.min(m))
                    }
                };
                if l < n {
                    return Chosen::Stuck;
                }
                let key =
                    u128::from(l + 1 - n) << 64 | u128::from(s) << 16 | u128::from(0xffff - l);
                let better = key < best;
                best = if better { key } else { best };
                at = if better { bit } else { at };
            }
        }
        match best {
            u128::MAX => Chosen::Covered,
            _ => Chosen::At(at),
        }
    }

    /// Places in turn each embedding that fits the aspect at `bit` of `q`.
    #[inline(always)]
    fn cover<S: Sink + ?Sized, const P: bool>(
        &mut self,
        depth: usize,
        bit: u32,
        sink: &mut S,
    ) -> ControlFlow<()> {
        let t = self.tables;
        let (words, sets) = (self.words(), self.sets());
        let width = words + sets;
        let (start, first, len) = t.ranges[bit as usize];
        for w in first as usize..(first + len) as usize {
            let takers = t.takers[start as usize + w - first as usize];
            let mut fit = takers & self.levels[depth * width + words + w];
            while fit != 0 {
                let e = w * 64 + fit.trailing_zeros() as usize;
                fit &= fit - 1;
                self.branch::<S, P>(depth, e, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Places embedding `e` at `depth` and searches below it (or cuts a unit there).
    #[inline(always)]
    fn branch<S: Sink + ?Sized, const P: bool>(
        &mut self,
        depth: usize,
        e: usize,
        sink: &mut S,
    ) -> ControlFlow<()> {
        let t = self.tables;
        self.place(depth, e);
        sink.place(t.embeddings[e]);
        let flow = match sink.cut() {
            true => {
                let unit = self.unit(depth + 1);
                sink.unit(unit, NEXT)
            }
            false => self.below::<S, P>(depth + 1, sink),
        };
        sink.unplace();
        match flow.is_break() && sink.may_stop() {
            true => flow,
            false => ControlFlow::Continue(()),
        }
    }

    /// What a unit cut at `depth` holds: `q`, and where there are bags the whole level.
    fn unit(&mut self, depth: usize) -> &[u64] {
        let (words, sets, bags) = (self.words(), self.sets(), self.tables.bags.len());
        let level = &self.levels[depth * (words + sets)..(depth + 1) * (words + sets)];
        if !B {
            return &level[..words];
        }
        self.state.clear();
        self.state.extend_from_slice(level);
        let left = &self.left[depth * bags..(depth + 1) * bags];
        let bags = self.tables.bags.iter().zip(left);
        self.state
            .extend(bags.map(|(bag, &l)| u64::from(bag.most - l)));
        &self.state
    }

    /// Branches on the bag `k` at `bit`: each embedding that fits it in turn, none of those
    /// tried before it below it, while enough are left for its least; then, where its least is
    /// met, none, which finishes it.
    #[inline(always)]
    fn cover_bag<S: Sink + ?Sized, const P: bool>(
        &mut self,
        depth: usize,
        bit: u32,
        k: usize,
        sink: &mut S,
    ) -> ControlFlow<()> {
        let t = self.tables;
        let (words, sets) = (self.words(), self.sets());
        let width = words + sets;
        // The times it must still be taken.
        let short = self.left[depth * t.bags.len() + k].saturating_sub(self.slack[k]);
        // Each embedding tried leaves one fewer for the rest: past these, too few are left.
        let mut tries = self.count(depth, bit) + 1 - short.max(1);
        let (start, first, len) = t.ranges[bit as usize];
        'words: for w in first as usize..(first + len) as usize {
            let takers = t.takers[start as usize + w - first as usize];
            let mut fit = takers & self.levels[depth * width + words + w];
            while fit != 0 {
                if tries == 0 {
                    break 'words;
                }
                tries -= 1;
                let e = w * 64 + fit.trailing_zeros() as usize;
                fit &= fit - 1;
                self.branch::<S, P>(depth, e, sink)?;
                self.tweak(depth, e);
            }
        }
        if short > 0 {
            return ControlFlow::Continue(());
        }
        // Cover it no more: every embedding that takes it is out.
        self.descend(depth);
        let below = (depth + 1) * width;
        self.levels[below + bit as usize / 64] &= !(1 << (bit % 64));
        remove_takers(t, bit, &mut self.levels[below + words..below + width]);
        self.recount(depth);
        self.below::<S, P>(depth + 1, sink)
    }

    /// Takes embedding `e`, tried, out of the level at `depth`, so that its later siblings'
    /// searches go without it.
    fn tweak(&mut self, depth: usize, e: usize) {
        let t = self.tables;
        let (words, sets, span) = (self.words(), self.sets(), self.counted());
        self.levels[depth * (words + sets) + words + e / 64] &= !(1 << (e % 64));
        if !matches!(E, 1..=DENSE_SETS) {
            let counts = &mut self.counts[depth * span..(depth + 1) * span];
            for &b in own_bits::<R>(t, e) {
                counts[b as usize] = counts[b as usize].wrapping_sub(1);
            }
        }
    }

    /// The search at `depth`, on the CPU's path.
    #[inline(always)]
    fn below<S: Sink + ?Sized, const P: bool>(
        &mut self,
        depth: usize,
        sink: &mut S,
    ) -> ControlFlow<()> {
        #[cfg(target_arch = "x86_64")]
        if P {
            // SAFETY: `P` is true only below `search_with`'s check that the CPU has `popcnt`.
            #[allow(unsafe_code)]
            return unsafe { self.node_popcnt(depth, sink) };
        }
        self.node_plain(depth, sink)
    }

    /// Makes room for the level below `depth`.
    #[cold]
    fn grow(&mut self, depth: usize) {
        let width = self.words() + self.sets();
        let (span, bags) = (self.counted(), self.tables.bags.len());
        self.levels.resize((depth + 2) * width, 0);
        self.counts.resize((depth + 2) * span, COVERED);
        self.left.resize((depth + 2) * bags, 0);
    }

    /// Writes the level below `depth` as a copy of it (its bags' counts too), making room.
    #[inline(always)]
    fn descend(&mut self, depth: usize) {
        let (words, sets) = (self.words(), self.sets());
        let width = words + sets;
        let bags = self.tables.bags.len();
        if self.levels.len() < (depth + 2) * width {
            self.grow(depth);
        }
        let (above, below) = self.levels.split_at_mut((depth + 1) * width);
        below[..width].copy_from_slice(&above[depth * width..][..width]);
        if B {
            self.left
                .copy_within(depth * bags..(depth + 1) * bags, (depth + 1) * bags);
        }
    }

    /// Writes the level below `depth` where embedding `e` is placed: its bits taken from `q`,
    /// every embedding that needs one of them out of `live`, and the counts of their required
    /// aspects lowered. (A bit may be taken again: a colour's siblings, which the embeddings
    /// of one colour each take.) Where there are bags, `e` leaves `live` too, and each bag it
    /// takes counts it, and is finished when full.
    #[inline(always)]
    fn place(&mut self, depth: usize, e: usize) {
        let t = self.tables;
        let (words, sets, span) = (self.words(), self.sets(), self.counted());
        let width = words + sets;
        if self.levels.len() < (depth + 2) * width {
            self.grow(depth);
        }
        let (above, below) = self.levels.split_at_mut((depth + 1) * width);
        let (above, below) = (&above[depth * width..], &mut below[..width]);
        below.copy_from_slice(above);
        let mask = &t.masks[e * words..(e + 1) * words];
        below[..words]
            .iter_mut()
            .zip(mask)
            .for_each(|(q, m)| *q &= !m);
        match E {
            // Sets of a few words: the embeddings that need a bit `e` takes, made once.
            1..=DENSE_SETS => {
                let clashes = &t.clashes[e * E..(e + 1) * E];
                let live = &mut below[words..words + E];
                live.iter_mut().zip(clashes).for_each(|(l, c)| *l &= !c);
            }
            _ => {
                for (w, &m) in mask.iter().enumerate() {
                    let mut bits = m;
                    while bits != 0 {
                        let b = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        remove_takers(t, b as u32, &mut below[words..]);
                    }
                }
            }
        }
        if B {
            let bags = t.bags.len();
            let (left_above, left_below) = self.left.split_at_mut((depth + 1) * bags);
            let left = &mut left_below[..bags];
            left.copy_from_slice(&left_above[depth * bags..]);
            take_bags::<R>(t, words, below, left, e);
        }
        if matches!(E, 1..=DENSE_SETS) {
            return;
        }
        let (counted, counts) = self.counts.split_at_mut((depth + 1) * span);
        let counts = &mut counts[..span];
        counts.copy_from_slice(&counted[depth * span..]);
        lower_counts::<R>(t, &above[words..], &below[words..], counts);
    }

    /// Where counts are kept, lowers those of the level below `depth` (a copy of `depth`'s)
    /// for every embedding its `live` lost.
    #[inline(always)]
    fn recount(&mut self, depth: usize) {
        if matches!(E, 1..=DENSE_SETS) {
            return;
        }
        let t = self.tables;
        let (words, sets, span) = (self.words(), self.sets(), self.counted());
        let width = words + sets;
        let (counted, counts) = self.counts.split_at_mut((depth + 1) * span);
        let counts = &mut counts[..span];
        counts.copy_from_slice(&counted[depth * span..]);
        let above = &self.levels[depth * width + words..(depth + 1) * width];
        let live = &self.levels[(depth + 1) * width + words..(depth + 2) * width];
        lower_counts::<R>(t, above, live, counts);
    }
}

/// The entries of `bits` of embedding `e`: its required bits, and where `tables` pad them, the
/// padding (`R`, where not 0, the stride).
#[inline(always)]
fn own_bits<'t, const R: usize>(tables: &Fewest<'t>, e: usize) -> &'t [u32] {
    if R == 0 && !tables.starts.is_empty() {
        return &tables.bits[tables.starts[e] as usize..tables.starts[e + 1] as usize];
    }
    let stride = constant_or(R, tables.stride);
    &tables.bits[e * stride..(e + 1) * stride]
}

/// The entries of padding of each embedding's bits: the counts a level keeps past `span`.
#[inline(always)]
fn padding<const R: usize>(tables: &Fewest<'_>) -> usize {
    match R == 0 && !tables.starts.is_empty() {
        true => 0,
        false => constant_or(R, tables.stride),
    }
}

/// Lowers `counts` for every embedding in `was` and not in `is` (two live sets), by the
/// required bits of each ([`own_bits`]).
#[inline(always)]
fn lower_counts<const R: usize>(tables: &Fewest<'_>, was: &[u64], is: &[u64], counts: &mut [u16]) {
    for (w, (&was, &is)) in was.iter().zip(is).enumerate() {
        let mut killed = was & !is;
        while killed != 0 {
            let k = w * 64 + killed.trailing_zeros() as usize;
            killed &= killed - 1;
            // The padding's counts take these too, and may wrap: they are never read.
            for &b in own_bits::<R>(tables, k) {
                counts[b as usize] = counts[b as usize].wrapping_sub(1);
            }
        }
    }
}

/// A size given as a constant of the search (`constant`), or, where that is 0, the tables'.
#[inline(always)]
fn constant_or(constant: usize, tables: u32) -> usize {
    match constant {
        0 => tables as usize,
        _ => constant,
    }
}

/// The words of a unit's state in a search with bags: `q`, the live set and each bag's count.
fn state_words(tables: &Fewest<'_>) -> usize {
    (tables.words + tables.sets) as usize + tables.bags.len()
}

/// Where there are bags, takes embedding `e`, just placed, out of the `level` below it (`q` of
/// `words` words), and takes one from the times left of each bag it takes (`left`, that
/// level's), which it finishes where none are left.
#[inline(always)]
fn take_bags<const R: usize>(
    tables: &Fewest<'_>,
    words: usize,
    level: &mut [u64],
    left: &mut [u32],
    e: usize,
) {
    level[words + e / 64] &= !(1 << (e % 64));
    for &b in own_bits::<R>(tables, e) {
        let k = match tables.bag_of.get(b as usize) {
            Some(&k) if k != NO_BAG => k as usize,
            _ => continue,
        };
        left[k] -= 1;
        if left[k] == 0 {
            level[b as usize / 64] &= !(1 << (b % 64));
            remove_takers(tables, b, &mut level[words..]);
        }
    }
}

/// Takes the embeddings that need the bit `b` out of `live`.
#[inline(always)]
fn remove_takers(tables: &Fewest<'_>, b: u32, live: &mut [u64]) {
    let (start, first, len) = tables.ranges[b as usize];
    let (first, len) = (first as usize, len as usize);
    let takers = &tables.takers[start as usize..start as usize + len];
    (live[first..first + len].iter_mut())
        .zip(takers)
        .for_each(|(l, t)| *l &= !t);
}

/// [`fewest`], each count that of the embeddings in `live` (`E` words) among the bit's takers.
#[inline(always)]
fn fewest_by_sets<const E: usize>(
    q: &[u64],
    required: &[u64],
    takers: &[u64],
    live: &[u64],
) -> Chosen {
    let live: &[u64; E] = live.try_into().expect("a set of E words");
    let (mut least, mut at) = (u32::from(COVERED), 0);
    for (w, (&q, &r)) in q.iter().zip(required).enumerate() {
        let mut free = q & r;
        while free != 0 {
            let bit = w as u32 * 64 + free.trailing_zeros();
            free &= free - 1;
            let set: &[u64; E] = takers[bit as usize * E..(bit as usize + 1) * E]
                .try_into()
                .expect("a set of E words");
            let count: u32 = (0..E).map(|i| (set[i] & live[i]).count_ones()).sum();
            if count == 0 {
                return Chosen::Stuck;
            }
            let fewer = count < least;
            least = if fewer { count } else { least };
            at = if fewer { bit } else { at };
        }
    }
    match least {
        c if c == u32::from(COVERED) => Chosen::Covered,
        _ => Chosen::At(at),
    }
}

/// What the counts say of the free required aspects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chosen {
    /// None is free: a solution.
    Covered,
    /// One has no embedding left: no solution below.
    Stuck,
    /// The one at this bit of `q` has the fewest embeddings, and the lowest bit among those.
    At(u32),
}

/// The free required aspect (`q & required`) with the fewest embeddings by `counts`: the
/// lowest bit among those with the fewest, as Knuth's programs choose, so that the trees are
/// theirs.
#[inline(always)]
fn fewest(q: &[u64], required: &[u64], counts: &[u16]) -> Chosen {
    // Without a branch on each comparison, which would be mispredicted as often as taken.
    let (mut least, mut at) = (COVERED, 0);
    for (w, (&q, &r)) in q.iter().zip(required).enumerate() {
        let mut free = q & r;
        while free != 0 {
            let bit = w as u32 * 64 + free.trailing_zeros();
            free &= free - 1;
            let count = counts[bit as usize];
            let fewer = count < least;
            least = if fewer { count } else { least };
            at = if fewer { bit } else { at };
        }
    }
    match least {
        COVERED => Chosen::Covered,
        0 => Chosen::Stuck,
        _ => Chosen::At(at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records every placement and each solution's embeddings.
    #[derive(Default)]
    struct Trace {
        placed: Vec<u32>,
        path: Vec<u32>,
        solutions: Vec<Vec<u32>>,
    }

    impl Sink for Trace {
        fn place(&mut self, embedding: u32) {
            self.placed.push(embedding);
            self.path.push(embedding);
        }
        fn unplace(&mut self) {
            self.path.pop();
        }
        fn solution(&mut self) -> ControlFlow<()> {
            self.solutions.push(self.path.clone());
            ControlFlow::Continue(())
        }
    }

    /// Cuts after the first placement, keeping the units, each of which names the search's
    /// next procedure.
    #[derive(Default)]
    struct Cut {
        units: Vec<Vec<u64>>,
    }

    impl Sink for Cut {
        fn place(&mut self, _: u32) {}
        fn unplace(&mut self) {}
        fn solution(&mut self) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn cut(&mut self) -> bool {
            true
        }
        fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
            assert_eq!(next, NEXT);
            self.units.push(q.to_vec());
            ControlFlow::Continue(())
        }
    }

    /// The tables of `options` over `items` bits of one word of `q`, the first `required` of
    /// them required, each set of takers whole.
    struct Owned {
        ranges: Vec<(u32, u32, u32)>,
        takers: Vec<u64>,
        clashes: Vec<u64>,
        masks: Vec<u64>,
        needs: Vec<u64>,
        stride: u32,
        bits: Vec<u32>,
        embeddings: Vec<u32>,
        required: [u64; 1],
        bags: Vec<Bag>,
        bag_of: Vec<u32>,
    }

    impl Owned {
        fn new(options: &[&[u32]], items: u32, required: u32) -> Owned {
            let masks: Vec<u64> = (options.iter())
                .map(|o| o.iter().map(|&b| 1u64 << b).sum())
                .collect();
            let sets = masks.len().div_ceil(64);
            let (mut ranges, mut takers) = (Vec::new(), Vec::new());
            for b in 0..items {
                ranges.push((takers.len() as u32, 0, sets as u32));
                let mut set = vec![0u64; sets];
                for (e, m) in masks.iter().enumerate() {
                    set[e / 64] |= (m >> b & 1) << (e % 64);
                }
                takers.extend(set);
            }
            let mut clashes = vec![0u64; masks.len() * sets];
            for (e, &m) in masks.iter().enumerate() {
                for (k, &n) in masks.iter().enumerate() {
                    clashes[e * sets + k / 64] |= u64::from(m & n != 0) << (k % 64);
                }
            }
            let stride = options.iter().map(|o| o.len()).max().unwrap_or(0);
            let mut bits = Vec::new();
            for o in options {
                let start = bits.len();
                bits.extend(o.iter().filter(|&&b| b < required));
                let real = bits.len() - start;
                bits.extend((real..stride).map(|j| required + j as u32));
            }
            Owned {
                ranges,
                takers,
                clashes,
                masks,
                needs: Vec::new(),
                stride: stride as u32,
                bits,
                embeddings: (0..options.len() as u32).collect(),
                required: [(1 << required) - 1],
                bags: Vec::new(),
                bag_of: Vec::new(),
            }
        }

        fn tables(&self, cache_from: u32) -> Fewest<'_> {
            Fewest {
                words: 1,
                sets: self.masks.len().div_ceil(64) as u32,
                required: &self.required,
                span: 64 - self.required[0].leading_zeros(),
                ranges: &self.ranges,
                takers: &self.takers,
                clashes: &self.clashes,
                masks: &self.masks,
                needs: &self.needs,
                stride: self.stride,
                bits: &self.bits,
                starts: &[],
                embeddings: &self.embeddings,
                bags: &self.bags,
                bag_of: &self.bag_of,
                cache_from,
                owner: 1,
            }
        }
    }

    #[test]
    fn knuths_example_is_solved_from_the_item_with_the_fewest_options() {
        // TAOCP 7.2.2.1 (5): items a to g, options `c e`, `a d g`, `b c f`, `a d f`, `b g`,
        // `d e g`.
        let options: [&[u32]; 6] = [
            &[2, 4],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
        ];
        let owned = Owned::new(&options, 7, 7);
        let mut trace = Trace::default();
        let _ = search(&owned.tables(u32::MAX), &[0x7f], &mut trace);
        // `a` first (two options, as b, c, e and f have: the lowest bit); `a d g` leaves `b`
        // one option, `b c f`, which leaves `e` none; `a d f` forces `b g`, then `c e`.
        assert_eq!(trace.placed, [1, 2, 3, 4, 0]);
        assert_eq!(trace.solutions, [vec![3, 4, 0]]);
    }

    #[test]
    fn secondary_items_are_covered_at_most_once_and_never_chosen() {
        // Required 0 and 1, secondary 2: `0 2`, `1 2` clash on 2; `0`, `1` do not.
        let options: [&[u32]; 4] = [&[0, 2], &[1, 2], &[0], &[1]];
        let owned = Owned::new(&options, 3, 2);
        let mut trace = Trace::default();
        let _ = search(&owned.tables(u32::MAX), &[0b111], &mut trace);
        assert_eq!(trace.solutions, [vec![0, 3], vec![2, 1], vec![2, 3]]);
        // A required item that nothing fits: no solution, and no placement.
        let mut trace = Trace::default();
        let _ = search(&owned.tables(u32::MAX), &[0b011], &mut trace);
        assert_eq!(trace.solutions, [vec![2, 3]]);
    }

    #[test]
    fn options_that_agree_on_a_colour_share_it() {
        // Knuth's example of colour controls (DLX2): items A B C | X Y, options `A B X:0 Y:0`,
        // `A C X:1 Y:1`, `B X:1`, `C Y:1`. Bits: A 0, B 1, C 2, X 3, Y 4, X:0 5, X:1 6, Y:0 7,
        // Y:1 8. An option needs its colours and takes its items and their other colours.
        let needs: [&[u32]; 4] = [&[0, 1, 5, 7], &[0, 2, 6, 8], &[1, 6], &[2, 8]];
        let takes: [&[u32]; 4] = [
            &[0, 1, 3, 4, 6, 8],
            &[0, 2, 3, 4, 5, 7],
            &[1, 3, 5],
            &[2, 4, 7],
        ];
        let mut owned = Owned::new(&needs, 9, 3);
        let mask = |o: &[u32]| -> u64 { o.iter().map(|&b| 1u64 << b).sum() };
        owned.needs = owned.masks.clone();
        owned.masks = takes.iter().map(|o| mask(o)).collect();
        // The clashes: the options that need a bit the option takes.
        for (e, &taken) in owned.masks.iter().enumerate() {
            owned.clashes[e] = (owned.needs.iter().enumerate())
                .filter(|(_, &n)| n & taken != 0)
                .map(|(k, _)| 1u64 << k)
                .sum();
        }
        let mut trace = Trace::default();
        let _ = search(&owned.tables(u32::MAX), &[0x1ff], &mut trace);
        // `A C X:1 Y:1` colours X and Y 1, which `B X:1` shares; `A B X:0 Y:0` leaves C
        // nothing.
        assert_eq!(trace.solutions, [vec![1, 2]]);
        // Units cut anywhere resume from their free set, which holds the colours.
        let mut cached = Trace::default();
        let _ = search(&owned.tables(0), &[0x1ff], &mut cached);
        assert_eq!(cached.solutions, trace.solutions);
        let mut resumed = Trace::default();
        let _ = search(
            &owned.tables(u32::MAX),
            &[0x1ff & !mask(takes[1])],
            &mut resumed,
        );
        assert_eq!(resumed.solutions, [vec![2]]);
    }

    impl Owned {
        /// Makes the aspects at `bags` (bit, width, least, most) bags: out of the masks and
        /// clashes, their fields in `q` as wide as given, `required` the bits that are.
        fn with_bags(mut self, bags: &[(u32, u32, u32, u32)], required: u64) -> Owned {
            let bagged: u64 = bags.iter().map(|b| 1u64 << b.0).sum();
            self.masks.iter_mut().for_each(|m| *m &= !bagged);
            let sets = self.masks.len().div_ceil(64);
            for (e, &m) in self.masks.iter().enumerate() {
                for (k, &n) in self.masks.iter().enumerate() {
                    let bit = u64::from(m & n != 0 || e == k) << (k % 64);
                    self.clashes[e * sets + k / 64] &= !(1 << (k % 64));
                    self.clashes[e * sets + k / 64] |= bit;
                }
            }
            self.required = [required];
            let span = 64 - required.leading_zeros();
            self.bag_of = vec![NO_BAG; span as usize];
            for (k, &(bit, width, least, most)) in bags.iter().enumerate() {
                self.bags.push(Bag {
                    bit,
                    width,
                    least,
                    most,
                });
                self.bag_of[bit as usize] = k as u32;
            }
            // The `j`th entry of the padding of `bits` is `span + j`.
            let stride = self.stride as usize;
            for (i, b) in self.bits.iter_mut().enumerate() {
                if !(*b < span && required >> *b & 1 == 1) {
                    *b = span + (i % stride) as u32;
                }
            }
            self
        }
    }

    /// The solutions of a search as sorted sets, sorted.
    fn sets_of(solutions: &[Vec<u32>]) -> Vec<Vec<u32>> {
        let mut sets: Vec<Vec<u32>> = (solutions.iter())
            .map(|s| {
                let mut s = s.clone();
                s.sort_unstable();
                s
            })
            .collect();
        sets.sort();
        sets
    }

    #[test]
    fn a_bag_is_covered_from_its_least_to_its_most_each_set_found_once() {
        // `a` covered once or twice (bits 0 and 1, its field), `b` once (bit 2): options `a`,
        // `a`, `a b`, `b`.
        let options: [&[u32]; 4] = [&[0], &[0], &[0, 2], &[2]];
        let owned = Owned::new(&options, 3, 3).with_bags(&[(0, 2, 1, 2)], 0b101);
        let mut trace = Trace::default();
        let _ = search(&owned.tables(u32::MAX), &[0b110], &mut trace);
        let expected = [
            vec![0, 1, 3],
            vec![0, 2],
            vec![0, 3],
            vec![1, 2],
            vec![1, 3],
            vec![2],
        ];
        assert_eq!(sets_of(&trace.solutions), expected);
        assert_eq!(trace.solutions.len(), expected.len());
        // Exactly twice: `0 1 3`, `0 2`, `1 2`.
        let exactly = Owned::new(&options, 3, 3).with_bags(&[(0, 2, 2, 2)], 0b101);
        let mut trace = Trace::default();
        let _ = search(&exactly.tables(u32::MAX), &[0b110], &mut trace);
        assert_eq!(
            sets_of(&trace.solutions),
            [vec![0, 1, 3], vec![0, 2], vec![1, 2]]
        );
        // At most once, as a field of one bit: `0 3`, `1 3`, `2`, and `b` alone.
        let optional = Owned::new(&options, 3, 3).with_bags(&[(0, 1, 0, 1)], 0b101);
        let mut trace = Trace::default();
        let _ = search(&optional.tables(u32::MAX), &[0b101], &mut trace);
        assert_eq!(
            sets_of(&trace.solutions),
            [vec![0, 3], vec![1, 3], vec![2], vec![3]]
        );
    }

    #[test]
    fn a_unit_of_a_search_with_bags_holds_its_whole_level() {
        let options: [&[u32]; 5] = [&[0], &[0], &[0, 2], &[2], &[0, 3]];
        let owned = Owned::new(&options, 4, 4).with_bags(&[(0, 2, 1, 2)], 0b1101);
        let tables = owned.tables(u32::MAX);
        let mut whole = Trace::default();
        let _ = search(&tables, &[0b1110], &mut whole);
        let mut cut = Cut::default();
        let _ = search(&tables, &[0b1110], &mut cut);
        assert!(cut.units.iter().all(|u| u.len() == 3));
        let resumed: usize = (cut.units.iter())
            .map(|q| {
                let mut trace = Trace::default();
                let _ = search(&tables, q, &mut trace);
                trace.solutions.len()
            })
            .sum();
        assert_eq!(resumed, whole.solutions.len());
        // `c` needs `a c`; `a` then takes one more, or none, and `b` one.
        assert_eq!(
            sets_of(&whole.solutions),
            [vec![0, 3, 4], vec![1, 3, 4], vec![2, 4], vec![3, 4]]
        );
    }

    #[test]
    fn a_unit_is_cut_with_its_free_set_and_resumed_from_it() {
        // Two independent pairs of items: four solutions.
        let options: [&[u32]; 6] = [&[0, 1], &[0], &[1], &[2, 3], &[2], &[3]];
        let owned = Owned::new(&options, 4, 4);
        let tables = owned.tables(u32::MAX);
        let mut whole = Trace::default();
        let _ = search(&tables, &[0b1111], &mut whole);
        assert_eq!(whole.solutions.len(), 4);
        let mut cut = Cut::default();
        let _ = search(&tables, &[0b1111], &mut cut);
        assert_eq!(cut.units, [vec![0b1100], vec![0b1110]]);
        let resumed: usize = (cut.units.iter())
            .map(|q| {
                let mut trace = Trace::default();
                let _ = search(&tables, q, &mut trace);
                trace.solutions.len()
            })
            .sum();
        assert_eq!(resumed, 4);
    }
}
