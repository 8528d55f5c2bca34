//! The aspect order: which free aspect the search covers next.

use std::fmt;

use crate::board::Board;
use crate::cover::AspectId;
use crate::description::OrderChoice;

/// A place in the aspect order: the procedure of the aspect there, and where the aspect lives
/// in the free set `q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position(pub u32);

impl Position {
    /// The number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A total order on the aspects. The search always covers the least free aspect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    sequence: Vec<AspectId>,
    position: Vec<Position>,
}

impl Order {
    /// The order that lists the aspects as `sequence` does, or `None` if `sequence` is not a
    /// permutation of `0..sequence.len()`.
    pub fn new(sequence: Vec<AspectId>) -> Option<Order> {
        let mut position = vec![Position(u32::MAX); sequence.len()];
        for (p, a) in sequence.iter().enumerate() {
            let slot = position.get_mut(a.index())?;
            if slot.0 != u32::MAX {
                return None;
            }
            *slot = Position(p as u32);
        }
        Some(Order { sequence, position })
    }

    /// The aspects by number: `0, 1, 2, ...`.
    pub fn by_number(len: usize) -> Order {
        Order::new((0..len as u32).map(AspectId).collect()).expect("0..len is a permutation")
    }

    /// The order of a box puzzle: the pieces of `lead` (indices among the piece aspects, in
    /// that order), then the cells scanned with the axes `fastest_first` varying from fastest to
    /// slowest, then the other pieces in their declared order. `pieces` gives the multiplicity of
    /// each aspect after the cells (the pieces', then the symmetry marks', which are 1): bags
    /// always come last, since a bag as the least free aspect would place its copies in every
    /// order.
    pub fn for_board(
        board: &Board,
        pieces: &[u32],
        fastest_first: &[usize],
        lead: &[usize],
    ) -> Order {
        let mut cells: Vec<u32> = (0..board.cells().len() as u32).collect();
        cells.sort_by_cached_key(|&c| {
            let p = &board.cells()[c as usize];
            fastest_first
                .iter()
                .rev()
                .map(|&axis| p[axis])
                .collect::<Vec<i32>>()
        });
        let n = board.cells().len() as u32;
        let lead: Vec<u32> = lead
            .iter()
            .filter(|&&i| pieces[i] == 1)
            .map(|&i| n + i as u32)
            .collect();
        let (bags, rest): (Vec<u32>, Vec<u32>) = (n..n + pieces.len() as u32)
            .filter(|a| !lead.contains(a))
            .partition(|&a| pieces[(a - n) as usize] > 1);
        let sequence = lead.into_iter().chain(cells).chain(rest).chain(bags);
        Order::new(sequence.map(AspectId).collect()).expect("a scan lists every aspect once")
    }

    /// The axes of a named scan, fastest first: rows vary the last axis fastest, columns the
    /// first; `Auto` scans along the shorter sides first (de Bruijn's choice for 6x10), which is
    /// where the chooser starts.
    pub fn scan_axes(board: &Board, choice: OrderChoice) -> Vec<usize> {
        let dims = board.dims();
        match choice {
            OrderChoice::Rows => (0..dims).rev().collect(),
            OrderChoice::Columns => (0..dims).collect(),
            // A box is never asked for the others (the model refuses them).
            OrderChoice::Auto | OrderChoice::Listed | OrderChoice::Fewest => {
                let mut axes: Vec<usize> = (0..dims).rev().collect();
                // Stable: among equal extents the reading order (last axis fastest) stays.
                axes.sort_by_key(|&axis| board.extents()[axis]);
                axes
            }
        }
    }

    /// The number of aspects.
    pub fn len(&self) -> usize {
        self.sequence.len()
    }

    /// Whether there is no aspect.
    pub fn is_empty(&self) -> bool {
        self.sequence.is_empty()
    }

    /// The position of an aspect.
    pub fn position(&self, a: AspectId) -> Position {
        self.position[a.index()]
    }

    /// The aspect at a position.
    pub fn aspect(&self, position: Position) -> AspectId {
        self.sequence[position.index()]
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
        let axes = |c| Order::scan_axes(&board, c);
        let columns = Order::for_board(&board, &[1; 3], &axes(OrderChoice::Columns), &[]);
        assert_eq!(ids(&columns), [0, 3, 1, 4, 2, 5, 6, 7, 8]);
        let rows = Order::for_board(&board, &[1; 3], &axes(OrderChoice::Rows), &[]);
        assert_eq!(ids(&rows), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        // The shorter side is the column: scan it first, as de Bruijn does for 6x10.
        assert_eq!(axes(OrderChoice::Auto), axes(OrderChoice::Columns));
        let wide = Board::block(&[3, 2]);
        assert_eq!(
            Order::scan_axes(&wide, OrderChoice::Auto),
            Order::scan_axes(&wide, OrderChoice::Rows)
        );
        assert_eq!(columns.position(AspectId(3)), Position(1));
        let first = Order::for_board(&board, &[1; 3], &axes(OrderChoice::Columns), &[0, 1, 2]);
        assert_eq!(ids(&first), [6, 7, 8, 0, 3, 1, 4, 2, 5]);
        assert_eq!(columns.aspect(Position(2)), AspectId(1));
        // One piece first, the others after the cells.
        let mixed = Order::for_board(&board, &[1; 3], &axes(OrderChoice::Columns), &[2]);
        assert_eq!(ids(&mixed), [8, 0, 3, 1, 4, 2, 5, 6, 7]);
        // A bag (piece 7, two copies) stays after the cells.
        let bag = Order::for_board(&board, &[1, 2, 1], &axes(OrderChoice::Columns), &[0, 1, 2]);
        assert_eq!(ids(&bag), [6, 8, 0, 3, 1, 4, 2, 5, 7]);
    }

    #[test]
    fn rejects_non_permutations() {
        assert!(Order::new(vec![AspectId(0), AspectId(0)]).is_none());
        assert!(Order::new(vec![AspectId(1)]).is_none());
        assert!(Order::new(vec![AspectId(1), AspectId(0)]).is_some());
    }
}
