//! The tables of pruning, made at compile time: each cell's neighbours and each placement's
//! border, by position in the free set; and the bit board, when the cells fit in 128 bits.

use std::borrow::Cow;

use puzzlec_runtime::__private::{board_reach, Regions};

use crate::board::Board;
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::order::Order;
use crate::plan::MAX_STEPS;

/// The largest cap on a counted region: the flood fill's stack holds one more.
const MAX_CAP: u32 = 63;

/// More words than any reach has: a cell has at most two neighbours per step.
pub(crate) const REACH_MAX: usize = 2 * MAX_STEPS + 1;

/// The tables of the checks for a box puzzle whose pieces have the given sizes.
pub fn regions(board: &Board, cover: &Cover, order: &Order, sizes: &[u32]) -> Regions {
    let cells = board.cells().len();
    let position = |cell: usize| order.position(AspectId(cell as u32)).0;
    let mut by_position: Vec<Vec<u32>> = vec![Vec::new(); order.len()];
    for (cell, next_to) in board.neighbours().into_iter().enumerate() {
        by_position[position(cell) as usize] =
            next_to.into_iter().map(|c| position(c as usize)).collect();
    }
    let (neighbours, starts) = flatten(by_position.iter().cloned());
    let embedding_borders = (0..cover.embedding_count() as u32).map(|e| {
        let inside: Vec<u32> = cover
            .aspects(EmbeddingId(e))
            .iter()
            .filter(|a| a.index() < cells)
            .map(|&a| order.position(a).0)
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
        cap: (2 * largest).clamp(1, MAX_CAP),
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

    /// The cells from position `floor` on.
    pub fn from(&self, floor: u32) -> u128 {
        match floor.checked_sub(self.offset) {
            Some(below) if below >= 128 => 0,
            Some(below) => self.cells & !((1u128 << below) - 1),
            None => self.cells,
        }
    }

    /// The reach of a placement of these cells (as the board's bits), as the counted hole
    /// test takes it (`board_holes_placed`): its cells and those next to them, then the
    /// cells not in it with one neighbour in it, with two, and so on to the most any has.
    pub fn reach(&self, placed: u128) -> Vec<u128> {
        let mut reach: Vec<u128> =
            board_reach::<u128, REACH_MAX>(&self.steps, self.cells, placed).into();
        while reach.len() > 1 && reach.last() == Some(&0) {
            reach.pop();
        }
        reach
    }

    /// Whether the board fits in a `u64`, so that its tests run on one machine word.
    pub fn fits_u64(&self) -> bool {
        self.cells <= u128::from(u64::MAX)
    }
}

impl BitBoard {
    /// The bit board form of the tables, when the cells lie within 128 positions and their
    /// neighbours at no more than `max_steps` distinct distances (a box without holes has one
    /// per axis; holes add more, since they are left out of the positions).
    pub fn of(regions: &Regions, max_steps: usize) -> Option<BitBoard> {
        let cells: Vec<u32> = (0..regions.starts.len() as u32 - 1)
            .filter(|&p| !regions.neighbours(p).is_empty())
            .collect();
        let offset = *cells.first()?;
        if cells.last()? - offset >= 128 {
            return None;
        }
        let mut steps: std::collections::BTreeMap<u32, u128> = Default::default();
        for &p in &cells {
            for &n in regions.neighbours(p).iter().filter(|&&n| n > p) {
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

    use puzzlec_runtime::__private::{
        board_allows, board_free_counts, board_holes, board_holes_placed,
    };

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
        let tables = regions(&board, &cover, &order, &[2, 2, 2]);
        assert_eq!(tables.divisor, 2);
        let free = |covered: &[u32]| {
            let mut q = [u64::MAX];
            for &c in covered {
                q[0] ^= 1 << c;
            }
            q
        };
        assert!(tables.allows(&free(&[1, 4]), 0));
        // A domino on {0, 1} leaves {2, 3, 4, 5}: fine.
        assert!(tables.allows(&free(&[0, 1]), 1));
        // Three cells on {1, 2, 4} leave {0, 3} and {5}: {5} is too small.
        assert!(!tables.allows(&free(&[1, 2, 4]), 2));
        let odd = regions(&board, &cover, &order, &[3, 3]);
        // {0, 3} is 2 cells: less than 3.
        assert!(!odd.allows(&free(&[1, 4]), 0));
    }

    /// Whether two free cells of `q` anywhere are each other's only free neighbour, cell by
    /// cell.
    fn pair_walled_in(regions: &Regions, q: &[u64]) -> bool {
        let is_free = |p: u32| q[0] >> p & 1 == 1;
        let free_neighbours = |p: u32| -> Vec<u32> {
            let n = regions.neighbours(p).iter().copied();
            n.filter(|&n| is_free(n)).collect()
        };
        let positions = regions.starts.len() as u32 - 1;
        (0..positions)
            .filter(|&p| is_free(p) && !regions.neighbours(p).is_empty())
            .any(|p| matches!(free_neighbours(p)[..], [n] if free_neighbours(n) == [p]))
    }

    /// Some steps of the bit board of a box, by distance.
    fn steps(board: &BitBoard) -> Vec<u32> {
        board.steps.iter().map(|&(s, _)| s).collect()
    }

    #[test]
    fn the_bit_board_decides_as_the_flood_fill_and_the_hole_test_counted_or_not() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let holed = Board::with_cells(puzzlec_runtime::Lattice::cubic(2), &[5, 5], |p| {
            !(p[0] == 2 && p[1] == 2)
        });
        let boards = [Board::block(&[4, 6]), Board::block(&[3, 3, 4]), holed];
        let (mut outcomes, mut holes, mut pairs) = ([0; 2], [0; 2], [0; 2]);
        // How many placements had a reach of each width.
        let mut widths = [0; 8];
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
                let regions = regions(board, &cover, &order, &sizes);
                let bits = BitBoard::of(&regions, 8).expect("a small board has a bit board");
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
                            q[0] &= !(1 << order.position(*a).0);
                        }
                        let border = bits.mask(regions.border(e).iter().copied());
                        let allows = regions.allows(&q, e);
                        outcomes[usize::from(allows)] += 1;
                        let hole = regions.leaves_hole(&q, e);
                        holes[usize::from(hole)] += 1;
                        let paired = pair_walled_in(&regions, &q);
                        pairs[usize::from(paired)] += 1;
                        let free = u128::from(q[0]) >> bits.offset;
                        let (cells64, free64) = (bits.cells as u64, free as u64);
                        // The counted form: from the free cells before the placement, and
                        // its reach, with holes looked for from a floor on.
                        let placed = bits.mask(
                            cover
                                .aspects(EmbeddingId(e))
                                .iter()
                                .map(|a| order.position(*a).0),
                        );
                        let reach = bits.reach(placed);
                        let floor = bits.from(rng.random_range(0..bits.offset + 40));
                        let pad = |k: usize| reach.get(k).copied().unwrap_or(0);
                        let wide_reach: [u128; 7] = std::array::from_fn(pad);
                        let wide_counts: [u128; 7] =
                            board_free_counts(&steps, bits.cells, free | placed);
                        let small_reach: [u64; 4] = std::array::from_fn(|k| pad(k) as u64);
                        let small_counts: [u64; 4] =
                            board_free_counts(&narrow, cells64, (free | placed) as u64);
                        widths[reach.len()] += 1;
                        for with_pairs in [false, true] {
                            let refused = hole || with_pairs && paired;
                            let wide = board_holes(&steps, bits.cells, free, border, with_pairs);
                            assert_eq!(wide, refused);
                            let small =
                                board_holes(&narrow, cells64, free64, border as u64, with_pairs);
                            assert_eq!(small, refused);
                            let from_floor =
                                board_holes(&steps, bits.cells, free, border & floor, with_pairs);
                            let counted = board_holes_placed(
                                &steps,
                                &wide_counts,
                                &wide_reach,
                                floor,
                                with_pairs,
                            );
                            assert_eq!(counted, from_floor);
                            if reach.len() <= 4 {
                                let counted = board_holes_placed(
                                    &narrow,
                                    &small_counts,
                                    &small_reach,
                                    floor as u64,
                                    with_pairs,
                                );
                                assert_eq!(counted, from_floor);
                            }
                        }
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
        assert!(pairs.iter().all(|&n| n > 100), "{pairs:?}");
        // Placements whose cells touch a cell once, twice and three times, on both widths.
        assert!(widths[2..5].iter().all(|&n| n > 100), "{widths:?}");
        // Without holes, one distance per axis: the scan's strides.
        let block = regions(
            &boards[1],
            &Cover::new(vec![], vec![]),
            &Order::for_board(&boards[1], &[], &[0, 1, 2], &[]),
            &[2],
        );
        assert_eq!(steps(&BitBoard::of(&block, 8).unwrap()), [1, 3, 9]);
    }
}
