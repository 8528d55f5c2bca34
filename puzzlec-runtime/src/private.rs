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

use crate::processor::Code;
pub use crate::search::{consult, reach, remember, remembered};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_a_unit() {
        assert_eq!(words::<3>(&[1, 2]), [1, 2, 0]);
        assert_eq!(words::<1>(&[]), [0]);
    }
}
