//! The plan: everything decided about how a program runs, decided once, here. The layout of
//! the free set, what is pruned after each placement and on which board, whether a count keeps
//! a failure cache and how it keys it, and the fingerprint of the whole. The emitter prints the
//! plan, the walker follows it, and neither decides anything of its own.

mod cache;
mod decide;
mod fewest;
mod fits;
mod judge;
mod layout;
mod prune;

use std::fmt;

use puzzle_runtime::__private::Regions;
use puzzle_runtime::rules::{self, Rule};
use puzzle_runtime::symmetry::SymmetryCheck;
use puzzle_runtime::CacheInfo;

pub use cache::{bits_for, frontier};
pub use decide::Decision;
pub use fewest::{FewestEmbeddings, Unfit};
pub use fits::FewestFits;
pub use layout::{Bag, Field, Key, Layout, Repr};
pub(crate) use prune::REACH_MAX;
pub use prune::{regions, BitBoard};

use crate::choose::Chosen;
use crate::cover::{AspectId, Cover};
use crate::fingerprint::Fingerprint;
use crate::model::Model;
use crate::order::{Order, Position};
use crate::program::{Body, Next, Node, Program};
use crate::tuning::Tuning;
use crate::walk::Walkable;

/// Distinct neighbour distances a bit board may have: its checks unroll one step per distance
/// (a box without holes has one per axis).
pub const MAX_STEPS: usize = 8;

/// How a program runs.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Plan {
    /// Where each aspect lives in `q`.
    pub layout: Layout,
    /// What the search prunes after each placement.
    pub prune: Prune,
    /// The failure cache a count keeps, if it keeps one.
    pub cache: Option<Cache>,
    /// How the search chooses what to cover next: after each placement (and at the start),
    /// the first of these rules that finds an aspect covers it; where none does, the
    /// procedure the placement names (the order's scan) goes on.
    pub choice: Vec<Choice>,
    /// How the generated procedures find which of their placements fit, and check them.
    pub fitting: Fitting,
    /// What a solution must have taken from each bag that holds a range of copies (and must
    /// not be emptied), checked where the search reaches a solution: the search itself only
    /// keeps a bag from running out.
    pub quotas: Vec<Quota>,
    /// Whether a symmetry check keeps one solution of each class where restricting pieces
    /// alone does not.
    pub symmetry_check: bool,
    /// Each decision made, with the figures that made it, for people: not part of the
    /// fingerprint, which hashes what was decided. Not saved with a runnable puzzle, whose
    /// facts (`Info::plan`) hold them as text.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub decisions: Vec<Decision>,
    /// The fingerprint of the search: the rules it follows, the exact-cover problem, the
    /// order, the program, the symmetry check and the rest of this plan.
    pub fingerprint: u64,
}

/// How a generated procedure finds which of its placements fit. Either way they are placed
/// in the order of the procedure's tree, so the search, its units and its solutions are the
/// same; the walker keeps its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Fitting {
    /// The tree's nested tests, shared between placements, one branch each.
    Tests,
    /// All at once, by a table lookup per four bits of `q` that the placements need
    /// (`emit::lookup`), then each placement that fits, the pruning check, and on. The tests'
    /// branches are hard to predict, and this has a branch only per placement that fits. It
    /// needs `q` as one integer of plain bits (no bags) and the check, if any, on a bit board.
    /// A procedure with fewer than `from` placements keeps its tests, which are as fast there
    /// and smaller than tables ([`Tuning::lookup_from`]).
    Tables {
        /// The fewest placements a procedure finds by lookup.
        from: usize,
        /// How the lookups run the pruning check where they write it inline, judged by how
        /// often the check refuses at the start of the search. How the check is written, not
        /// what it decides, so not part of the fingerprint.
        checking: Checking,
    },
}

impl Fitting {
    /// Whether a procedure with this many placements finds them by lookup.
    pub fn looks_up(self, placements: usize) -> bool {
        matches!(self, Fitting::Tables { from, .. } if placements >= from)
    }

    /// How the lookups run the check ([`Checking::AsPlaced`] where nothing is looked up).
    pub fn checking(self) -> Checking {
        match self {
            Fitting::Tests => Checking::AsPlaced,
            Fitting::Tables { checking, .. } => checking,
        }
    }
}

/// How a procedure that finds its placements by lookup runs the pruning check on them, where
/// the check is written inline (not the dead ends' fused test). Either way the same
/// placements are refused and the rest placed in the same order; what differs is the branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Checking {
    /// Each placement checked as it comes, and placed at once if the check lets it: one
    /// branch on the outcome, well predicted where the check seldom refuses.
    AsPlaced,
    /// Every placement that fits checked before any is placed, the outcome clearing its bit
    /// of the fits: no branch on it, for a second pass over the fits. Pays where the check
    /// refuses often, and its branch would be mispredicted as often.
    First,
    /// As [`Checking::First`], the hole test made from one count of the free cells' free
    /// neighbours per procedure call and each placement's reach (`BitBoard::reach`): a few
    /// loads and logic operations per placement rather than a new count's shifts. Where the
    /// board has enough steps that their shifts cost more ([`Tuning::counts_from_steps`]).
    FromCounts,
}

impl Checking {
    /// The way to check where the check refuses this share of the placements it checks, on
    /// a bit board of `steps` steps, by the hole test or not.
    pub fn for_refused(share: f64, holes: bool, steps: usize, tuning: &Tuning) -> Checking {
        match share >= tuning.check_first_from {
            true if holes && steps >= tuning.counts_from_steps => Checking::FromCounts,
            true => Checking::First,
            false => Checking::AsPlaced,
        }
    }

    /// Whether every placement is checked before any is placed.
    pub fn first(self) -> bool {
        self != Checking::AsPlaced
    }
}

/// A bag of which a solution leaves at most `left` copies: its multiplicity less its least.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Quota {
    /// The bag's position.
    pub position: Position,
    /// The most copies a solution may leave in it.
    pub left: u32,
}

/// What the search prunes after each placement, with its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Prune {
    /// Nothing (also where nothing could be pruned: a piece of one cell fills any hole).
    Off,
    /// Holes: a free cell next to the placement walled in.
    Holes {
        /// The tables and the board.
        check: Check,
        /// Whether the test also refuses two free cells walled in together anywhere: where
        /// they are a hole ([`Regions::pairs_are_holes`]), the bit board is one `u64` and the
        /// search is not small ([`Tuning::heavy_checks_from`]), so that the few shifts more
        /// cost less than the placements they save (on a `u128` they cost more).
        pairs: bool,
    },
    /// Regions next to the placement that no pieces could fill.
    Regions(Check),
}

/// The tables of a pruning check, and the bit board it runs on where the cells fit one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Check {
    /// The neighbours of each cell and the border of each placement, by position.
    pub regions: Regions,
    /// The bit board, where `q` is one integer and the board has one.
    pub board: Option<BitBoard>,
}

impl Prune {
    /// The check and its tables, unless nothing is pruned.
    pub fn check(&self) -> Option<&Check> {
        match self {
            Prune::Off => None,
            Prune::Holes { check, .. } | Prune::Regions(check) => Some(check),
        }
    }

    /// The bit board the check runs on, if it runs on one.
    pub fn board(&self) -> Option<&BitBoard> {
        self.check().and_then(|c| c.board.as_ref())
    }

    /// Whether the hole test also refuses pairs.
    pub fn pairs(&self) -> bool {
        matches!(self, Prune::Holes { pairs: true, .. })
    }

    /// What is pruned, as the run time tells it.
    pub fn kind(&self) -> puzzle_runtime::Prune {
        match self {
            Prune::Off => puzzle_runtime::Prune::Off,
            Prune::Holes { .. } => puzzle_runtime::Prune::Holes,
            Prune::Regions(_) => puzzle_runtime::Prune::Regions,
        }
    }
}

/// A rule by which the search chooses what to cover next, before the procedure a placement
/// names. Each is tried after every placement and at the start, in the plan's order, and the
/// first that finds an aspect to cover covers it; each has its version in
/// `puzzle_runtime::rules`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Choice {
    /// A free cell with one free neighbour (a dead end), covered by its tree in the program:
    /// it can only be covered through that neighbour, so it has few placements, and a failure
    /// there is found at once.
    DeadEnds(DeadEnds),
    /// Near the top of the search, the free cell that the fewest placements fit. Only after
    /// [`Choice::DeadEnds`] found by the hole test (`fused`), which checks its placements.
    FewestFits(FewestFits),
    /// After every placement, the free required aspect that the fewest embeddings fit (the
    /// item with the fewest options, in Knuth's words): the whole search, in place of the
    /// program's procedures. For a puzzle without a box, whose listed order knows nothing of
    /// which aspects are forced.
    FewestEmbeddings(FewestEmbeddings),
}

impl Choice {
    /// The rule's version, which the fingerprint names.
    pub fn rule(&self) -> Rule {
        match self {
            Choice::DeadEnds(_) => rules::DEAD_ENDS,
            Choice::FewestFits(_) => rules::FEWEST_FITS,
            Choice::FewestEmbeddings(_) => rules::FEWEST_EMBEDDINGS,
        }
    }
}

/// The dead ends covered first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DeadEnds {
    /// The bit board on which they are found.
    pub board: BitBoard,
    /// Whether the hole test finds them on its way (it runs on the same board), rather than a
    /// look of their own after each placement.
    pub fused: bool,
}

/// The failure cache of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cache {
    /// The procedures from this position on consult the cache: the same free set comes back
    /// along several paths only after a few placements. In a search by the fewest
    /// embeddings, which has no positions, the nodes below this many placements.
    pub from: Position,
    /// How a free set becomes its key.
    pub key: Key,
    /// The words of a key.
    pub words: usize,
    /// The table has `2^bits` slots.
    pub bits: u32,
    /// Where it keeps the number of solutions below each free set (the counting memo), not
    /// only which hold none: the memo's table has `2^memo` slots instead. Not in the
    /// fingerprint: a memo changes neither the search tree nor what a unit counts.
    pub memo: Option<u32>,
}

impl Cache {
    /// What the run time needs to make the cache.
    pub fn info(&self) -> CacheInfo {
        CacheInfo {
            bits: self.memo.unwrap_or(self.bits),
            words: self.words,
            counts: self.memo.is_some(),
        }
    }
}

impl Plan {
    /// The dead ends covered first, where the plan covers them first.
    pub fn dead_ends(&self) -> Option<&DeadEnds> {
        self.choice.iter().find_map(|c| match c {
            Choice::DeadEnds(d) => Some(d),
            _ => None,
        })
    }

    /// Whether the hole test and the search for dead ends run as one, on the same bit board.
    pub fn fuses_dead_ends(&self) -> bool {
        self.dead_ends().is_some_and(|d| d.fused)
    }

    /// The choice of the cell with the fewest fits, where the plan makes it.
    pub fn fewest_fits(&self) -> Option<&FewestFits> {
        self.choice.iter().find_map(|c| match c {
            Choice::FewestFits(f) => Some(f),
            _ => None,
        })
    }

    /// The choice of the required aspect with the fewest embeddings, where the plan makes it
    /// (and so the search runs by it alone).
    pub fn fewest_embeddings(&self) -> Option<&FewestEmbeddings> {
        self.choice.iter().find_map(|c| match c {
            Choice::FewestEmbeddings(f) => Some(f),
            _ => None,
        })
    }

    /// The words of a work unit's state: the free set's, or where the search by the fewest
    /// embeddings has bags, its whole level.
    pub fn unit_words(&self) -> usize {
        self.fewest_embeddings()
            .map_or(self.layout.words(), FewestEmbeddings::unit_words)
    }

    /// Whether `q`, where the search has covered every aspect, is a solution: no bag holds
    /// more copies than a solution may leave.
    pub fn quotas_met(&self, q: &[u64]) -> bool {
        self.quotas
            .iter()
            .all(|quota| self.layout.copies_left(q, quota.position) <= quota.left)
    }

    /// The plan of a program: the model's options resolved against the puzzle. It completes
    /// the program first (the dead ends' trees, where dead ends are covered first), so that
    /// the program is final when the plan is made, and takes the fingerprint last, of the
    /// final program and plan.
    pub fn new(
        model: &Model,
        cover: &Cover,
        chosen: &Chosen,
        program: &mut Program,
        symmetry_check: Option<&SymmetryCheck>,
        tuning: &Tuning,
    ) -> Plan {
        let (order, estimate) = (&chosen.order, chosen.estimate);
        let layout = Layout::of(cover, order);
        let mut decisions = Vec::new();
        // The search by the fewest embeddings is the whole search: the rules that run in a
        // box's scan are decided only where it is not.
        let (fewest, decision) = decide::fewest_embeddings(model, cover, chosen, &layout, tuning);
        let mut fewest = fewest;
        decisions.extend(decision);
        let boxed = matches!(model.problem, crate::model::Problem::Box(_));
        let scanned = fewest.is_none() || !boxed;
        let (dead_ends, decision) = match scanned {
            true => decide::dead_ends(model, cover, order, &layout, tuning),
            false => (None, decide::by_fewest("dead ends", "left to the search")),
        };
        decisions.push(decision);
        let dead_ends = dead_ends.map(|(board, b)| {
            let cells = |next_to: Vec<u32>| next_to.into_iter().map(AspectId).collect();
            let neighbours: Vec<Vec<AspectId>> =
                b.board.neighbours().into_iter().map(cells).collect();
            program.add_dead_ends(cover, order, &neighbours);
            board
        });
        let first = dead_ends.is_some();
        let (prune, decided) = match scanned {
            true => decide::prune(model, cover, order, &layout, (estimate, first), tuning),
            false => (Prune::Off, vec![decide::by_fewest("prune", "off")]),
        };
        decisions.extend(decided);
        let dead_ends = dead_ends.map(|board| DeadEnds {
            fused: prune.board() == Some(&board) && matches!(prune, Prune::Holes { .. }),
            board,
        });
        let (fewest_fits, decision) = match scanned {
            true => decide::fewest_fits(model, cover, order, &layout, dead_ends.as_ref(), tuning),
            false => (None, decide::by_fewest("fewest fits", "off")),
        };
        decisions.push(decision);
        let quotas: Vec<Quota> = (0..cover.aspect_count() as u32)
            .map(Position)
            .filter(|&p| layout.is_bag(p))
            .filter_map(|position| {
                let a = order.aspect(position);
                let (least, most) = (cover.least(a), cover.multiplicity(a));
                let left = most - least;
                (least > 0 && left > 0).then_some(Quota { position, left })
            })
            .collect();
        let counts = decide::counts(model, cover, symmetry_check);
        let (cache, decision) = match fewest.as_mut() {
            Some(fewest) => decide::fewest_cache(model, fewest, &layout, estimate, tuning),
            None => {
                let memo = counts.is_ok();
                decide::cache(
                    model, order, &layout, program, &quotas, memo, estimate, tuning,
                )
            }
        };
        decisions.push(decision);
        let (cache, decision) = decide::memo(cache, counts, model, order, estimate, tuning);
        decisions.push(decision);
        let choice: Vec<Choice> = (dead_ends.map(Choice::DeadEnds).into_iter())
            .chain(fewest_fits.map(Choice::FewestFits))
            .chain(fewest.map(Choice::FewestEmbeddings))
            .collect();
        let (fitting, decision) = decide::fitting(&layout, &prune, tuning);
        decisions.push(decision);
        let mut plan = Plan {
            layout,
            prune,
            cache,
            choice,
            fitting,
            quotas,
            symmetry_check: symmetry_check.is_some(),
            decisions,
            fingerprint: 0,
        };
        let (checking, decision) = plan.judge_checking(program, order, cover, estimate, tuning);
        if let Fitting::Tables { from, .. } = plan.fitting {
            plan.fitting = Fitting::Tables { from, checking };
        }
        plan.decisions.push(decision);
        plan.fingerprint = plan.fingerprint_of(cover, order, program, symmetry_check);
        plan
    }

    /// How the lookups run the check, where they run it inline (on a bit board, not fused
    /// with the dead ends' test) and the search is estimated at `estimate` placements, at
    /// least [`Tuning::heavy_checks_from`]: from the share of the placements it checks that
    /// the check refuses at the start of the search, walked with this plan.
    fn judge_checking(
        &self,
        program: &Program,
        order: &Order,
        cover: &Cover,
        estimate: f64,
        tuning: &Tuning,
    ) -> (Checking, Decision) {
        let board = self.prune.board();
        let tables = matches!(self.fitting, Fitting::Tables { .. });
        let inline = tables && board.is_some() && !self.fuses_dead_ends();
        if let Some(decision) = decide::unjudged(inline, estimate, tuning) {
            return (Checking::AsPlaced, decision);
        }
        let walkable = Walkable::new(program, order, self, cover.embedding_count(), tuning);
        let refused = judge::refused_share(&walkable, self, tuning.judging_placements);
        let holes = matches!(self.prune, Prune::Holes { .. });
        let steps = board.map_or(0, |b| b.steps.len());
        let checking = Checking::for_refused(refused, holes, steps, tuning);
        (checking, decide::judged(checking, refused, steps, tuning))
    }

    /// The rules the search follows beyond the program's data, each with its version: what
    /// the fingerprint names besides the program and the plan's tables.
    pub fn rules(&self) -> Vec<Rule> {
        let mut rules = vec![rules::SEARCH];
        match &self.prune {
            Prune::Off => {}
            Prune::Holes { pairs, .. } => {
                rules.push(rules::HOLES);
                if *pairs {
                    rules.push(rules::PAIRS);
                }
            }
            Prune::Regions(_) => rules.push(rules::REGIONS),
        }
        if !self.choice.is_empty() {
            rules.push(rules::CHOICE);
            rules.extend(self.choice.iter().map(Choice::rule));
        }
        if self.symmetry_check {
            rules.push(rules::SYMMETRY_CHECK);
        }
        rules
    }

    fn fingerprint_of(
        &self,
        cover: &Cover,
        order: &Order,
        program: &Program,
        symmetry_check: Option<&SymmetryCheck>,
    ) -> u64 {
        // Every field named, none left to `..`: a field added to the plan does not compile
        // here until it is hashed, or said here not to shape the search.
        let Plan {
            layout,
            prune,
            cache,
            // Hashed through the rules it follows and each rule's own data, below.
            choice: _,
            // How the procedures find their placements, which are the same in the same order.
            fitting: _,
            quotas,
            // Named among the rules, and the check's tables hashed below.
            symmetry_check: _,
            // For people: what was decided is hashed, not why.
            decisions: _,
            // What this makes.
            fingerprint: _,
        } = self;
        let mut f = Fingerprint::new();
        // The rules, not the compiler's version: a release that searches alike keeps the units
        // of the one before it.
        for rule in self.rules() {
            f.text(rule.name);
            f.number(u64::from(rule.version));
        }
        f.number(cover.aspect_count() as u64);
        f.number(cover.embedding_count() as u64);
        for a in cover.all_aspects() {
            f.number(u64::from(cover.multiplicity(a)));
            f.number(u64::from(cover.least(a)));
            f.number(u64::from(cover.is_optional(a)));
        }
        for e in cover.allowed() {
            f.number(u64::from(e.0));
            f.numbers(cover.aspects(e).iter().map(|a| u64::from(a.0)));
        }
        // Which aspect is a colour of which item (a cover without colours hashes as before).
        if cover.has_colours() {
            f.text("colours");
            f.numbers(
                cover
                    .all_aspects()
                    .map(|a| cover.item_of(a).map_or(u64::MAX, |item| u64::from(item.0))),
            );
        }
        f.numbers(order.sequence().iter().map(|a| u64::from(a.0)));
        for p in program.procedures() {
            f.number(u64::from(p.aspect.0));
            f.number(u64::from(p.optional));
            match &p.body {
                Body::Require => f.number(1),
                Body::Pass => f.number(2),
                Body::Place(roots) => {
                    f.number(3);
                    roots.iter().for_each(|n| node(&mut f, n));
                }
            }
        }
        fn node(f: &mut Fingerprint, n: &Node) {
            match n {
                Node::Test { aspect, children } => {
                    f.number(u64::from(aspect.0));
                    f.number(children.len() as u64);
                    children.iter().for_each(|c| node(f, c));
                }
                Node::Place { embedding, next } => {
                    f.number(u64::from(u32::MAX));
                    f.number(u64::from(embedding.0));
                    f.number(match next {
                        Next::At(p) => u64::from(p.0),
                        Next::Caller => u64::MAX,
                    });
                }
            }
        }
        for dead_end in program.dead_ends() {
            f.number(u64::from(dead_end.cell.0));
            f.number(dead_end.roots.len() as u64);
            dead_end.roots.iter().for_each(|n| node(&mut f, n));
        }
        if let Some(DeadEnds { board, .. }) = self.dead_ends() {
            f.number(u64::from(board.offset));
            f.number(board.cells as u64);
            f.number((board.cells >> 64) as u64);
        }
        // The tables of the fewest fits follow from the cover, the order and the board.
        match self.fewest_fits() {
            Some(fits) => f.numbers([1, u64::from(fits.above), u64::from(fits.from.0)]),
            None => f.number(0),
        }
        // So do the tables of the fewest embeddings (named among the rules where made).
        if let Some(fewest) = self.fewest_embeddings() {
            f.number(u64::from(fewest.cache_from));
        }
        f.numbers(layout.fields.iter().map(|field| {
            let bag = field.bag.map_or(0, |b| u64::from(b.count));
            u64::from(field.offset) | bag << 32
        }));
        f.number(layout.words() as u64);
        for q in quotas {
            f.number(u64::from(q.position.0) | u64::from(q.left) << 32);
        }
        f.number(match prune {
            Prune::Off => 0,
            Prune::Holes { check, pairs } => {
                1 | u64::from(check.board.is_some()) << 8 | u64::from(*pairs) << 9
            }
            Prune::Regions(c) => 2 | u64::from(c.board.is_some()) << 8,
        });
        if let Some(check) = symmetry_check {
            f.number(u64::from(check.embeddings));
            f.numbers(check.images.iter().map(|&e| u64::from(e)));
            for &(e, first, count) in check.fixed.iter() {
                f.numbers([e, first, count].map(u64::from));
            }
            f.numbers(check.members.iter().map(|&g| u64::from(g)));
            f.numbers(check.everywhere.iter().map(|&g| u64::from(g)));
            for &(first, second, start, count) in check.pairs.iter() {
                f.numbers([first, second, start, count].map(u64::from));
            }
            f.number(check.fixed.len() as u64 | (check.pairs.len() as u64) << 32);
        }
        if let Some(Cache {
            from,
            key,
            words,
            bits,
            // A memo changes neither the search tree nor what a unit counts.
            memo: _,
        }) = cache
        {
            f.number(u64::from(from.0));
            f.number(*words as u64);
            f.number(u64::from(*bits));
            f.number(match *key {
                Key::Whole => 0,
                Key::Shifted(s) => 1 | u64::from(s) << 8,
                Key::From(w) => 2 | (w as u64) << 8,
            });
        }
        f.finish()
    }
}

/// A summary of the plan, for people: e.g. `q: u128; prune: holes on a bit board of 60
/// cells; cache: from position 15, key 1 word, 2^17 slots`.
impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.layout.repr {
            Repr::U64 => write!(f, "q: u64")?,
            Repr::U128 => write!(f, "q: u128")?,
            Repr::Words(n) => write!(f, "q: [u64; {n}]")?,
        }
        let bags = self
            .layout
            .fields
            .iter()
            .filter(|f| f.bag.is_some())
            .count();
        if bags > 0 {
            write!(f, " with {bags} bags")?;
        }
        if !self.quotas.is_empty() {
            write!(f, ", {} with a least number of copies", self.quotas.len())?;
        }
        let on = |c: &Check| match &c.board {
            Some(b) => format!(" on a bit board of {} cells", b.cells.count_ones()),
            None => " by tables".to_owned(),
        };
        match &self.prune {
            Prune::Off => write!(f, "; prune: off")?,
            Prune::Holes { check, pairs: true } => {
                write!(f, "; prune: holes and pairs{}", on(check))?
            }
            Prune::Holes { check, .. } => write!(f, "; prune: holes{}", on(check))?,
            Prune::Regions(c) => write!(f, "; prune: regions{}", on(c))?,
        }
        match self.fitting.checking() {
            Checking::AsPlaced => {}
            Checking::First => write!(f, ", checked before placing")?,
            Checking::FromCounts => write!(f, ", checked before placing from counted neighbours")?,
        }
        if let Some(DeadEnds { board, .. }) = self.dead_ends() {
            write!(
                f,
                "; dead ends first, on a bit board of {} cells",
                board.cells.count_ones()
            )?;
        }
        if let Some(fits) = self.fewest_fits() {
            write!(
                f,
                "; fewest fits while more than {} cells are free",
                fits.above
            )?;
        }
        if self.fewest_embeddings().is_some() {
            write!(f, "; the required aspect with the fewest embeddings first")?;
        }
        match &self.cache {
            None => write!(f, "; cache: off"),
            Some(c) => write!(
                f,
                "; cache: from position {}, key {} word{}, 2^{} slots",
                c.from,
                c.words,
                if c.words == 1 { "" } else { "s" },
                c.bits
            ),
        }
    }
}
