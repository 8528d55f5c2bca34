//! A plain backtracker over the exact-cover problem, sharing no code with the program, used to
//! check every other engine.

use std::ops::ControlFlow;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::order::{Order, Position};
use puzzle_runtime::search::Sink;

/// Finds every solution of `cover` by the general procedure: cover the least
/// uncovered aspect in `order` with each allowed embedding that fits, recursively (and, for an
/// optional aspect, also leave it uncovered). Bags are never chosen (that would place their
/// copies in every order); a solution must have taken at least a bag's least from it. With
/// colours, optional aspects are never chosen either (each embedding then takes a required
/// aspect), and an embedding fits where no aspect it needs was taken by another.
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
        left: cover.all_aspects().map(|a| cover.multiplicity(a)).collect(),
        taken: vec![0; cover.aspect_count()],
    };
    search.run(0, sink)
}

struct Search<'c> {
    cover: &'c Cover,
    order: &'c Order,
    containing: Vec<Vec<EmbeddingId>>,
    /// How many more times each aspect must be covered.
    left: Vec<u32>,
    /// With colours, how many placed embeddings take each aspect without needing it (a
    /// colour's item and siblings, an item's colours).
    taken: Vec<u32>,
}

impl Search<'_> {
    fn run(&mut self, from: usize, sink: &mut impl Sink) -> ControlFlow<()> {
        let coloured = self.cover.has_colours();
        let Some(position) = (from..self.left.len()).find(|&p| {
            let a = self.order.aspect(Position(p as u32));
            self.left[a.index()] > 0
                && self.cover.multiplicity(a) == 1
                && !(coloured && self.cover.is_optional(a))
        }) else {
            let done = self.cover.all_aspects().all(|a| {
                self.left[a.index()] <= self.cover.multiplicity(a) - self.cover.least(a)
                    || (coloured && self.cover.is_optional(a))
            });
            return match done {
                true => sink.solution(),
                false => ControlFlow::Continue(()),
            };
        };
        let next = self.order.aspect(Position(position as u32)).index();
        for i in 0..self.containing[next].len() {
            let e = self.containing[next][i];
            let aspects = self.cover.aspects(e);
            if (aspects.iter()).any(|a| self.left[a.index()] == 0 || self.taken[a.index()] > 0) {
                continue;
            }
            // A colour is needed, not used up: others of its colour need it too.
            let used = |a: &&AspectId| self.cover.item_of(**a).is_none();
            let also: Vec<AspectId> = match coloured {
                true => (self.cover.takes(e).into_iter())
                    .filter(|a| !aspects.contains(a))
                    .collect(),
                false => Vec::new(),
            };
            aspects
                .iter()
                .filter(used)
                .for_each(|a| self.left[a.index()] -= 1);
            also.iter().for_each(|a| self.taken[a.index()] += 1);
            sink.place(e.0);
            let flow = self.run(position + 1, sink);
            sink.unplace();
            aspects
                .iter()
                .filter(used)
                .for_each(|a| self.left[a.index()] += 1);
            also.iter().for_each(|a| self.taken[a.index()] -= 1);
            flow?;
        }
        if self.cover.is_optional(AspectId(next as u32)) {
            // Leave it uncovered: block it, so that no later embedding covers it after all
            // (that solution was found with the embedding above).
            self.left[next] = 0;
            let flow = self.run(position + 1, sink);
            self.left[next] = 1;
            return flow;
        }
        ControlFlow::Continue(())
    }
}
