//! The failure cache: free sets whose search found no solution, so that the search skips them
//! when another way of covering the same aspects reaches them again.
//!
//! The same free set is often reached along different paths (two pieces that fill the same
//! cells in either of two ways), and everything below a node depends on its free set alone.
//! The cache is a direct-mapped table: a free set that hashes to a taken slot replaces what
//! was there, so memory stays fixed and the cache may forget, but never errs: a hit compares
//! the whole free set.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use crate::board::Board;
use crate::cover::{AspectId, Cover};
use crate::geometry::face_neighbours;
use crate::order::Order;
use crate::search::Sink;

/// The most slots a cache takes (2 MiB for free sets that fit one word, as the 2-D pentomino
/// boxes' do; twice or three times that for longer ones).
pub const MAX_BITS: u32 = 18;

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
    /// The puzzle whose failures the table holds ([`fingerprint`]), 0 before the first: a
    /// free set that fails in one puzzle may hold solutions in another.
    owner: u64,
    /// Solutions reached so far, whether the sink then kept them or not.
    reached: u64,
    /// Free sets skipped because the cache held them.
    skips: u64,
}

impl FailureCache {
    /// A cache of `2^bits` slots (at most [`MAX_BITS`]); the table is made at the first
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

    /// A cache of `2^bits` slots made at once for puzzle `owner` (its [`fingerprint`]), whose
    /// keys take `words` words: what the generated `count` uses, so that the threads of
    /// `count_parallel` can share it from the start.
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
    fn serve(&mut self, owner: u64, words: usize) {
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
    fn holds(&self, q: &[u64]) -> bool {
        let at = self.slot(q);
        self.table
            .get(at..at + q.len())
            .is_some_and(|slot| slot.iter().zip(q).all(|(s, &w)| s.load(Relaxed) == w))
    }

    /// Remembers that `q` holds no solution.
    #[inline(always)]
    fn insert(&mut self, q: &[u64]) {
        let at = self.slot(q);
        if let Some(slot) = self.table.get(at..at + q.len()) {
            for (s, &w) in slot.iter().zip(q) {
                s.store(w, Relaxed);
            }
        }
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

/// A number for the exact-cover problem a search solves (its aspects in order and its
/// allowed embeddings), with which a cache knows whether its failures are that problem's.
/// Never 0, and the same in every build by one compiler.
pub fn fingerprint(cover: &Cover, order: &Order) -> u64 {
    let mut hasher = DefaultHasher::new();
    order.sequence().hash(&mut hasher);
    for a in order.sequence() {
        cover.multiplicity(*a).hash(&mut hasher);
    }
    for e in cover.allowed() {
        cover.aspects(e).hash(&mut hasher);
    }
    hasher.finish() | 1
}

/// Runs `search` below free set `q` of puzzle `owner` (its [`fingerprint`]), unless the
/// sink's cache knows `q` fails; remembers `q` when it reached no solution. A sink without a
/// cache just runs `search`.
#[inline(always)]
pub fn remembered<S: Sink>(
    owner: u64,
    q: &[u64],
    sink: &mut S,
    search: impl FnOnce(&mut S) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if !S::REMEMBERS {
        return search(sink);
    }
    let before = match sink.failures() {
        Some(cache) => {
            cache.serve(owner, q.len());
            if cache.holds(q) {
                cache.skips += 1;
                return ControlFlow::Continue(());
            }
            cache.reached()
        }
        None => return search(sink),
    };
    search(sink)?;
    if let Some(cache) = sink.failures() {
        if cache.reached() == before {
            cache.insert(q);
        }
    }
    ControlFlow::Continue(())
}

/// Tells the sink's cache, if it has one, that a solution was reached.
#[inline(always)]
pub fn reach<S: Sink>(sink: &mut S) {
    if S::REMEMBERS {
        if let Some(cache) = sink.failures() {
            cache.reach();
        }
    }
}

/// The widest frontier at which the cache pays: measured on the pentomino boxes, it saves
/// 1.1x to 1.4x on 6x10 (frontier 6), 5x12 (5) and 8x8 with a hole (8), is even on 10x3x2
/// (6), and costs 10% on 6x5x2 (10) and 5x4x3 (12), whose lookups rarely hit (3% and 5%).
pub const NARROW_FRONTIER: usize = 8;

/// The most free cells that border the covered ones while the order's scan covers the box
/// cell by cell: the cells a free set can differ in just past the covered part, so a narrow
/// frontier means few distinct free sets at each depth and a cache that hits often.
pub fn frontier(board: &Board, order: &Order) -> usize {
    let cells = board.cells();
    let mut scan: Vec<usize> = (0..cells.len()).collect();
    scan.sort_by_key(|&c| order.position(AspectId(c as u32)));
    let mut covered = vec![false; cells.len()];
    let mut bordering = vec![false; cells.len()];
    let (mut width, mut widest) = (0usize, 0);
    for c in scan {
        covered[c] = true;
        if std::mem::take(&mut bordering[c]) {
            width -= 1;
        }
        for n in face_neighbours(&cells[c]).filter_map(|p| board.cell_at(&p)) {
            let n = n as usize;
            if !covered[n] && !bordering[n] {
                bordering[n] = true;
                width += 1;
            }
        }
        widest = widest.max(width);
    }
    widest
}

/// The size of cache to give a search of about `placements` placements: a slot for every
/// fourth, within 2^10 and 2^[`MAX_BITS`] slots.
pub fn bits_for(placements: f64) -> u32 {
    let wanted = (placements / 4.0).max(1.0).log2().ceil();
    (wanted as u32).clamp(10, MAX_BITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The frontier of a box scanned with these axes varying fastest first.
    fn frontier_of(extents: &[i32], fastest_first: &[usize]) -> usize {
        let board = Board::block(extents);
        let order = Order::for_board(&board, &[], fastest_first, &[]);
        frontier(&board, &order)
    }

    #[test]
    fn the_frontier_is_the_cross_section_the_scan_moves() {
        // 10 by 6 scanned along the 6 first: a line of 6 cells borders the covered part.
        assert_eq!(frontier_of(&[10, 6], &[1, 0]), 6);
        assert_eq!(frontier_of(&[10, 6], &[0, 1]), 10);
        assert_eq!(frontier_of(&[5, 4, 3], &[2, 1, 0]), 12);
        assert_eq!(frontier_of(&[5, 4, 3], &[0, 1, 2]), 20);
        assert_eq!(frontier_of(&[7], &[0]), 1);
    }

    #[test]
    fn holes_narrow_the_frontier() {
        // A 3x3 square scanned by rows has a frontier of 3; without its middle, only the two
        // cells at the ends of the next row border the first.
        let square = Board::block(&[3, 3]);
        let ring = Board::with_cells(&[3, 3], |p| p != [1, 1]);
        for (board, width) in [(square, 3), (ring, 2)] {
            let order = Order::for_board(&board, &[], &[0, 1], &[]);
            assert_eq!(frontier(&board, &order), width);
        }
    }
    use crate::search::CachedCounter;

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

    #[test]
    fn a_free_set_is_remembered_only_when_its_search_reached_no_solution() {
        let mut sink = CachedCounter::new(4);
        // A search that reaches a solution is not remembered...
        let flow = remembered(1, &[3], &mut sink, |s| {
            reach(s);
            s.solution()
        });
        assert!(flow.is_continue());
        assert_eq!(sink.solutions, 1);
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
        assert_eq!(bits_for(1.1e6), MAX_BITS);
        assert_eq!(bits_for(10.0), 10);
        assert_eq!(bits_for(1e5), 15);
    }
}
