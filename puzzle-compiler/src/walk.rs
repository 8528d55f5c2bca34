//! The run-time engine: a program's trees walked directly, following its plan. It holds `q`
//! as the plan lays it out, prunes with the plan's check on the plan's board, consults the
//! failure cache where the plan does, and cuts units where the emitted Rust would: it is the
//! meaning the emitted Rust must have, and the solver of puzzles compiled at run time.
//!
//! A tree reaches a placement exactly when every aspect on the path to it is free, so the walk
//! finds the placements that fit all at once, in the order the tree reaches them: the same
//! placements in the same order as the emitted Rust, without the interpretation of one test at
//! a time (the shared tests pay in compiled code, where a failing test is one branch; in a walk
//! each is a step of a loop). A tree of [`Tuning::lookup_from`] placements or more is looked
//! up, as the emitted lookups do (a table per four bits of `q` that its placements need, whose
//! entries `and` together into the set of those that fit); a smaller one is scanned, each
//! placement's aspects tested at once as a mask over `q`.

use std::ops::ControlFlow;

use puzzle_runtime::__private::{
    board_allows, board_dead_ends, board_hemmed_in, board_holes, board_holes_or_dead_ends, reach,
    remembered, BoardWord, Fits,
};
use puzzle_runtime::search::Sink;

use crate::order::{Order, Position};
use crate::plan::{BitBoard, Check, Choice, FewestFits, Plan, Prune};
use crate::program::{Body, Next, Node, Program};
use crate::tuning::Tuning;

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

/// A program laid out for walking, built once per puzzle: each procedure's aspect as a word of
/// `q` and its bits, each procedure's placements in the order its tree reaches them, each with
/// the mask of the bits it takes from `q` and the bags it takes a copy from, and each
/// placement's border on the bit board.
#[derive(Clone, Debug)]
pub struct Walkable {
    /// Words of `q`.
    words: usize,
    procedures: Vec<Entry>,
    /// Each procedure's lowest bit in `q`, and one more entry: the bits `q` uses.
    offsets: Vec<u32>,
    /// The position of the procedure whose aspect holds each bit of `q` (its bit, or a bit of
    /// its bag's field), by bit: the first free aspect from a position on is the owner of the
    /// lowest bit of `q` from that position's offset on, among the bits of `fields`.
    owners: Vec<u32>,
    /// The bits of `q` that fields take, by word (`q` holds others set, which no procedure
    /// reads).
    fields: Vec<u64>,
    /// The trees that are scanned, their large subtrees kept as tests, their small ones as
    /// runs of leaves.
    ops: Vec<Op>,
    /// The trees that are looked up.
    lookups: Vec<Lookup>,
    /// The nibbles of `q` the lookups read, `lookups[i].nibbles` apiece.
    nibbles: Vec<Nibble>,
    /// The lookups' sets of leaves: each lookup's whole set, then, for each of its nibbles,
    /// the leaves each of the sixteen values allows, `words` words apiece.
    sets: Vec<u64>,
    /// Each leaf's bits of `q` (the aspects it covers that are not bags), `words` apiece.
    masks: Vec<u64>,
    leaves: Vec<Leaf>,
    /// The bags of the leaves that take from one: `bags[leaf.bags.0..leaf.bags.1]`.
    bags: Vec<BagTake>,
    /// The plan's bit board, if its check runs on one.
    board: Option<WordBoard>,
    /// The plan's choice, a rule at a time, in its order.
    choice: Vec<Chooser>,
    /// Subtrees with fewer leaves than this are scanned, not walked
    /// ([`Tuning::scan_below`]).
    scan_below: usize,
    /// Trees with this many leaves or more are looked up ([`Tuning::lookup_from`]).
    lookup_from: usize,
}

/// A tree of the program, as the walk finds its placements.
#[derive(Clone, Copy, Debug)]
enum Tree {
    /// Its steps, `ops[start..end]`.
    Ops { start: u32, end: u32 },
    /// Its placements found by lookup: `lookups[i]`.
    Lookup(u32),
}

/// A tree's placements found by lookup: the leaves `first..` as the bits of a set of `words`
/// words, those that fit found by `and`ing, for each nibble of `q` some leaf needs, the set the
/// nibble's value allows.
#[derive(Clone, Copy, Debug)]
struct Lookup {
    first: u32,
    words: u32,
    /// Where its whole set starts in `sets`.
    all: u32,
    /// Its nibbles, `nibbles[start..end]`.
    nibbles: (u32, u32),
}

/// Four bits of `q` a lookup reads, and where the sets of leaves their values allow start in
/// `sets` (sixteen sets of the lookup's words, by value).
#[derive(Clone, Copy, Debug)]
struct Nibble {
    word: u32,
    shift: u32,
    sets: u32,
}

/// The most words of a set of leaves a lookup keeps on the stack: trees with more leaves are
/// scanned.
const MAX_SET_WORDS: usize = 16;

/// A rule of the plan's choice, laid out for walking.
#[derive(Clone, Debug)]
enum Chooser {
    /// The board of the dead ends, and each cell's tree by its bit.
    DeadEnds(WordBoard, Vec<Tree>),
    /// The cell with the fewest fits: its board and tables.
    FewestFits(WordBoard, FewestFits),
}

/// The plan's bit board, in the narrowest word it fits.
#[derive(Clone, Debug)]
enum WordBoard {
    Narrow(Bits<u64>),
    Wide(Bits<u128>),
}

/// A bit board in words of `T`, with each embedding's border on it.
#[derive(Clone, Debug)]
struct Bits<T> {
    offset: u32,
    steps: Vec<(u32, T)>,
    cells: T,
    borders: Vec<T>,
}

/// One procedure.
#[derive(Clone, Copy, Debug)]
struct Entry {
    optional: bool,
    body: EntryBody,
}

#[derive(Clone, Copy, Debug)]
enum EntryBody {
    Require,
    Pass,
    /// Its tree.
    Place(Tree),
}

/// A step of a procedure's tree.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// The test of a subtree with many leaves: unless `q[word] & mask` (the aspect) is free,
    /// the walk goes on at `ops[end]`. Its leaves test the aspect again.
    Test { word: u32, mask: u64, end: u32 },
    /// The leaves `leaves[start..end]`, scanned.
    Scan { start: u32, end: u32 },
}

/// A leaf's `next` in a dead end's tree: the procedure that found the dead end.
const CALLER: u32 = u32::MAX;

/// One placement of a procedure's tree.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    embedding: u32,
    /// The procedure to go on with, or [`CALLER`].
    next: u32,
    /// Its bags, as a range of [`Walkable::bags`] (empty for most).
    bags: (u32, u32),
}

/// A copy taken from a bag: held while `q[word] & mask` is not zero, taken by subtracting
/// `bit`.
#[derive(Clone, Copy, Debug)]
struct BagTake {
    word: u32,
    bit: u64,
    mask: u64,
}

impl Walkable {
    /// Lays out `program` (of a puzzle with `embeddings` embeddings) as `plan` says.
    pub fn new(
        program: &Program,
        order: &Order,
        plan: &Plan,
        embeddings: usize,
        tuning: &Tuning,
    ) -> Walkable {
        let layout = &plan.layout;
        let mut walkable = Walkable {
            words: layout.words(),
            procedures: Vec::with_capacity(program.procedures().len()),
            offsets: Vec::with_capacity(program.procedures().len() + 1),
            owners: vec![u32::MAX; 64 * layout.words()],
            fields: vec![0; layout.words()],
            ops: Vec::new(),
            lookups: Vec::new(),
            nibbles: Vec::new(),
            sets: Vec::new(),
            masks: Vec::new(),
            leaves: Vec::new(),
            bags: Vec::new(),
            board: None,
            choice: Vec::new(),
            scan_below: tuning.scan_below,
            lookup_from: tuning.lookup_from,
        };
        for (i, procedure) in program.procedures().iter().enumerate() {
            let p = Position(i as u32);
            let body = match &procedure.body {
                Body::Require => EntryBody::Require,
                Body::Pass => EntryBody::Pass,
                Body::Place(roots) => {
                    // Every placement covers the procedure's aspect, which it finds free.
                    let own = (layout.word(p), layout.mask(p));
                    EntryBody::Place(walkable.tree(roots, order, plan, Some(own)))
                }
            };
            walkable.procedures.push(Entry {
                optional: procedure.optional,
                body,
            });
            let field = layout.fields[i];
            walkable.offsets.push(field.offset);
            let width = field.bag.map_or(1, |b| b.width);
            for bit in field.offset..field.offset + width {
                walkable.owners[bit as usize] = i as u32;
                walkable.fields[bit as usize / 64] |= 1 << (bit % 64);
            }
        }
        walkable.offsets.push(layout.used);
        if let Some(Check {
            regions,
            board: Some(board),
        }) = plan.prune.check()
        {
            let borders =
                (0..embeddings as u32).map(|e| board.mask(regions.border(e).iter().copied()));
            walkable.board = Some(WordBoard::of(board, borders));
        }
        for rule in &plan.choice {
            let chooser = match rule {
                Choice::DeadEnds(d) => {
                    let mut trees = vec![Tree::Ops { start: 0, end: 0 }; 128];
                    for dead_end in program.dead_ends() {
                        let bit = order.position(dead_end.cell).0 - d.board.offset;
                        trees[bit as usize] = walkable.tree(&dead_end.roots, order, plan, None);
                    }
                    Chooser::DeadEnds(WordBoard::of(&d.board, std::iter::empty()), trees)
                }
                Choice::FewestFits(fits) => Chooser::FewestFits(
                    WordBoard::of(&fits.board, std::iter::empty()),
                    fits.clone(),
                ),
            };
            walkable.choice.push(chooser);
        }
        walkable
    }

    /// Lays out a tree of these roots, whose placements all take the bits `own` (a word and its
    /// bits) where given: looked up where it has [`Walkable::lookup_from`] leaves or more
    /// and no more than a lookup's set holds, else scanned.
    fn tree(
        &mut self,
        roots: &[Node],
        order: &Order,
        plan: &Plan,
        own: Option<(usize, u64)>,
    ) -> Tree {
        let count: usize = roots.iter().map(leaves).sum();
        let words = count.div_ceil(64);
        if count == 0 || count < self.lookup_from || words > MAX_SET_WORDS {
            let start = self.ops.len() as u32;
            let (mut path, mut scan) = (Vec::new(), None);
            for root in roots {
                self.lay_out(root, order, plan, &mut path, &mut scan);
            }
            return Tree::Ops {
                start,
                end: self.ops.len() as u32,
            };
        }
        let first = self.leaves.len();
        let mut path = Vec::new();
        for root in roots {
            self.flatten(root, order, plan, &mut path);
        }
        let n = self.words;
        let masks = &self.masks[first * n..];
        // The set of the leaves whose mask passes `keep`.
        let set = |keep: &dyn Fn(&[u64]) -> bool| {
            let mut set = vec![0u64; words];
            for (i, mask) in masks.chunks_exact(n).enumerate() {
                if keep(mask) {
                    set[i / 64] |= 1 << (i % 64);
                }
            }
            set
        };
        let all = self.sets.len() as u32;
        self.sets.extend(set(&|_| true));
        let start = self.nibbles.len() as u32;
        for word in 0..n {
            let known = own.filter(|&(w, _)| w == word).map_or(0, |(_, bits)| bits);
            let needed = masks.chunks_exact(n).fold(0, |u, m| u | m[word]) & !known;
            for shift in (0..64).step_by(4).filter(|&s| needed >> s & 15 != 0) {
                let at = self.sets.len() as u32;
                for value in 0..16u64 {
                    let free = value << shift | known | !(15 << shift);
                    self.sets.extend(set(&|m| m[word] & !free == 0));
                }
                self.nibbles.push(Nibble {
                    word: word as u32,
                    shift,
                    sets: at,
                });
            }
        }
        self.lookups.push(Lookup {
            first: first as u32,
            words: words as u32,
            all,
            nibbles: (start, self.nibbles.len() as u32),
        });
        Tree::Lookup(self.lookups.len() as u32 - 1)
    }

    /// Appends the steps of `node`, whose ancestors test the positions in `path`. `scan` is
    /// the scan that leaves laid out next may join: the last step, unless a test ended since.
    fn lay_out(
        &mut self,
        node: &Node,
        order: &Order,
        plan: &Plan,
        path: &mut Vec<Position>,
        scan: &mut Option<usize>,
    ) {
        match node {
            Node::Test { aspect, children } if leaves(node) >= self.scan_below => {
                let p = order.position(*aspect);
                let at = self.ops.len();
                self.ops.push(Op::Test {
                    word: plan.layout.word(p) as u32,
                    mask: plan.layout.mask(p),
                    end: 0,
                });
                path.push(p);
                *scan = None;
                for child in children {
                    self.lay_out(child, order, plan, path, scan);
                }
                path.pop();
                *scan = None;
                let end = self.ops.len() as u32;
                if let Op::Test { end: e, .. } = &mut self.ops[at] {
                    *e = end;
                }
            }
            _ => {
                let start = self.leaves.len() as u32;
                self.flatten(node, order, plan, path);
                let end = self.leaves.len() as u32;
                match scan.map(|i| &mut self.ops[i]) {
                    Some(Op::Scan { end: e, .. }) => *e = end,
                    _ => {
                        *scan = Some(self.ops.len());
                        self.ops.push(Op::Scan { start, end });
                    }
                }
            }
        }
    }

    /// Appends the leaves below `node`, whose ancestors test the positions in `path`.
    fn flatten(&mut self, node: &Node, order: &Order, plan: &Plan, path: &mut Vec<Position>) {
        match node {
            Node::Test { aspect, children } => {
                path.push(order.position(*aspect));
                children
                    .iter()
                    .for_each(|c| self.flatten(c, order, plan, path));
                path.pop();
            }
            Node::Place { embedding, next } => {
                let layout = &plan.layout;
                let mut mask = vec![0; self.words];
                let start = self.bags.len() as u32;
                for &p in path.iter() {
                    let word = layout.word(p);
                    match layout.is_bag(p) {
                        true => self.bags.push(BagTake {
                            word: word as u32,
                            bit: layout.bit(p),
                            mask: layout.mask(p),
                        }),
                        false => mask[word] |= layout.bit(p),
                    }
                }
                self.masks.extend_from_slice(&mask);
                self.leaves.push(Leaf {
                    embedding: embedding.0,
                    next: match next {
                        Next::At(p) => p.0,
                        Next::Caller => CALLER,
                    },
                    bags: (start, self.bags.len() as u32),
                });
            }
        }
    }
}

impl WordBoard {
    /// `board` in the narrowest word it fits, with these borders of the embeddings.
    fn of(board: &BitBoard, borders: impl Iterator<Item = u128>) -> WordBoard {
        match board.fits_u64() {
            true => WordBoard::Narrow(Bits {
                offset: board.offset,
                steps: board.steps.iter().map(|&(s, f)| (s, f as u64)).collect(),
                cells: board.cells as u64,
                borders: borders.map(|b| b as u64).collect(),
            }),
            false => WordBoard::Wide(Bits {
                offset: board.offset,
                steps: board.steps.clone(),
                cells: board.cells,
                borders: borders.collect(),
            }),
        }
    }

    /// The dead ends of the free set `q` to cover first (the lowest of them next), as the
    /// board's bits.
    fn dead_ends(&self, q: &[u64]) -> u128 {
        let q = one_word(q);
        match self {
            WordBoard::Narrow(b) => u128::from(fixed(&b.steps, |steps| {
                board_dead_ends(steps, b.cells, (q >> b.offset) as u64)
            })),
            WordBoard::Wide(b) => fixed(&b.steps, |steps| {
                board_dead_ends(steps, b.cells, q >> b.offset)
            }),
        }
    }

    /// The free cells of `q` (one word) with at most three free neighbours, as the board's
    /// bits.
    fn hemmed_in(&self, q: u128) -> [u128; 2] {
        match self {
            WordBoard::Narrow(b) => {
                board_hemmed_in(&b.steps, b.cells, (q >> b.offset) as u64).map(u128::from)
            }
            WordBoard::Wide(b) => board_hemmed_in(&b.steps, b.cells, q >> b.offset),
        }
    }

    /// The free cells of `q` (one word), as the board's bits.
    fn free(&self, q: u128) -> u128 {
        match self {
            WordBoard::Narrow(b) => u128::from((q >> b.offset) as u64 & b.cells),
            WordBoard::Wide(b) => q >> b.offset & b.cells,
        }
    }
}

/// `f` of a board's steps, as a slice of a length known where `f` is compiled for the common
/// boards (one step per axis of a box, and a few more for holes), so that the checks' loops
/// over the steps unroll as they do in the emitted code, whose steps are constants.
#[inline(always)]
fn fixed<T: Copy, R>(steps: &[(u32, T)], f: impl Fn(&[(u32, T)]) -> R) -> R {
    match steps.len() {
        1 => f(<&[(u32, T); 1]>::try_from(steps).expect("one step")),
        2 => f(<&[(u32, T); 2]>::try_from(steps).expect("two steps")),
        3 => f(<&[(u32, T); 3]>::try_from(steps).expect("three steps")),
        4 => f(<&[(u32, T); 4]>::try_from(steps).expect("four steps")),
        _ => f(steps),
    }
}

/// A free set of one or two words as one integer.
fn one_word(q: &[u64]) -> u128 {
    u128::from(q[0]) | u128::from(q.get(1).copied().unwrap_or(0)) << 64
}

/// The leaves below `node`.
fn leaves(node: &Node) -> usize {
    match node {
        Node::Test { children, .. } => children.iter().map(leaves).sum(),
        Node::Place { .. } => 1,
    }
}

/// Searches with a program laid out by [`Walkable::new`] as `plan` says, from `start`.
pub fn run(
    walkable: &Walkable,
    plan: &Plan,
    start: Start<'_>,
    sink: &mut impl Sink,
) -> ControlFlow<()> {
    // The common widths of `q` get a walk whose mask tests unroll.
    match walkable.words {
        1 => run_with::<1>(walkable, plan, start, sink),
        2 => run_with::<2>(walkable, plan, start, sink),
        3 => run_with::<3>(walkable, plan, start, sink),
        4 => run_with::<4>(walkable, plan, start, sink),
        _ => run_with::<0>(walkable, plan, start, sink),
    }
}

/// [`run`] with `q` of `W` words (0: of `walkable.words`).
fn run_with<const W: usize>(
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
    let mut walker = Walker::<W> {
        walkable,
        plan,
        q,
        keys: vec![Vec::with_capacity(key_words); depths],
        depth: 0,
        scratch: (vec![0; words], vec![0; words]),
    };
    walker.node(next, sink)
}

struct Walker<'p, const W: usize> {
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

impl<const W: usize> Walker<'_, W> {
    /// The words of `q`: a constant where the walk was made for one width.
    #[inline(always)]
    fn words(&self) -> usize {
        match W {
            0 => self.walkable.words,
            _ => W,
        }
    }

    /// The search from a state a placement made (or the root, or a unit), going on at the
    /// procedure at `next`: what the first rule of the plan's choice finds, else the
    /// procedure.
    fn node(&mut self, next: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        self.node_with(next, None, sink)
    }

    /// [`Walker::node`] with the dead ends of `q` (as the board's bits) where the hole test
    /// found them on its way.
    fn node_with(
        &mut self,
        next: u32,
        ends: Option<u128>,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let walkable = self.walkable;
        for rule in &walkable.choice {
            match rule {
                Chooser::DeadEnds(board, trees) => {
                    let ends = ends.unwrap_or_else(|| board.dead_ends(&self.q));
                    if ends != 0 {
                        let bit = ends.trailing_zeros();
                        return self.tree(trees[bit as usize], next, sink);
                    }
                }
                Chooser::FewestFits(board, fits) if next >= fits.from.0 => {
                    let q = one_word(&self.q);
                    let free = board.free(q);
                    if free.count_ones() > fits.above {
                        return self.fewest_fits(fits, board, free, q, next, sink);
                    }
                }
                Chooser::FewestFits(..) => {}
            }
        }
        self.solve(next, sink)
    }

    /// Covers the free cell that the fewest placements fit (`free`: the free cells on the
    /// board, `q`: the free set as one word), going on at the procedure at `next`.
    fn fewest_fits(
        &mut self,
        plan: &FewestFits,
        board: &WordBoard,
        free: u128,
        q: u128,
        next: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let fits = Fits {
            cells: &plan.cells,
            runs: &plan.runs,
            embeddings: &plan.embeddings,
            board: &plan.takes,
        };
        let Some(bit) = (match board.hemmed_in(q) {
            [0, 0] => fits.fewest(free, q),
            hemmed => fits.fewest_of(hemmed, free, q),
        }) else {
            return ControlFlow::Continue(());
        };
        for e in fits.fitting(bit, free, q) {
            let mask = plan.masks[e as usize];
            let words = [mask as u64, (mask >> 64) as u64];
            let n = self.words();
            self.take(&words[..n], &[]);
            let flow = self.place(e, next, sink);
            self.give_back(&words[..n], &[]);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// `Solve` for the procedure at `position`; the sentinel past the last one.
    fn solve(&mut self, mut position: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        // A covered aspect passes `q` on to the next procedure: the first free one is found at
        // once, as the owner of the lowest bit of `q` from `position`'s on.
        position = self.first_free(position);
        let Some(&entry) = self.walkable.procedures.get(position as usize) else {
            if !self.plan.quotas_met(&self.q) {
                return ControlFlow::Continue(());
            }
            reach(sink);
            return sink.solution();
        };
        let tree = match entry.body {
            EntryBody::Require => return ControlFlow::Continue(()),
            EntryBody::Pass => return self.solve(position + 1, sink),
            EntryBody::Place(tree) => tree,
        };
        // Where the placements are looked up, they are found first, and the search goes no
        // further when none fits: before the cache's memory is read.
        let mut fit = [0; MAX_SET_WORDS];
        let found = match tree {
            Tree::Lookup(i) => {
                let lookup = &self.walkable.lookups[i as usize];
                let fit = &mut fit[..lookup.words as usize];
                self.find(lookup, fit);
                fit.iter().any(|&w| w != 0).then_some(lookup)
            }
            Tree::Ops { .. } => None,
        };
        if found.is_none() && matches!(tree, Tree::Lookup(_)) {
            return match entry.optional {
                true => self.solve(position + 1, sink),
                false => ControlFlow::Continue(()),
            };
        }
        let body = |walker: &mut Self, sink: &mut _| {
            match found {
                Some(lookup) => walker.fitting(lookup, &fit, position, sink)?,
                None => walker.tree(tree, position, sink)?,
            }
            // An optional aspect may also stay uncovered.
            match entry.optional {
                true => walker.solve(position + 1, sink),
                false => ControlFlow::Continue(()),
            }
        };
        match self.plan.cache.filter(|c| position >= c.from.0) {
            Some(cache) => {
                let mut key = std::mem::take(&mut self.keys[self.depth]);
                self.plan.layout.key_of(cache.key, &self.q, &mut key);
                let flow = remembered(self.plan.fingerprint, &key, sink, |sink| body(self, sink));
                self.keys[self.depth] = key;
                flow
            }
            None => body(self, sink),
        }
    }

    /// The position of the first procedure from `position` on whose aspect is free, or the
    /// sentinel's.
    #[inline(always)]
    fn first_free(&self, position: u32) -> u32 {
        let walkable = self.walkable;
        let n = self.words();
        let Some(&offset) = walkable.offsets.get(position as usize) else {
            return position;
        };
        let mut w = offset as usize / 64;
        // A procedure past the last bit `q` uses is the sentinel's.
        if w >= n {
            return walkable.procedures.len() as u32;
        }
        let mut word = self.q[w] & walkable.fields[w] & (u64::MAX << (offset % 64));
        while word == 0 {
            w += 1;
            if w == n {
                return walkable.procedures.len() as u32;
            }
            word = self.q[w] & walkable.fields[w];
        }
        walkable.owners[w * 64 + word.trailing_zeros() as usize]
    }

    /// The placements of a tree that fit, run by the procedure at `caller`.
    fn tree(&mut self, tree: Tree, caller: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        match tree {
            Tree::Ops { start, end } => self.walk(start as usize, end as usize, caller, sink),
            Tree::Lookup(i) => {
                let lookup = &self.walkable.lookups[i as usize];
                let mut fit = [0; MAX_SET_WORDS];
                self.find(lookup, &mut fit[..lookup.words as usize]);
                self.fitting(lookup, &fit, caller, sink)
            }
        }
    }

    /// The leaves of a lookup that fit `q`, as a set.
    #[inline(always)]
    fn find(&self, lookup: &Lookup, fit: &mut [u64]) {
        let walkable = self.walkable;
        let all = lookup.all as usize;
        let (start, end) = lookup.nibbles;
        let nibbles = &walkable.nibbles[start as usize..end as usize];
        let value =
            |nibble: &Nibble| ((self.q[nibble.word as usize] >> nibble.shift) & 15) as usize;
        // Most trees have 64 leaves or fewer: one word, in a register.
        if let [word] = fit {
            *word = nibbles.iter().fold(walkable.sets[all], |fit, nibble| {
                fit & walkable.sets[nibble.sets as usize + value(nibble)]
            });
            return;
        }
        let words = fit.len();
        fit.copy_from_slice(&walkable.sets[all..all + words]);
        for nibble in nibbles {
            let at = nibble.sets as usize + value(nibble) * words;
            let allows = &walkable.sets[at..at + words];
            fit.iter_mut().zip(allows).for_each(|(f, a)| *f &= a);
        }
    }

    /// The leaves of a lookup in the set `fit`, placed in turn by the procedure at `caller`.
    fn fitting(
        &mut self,
        lookup: &Lookup,
        fit: &[u64; MAX_SET_WORDS],
        caller: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        for (w, &word) in fit[..lookup.words as usize].iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let i = lookup.first as usize + w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.leaf(i, caller, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The steps `ops[start..end]` of a tree, run by the procedure at `caller`.
    fn walk(
        &mut self,
        start: usize,
        end: usize,
        caller: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let ops = &self.walkable.ops;
        let mut at = start;
        while at < end {
            match ops[at] {
                Op::Test { word, mask, end } => match self.q[word as usize] & mask {
                    0 => at = end as usize,
                    _ => at += 1,
                },
                Op::Scan { start, end } => {
                    self.leaves(start as usize, end as usize, caller, sink)?;
                    at += 1;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The leaves `start..end`, one after another: each whose aspects are all free is placed.
    fn leaves(
        &mut self,
        start: usize,
        end: usize,
        caller: u32,
        sink: &mut impl Sink,
    ) -> ControlFlow<()> {
        let mut at = start;
        while let Some(i) = self.next_fit(at, end) {
            at = i + 1;
            self.leaf(i, caller, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// Leaf `i`, whose bits of `q` are free, placed by the procedure at `caller` where its
    /// bags have copies left.
    #[inline(always)]
    fn leaf(&mut self, i: usize, caller: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        let n = self.words();
        let walkable = self.walkable;
        let leaf = walkable.leaves[i];
        let mask = &walkable.masks[i * n..(i + 1) * n];
        let bags = &walkable.bags[leaf.bags.0 as usize..leaf.bags.1 as usize];
        if bags.iter().any(|b| self.q[b.word as usize] & b.mask == 0) {
            return ControlFlow::Continue(());
        }
        self.take(mask, bags);
        let next = match leaf.next {
            CALLER => caller,
            next => next,
        };
        let flow = self.place(leaf.embedding, next, sink);
        self.give_back(mask, bags);
        flow
    }

    /// The first leaf of `from..end` whose bits of `q` are all free: the walk's inner loop,
    /// a scan of masks against a `q` that does not change while it runs.
    #[inline(always)]
    fn next_fit(&self, from: usize, end: usize) -> Option<usize> {
        let n = self.words();
        let q = &self.q[..n];
        let masks = &self.walkable.masks[from * n..end * n];
        let found = masks
            .chunks_exact(n)
            .position(|mask| mask.iter().zip(q).all(|(m, q)| m & !q == 0));
        found.map(|i| from + i)
    }

    /// Takes a leaf's aspects from `q`.
    #[inline(always)]
    fn take(&mut self, mask: &[u64], bags: &[BagTake]) {
        let n = self.words();
        self.q[..n].iter_mut().zip(mask).for_each(|(q, m)| *q ^= m);
        bags.iter().for_each(|b| self.q[b.word as usize] -= b.bit);
    }

    /// Gives a leaf's aspects back to `q`.
    #[inline(always)]
    fn give_back(&mut self, mask: &[u64], bags: &[BagTake]) {
        let n = self.words();
        self.q[..n].iter_mut().zip(mask).for_each(|(q, m)| *q ^= m);
        bags.iter().for_each(|b| self.q[b.word as usize] += b.bit);
    }
    /// Places an embedding whose aspects are all held, and goes on with procedure `next`.
    fn place(&mut self, embedding: u32, next: u32, sink: &mut impl Sink) -> ControlFlow<()> {
        let ends = match self.check(embedding) {
            Checked::Refused => {
                sink.pruned();
                return ControlFlow::Continue(());
            }
            Checked::Passed => None,
            Checked::Ends(ends) => Some(ends),
        };
        sink.place(embedding);
        self.depth += 1;
        let flow = match sink.cut() {
            true => sink.unit(&self.q, next),
            false => self.node_with(next, ends, sink),
        };
        self.depth -= 1;
        sink.unplace();
        flow
    }

    /// What the plan's check finds of the state `embedding` has just made.
    fn check(&mut self, e: u32) -> Checked {
        let (check, holes) = match &self.plan.prune {
            Prune::Off => return Checked::Passed,
            Prune::Holes { check, .. } => (check, true),
            Prune::Regions(check) => (check, false),
        };
        // The board's cells lie within 128 bits of `q` from its offset.
        let q = one_word(&self.q);
        let fused = self.plan.fuses_dead_ends();
        let refused = match &self.walkable.board {
            Some(WordBoard::Narrow(b)) if fused => {
                return b.holes_or_dead_ends((q >> b.offset) as u64, e, &self.plan.prune)
            }
            Some(WordBoard::Wide(b)) if fused => {
                return b.holes_or_dead_ends(q >> b.offset, e, &self.plan.prune)
            }
            Some(WordBoard::Narrow(b)) => b.refuses((q >> b.offset) as u64, e, &self.plan.prune),
            Some(WordBoard::Wide(b)) => b.refuses(q >> b.offset, e, &self.plan.prune),
            None => match holes {
                true => check.regions.leaves_hole(&self.q, e),
                false => {
                    let (counted, region) = &mut self.scratch;
                    counted.fill(0);
                    !check.regions.allows_with(&self.q, e, counted, region)
                }
            },
        };
        match refused {
            true => Checked::Refused,
            false => Checked::Passed,
        }
    }
}

/// What the pruning check found after a placement.
enum Checked {
    /// The state it made cannot be completed.
    Refused,
    /// It may be.
    Passed,
    /// It may be, and these are its dead ends, as the board's bits.
    Ends(u128),
}

impl<T: BoardWord + Into<u128>> Bits<T> {
    /// The hole test and the dead ends at once, where they are on the same board.
    #[inline(always)]
    fn holes_or_dead_ends(&self, free: T, e: u32, prune: &Prune) -> Checked {
        let border = self.borders[e as usize];
        let found = fixed(&self.steps, |steps| {
            board_holes_or_dead_ends(steps, self.cells, free, border, prune.pairs())
        });
        match found {
            None => Checked::Refused,
            Some(ends) => Checked::Ends(ends.into()),
        }
    }

    /// Whether the check refuses the free cells `free` (the board's bits of `q`) left by
    /// embedding `e`: a hole, or with `holes` false, a region that cannot be filled.
    #[inline(always)]
    fn refuses(&self, free: T, e: u32, prune: &Prune) -> bool {
        let border = self.borders[e as usize];
        match prune {
            Prune::Holes { pairs, .. } => fixed(&self.steps, |steps| {
                board_holes(steps, self.cells, free, border, *pairs)
            }),
            Prune::Off => false,
            Prune::Regions(check) => {
                let regions = &check.regions;
                let limits = [regions.smallest, regions.divisor, regions.cap];
                !board_allows(&self.steps, self.cells, limits, free, border)
            }
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
        let tuning = crate::Tuning::default();
        let walkable = super::Walkable::new(
            p.program(),
            p.order(),
            p.plan(),
            p.info().embeddings,
            &tuning,
        );
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
