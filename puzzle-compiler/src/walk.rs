//! The run-time engine: a program's trees walked directly, following its plan. It holds `q`
//! as the plan lays it out, prunes with the plan's check on the plan's board, consults the
//! failure cache where the plan does, and cuts units where the emitted Rust would: it is the
//! meaning the emitted Rust must have, and the solver of puzzles compiled at run time.

use std::ops::ControlFlow;

use puzzle_runtime::__private::{board_allows, board_holes, reach, remembered};
use puzzle_runtime::search::Sink;

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

/// A program laid out for walking, built once per puzzle: each procedure and each test as the
/// word of `q` and the bits it reads, the trees flattened into one array (a test's subtree
/// follows it and ends at its `end`), and each placement's border on the bit board, so that
/// the walk does no lookups the emitted Rust would not.
#[derive(Clone, Debug)]
pub struct Walkable {
    procedures: Vec<Entry>,
    ops: Vec<Op>,
    /// Each embedding's border on the plan's bit board (empty without one).
    borders: Vec<u128>,
}

/// One procedure.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// Its aspect's word and bits in `q`.
    word: u32,
    mask: u64,
    optional: bool,
    body: EntryBody,
}

#[derive(Clone, Copy, Debug)]
enum EntryBody {
    Require,
    Pass,
    /// Its trees: `ops[start..end]`.
    Place {
        start: u32,
        end: u32,
    },
}

/// One node of a tree.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// The test of an aspect: free when `q[word] & mask` is not zero; taken by clearing `bit`
    /// (or, for a bag, subtracting it). Its children are `ops[here + 1..end]`.
    Test {
        word: u32,
        bit: u64,
        mask: u64,
        bag: bool,
        end: u32,
    },
    /// A placement, and the procedure to go on with.
    Place { embedding: u32, next: u32 },
}

impl Walkable {
    /// Lays out `program` (of a puzzle with `embeddings` embeddings) as `plan` says.
    pub fn new(program: &Program, order: &Order, plan: &Plan, embeddings: usize) -> Walkable {
        let layout = &plan.layout;
        let mut ops = Vec::new();
        let procedures = (program.procedures().iter().enumerate())
            .map(|(i, procedure)| {
                let p = Position(i as u32);
                let body = match &procedure.body {
                    Body::Require => EntryBody::Require,
                    Body::Pass => EntryBody::Pass,
                    Body::Place(roots) => {
                        let start = ops.len() as u32;
                        roots.iter().for_each(|n| flatten(n, order, plan, &mut ops));
                        EntryBody::Place {
                            start,
                            end: ops.len() as u32,
                        }
                    }
                };
                Entry {
                    word: layout.word(p) as u32,
                    mask: layout.mask(p),
                    optional: procedure.optional,
                    body,
                }
            })
            .collect();
        let borders = match plan.prune.check() {
            Some(Check {
                regions,
                board: Some(board),
            }) => (0..embeddings as u32)
                .map(|e| board.mask(regions.border(e).iter().copied()))
                .collect(),
            _ => Vec::new(),
        };
        Walkable {
            procedures,
            ops,
            borders,
        }
    }
}

/// Appends a node and its subtree.
fn flatten(node: &Node, order: &Order, plan: &Plan, ops: &mut Vec<Op>) {
    let layout = &plan.layout;
    match node {
        Node::Test { aspect, children } => {
            let p = order.position(*aspect);
            let at = ops.len();
            ops.push(Op::Test {
                word: layout.word(p) as u32,
                bit: layout.bit(p),
                mask: layout.mask(p),
                bag: layout.is_bag(p),
                end: 0,
            });
            children.iter().for_each(|c| flatten(c, order, plan, ops));
            let end = ops.len() as u32;
            if let Op::Test { end: e, .. } = &mut ops[at] {
                *e = end;
            }
        }
        Node::Place { embedding, next } => ops.push(Op::Place {
            embedding: embedding.0,
            next: next.0,
        }),
    }
}

/// Searches with a program laid out by [`Walkable::new`] as `plan` says, from `start`.
pub fn run(
    walkable: &Walkable,
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
    let depths = walkable.procedures.len() + 1;
    let mut walker = Walker {
        walkable,
        plan,
        q,
        keys: vec![Vec::with_capacity(key_words); depths],
        depth: 0,
        scratch: (vec![0; words], vec![0; words]),
    };
    walker.solve(next, sink)
}

struct Walker<'p> {
    walkable: &'p Walkable,
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
    fn solve(&mut self, mut position: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        let procedures = &self.walkable.procedures;
        // A covered aspect passes `q` on to the next procedure.
        while let Some(entry) = procedures.get(position as usize) {
            if self.q[entry.word as usize] & entry.mask != 0 {
                break;
            }
            position += 1;
        }
        let Some(&entry) = procedures.get(position as usize) else {
            reach(sink);
            return sink.solution();
        };
        match entry.body {
            EntryBody::Require => ControlFlow::Continue(()),
            EntryBody::Pass => self.solve(position + 1, sink),
            EntryBody::Place { start, end } => {
                let layout = &self.plan.layout;
                match self.plan.cache.filter(|c| position >= c.from.0) {
                    Some(cache) => {
                        let mut key = std::mem::take(&mut self.keys[self.depth]);
                        layout.key_of(cache.key, &self.q, &mut key);
                        let flow = remembered(self.plan.fingerprint, &key, sink, |sink| {
                            self.procedure(position, start, end, entry.optional, sink)
                        });
                        self.keys[self.depth] = key;
                        flow
                    }
                    None => self.procedure(position, start, end, entry.optional, sink),
                }
            }
        }
    }

    /// The body of a procedure whose aspect is free: its trees, then, for an optional aspect,
    /// the search with the aspect left uncovered.
    fn procedure(
        &mut self,
        position: u32,
        start: u32,
        end: u32,
        optional: bool,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        self.siblings(start as usize, end as usize, sink)?;
        match optional {
            true => self.solve(position + 1, sink),
            false => ControlFlow::Continue(()),
        }
    }

    /// The subtrees in `ops[start..end]`, one after another. A failing test, the most common
    /// step, is decided here without a call.
    fn siblings(&mut self, start: usize, end: usize, sink: &mut impl Sink) -> ControlFlow<()> {
        let mut at = start;
        while at < end {
            match self.walkable.ops[at] {
                Op::Test {
                    word,
                    bit,
                    mask,
                    bag,
                    end: below,
                } => {
                    let w = word as usize;
                    if self.q[w] & mask != 0 {
                        self.held(w, bit, bag, at + 1, below as usize, sink)?;
                    }
                    at = below as usize;
                }
                Op::Place { embedding, next } => {
                    self.place(embedding, next, sink)?;
                    at += 1;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The children `ops[start..end]` of a test whose aspect is free: with it taken.
    fn held(
        &mut self,
        w: usize,
        bit: u64,
        bag: bool,
        start: usize,
        end: usize,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        match bag {
            true => self.q[w] -= bit,
            false => self.q[w] ^= bit,
        }
        let flow = self.siblings(start, end, sink);
        match bag {
            true => self.q[w] += bit,
            false => self.q[w] ^= bit,
        }
        flow
    }

    /// Places an embedding whose aspects are all held, and goes on with procedure `next`.
    fn place(&mut self, embedding: u32, next: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        if self.prunes(embedding) {
            sink.pruned();
            return ControlFlow::Continue(());
        }
        sink.place(embedding);
        self.depth += 1;
        let flow = match sink.cut() {
            true => sink.unit(&self.q, next),
            false => self.solve(next, sink),
        };
        self.depth -= 1;
        sink.unplace();
        flow
    }

    /// Whether the plan's check refuses the state `embedding` has just made.
    fn prunes(&mut self, e: u32) -> bool {
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
                let border = self.walkable.borders[e as usize];
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
        let walkable = super::Walkable::new(p.program(), p.order(), p.plan(), p.info().embeddings);
        let _ = super::run(
            &walkable,
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
