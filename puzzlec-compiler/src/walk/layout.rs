//! A program laid out for walking: each procedure's tree as lookups or as tests and scans of
//! masks, the leaves with their masks and bags, and the plan's choice with its boards.

use crate::masks::SparseMasks;
use crate::order::{Order, Position};
use crate::plan::{Check, FitsTables, Layout, Plan, Pruning, Search};
use crate::program::{Body, Next, Node, Program};
use crate::tuning::Tuning;

use super::walk_board::{one_word, WalkBoard};

/// A program laid out for walking, built once per puzzle: each procedure's aspect as a word of
/// `q` and its bits, each procedure's placements in the order its tree reaches them, each with
/// the mask of the bits it takes from `q` and the bags it takes a copy from, and each
/// placement's border on the bit board.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Walkable {
    /// Words of `q`.
    pub(super) words: usize,
    /// Each procedure's lowest bit in `q`, and one more entry: the bits `q` uses.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub(super) offsets: Vec<u32>,
    /// The procedure whose aspect holds each bit of `q` (its bit, or a bit of its bag's
    /// field), by bit: the first free aspect from a position on is the owner of the lowest
    /// bit of `q` from that position's offset on, among the bits of `fields`. Kept by bit
    /// rather than by position: the walk goes from the bit to the procedure in one load.
    pub(super) owners: Vec<Entry>,
    /// The bits of `q` that fields take, by word (`q` holds others set, which no procedure
    /// reads).
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub(super) fields: Vec<u64>,
    /// The trees that are scanned, their large subtrees kept as tests, their small ones as
    /// runs of leaves.
    pub(super) ops: Vec<Op>,
    /// The fields of `q` the lookups read, each lookup's `reads` apiece.
    pub(super) reads: Vec<Read>,
    /// The lookups' sets of leaves: each lookup's whole set, then, for each field it reads,
    /// the leaves each of the field's values allows, `words` words apiece.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub(super) sets: Vec<u64>,
    /// Each leaf's bits of `q` (the aspects it covers that are not bags).
    pub(super) masks: LeafMasks,
    pub(super) leaves: Vec<Leaf>,
    /// The bags of the leaves that take from one: `bags[leaf.bags.0..leaf.bags.1]`.
    pub(super) bags: Vec<BagTake>,
    /// The plan's bit board, if its check runs on one.
    pub(super) board: Option<WalkBoard>,
    /// The plan's choice, a rule at a time, in its order.
    pub(super) choice: Vec<Chooser>,
    /// Subtrees with fewer leaves than this are scanned, not walked
    /// ([`Tuning::scan_below`]).
    pub(super) scan_below: usize,
    /// Trees with this many leaves or more are looked up ([`Tuning::lookup_from`]).
    pub(super) lookup_from: usize,
}

/// The widest `q`, in words, that the walk is made for width by width, its tests of a leaf's
/// mask unrolled (`walk::run`); each leaf's mask is kept whole there, and sparse past it.
pub(super) const WIDEST_UNROLLED: usize = 4;

/// Each leaf's bits of `q` (the aspects it covers that are not bags), in the order of the
/// leaves.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) enum LeafMasks {
    /// `words` words apiece, where `q` has at most [`WIDEST_UNROLLED`]: tested whole.
    Whole(#[cfg_attr(feature = "serde", serde(with = "crate::words"))] Vec<u64>),
    /// Each leaf's words that are not zero, where `q` is wider: a placement in a large box
    /// takes a bit or two of a thousand words, and whole masks would be gigabytes to lay out
    /// and a thousand words to test per leaf.
    Sparse(SparseMasks),
}

impl LeafMasks {
    /// No masks, for a `q` of `words` words.
    fn for_words(words: usize) -> LeafMasks {
        match words <= WIDEST_UNROLLED {
            true => LeafMasks::Whole(Vec::new()),
            false => LeafMasks::Sparse(SparseMasks::default()),
        }
    }

    /// Appends a leaf's mask, of the bits given as `(word, bit)`s, in a `q` of `words` words.
    fn push(&mut self, bits: &mut [(u32, u64)], words: usize) {
        match self {
            LeafMasks::Whole(masks) => {
                let base = masks.len();
                masks.resize(base + words, 0);
                for &(w, bit) in bits.iter() {
                    masks[base + w as usize] |= bit;
                }
            }
            LeafMasks::Sparse(masks) => masks.push(bits),
        }
    }

    /// Word `word` of leaf `i`'s mask, in a `q` of `words` words.
    pub(super) fn word(&self, i: usize, word: usize, words: usize) -> u64 {
        match self {
            LeafMasks::Whole(masks) => masks[i * words + word],
            LeafMasks::Sparse(masks) => masks.word(i, word),
        }
    }

    /// The first two words of leaf `i`'s mask as one, in a `q` of `words` words.
    fn low(&self, i: usize, words: usize) -> u128 {
        match self {
            LeafMasks::Whole(masks) => one_word(&masks[i * words..(i + 1) * words]),
            LeafMasks::Sparse(masks) => {
                u128::from(masks.word(i, 0)) | u128::from(masks.word(i, 1)) << 64
            }
        }
    }

    /// The words some leaf of `leaves` takes bits of, in order, each with the bits they take
    /// of it, in a `q` of `words` words.
    fn taken(&self, leaves: std::ops::Range<usize>, words: usize) -> Vec<(usize, u64)> {
        let mut taken: Vec<(usize, u64)> = match self {
            LeafMasks::Whole(masks) => (0..words)
                .map(|w| (w, leaves.clone().fold(0, |u, i| u | masks[i * words + w])))
                .collect(),
            LeafMasks::Sparse(masks) => {
                let mut all: Vec<(usize, u64)> = (leaves.flat_map(|i| masks.of(i)))
                    .map(|&(w, m)| (w as usize, m))
                    .collect();
                all.sort_unstable_by_key(|&(w, _)| w);
                all.dedup_by(|(w, m), (kept, bits)| {
                    let same = w == kept;
                    if same {
                        *bits |= *m;
                    }
                    same
                });
                all
            }
        };
        taken.retain(|&(_, bits)| bits != 0);
        taken
    }
}

/// A tree of the program, as the walk finds its placements.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) enum Tree {
    /// Its steps, `ops[start..end]`.
    Ops { start: u32, end: u32 },
    /// Its placements found by lookup (kept in the tree: one load fewer on the way from a
    /// procedure to its placements).
    Lookup(Lookup),
}

/// A tree's placements found by lookup: the leaves `first..` as the bits of a set of `words`
/// words, those that fit found by `and`ing, for each field of `q` some leaf needs, the set the
/// field's value allows.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) struct Lookup {
    pub(super) first: u32,
    pub(super) words: u32,
    /// Where its whole set starts in `sets`.
    pub(super) all: u32,
    /// Its fields, `reads[start..end]`.
    pub(super) reads: (u32, u32),
}

/// A field of `q` a lookup reads (a byte or a nibble), and where the sets of leaves its values
/// allow start in `sets` (a set of the lookup's words per value).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) struct Read {
    pub(super) word: u32,
    pub(super) shift: u8,
    /// The field's values as a mask: 255 for a byte, 15 for a nibble. Bytes and nibbles are
    /// read by one loop, whose end is one branch to predict rather than two.
    pub(super) values: u8,
    pub(super) sets: u32,
}

/// The most words of a set of leaves a lookup keeps on the stack: trees with more leaves are
/// scanned.
pub(super) const MAX_SET_WORDS: usize = 16;

/// A rule of the plan's choice, laid out for walking.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) enum Chooser {
    /// The board of the dead ends, and each cell's tree by its bit.
    DeadEnds(WalkBoard, Vec<Tree>),
    /// The cell with the fewest fits: its board and tables.
    FewestFits(WalkBoard, FitsTables),
}

/// One procedure.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) struct Entry {
    pub(super) position: u32,
    pub(super) optional: bool,
    pub(super) body: EntryBody,
}

#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) enum EntryBody {
    Require,
    Pass,
    /// Its tree.
    Place(Tree),
}

/// A step of a procedure's tree.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) enum Op {
    /// The test of a subtree with many leaves: unless `q[word] & mask` (the aspect) is free,
    /// the walk goes on at `ops[end]`. Its leaves test the aspect again.
    Test { word: u32, mask: u64, end: u32 },
    /// The leaves `leaves[start..end]`, scanned.
    Scan { start: u32, end: u32 },
}

/// A leaf's `next` in a dead end's tree: the procedure that found the dead end.
pub(super) const CALLER: u32 = u32::MAX;

/// One placement of a procedure's tree.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) struct Leaf {
    pub(super) embedding: u32,
    /// The procedure to go on with, or [`CALLER`].
    pub(super) next: u32,
    /// Its bags, as a range of [`Walkable::bags`] (empty for most).
    pub(super) bags: (u32, u32),
}

/// A copy taken from a bag: held while `q[word] & mask` is not zero, taken by subtracting
/// `bit`.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(super) struct BagTake {
    pub(super) word: u32,
    pub(super) bit: u64,
    pub(super) mask: u64,
}

impl Walkable {
    /// Lays out `program` (of a puzzle with `embeddings` embeddings) as `plan` says. The
    /// search by the fewest embeddings runs from the plan's tables (`walk::run`) and has no
    /// program: nothing is laid out for it.
    pub fn new(
        program: Option<&Program>,
        order: &Order,
        plan: &Plan,
        embeddings: usize,
        tuning: &Tuning,
    ) -> Walkable {
        let layout = &plan.layout;
        let mut walkable = Walkable {
            words: layout.words(),
            offsets: Vec::new(),
            owners: Vec::new(),
            fields: Vec::new(),
            ops: Vec::new(),
            reads: Vec::new(),
            sets: Vec::new(),
            masks: LeafMasks::for_words(layout.words()),
            leaves: Vec::new(),
            bags: Vec::new(),
            board: None,
            choice: Vec::new(),
            scan_below: tuning.scan_below,
            lookup_from: tuning.lookup_from,
        };
        let (Search::Scan(scan), Some(program)) = (&plan.search, program) else {
            return walkable;
        };
        walkable.offsets = Vec::with_capacity(program.procedures().len() + 1);
        // The bits no field takes are never read.
        let unowned = Entry {
            position: u32::MAX,
            optional: false,
            body: EntryBody::Require,
        };
        walkable.owners = vec![unowned; 64 * layout.words()];
        walkable.fields = vec![0; layout.words()];
        for (i, procedure) in program.procedures().iter().enumerate() {
            let p = Position(i as u32);
            let body = match &procedure.body {
                Body::Require => EntryBody::Require,
                Body::Pass => EntryBody::Pass,
                Body::Place(roots) => {
                    // Every placement covers the procedure's aspect, which it finds free.
                    let own = (layout.word(p), layout.mask(p));
                    EntryBody::Place(walkable.tree(roots, order, layout, Some(own)))
                }
            };
            let entry = Entry {
                position: i as u32,
                optional: procedure.optional,
                body,
            };
            let field = layout.fields[i];
            walkable.offsets.push(field.offset);
            let width = field.bag.map_or(1, |b| b.width);
            for bit in field.offset..field.offset + width {
                walkable.owners[bit as usize] = entry;
                walkable.fields[bit as usize / 64] |= 1 << (bit % 64);
            }
        }
        walkable.offsets.push(layout.used);
        if let Some(board) = &scan.dead_ends {
            let mut trees = vec![Tree::Ops { start: 0, end: 0 }; 128];
            for dead_end in program.dead_ends() {
                let bit = order.position(dead_end.cell).0 - board.offset;
                trees[bit as usize] = walkable.tree(&dead_end.roots, order, layout, None);
            }
            let chooser = Chooser::DeadEnds(WalkBoard::of(board, std::iter::empty()), trees);
            walkable.choice.push(chooser);
        }
        if let Some(fits) = &scan.fewest_fits {
            let board = WalkBoard::of(&fits.board, std::iter::empty());
            walkable
                .choice
                .push(Chooser::FewestFits(board, fits.clone()));
        }
        if let Some(Check {
            regions,
            board: Some(board),
        }) = scan.pruning.check()
        {
            let borders =
                (0..embeddings as u32).map(|e| board.mask(regions.border(e).iter().copied()));
            let mut word_board = WalkBoard::of(board, borders);
            // Where the hole test runs after each placement, the lookups check every leaf that
            // fits from one count of the free neighbours (`board_holes_placed`: the same
            // refusals), for a few loads each: in a walk a count per placement costs more than
            // the shifts the emitted code saves with its constant steps.
            let holes = matches!(scan.pruning, Pruning::Holes { .. });
            if holes && !scan.fuses_dead_ends() {
                let n = walkable.words;
                let reaches: Vec<Vec<u128>> = (0..walkable.leaves.len())
                    .map(|i| walkable.masks.low(i, n) >> board.offset & board.cells)
                    .map(|cells| board.reach(cells))
                    .collect();
                let width = reaches.iter().map(Vec::len).max().unwrap_or(1);
                let reach: Vec<u128> = (reaches.iter())
                    .flat_map(|r| (0..width).map(|k| r.get(k).copied().unwrap_or(0)))
                    .collect();
                word_board.count_with(&reach, width);
            }
            walkable.board = Some(word_board);
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
        layout: &Layout,
        own: Option<(usize, u64)>,
    ) -> Tree {
        let count: usize = roots.iter().map(leaves).sum();
        let words = count.div_ceil(64);
        if count == 0 || count < self.lookup_from || words > MAX_SET_WORDS {
            let start = self.ops.len() as u32;
            let (mut path, mut scan) = (Vec::new(), None);
            for root in roots {
                self.lay_out(root, order, layout, &mut path, &mut scan);
            }
            return Tree::Ops {
                start,
                end: self.ops.len() as u32,
            };
        }
        let first = self.leaves.len();
        let mut path = Vec::new();
        for root in roots {
            self.flatten(root, order, layout, &mut path);
        }
        let n = self.words;
        // The whole set: every leaf. The tables below are written in place, a few thousand
        // sets for a large tree, with no set made apiece.
        let all = self.sets.len() as u32;
        let leaves = self.leaves.len() - first;
        self.sets
            .extend((0..words).map(|w| match (leaves - 64 * w).min(64) {
                64 => u64::MAX,
                k => (1 << k) - 1,
            }));
        // Where the set is one word, two nibbles side by side that leaves need are read as
        // a byte: a table of 256 sets for one read instead of two.
        let (mut bytes, mut nibbles) = (Vec::new(), Vec::new());
        for (word, taken) in self.masks.taken(first..first + leaves, n) {
            let known = own.filter(|&(w, _)| w == word).map_or(0, |(_, bits)| bits);
            let needed = taken & !known;
            let mut shift = 0;
            while shift < 64 {
                let byte = needed >> shift & 0xff;
                if words == 1 && shift <= 56 && byte & 15 != 0 && byte >> 4 != 0 {
                    bytes.push((word, shift, known));
                    shift += 8;
                } else {
                    if byte & 15 != 0 {
                        nibbles.push((word, shift, known));
                    }
                    shift += 4;
                }
            }
        }
        let start = self.reads.len() as u32;
        for (width, fields) in [(8, bytes), (4, nibbles)] {
            let values: u64 = 1 << width;
            for (word, shift, known) in fields {
                let at = self.sets.len() as u32;
                // The leaves each value of the field allows: those whose bits of it that are
                // not known free it holds. Each leaf is set under its own bits, then each
                // value takes in the sets of the values one bit less (a sum over subsets): a
                // pass per bit of the field, where a pass per value over every leaf cost most
                // of a compile with many leaves.
                let base = self.sets.len();
                let sets = values as usize * words;
                self.sets.resize(base + sets, 0);
                let table = &mut self.sets[base..];
                for i in 0..leaves {
                    let m = self.masks.word(first + i, word, n);
                    let need = ((m & !known) >> shift & (values - 1)) as usize;
                    table[need * words + i / 64] |= 1 << (i % 64);
                }
                for bit in 0..width {
                    for value in (0..values as usize).filter(|v| v >> bit & 1 == 1) {
                        let less = (value ^ 1 << bit) * words;
                        for w in 0..words {
                            table[value * words + w] |= table[less + w];
                        }
                    }
                }
                self.reads.push(Read {
                    word: word as u32,
                    shift: shift as u8,
                    values: (values - 1) as u8,
                    sets: at,
                });
            }
        }
        Tree::Lookup(Lookup {
            first: first as u32,
            words: words as u32,
            all,
            reads: (start, self.reads.len() as u32),
        })
    }

    /// Appends the steps of `node`, whose ancestors test the positions in `path`. `scan` is
    /// the scan that leaves laid out next may join: the last step, unless a test ended since.
    fn lay_out(
        &mut self,
        node: &Node,
        order: &Order,
        layout: &Layout,
        path: &mut Vec<Position>,
        scan: &mut Option<usize>,
    ) {
        match node {
            Node::Test { aspect, children } if leaves(node) >= self.scan_below => {
                let p = order.position(*aspect);
                let at = self.ops.len();
                self.ops.push(Op::Test {
                    word: layout.word(p) as u32,
                    mask: layout.mask(p),
                    end: 0,
                });
                path.push(p);
                *scan = None;
                for child in children {
                    self.lay_out(child, order, layout, path, scan);
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
                self.flatten(node, order, layout, path);
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
    fn flatten(&mut self, node: &Node, order: &Order, layout: &Layout, path: &mut Vec<Position>) {
        match node {
            Node::Test { aspect, children } => {
                path.push(order.position(*aspect));
                children
                    .iter()
                    .for_each(|c| self.flatten(c, order, layout, path));
                path.pop();
            }
            Node::Place { embedding, next } => {
                let mut bits = Vec::with_capacity(path.len());
                let start = self.bags.len() as u32;
                for &p in path.iter() {
                    let word = layout.word(p);
                    match layout.is_bag(p) {
                        true => self.bags.push(BagTake {
                            word: word as u32,
                            bit: layout.bit(p),
                            mask: layout.mask(p),
                        }),
                        false => bits.push((word as u32, layout.bit(p))),
                    }
                }
                self.masks.push(&mut bits, self.words);
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

/// The leaves below `node`.
fn leaves(node: &Node) -> usize {
    match node {
        Node::Test { children, .. } => children.iter().map(leaves).sum(),
        Node::Place { .. } => 1,
    }
}
