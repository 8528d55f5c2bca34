//! Pruning by region sizes (METHOD.md §5, after Isobe): after a placement, each connected
//! region of free cells next to it must be fillable, so at least as large as the smallest piece
//! and a multiple of the greatest common divisor of the piece sizes. A region that is not
//! fillable means no solution lies below: the search backtracks at once. The cheap form checks
//! only for holes, single free cells walled in.
//!
//! Regions larger than a cap are taken as fillable without counting them to the end: the check
//! is a necessary condition, so stopping early loses pruning, never solutions. The tables are
//! static data in generated code, owned at run time. Generated code tests on a bit board
//! ([`board_holes`], [`board_allows`]) where the cells lie within 128 positions, in one `u64`
//! where they lie within 64: several times faster than the flood fill, with the same answers.
//! Larger boards test holes by one mask per border cell, and regions by the flood fill.

use std::borrow::Cow;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

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

    /// Whether any region could be refused: not when a piece of one cell fills anything.
    pub fn can_prune(&self) -> bool {
        self.smallest > 1 || self.divisor > 1
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

/// The region check on a bit board: the free cells of `q` as one word, grown a step at a
/// time by shifts. Bit `i` of the board is position `offset + i`, so that a board of 64
/// cells or fewer fits in a `u64` wherever its cells lie in `q`. For each distance `s` between
/// neighbouring positions, `steps` holds the cells whose neighbour lies `s` further on; every
/// neighbour pair is one such step, so the fill reaches exactly the cells [`Regions::allows`]
/// reaches, and both decide alike (a region is judged by its size alone, whatever order it is
/// filled in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitBoard {
    /// The position of bit 0: the lowest cell's.
    pub offset: u32,
    /// `(s, from)`: each cell in `from` has a neighbour `s` bits further on.
    pub steps: Vec<(u32, u128)>,
    /// Every cell.
    pub cells: u128,
}

impl BitBoard {
    /// The board's bits for these positions (cells).
    pub fn mask(&self, positions: impl IntoIterator<Item = u32>) -> u128 {
        positions
            .into_iter()
            .fold(0, |m, p| m | 1 << (p - self.offset))
    }

    /// Whether the board fits in a `u64`, so that its tests run on one machine word.
    pub fn fits_u64(&self) -> bool {
        self.cells <= u128::from(u64::MAX)
    }
}

impl Regions {
    /// The bit board form of these tables, when the cells lie within 128 positions and their
    /// neighbours at no more than `max_steps` distinct distances (a box without holes has one
    /// per axis; holes add more, since they are left out of the positions).
    pub fn bit_board(&self, max_steps: usize) -> Option<BitBoard> {
        let cells: Vec<u32> = (0..self.starts.len() as u32 - 1)
            .filter(|&p| !self.neighbours(p).is_empty())
            .collect();
        let offset = *cells.first()?;
        if cells.last()? - offset >= 128 {
            return None;
        }
        let mut steps: std::collections::BTreeMap<u32, u128> = Default::default();
        for &p in &cells {
            for &n in self.neighbours(p).iter().filter(|&&n| n > p) {
                *steps.entry(n - p).or_default() |= 1 << (p - offset);
            }
        }
        (steps.len() <= max_steps).then(|| BitBoard {
            offset,
            steps: steps.into_iter().collect(),
            cells: cells.iter().fold(0, |m, &p| m | 1 << (p - offset)),
        })
    }
}

/// A machine word that holds a bit board: `u64` where the board fits, else `u128`.
pub trait BoardWord:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// How many bits are set.
    fn count_ones(self) -> u32;
    /// The lowest bit set alone.
    fn lowest(self) -> Self;
}

macro_rules! board_word {
    ($($t:ty),*) => {$(
        impl BoardWord for $t {
            const ZERO: Self = 0;
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
        }
    )*};
}
board_word!(u64, u128);

/// [`Regions::leaves_hole`] on a bit board: whether a free cell of `border` has no free
/// neighbour. `free` holds the free cells as the board's bits. The free neighbours of every
/// cell at once, by one shift each way per step: no branch but the answer, so cheaper than a
/// mask test per border cell.
#[inline(always)]
pub fn board_holes<W: BoardWord, const K: usize>(
    steps: &[(u32, W); K],
    cells: W,
    free: W,
    border: W,
) -> bool {
    let free = free & cells;
    let mut touched = W::ZERO;
    for &(s, from) in steps {
        touched |= (free >> s) & from;
        touched |= (free & from) << s;
    }
    free & border & !touched != W::ZERO
}

/// [`Regions::allows`] on a bit board: whether every region of the free cells (`free`, as the
/// board's bits) that touches `border` (the placement's border) could still be filled.
/// Written for generated code, which passes its tables as constants so that the steps unroll.
#[inline(always)]
pub fn board_allows<W: BoardWord, const K: usize>(
    steps: &[(u32, W); K],
    cells: W,
    [smallest, divisor, cap]: [u32; 3],
    free: W,
    border: W,
) -> bool {
    let free = free & cells;
    let mut seeds = border & free;
    while seeds != W::ZERO {
        let mut region = seeds.lowest();
        loop {
            let mut grown = region;
            for &(s, from) in steps {
                grown |= (region & from) << s | (region >> s) & from;
            }
            grown &= free;
            let size = grown.count_ones();
            if size > cap {
                // Too large to count: taken as fillable. The cells reached are in it, so no
                // other seed among them is tried.
                region = grown;
                break;
            }
            if grown == region {
                if size < smallest || !size.is_multiple_of(divisor) {
                    return false;
                }
                break;
            }
            region = grown;
        }
        seeds &= !region;
    }
    true
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
    use std::collections::BTreeSet;

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

    /// Some steps of the bit board of a box, by distance.
    fn steps(board: &BitBoard) -> Vec<u32> {
        board.steps.iter().map(|&(s, _)| s).collect()
    }

    #[test]
    fn the_bit_board_decides_as_the_flood_fill_and_the_hole_test() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let holed = Board::with_cells(&[5, 5], |p| !(p[0] == 2 && p[1] == 2));
        let boards = [Board::block(&[4, 6]), Board::block(&[3, 3, 4]), holed];
        let (mut outcomes, mut holes) = ([0; 2], [0; 2]);
        for board in &boards {
            let cells = board.cells().len();
            // Two pieces lead, so the board starts at bit 2 of `q`.
            let axes = Order::scan_axes(board, OrderChoice::Auto);
            let order = Order::for_board(board, &[1, 1], &axes, &[0, 1]);
            // Random blobs of 3 to 6 cells stand for placements.
            let embeddings: Vec<Vec<AspectId>> = (0..40)
                .map(|_| {
                    let n = rng.random_range(3..7);
                    (0..n)
                        .map(|_| AspectId(rng.random_range(0..cells as u32)))
                        .collect::<BTreeSet<_>>()
                        .into_iter()
                        .collect()
                })
                .collect();
            let cover = Cover::new((0..cells + 2).map(|c| c.to_string()).collect(), embeddings);
            for sizes in [[4, 6], [3, 3], [2, 5]] {
                let regions = Regions::new(board, &cover, &order, &sizes);
                let bits = regions.bit_board(8).expect("a small board has a bit board");
                assert_eq!(bits.offset, 2);
                assert!(bits.fits_u64());
                // Padded to 8 steps with empty masks, which move nothing.
                let steps: [(u32, u128); 8] =
                    std::array::from_fn(|i| bits.steps.get(i).copied().unwrap_or((1, 0)));
                let narrow = steps.map(|(s, from)| (s, from as u64));
                let limits = [regions.smallest, regions.divisor, regions.cap];
                for e in 0..cover.embedding_count() as u32 {
                    for _ in 0..50 {
                        let mut q = [rng.random::<u64>() | rng.random::<u64>()];
                        for a in cover.aspects(EmbeddingId(e)) {
                            q[0] &= !(1 << order.position(*a));
                        }
                        let border = bits.mask(regions.border(e).iter().copied());
                        let allows = regions.allows(&q, e);
                        outcomes[usize::from(allows)] += 1;
                        let hole = regions.leaves_hole(&q, e);
                        holes[usize::from(hole)] += 1;
                        let free = u128::from(q[0]) >> bits.offset;
                        assert_eq!(board_holes(&steps, bits.cells, free, border), hole);
                        let (cells64, free64) = (bits.cells as u64, free as u64);
                        assert_eq!(board_holes(&narrow, cells64, free64, border as u64), hole);
                        assert_eq!(
                            board_allows(&steps, bits.cells, limits, free, border),
                            allows,
                            "board {:?}, embedding {e}, free {:#x}",
                            board.extents(),
                            q[0]
                        );
                        assert_eq!(
                            board_allows(&narrow, cells64, limits, free64, border as u64),
                            allows
                        );
                    }
                }
            }
        }
        // Both answers came up often, for regions and for holes.
        assert!(outcomes.iter().all(|&n| n > 1000), "{outcomes:?}");
        assert!(holes.iter().all(|&n| n > 1000), "{holes:?}");
        // Without holes, one distance per axis: the scan's strides.
        let block = Regions::new(
            &boards[1],
            &Cover::new(vec![], vec![]),
            &Order::for_board(&boards[1], &[], &[0, 1, 2], &[]),
            &[2],
        );
        assert_eq!(steps(&block.bit_board(8).unwrap()), [1, 3, 9]);
    }
}
