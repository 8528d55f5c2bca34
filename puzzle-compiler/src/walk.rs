//! The run-time engine: a program's trees walked directly, following its plan. It holds `q`
//! as the plan lays it out, prunes with the plan's check on the plan's board, consults the
//! failure cache where the plan does, and cuts units where the emitted Rust would: it is the
//! meaning the emitted Rust must have, and the solver of puzzles compiled at run time.

use std::ops::ControlFlow;

use puzzle_runtime::__private::{board_allows, board_holes, reach, remembered};
use puzzle_runtime::search::Sink;

use crate::cover::EmbeddingId;
use crate::order::{Order, Position};
use crate::plan::{Check, Plan, PrunePlan};
use crate::program::{Body, Node, Program};

/// Where a walk starts.
#[derive(Clone, Copy, Debug)]
pub enum Start<'u> {
    /// The root: every aspect free, the first procedure.
    Root,
    /// A work unit's state: its free set (as words) and the procedure it resumes at. Its
    /// placements are the caller's to replay.
    Unit {
        /// The free set.
        q: &'u [u64],
        /// The procedure to run.
        next: u32,
    },
}

/// Searches with `program` as `plan` says, from `start`.
pub fn run(
    program: &Program,
    order: &Order,
    plan: &Plan,
    start: Start<'_>,
    sink: &mut impl Sink,
) -> ControlFlow<()> {
    let (q, next) = match start {
        Start::Root => (plan.layout.full(), 0),
        Start::Unit { q, next } => {
            // A unit that is a solution keeps no free set.
            let mut words = q.to_vec();
            words.resize(plan.layout.words(), 0);
            (words, next)
        }
    };
    let words = q.len();
    let key_words = plan.cache.map_or(0, |c| c.words);
    let depths = program.procedures().len() + 1;
    let mut walker = Walker {
        program,
        order,
        plan,
        q,
        keys: vec![Vec::with_capacity(key_words); depths],
        depth: 0,
        scratch: (vec![0; words], vec![0; words]),
    };
    walker.solve(Position(next), sink)
}

struct Walker<'p> {
    program: &'p Program,
    order: &'p Order,
    plan: &'p Plan,
    /// The free set, as the plan lays it out.
    q: Vec<u64>,
    /// The failure cache's key of the free set at each depth (placements made), kept while
    /// the search below it runs.
    keys: Vec<Vec<u64>>,
    /// The placements made.
    depth: usize,
    /// Scratch space for the region check's flood fill.
    scratch: (Vec<u64>, Vec<u64>),
}

impl Walker<'_> {
    /// `Solve` for the procedure at `position`; the sentinel past the last one.
    fn solve(&mut self, mut position: Position, sink: &mut impl Sink) -> ControlFlow<()> {
        let procedures = self.program.procedures();
        let layout = &self.plan.layout;
        // A covered aspect passes `q` on to the next procedure.
        while position.index() < procedures.len() && !layout.is_free(&self.q, position) {
            position = Position(position.0 + 1);
        }
        let Some(procedure) = procedures.get(position.index()) else {
            reach(sink);
            return sink.solution();
        };
        match &procedure.body {
            Body::Require => ControlFlow::Continue(()),
            Body::Pass => self.solve(Position(position.0 + 1), sink),
            Body::Place(roots) => {
                let optional = procedure.optional;
                match self.plan.cache.filter(|c| position >= c.from) {
                    Some(cache) => {
                        let mut key = std::mem::take(&mut self.keys[self.depth]);
                        layout.key_of(cache.key, &self.q, &mut key);
                        let flow = remembered(self.plan.fingerprint, &key, sink, |sink| {
                            self.procedure(position, roots, optional, sink)
                        });
                        self.keys[self.depth] = key;
                        flow
                    }
                    None => self.procedure(position, roots, optional, sink),
                }
            }
        }
    }

    /// The body of a procedure whose aspect is free: its tree, then, for an optional aspect,
    /// the search with the aspect left uncovered.
    fn procedure(
        &mut self,
        position: Position,
        roots: &[Node],
        optional: bool,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        roots.iter().try_for_each(|n| self.node(n, sink))?;
        match optional {
            true => self.solve(Position(position.0 + 1), sink),
            false => ControlFlow::Continue(()),
        }
    }

    fn node(&mut self, node: &Node, sink: &mut impl Sink) -> ControlFlow<()> {
        let layout = &self.plan.layout;
        match node {
            Node::Test { aspect, children } => {
                let p = self.order.position(*aspect);
                if !layout.is_free(&self.q, p) {
                    return ControlFlow::Continue(());
                }
                layout.take(&mut self.q, p);
                let flow = children.iter().try_for_each(|c| self.node(c, sink));
                self.plan.layout.give_back(&mut self.q, p);
                flow
            }
            Node::Place { embedding, next } => {
                if self.prunes(*embedding) {
                    sink.pruned();
                    return ControlFlow::Continue(());
                }
                sink.place(embedding.0);
                self.depth += 1;
                let flow = match sink.cut() {
                    true => sink.unit(&self.q, next.0),
                    false => self.solve(*next, sink),
                };
                self.depth -= 1;
                sink.unplace();
                flow
            }
        }
    }

    /// Whether the plan's check refuses the state `embedding` has just made.
    fn prunes(&mut self, embedding: EmbeddingId) -> bool {
        let e = embedding.0;
        let (check, holes) = match &self.plan.prune {
            PrunePlan::Off => return false,
            PrunePlan::Holes(check) => (check, true),
            PrunePlan::Regions(check) => (check, false),
        };
        let Check { regions, board } = check;
        match board {
            Some(board) => {
                // The board as a `u128` decides as the `u64` the emitted code may use: the
                // board's cells bound what is read.
                let q =
                    u128::from(self.q[0]) | u128::from(self.q.get(1).copied().unwrap_or(0)) << 64;
                let free = q >> board.offset;
                let border = board.mask(regions.border(e).iter().copied());
                match holes {
                    true => board_holes(&board.steps, board.cells, free, border),
                    false => {
                        let limits = [regions.smallest, regions.divisor, regions.cap];
                        !board_allows(&board.steps, board.cells, limits, free, border)
                    }
                }
            }
            None => match holes {
                true => regions.leaves_hole(&self.q, e),
                false => {
                    let (counted, region) = &mut self.scratch;
                    counted.fill(0);
                    !regions.allows_with(&self.q, e, counted, region)
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use puzzle_runtime::search::{collect, Tally, Visit};
    use puzzle_runtime::{Run, Solver};

    use crate::description::{Description, OrderChoice};
    use crate::Puzzle;

    fn small() -> Description {
        Description::report_example()
            .order(OrderChoice::Columns)
            .eliminate(false)
    }

    #[test]
    fn the_walker_finds_the_reports_solutions_in_its_order() {
        let d = small().restrict("C", &[&[".#.", "##."], &["..#", ".##"]]);
        let p = Puzzle::new(&d).unwrap();
        assert_eq!(p.collect(), [[0, 18, 10], [6, 3, 20], [7, 1, 20]]);
        // Nothing pruned (a monomino fills any hole): one placement per CALL of the report's
        // run, and the failure cache of the count changes nothing.
        assert_eq!(
            p.tally(),
            Tally {
                solutions: 3,
                placements: 10
            }
        );
        assert_eq!(p.count(), 3);
    }

    #[test]
    fn units_resume_where_they_were_cut() {
        let p = Puzzle::new(&small()).unwrap();
        let whole = p.collect();
        assert_eq!(whole.len(), 12);
        for depth in 1..=3 {
            let units = p.units_at(depth);
            let mut parts = Vec::new();
            for unit in &units {
                parts.extend(collect(|v| {
                    let mut recorder =
                        puzzle_runtime::search::Recorder::new().visit(p.catalog(), v);
                    p.run_unit(unit, Run::Record(&mut recorder)).unwrap()
                }));
            }
            assert_eq!(parts, whole, "cut at {depth}");
        }
        // A unit's placements are replayed before it resumes.
        let unit = &p.units_at(2)[0];
        let mut first = Vec::new();
        let mut visit = Visit::new(p.catalog(), |s: &puzzle_runtime::Solution<'_>| {
            first.push(s.embeddings().to_vec());
            std::ops::ControlFlow::Continue(())
        });
        let _ = super::run(
            p.program(),
            p.order(),
            p.plan(),
            super::Start::Unit {
                q: &unit.q,
                next: unit.next,
            },
            &mut visit,
        );
        assert!(first.iter().all(|s| s.len() == 3 - unit.placed.len()));
    }
}
