//! The failure cache: free sets whose search found no solution, so that the search skips them
//! when another way of covering the same aspects reaches them again.
//!
//! The same free set is often reached along different paths (two pieces that fill the same
//! cells in either of two ways), and everything below a node depends on its free set alone.
//! The cache is a direct-mapped table: a free set that hashes to a taken slot replaces what
//! was there, so memory stays fixed and the cache may forget, but never errs: a hit compares
//! the whole free set.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

/// The most slots a cache takes, as a power of two (2 MiB for keys of one word).
const MAX_BITS: u32 = 18;

/// Free sets known to hold no solution.
#[derive(Debug)]
pub struct FailureCache {
    /// The words of each slot's free set, one slot after another; all zero when empty (the
    /// empty free set is a solution, never a failure). Caches of one-word free sets may
    /// share a table between threads ([`FailureCache::share`]): each slot is written whole.
    table: Arc<[AtomicU64]>,
    /// The table holds `2^bits` slots.
    bits: u32,
    /// Words per free set.
    words: usize,
    /// The puzzle whose failures the table holds (its fingerprint, [`crate::Info::fingerprint`]),
    /// 0 before the first: a free set that fails in one puzzle may hold solutions in another.
    owner: u64,
    /// Solutions reached so far, whether the sink then kept them or not.
    reached: u64,
    /// Free sets skipped because the cache held them.
    skips: u64,
}

impl FailureCache {
    /// The most slots a cache takes, as a power of two (2 MiB for keys of one word).
    pub const MAX_BITS: u32 = MAX_BITS;

    /// A cache of `2^bits` slots (at most [`FailureCache::MAX_BITS`]); the table is made at the first
    /// lookup, for the puzzle searched and free sets as long as that one's.
    pub fn new(bits: u32) -> FailureCache {
        FailureCache {
            table: Arc::new([]),
            bits: bits.clamp(1, MAX_BITS),
            words: 0,
            owner: 0,
            reached: 0,
            skips: 0,
        }
    }

    /// A cache of `2^bits` slots made at once for puzzle `owner` (its fingerprint), whose keys
    /// take `words` words: what a count uses, so that the threads of a count on all cores can
    /// share it from the start.
    pub fn for_puzzle(bits: u32, owner: u64, words: usize) -> FailureCache {
        let mut cache = FailureCache::new(bits);
        cache.reset(owner, words);
        cache
    }

    /// A cache for another thread searching the same puzzle: the same table where its free
    /// sets are one word (two threads cannot then mix the halves of two free sets in one
    /// slot), else an empty one of the same size. Its counts start at zero.
    pub fn share(&self) -> FailureCache {
        let mut cache = FailureCache::new(self.bits);
        if self.words == 1 {
            cache.table = Arc::clone(&self.table);
            (cache.owner, cache.words) = (self.owner, self.words);
        } else if self.owner != 0 {
            cache.reset(self.owner, self.words);
        }
        cache
    }

    /// Makes the table hold the failures of puzzle `owner`, whose free sets take `words`
    /// words: as it is if it already does, empty otherwise.
    #[inline(always)]
    pub(crate) fn serve(&mut self, owner: u64, words: usize) {
        if self.owner != owner || self.words != words {
            self.reset(owner, words);
        }
    }

    #[cold]
    fn reset(&mut self, owner: u64, words: usize) {
        self.table = (0..words << self.bits).map(|_| AtomicU64::new(0)).collect();
        (self.owner, self.words) = (owner, words);
    }

    /// The slot of free set `q` (Fibonacci hashing of its words).
    #[inline(always)]
    fn slot(&self, q: &[u64]) -> usize {
        let mixed = q.iter().fold(0u64, |h, &w| (h ^ w).rotate_left(29));
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize * self.words
    }

    /// Whether `q` is known to hold no solution.
    #[inline(always)]
    pub(crate) fn holds(&self, q: &[u64]) -> bool {
        let at = self.slot(q);
        self.table
            .get(at..at + q.len())
            .is_some_and(|slot| slot.iter().zip(q).all(|(s, &w)| s.load(Relaxed) == w))
    }

    /// Remembers that `q` holds no solution.
    #[inline(always)]
    pub(crate) fn insert(&mut self, q: &[u64]) {
        let at = self.slot(q);
        if let Some(slot) = self.table.get(at..at + q.len()) {
            for (s, &w) in slot.iter().zip(q) {
                s.store(w, Relaxed);
            }
        }
    }

    /// Counts a free set skipped because the cache held it.
    #[inline(always)]
    pub(crate) fn skip(&mut self) {
        self.skips += 1;
    }

    /// Free sets skipped so far because the cache held them (each a whole subtree not
    /// searched again).
    pub fn skips(&self) -> u64 {
        self.skips
    }

    /// Solutions reached so far.
    #[inline(always)]
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// A solution was reached (counted before any symmetry check: whether a solution is kept
    /// depends on the placements above a free set too, so only reaching none makes it a
    /// failure).
    #[inline(always)]
    pub fn reach(&mut self) {
        self.reached += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_holds_what_was_inserted_until_a_collision_replaces_it() {
        let mut cache = FailureCache::new(2);
        cache.serve(1, 2);
        assert!(!cache.holds(&[5, 7]));
        cache.insert(&[5, 7]);
        assert!(cache.holds(&[5, 7]));
        assert!(!cache.holds(&[7, 5]));
        // Four slots: of many other free sets, some take the slot of [5, 7] and evict it,
        // and none is ever mistaken for another.
        let others: Vec<[u64; 2]> = (1..64).map(|i| [i, i * 3]).collect();
        for q in &others {
            cache.insert(q);
            assert!(cache.holds(q));
        }
        assert!(!cache.holds(&[5, 7]));
        let held = others.iter().filter(|q| cache.holds(&q[..])).count();
        assert!((1..=4).contains(&held), "{held}");
    }

    #[test]
    fn threads_share_a_table_of_one_word_free_sets_only() {
        let mut one = FailureCache::for_puzzle(4, 9, 1);
        let mut other = one.share();
        one.insert(&[5]);
        assert!(other.holds(&[5]));
        other.serve(9, 1);
        other.insert(&[6]);
        assert!(one.holds(&[6]));
        // Two words could be torn between two threads' writes: a table of its own.
        let mut two = FailureCache::for_puzzle(4, 9, 2);
        two.insert(&[5, 7]);
        let mut apart = two.share();
        assert!(!apart.holds(&[5, 7]));
        apart.serve(9, 2);
        apart.insert(&[1, 2]);
        assert!(apart.holds(&[1, 2]) && !two.holds(&[1, 2]));
    }
}
