//! Knuth's Monte Carlo estimate of the size of a search tree ("Estimating the efficiency of
//! backtrack programs", 1975): walk from the root to a leaf choosing each child at random; the
//! product of the branching factors met on the way, summed over the levels, is an unbiased
//! estimate of the number of nodes. The macro runs it at compile time on candidate aspect
//! orders, with a fixed seed so that builds are reproducible.

use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::masks::SparseMasks;
use crate::order::Order;
use crate::stop::Stop;
use crate::tuning::Tuning;

/// The seed of every estimate: the same candidates get the same random walks on every build.
pub const SEED: u64 = 0x5eed_0f5e_a6c4;

/// The estimates of one cover's searches in any order: what the walks look up, made once for
/// all the candidate orders of a cover.
pub struct Estimator<'c> {
    cover: &'c Cover,
    walks: Walks,
    /// The words of masks one estimate may compare, all its walks together
    /// ([`Tuning::estimate_words`]).
    work: u64,
    /// How many times the placements walked may pass the estimate so far
    /// ([`Tuning::estimate_past`]).
    past: f64,
    /// Where set, every estimate ends after the walk it is making.
    stop: Stop<'c>,
}

impl<'c> Estimator<'c> {
    /// The estimates of `cover`'s searches, each bounded as `tuning` says.
    pub fn new(cover: &'c Cover, tuning: &Tuning) -> Estimator<'c> {
        Estimator {
            cover,
            walks: Walks::new(cover),
            work: tuning.estimate_words,
            past: tuning.estimate_past,
            stop: Stop::NEVER,
        }
    }

    /// Whether another walk is made, after `made` walks that made `walked` placements and
    /// estimated `total` in all: not past `probes`, nor past the estimator's work once one
    /// is made, nor once the walks have made more placements than the search they estimate.
    fn walks_on(&self, made: u32, probes: u32, work: u64, walked: u64, total: f64) -> bool {
        let estimate = total / f64::from(made.max(1));
        !self.stop.stopped()
            && made < probes
            && (made == 0 || (work < self.work && walked as f64 <= self.past * estimate))
    }

    /// The estimator, its estimates given up once `stop` is set (what they are then is no
    /// estimate, and the compile that asked is discarded).
    pub fn stopped_by(self, stop: Stop<'c>) -> Estimator<'c> {
        Estimator { stop, ..self }
    }

    /// The mean of `probes` estimates of the number of placements the search makes in `order`
    /// (nodes of the search tree other than the root), or of fewer, as many as the estimator's
    /// work allows (at least one) and no more than it takes for the walks to make more
    /// placements than the search. Bags are never chosen as the aspect to cover, as in the
    /// program.
    pub fn placements(&self, order: &Order, probes: u32, seed: u64) -> f64 {
        self.walked_placements(order, probes, seed).0
    }

    /// [`Estimator::placements`], and the walks made.
    fn walked_placements(&self, order: &Order, probes: u32, seed: u64) -> (f64, u32) {
        let (cover, state) = (self.cover, &self.walks);
        let by_position = ByPosition::new(state, order);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut free, mut left) = (state.free.clone(), state.counts.clone());
        let mut free_at = by_position.free.clone();
        let mut fit = Vec::new();
        let mut total = 0.0;
        let (mut work, mut walked) = (0u64, 0u64);
        let mut made = 0u32;
        while self.walks_on(made, probes, work, walked, total) {
            made += 1;
            free.copy_from_slice(&state.free);
            free_at.copy_from_slice(&by_position.free);
            state.refill(&mut left);
            let mut weight = 1.0;
            let mut position = 0;
            // The least free aspect that is not a bag (a bag has no bit).
            while let Some(next) = first_set(&free_at, position) {
                position = next;
                let a = by_position.aspects[position];
                let fitting = state.fitting(a, &free, &left, &mut fit);
                work += state.work(a);
                // An optional aspect may also stay uncovered: one more child.
                let optional = cover.is_optional(a);
                let children = fitting + usize::from(optional);
                if children == 0 {
                    break;
                }
                weight *= children as f64;
                let pick = rng.random_range(0..children);
                match pick < fitting {
                    true => {
                        total += weight;
                        walked += 1;
                        let e = state.nth(a, &fit, pick);
                        state.place(e, &mut free, &mut left);
                        by_position.place(e, &mut free_at);
                    }
                    // Leaving an optional aspect uncovered is no placement.
                    false => {
                        let c = state.class[a.index()] as usize;
                        free[c / 64] &= !(1 << (c % 64));
                        free_at[position / 64] &= !(1 << (position % 64));
                    }
                }
            }
        }
        (total / f64::from(made.max(1)), made)
    }
}

impl Estimator<'_> {
    /// The mean of `probes` estimates of the number of placements of the search that covers
    /// next the free required aspect of least branching degree (the fewest embeddings that
    /// fit, where no aspect is a bag; ties as the search breaks them, repeats of a column
    /// before it left out: `Cover::repeats`), or of fewer, as many as the estimator's work
    /// allows. Each walk keeps every aspect's count of the embeddings still fitting, as
    /// Knuth's dancing links do: a placement takes out the embeddings that share an aspect
    /// with it, or take from a bag it fills, and lowers their aspects' counts. A bag is
    /// chosen by its degree, as the search chooses it (`puzzlec_runtime`'s `fewest`): its
    /// branches each go without the embeddings tried before them, and, where its least is
    /// met, one finishes it without a placement.
    pub fn fewest_placements(&self, probes: u32, seed: u64) -> f64 {
        self.walked_fewest_placements(probes, seed).0
    }

    /// [`Estimator::fewest_placements`], and the walks made.
    fn walked_fewest_placements(&self, probes: u32, seed: u64) -> (f64, u32) {
        let (cover, state) = (self.cover, &self.walks);
        let sequence: Vec<AspectId> = cover.all_aspects().collect();
        let repeats = cover.repeats(&sequence);
        let chosen: Vec<AspectId> = (cover.all_aspects())
            .filter(|&a| !cover.is_optional(a) && !repeats[a.index()])
            .collect();
        // Each aspect's times to take, and slack (its most less its least).
        let times: Vec<u32> = cover.all_aspects().map(|a| cover.multiplicity(a)).collect();
        let slack: Vec<u32> = (cover.all_aspects())
            .map(|a| cover.multiplicity(a) - cover.least(a).min(cover.multiplicity(a)))
            .collect();
        let root: Vec<u32> = (cover.all_aspects())
            .map(|a| state.list(a).len() as u32)
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut counts, mut left) = (root.clone(), times.clone());
        let mut dead = vec![false; cover.embedding_count()];
        let mut covered = vec![false; cover.aspect_count()];
        let mut total = 0.0;
        let (mut work, mut walked) = (0u64, 0u64);
        let mut made = 0u32;
        // Takes embedding `out` out of a walk, lowering its aspects' counts.
        let kill = |out: usize, dead: &mut [bool], counts: &mut [u32], work: &mut u64| {
            if !dead[out] {
                dead[out] = true;
                let aspects = cover.aspects(EmbeddingId(out as u32));
                *work += aspects.len() as u64;
                for c in aspects {
                    counts[c.index()] -= 1;
                }
            }
        };
        while self.walks_on(made, probes, work, walked, total) {
            made += 1;
            counts.copy_from_slice(&root);
            left.copy_from_slice(&times);
            dead.iter_mut().for_each(|d| *d = false);
            covered.iter_mut().for_each(|c| *c = false);
            let mut weight = 1.0;
            loop {
                work += chosen.len() as u64;
                // The degree `l + 1 - n`, for `l` embeddings and `n` times it must still be
                // taken; then less slack, then more embeddings, as the search compares them.
                let mut best: Option<(u128, AspectId, u32)> = None;
                let mut stuck = false;
                for &a in chosen.iter().filter(|a| !covered[a.index()]) {
                    let (l, b, m) = (counts[a.index()], left[a.index()], slack[a.index()]);
                    let (n, s) = (b.saturating_sub(m), b.min(m));
                    if l < n {
                        stuck = true;
                        break;
                    }
                    let key = u128::from(l + 1 - n) << 64
                        | u128::from(s) << 16
                        | u128::from(0xffff - l.min(0xffff));
                    if best.is_none_or(|(k, ..)| key < k) {
                        best = Some((key, a, n));
                    }
                }
                let Some((_, a, n)) = best.filter(|_| !stuck) else {
                    break;
                };
                let l = counts[a.index()];
                // Its placements, then, where its least is met, the branch that finishes it.
                let (tries, children) = (l + 1 - n.max(1), l + 1 - n);
                if children == 0 {
                    break;
                }
                weight *= f64::from(children);
                total += weight;
                walked += 1;
                let pick = rng.random_range(0..children);
                let mut gone = Vec::new();
                if pick == tries {
                    covered[a.index()] = true;
                    gone.push(a);
                } else {
                    let list = state.list(a);
                    let live: Vec<usize> = (list.iter().map(|&entry| (entry & !HAS_BAGS) as usize))
                        .filter(|&e| !dead[e])
                        .take(pick as usize + 1)
                        .collect();
                    let e = live[pick as usize];
                    // A bag's branch goes without the embeddings tried before it.
                    for &out in &live[..pick as usize] {
                        kill(out, &mut dead, &mut counts, &mut work);
                    }
                    // The aspects it covers, and the bags it fills, take their embeddings out.
                    for &b in cover.aspects(EmbeddingId(e as u32)) {
                        left[b.index()] = left[b.index()].saturating_sub(1);
                        if left[b.index()] == 0 {
                            covered[b.index()] = true;
                            gone.push(b);
                        }
                    }
                }
                for b in gone {
                    for &entry in state.list(b) {
                        kill(
                            (entry & !HAS_BAGS) as usize,
                            &mut dead,
                            &mut counts,
                            &mut work,
                        );
                    }
                }
            }
        }
        (total / f64::from(made.max(1)), made)
    }
}

/// The free set and the embeddings' masks of one order's walks with the bits by position, so
/// that the next aspect to cover is the free set's first bit: a bit for each column of
/// [`Walks`], placed by its first aspect in the order, the one a walk covers.
struct ByPosition {
    free: Vec<u64>,
    /// Each embedding's mask as its words that are not zero, with their places.
    masks: SparseMasks,
    /// The aspect each bit stands for.
    aspects: Vec<AspectId>,
}

impl ByPosition {
    fn new(walks: &Walks, order: &Order) -> ByPosition {
        let columns = walks.columns();
        let mut first = vec![None; columns];
        for &a in order.sequence() {
            first[walks.class[a.index()] as usize].get_or_insert(a);
        }
        let aspects: Vec<AspectId> = (order.sequence().iter())
            .filter(|&&a| first[walks.class[a.index()] as usize] == Some(a))
            .copied()
            .collect();
        let mut bit_of = vec![0usize; columns];
        for (p, a) in aspects.iter().enumerate() {
            bit_of[walks.class[a.index()] as usize] = p;
        }
        let words = columns.div_ceil(64).max(1);
        let moved = |set: &[u64]| {
            let mut out = vec![0u64; words];
            for (w, &word) in set.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    let c = w * 64 + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let p = bit_of[c];
                    out[p / 64] |= 1 << (p % 64);
                }
            }
            out
        };
        // A mask's bits moved one by one, so that its words are never written out whole: a
        // large box's free set has a thousand words, a piece's cells a few.
        let mut masks = SparseMasks::with_capacity(walks.sparse.len(), walks.sparse.words());
        let mut bits = Vec::new();
        for e in 0..walks.sparse.len() {
            bits.clear();
            for &(w, word) in walks.sparse.of(e) {
                bits.extend(bits_of(word).map(|b| {
                    let p = bit_of[w as usize * 64 + b];
                    ((p / 64) as u32, 1u64 << (p % 64))
                }));
            }
            masks.push(&mut bits);
        }
        ByPosition {
            free: moved(&walks.free),
            masks,
            aspects,
        }
    }

    /// Covers the aspects of `e`.
    fn place(&self, e: EmbeddingId, free: &mut [u64]) {
        for &(w, m) in self.masks.of(e.index()) {
            free[w as usize] &= !m;
        }
    }
}

/// The places of the bits of `word`, lowest first.
fn bits_of(word: u64) -> impl Iterator<Item = usize> {
    let mut rest = word;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let b = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            b
        })
    })
}

/// A sparse mask (its words that are not zero, with their places, in order) of bits given as
/// `(word, bit)`s in any order.
fn sparse_of(bits: impl Iterator<Item = (u32, u64)>) -> Vec<(u32, u64)> {
    let mut bits: Vec<(u32, u64)> = bits.collect();
    bits.sort_unstable_by_key(|&(w, _)| w);
    let mut mask: Vec<(u32, u64)> = Vec::with_capacity(bits.len());
    for (w, bit) in bits {
        match mask.last_mut() {
            Some((last, word)) if *last == w => *word |= bit,
            _ => mask.push((w, bit)),
        }
    }
    mask
}

/// The word `w` of a sparse mask.
fn word_at(mask: &[(u32, u64)], w: usize) -> u64 {
    mask.binary_search_by_key(&(w as u32), |&(at, _)| at)
        .map_or(0, |i| mask[i].1)
}

/// The first bit of `set` at or after `from`.
fn first_set(set: &[u64], from: usize) -> Option<usize> {
    let mut w = from / 64;
    let mut word = *set.get(w)? & (u64::MAX << (from % 64));
    loop {
        if word != 0 {
            return Some(w * 64 + word.trailing_zeros() as usize);
        }
        w += 1;
        word = *set.get(w)?;
    }
}

/// What the walks of one cover look up: aspects of multiplicity one as bits of a free set,
/// and for each aspect the embeddings that contain it, in the cover's order, found by a scan
/// of their masks or, where that reads fewer words, by lookups (as the walker finds a tree's
/// placements: a set of the list's entries per value of each nibble of the free set some entry
/// needs); bags (several copies) as counts.
///
/// Required aspects held once that lie in the same allowed embeddings (the cells of a piece
/// that no placement parts, hundreds to a piece on a fine grid) share a column
/// ([`Cover::columns`]): one bit, one list. They are free or covered together, so the walks,
/// and their estimates, are the same as with a bit for each; they read fewer words.
struct Walks {
    /// Words of a free set.
    words: usize,
    /// Each aspect's column: its bit in a free set and its list.
    class: Vec<u32>,
    /// The free set at the root: every aspect of multiplicity one.
    free: Vec<u64>,
    /// Copies left in each bag at the root (0 for other aspects).
    counts: Vec<u32>,
    /// The bags: a walk restores their counts alone, not the whole of `counts`.
    bag_aspects: Vec<AspectId>,
    /// For each column, the allowed embeddings that contain its aspects, in the cover's order:
    /// the embedding's number, with [`HAS_BAGS`] set if it takes from a bag.
    lists: Vec<Vec<u32>>,
    /// For each column, how its list is looked up (`None`: scanned), made the first time a walk
    /// covers it: a walk meets few of a large cover's aspects, and lookups are costly to make.
    lookups: Vec<OnceLock<Option<Lookup>>>,
    /// The words of a free set with a bit for each aspect: the measure of a walk's work, the
    /// same however the aspects share columns.
    aspect_words: usize,
    /// Each embedding's mask as its words that are not zero, with their places: a piece's cells
    /// lie in a few words of a large box's free set.
    sparse: SparseMasks,
    /// Each embedding's bags (none where the cover has no bag).
    bags: Vec<Vec<AspectId>>,
}

/// An aspect's list found by lookup: its entries as the bits of a set of `words` words.
struct Lookup {
    words: usize,
    /// Its whole set, the set of its entries with bags, then for each nibble the set each of
    /// its sixteen values allows.
    sets: Vec<u64>,
    /// Its nibbles: each a word of the free set, a shift, and where the sets of its sixteen
    /// values start in `sets`.
    nibbles: Vec<(u32, u32, u32)>,
}

/// The most words of sets one aspect's lookup may keep, per word of its list: a bound on the
/// memory of lists whose entries spread over many nibbles (an abstract puzzle's), which are
/// scanned instead.
const SETS_PER_LIST_WORD: usize = 16;

impl Walks {
    fn new(cover: &Cover) -> Walks {
        let aspects = cover.aspect_count();
        let bag = |a: AspectId| cover.multiplicity(a) > 1;
        let class = cover.columns().to_vec();
        let columns = class.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let mut lists = vec![Vec::new(); columns];
        let words = lists.len().div_ceil(64).max(1);
        let mut free = vec![0; words];
        let mut counts = vec![0; aspects];
        for a in cover.all_aspects() {
            let c = class[a.index()] as usize;
            match bag(a) {
                true => counts[a.index()] = cover.multiplicity(a),
                false => free[c / 64] |= 1 << (c % 64),
            }
        }
        let mut bags = vec![Vec::new(); cover.embedding_count()];
        let mut sparse = SparseMasks::with_capacity(cover.embedding_count(), 0);
        // Kept from one embedding to the next: a burr's frame has hundreds of aspects, its
        // pieces dozens, and vectors grown afresh for each were a tenth of these tables.
        let mut bits = Vec::new();
        // The last embedding that listed each column, to list one there once.
        let mut listed = vec![u32::MAX; columns];
        for e in (0..cover.embedding_count() as u32).map(EmbeddingId) {
            bits.clear();
            if !cover.is_allowed(e) {
                sparse.push(&mut bits);
                continue;
            }
            for &a in cover.aspects(e) {
                let c = class[a.index()] as usize;
                match bag(a) {
                    true => bags[e.index()].push(a),
                    false => bits.push(((c / 64) as u32, 1u64 << (c % 64))),
                }
            }
            let flag = match bags[e.index()].is_empty() {
                true => 0,
                false => HAS_BAGS,
            };
            for &a in cover.aspects(e) {
                let c = class[a.index()] as usize;
                if listed[c] != e.0 {
                    listed[c] = e.0;
                    lists[c].push(e.0 | flag);
                }
            }
            sparse.push(&mut bits);
        }
        let bag_aspects = cover.all_aspects().filter(|&a| bag(a)).collect();
        Walks {
            words,
            class,
            free,
            counts,
            bag_aspects,
            lists,
            lookups: (0..columns).map(|_| OnceLock::new()).collect(),
            aspect_words: aspects.div_ceil(64).max(1),
            sparse,
            bags,
        }
    }

    /// Fills the bags of `left`, [`Walks::counts`] after a walk, as they are at the root.
    fn refill(&self, left: &mut [u32]) {
        for a in &self.bag_aspects {
            left[a.index()] = self.counts[a.index()];
        }
    }

    /// How many columns the free set has.
    fn columns(&self) -> usize {
        self.lists.len()
    }

    /// The allowed embeddings that contain `a`, as entries of its column's list.
    fn list(&self, a: AspectId) -> &[u32] {
        &self.lists[self.class[a.index()] as usize]
    }

    /// The lookup of aspect `a`'s list, where it reads fewer words than a scan and its sets
    /// stay within [`SETS_PER_LIST_WORD`].
    fn look_up(&self, a: AspectId) -> Option<Lookup> {
        let list = self.list(a);
        let c = self.class[a.index()] as usize;
        // A bag is never the aspect to cover.
        if self.counts[a.index()] > 0 {
            return None;
        }
        let n = self.words;
        let entries: Vec<&[(u32, u64)]> = list.iter().map(|&e| self.sparse_mask(e)).collect();
        // The words a scan of the list reads, and those of its whole masks (the measure of
        // its sets' memory).
        let read_by_scan: usize = list.iter().map(|&e| self.sparse_mask(e).len() + 1).sum();
        let scanned = list.len() * (n + 1);
        let words = entries.len().div_ceil(64);
        let own = |w: usize| match c / 64 == w {
            true => 1u64 << (c % 64),
            false => 0,
        };
        // The words the entries have bits in, from their sparse masks (not a pass over every
        // word of the free set for every aspect, which grows with the square of a box).
        let touched = sparse_of(entries.iter().flat_map(|m| m.iter().copied()));
        let needed: Vec<(usize, u32)> = (touched.iter())
            .flat_map(|&(w, bits)| {
                let (w, bits) = (w as usize, bits & !own(w as usize));
                (0..64)
                    .step_by(4)
                    .filter(move |&s| bits >> s & 15 != 0)
                    .map(move |s| (w, s))
            })
            .collect();
        let reads = (needed.len() + 1) * words;
        let sets = (needed.len() * 16 + 2) * words;
        if entries.is_empty() || reads >= read_by_scan || sets > SETS_PER_LIST_WORD * scanned {
            return None;
        }
        // The whole set, the set of entries with bags, then sixteen sets per nibble.
        let mut sets = vec![0; (2 + 16 * needed.len()) * words];
        for i in 0..entries.len() {
            let bit = 1u64 << (i % 64);
            sets[i / 64] |= bit;
            if list[i] & HAS_BAGS != 0 {
                sets[words + i / 64] |= bit;
            }
        }
        let mut nibbles = Vec::with_capacity(needed.len());
        for (k, &(w, shift)) in needed.iter().enumerate() {
            let at = (2 + 16 * k) * words;
            // The entries with no bit in the nibble fit every value of it.
            let mut anywhere = vec![0u64; words];
            for (i, mask) in entries.iter().enumerate() {
                // The entry fits every value of the nibble that holds its bits there: the
                // values from `bits` on that include them, in increasing order.
                let bits = (word_at(mask, w) & !own(w)) >> shift & 15;
                if bits == 0 {
                    anywhere[i / 64] |= 1 << (i % 64);
                    continue;
                }
                let mut value = bits;
                loop {
                    sets[at + value as usize * words + i / 64] |= 1 << (i % 64);
                    if value == 15 {
                        break;
                    }
                    value = (value + 1) | bits;
                }
            }
            for value in 0..16 {
                let set = &mut sets[at + value * words..at + (value + 1) * words];
                set.iter_mut().zip(&anywhere).for_each(|(s, a)| *s |= a);
            }
            nibbles.push((w as u32, shift, at as u32));
        }
        Some(Lookup {
            words,
            sets,
            nibbles,
        })
    }

    /// The mask of a list's entry, its words that are not zero.
    fn sparse_mask(&self, entry: u32) -> &[(u32, u64)] {
        self.sparse.of((entry & !HAS_BAGS) as usize)
    }

    /// The words of masks a scan of `a`'s list compares: the measure of the estimator's work, the
    /// same however the list is read, so that the walks made do not depend on it.
    fn work(&self, a: AspectId) -> u64 {
        (self.list(a).len() * (self.aspect_words + 1)) as u64
    }

    /// The entries of `a`'s list whose aspects are all free (and whose bags have copies
    /// left), as a set of its entries in `fit`; returns how many.
    fn fitting(&self, a: AspectId, free: &[u64], left: &[u32], fit: &mut Vec<u64>) -> usize {
        let list = self.list(a);
        let bags_left = |entry: u32| {
            let e = (entry & !HAS_BAGS) as usize;
            entry & HAS_BAGS == 0 || self.bags[e].iter().all(|b| left[b.index()] > 0)
        };
        let lookup = self.lookups[self.class[a.index()] as usize].get_or_init(|| self.look_up(a));
        let Some(lookup) = lookup else {
            fit.clear();
            fit.resize(list.len().div_ceil(64), 0);
            for (i, &entry) in list.iter().enumerate() {
                let mask = self.sparse_mask(entry);
                if mask.iter().all(|&(w, m)| m & !free[w as usize] == 0) && bags_left(entry) {
                    fit[i / 64] |= 1 << (i % 64);
                }
            }
            return fit.iter().map(|w| w.count_ones() as usize).sum();
        };
        let (words, sets) = (lookup.words, &lookup.sets);
        fit.clear();
        if words == 1 {
            // Most lists have 64 entries or fewer: one word, and'ed in a register.
            let mut set = sets[0];
            for &(w, shift, at) in &lookup.nibbles {
                set &= sets[at as usize + ((free[w as usize] >> shift) & 15) as usize];
            }
            fit.push(set);
        } else {
            fit.extend_from_slice(&sets[..words]);
            for &(w, shift, at) in &lookup.nibbles {
                let value = (free[w as usize] >> shift) & 15;
                let at = at as usize + value as usize * words;
                let allows = &sets[at..at + words];
                fit.iter_mut().zip(allows).for_each(|(f, a)| *f &= a);
            }
        }
        let bagged = &sets[words..2 * words];
        for (k, (word, &b)) in fit.iter_mut().zip(bagged).enumerate() {
            let mut rest = *word & b;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                if !bags_left(list[k * 64 + bit as usize]) {
                    *word &= !(1 << bit);
                }
            }
        }
        fit.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The embedding of the `k`th entry (from 0) of the set `fit` of `a`'s list.
    fn nth(&self, a: AspectId, fit: &[u64], mut k: usize) -> EmbeddingId {
        for (w, &word) in fit.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if k >= ones {
                k -= ones;
                continue;
            }
            let mut rest = word;
            for _ in 0..k {
                rest &= rest - 1;
            }
            let i = w * 64 + rest.trailing_zeros() as usize;
            return EmbeddingId(self.list(a)[i] & !HAS_BAGS);
        }
        unreachable!("the set holds more than `k` entries")
    }

    /// Covers the aspects of `e`.
    fn place(&self, e: EmbeddingId, free: &mut [u64], left: &mut [u32]) {
        for &a in &self.bags[e.index()] {
            left[a.index()] -= 1;
        }
        for &(w, m) in self.sparse.of(e.index()) {
            free[w as usize] &= !m;
        }
    }
}

/// The bit of a list entry that says the embedding takes from a bag.
const HAS_BAGS: u32 = 1 << 31;

#[cfg(test)]
mod tests {
    use super::*;

    /// An estimator with the default bound on its work.
    fn estimator(cover: &Cover) -> Estimator<'_> {
        Estimator::new(cover, &Tuning::default())
    }

    /// [`Estimator::placements`] of a cover.
    fn placements(cover: &Cover, order: &Order, probes: u32, seed: u64) -> f64 {
        estimator(cover).placements(order, probes, seed)
    }

    #[test]
    fn a_uniform_tree_is_estimated_exactly() {
        // Three aspects, each in two embeddings of its own: a complete binary tree of depth 3
        // with 2 + 4 + 8 = 14 placements; every walk sees the same factors.
        let names = (0..3).map(|a| a.to_string()).collect();
        let embeddings = (0..6).map(|e| vec![AspectId(e / 2)]).collect();
        let cover = Cover::new(names, embeddings);
        assert_eq!(placements(&cover, &Order::by_number(3), 10, SEED), 14.0);
    }

    #[test]
    fn the_fewest_embeddings_estimate_follows_the_forced_aspect() {
        // Aspect 0 has three embeddings, aspect 1 one, which also takes 0: the search covers
        // 1 first, forced, and is done: one placement, where the listed order makes three.
        let names = vec!["0".into(), "1".into()];
        let a = AspectId;
        let embeddings = vec![vec![a(0)], vec![a(0)], vec![a(0), a(1)]];
        let cover = Cover::new(names, embeddings);
        let small = estimator(&cover);
        assert_eq!(small.fewest_placements(10, SEED), 1.0);
        assert_eq!(small.placements(&Order::by_number(2), 1000, SEED), 3.0);
        // A uniform tree is estimated exactly, as by the listed order.
        let names = (0..3).map(|a| a.to_string()).collect();
        let embeddings = (0..6).map(|e| vec![AspectId(e / 2)]).collect();
        let cover = Cover::new(names, embeddings);
        assert_eq!(estimator(&cover).fewest_placements(10, SEED), 14.0);
    }

    #[test]
    fn aspects_that_share_a_column_leave_the_estimates_as_they_were() {
        // The uneven tree below, each aspect with a copy in the same embeddings (listed
        // after both, and then before them): one bit each or one for both, the walks and their
        // estimates are the same.
        let a = AspectId;
        let names = |n: u32| (0..n).map(|i| i.to_string()).collect();
        let plain = Cover::new(
            names(2),
            vec![vec![a(0)], vec![a(0), a(1)], vec![a(1)], vec![a(1)]],
        );
        let copied = Cover::new(
            names(4),
            vec![
                vec![a(0), a(2)],
                vec![a(0), a(1), a(2), a(3)],
                vec![a(1), a(3)],
                vec![a(1), a(3)],
            ],
        );
        assert_eq!(estimator(&copied).walks.columns(), 2);
        let order = Order::new(vec![a(2), a(0), a(3), a(1)]).unwrap();
        for probes in [1, 7, 500] {
            let alone = placements(&plain, &Order::by_number(2), probes, SEED);
            assert_eq!(
                placements(&copied, &Order::by_number(4), probes, SEED),
                alone
            );
            assert_eq!(placements(&copied, &order, probes, SEED), alone);
            let fewest = estimator(&plain).fewest_placements(probes, SEED);
            assert_eq!(estimator(&copied).fewest_placements(probes, SEED), fewest);
        }
    }

    #[test]
    fn the_estimate_averages_walks_of_an_uneven_tree() {
        // Aspect 0: embedding {0} or {0, 1}; aspect 1 then has two embeddings of its own or is
        // taken. Placements: 2 at the first level, and 2 more under {0}: 4. Walks estimate
        // 2 (through {0, 1}) or 2 + 2 * 2 = 6 (through {0}): 4 on average.
        let names = vec!["0".into(), "1".into()];
        let a = AspectId;
        let embeddings = vec![vec![a(0)], vec![a(0), a(1)], vec![a(1)], vec![a(1)]];
        let cover = Cover::new(names, embeddings);
        let every_walk = Tuning {
            estimate_past: f64::INFINITY,
            ..Tuning::default()
        };
        let estimator = Estimator::new(&cover, &every_walk);
        let estimate = estimator.placements(&Order::by_number(2), 4000, SEED);
        assert!((estimate - 4.0).abs() < 0.2, "{estimate}");
    }

    #[test]
    fn walks_end_once_they_make_more_placements_than_the_search() {
        // A forced chain of 50 aspects: each walk makes the whole search, 50 placements, and
        // the second passes the estimate. Where the walks may pass it without end, all are made.
        let names = (0..50).map(|a| a.to_string()).collect();
        let embeddings = (0..50).map(|a| vec![AspectId(a)]).collect();
        let cover = Cover::new(names, embeddings);
        let order = Order::by_number(50);
        let estimator = estimator(&cover);
        assert_eq!(estimator.walked_placements(&order, 2000, SEED), (50.0, 2));
        assert_eq!(estimator.walked_fewest_placements(2000, SEED), (50.0, 2));
        let every_walk = Tuning {
            estimate_past: f64::INFINITY,
            ..Tuning::default()
        };
        let estimator = Estimator::new(&cover, &every_walk);
        assert_eq!(
            estimator.walked_placements(&order, 2000, SEED),
            (50.0, 2000)
        );
        // A search many times larger than its walks makes every walk.
        let names = (0..12).map(|a| a.to_string()).collect();
        let embeddings = (0..48).map(|e| vec![AspectId(e / 4)]).collect();
        let cover = Cover::new(names, embeddings);
        let estimator = self::estimator(&cover);
        let (_, made) = estimator.walked_placements(&Order::by_number(12), 2000, SEED);
        assert_eq!(made, 2000);
    }
}
