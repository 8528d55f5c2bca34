//! A plain backtracker over the abstract puzzle, independent of the order and the program, used
//! to check the generated solvers.

use std::ops::ControlFlow;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::search::Sink;

/// Finds every solution of `cover` by the general procedure of METHOD.md §2: cover the
/// lowest-numbered uncovered aspect with each allowed embedding that fits, recursively.
pub fn solve(cover: &Cover, sink: &mut impl Sink) -> ControlFlow<()> {
    let mut containing: Vec<Vec<EmbeddingId>> = vec![Vec::new(); cover.aspect_count()];
    for e in cover.allowed() {
        for a in cover.aspects(e) {
            containing[a.index()].push(e);
        }
    }
    let mut search = Search {
        cover,
        containing,
        covered: vec![false; cover.aspect_count()],
    };
    search.run(0, sink)
}

struct Search<'c> {
    cover: &'c Cover,
    containing: Vec<Vec<EmbeddingId>>,
    covered: Vec<bool>,
}

impl Search<'_> {
    fn run(&mut self, from: usize, sink: &mut impl Sink) -> ControlFlow<()> {
        let Some(next) = (from..self.covered.len()).find(|&a| !self.covered[a]) else {
            return sink.solution();
        };
        for i in 0..self.containing[next].len() {
            let e = self.containing[next][i];
            let aspects = self.cover.aspects(e);
            if aspects.iter().any(|a| self.covered[a.index()]) {
                continue;
            }
            self.set(aspects, true);
            sink.place(e.0);
            let flow = self.run(next + 1, sink);
            sink.unplace();
            self.set(aspects, false);
            flow?;
        }
        ControlFlow::Continue(())
    }

    fn set(&mut self, aspects: &[AspectId], value: bool) {
        for a in aspects {
            self.covered[a.index()] = value;
        }
    }
}
