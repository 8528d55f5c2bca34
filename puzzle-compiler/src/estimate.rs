//! Knuth's Monte Carlo estimate of the size of a search tree ("Estimating the efficiency of
//! backtrack programs", 1975): walk from the root to a leaf choosing each child at random; the
//! product of the branching factors met on the way, summed over the levels, is an unbiased
//! estimate of the number of nodes. The macro runs it at compile time on candidate aspect
//! orders, with a fixed seed so that builds are reproducible.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::order::{Order, Position};

/// The seed of every estimate: the same candidates get the same random walks on every build.
pub const SEED: u64 = 0x5eed_0f5e_a6c4;

/// The words of masks one estimate may compare, all its walks together: far more than the
/// walks of the puzzles this method is for ever need, so that they make all their walks, and a
/// bound on the time a huge box (walks hundreds of levels deep through long lists) can take.
pub const MAX_WORK: u64 = 1 << 26;

/// The mean of `probes` estimates of the number of placements the search makes in `order`
/// (nodes of the search tree other than the root), or of fewer, as many as [`MAX_WORK`]
/// allows (at least one). Bags are never chosen as the aspect to cover, as in the program.
pub fn placements(cover: &Cover, order: &Order, probes: u32, seed: u64) -> f64 {
    Estimator::new(cover).placements(order, probes, seed)
}

/// The estimates of one cover's searches in any order: what the walks look up, made once for
/// all the candidate orders of a cover.
pub struct Estimator<'c> {
    cover: &'c Cover,
    walks: Walks,
}

impl Estimator<'_> {
    /// The estimates of `cover`'s searches.
    pub fn new(cover: &Cover) -> Estimator<'_> {
        Estimator {
            cover,
            walks: Walks::new(cover),
        }
    }

    /// [`placements`] of the cover in `order`.
    pub fn placements(&self, order: &Order, probes: u32, seed: u64) -> f64 {
        let (cover, state) = (self.cover, &self.walks);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut free, mut left) = (state.free.clone(), state.counts.clone());
        let mut fit = Vec::new();
        let mut total = 0.0;
        let mut work = 0u64;
        let mut made = 0u32;
        while made < probes && (made == 0 || work < MAX_WORK) {
            made += 1;
            free.copy_from_slice(&state.free);
            left.copy_from_slice(&state.counts);
            let mut weight = 1.0;
            let mut position = 0;
            loop {
                // The least free aspect that is not a bag (a bag has no bit).
                while position < order.len()
                    && !is_set(&free, order.aspect(Position(position as u32)))
                {
                    position += 1;
                }
                if position == order.len() {
                    break;
                }
                let a = order.aspect(Position(position as u32));
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
                        state.place(state.nth(a, &fit, pick), &mut free, &mut left);
                    }
                    // Leaving an optional aspect uncovered is no placement.
                    false => free[a.index() / 64] &= !(1 << (a.index() % 64)),
                }
            }
        }
        total / f64::from(made.max(1))
    }
}

/// What the walks of one cover look up: aspects of multiplicity one as bits of a free set,
/// and for each aspect the embeddings that contain it, in the cover's order, found by a scan
/// of their masks or, where that reads fewer words, by lookups (as the walker finds a tree's
/// placements: a set of the list's entries per value of each nibble of the free set some entry
/// needs); bags (several copies) as counts.
struct Walks {
    /// Words of a free set.
    words: usize,
    /// The free set at the root: every aspect of multiplicity one.
    free: Vec<u64>,
    /// Copies left in each bag at the root (0 for other aspects).
    counts: Vec<u32>,
    /// For each aspect, the allowed embeddings that contain it, in the cover's order: the
    /// embedding's number (with [`HAS_BAGS`] set if it takes from a bag), then its mask
    /// (`words` words).
    lists: Vec<Vec<u64>>,
    /// For each aspect whose list is looked up, how.
    lookups: Vec<Option<Lookup>>,
    /// The lookups' nibbles.
    nibbles: Vec<(u32, u32, u32)>,
    /// The lookups' sets of entries: each lookup's whole set and the set of its entries that
    /// take from a bag, then for each nibble the set each of its values allows.
    sets: Vec<u64>,
    /// Each embedding's mask, `words` words apiece, by number.
    masks: Vec<u64>,
    /// Each embedding's bags (none where the cover has no bag).
    bags: Vec<Vec<AspectId>>,
}

/// An aspect's list found by lookup: its entries as the bits of a set of `words` words.
#[derive(Clone, Copy)]
struct Lookup {
    words: u32,
    /// Where its whole set starts in `sets`; the set of its entries with bags follows.
    all: u32,
    /// Its nibbles: `nibbles[start..end]`, each a word of the free set, a shift, and where the
    /// sets of its sixteen values start in `sets`.
    nibbles: (u32, u32),
}

/// The most words of sets one aspect's lookup may keep, per word of its list: a bound on the
/// memory of lists whose entries spread over many nibbles (an abstract puzzle's), which are
/// scanned instead.
const SETS_PER_LIST_WORD: usize = 16;

impl Walks {
    fn new(cover: &Cover) -> Walks {
        let aspects = cover.aspect_count();
        let words = aspects.div_ceil(64).max(1);
        let bag = |a: AspectId| cover.multiplicity(a) > 1;
        let mut free = vec![0; words];
        let mut counts = vec![0; aspects];
        for a in cover.all_aspects() {
            match bag(a) {
                true => counts[a.index()] = cover.multiplicity(a),
                false => free[a.index() / 64] |= 1 << (a.index() % 64),
            }
        }
        let mut lists = vec![Vec::new(); aspects];
        let mut masks = vec![0; cover.embedding_count() * words];
        let mut bags = vec![Vec::new(); cover.embedding_count()];
        for e in cover.allowed() {
            let mut mask = vec![0u64; words];
            for &a in cover.aspects(e) {
                match bag(a) {
                    true => bags[e.index()].push(a),
                    false => mask[a.index() / 64] |= 1 << (a.index() % 64),
                }
            }
            let flag = match bags[e.index()].is_empty() {
                true => 0,
                false => HAS_BAGS,
            };
            for &a in cover.aspects(e) {
                lists[a.index()].push(u64::from(e.0) | flag);
                lists[a.index()].extend_from_slice(&mask);
            }
            masks[e.index() * words..(e.index() + 1) * words].copy_from_slice(&mask);
        }
        let mut walks = Walks {
            words,
            free,
            counts,
            lists: Vec::new(),
            lookups: Vec::new(),
            nibbles: Vec::new(),
            sets: Vec::new(),
            masks,
            bags,
        };
        walks.lookups = (0..aspects)
            .map(|a| walks.look_up(AspectId(a as u32), &lists[a]))
            .collect();
        walks.lists = lists;
        walks
    }

    /// The lookup of aspect `a`'s list, where it reads fewer words than a scan and its sets
    /// stay within [`SETS_PER_LIST_WORD`].
    fn look_up(&mut self, a: AspectId, list: &[u64]) -> Option<Lookup> {
        // A bag is never the aspect to cover.
        if self.counts[a.index()] > 0 {
            return None;
        }
        let n = self.words;
        let entries: Vec<&[u64]> = list.chunks_exact(n + 1).map(|e| &e[1..]).collect();
        let words = entries.len().div_ceil(64);
        let own = |w: usize| match a.index() / 64 == w {
            true => 1u64 << (a.index() % 64),
            false => 0,
        };
        let needed: Vec<(usize, u32)> = (0..n)
            .flat_map(|w| {
                let bits = entries.iter().fold(0, |u, m| u | m[w]) & !own(w);
                (0..64)
                    .step_by(4)
                    .filter(move |&s| bits >> s & 15 != 0)
                    .map(move |s| (w, s))
            })
            .collect();
        let reads = (needed.len() + 1) * words;
        let sets = (needed.len() * 16 + 2) * words;
        if entries.is_empty() || reads >= list.len() || sets > SETS_PER_LIST_WORD * list.len() {
            return None;
        }
        let all = self.sets.len() as u32;
        let base = self.sets.len();
        // The whole set, the set of entries with bags, then sixteen sets per nibble.
        self.sets.resize(base + (2 + 16 * needed.len()) * words, 0);
        let sets = &mut self.sets[base..];
        for i in 0..entries.len() {
            let bit = 1u64 << (i % 64);
            sets[i / 64] |= bit;
            if list[i * (n + 1)] & HAS_BAGS != 0 {
                sets[words + i / 64] |= bit;
            }
        }
        let start = self.nibbles.len() as u32;
        for (k, &(w, shift)) in needed.iter().enumerate() {
            let at = (2 + 16 * k) * words;
            // The entries with no bit in the nibble fit every value of it.
            let mut anywhere = vec![0u64; words];
            for (i, mask) in entries.iter().enumerate() {
                // The entry fits every value of the nibble that holds its bits there: the
                // values from `bits` on that include them, in increasing order.
                let bits = (mask[w] & !own(w)) >> shift & 15;
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
            self.nibbles
                .push((w as u32, shift, base as u32 + at as u32));
        }
        Some(Lookup {
            words: words as u32,
            all,
            nibbles: (start, self.nibbles.len() as u32),
        })
    }

    /// The words of masks a scan of `a`'s list compares: the measure of [`MAX_WORK`], the
    /// same however the list is read, so that the walks made do not depend on it.
    fn work(&self, a: AspectId) -> u64 {
        self.lists[a.index()].len() as u64
    }

    /// The entries of `a`'s list whose aspects are all free (and whose bags have copies
    /// left), as a set of its entries in `fit`; returns how many.
    fn fitting(&self, a: AspectId, free: &[u64], left: &[u32], fit: &mut Vec<u64>) -> usize {
        let list = &self.lists[a.index()];
        let n = self.words;
        let bags_left = |entry: u64| {
            let e = (entry & !HAS_BAGS) as usize;
            entry & HAS_BAGS == 0 || self.bags[e].iter().all(|b| left[b.index()] > 0)
        };
        let Some(lookup) = self.lookups[a.index()] else {
            fit.clear();
            fit.resize(list.len().div_ceil((n + 1) * 64), 0);
            for (i, entry) in list.chunks_exact(n + 1).enumerate() {
                if entry[1..].iter().zip(free).all(|(m, f)| m & !f == 0) && bags_left(entry[0]) {
                    fit[i / 64] |= 1 << (i % 64);
                }
            }
            return fit.iter().map(|w| w.count_ones() as usize).sum();
        };
        let words = lookup.words as usize;
        let all = lookup.all as usize;
        let (start, end) = lookup.nibbles;
        let nibbles = &self.nibbles[start as usize..end as usize];
        fit.clear();
        if words == 1 {
            // Most lists have 64 entries or fewer: one word, and'ed in a register.
            let mut set = self.sets[all];
            for &(w, shift, at) in nibbles {
                set &= self.sets[at as usize + ((free[w as usize] >> shift) & 15) as usize];
            }
            fit.push(set);
        } else {
            fit.extend_from_slice(&self.sets[all..all + words]);
            for &(w, shift, at) in nibbles {
                let value = (free[w as usize] >> shift) & 15;
                let at = at as usize + value as usize * words;
                let allows = &self.sets[at..at + words];
                fit.iter_mut().zip(allows).for_each(|(f, a)| *f &= a);
            }
        }
        let bagged = &self.sets[all + words..all + 2 * words];
        for (k, (word, &b)) in fit.iter_mut().zip(bagged).enumerate() {
            let mut rest = *word & b;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                if !bags_left(list[(k * 64 + bit as usize) * (n + 1)]) {
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
            let entry = self.lists[a.index()][i * (self.words + 1)];
            return EmbeddingId((entry & !HAS_BAGS) as u32);
        }
        unreachable!("the set holds more than `k` entries")
    }

    /// Covers the aspects of `e`.
    fn place(&self, e: EmbeddingId, free: &mut [u64], left: &mut [u32]) {
        for &a in &self.bags[e.index()] {
            left[a.index()] -= 1;
        }
        let mask = &self.masks[e.index() * self.words..(e.index() + 1) * self.words];
        for (f, m) in free.iter_mut().zip(mask) {
            *f &= !m;
        }
    }
}

/// The bit of a list entry's first word that says the embedding takes from a bag.
const HAS_BAGS: u64 = 1 << 63;

/// Whether aspect `a` is in the free set.
fn is_set(free: &[u64], a: AspectId) -> bool {
    free[a.index() / 64] & (1 << (a.index() % 64)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_estimate_averages_walks_of_an_uneven_tree() {
        // Aspect 0: embedding {0} or {0, 1}; aspect 1 then has two embeddings of its own or is
        // taken. Placements: 2 at the first level, and 2 more under {0}: 4. Walks estimate
        // 2 (through {0, 1}) or 2 + 2 * 2 = 6 (through {0}): 4 on average.
        let names = vec!["0".into(), "1".into()];
        let a = AspectId;
        let embeddings = vec![vec![a(0)], vec![a(0), a(1)], vec![a(1)], vec![a(1)]];
        let cover = Cover::new(names, embeddings);
        let estimate = placements(&cover, &Order::by_number(2), 4000, SEED);
        assert!((estimate - 4.0).abs() < 0.2, "{estimate}");
    }
}
