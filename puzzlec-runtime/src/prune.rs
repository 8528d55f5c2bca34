//! The checks of pruning (after Isobe): after a placement, each connected region of free cells
//! next to it must be fillable, so at least as large as the smallest piece and a multiple of
//! the greatest common divisor of the piece sizes; the cheap form checks only for holes,
//! single free cells walled in next to the placement, and on a bit board also pairs of free
//! cells walled in together anywhere, where no piece is smaller than three cells. A region
//! that fails means no solution lies below, and the search backtracks at once.
//!
//! Regions larger than a cap are taken as fillable without counting them to the end: the check
//! is a necessary condition, so stopping early loses pruning, never solutions. Where the cells
//! lie within 128 positions both checks run on a bit board ([`board_holes`], [`board_allows`]):
//! several times faster than the flood fill of [`Regions::allows`], with the same answers.

use std::borrow::Cow;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXorAssign, Not, Shl, Shr};

/// The tables of the region check. Cells are named by their position in the aspect order,
/// which is their bit in `q`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

    /// Whether two free cells walled in together are a hole too: no piece is smaller than
    /// three cells. The hole test on a bit board looks for such pairs ([`board_holes`]).
    pub fn pairs_are_holes(&self) -> bool {
        self.smallest > 2
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

/// A machine word that holds a bit board: `u64` where the board fits, else `u128`.
pub trait BoardWord:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
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
    /// The index of the lowest bit set (the word's width where none is).
    fn trailing_zeros(self) -> u32;
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
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
        }
    )*};
}
board_word!(u64, u128);

/// [`Regions::leaves_hole`] on a bit board: whether a free cell of `border` has no free
/// neighbour, or, with `pairs` ([`Regions::pairs_are_holes`]), two free cells anywhere on the
/// board are each other's only free neighbour. `free` holds the free cells as the board's
/// bits: bit `i` is the position `offset + i` of the free set, for the board's offset. Each
/// step `(s, from)` says that every cell in `from` has a neighbour `s` bits further on. The
/// free neighbours of every cell at once, by one shift each way per step: no branch but the
/// answer, so cheaper than a mask test per border cell, and the pairs cost a few shifts more.
#[inline(always)]
pub fn board_holes<W: BoardWord>(
    steps: &[(u32, W)],
    cells: W,
    free: W,
    border: W,
    pairs: bool,
) -> bool {
    walled_in(steps, &free_neighbours(steps, cells, free), border, pairs)
}

/// [`board_holes`] from the free cells' neighbours counted.
#[inline(always)]
fn walled_in<W: BoardWord>(
    steps: &[(u32, W)],
    counted: &Neighbours<W>,
    border: W,
    pairs: bool,
) -> bool {
    let alone = counted.free & border & !counted.once;
    if !pairs {
        return alone != W::ZERO;
    }
    // A cell whose one free neighbour has no other is half of a pair walled in.
    let single = counted.free & counted.once & !counted.twice;
    alone | paired(steps, single) != W::ZERO
}

/// The cells of `single` (free cells with one free neighbour) whose neighbour further on is
/// in `single` too: each such two cells are each other's only free neighbour.
#[inline(always)]
fn paired<W: BoardWord>(steps: &[(u32, W)], single: W) -> W {
    let mut paired = W::ZERO;
    for &(s, from) in steps {
        paired |= single & (single >> s) & from;
    }
    paired
}

/// The cells of a bit board (of `cells`) by how many neighbours each has in `of`: `[k - 1]`
/// holds those with exactly `k`, for `k` from 1 to `N`. Counted in binary, one word per bit
/// of the count, from one shift each way per step.
#[inline(always)]
pub fn board_neighbour_counts<W: BoardWord, const N: usize>(
    steps: &[(u32, W)],
    cells: W,
    of: W,
) -> [W; N] {
    // A cell has at most two neighbours per step, so `bits` bits hold any count.
    let bits = (usize::BITS - (2 * steps.len()).leading_zeros()) as usize;
    assert!(bits <= 8, "a bit board has at most 127 steps");
    let mut sum = [W::ZERO; 8];
    for &(s, from) in steps {
        for touched in [(of >> s) & from, (of & from) << s] {
            let mut carry = touched;
            for bit in &mut sum[..bits] {
                let next = *bit & carry;
                *bit ^= carry;
                carry = next;
            }
        }
    }
    // A loop rather than `array::from_fn`, whose inner function is not always inlined.
    let mut counts = [W::ZERO; N];
    for (i, count) in counts.iter_mut().enumerate().take(2 * steps.len()) {
        let k = i + 1;
        *count = (0..bits).fold(cells, |cells, b| match k >> b & 1 {
            1 => cells & sum[b],
            _ => cells & !sum[b],
        });
    }
    counts
}

/// The free cells of a bit board by how many free neighbours each has, as
/// [`board_neighbour_counts`] gives them: what [`board_holes_placed`] starts from, once for
/// all the placements that fit a free set.
#[inline(always)]
pub fn board_free_counts<W: BoardWord, const N: usize>(
    steps: &[(u32, W)],
    cells: W,
    free: W,
) -> [W; N] {
    let free = free & cells;
    board_neighbour_counts(steps, cells, free).map(|counted| counted & free)
}

/// [`board_holes`] after a placement, from the free cells' counts before it (`counts`, from
/// [`board_free_counts`]) and the placement's `reach`: in `reach[0]` its cells and those next
/// to them, in `reach[k]` the cells not in it with exactly `k` neighbours in it, for `k` from
/// 1 to `N - 1` (no cell has more). A cell next to it with as many free neighbours as it lost
/// is walled in, and one with one more is left with a single free neighbour. Only cells of
/// `floor` count as holes (as only those of the border do in [`board_holes`]). The free cells
/// must hold the placement: then the answer is [`board_holes`]'s after it, with the border
/// the cells next to it in `floor`, for a few loads and logic operations instead of the
/// shifts of a new count.
#[inline(always)]
pub fn board_holes_placed<W: BoardWord, const N: usize>(
    steps: &[(u32, W)],
    counts: &[W; N],
    reach: &[W; N],
    floor: W,
    pairs: bool,
) -> bool {
    let mut alone = W::ZERO;
    let mut single = counts[0] & !reach[0];
    for k in 1..N {
        alone |= counts[k - 1] & reach[k];
        single |= counts[k] & reach[k];
    }
    let alone = alone & floor;
    if !pairs {
        return alone != W::ZERO;
    }
    alone | paired(steps, single) != W::ZERO
}

/// A placement's reach on a bit board, as [`board_holes_placed`] takes it: its cells and
/// those next to them, then the cells not in it by how many neighbours each has in it, from
/// one to `N - 1`.
pub fn board_reach<W: BoardWord, const N: usize>(
    steps: &[(u32, W)],
    cells: W,
    placed: W,
) -> [W; N] {
    let counts: [W; N] = board_neighbour_counts(steps, cells, placed);
    let near = counts.iter().fold(placed, |near, &c| near | c);
    std::array::from_fn(|k| match k {
        0 => near,
        _ => counts[k - 1] & !placed,
    })
}

/// The dead ends of a bit board to cover first, none where there is no dead end. A dead end
/// is a free cell with exactly one free neighbour: it can only be covered by a piece that
/// reaches it through that neighbour, so it has few placements, and covering it before the
/// scan's next cell finds a failure sooner. Where that neighbour has at most two free
/// neighbours itself, the dead end lies in a pocket or a corridor, which few placements fit
/// or none: those dead ends come first, and the others only where there are none such.
/// Counted as [`board_holes`] does, one shift each way per step, with more words for cells
/// reached twice and three times.
#[inline(always)]
pub fn board_dead_ends<W: BoardWord>(steps: &[(u32, W)], cells: W, free: W) -> W {
    first_dead_ends(steps, free_neighbours(steps, cells, free))
}

/// [`board_dead_ends`] from the free cells' neighbours counted.
#[inline(always)]
fn first_dead_ends<W: BoardWord>(steps: &[(u32, W)], counted: Neighbours<W>) -> W {
    let Neighbours {
        free,
        once,
        twice,
        thrice,
        ..
    } = counted;
    let ends = free & once & !twice;
    let narrow = free & !thrice;
    let mut near_narrow = W::ZERO;
    for &(s, from) in steps {
        near_narrow |= ((narrow >> s) & from) | ((narrow & from) << s);
    }
    match ends & near_narrow {
        first if first != W::ZERO => first,
        _ => ends,
    }
}

/// [`board_holes`] and [`board_dead_ends`] at once, on the same shifts: `None` where the hole
/// test fails, else the dead ends.
#[inline(always)]
pub fn board_holes_or_dead_ends<W: BoardWord>(
    steps: &[(u32, W)],
    cells: W,
    free: W,
    border: W,
    pairs: bool,
) -> Option<W> {
    let counted = free_neighbours(steps, cells, free);
    match walled_in(steps, &counted, border, pairs) {
        true => None,
        false => Some(first_dead_ends(steps, counted)),
    }
}

/// The free cells with at most two free neighbours, and those with three: the cells next to
/// those covered or to the box's walls, among which the cell with the fewest fits is nearly
/// always found, the most hemmed in first. Counted as [`board_holes`] does.
#[inline(always)]
pub fn board_hemmed_in<W: BoardWord>(steps: &[(u32, W)], cells: W, free: W) -> [W; 2] {
    let Neighbours {
        free, thrice, four, ..
    } = free_neighbours(steps, cells, free);
    [free & !thrice, free & thrice & !four]
}

/// The free cells of a bit board, by how many free neighbours each has.
#[derive(Clone, Copy)]
struct Neighbours<W> {
    /// The free cells.
    free: W,
    /// The cells with at least one free neighbour.
    once: W,
    /// With at least two.
    twice: W,
    /// With at least three.
    thrice: W,
    /// With four or more. Each caller is inlined, so a word it does not read is not counted.
    four: W,
}

/// The free cells (of `cells`) and their free neighbours counted to four.
#[inline(always)]
fn free_neighbours<W: BoardWord>(steps: &[(u32, W)], cells: W, free: W) -> Neighbours<W> {
    let free = free & cells;
    let (mut once, mut twice, mut thrice, mut four) = (W::ZERO, W::ZERO, W::ZERO, W::ZERO);
    for &(s, from) in steps {
        for touched in [(free >> s) & from, (free & from) << s] {
            four |= thrice & touched;
            thrice |= twice & touched;
            twice |= once & touched;
            once |= touched;
        }
    }
    Neighbours {
        free,
        once,
        twice,
        thrice,
        four,
    }
}

/// [`Regions::allows`] on a bit board: whether every region of the free cells (`free`, as the
/// board's bits) that touches `border` (the placement's border) could still be filled. Every
/// neighbour pair of cells is one step, so the fill reaches exactly the cells the flood fill
/// reaches (a region is judged by its size alone). Generated code passes its steps as a
/// constant, so that they unroll.
#[inline(always)]
pub fn board_allows<W: BoardWord>(
    steps: &[(u32, W)],
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of three rows of four cells, bit `4 * row + column`: a step of one along each
    /// row (from the first three columns) and of four down each column (from the first two
    /// rows).
    const STEPS: [(u32, u64); 2] = [(1, 0x777), (4, 0x0ff)];
    const CELLS: u64 = 0xfff;

    /// The bits of these (row, column) cells.
    fn cells(cells: &[(u32, u32)]) -> u64 {
        cells.iter().fold(0, |m, &(r, c)| m | 1 << (4 * r + c))
    }

    #[test]
    fn the_dead_ends_in_a_pocket_or_a_corridor_come_first() {
        // A T: the ends of its bar, (0, 0) and (0, 2), share a neighbour with three free
        // neighbours; its stem's end (2, 1) has a neighbour with two.
        let t = cells(&[(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]);
        assert_eq!(board_dead_ends(&STEPS, CELLS, t), cells(&[(2, 1)]));
        // A pair walled in together: both its cells come first too.
        let pair = cells(&[(1, 3), (2, 3)]);
        assert_eq!(
            board_dead_ends(&STEPS, CELLS, t | pair),
            cells(&[(2, 1), (1, 3), (2, 3)])
        );
        // The T without its stem's end: no dead end is in a pocket, so all come.
        let short = cells(&[(0, 0), (0, 1), (0, 2), (1, 1)]);
        assert_eq!(
            board_dead_ends(&STEPS, CELLS, short),
            cells(&[(0, 0), (0, 2), (1, 1)])
        );
        // No dead end at all.
        assert_eq!(board_dead_ends(&STEPS, CELLS, CELLS), 0);
    }

    #[test]
    fn hemmed_in_cells_are_those_with_at_most_two_free_neighbours_then_three() {
        // The whole board: its corners have two neighbours, the rest of its rim three, and
        // its two middle cells four.
        let corners = cells(&[(0, 0), (0, 3), (2, 0), (2, 3)]);
        let rim = cells(&[(0, 1), (0, 2), (1, 0), (1, 3), (2, 1), (2, 2)]);
        assert_eq!(board_hemmed_in(&STEPS, CELLS, CELLS), [corners, rim]);
        // A covered middle cell leaves its neighbours one fewer.
        let free = CELLS & !cells(&[(1, 1)]);
        let [two, three] = board_hemmed_in(&STEPS, CELLS, free);
        assert_eq!(two, corners | cells(&[(0, 1), (1, 0), (2, 1)]));
        assert_eq!(three, cells(&[(0, 2), (1, 3), (2, 2), (1, 2)]));
    }

    #[test]
    fn the_hole_test_gives_the_same_dead_ends_unless_a_border_cell_is_walled_in() {
        let t = cells(&[(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]);
        let walled_in = cells(&[(2, 3)]);
        let free = t | walled_in;
        for pairs in [false, true] {
            assert_eq!(
                board_holes_or_dead_ends(&STEPS, CELLS, free, walled_in, pairs),
                None
            );
            assert_eq!(
                board_holes_or_dead_ends(&STEPS, CELLS, t, t, pairs),
                Some(board_dead_ends(&STEPS, CELLS, t))
            );
        }
    }

    #[test]
    fn two_cells_walled_in_together_are_a_hole_where_pairs_are() {
        // The T, and a pair in the far corner away from any border: a hole only with pairs.
        let t = cells(&[(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]);
        let pair = cells(&[(1, 3), (2, 3)]);
        assert!(!board_holes(&STEPS, CELLS, t | pair, t, false));
        assert!(board_holes(&STEPS, CELLS, t | pair, t, true));
        assert_eq!(
            board_holes_or_dead_ends(&STEPS, CELLS, t | pair, t, true),
            None
        );
        // Three cells in a row are no pair.
        let three = cells(&[(0, 3), (1, 3), (2, 3)]);
        assert!(!board_holes(&STEPS, CELLS, three, three, true));
    }

    #[test]
    fn neighbours_are_counted_exactly() {
        // The whole board: corners two, the rest of the rim three, the middle four.
        let corners = cells(&[(0, 0), (0, 3), (2, 0), (2, 3)]);
        let middle = cells(&[(1, 1), (1, 2)]);
        let rim = CELLS & !corners & !middle;
        assert_eq!(
            board_free_counts::<u64, 5>(&STEPS, CELLS, CELLS),
            [0, corners, rim, middle, 0]
        );
        // Neighbours in the middle domino: each of its cells has one, as has each cell of
        // the rim but the corners, and no cell has more.
        let [one, two, three]: [u64; 3] = board_neighbour_counts(&STEPS, CELLS, middle);
        assert_eq!([one, two, three], [middle | rim, 0, 0]);
        // Its reach: the domino and the rim, then the rim as the cells with one neighbour in it.
        assert_eq!(
            board_reach::<u64, 2>(&STEPS, CELLS, middle),
            [middle | rim, rim]
        );
    }

    #[test]
    fn the_counted_hole_test_answers_as_the_hole_test_after_the_placement() {
        let t = cells(&[(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]);
        let pair = cells(&[(1, 3), (2, 3)]);
        // Every placement of a single cell or a domino among the free cells of each free set.
        let free_sets = [
            CELLS,
            t | pair,
            t,
            CELLS & !cells(&[(1, 1)]),
            pair | cells(&[(0, 3)]),
        ];
        let mut placements: Vec<u64> = (0..12).map(|c| 1 << c).collect();
        for &(s, from) in &STEPS {
            placements.extend(
                (0..12)
                    .filter(|c| from >> c & 1 == 1)
                    .map(|c| 1 << c | 1 << (c + s)),
            );
        }
        let mut outcomes = [0; 2];
        for free in free_sets {
            let counts: [u64; 5] = board_free_counts(&STEPS, CELLS, free);
            for &placed in placements.iter().filter(|&&p| p & free == p) {
                let reach: [u64; 5] = board_reach(&STEPS, CELLS, placed);
                let border = reach[0] & !placed;
                for floor in [CELLS, CELLS & !0xf] {
                    for pairs in [false, true] {
                        let after =
                            board_holes(&STEPS, CELLS, free & !placed, border & floor, pairs);
                        let counted = board_holes_placed(&STEPS, &counts, &reach, floor, pairs);
                        assert_eq!(counted, after, "free {free:#x}, placed {placed:#x}");
                        outcomes[usize::from(after)] += 1;
                    }
                }
            }
        }
        assert!(outcomes.iter().all(|&n| n > 10), "{outcomes:?}");
    }
}
