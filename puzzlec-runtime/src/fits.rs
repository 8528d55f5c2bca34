//! The cell with the fewest fits: where many cells are free, the search covers next the free
//! cell that the fewest placements could cover, rather than the scan's next cell. A cell that
//! few placements fit branches little, and a cell that none fits ends the branch at once; the
//! choice costs a count of fits per free cell, which pays only near the top of the search,
//! where each branch saved holds a large subtree.

use std::ops::BitAnd;

use crate::prune::BoardWord;

/// The embeddings of one cell that take the same bits of `q` off the board (those of one
/// piece): where a piece is placed, its run is skipped with one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceRun<Q> {
    /// The bits of `q` off the board that each embedding of the run takes.
    pub needs: Q,
    /// The run's entries in [`Fits::embeddings`] and [`Fits::board`].
    pub start: u32,
    /// The end of the run's entries, exclusive.
    pub end: u32,
}

/// The tables of the choice: for each cell, by its bit on the board, its embeddings in runs
/// (`runs[cells[bit]..cells[bit + 1]]`), and for each entry of a run the embedding and the
/// cells it takes, as the board's bits, side by side so that a count reads them in order.
#[derive(Clone, Copy, Debug)]
pub struct Fits<'t, W, Q> {
    /// Where each bit's runs start, one more entry than the board has bits.
    pub cells: &'t [u32],
    /// The runs of every cell, cell after cell.
    pub runs: &'t [PieceRun<Q>],
    /// The embedding of each entry.
    pub embeddings: &'t [u32],
    /// The cells each entry's embedding takes, as the board's bits.
    pub board: &'t [W],
}

impl<W: BoardWord, Q: Copy + Eq + BitAnd<Output = Q>> Fits<'_, W, Q> {
    /// The runs of the cell at `bit` of the board whose pieces are free in `q`.
    #[inline]
    fn free_runs(&self, bit: u32, q: Q) -> impl Iterator<Item = PieceRun<Q>> + '_ {
        let runs =
            &self.runs[self.cells[bit as usize] as usize..self.cells[bit as usize + 1] as usize];
        runs.iter()
            .copied()
            .filter(move |run| q & run.needs == run.needs)
    }

    /// The embeddings that fit the cell at `bit` where `free` (the board's bits) and `q` are
    /// free, in their order.
    pub fn fitting(&self, bit: u32, free: W, q: Q) -> impl Iterator<Item = u32> + '_ {
        self.free_runs(bit, q).flat_map(move |run| {
            let (start, end) = (run.start as usize, run.end as usize);
            (self.embeddings[start..end]
                .iter()
                .zip(&self.board[start..end]))
            .filter(move |&(_, &cells)| free & cells == cells)
            .map(|(&e, _)| e)
        })
    }

    /// How many embeddings fit the cell at `bit`, counted up to `most` at most.
    #[inline]
    fn count(&self, bit: u32, free: W, q: Q, most: usize) -> usize {
        let mut fits = 0;
        for run in self.free_runs(bit, q) {
            let board = &self.board[run.start as usize..run.end as usize];
            // Without an early exit inside a run, the compiler counts several entries at once.
            fits += board.iter().filter(|&&cells| free & cells == cells).count();
            if fits >= most {
                break;
            }
        }
        fits
    }

    /// The free cell (`free`: the free cells as the board's bits) that the fewest embeddings
    /// fit in `q`: the lowest bit that one fits, else the lowest that the fewest fit; `None`
    /// where a cell counted before that fits none, so that no solution lies below (or where
    /// no cell is free: callers choose among many). Each count stops once it reaches the
    /// fewest so far.
    pub fn fewest(&self, free: W, q: Q) -> Option<u32> {
        self.fewest_of([free], free, q)
    }

    /// [`Fits::fewest`] among the cells of the first of `groups` (free cells as the board's
    /// bits) that holds any: where the first groups hold the cells likely to fit fewest, the
    /// later ones are not counted at all. Ties go to the lower bit.
    pub fn fewest_of<const N: usize>(&self, groups: [W; N], free: W, q: Q) -> Option<u32> {
        let mut best: Option<(usize, u32)> = None;
        for mut left in groups {
            if best.is_some() {
                break;
            }
            while left != W::ZERO {
                let bit = left.trailing_zeros();
                left = left & !left.lowest();
                let most = best.map_or(usize::MAX, |(fewest, _)| fewest);
                match self.count(bit, free, q, most) {
                    0 => return None,
                    // A cell that one placement fits is covered by it: none fits fewer but a
                    // cell that fits nothing, which the search below will find.
                    1 => return Some(bit),
                    n if n < most => best = Some((n, bit)),
                    _ => {}
                }
            }
        }
        best.map(|(_, bit)| bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The piece of the tables below, bit 3 of `q`.
    const PIECE: u64 = 0b1000;

    /// Three cells in a row, bits 0 to 2 of the board, and one piece; its embeddings: the
    /// pairs {0, 1} (0) and {1, 2} (1), and the single cell {2} (2).
    fn three_cells() -> Fits<'static, u64, u64> {
        const fn run(start: u32, end: u32) -> PieceRun<u64> {
            PieceRun {
                needs: PIECE,
                start,
                end,
            }
        }
        static RUNS: [PieceRun<u64>; 5] = [run(0, 1), run(1, 2), run(2, 3), run(3, 4), run(4, 5)];
        Fits {
            cells: &[0, 1, 3, 5],
            runs: &RUNS,
            embeddings: &[0, 0, 1, 1, 2],
            board: &[0b011, 0b011, 0b110, 0b110, 0b100],
        }
    }

    #[test]
    fn the_cell_with_the_fewest_fits_is_chosen_and_a_cell_with_none_ends_the_branch() {
        let fits = three_cells();
        // Everything free: cell 0 has one fit, cells 1 and 2 two.
        assert_eq!(fits.fewest(0b111, 0b111 | PIECE), Some(0));
        assert_eq!(
            fits.fitting(2, 0b111, 0b111 | PIECE).collect::<Vec<_>>(),
            [1, 2]
        );
        // Cell 0 covered: cell 1 has one fit ({1, 2}), and so has cell 2 but bit 1 is lower.
        assert_eq!(fits.fewest(0b110, 0b110 | PIECE), Some(1));
        // Cells 0 and 1 free, 2 covered: cell 1's only fit is {0, 1}, as is cell 0's.
        assert_eq!(fits.fewest(0b011, 0b011 | PIECE), Some(0));
        // Only cell 1 free: it fits nothing.
        assert_eq!(fits.fewest(0b010, 0b010 | PIECE), None);
        // The piece placed: nothing fits.
        assert_eq!(fits.fewest(0b111, 0b111), None);
        assert_eq!(fits.fitting(2, 0b111, 0b111).count(), 0);
        // Nothing free: no cell to choose.
        assert_eq!(fits.fewest(0, 0), None);
    }

    #[test]
    fn a_later_group_is_counted_only_where_the_earlier_ones_hold_no_cell() {
        let fits = three_cells();
        let q = 0b111 | PIECE;
        // Cell 1 (two fits) in the first group, cell 0 (one fit) in the second: the first
        // group holds a cell, so the second is not counted.
        assert_eq!(fits.fewest_of([0b010, 0b001], 0b111, q), Some(1));
        // An empty first group: the second is counted (cells 1 and 2 fit two each).
        assert_eq!(fits.fewest_of([0, 0b110], 0b111, q), Some(1));
        assert_eq!(fits.fewest_of([0, 0b001], 0b111, q), Some(0));
    }
}
