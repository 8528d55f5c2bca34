//! The failure cache's part of the plan: whether a count keeps one (`cache: auto` decides by
//! the scan's frontier), from which procedure on it is consulted, how a free set becomes its
//! key, and how large its table is.

use puzzlec_runtime::FailureCache;

use crate::board::Board;
use crate::cover::AspectId;
use crate::order::Order;
use crate::tuning::Tuning;

/// The most slots a cache takes, as a power of two (the run-time cache's limit).
pub const MAX_BITS: u32 = FailureCache::MAX_BITS;

/// The most free cells that border the covered ones while the order's scan covers the box
/// cell by cell: the cells a free set can differ in just past the covered part, so a narrow
/// frontier means few distinct free sets at each depth and a cache that hits often.
pub fn frontier(board: &Board, order: &Order) -> usize {
    let cells = board.cells();
    let neighbours = board.neighbours();
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
        for &n in &neighbours[c] {
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

/// The size of cache to give a search of about `placements` placements whose keys take
/// `words` words: a slot for every few ([`Tuning::placements_per_slot`]), within 2^10 slots and
/// [`Tuning::table_bytes`].
pub fn bits_for(placements: f64, words: usize, tuning: &Tuning) -> u32 {
    let per_slot = f64::from(tuning.placements_per_slot);
    let wanted = (placements / per_slot).max(1.0).log2().ceil() as u32;
    let most = (tuning.table_bytes / (8 * words.max(1)))
        .max(1)
        .ilog2()
        .clamp(10, MAX_BITS);
    wanted.clamp(10, most)
}

/// The size of a counting memo for a search of about `placements` placements whose slots take
/// `words` words (the key's and two of count): a slot for every few placements
/// ([`Tuning::placements_per_slot`]), within 2^10 slots and [`Tuning::memo_bytes`].
pub fn memo_bits_for(placements: f64, words: usize, tuning: &Tuning) -> u32 {
    let per_slot = f64::from(tuning.placements_per_slot);
    let wanted = (placements / per_slot).max(1.0).log2().ceil().min(64.0) as u32;
    let most = (tuning.memo_bytes / (8 * words.max(1)))
        .max(1)
        .ilog2()
        .clamp(10, FailureCache::MAX_MEMO_BITS);
    wanted.clamp(10, most)
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
        let ring = Board::with_cells(puzzlec_runtime::Lattice::cubic(2), &[3, 3], |p| p != [1, 1]);
        for (board, width) in [(square, 3), (ring, 2)] {
            let order = Order::for_board(&board, &[], &[0, 1], &[]);
            assert_eq!(frontier(&board, &order), width);
        }
    }

    #[test]
    fn the_table_has_a_slot_for_every_fourth_placement_within_bounds() {
        let bits_for = |placements, words| bits_for(placements, words, &Tuning::default());
        assert_eq!(bits_for(1e5, 1), 15);
        assert_eq!(bits_for(10.0, 1), 10);
        assert_eq!(bits_for(10.0, 200), 10);
        // However large the search, the table stays within its bytes.
        assert_eq!(bits_for(1.1e6, 1), 16);
        assert_eq!(bits_for(1.1e6, 2), 15);
        assert_eq!(8 << bits_for(1e12, 1), Tuning::default().table_bytes);
    }
}
