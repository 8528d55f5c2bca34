//! The tables of the choice of the cell with the fewest fits (`puzzlec_runtime`'s `Fits`): for
//! each cell of the dead ends' bit board the embeddings that cover it, in runs by piece with
//! the cells each takes, and each embedding's bits of `q`.

use puzzlec_runtime::__private::PieceRun;

use crate::cover::{AspectId, Cover};
use crate::order::{Order, Position};

use super::layout::Layout;
use super::prune::BitBoard;

/// The tables of the choice of the cell with the fewest fits, where the plan makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FitsTables {
    /// The bit board of the cells it chooses among (the dead ends').
    pub board: BitBoard,
    /// The choice is made while more than this many cells are free.
    pub above: u32,
    /// The choice is made only for a search going on at this position or later: the pieces
    /// the order places before the cells keep their place.
    pub from: Position,
    /// Where each bit's runs start in `runs`, one more entry than the board has bits (up to
    /// its highest cell).
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub cells: Vec<u32>,
    /// The runs of each cell, by the cell's bit on the board: its embeddings, in their order,
    /// cut where the bits of `q` they take off the board (their piece) change.
    pub runs: Vec<PieceRun<u128>>,
    /// The embedding of each entry of a run.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub embeddings: Vec<u32>,
    /// The cells each entry's embedding takes, as the board's bits.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub takes: Vec<u128>,
    /// The bits of `q` each embedding takes, by embedding (none for one not allowed).
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub masks: Vec<u128>,
}

impl FitsTables {
    /// The tables for `cells` cells (the aspects numbered first) on `board`.
    pub fn new(
        cover: &Cover,
        order: &Order,
        layout: &Layout,
        board: &BitBoard,
        cells: usize,
        above: u32,
    ) -> FitsTables {
        let bits = (128 - board.cells.leading_zeros()) as usize;
        let mut by_bit: Vec<Vec<u32>> = vec![Vec::new(); bits];
        let mut masks = vec![0u128; cover.embedding_count()];
        for e in cover.allowed() {
            for &a in cover.aspects(e) {
                let p = order.position(a);
                masks[e.index()] |= u128::from(layout.bit(p)) << (64 * layout.word(p));
                let on_board = a.index() < cells && p.0 >= board.offset;
                if let Some(bit) = on_board
                    .then(|| p.0 - board.offset)
                    .filter(|&b| (b as usize) < bits && board.cells >> b & 1 == 1)
                {
                    by_bit[bit as usize].push(e.0);
                }
            }
        }
        // Board bit `b` is bit `offset + b` of `q`.
        let on_board = board.cells << board.offset;
        let (mut starts, mut runs): (_, Vec<PieceRun<u128>>) =
            (Vec::with_capacity(bits + 1), Vec::new());
        let (mut embeddings, mut taken) = (Vec::new(), Vec::new());
        for list in by_bit {
            starts.push(runs.len() as u32);
            let first = runs.len();
            for e in list {
                let (needs, at) = (masks[e as usize] & !on_board, embeddings.len() as u32);
                match runs[first..].last_mut() {
                    Some(run) if run.needs == needs => run.end += 1,
                    _ => runs.push(PieceRun {
                        needs,
                        start: at,
                        end: at + 1,
                    }),
                }
                embeddings.push(e);
                taken.push((masks[e as usize] & on_board) >> board.offset);
            }
        }
        starts.push(runs.len() as u32);
        let first_cell = (0..cells as u32).map(|c| order.position(AspectId(c))).min();
        FitsTables {
            board: board.clone(),
            above,
            from: first_cell.unwrap_or(Position(0)),
            cells: starts,
            runs,
            embeddings,
            takes: taken,
            masks,
        }
    }
}
