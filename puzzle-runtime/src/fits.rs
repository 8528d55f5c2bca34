//! The cell with the fewest fits: where many cells are free, the search covers next the free
//! cell that the fewest placements could cover, rather than the scan's next cell. A cell that
//! few placements fit branches little, and a cell that none fits ends the branch at once; the
//! choice costs a count of fits per free cell, which pays only near the top of the search,
//! where each branch saved holds a large subtree.

use std::ops::BitAnd;

use crate::prune::BoardWord;

/// The tables of the choice: for each cell, by its bit on the board, the embeddings that
/// cover it, as `embeddings[starts[bit]..starts[bit + 1]]`, and for each embedding the bits
/// of `q` it takes, as `masks[e]`.
#[derive(Clone, Copy, Debug)]
pub struct Fits<'t, Q> {
    /// Where each bit's embeddings start, one more entry than the board has bits.
    pub starts: &'t [u32],
    /// The embeddings of each cell, in the order they are placed.
    pub embeddings: &'t [u32],
    /// The bits each embedding takes from `q`, by embedding.
    pub masks: &'t [Q],
}

impl<Q: Copy + Eq + BitAnd<Output = Q>> Fits<'_, Q> {
    /// The embeddings that cover the cell at `bit` of the board.
    #[inline]
    pub fn of(&self, bit: u32) -> &[u32] {
        &self.embeddings[self.starts[bit as usize] as usize..self.starts[bit as usize + 1] as usize]
    }

    /// Whether embedding `e` fits `q`: every bit it takes is free.
    #[inline(always)]
    pub fn fits(&self, q: Q, e: u32) -> bool {
        let mask = self.masks[e as usize];
        q & mask == mask
    }

    /// The free cell (`free`: the free cells as the board's bits) that the fewest embeddings
    /// fit in `q`: the lowest bit that one fits, else the lowest that the fewest fit; `None`
    /// where a cell counted before that fits none, so that no solution lies below (or where
    /// no cell is free: callers choose among many). Each count stops once it reaches the
    /// fewest so far.
    pub fn fewest<W: BoardWord>(&self, free: W, q: Q) -> Option<u32> {
        self.fewest_of([free], q)
    }

    /// [`Fits::fewest`] among the cells of `groups` (the free cells as the board's bits), one
    /// group after the other: where the first groups hold the cells likely to fit fewest, the
    /// counts of the later ones stop sooner. Ties go to the earlier group, then the lower bit.
    pub fn fewest_of<W: BoardWord, const N: usize>(&self, groups: [W; N], q: Q) -> Option<u32> {
        let mut best: Option<(usize, u32)> = None;
        for mut left in groups {
            while left != W::ZERO {
                let bit = left.trailing_zeros();
                left = left & !left.lowest();
                let most = best.map_or(usize::MAX, |(fewest, _)| fewest);
                let mut fits = 0;
                for &e in self.of(bit) {
                    if self.fits(q, e) {
                        fits += 1;
                        if fits >= most {
                            break;
                        }
                    }
                }
                match fits {
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

    #[test]
    fn the_cell_with_the_fewest_fits_is_chosen_and_a_cell_with_none_ends_the_branch() {
        // Three cells in a row, bits 0 to 2 of the board and of `q`; embeddings: the pairs
        // {0, 1} and {1, 2}, and the single cell {2}.
        let masks = [0b011u64, 0b110, 0b100];
        let fits = Fits {
            starts: &[0, 1, 3, 5],
            embeddings: &[0, 0, 1, 1, 2],
            masks: &masks,
        };
        // Everything free: cell 0 has one fit, cells 1 and 2 two.
        assert_eq!(fits.fewest(0b111u64, 0b111u64), Some(0));
        // Cell 0 covered: cell 1 has one fit ({1, 2}), and so has cell 2 but bit 1 is lower.
        assert_eq!(fits.fewest(0b110u64, 0b110u64), Some(1));
        // Cells 0 and 1 free, 2 covered: cell 1's only fit is {0, 1}, as is cell 0's.
        assert_eq!(fits.fewest(0b011u64, 0b011u64), Some(0));
        // Only cell 1 free: it fits nothing.
        assert_eq!(fits.fewest(0b010u64, 0b010u64), None);
        // Nothing free: no cell to choose.
        assert_eq!(fits.fewest(0u64, 0u64), None);
    }
}
