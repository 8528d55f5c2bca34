//! Runs a program's trees directly, with the free set `q` as a vector of words (and a counter
//! for each bag): the meaning the emitted Rust must have, and a solver for puzzles built at run
//! time.

use std::ops::ControlFlow;

use crate::cover::Cover;
use crate::description::Pruning;
use crate::order::Order;
use crate::program::{Body, Node, Program};
use crate::prune::Regions;
use crate::search::Sink;

/// Searches with `program` from the state where every aspect is free, pruning as `regions`
/// says if given, as the generated solver does.
pub fn run(
    program: &Program,
    cover: &Cover,
    order: &Order,
    regions: Option<(Pruning, &Regions)>,
    sink: &mut impl Sink,
) -> ControlFlow<()> {
    debug_assert_eq!(cover.aspect_count(), order.len());
    let bags = order
        .sequence()
        .iter()
        .map(|&a| Some(cover.multiplicity(a)).filter(|&n| n > 1))
        .collect();
    let words = order.len().div_ceil(64);
    let mut walker = Walker {
        program,
        order,
        q: vec![u64::MAX; words],
        bags,
        regions,
        scratch: (vec![0; words], vec![0; words]),
    };
    walker.solve(0, sink)
}

struct Walker<'p> {
    program: &'p Program,
    order: &'p Order,
    /// Bit `i` is set when the aspect at position `i` is free.
    q: Vec<u64>,
    /// For each position, the copies a bag has left; `None` for an aspect held as a bit.
    bags: Vec<Option<u32>>,
    regions: Option<(Pruning, &'p Regions)>,
    /// Scratch space for the region check.
    scratch: (Vec<u64>, Vec<u64>),
}

impl Walker<'_> {
    fn free(&self, position: usize) -> bool {
        match self.bags[position] {
            Some(left) => left > 0,
            None => self.q[position / 64] >> (position % 64) & 1 == 1,
        }
    }

    /// Takes the free aspect at `position` (one copy, for a bag).
    fn take(&mut self, position: usize) {
        match &mut self.bags[position] {
            Some(left) => *left -= 1,
            None => self.q[position / 64] ^= 1 << (position % 64),
        }
    }

    /// Gives back what `take` took.
    fn give_back(&mut self, position: usize) {
        match &mut self.bags[position] {
            Some(left) => *left += 1,
            None => self.q[position / 64] ^= 1 << (position % 64),
        }
    }

    /// `Solve` for the procedure at `position`; the sentinel past the last one.
    fn solve(&mut self, mut position: usize, sink: &mut impl Sink) -> ControlFlow<()> {
        let procedures = self.program.procedures();
        // A covered aspect passes `q` on to the next procedure.
        while position < procedures.len() && !self.free(position) {
            position += 1;
        }
        let Some(procedure) = procedures.get(position) else {
            return sink.solution();
        };
        match &procedure.body {
            Body::Require => ControlFlow::Continue(()),
            Body::Pass => self.solve(position + 1, sink),
            Body::Place(roots) => {
                roots
                    .iter()
                    .try_for_each(|n| self.node(n, position, sink))?;
                if procedure.optional {
                    // The aspect may also stay uncovered.
                    self.solve(position + 1, sink)
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
    }

    fn node(&mut self, node: &Node, position: usize, sink: &mut impl Sink) -> ControlFlow<()> {
        match node {
            Node::Test { aspect, children } => {
                let bit = self.order.position(*aspect) as usize;
                if !self.free(bit) {
                    return ControlFlow::Continue(());
                }
                self.take(bit);
                let flow = children
                    .iter()
                    .try_for_each(|c| self.node(c, position, sink));
                self.give_back(bit);
                flow
            }
            Node::Place { embedding } => {
                if let Some((pruning, regions)) = self.regions {
                    let (counted, region) = &mut self.scratch;
                    counted.fill(0);
                    let pruned = match pruning {
                        Pruning::Off | Pruning::Auto => false,
                        Pruning::Holes => regions.leaves_hole(&self.q, embedding.0),
                        Pruning::Regions => {
                            !regions.allows_with(&self.q, embedding.0, counted, region)
                        }
                    };
                    if pruned {
                        sink.pruned();
                        return ControlFlow::Continue(());
                    }
                }
                sink.place(embedding.0);
                let flow = self.solve(position + 1, sink);
                sink.unplace();
                flow
            }
        }
    }
}
