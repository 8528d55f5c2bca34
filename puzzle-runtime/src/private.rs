//! What generated code calls and nothing else should: not API, and free to change with the
//! compiler that emits the calls (the two crates are pinned to each other's version).

pub use crate::fewest::{
    search as fewest_search, search_with as fewest_search_with, Bag as FewestBag, Fewest,
    COVERED as FEWEST_COVERED, DENSE_SETS as FEWEST_DENSE_SETS, NEXT as FEWEST_NEXT,
    NO_BAG as FEWEST_NO_BAG,
};
pub use crate::fits::{Fits, PieceRun};
pub use crate::prune::{
    board_allows, board_dead_ends, board_free_counts, board_hemmed_in, board_holes,
    board_holes_or_dead_ends, board_holes_placed, board_neighbour_counts, board_reach, BoardWord,
    Regions,
};

use std::ops::ControlFlow;

use crate::processor::Code;
use crate::search::Sink;

/// The first `N` words of a unit's free set, zeros past its end (a unit that is a solution
/// keeps none).
#[inline]
pub fn words<const N: usize>(q: &[u64]) -> [u64; N] {
    let mut words = [0; N];
    let n = q.len().min(N);
    words[..n].copy_from_slice(&q[..n]);
    words
}

/// Processor code from the compact form the compiler wrote ([`Code::from_compact`]).
pub fn code(bytes: &[u8], procedures: &[(u32, u32)], aspects: u32) -> Code {
    Code::from_compact(bytes, procedures, aspects)
        .expect("the compiler writes its code in the compact form")
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
    use crate::search::CachedCounter;

    #[test]
    fn words_of_a_unit() {
        assert_eq!(words::<3>(&[1, 2]), [1, 2, 0]);
        assert_eq!(words::<1>(&[]), [0]);
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
