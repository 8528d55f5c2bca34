//! Pruning by region sizes (METHOD.md §5, after Isobe): after a placement, each connected
//! region of free cells next to it must be fillable, so at least as large as the smallest piece
//! and a multiple of the greatest common divisor of the piece sizes. A region that is not
//! fillable means no solution lies below: the search backtracks at once. The cheap form checks
//! only for holes, single free cells walled in, which the macro turns into one mask test per
//! cell of each placement's border.
//!
//! Regions larger than a cap are taken as fillable without counting them to the end: the check
//! is a necessary condition, so stopping early loses pruning, never solutions. The tables are
//! static data in generated code, owned at run time.

use std::borrow::Cow;

use crate::board::Board;
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::geometry::face_neighbours;
use crate::order::Order;

/// The tables of the region check. Cells are named by their position in the aspect order,
/// which is their bit in `q`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    /// The face neighbours of each position, as `neighbours[starts[p]..starts[p + 1]]`; only
    /// cells have any.
    pub neighbours: Cow<'static, [u32]>,
    /// Where each position's neighbours start, one more entry than positions.
    pub starts: Cow<'static, [u32]>,
    /// The cells next to each embedding and not in it, as `borders[border_starts[e]..
    /// border_starts[e + 1]]`: where a region the placement cut off can lie.
    pub borders: Cow<'static, [u32]>,
    /// Where each embedding's border starts, one more entry than embeddings.
    pub border_starts: Cow<'static, [u32]>,
    /// The smallest piece's size.
    pub smallest: u32,
    /// The greatest common divisor of the piece sizes.
    pub divisor: u32,
    /// Regions of more cells than this are not counted to the end.
    pub cap: u32,
}

impl Regions {
    /// The tables for a box puzzle whose pieces have the given sizes.
    pub fn new(board: &Board, cover: &Cover, order: &Order, sizes: &[u32]) -> Regions {
        let cells = board.cells().len();
        let position = |cell: usize| order.position(AspectId(cell as u32));
        let mut by_position: Vec<Vec<u32>> = vec![Vec::new(); order.len()];
        for (cell, point) in board.cells().iter().enumerate() {
            by_position[position(cell) as usize] = face_neighbours(point)
                .filter_map(|p| board.cell_at(&p))
                .map(|c| position(c as usize))
                .collect();
        }
        let (neighbours, starts) = flatten(by_position.iter().cloned());
        let embedding_borders = (0..cover.embedding_count() as u32).map(|e| {
            let inside: Vec<u32> = cover
                .aspects(EmbeddingId(e))
                .iter()
                .filter(|a| a.index() < cells)
                .map(|&a| order.position(a))
                .collect();
            let mut border: Vec<u32> = inside
                .iter()
                .flat_map(|&p| by_position[p as usize].iter().copied())
                .filter(|p| !inside.contains(p))
                .collect();
            border.sort_unstable();
            border.dedup();
            border
        });
        let (borders, border_starts) = flatten(embedding_borders);
        let smallest = sizes.iter().copied().min().unwrap_or(1);
        let divisor = sizes.iter().copied().fold(0, gcd).max(1);
        let largest = sizes.iter().copied().max().unwrap_or(1);
        Regions {
            neighbours: Cow::Owned(neighbours),
            starts: Cow::Owned(starts),
            borders: Cow::Owned(borders),
            border_starts: Cow::Owned(border_starts),
            smallest,
            divisor,
            cap: (2 * largest).clamp(1, STACK as u32 - 1),
        }
    }

    /// The border of embedding `e`: the cells next to it, by position.
    pub fn border(&self, e: u32) -> &[u32] {
        &self.borders
            [self.border_starts[e as usize] as usize..self.border_starts[e as usize + 1] as usize]
    }

    /// The face neighbours of the cell at position `p`.
    pub fn neighbours(&self, p: u32) -> &[u32] {
        &self.neighbours[self.starts[p as usize] as usize..self.starts[p as usize + 1] as usize]
    }

    /// Whether embedding `e`, just placed, leaves a free cell of its border with every
    /// neighbour covered, a hole no piece can fill (when no piece is a single cell).
    pub fn leaves_hole(&self, q: &[u64], e: u32) -> bool {
        self.smallest > 1
            && self
                .border(e)
                .iter()
                .any(|&c| is_free(q, c) && self.neighbours(c).iter().all(|&n| !is_free(q, n)))
    }

    /// Whether the free cells of `q` (bit `p` of word `p / 64` set when position `p` is free)
    /// next to embedding `e`, just placed, lie in regions that could still be filled.
    #[inline]
    pub fn allows<const N: usize>(&self, q: &[u64; N], e: u32) -> bool {
        self.allows_with(q, e, &mut [0; N], &mut [0; N])
    }

    /// [`Regions::allows`] for a `q` of any length, with `counted` and `region`, each as long
    /// as `q` and all zero, as scratch space.
    pub fn allows_with(&self, q: &[u64], e: u32, counted: &mut [u64], region: &mut [u64]) -> bool {
        let border = &self.borders
            [self.border_starts[e as usize] as usize..self.border_starts[e as usize + 1] as usize];
        let mut stack = [0u32; STACK];
        for &start in border {
            // A region counted to the end from another border cell is not counted again.
            if !is_free(q, start) || is_free(counted, start) {
                continue;
            }
            // Cells are counted as they are pushed, so the stack never holds more than `cap`.
            region.fill(0);
            flip(region, start);
            stack[0] = start;
            let (mut top, mut size) = (1, 1);
            'fill: while top > 0 {
                top -= 1;
                for &n in self.neighbours(stack[top]) {
                    if is_free(q, n) && !is_free(region, n) {
                        if size == self.cap {
                            size += 1;
                            break 'fill;
                        }
                        flip(region, n);
                        stack[top] = n;
                        top += 1;
                        size += 1;
                    }
                }
            }
            if size > self.cap {
                // Too large to count: taken as fillable, and not marked, since only part of
                // it was reached.
                continue;
            }
            if size < self.smallest || size % self.divisor != 0 {
                return false;
            }
            counted
                .iter_mut()
                .zip(region.iter())
                .for_each(|(c, r)| *c |= r);
        }
        true
    }
}

/// Entries of the flood fill's stack, and one more than the largest cap.
const STACK: usize = 64;

fn is_free(q: &[u64], p: u32) -> bool {
    q[(p / 64) as usize] >> (p % 64) & 1 == 1
}

fn flip(q: &mut [u64], p: u32) {
    q[(p / 64) as usize] ^= 1 << (p % 64);
}

fn gcd(a: u32, b: u32) -> u32 {
    match b {
        0 => a,
        _ => gcd(b, a % b),
    }
}

/// Lists as one flat list and the starts of each.
fn flatten(lists: impl Iterator<Item = Vec<u32>>) -> (Vec<u32>, Vec<u32>) {
    let mut flat = Vec::new();
    let mut starts = vec![0];
    for list in lists {
        flat.extend(list);
        starts.push(flat.len() as u32);
    }
    (flat, starts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::OrderChoice;

    #[test]
    fn a_cut_off_corner_is_pruned() {
        // 2x3, cells 0 1 2 / 3 4 5, scanned by rows; pieces of sizes 2 and 2 and 2.
        let board = Board::block(&[2, 3]);
        let order = Order::for_board(
            &board,
            &[],
            &Order::scan_axes(&board, OrderChoice::Rows),
            &[],
        );
        let a = |n| AspectId(n);
        // A vertical domino on {1, 4} cuts off {0, 3} (size 2: fine) and {2, 5}.
        let cover = Cover::new(
            (0..6).map(|c| c.to_string()).collect(),
            vec![vec![a(1), a(4)], vec![a(0), a(1)], vec![a(1), a(2), a(4)]],
        );
        let regions = Regions::new(&board, &cover, &order, &[2, 2, 2]);
        assert_eq!(regions.divisor, 2);
        let free = |covered: &[u32]| {
            let mut q = [u64::MAX];
            for &c in covered {
                flip(&mut q, c);
            }
            q
        };
        assert!(regions.allows(&free(&[1, 4]), 0));
        // A domino on {0, 1} leaves {2, 3, 4, 5}: fine.
        assert!(regions.allows(&free(&[0, 1]), 1));
        // Three cells on {1, 2, 4} leave {0, 3} and {5}: {5} is too small.
        assert!(!regions.allows(&free(&[1, 2, 4]), 2));
        let odd = Regions::new(&board, &cover, &order, &[3, 3]);
        // {0, 3} is 2 cells: less than 3.
        assert!(!odd.allows(&free(&[1, 4]), 0));
    }
}
