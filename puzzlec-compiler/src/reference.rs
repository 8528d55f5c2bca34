//! A plain backtracker over the exact-cover problem, sharing no code with the program, used to
//! check every other engine.

use std::ops::ControlFlow;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::order::{Order, Position};
use puzzlec_runtime::search::Sink;

/// Finds every solution of `cover` by the general procedure: cover the least
/// uncovered aspect in `order` with each allowed embedding that fits, recursively (and, for an
/// optional aspect, also leave it uncovered). Bags (required aspects covered other than
/// once) are chosen last, one after another: each takes more of the embeddings that fit it,
/// in increasing order (so that no set of them is found twice in another order), until it is
/// left, where it holds its least, closed to any more. With colours, optional aspects are
/// never chosen (each embedding then takes a required aspect), and an embedding fits where no
/// aspect it needs was taken by another.
pub fn solve(cover: &Cover, order: &Order, sink: &mut impl Sink) -> ControlFlow<()> {
    let mut containing: Vec<Vec<EmbeddingId>> = vec![Vec::new(); cover.aspect_count()];
    for e in cover.allowed() {
        for a in cover.aspects(e) {
            containing[a.index()].push(e);
        }
    }
    let bags = (cover.all_aspects())
        .filter(|&a| !cover.is_optional(a) && (cover.least(a), cover.multiplicity(a)) != (1, 1))
        .collect();
    let mut search = Search {
        cover,
        order,
        containing,
        bags,
        left: cover.all_aspects().map(|a| cover.multiplicity(a)).collect(),
        taken: vec![0; cover.aspect_count()],
    };
    search.run(0, sink)
}

struct Search<'c> {
    cover: &'c Cover,
    order: &'c Order,
    containing: Vec<Vec<EmbeddingId>>,
    /// The bags, in the order they are chosen.
    bags: Vec<AspectId>,
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
                && !self.bags.contains(&a)
                && !(coloured && self.cover.is_optional(a))
        }) else {
            return self.bag(0, 0, sink);
        };
        let next = self.order.aspect(Position(position as u32)).index();
        for i in 0..self.containing[next].len() {
            let e = self.containing[next][i];
            self.placed(e, sink, |search, sink| search.run(position + 1, sink))?;
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

    /// Where every aspect but the bags is settled: the bag at `k` takes in turn each
    /// embedding that fits it from its `from`th on, or, holding its least, is closed and the
    /// next is chosen; past the last bag, a solution where every aspect is covered as often as
    /// it must be.
    fn bag(&mut self, k: usize, from: usize, sink: &mut impl Sink) -> ControlFlow<()> {
        let coloured = self.cover.has_colours();
        let Some(&a) = self.bags.get(k) else {
            let done = self.cover.all_aspects().all(|a| {
                self.left[a.index()] <= self.cover.multiplicity(a) - self.cover.least(a)
                    || (coloured && self.cover.is_optional(a))
            });
            return match done {
                true => sink.solution(),
                false => ControlFlow::Continue(()),
            };
        };
        for i in from..self.containing[a.index()].len() {
            let e = self.containing[a.index()][i];
            self.placed(e, sink, |search, sink| search.bag(k, i + 1, sink))?;
        }
        let left = self.left[a.index()];
        if left > self.cover.multiplicity(a) - self.cover.least(a) {
            return ControlFlow::Continue(());
        }
        self.left[a.index()] = 0;
        let flow = self.bag(k + 1, 0, sink);
        self.left[a.index()] = left;
        flow
    }

    /// Searches on with `then` where embedding `e` fits (no aspect it covers is used up or,
    /// with colours, taken), placed.
    fn placed<S: Sink>(
        &mut self,
        e: EmbeddingId,
        sink: &mut S,
        then: impl FnOnce(&mut Self, &mut S) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let cover = self.cover;
        let aspects = cover.aspects(e);
        if (aspects.iter()).any(|a| self.left[a.index()] == 0 || self.taken[a.index()] > 0) {
            return ControlFlow::Continue(());
        }
        // A colour is needed, not used up: others of its colour need it too.
        let used = |a: &&AspectId| cover.item_of(**a).is_none();
        let also: Vec<AspectId> = match cover.has_colours() {
            true => (cover.takes(e).into_iter())
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
        let flow = then(self, sink);
        sink.unplace();
        aspects
            .iter()
            .filter(used)
            .for_each(|a| self.left[a.index()] += 1);
        also.iter().for_each(|a| self.taken[a.index()] -= 1);
        flow
    }
}
