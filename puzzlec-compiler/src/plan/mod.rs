//! The plan: everything decided about how a program runs, decided once, here. The layout of
//! the free set, which search runs (the order's scan, with what it prunes after each placement
//! and on which board, or the search by the fewest embeddings, with its tables), whether a
//! count keeps a failure cache and how it keys it, and the fingerprint of the whole. The
//! emitter prints the plan, the walker follows it, and neither decides anything of its own.
//!
//! A plan is made in pure steps, each a value of its own: the [`Outline`] (the layout, the
//! search, and under the scan whether dead ends come first, which the program's trees need),
//! then, once the program is complete, [`Outline::plan`], whose [`Unjudged`] plan only the judging
//! walk (`crate::judge`) finishes, deciding how lookups run the check.

mod cache;
mod decide;
mod fewest_tables;
mod fits_tables;
mod hashed;
mod layout;
mod prune;

use std::fmt;

use puzzlec_runtime::__private::Regions;
use puzzlec_runtime::rules::{self, Rule};
use puzzlec_runtime::symmetry::SymmetryCheck;
use puzzlec_runtime::CacheInfo;

pub use cache::{bits_for, frontier};
pub(crate) use decide::size;
pub use decide::{Decision, NotFewest};
pub use fewest_tables::{FewestTables, Unfit};
pub use fits_tables::FitsTables;
pub use layout::{Bag, Field, Key, Layout, Repr};
pub(crate) use prune::REACH_MAX;
pub use prune::{regions, BitBoard};

use crate::choose::Chosen;
use crate::cover::{AspectId, Cover};
use crate::lower::Lowered;
use crate::model::Model;
use crate::order::{Order, Position};
use crate::program::Program;
use crate::tuning::Tuning;

/// Distinct neighbour distances a bit board may have: its checks unroll one step per distance
/// (a box without holes has one per axis).
pub const MAX_STEPS: usize = 8;

/// How a program runs: a finished value, made once by [`Outline::plan`] and the judging walk.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Plan {
    /// Where each aspect lives in `q`.
    pub layout: Layout,
    /// The search, with what only it has.
    pub search: Search,
    /// Whether a symmetry check keeps one solution of each class where restricting pieces
    /// alone does not.
    pub symmetry_check: bool,
    /// Where the search stands once every aspect is covered, which the units that are
    /// solutions name: the program's sentinel, past its last procedure (the search by the
    /// fewest embeddings runs no program, and names it alike).
    pub sentinel: Position,
    /// Each decision made, with the figures that made it, for people: not part of the
    /// fingerprint, which hashes what was decided. Not saved with a runnable puzzle, whose
    /// facts (`Info::plan`) hold them as text.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub decisions: Vec<Decision>,
    /// The fingerprint of the search: the rules it follows, the exact-cover problem, the
    /// order, the program, the symmetry check and the rest of this plan.
    pub fingerprint: u64,
}

/// Which search runs: one or the other, each with its own parts, so that neither holds a part
/// that means nothing to it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// One per puzzle, made once: its size is nothing beside its tables'.
#[allow(clippy::large_enum_variant)]
pub enum Search {
    /// The order's scan: the program's procedures, each covering its aspect, with the rules
    /// tried after each placement before the procedure it names.
    Scan(Scan),
    /// After every placement, the free required aspect that the fewest embeddings fit (the
    /// item with the fewest options, in Knuth's words): the whole search, in place of the
    /// program's procedures. For a puzzle without a box, whose listed order knows nothing of
    /// which aspects are forced, and for a box where the order's choice finds it best.
    Fewest(Fewest),
}

/// The order's scan and what it does beside the procedures.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scan {
    /// What the search prunes after each placement.
    pub pruning: Pruning,
    /// The dead ends (free cells with one free neighbour), covered first by their trees in the
    /// program where the plan says so, found on this bit board: such a cell can only be
    /// covered through that neighbour, so it has few placements, and a failure there is found
    /// at once. The first rule tried after each placement.
    pub dead_ends: Option<BitBoard>,
    /// Near the top of the search, the free cell that the fewest placements fit: the second
    /// rule, only after dead ends found by the hole test ([`Scan::fuses_dead_ends`]), which
    /// checks its placements.
    pub fewest_fits: Option<FitsTables>,
    /// How the generated procedures find which of their placements fit, and check them.
    pub fitting: Fitting,
    /// What a solution must have taken from each bag that holds a range of copies (and must
    /// not be emptied), checked where the search reaches a solution: the search itself only
    /// keeps a bag from running out.
    pub quotas: Vec<Quota>,
    /// The failure cache a count keeps, if it keeps one.
    pub cache: Option<ScanCache>,
}

/// The search by the required aspect with the fewest embeddings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fewest {
    /// Its tables.
    pub tables: FewestTables,
    /// The failure cache a count keeps, if it keeps one.
    pub cache: Option<FewestCache>,
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
        /// How the lookups run the pruning check where they write it inline
        /// ([`Scan::checks_inline`]; elsewhere [`Checking::AsPlaced`]), judged by how often
        /// the check refuses at the start of the search. How the check is written, not what it
        /// decides, so not part of the fingerprint.
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

/// What the scan prunes after each placement, with its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Pruning {
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

impl Pruning {
    /// The check and its tables, unless nothing is pruned.
    pub fn check(&self) -> Option<&Check> {
        match self {
            Pruning::Off => None,
            Pruning::Holes { check, .. } | Pruning::Regions(check) => Some(check),
        }
    }

    /// The bit board the check runs on, if it runs on one.
    pub fn board(&self) -> Option<&BitBoard> {
        self.check().and_then(|c| c.board.as_ref())
    }

    /// Whether the hole test also refuses pairs.
    pub fn pairs(&self) -> bool {
        matches!(self, Pruning::Holes { pairs: true, .. })
    }

    /// What is pruned, as the run time tells it.
    pub fn kind(&self) -> puzzlec_runtime::PruneKind {
        match self {
            Pruning::Off => puzzlec_runtime::PruneKind::Off,
            Pruning::Holes { .. } => puzzlec_runtime::PruneKind::Holes,
            Pruning::Regions(_) => puzzlec_runtime::PruneKind::Regions,
        }
    }
}

/// The table of a failure cache: how wide its keys are and how many slots it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CacheTable {
    /// The words of a key.
    pub words: usize,
    /// The table has `2^bits` slots.
    pub bits: u32,
    /// Where it keeps the number of solutions below each free set (the counting memo), not
    /// only which hold none: the memo's table has `2^memo` slots instead. Not in the
    /// fingerprint: a memo changes neither the search tree nor what a unit counts.
    pub memo: Option<u32>,
}

impl CacheTable {
    /// What the run time needs to make the cache.
    pub fn info(&self) -> CacheInfo {
        CacheInfo {
            bits: self.memo.unwrap_or(self.bits),
            words: self.words,
            counts: self.memo.is_some(),
        }
    }
}

/// The failure cache of the scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScanCache {
    /// The procedures from this position on consult the cache: the same free set comes back
    /// along several paths only after a few placements.
    pub from: Position,
    /// How a free set becomes its key.
    pub key: Key,
    /// Its table.
    pub table: CacheTable,
}

/// The failure cache of the search by the fewest embeddings, whose whole free set is its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FewestCache {
    /// The nodes at this many placements or more consult the cache.
    pub from_depth: u32,
    /// Its table.
    pub table: CacheTable,
}

impl Scan {
    /// Whether the hole test and the search for dead ends run as one, on the same bit board.
    pub fn fuses_dead_ends(&self) -> bool {
        let holes = matches!(self.pruning, Pruning::Holes { .. });
        holes && self.dead_ends.is_some() && self.dead_ends.as_ref() == self.pruning.board()
    }

    /// Whether the procedures that find their placements by lookup write the pruning check
    /// inline, where [`Fitting::Tables`]' `checking` says how: on a bit board, and not fused
    /// with the dead ends' test (which checks in the placement's entry).
    pub fn checks_inline(&self) -> bool {
        let tables = matches!(self.fitting, Fitting::Tables { .. });
        tables && self.pruning.board().is_some() && !self.fuses_dead_ends()
    }

    /// Whether any rule is tried after each placement before the procedure it names.
    pub fn chooses(&self) -> bool {
        self.dead_ends.is_some() || self.fewest_fits.is_some()
    }

    /// Whether `q`, where the search has covered every aspect, is a solution: no bag holds
    /// more copies than a solution may leave.
    pub fn quotas_met(&self, layout: &Layout, q: &[u64]) -> bool {
        self.quotas
            .iter()
            .all(|quota| layout.copies_left(q, quota.position) <= quota.left)
    }
}

/// What is decided before the program is complete: the layout of `q`, which search runs, and
/// under the scan whether the dead ends are covered first (for which the program holds a
/// tree of each cell's placements).
#[derive(Clone, Debug)]
pub struct Outline {
    layout: Layout,
    search: Outlined,
    decisions: Vec<Decision>,
}

#[derive(Clone, Debug)]
enum Outlined {
    Fewest(FewestTables),
    Scan {
        dead_ends: Option<BitBoard>,
        not_fewest: NotFewest,
    },
}

impl Outline {
    /// The first decisions of the plan of a puzzle in the chosen order.
    pub fn new(model: &Model, cover: &Cover, chosen: &Chosen, tuning: &Tuning) -> Outline {
        let layout = Layout::of(cover, &chosen.order);
        let mut decisions = Vec::new();
        let (fewest, decision) = decide::fewest_embeddings(model, cover, chosen, &layout, tuning);
        decisions.extend(decision);
        let search = match fewest {
            Ok(tables) => Outlined::Fewest(tables),
            Err(not_fewest) => {
                let (dead_ends, decision) =
                    decide::dead_ends(model, cover, &chosen.order, &layout, tuning);
                decisions.push(decision);
                Outlined::Scan {
                    dead_ends,
                    not_fewest,
                }
            }
        };
        Outline {
            layout,
            search,
            decisions,
        }
    }

    /// The plan made from this outline, and the program its search runs: the scan's, complete
    /// (with each cell's tree as a dead end where it covers them first); none for a search
    /// by the fewest embeddings, which runs from its tables, and whose trees would be most of
    /// the compile of a burr. The model's options resolved against the puzzle, the
    /// fingerprint taken last, of the program and the plan.
    pub fn plan(
        self,
        model: &Model,
        lowered: &Lowered,
        chosen: &Chosen,
        symmetry_check: Option<&SymmetryCheck>,
        tuning: &Tuning,
    ) -> Unjudged {
        let cover = &lowered.cover;
        let (order, estimate) = (&chosen.order, chosen.estimate);
        let Outline {
            layout,
            search,
            mut decisions,
        } = self;
        let counts = decide::counts(model, cover, symmetry_check);
        let (search, program) = match search {
            Outlined::Fewest(tables) => {
                let (cache, decision) =
                    decide::fewest_cache(model, &tables, &layout, counts.is_ok(), estimate, tuning);
                decisions.push(decision);
                let (memo, decision) = decide::memo(
                    cache.map(|c| c.table),
                    counts,
                    model,
                    order,
                    estimate,
                    tuning,
                );
                decisions.push(decision);
                let cache = cache.map(|c| FewestCache {
                    table: CacheTable { memo, ..c.table },
                    ..c
                });
                (Search::Fewest(Fewest { tables, cache }), None)
            }
            Outlined::Scan { dead_ends, .. } => {
                let first = dead_ends.is_some();
                let program = Program::new(model, lowered, order, first);
                let (pruning, decided) =
                    decide::pruning(model, cover, order, &layout, (estimate, first), tuning);
                decisions.extend(decided);
                let fused = |board: &BitBoard| {
                    matches!(pruning, Pruning::Holes { .. }) && pruning.board() == Some(board)
                };
                let fused = dead_ends.as_ref().filter(|board| fused(board));
                let (fewest_fits, decision) =
                    decide::fewest_fits(model, cover, order, &layout, fused, tuning);
                decisions.push(decision);
                let quotas = quotas(cover, order, &layout);
                let (cache, decision) = decide::cache(
                    model,
                    order,
                    &layout,
                    &program,
                    &quotas,
                    counts.is_ok(),
                    estimate,
                    tuning,
                );
                decisions.push(decision);
                let (memo, decision) = decide::memo(
                    cache.map(|c| c.table),
                    counts,
                    model,
                    order,
                    estimate,
                    tuning,
                );
                decisions.push(decision);
                let cache = cache.map(|c| ScanCache {
                    table: CacheTable { memo, ..c.table },
                    ..c
                });
                let (fitting, decision) = decide::fitting(&layout, &pruning, tuning);
                decisions.push(decision);
                let scan = Scan {
                    pruning,
                    dead_ends,
                    fewest_fits,
                    fitting,
                    quotas,
                    cache,
                };
                (Search::Scan(scan), Some(program))
            }
        };
        let sentinel = match &program {
            Some(program) => program.sentinel(),
            None => Program::sentinel_of(model, lowered, order),
        };
        let mut plan = Plan {
            layout,
            search,
            symmetry_check: symmetry_check.is_some(),
            sentinel,
            decisions,
            fingerprint: 0,
        };
        let hashed = hashed::fingerprint(&plan, cover, order, program.as_ref(), symmetry_check);
        plan.fingerprint = hashed;
        Unjudged { plan, program }
    }

    /// Why the puzzle is not searched by the fewest embeddings, where it is not.
    pub fn not_fewest(&self) -> Option<&NotFewest> {
        match &self.search {
            Outlined::Fewest(_) => None,
            Outlined::Scan { not_fewest, .. } => Some(not_fewest),
        }
    }
}

/// A plan whose lookups' way of checking is yet to be judged, with the program its search
/// runs (none for a search by the fewest embeddings): the judging walk (`crate::judge`) walks
/// [`Unjudged::plan`] and finishes it with [`Unjudged::judged`], and nothing else reads it.
#[derive(Clone, Debug)]
pub struct Unjudged {
    plan: Plan,
    program: Option<Program>,
}

impl Unjudged {
    /// The plan as it stands: complete but for how the lookups check, which is how the check
    /// is written and not what it decides, so it walks as the finished plan will.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The program the plan's search runs: the scan's; none for a search by the fewest
    /// embeddings.
    pub fn program(&self) -> Option<&Program> {
        self.program.as_ref()
    }

    /// The finished plan, its lookups checking as judged (unchanged where they write no check
    /// inline or look nothing up), with the record of the judgement (a search by the fewest
    /// embeddings has none), and the program it runs.
    pub fn judged(self, judgement: Option<(Checking, Decision)>) -> (Plan, Option<Program>) {
        let Unjudged { mut plan, program } = self;
        if let Some((checking, decision)) = judgement {
            if let Search::Scan(scan) = &mut plan.search {
                if let (true, Fitting::Tables { from, .. }) = (scan.checks_inline(), scan.fitting) {
                    scan.fitting = Fitting::Tables { from, checking };
                }
            }
            plan.decisions.push(decision);
        }
        (plan, program)
    }
}

impl Plan {
    /// The scan, where it is the search.
    pub fn scan(&self) -> Option<&Scan> {
        match &self.search {
            Search::Scan(scan) => Some(scan),
            Search::Fewest(_) => None,
        }
    }

    /// The search by the fewest embeddings, where it is the search.
    pub fn fewest(&self) -> Option<&Fewest> {
        match &self.search {
            Search::Fewest(fewest) => Some(fewest),
            Search::Scan(_) => None,
        }
    }

    /// The table of the failure cache a count keeps, if it keeps one.
    pub fn cache_table(&self) -> Option<&CacheTable> {
        match &self.search {
            Search::Scan(scan) => scan.cache.as_ref().map(|c| &c.table),
            Search::Fewest(fewest) => fewest.cache.as_ref().map(|c| &c.table),
        }
    }

    /// The words of a work unit's state: the free set's, or where the search by the fewest
    /// embeddings has bags, its whole level.
    pub fn unit_words(&self) -> usize {
        match &self.search {
            Search::Scan(_) => self.layout.words(),
            Search::Fewest(fewest) => fewest.tables.unit_words(),
        }
    }

    /// The rules the search follows beyond the program's data, each with its version: what
    /// the fingerprint names besides the program and the plan's tables.
    pub fn rules(&self) -> Vec<Rule> {
        let mut rules = vec![rules::SEARCH];
        match &self.search {
            Search::Scan(scan) => {
                match &scan.pruning {
                    Pruning::Off => {}
                    Pruning::Holes { pairs, .. } => {
                        rules.push(rules::HOLES);
                        if *pairs {
                            rules.push(rules::PAIRS);
                        }
                    }
                    Pruning::Regions(_) => rules.push(rules::REGIONS),
                }
                if scan.chooses() {
                    rules.push(rules::CHOICE);
                }
                if scan.dead_ends.is_some() {
                    rules.push(rules::DEAD_ENDS);
                }
                if scan.fewest_fits.is_some() {
                    rules.push(rules::FEWEST_FITS);
                }
            }
            // A choice after every placement, as the scan's rules are.
            Search::Fewest(_) => rules.extend([rules::CHOICE, rules::FEWEST_EMBEDDINGS]),
        }
        if self.symmetry_check {
            rules.push(rules::SYMMETRY_CHECK);
        }
        rules
    }
}

/// The bags that hold a range of copies of which a solution must take some, each with the
/// most copies a solution may leave in it.
fn quotas(cover: &Cover, order: &Order, layout: &Layout) -> Vec<Quota> {
    (0..cover.aspect_count() as u32)
        .map(Position)
        .filter(|&p| layout.is_bag(p))
        .filter_map(|position| {
            let a: AspectId = order.aspect(position);
            let (least, most) = (cover.least(a), cover.multiplicity(a));
            let left = most - least;
            (least > 0 && left > 0).then_some(Quota { position, left })
        })
        .collect()
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
        let (cache, from) = match &self.search {
            Search::Fewest(fewest) => {
                write!(f, "; the required aspect with the fewest embeddings first")?;
                let cache = fewest.cache.as_ref();
                (
                    cache.map(|c| c.table),
                    cache.map(|c| format!("{} placements", c.from_depth)),
                )
            }
            Search::Scan(scan) => {
                write_scan(f, scan)?;
                let cache = scan.cache.as_ref();
                (
                    cache.map(|c| c.table),
                    cache.map(|c| format!("position {}", c.from)),
                )
            }
        };
        match (cache, from) {
            (Some(c), Some(from)) => write!(
                f,
                "; cache: from {from}, key {} word{}, 2^{} slots",
                c.words,
                if c.words == 1 { "" } else { "s" },
                c.bits
            ),
            _ => write!(f, "; cache: off"),
        }
    }
}

/// The scan's part of the plan's summary.
fn write_scan(f: &mut fmt::Formatter<'_>, scan: &Scan) -> fmt::Result {
    if !scan.quotas.is_empty() {
        write!(f, ", {} with a least number of copies", scan.quotas.len())?;
    }
    let on = |c: &Check| match &c.board {
        Some(b) => format!(" on a bit board of {} cells", b.cells.count_ones()),
        None => " by tables".to_owned(),
    };
    match &scan.pruning {
        Pruning::Off => write!(f, "; prune: off")?,
        Pruning::Holes { check, pairs: true } => {
            write!(f, "; prune: holes and pairs{}", on(check))?
        }
        Pruning::Holes { check, .. } => write!(f, "; prune: holes{}", on(check))?,
        Pruning::Regions(c) => write!(f, "; prune: regions{}", on(c))?,
    }
    match scan.fitting.checking() {
        Checking::AsPlaced => {}
        Checking::First => write!(f, ", checked before placing")?,
        Checking::FromCounts => write!(f, ", checked before placing from counted neighbours")?,
    }
    if let Some(board) = &scan.dead_ends {
        write!(
            f,
            "; dead ends first, on a bit board of {} cells",
            board.cells.count_ones()
        )?;
    }
    if let Some(fits) = &scan.fewest_fits {
        write!(
            f,
            "; fewest fits while more than {} cells are free",
            fits.above
        )?;
    }
    Ok(())
}
