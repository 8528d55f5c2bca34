//! The failure cache: free sets whose search found no solution, so that the search skips them
//! when another way of covering the same aspects reaches them again; in a count that asks for
//! it, the counting memo: each free set with the number of solutions below it, so that a count
//! adds that number instead of searching the free set again.
//!
//! The same free set is often reached along different paths (two pieces that fill the same
//! cells in either of two ways), and everything below a node depends on its free set alone.
//! The cache is a direct-mapped table: a free set that hashes to a taken slot replaces what
//! was there, so memory stays fixed and the cache may forget, but never errs: a hit compares
//! the whole free set.
//!
//! Counts are `u128`. A sum past `u128::MAX` stays at `u128::MAX` ([`FailureCache::overflowed`]
//! says so), never wraps.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use crate::tuning::{MAX_CACHE_BITS as MAX_BITS, MEMO_START_BITS};

/// The most slots a counting memo takes, as a power of two: its table's bytes are bounded by
/// the plan (`memo_bytes`), this only bounds the shift.
const MAX_MEMO_BITS: u32 = 32;

/// Free sets known to hold no solution, or, counting, the number of solutions each holds.
#[derive(Debug)]
pub struct FailureCache {
    /// Each slot's free set as words; all zero when empty (the empty free set is a solution,
    /// never searched below). Caches of failures of one-word free sets may share a table
    /// between threads ([`FailureCache::share`]): each slot is then written whole.
    table: Arc<[AtomicU64]>,
    /// A counting memo's table, of this thread alone: each slot's free set as words, then its
    /// count as two words (low first). Made zeroed, so that the system maps its pages as the
    /// search first writes them, and a large table costs nothing where it is little used.
    memo: Vec<u64>,
    /// The table holds `2^bits` slots.
    bits: u32,
    /// A counting memo grows to `2^limit` slots (a cache of failures is made whole).
    limit: u32,
    /// The slots of a counting memo that hold a free set.
    filled: usize,
    /// Words per free set.
    words: usize,
    /// Whether the slots keep counts (the counting memo), not failures alone.
    counts: bool,
    /// The puzzle whose failures the table holds (its fingerprint, [`crate::Info::fingerprint`]),
    /// 0 before the first: a free set that fails in one puzzle may hold solutions in another.
    owner: u64,
    /// Solutions reached so far, whether the sink then kept them or not, and, counting, those
    /// known from the memo.
    reached: u128,
    /// Solutions known from the memo, not reached by a search.
    credited: u128,
    /// Whether a sum of counts passed `u128::MAX`.
    overflowed: bool,
    /// Free sets skipped because the cache held them.
    skips: u64,
}

impl FailureCache {
    /// The most slots a cache of failures takes, as a power of two (2 MiB for keys of one word).
    pub const MAX_BITS: u32 = MAX_BITS;

    /// The most slots a counting memo takes, as a power of two.
    pub const MAX_MEMO_BITS: u32 = MAX_MEMO_BITS;

    /// A cache of failures of `2^bits` slots (at most [`FailureCache::MAX_BITS`]); the table is
    /// made at the first lookup, for the puzzle searched and free sets as long as that one's.
    pub fn new(bits: u32) -> FailureCache {
        FailureCache {
            table: Arc::new([]),
            memo: Vec::new(),
            bits: bits.clamp(1, MAX_BITS),
            limit: bits.clamp(1, MAX_BITS),
            filled: 0,
            words: 0,
            counts: false,
            owner: 0,
            reached: 0,
            credited: 0,
            overflowed: false,
            skips: 0,
        }
    }

    /// A counting memo of up to `2^bits` slots (at most [`FailureCache::MAX_MEMO_BITS`]), made
    /// as [`FailureCache::new`] makes a cache, small: it doubles whenever half its slots are
    /// taken, up to its size. Only a count whose every solution reached is kept may use one
    /// (no symmetry check after the search): what it adds is what was reached.
    pub fn counting(bits: u32) -> FailureCache {
        let limit = bits.clamp(1, MAX_MEMO_BITS);
        FailureCache {
            bits: limit.min(MEMO_START_BITS),
            limit,
            counts: true,
            ..FailureCache::new(1)
        }
    }

    /// A cache of `2^bits` slots made at once for puzzle `owner` (its fingerprint), whose keys
    /// take `words` words, keeping counts where `counts` says: what a count uses, so that the
    /// threads of a count on all cores can share it from the start.
    pub fn for_puzzle(bits: u32, owner: u64, words: usize, counts: bool) -> FailureCache {
        let mut cache = match counts {
            true => FailureCache::counting(bits),
            false => FailureCache::new(bits),
        };
        cache.reset(owner, words);
        cache
    }

    /// A cache for another thread searching the same puzzle: the same table where it keeps
    /// failures of one-word free sets (two threads cannot then mix the halves of two free sets
    /// in one slot), else an empty one of the same size. Its counts start at zero.
    pub fn share(&self) -> FailureCache {
        let mut cache = match self.counts {
            true => FailureCache::counting(self.limit),
            false => FailureCache::new(self.bits),
        };
        if self.words == 1 && !self.counts {
            cache.table = Arc::clone(&self.table);
            (cache.owner, cache.words) = (self.owner, self.words);
        } else if self.owner != 0 {
            cache.reset(self.owner, self.words);
        }
        cache
    }

    /// Whether the slots keep counts (a counting memo).
    pub fn counts(&self) -> bool {
        self.counts
    }

    /// The bytes of the table, once made.
    pub fn bytes(&self) -> usize {
        (self.table.len() + self.memo.len()) * 8
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
        match self.counts {
            true => {
                self.bits = self.limit.min(MEMO_START_BITS);
                self.memo = vec![0; (words + 2) << self.bits];
                self.filled = 0;
            }
            false => self.table = (0..words << self.bits).map(|_| AtomicU64::new(0)).collect(),
        }
        (self.owner, self.words) = (owner, words);
    }

    /// The first word of free set `q`'s slot (Fibonacci hashing of its words).
    #[inline(always)]
    fn slot(&self, q: &[u64]) -> usize {
        let mixed = q.iter().fold(0u64, |h, &w| (h ^ w).rotate_left(29));
        let width = self.words + 2 * usize::from(self.counts);
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize * width
    }

    /// What is known of `q`: `Some(0)` where it holds no solution, `Some(n)` where a memo
    /// counted `n` below it, `None` where nothing is.
    #[inline(always)]
    pub(crate) fn known(&self, q: &[u64]) -> Option<u128> {
        let at = self.slot(q);
        if self.counts {
            let slot = self.memo.get(at..at + q.len() + 2)?;
            let (key, count) = slot.split_at(q.len());
            return (key == q).then(|| u128::from(count[0]) | u128::from(count[1]) << 64);
        }
        let slot = self.table.get(at..at + q.len())?;
        slot.iter()
            .zip(q)
            .all(|(s, &w)| s.load(Relaxed) == w)
            .then_some(0)
    }

    /// Whether `q` is known to hold no solution.
    #[cfg(test)]
    pub(crate) fn holds(&self, q: &[u64]) -> bool {
        self.known(q) == Some(0)
    }

    /// Remembers that `q` holds `count` solutions: a cache of failures keeps `q` only where
    /// that is none.
    #[inline(always)]
    pub(crate) fn insert(&mut self, q: &[u64], count: u128) {
        if count != 0 && !self.counts {
            return;
        }
        let at = self.slot(q);
        if self.counts {
            if let Some(slot) = self.memo.get_mut(at..at + q.len() + 2) {
                let (key, held) = slot.split_at_mut(q.len());
                // An empty slot's key is all zero: the empty free set is never searched.
                if key.iter().all(|&w| w == 0) {
                    self.filled += 1;
                }
                key.copy_from_slice(q);
                held.copy_from_slice(&[count as u64, (count >> 64) as u64]);
            }
            if self.filled * 2 > 1 << self.bits && self.bits < self.limit {
                self.grow();
            }
        } else if let Some(slot) = self.table.get(at..at + q.len()) {
            for (s, &w) in slot.iter().zip(q) {
                s.store(w, Relaxed);
            }
        }
    }

    /// Doubles a counting memo's slots, each free set it holds moved to its slot in the new
    /// table (two that meet there keep the later).
    #[cold]
    fn grow(&mut self) {
        let width = self.words + 2;
        let old = std::mem::replace(&mut self.memo, vec![0; width << (self.bits + 1)]);
        self.bits += 1;
        self.filled = 0;
        for slot in old.chunks_exact(width) {
            let (key, held) = slot.split_at(self.words);
            if key.iter().any(|&w| w != 0) {
                let at = self.slot(key);
                let new = &mut self.memo[at..at + width];
                if new[..self.words].iter().all(|&w| w == 0) {
                    self.filled += 1;
                }
                new[..self.words].copy_from_slice(key);
                new[self.words..].copy_from_slice(held);
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

    /// Solutions reached so far, with those known from the memo.
    #[inline(always)]
    pub fn reached(&self) -> u128 {
        self.reached
    }

    /// Solutions known from the memo and added without a search.
    pub fn credited(&self) -> u128 {
        self.credited
    }

    /// Whether a count passed `u128::MAX` (it then stays there).
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// A solution was reached (counted before any symmetry check: whether a solution is kept
    /// depends on the placements above a free set too, so only reaching none makes it a
    /// failure).
    #[inline(always)]
    pub fn reach(&mut self) {
        self.reached = self.reached.saturating_add(1);
    }

    /// `count` solutions known below a free set the memo held, added without a search.
    #[inline(always)]
    pub(crate) fn credit(&mut self, count: u128) {
        let (credited, over) = self.credited.overflowing_add(count);
        let (reached, past) = self.reached.overflowing_add(count);
        if over || past {
            self.overflowed = true;
            (self.credited, self.reached) = (u128::MAX, u128::MAX);
        } else {
            (self.credited, self.reached) = (credited, reached);
        }
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
        cache.insert(&[5, 7], 0);
        assert!(cache.holds(&[5, 7]));
        assert!(!cache.holds(&[7, 5]));
        // Four slots: of many other free sets, some take the slot of [5, 7] and evict it,
        // and none is ever mistaken for another.
        let others: Vec<[u64; 2]> = (1..64).map(|i| [i, i * 3]).collect();
        for q in &others {
            cache.insert(q, 0);
            assert!(cache.holds(q));
        }
        assert!(!cache.holds(&[5, 7]));
        let held = others.iter().filter(|q| cache.holds(&q[..])).count();
        assert!((1..=4).contains(&held), "{held}");
    }

    #[test]
    fn threads_share_a_table_of_one_word_free_sets_only() {
        let mut one = FailureCache::for_puzzle(4, 9, 1, false);
        let mut other = one.share();
        one.insert(&[5], 0);
        assert!(other.holds(&[5]));
        other.serve(9, 1);
        other.insert(&[6], 0);
        assert!(one.holds(&[6]));
        // Two words could be torn between two threads' writes: a table of its own.
        let mut two = FailureCache::for_puzzle(4, 9, 2, false);
        two.insert(&[5, 7], 0);
        let mut apart = two.share();
        assert!(!apart.holds(&[5, 7]));
        apart.serve(9, 2);
        apart.insert(&[1, 2], 0);
        assert!(apart.holds(&[1, 2]) && !two.holds(&[1, 2]));
    }

    #[test]
    fn a_memo_keeps_counts_and_a_cache_of_failures_keeps_only_none() {
        let mut failures = FailureCache::for_puzzle(4, 9, 1, false);
        failures.insert(&[5], 3);
        assert_eq!(failures.known(&[5]), None);
        failures.insert(&[5], 0);
        assert_eq!(failures.known(&[5]), Some(0));
        let mut memo = FailureCache::for_puzzle(4, 9, 2, true);
        let big = u128::from(u64::MAX) * 7 + 3;
        memo.insert(&[5, 7], big);
        memo.insert(&[6, 1], 0);
        assert_eq!(memo.known(&[5, 7]), Some(big));
        assert_eq!(memo.known(&[6, 1]), Some(0));
        assert!(memo.holds(&[6, 1]) && !memo.holds(&[5, 7]));
        assert_eq!(memo.known(&[7, 5]), None);
        // A memo is never shared: two words of count could be torn between two threads.
        let apart = memo.share();
        assert!(apart.counts());
        assert_eq!(apart.known(&[5, 7]), None);
    }

    #[test]
    fn credited_counts_stop_at_the_largest_count_and_say_so() {
        let mut memo = FailureCache::counting(4);
        memo.reach();
        memo.credit(u128::MAX - 1);
        assert_eq!((memo.reached(), memo.overflowed()), (u128::MAX, false));
        memo.credit(1);
        assert_eq!((memo.reached(), memo.overflowed()), (u128::MAX, true));
        memo.reach();
        assert_eq!(memo.reached(), u128::MAX);
    }
}
