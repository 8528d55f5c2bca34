//! The bit boards the walker checks on: the plan's board in the narrowest word it fits, with
//! each placement's border, and the checks made on it with the steps' count known.

use puzzlec_runtime::__private::{
    board_allows, board_dead_ends, board_free_counts, board_hemmed_in, board_holes,
    board_holes_or_dead_ends, board_holes_placed, BoardWord,
};

use crate::plan::{BitBoard, Pruning, REACH_MAX};

use super::Checked;

/// `$body` with `$steps` bound to a board's steps as an array of a length known where the body
/// is compiled, for the common boards (one step per axis of a box, and a few more for holes),
/// so that the checks' loops over the steps unroll as they do in the emitted code, whose steps
/// are constants. A macro rather than a closure: the body is written out in each arm, where a
/// closure's one body would see a slice of unknown length.
macro_rules! fixed {
    ($steps:expr, |$s:ident| $body:expr) => {{
        let all: &[_] = $steps;
        match all.len() {
            1 => {
                let $s: &[_; 1] = all.try_into().expect("one step");
                $body
            }
            2 => {
                let $s: &[_; 2] = all.try_into().expect("two steps");
                $body
            }
            3 => {
                let $s: &[_; 3] = all.try_into().expect("three steps");
                $body
            }
            4 => {
                let $s: &[_; 4] = all.try_into().expect("four steps");
                $body
            }
            _ => {
                let $s = all;
                $body
            }
        }
    }};
}

/// The plan's bit board, in the narrowest word it fits.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) enum WalkBoard {
    Narrow(Bits<u64>),
    Wide(Bits<u128>),
}

/// A bit board in words of `T`, with each embedding's border on it.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "T: crate::words::Word + serde::Serialize",
        deserialize = "T: crate::words::Word + serde::Deserialize<'de>"
    ))
)]
pub(super) struct Bits<T> {
    pub(super) offset: u32,
    pub(super) steps: Vec<(u32, T)>,
    pub(super) cells: T,
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub(super) borders: Vec<T>,
    /// Where the plan checks from counts: each leaf's reach (`BitBoard::reach`), `width`
    /// words apiece.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub(super) reach: Vec<T>,
    pub(super) width: usize,
}

impl WalkBoard {
    /// `board` in the narrowest word it fits, with these borders of the embeddings.
    pub(super) fn of(board: &BitBoard, borders: impl Iterator<Item = u128>) -> WalkBoard {
        match board.fits_u64() {
            true => WalkBoard::Narrow(Bits {
                offset: board.offset,
                steps: board.steps.iter().map(|&(s, f)| (s, f as u64)).collect(),
                cells: board.cells as u64,
                borders: borders.map(|b| b as u64).collect(),
                reach: Vec::new(),
                width: 0,
            }),
            false => WalkBoard::Wide(Bits {
                offset: board.offset,
                steps: board.steps.clone(),
                cells: board.cells,
                borders: borders.collect(),
                reach: Vec::new(),
                width: 0,
            }),
        }
    }

    /// The dead ends of the free set `q` to cover first (the lowest of them next), as the
    /// board's bits.
    pub(super) fn dead_ends(&self, q: &[u64]) -> u128 {
        let q = one_word(q);
        match self {
            WalkBoard::Narrow(b) => u128::from(fixed!(&b.steps, |steps| {
                board_dead_ends(steps, b.cells, (q >> b.offset) as u64)
            })),
            WalkBoard::Wide(b) => fixed!(&b.steps, |steps| {
                board_dead_ends(steps, b.cells, q >> b.offset)
            }),
        }
    }

    /// The free cells of `q` (one word) with at most three free neighbours, as the board's
    /// bits.
    pub(super) fn hemmed_in(&self, q: u128) -> [u128; 2] {
        match self {
            WalkBoard::Narrow(b) => {
                board_hemmed_in(&b.steps, b.cells, (q >> b.offset) as u64).map(u128::from)
            }
            WalkBoard::Wide(b) => board_hemmed_in(&b.steps, b.cells, q >> b.offset),
        }
    }

    /// Keeps each leaf's reach (`reach`, in order, `width` words apiece) for the counted hole
    /// test.
    pub(super) fn count_with(&mut self, reach: &[u128], width: usize) {
        match self {
            WalkBoard::Narrow(b) => {
                b.reach = reach.iter().map(|&r| r as u64).collect();
                b.width = width;
            }
            WalkBoard::Wide(b) => {
                b.reach = reach.to_vec();
                b.width = width;
            }
        }
    }

    /// The free cells of `q` (one word), as the board's bits.
    pub(super) fn free(&self, q: u128) -> u128 {
        match self {
            WalkBoard::Narrow(b) => u128::from((q >> b.offset) as u64 & b.cells),
            WalkBoard::Wide(b) => q >> b.offset & b.cells,
        }
    }
}

/// A free set of one or two words as one integer.
pub(super) fn one_word(q: &[u64]) -> u128 {
    u128::from(q[0]) | u128::from(q.get(1).copied().unwrap_or(0)) << 64
}

impl<T: BoardWord + Into<u128>> Bits<T> {
    /// The counted hole test of the leaves in `fit` (a set of leaves from `first` on) in the
    /// free cells `free`, from one count of their free neighbours: the leaves it refuses, as
    /// a set of the same words. Not inlined: made once per lookup call, it is not worth a
    /// copy of its forty variants in every walk.
    #[inline(never)]
    pub(super) fn counted(
        &self,
        free: T,
        first: usize,
        fit: &[u64],
        refused: &mut [u64],
        pairs: bool,
    ) {
        match self.width {
            1 => self.counted_in::<1>(free, first, fit, refused, pairs),
            2 => self.counted_in::<2>(free, first, fit, refused, pairs),
            3 => self.counted_in::<3>(free, first, fit, refused, pairs),
            4 => self.counted_in::<4>(free, first, fit, refused, pairs),
            5 => self.counted_in::<5>(free, first, fit, refused, pairs),
            6 => self.counted_in::<6>(free, first, fit, refused, pairs),
            7 => self.counted_in::<7>(free, first, fit, refused, pairs),
            _ => self.counted_in::<{ REACH_MAX }>(free, first, fit, refused, pairs),
        }
    }

    /// [`Bits::counted`] with reaches of `N` words.
    #[inline(always)]
    fn counted_in<const N: usize>(
        &self,
        free: T,
        first: usize,
        fit: &[u64],
        refused: &mut [u64],
        pairs: bool,
    ) {
        fixed!(&self.steps, |steps| {
            let counts: [T; N] = board_free_counts(steps, self.cells, free);
            let width = self.width;
            for (w, (&word, refused)) in fit.iter().zip(refused.iter_mut()).enumerate() {
                let mut rest = word;
                while rest != 0 {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    let at = (first + w * 64 + bit as usize) * width;
                    let mut reach = [T::ZERO; N];
                    reach[..width].copy_from_slice(&self.reach[at..at + width]);
                    let holes = board_holes_placed(steps, &counts, &reach, self.cells, pairs);
                    *refused |= u64::from(holes) << bit;
                }
            }
        })
    }

    /// The hole test and the dead ends at once, where they are on the same board.
    #[inline(always)]
    pub(super) fn holes_or_dead_ends(&self, free: T, e: u32, pruning: &Pruning) -> Checked {
        let border = self.borders[e as usize];
        let found = fixed!(&self.steps, |steps| {
            board_holes_or_dead_ends(steps, self.cells, free, border, pruning.pairs())
        });
        match found {
            None => Checked::Refused,
            Some(ends) => Checked::Ends(ends.into()),
        }
    }

    /// Whether the check refuses the free cells `free` (the board's bits of `q`) left by
    /// embedding `e`: a hole, or with `holes` false, a region that cannot be filled.
    #[inline(always)]
    pub(super) fn refuses(&self, free: T, e: u32, pruning: &Pruning) -> bool {
        let border = self.borders[e as usize];
        match pruning {
            Pruning::Holes { pairs, .. } => fixed!(&self.steps, |steps| {
                board_holes(steps, self.cells, free, border, *pairs)
            }),
            Pruning::Off => false,
            Pruning::Regions(check) => {
                let regions = &check.regions;
                let limits = [regions.smallest, regions.divisor, regions.cap];
                !board_allows(&self.steps, self.cells, limits, free, border)
            }
        }
    }
}
