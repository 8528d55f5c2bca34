//! The aspect order: which free aspect the search covers next.

use crate::board::Board;
use crate::cover::AspectId;
use crate::description::OrderChoice;

/// A total order on the aspects. The search always covers the least free aspect; the bit of an
/// aspect in the free set `q` is its position in this order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    sequence: Vec<AspectId>,
    position: Vec<u32>,
}

impl Order {
    /// The order that lists the aspects as `sequence` does, or `None` if `sequence` is not a
    /// permutation of `0..sequence.len()`.
    pub fn new(sequence: Vec<AspectId>) -> Option<Order> {
        let mut position = vec![u32::MAX; sequence.len()];
        for (p, a) in sequence.iter().enumerate() {
            let slot = position.get_mut(a.index())?;
            if *slot != u32::MAX {
                return None;
            }
            *slot = p as u32;
        }
        Some(Order { sequence, position })
    }

    /// The aspects by number: `0, 1, 2, ...`.
    pub fn by_number(len: usize) -> Order {
        Order::new((0..len as u32).map(AspectId).collect()).expect("0..len is a permutation")
    }

    /// The order a box puzzle gets from its description: the cells scanned as `choice` says,
    /// and the piece aspects (`pieces` gives the multiplicity of each) in their declared order,
    /// after the cells or, with `pieces_first`, before them. Bags always come after the cells:
    /// a bag as the least free aspect would place its copies in every order.
    pub fn for_board(
        board: &Board,
        pieces: &[u32],
        choice: OrderChoice,
        pieces_first: bool,
    ) -> Order {
        let dims = board.dims();
        // Axes from the fastest-varying to the slowest.
        let fastest_first: Vec<usize> = match choice {
            OrderChoice::Rows => (0..dims).rev().collect(),
            OrderChoice::Columns => (0..dims).collect(),
            OrderChoice::Auto => {
                let mut axes: Vec<usize> = (0..dims).rev().collect();
                // Stable: among equal extents the reading order (last axis fastest) stays.
                axes.sort_by_key(|&axis| board.extents()[axis]);
                axes
            }
        };
        let mut cells: Vec<u32> = (0..board.cells().len() as u32).collect();
        cells.sort_by_key(|&c| {
            let p = &board.cells()[c as usize];
            fastest_first
                .iter()
                .rev()
                .map(|&axis| p[axis])
                .collect::<Vec<i32>>()
        });
        let n = board.cells().len() as u32;
        let (bags, singles): (Vec<u32>, Vec<u32>) =
            (n..n + pieces.len() as u32).partition(|&a| pieces[(a - n) as usize] > 1);
        let sequence = if pieces_first {
            singles.into_iter().chain(cells).chain(bags)
        } else {
            cells.into_iter().chain(singles).chain(bags)
        };
        let sequence = sequence.map(AspectId).collect();
        Order::new(sequence).expect("a scan lists every aspect once")
    }

    /// The number of aspects.
    pub fn len(&self) -> usize {
        self.sequence.len()
    }

    /// Whether there is no aspect.
    pub fn is_empty(&self) -> bool {
        self.sequence.is_empty()
    }

    /// The position of an aspect (its bit in `q`).
    pub fn position(&self, a: AspectId) -> u32 {
        self.position[a.index()]
    }

    /// The aspect at a position.
    pub fn aspect(&self, position: u32) -> AspectId {
        self.sequence[position as usize]
    }

    /// The aspects, least first.
    pub fn sequence(&self) -> &[AspectId] {
        &self.sequence
    }

    /// The least aspect of a set, by this order.
    pub fn least(&self, aspects: &[AspectId]) -> Option<AspectId> {
        aspects.iter().copied().min_by_key(|&a| self.position(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(order: &Order) -> Vec<u32> {
        order.sequence().iter().map(|a| a.0).collect()
    }

    #[test]
    fn scans_of_the_report_box() {
        let board = Board::block(&[2, 3]);
        let columns = Order::for_board(&board, &[1; 3], OrderChoice::Columns, false);
        assert_eq!(ids(&columns), [0, 3, 1, 4, 2, 5, 6, 7, 8]);
        let rows = Order::for_board(&board, &[1; 3], OrderChoice::Rows, false);
        assert_eq!(ids(&rows), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        // The shorter side is the column: scan it first, as de Bruijn does for 6x10.
        assert_eq!(
            Order::for_board(&board, &[1; 3], OrderChoice::Auto, false),
            columns
        );
        let wide = Board::block(&[3, 2]);
        assert_eq!(
            Order::for_board(&wide, &[], OrderChoice::Auto, false),
            Order::for_board(&wide, &[], OrderChoice::Rows, false)
        );
        assert_eq!(columns.position(AspectId(3)), 1);
        let first = Order::for_board(&board, &[1; 3], OrderChoice::Columns, true);
        assert_eq!(ids(&first), [6, 7, 8, 0, 3, 1, 4, 2, 5]);
        assert_eq!(columns.aspect(2), AspectId(1));
        // A bag (piece 7, two copies) stays after the cells.
        let bag = Order::for_board(&board, &[1, 2, 1], OrderChoice::Columns, true);
        assert_eq!(ids(&bag), [6, 8, 0, 3, 1, 4, 2, 5, 7]);
    }

    #[test]
    fn rejects_non_permutations() {
        assert!(Order::new(vec![AspectId(0), AspectId(0)]).is_none());
        assert!(Order::new(vec![AspectId(1)]).is_none());
        assert!(Order::new(vec![AspectId(1), AspectId(0)]).is_some());
    }
}
