//! A plain backtracker over the abstract puzzle, sharing no code with the program, used to
//! check the generated solvers.

use std::ops::ControlFlow;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::order::Order;
use crate::search::Sink;

/// Finds every solution of `cover` by the general procedure of METHOD.md §2: cover the least
/// uncovered aspect in `order` with each allowed embedding that fits, recursively (and, for an
/// optional aspect, also leave it uncovered).
pub fn solve(cover: &Cover, order: &Order, sink: &mut impl Sink) -> ControlFlow<()> {
    let mut containing: Vec<Vec<EmbeddingId>> = vec![Vec::new(); cover.aspect_count()];
    for e in cover.allowed() {
        for a in cover.aspects(e) {
            containing[a.index()].push(e);
        }
    }
    let mut search = Search {
        cover,
        order,
        containing,
        covered: vec![false; cover.aspect_count()],
    };
    search.run(0, sink)
}

struct Search<'c> {
    cover: &'c Cover,
    order: &'c Order,
    containing: Vec<Vec<EmbeddingId>>,
    covered: Vec<bool>,
}

impl Search<'_> {
    fn run(&mut self, from: usize, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(position) = (from..self.covered.len())
            .find(|&p| !self.covered[self.order.aspect(p as u32).index()])
        else {
            return sink.solution();
        };
        let next = self.order.aspect(position as u32).index();
        for i in 0..self.containing[next].len() {
            let e = self.containing[next][i];
            let aspects = self.cover.aspects(e);
            if aspects.iter().any(|a| self.covered[a.index()]) {
                continue;
            }
            self.set(aspects, true);
            sink.place(e.0);
            let flow = self.run(position + 1, sink);
            sink.unplace();
            self.set(aspects, false);
            flow?;
        }
        if self.cover.is_optional(AspectId(next as u32)) {
            // Leave it uncovered: block it, so that no later embedding covers it after all
            // (that solution was found with the embedding above).
            self.covered[next] = true;
            let flow = self.run(position + 1, sink);
            self.covered[next] = false;
            return flow;
        }
        ControlFlow::Continue(())
    }

    fn set(&mut self, aspects: &[AspectId], value: bool) {
        for a in aspects {
            self.covered[a.index()] = value;
        }
    }
}
