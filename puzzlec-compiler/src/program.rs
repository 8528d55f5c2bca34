//! The program: one procedure per aspect, each a tree of guarded tests.
//!
//! `Solve_a` is called with the free set `q` once every aspect before `a` is covered. If `a` is
//! covered it passes `q` on to the next procedure; else it tries each embedding of
//! `E_a = {e : min e = a}` by testing and clearing its aspects one by one, and calls the next
//! procedure for each embedding that fits. Embeddings that share aspects share their tests.

use std::collections::BTreeMap;
use std::fmt;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::lower::Lowered;
use crate::model::{Model, Problem};
use crate::order::{Order, Position};

/// A node of a procedure's tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `if aspect ∈ q { q -= aspect; children...; q += aspect }`.
    Test {
        /// The aspect tested.
        aspect: AspectId,
        /// What runs while it is held.
        children: Vec<Node>,
    },
    /// Every aspect of the embedding is held: place it and go on.
    Place {
        /// The embedding placed.
        embedding: EmbeddingId,
        /// The procedure to go on with.
        next: Next,
    },
}

/// Where the search goes on after a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Next {
    /// The procedure at this position: in a procedure's tree, the first after the procedure
    /// whose aspect the embedding leaves free (those between would only pass `q` on), or the
    /// sentinel.
    At(Position),
    /// In a dead end's tree, the procedure that found the dead end: its cell is still free,
    /// or if the placement covered it, it passes `q` on.
    Caller,
}

impl Node {
    /// The placements in this subtree.
    pub fn placements(&self) -> usize {
        match self {
            Node::Place { .. } => 1,
            Node::Test { children, .. } => children.iter().map(Node::placements).sum(),
        }
    }

    /// The lowest-numbered embedding placed in this subtree (siblings are sorted by it).
    pub fn lowest(&self) -> EmbeddingId {
        match self {
            Node::Place { embedding, .. } => *embedding,
            Node::Test { children, .. } => children
                .iter()
                .map(Node::lowest)
                .min()
                .expect("a test guards at least one placement"),
        }
    }

    fn visit(&self, tests: &mut usize, places: &mut usize) {
        match self {
            Node::Place { .. } => *places += 1,
            Node::Test { children, .. } => {
                *tests += 1;
                for c in children {
                    c.visit(tests, places);
                }
            }
        }
    }
}

/// What a procedure does when its aspect is free.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Try the embeddings of `E_a`: every root tests the procedure's aspect (with sharing there is
    /// one root; without, one chain per embedding).
    Place(Vec<Node>),
    /// `E_a` is empty: a free aspect here can never be covered, so the search backtracks.
    Require,
    /// `E_a` is empty and the aspect is optional: the procedure only passes `q` on.
    Pass,
}

/// `Solve_a` for one aspect `a`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Procedure {
    /// The aspect `a`.
    pub aspect: AspectId,
    /// What it does when `a` is free.
    pub body: Body,
    /// Whether `a` is optional: after trying the embeddings of `E_a`, the procedure also passes
    /// `q` on with `a` left free.
    pub optional: bool,
}

/// Static instruction counts of a program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Procedures, the solution sentinel included.
    pub procedures: usize,
    /// Guarded tests (the processor's `IF`).
    pub tests: usize,
    /// Placements (the processor's `CALL`).
    pub places: usize,
}

/// The placements that may cover a cell when it is a dead end (free, with one free neighbour):
/// those of which it is a cell with at most one neighbour inside the placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadEnd {
    /// The cell.
    pub cell: AspectId,
    /// Its tree, whose placements go on at [`Next::Caller`], rooted as a procedure's at the
    /// test of its cell; empty where no placement could cover the cell that way (the search
    /// backtracks).
    pub roots: Vec<Node>,
}

/// The whole program: the procedures in aspect order, then the sentinel that reports a solution;
/// and, where the plan covers dead ends first, a tree for each cell as a dead end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    procedures: Vec<Procedure>,
    dead_ends: Vec<DeadEnd>,
    sharing: bool,
}

impl Program {
    /// The program of a lowered puzzle in `order`, without the trailing procedures whose
    /// aspects are sure to be covered by then; with each cell's tree as a dead end where the
    /// plan's outline covers dead ends first (`dead_ends`), so that the program is complete
    /// before the plan reads it.
    pub fn new(model: &Model, lowered: &Lowered, order: &Order, dead_ends: bool) -> Program {
        let cover = &lowered.cover;
        let mut program = Program::build(cover, order, model.options.sharing);
        if let (true, Problem::Box(b)) = (dead_ends, &model.problem) {
            let cells = |next_to: Vec<u32>| next_to.into_iter().map(AspectId).collect();
            let neighbours: Vec<Vec<AspectId>> =
                b.board.neighbours().into_iter().map(cells).collect();
            program.add_dead_ends(cover, order, &neighbours);
        }
        program.drop_implied_tail(implied(model, lowered));
        program
    }

    /// Where [`Program::new`]'s sentinel lies, found without growing a tree: the position a
    /// search that runs no program (by the fewest embeddings, from its tables) gives the units
    /// that are solutions, as the program's would.
    pub fn sentinel_of(model: &Model, lowered: &Lowered, order: &Order) -> Position {
        let cover = &lowered.cover;
        let kinds: Vec<(AspectId, Kind)> = (order.sequence().iter())
            .zip(by_least(cover, order))
            .map(|(&aspect, embeddings)| (aspect, kind(cover, aspect, !embeddings.is_empty())))
            .collect();
        Position(kept(&kinds, implied(model, lowered)) as u32)
    }

    /// Builds one procedure per aspect, in `order`. With `sharing`, the embeddings of each
    /// procedure share their common tests by the greedy rule (see the module).
    pub fn build(cover: &Cover, order: &Order, sharing: bool) -> Program {
        let uses = cover.uses();
        let mut shared = Sharing::new(&uses, cover, order, Leaf::Scan);
        let procedures = order
            .sequence()
            .iter()
            .zip(by_least(cover, order))
            .map(|(&aspect, embeddings)| {
                let body = match kind(cover, aspect, !embeddings.is_empty()) {
                    Kind::Pass => Body::Pass,
                    Kind::Require => Body::Require,
                    Kind::Place if sharing => {
                        let items = embeddings
                            .iter()
                            .map(|&e| {
                                let rest = cover.aspects(e).iter().copied();
                                (e, rest.filter(|&x| x != aspect).collect())
                            })
                            .collect();
                        Body::Place(vec![Node::Test {
                            aspect,
                            children: shared.tree(items),
                        }])
                    }
                    Kind::Place => {
                        let chains = embeddings.iter().map(|&e| {
                            let aspects = cover.aspects(e).iter().copied();
                            chain(aspects, order, place(cover, order, e))
                        });
                        Body::Place(chains.collect())
                    }
                };
                Procedure {
                    aspect,
                    body,
                    optional: optional(cover, aspect),
                }
            })
            .collect();
        Program {
            procedures,
            dead_ends: Vec::new(),
            sharing,
        }
    }

    /// Adds a dead end's tree for each cell, `neighbours[c]` being the cells next to cell `c`
    /// (cells are the aspects numbered first). A placement belongs to a cell's tree when the
    /// cell has at most one neighbour in it: a dead end's other neighbours are covered.
    pub fn add_dead_ends(&mut self, cover: &Cover, order: &Order, neighbours: &[Vec<AspectId>]) {
        let uses = cover.uses();
        // Each cell's embeddings by the one neighbour they hold, if any.
        let mut by_cell: Vec<BTreeMap<Option<AspectId>, Vec<EmbeddingId>>> =
            vec![BTreeMap::new(); neighbours.len()];
        for e in cover.allowed() {
            let aspects = cover.aspects(e);
            for &a in aspects.iter().filter(|a| a.index() < neighbours.len()) {
                let mut inside = neighbours[a.index()].iter().filter(|n| aspects.contains(n));
                if let (first, None) = (inside.next().copied(), inside.next()) {
                    by_cell[a.index()].entry(first).or_default().push(e);
                }
            }
        }
        let sharing = self.sharing;
        let mut shared = sharing.then(|| Sharing::new(&uses, cover, order, Leaf::Caller));
        // The tree of `embeddings` below the tests of the aspects `known` to be free.
        let mut tree = |embeddings: Vec<EmbeddingId>, known: &[AspectId]| -> Vec<Node> {
            let rest = |e: EmbeddingId| {
                let aspects = cover.aspects(e).iter().copied();
                aspects.filter(|x| !known.contains(x))
            };
            match &mut shared {
                Some(shared) => {
                    let items = embeddings.iter().map(|&e| (e, rest(e).collect()));
                    shared.tree(items.collect())
                }
                None => (embeddings.iter())
                    .map(|&embedding| {
                        let next = Next::Caller;
                        chain(rest(embedding), order, Node::Place { embedding, next })
                    })
                    .collect(),
            }
        };
        // A cell without neighbours is never a dead end.
        self.dead_ends = by_cell
            .into_iter()
            .enumerate()
            .filter(|&(c, _)| !neighbours[c].is_empty())
            .map(|(c, groups)| {
                let cell = AspectId(c as u32);
                // A dead end has one free neighbour: the tests of the neighbours come first,
                // so that the search goes straight to the placements through it.
                let children: Vec<Node> = groups
                    .into_iter()
                    .flat_map(|(through, embeddings)| match (through, sharing) {
                        (Some(n), true) => vec![Node::Test {
                            aspect: n,
                            children: tree(embeddings, &[cell, n]),
                        }],
                        (None, true) => tree(embeddings, &[cell]),
                        (_, false) => tree(embeddings, &[cell]),
                    })
                    .collect();
                // The cell itself is known free: the root only takes it.
                let roots = match children.is_empty() {
                    true => Vec::new(),
                    false => vec![Node::Test {
                        aspect: cell,
                        children,
                    }],
                };
                DeadEnd { cell, roots }
            })
            .collect();
    }

    /// The dead ends' trees, one per cell with neighbours, in the numbering of cells; none
    /// unless the plan covers dead ends first.
    pub fn dead_ends(&self) -> &[DeadEnd] {
        &self.dead_ends
    }

    /// Drops the longest run of trailing procedures that only require their aspect and whose
    /// aspects `implied` says are sure to be covered once every earlier one is (the report has no
    /// procedure for the pieces A, B, C because covering every cell places every piece).
    pub fn drop_implied_tail(&mut self, implied: impl Fn(&[AspectId]) -> bool) {
        let kinds: Vec<(AspectId, Kind)> = (self.procedures.iter())
            .map(|p| (p.aspect, p.body.kind()))
            .collect();
        self.procedures.truncate(kept(&kinds, implied));
        // What came after the last procedure left is now the sentinel.
        let sentinel = Position(self.procedures.len() as u32);
        fn clamp(node: &mut Node, sentinel: Position) {
            match node {
                Node::Place {
                    next: Next::At(next),
                    ..
                } => *next = (*next).min(sentinel),
                Node::Place { .. } => {}
                Node::Test { children, .. } => children.iter_mut().for_each(|c| clamp(c, sentinel)),
            }
        }
        for p in &mut self.procedures {
            if let Body::Place(roots) = &mut p.body {
                roots.iter_mut().for_each(|n| clamp(n, sentinel));
            }
        }
    }

    /// The position of the sentinel, which reports a solution: after the last procedure.
    pub fn sentinel(&self) -> Position {
        Position(self.procedures.len() as u32)
    }

    /// The procedures, in order; the sentinel follows the last.
    pub fn procedures(&self) -> &[Procedure] {
        &self.procedures
    }

    /// Whether tests are shared.
    pub fn sharing(&self) -> bool {
        self.sharing
    }

    /// Static counts, the dead ends' trees included.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts {
            procedures: self.procedures.len() + 1,
            ..Counts::default()
        };
        for p in &self.procedures {
            if let Body::Place(roots) = &p.body {
                for n in roots {
                    n.visit(&mut counts.tests, &mut counts.places);
                }
            }
        }
        for n in self.dead_ends.iter().flat_map(|d| &d.roots) {
            n.visit(&mut counts.tests, &mut counts.places);
        }
        counts
    }

    /// A readable dump of the program, naming aspects through `cover`.
    pub fn dump<'a>(&'a self, cover: &'a Cover) -> impl fmt::Display + 'a {
        Dump {
            program: self,
            cover,
        }
    }
}

/// What a procedure does, known before its tree is grown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Place,
    Require,
    Pass,
}

impl Body {
    fn kind(&self) -> Kind {
        match self {
            Body::Place(_) => Kind::Place,
            Body::Require => Kind::Require,
            Body::Pass => Kind::Pass,
        }
    }
}

/// Whether `aspect` may be left uncovered. A bag with a range of copies may keep some: it
/// passes `q` on like an optional aspect, and the plan checks its least where a solution is
/// reached.
fn optional(cover: &Cover, aspect: AspectId) -> bool {
    cover.is_optional(aspect) || cover.least(aspect) < cover.multiplicity(aspect)
}

/// The procedure of `aspect`, which has embeddings of its own or not (`places`).
fn kind(cover: &Cover, aspect: AspectId, places: bool) -> Kind {
    match (places, optional(cover, aspect)) {
        (true, _) => Kind::Place,
        (false, true) => Kind::Pass,
        (false, false) => Kind::Require,
    }
}

/// Each position's `E_a`: the allowed embeddings whose least aspect in `order` is its.
fn by_least(cover: &Cover, order: &Order) -> Vec<Vec<EmbeddingId>> {
    let mut by_least: Vec<Vec<EmbeddingId>> = vec![Vec::new(); order.len()];
    for e in cover.allowed() {
        if let Some(least) = order.least(cover.aspects(e)) {
            by_least[order.position(least).index()].push(e);
        }
    }
    by_least
}

/// How many of the procedures of `kinds` are kept: those that only pass `q` on go from the
/// end, which nothing needs to follow them, then the longest run of trailing procedures that
/// only require their aspect and whose aspects `implied` says are sure to be covered once
/// every earlier one is.
fn kept(kinds: &[(AspectId, Kind)], implied: impl Fn(&[AspectId]) -> bool) -> usize {
    let passed = kinds.iter().rposition(|&(_, k)| k != Kind::Pass);
    let kinds = &kinds[..passed.map_or(0, |last| last + 1)];
    let owned = (kinds.iter())
        .rposition(|&(_, k)| k == Kind::Place)
        .map_or(0, |last| last + 1);
    let required = |from: usize| -> Vec<AspectId> {
        (kinds[from..].iter())
            .filter(|&&(_, k)| k == Kind::Require)
            .map(|&(aspect, _)| aspect)
            .collect()
    };
    (owned..kinds.len())
        .find(|&i| implied(&required(i)))
        .unwrap_or(kinds.len())
}

/// Which trailing runs of required aspects `model` ensures are covered once every earlier
/// aspect is. In a box whose areas match and whose pieces are each placed as often as
/// declared, once every cell is covered every piece is placed, and the other way round: a
/// trailing run of only pieces, or only cells, needs no procedures. Copies without an aspect
/// prove nothing, nor do areas where numbers are ranges or cells may stay empty. Nothing is
/// implied without a box's areas.
fn implied<'m>(model: &'m Model, lowered: &'m Lowered) -> impl Fn(&[AspectId]) -> bool + 'm {
    let exact = match &model.problem {
        Problem::Box(b) => {
            let exact_pieces = lowered.every_piece_has_aspect()
                && b.pieces.iter().all(|p| p.count.is_exact())
                && b.board.optional_count() == 0;
            exact_pieces.then(|| b.board.cells().len())
        }
        Problem::Abstract(_) => None,
    };
    move |tail: &[AspectId]| {
        exact.is_some_and(|cells| {
            tail.iter().all(|a| a.index() >= cells) || tail.iter().all(|a| a.index() < cells)
        })
    }
}

/// Embeddings still to be told apart, each with the aspects it has left to test.
type Items = Vec<(EmbeddingId, Vec<AspectId>)>;

/// Where a tree's placements go on: past the procedure (in a procedure's tree) or at the
/// caller (in a dead end's).
#[derive(Clone, Copy)]
enum Leaf {
    Scan,
    Caller,
}

/// The greedy overlap rule ([`Sharing::tree`]) and its state: what it reads, and how many of
/// the remaining embeddings hold each aspect, counted in place (a sort of every remaining
/// aspect at every node cost most of a compile of pieces with dozens of cells), one table
/// for every tree of a program.
struct Sharing<'a> {
    uses: &'a [usize],
    cover: &'a Cover,
    order: &'a Order,
    leaf: Leaf,
    /// By aspect: how many of the embeddings being counted hold it (zero between counts).
    counts: Vec<u32>,
    /// The aspects whose count is not zero.
    touched: Vec<AspectId>,
}

impl<'a> Sharing<'a> {
    fn new(uses: &'a [usize], cover: &'a Cover, order: &'a Order, leaf: Leaf) -> Sharing<'a> {
        Sharing {
            uses,
            cover,
            order,
            leaf,
            counts: vec![0; uses.len()],
            touched: Vec::new(),
        }
    }

    /// The tree of `items` by the greedy overlap rule: leaves for embeddings with nothing
    /// left to test; then, repeatedly, the aspect contained in most of the rest (ties: in
    /// more embeddings of the whole puzzle, then earlier in the order) guards the tree of
    /// those that contain it. Siblings are ordered by the lowest embedding they place.
    fn tree(&mut self, items: Items) -> Vec<Node> {
        let (cover, order, leaf) = (self.cover, self.order, self.leaf);
        let (done, mut rest): (Items, Items) = items.into_iter().partition(|(_, r)| r.is_empty());
        let mut nodes: Vec<Node> = done
            .into_iter()
            .map(|(embedding, _)| match leaf {
                Leaf::Scan => place(cover, order, embedding),
                Leaf::Caller => Node::Place {
                    embedding,
                    next: Next::Caller,
                },
            })
            .collect();
        // The rule's tie-breaks, which make every aspect's key distinct.
        let uses = self.uses;
        let key = |a: AspectId| (uses[a.index()], std::cmp::Reverse(order.position(a)));
        while !rest.is_empty() {
            for &a in rest.iter().flat_map(|(_, r)| r) {
                if self.counts[a.index()] == 0 {
                    self.touched.push(a);
                }
                self.counts[a.index()] += 1;
            }
            let count = |a: AspectId| self.counts[a.index()] as usize;
            let (aspect, n) = (self.touched.iter())
                .map(|&a| (a, count(a)))
                .max_by_key(|&(a, n)| (n, key(a)))
                .expect("every remaining embedding has an aspect to test");
            // The aspects every remaining embedding contains, by number.
            let mut members: Vec<AspectId> = Vec::new();
            if n == rest.len() {
                members.extend(self.touched.iter().filter(|&&a| count(a) == n));
                members.sort_unstable();
            }
            for a in self.touched.drain(..) {
                self.counts[a.index()] = 0;
            }
            if n == rest.len() {
                // They come first, by the tie-breaks, each guarding the next: a chain made
                // without counting again at every depth.
                for (_, r) in &mut rest {
                    r.retain(|x| members.binary_search(x).is_err());
                }
                let mut common = members;
                common.sort_by_key(|&a| std::cmp::Reverse(key(a)));
                let inner = self.tree(std::mem::take(&mut rest));
                let chain = common.iter().rev().fold(inner, |children, &aspect| {
                    vec![Node::Test { aspect, children }]
                });
                nodes.extend(chain);
                break;
            }
            let (mut with, without): (Items, Items) =
                rest.into_iter().partition(|(_, r)| r.contains(&aspect));
            for (_, r) in &mut with {
                r.retain(|&x| x != aspect);
            }
            nodes.push(Node::Test {
                aspect,
                children: self.tree(with),
            });
            rest = without;
        }
        nodes.sort_by_key(Node::lowest);
        nodes
    }
}

/// Without sharing: one chain of tests of `aspects` in order, ending in `leaf`.
fn chain(aspects: impl Iterator<Item = AspectId>, order: &Order, leaf: Node) -> Node {
    let mut aspects: Vec<AspectId> = aspects.collect();
    aspects.sort_by_key(|&a| order.position(a));
    aspects
        .into_iter()
        .rev()
        .fold(leaf, |inner, aspect| Node::Test {
            aspect,
            children: vec![inner],
        })
}

/// The leaf that places `e`, going on at the first position after its least aspect's that it
/// may leave free. A bag is not skipped: `e` takes one of its copies, and others may be left
/// for its procedure to find.
fn place(cover: &Cover, order: &Order, e: EmbeddingId) -> Node {
    let aspects = cover.aspects(e);
    let least = aspects.iter().map(|&a| order.position(a)).min();
    let mut covered: Vec<Position> = aspects
        .iter()
        .filter(|&&a| cover.multiplicity(a) == 1)
        .map(|&a| order.position(a))
        .collect();
    covered.sort_unstable();
    let mut next = least.map_or(Position(0), |p| Position(p.0 + 1));
    while covered.binary_search(&next).is_ok() {
        next = Position(next.0 + 1);
    }
    Node::Place {
        embedding: e,
        next: Next::At(next),
    }
}

struct Dump<'a> {
    program: &'a Program,
    cover: &'a Cover,
}

impl fmt::Display for Dump<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn node(f: &mut fmt::Formatter<'_>, cover: &Cover, n: &Node, depth: usize) -> fmt::Result {
            match n {
                Node::Place { embedding, next } => {
                    let back = if *next == Next::Caller { ", back" } else { "" };
                    writeln!(f, "{:w$}place {embedding}{back}", "", w = depth * 2)
                }
                Node::Test { aspect, children } => {
                    writeln!(
                        f,
                        "{:w$}if {}",
                        "",
                        cover.aspect_name(*aspect),
                        w = depth * 2
                    )?;
                    children
                        .iter()
                        .try_for_each(|c| node(f, cover, c, depth + 1))
                }
            }
        }
        for p in self.program.procedures() {
            writeln!(f, "solve {}:", self.cover.aspect_name(p.aspect))?;
            match &p.body {
                Body::Require => writeln!(f, "  require")?,
                Body::Pass => writeln!(f, "  pass")?,
                Body::Place(roots) => {
                    for n in roots {
                        node(f, self.cover, n, 1)?;
                    }
                    if p.optional {
                        writeln!(f, "  or leave it")?;
                    }
                }
            }
        }
        writeln!(f, "solution")?;
        for d in self.program.dead_ends() {
            writeln!(f, "dead end {}:", self.cover.aspect_name(d.cell))?;
            for n in &d.roots {
                node(f, self.cover, n, 1)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cover(embeddings: &[&[u32]]) -> Cover {
        let aspects = embeddings.iter().flat_map(|e| e.iter()).max().unwrap() + 1;
        Cover::new(
            (0..aspects).map(|a| a.to_string()).collect(),
            embeddings
                .iter()
                .map(|e| e.iter().map(|&a| AspectId(a)).collect())
                .collect(),
        )
    }

    #[test]
    fn shared_tests_are_written_once() {
        // Three embeddings of aspect 0; two share aspect 1.
        let c = cover(&[&[0, 1, 2], &[0, 4], &[0, 1, 3]]);
        let order = Order::by_number(c.aspect_count());
        let program = Program::build(&c, &order, true);
        let want = "solve 0:\n  if 0\n    if 1\n      if 2\n        place 0\n      if 3\n        place 2\n    if 4\n      place 1\n";
        assert!(
            program.dump(&c).to_string().starts_with(want),
            "{}",
            program.dump(&c)
        );
        assert_eq!(program.counts().tests, 5);
        let unshared = Program::build(&c, &order, false);
        assert_eq!(unshared.counts().tests, 8);
    }

    #[test]
    fn greedy_rule_prefers_the_most_shared_aspect() {
        // After 0: aspect 2 is in all three, 1 in two: 2 is tested first.
        let c = cover(&[&[0, 1, 2], &[0, 1, 2, 3], &[0, 2, 4]]);
        let program = Program::build(&c, &Order::by_number(c.aspect_count()), true);
        let dump = program.dump(&c).to_string();
        assert!(
            dump.starts_with("solve 0:\n  if 0\n    if 2\n      if 1\n"),
            "{dump}"
        );
    }

    #[test]
    fn a_placement_goes_on_past_the_aspects_it_covers() {
        // Aspect 0's embedding {0, 1, 3} leaves 2 free: the search goes on at 2; {0, 1, 2}
        // covers everything up to 3, the last procedure.
        let c = cover(&[&[0, 1, 3], &[0, 1, 2], &[3], &[2]]);
        let program = Program::build(&c, &Order::by_number(4), true);
        let mut nexts = Vec::new();
        fn walk(n: &Node, out: &mut Vec<(u32, u32)>) {
            match n {
                Node::Place {
                    embedding,
                    next: Next::At(next),
                } => out.push((embedding.0, next.0)),
                Node::Place { .. } => unreachable!("a procedure goes on at a position"),
                Node::Test { children, .. } => children.iter().for_each(|c| walk(c, out)),
            }
        }
        for p in program.procedures() {
            if let Body::Place(roots) = &p.body {
                roots.iter().for_each(|n| walk(n, &mut nexts));
            }
        }
        assert_eq!(nexts, [(0, 2), (1, 3), (3, 3), (2, 4)]);
    }

    #[test]
    fn a_dead_end_is_covered_through_its_one_free_neighbour() {
        // A row of three cells 0 1 2 and a piece 3 of one or two cells. Every placement of a
        // cell holds at most one of its neighbours: those without come first, then the test
        // of each neighbour leads to those through it.
        let c = cover(&[&[0, 3], &[1, 3], &[2, 3], &[0, 1, 3], &[1, 2, 3]]);
        let mut program = Program::build(&c, &Order::by_number(4), true);
        let neighbours = [
            vec![AspectId(1)],
            vec![AspectId(0), AspectId(2)],
            vec![AspectId(1)],
        ];
        program.add_dead_ends(&c, &Order::by_number(4), &neighbours);
        let dump = program.dump(&c).to_string();
        let cell_0 = "dead end 0:\n  if 0\n    if 3\n      place 0, back\n    if 1\n      if 3\n        place 3, back\n";
        assert!(dump.contains(cell_0), "{dump}");
        assert_eq!(program.dead_ends().len(), 3);
        assert!(
            dump.contains("dead end 1:\n  if 1\n    if 3\n      place 1, back\n    if 0\n"),
            "{dump}"
        );
    }

    #[test]
    fn aspects_without_embeddings_are_required() {
        let c = cover(&[&[0, 1], &[1, 2]]);
        let mut program = Program::build(&c, &Order::by_number(3), true);
        assert_eq!(program.procedures()[2].body, Body::Require);
        assert!(!program.procedures()[2].optional);
        program.drop_implied_tail(|tail| tail == [AspectId(2)]);
        assert_eq!(program.procedures().len(), 2);
        // A placement that went on to the dropped procedure now goes on to the sentinel.
        let Body::Place(roots) = &program.procedures()[1].body else {
            panic!("aspect 1 has embeddings")
        };
        assert!(
            matches!(roots[0], Node::Test { ref children, .. } if matches!(children[..], [Node::Test { ref children, .. }] if matches!(children[..], [Node::Place { next: Next::At(Position(2)), .. }])))
        );
    }
}
