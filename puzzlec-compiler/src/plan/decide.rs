//! Each decision of the plan, made once from the model's options, the puzzle and the
//! [`Tuning`], and recorded as a [`Decision`] with the figures and thresholds that made it, for
//! people (`--stats`, `INFO`): a plan that surprises can be read back to the threshold behind it.

use std::fmt;

use crate::choose::Chosen;
use crate::cover::{AspectId, Cover};
use crate::description;
use crate::model::{BoxModel, Model, Problem};
use crate::order::{Order, Position};
use crate::program::{Body, Program};
use crate::tuning::Tuning;
use puzzlec_runtime::symmetry::SymmetryCheck;

use super::cache::{bits_for, frontier, memo_bits_for};
use super::fewest_tables::{FewestTables, Unfit};
use super::fits_tables::FitsTables;
use super::layout::{Layout, Repr};
use super::prune::{regions, BitBoard};
use super::{
    CacheTable, Check, Checking, FewestCache, Fitting, Pruning, Quota, ScanCache, MAX_STEPS,
};

/// One decision of the plan: what was chosen, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// What was decided: `prune`, `pairs`, `dead ends`, `fewest fits`, `cache`, `fitting`,
    /// `checking`.
    pub what: &'static str,
    /// What was chosen, e.g. `holes on a bit board of 60 cells`.
    pub chosen: String,
    /// Why: what was asked, or the figures and the thresholds they were compared with.
    pub why: String,
}

impl Decision {
    pub(crate) fn new(
        what: &'static str,
        chosen: impl Into<String>,
        why: impl Into<String>,
    ) -> Decision {
        Decision {
            what,
            chosen: chosen.into(),
            why: why.into(),
        }
    }
}

/// `prune: holes on a bit board of 60 cells (auto: no piece of one cell)`.
impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} ({})", self.what, self.chosen, self.why)
    }
}

/// An estimate as people read it: `4.51e5`.
pub(crate) fn size(estimate: f64) -> String {
    format!("{estimate:.2e}")
}

/// Whether the free set is one integer, on which bit boards and the dead ends run.
fn one_word(layout: &Layout) -> bool {
    matches!(layout.repr, Repr::U64 | Repr::U128)
}

/// The piece sizes of a box.
fn sizes(b: &BoxModel) -> Vec<u32> {
    b.pieces.iter().map(|p| p.shape.len() as u32).collect()
}

/// Whether no aspect that a solution may leave free (an optional one, or a bag with a range of
/// copies) comes before the last of the `cells` cells: the scan passes such an aspect by,
/// leaving it free, and a dead end's placement, found after it, must not take it then.
fn settles_before_dead_ends(cover: &Cover, order: &Order, cells: usize) -> bool {
    let last_cell = (0..cells as u32).map(|c| order.position(AspectId(c))).max();
    (0..cover.aspect_count() as u32).map(AspectId).all(|a| {
        let open = cover.is_optional(a) || cover.least(a) < cover.multiplicity(a);
        !open || Some(order.position(a)) > last_cell
    })
}

/// Whether the dead ends are covered first, and on which bit board.
pub(super) fn dead_ends(
    model: &Model,
    cover: &Cover,
    order: &Order,
    layout: &Layout,
    tuning: &Tuning,
) -> (Option<BitBoard>, Decision) {
    let off = |why: String| (None, Decision::new("dead ends", "left to the scan", why));
    let Problem::Box(b) = &model.problem else {
        return off("no box".into());
    };
    if b.board.optional_count() > 0 {
        return off("the box has cells that may stay empty, which no dead end is".into());
    }
    let why = match model.options.dead_ends {
        description::DeadEnds::Off => return off("asked".into()),
        description::DeadEnds::On => "asked".to_owned(),
        description::DeadEnds::Auto if b.board.lattice().cube_side().is_some() => {
            "auto: a fine grid, whose cells touch four others".to_owned()
        }
        description::DeadEnds::Auto if b.board.is_thick(tuning.thick) => {
            format!(
                "auto: the box is thick (three axes or more, each at least `thick` {})",
                tuning.thick
            )
        }
        description::DeadEnds::Auto => {
            return off(format!(
                "auto: the box is not thick (three axes or more, each at least `thick` {})",
                tuning.thick
            ))
        }
    };
    if !one_word(layout) {
        return off("the free set is wider than 128 bits".into());
    }
    if !settles_before_dead_ends(cover, order, b.board.cells().len()) {
        return off("a piece that may be left out comes before a cell".into());
    }
    match BitBoard::of(&regions(&b.board, cover, order, &sizes(b)), MAX_STEPS) {
        Some(board) => {
            let chosen = format!(
                "first, on a bit board of {} cells",
                board.cells.count_ones()
            );
            (Some(board), Decision::new("dead ends", chosen, why))
        }
        None => off(format!(
            "the box has more than {MAX_STEPS} neighbour distances"
        )),
    }
}

/// What the scan prunes after each placement, and whether the hole test looks for pairs.
pub(super) fn pruning(
    model: &Model,
    cover: &Cover,
    order: &Order,
    layout: &Layout,
    (estimate, dead_ends_first): (f64, bool),
    tuning: &Tuning,
) -> (Pruning, Vec<Decision>) {
    let Problem::Box(b) = &model.problem else {
        return (Pruning::Off, vec![Decision::new("prune", "off", "no box")]);
    };
    let tables = || regions(&b.board, cover, order, &sizes(b));
    // A region of cells that may stay empty is no hole.
    if b.board.optional_count() > 0 && model.options.prune != description::Prune::Off {
        let why = "the box has cells that may stay empty, which make no region a hole";
        return (Pruning::Off, vec![Decision::new("prune", "off", why)]);
    }
    let asked = match model.options.prune {
        description::Prune::Auto => "auto",
        _ => "asked",
    };
    let (regions, holes) = match model.options.prune {
        description::Prune::Off => {
            return (Pruning::Off, vec![Decision::new("prune", "off", "asked")])
        }
        description::Prune::Auto | description::Prune::Holes => match tables() {
            r if r.smallest > 1 => (r, true),
            _ => {
                let why = format!("{asked}: a piece of one cell fills any hole");
                return (Pruning::Off, vec![Decision::new("prune", "off", why)]);
            }
        },
        description::Prune::Regions => match tables() {
            r if r.can_prune() => (r, false),
            _ => {
                let why = "asked: no region next to a placement could be refused";
                return (Pruning::Off, vec![Decision::new("prune", "off", why)]);
            }
        },
    };
    let board = one_word(layout)
        .then(|| BitBoard::of(&regions, MAX_STEPS))
        .flatten();
    let kind = if holes { "holes" } else { "regions" };
    let chosen = match &board {
        Some(b) => format!("{kind} on a bit board of {} cells", b.cells.count_ones()),
        None => format!("{kind} by tables"),
    };
    let mut decisions = vec![Decision::new("prune", chosen, asked)];
    let mut pairs = false;
    if holes {
        let heavy = estimate >= tuning.heavy_checks_from;
        let compared = format!(
            "estimate {} {} `heavy_checks_from` {}",
            size(estimate),
            if heavy { ">=" } else { "<" },
            size(tuning.heavy_checks_from)
        );
        let (on, why) = if !regions.pairs_are_holes() {
            (false, "a piece of two cells fills a pair".to_owned())
        } else if !board.as_ref().is_some_and(BitBoard::fits_u64) {
            (false, "no bit board of 64 cells or fewer".to_owned())
        } else {
            (heavy, compared)
        };
        pairs = on;
        decisions.push(Decision::new("pairs", if on { "on" } else { "off" }, why));
    }
    // Where a cell cannot be walled in alone and no pair is checked, the test never refuses;
    // it stays where its board finds the dead ends.
    let auto = model.options.prune == description::Prune::Auto;
    if holes && !pairs && auto && !dead_ends_first && none_alone(b, cover) {
        let why = "auto: no cell can be walled in alone, each having a neighbour that every placement covers with it";
        return (Pruning::Off, vec![Decision::new("prune", "off", why)]);
    }
    let check = Check { regions, board };
    let plan = match holes {
        true => Pruning::Holes { check, pairs },
        false => Pruning::Regions(check),
    };
    (plan, decisions)
}

/// Whether every cell of the box has a neighbour that the allowed embeddings cover exactly
/// when they cover the cell: the two are free together, so neither is ever walled in alone.
fn none_alone(b: &BoxModel, cover: &Cover) -> bool {
    let cells = b.board.cells().len();
    // The embeddings covering each cell, in order, one list after another.
    let mut starts = vec![0usize; cells + 1];
    for e in cover.allowed() {
        for a in cover.aspects(e).iter().filter(|a| a.index() < cells) {
            starts[a.index() + 1] += 1;
        }
    }
    for c in 0..cells {
        starts[c + 1] += starts[c];
    }
    let mut filled = starts.clone();
    let mut covering = vec![0u32; starts[cells]];
    for e in cover.allowed() {
        for a in cover.aspects(e).iter().filter(|a| a.index() < cells) {
            covering[filled[a.index()]] = e.0;
            filled[a.index()] += 1;
        }
    }
    let of = |c: usize| &covering[starts[c]..starts[c + 1]];
    let neighbours = b.board.neighbours();
    (0..cells).all(|c| (neighbours[c].iter()).any(|&n| n as usize != c && of(n as usize) == of(c)))
}

/// Whether the search covers the cell with the fewest fits near its top, and its tables;
/// `fused`, the dead ends' board where the hole test runs on it and finds them.
pub(super) fn fewest_fits(
    model: &Model,
    cover: &Cover,
    order: &Order,
    layout: &Layout,
    fused: Option<&BitBoard>,
    tuning: &Tuning,
) -> (Option<FitsTables>, Decision) {
    let off = |why: String| (None, Decision::new("fewest fits", "off", why));
    let Problem::Box(b) = &model.problem else {
        return off("no box".into());
    };
    match model.options.fewest_fits {
        description::FewestFits::Off => return off("asked".into()),
        description::FewestFits::Auto if !b.board.is_thick(tuning.thick) => {
            return off(format!(
                "auto: the box is not thick (three axes or more, each at least `thick` {})",
                tuning.thick
            ))
        }
        description::FewestFits::On | description::FewestFits::Auto => {}
    }
    // Bags take copies, not bits, which a table of masks cannot say.
    if layout.has_bags() {
        return off("a piece comes in copies of several kinds".into());
    }
    // Its placements are checked by the hole test that finds the dead ends.
    let Some(board) = fused else {
        return off("needs dead ends first and the hole test on their board".into());
    };
    let cells = b.board.cells().len();
    let above = cells as u64 * u64::from(tuning.fewest_fits_percent) / 100;
    let above = u32::try_from(above).unwrap_or(u32::MAX);
    let chosen = format!("while more than {above} of {cells} cells are free");
    let why = format!("`fewest_fits_percent` {}", tuning.fewest_fits_percent);
    let fits = FitsTables::new(cover, order, layout, board, cells, above);
    (Some(fits), Decision::new("fewest fits", chosen, why))
}

/// Why a puzzle is not searched by the required aspect with the fewest embeddings: what its
/// decision says, and what a mistake that only that search could follow says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotFewest {
    /// A box whose choice of order found a scan better, or was given one.
    Scanned,
    /// A puzzle without a box whose listed order was asked for.
    Listed,
    /// Asked for, or chosen for the reason `why`, but its tables cannot be made.
    Unfit {
        /// Why it was asked or chosen.
        why: String,
        /// Why it cannot be.
        unfit: Unfit,
        /// The limit on the tables ([`Tuning::fewest_bytes`]).
        fewest_bytes: usize,
    },
}

/// `auto: no box; an embedding takes no required aspect`.
impl fmt::Display for NotFewest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotFewest::Scanned => write!(f, "the order's scan"),
            NotFewest::Listed => write!(f, "asked: the order listed"),
            NotFewest::Unfit {
                why,
                unfit: Unfit::NoRequired,
                ..
            } => write!(f, "{why}; an embedding takes no required aspect"),
            NotFewest::Unfit {
                why,
                unfit: Unfit::TooLarge,
                fewest_bytes,
            } => write!(
                f,
                "{why}; its tables would pass `fewest_bytes` {fewest_bytes}, or an aspect has 65,535 embeddings or more"
            ),
        }
    }
}

/// Whether the search covers the required aspect with the fewest embeddings after every
/// placement: for a puzzle without a box, unless its listed order is asked for or the counts
/// cannot follow it, and for a box where it is asked for or the order's choice found it best.
/// A box scanned as its order's choice found best records no decision of it: its dead ends
/// and fewest fits choose.
pub(super) fn fewest_embeddings(
    model: &Model,
    cover: &Cover,
    chosen: &Chosen,
    layout: &Layout,
    tuning: &Tuning,
) -> (Result<FewestTables, NotFewest>, Option<Decision>) {
    let off = |not: NotFewest| {
        let decision = Decision::new("fewest embeddings", "off", not.to_string());
        (Err(not), Some(decision))
    };
    let order = &chosen.order;
    let why = match (&model.problem, model.options.scan) {
        (Problem::Box(_), description::OrderChoice::Fewest) => "asked".to_owned(),
        (Problem::Box(_), _) if chosen.fewest => format!(
            "auto: estimated at {} placements, times `fewest_cost` {}, fewer than the race of the scans would walk",
            size(chosen.estimate),
            tuning.fewest_cost,
        ),
        (Problem::Box(_), _) => return (Err(NotFewest::Scanned), None),
        (Problem::Abstract(_), description::OrderChoice::Listed) => {
            return off(NotFewest::Listed)
        }
        (Problem::Abstract(_), description::OrderChoice::Fewest) => "asked".to_owned(),
        (Problem::Abstract(_), _) => "auto: no box".to_owned(),
    };
    match FewestTables::new(cover, order, layout, tuning) {
        Ok(tables) => {
            let decision = Decision::new("fewest embeddings", "after every placement", why);
            (Ok(tables), Some(decision))
        }
        Err(unfit) => off(NotFewest::Unfit {
            why,
            unfit,
            fewest_bytes: tuning.fewest_bytes,
        }),
    }
}

/// The reasons of a cache's place and size: `why` it is kept, and the thresholds.
fn cache_figures(why: &str, estimate: f64, tuning: &Tuning) -> String {
    format!(
        "{why}; `cache_from_percent` {}, estimate {} / `placements_per_slot` {} within `table_bytes` {}",
        tuning.cache_from_percent,
        size(estimate),
        tuning.placements_per_slot,
        tuning.table_bytes
    )
}

/// The failure cache of a search by the fewest embeddings: without bags its whole free set is
/// its state (an optional aspect is never left out by choice, only taken with an embedding),
/// so the key is all of `q`; with bags the state is also the embeddings still live (a bag's
/// branches go without those tried before them) and the times each bag may still be taken,
/// and the key is `q` with those times in the bags' fields, then the live set. Consulted from
/// [`Tuning::cache_from_percent`] of the most placements a solution takes (one per required
/// aspect) on; `fewest` learns the depth. Only where asked, or, with bags, for a count's
/// memo (`counts`, consulted from the start): choosing the aspect with the fewest embeddings
/// settles forced aspects first and ends a branch as soon as one has none, so the search
/// seldom meets a free set again below which it failed, and a cache of failures cost more
/// than it saved on every file measured (bench notes); but a bag's state comes back with
/// solutions below it (two lines of marks taken in either order).
pub(super) fn fewest_cache(
    model: &Model,
    tables: &FewestTables,
    layout: &Layout,
    counts: bool,
    estimate: f64,
    tuning: &Tuning,
) -> (Option<FewestCache>, Decision) {
    let bagged = !tables.bags.is_empty();
    let why = match model.options.cache {
        description::Cache::Off => return (None, Decision::new("cache", "off", "asked")),
        description::Cache::On => "asked",
        description::Cache::Auto if bagged && counts => {
            "auto: a count of a search with bags keeps a memo"
        }
        description::Cache::Auto => {
            let why =
                "auto: the search by the fewest embeddings seldom meets a failed free set again";
            return (None, Decision::new("cache", "off", why));
        }
    };
    let required: u32 = tables.required.iter().map(|w| w.count_ones()).sum();
    let from = match bagged && counts {
        // A memo is consulted from the start, as a scan's is.
        true => 0,
        false => required * tuning.cache_from_percent / 100,
    };
    let words = match bagged {
        true => (tables.words + tables.sets) as usize,
        false => layout.words(),
    };
    let bits = bits_for(estimate, words, tuning);
    let chosen = format!(
        "from {from} placements of at most {required}, keys of {words} word{}, 2^{bits} slots",
        if words == 1 { "" } else { "s" }
    );
    let why = cache_figures(why, estimate, tuning);
    let cache = FewestCache {
        from_depth: from,
        table: CacheTable {
            words,
            bits,
            memo: None,
        },
    };
    (Some(cache), Decision::new("cache", chosen, why))
}

/// Whether a count keeps a failure cache, from where, keyed how, and how large; `counts`
/// says it is to keep counts ([`counts`]), which keeps it however wide the frontier.
#[allow(clippy::too_many_arguments)] // each is a stage's output the decision reads
pub(super) fn cache(
    model: &Model,
    order: &Order,
    layout: &Layout,
    program: &Program,
    quotas: &[Quota],
    counts: bool,
    estimate: f64,
    tuning: &Tuning,
) -> (Option<ScanCache>, Decision) {
    let off = |why: String| (None, Decision::new("cache", "off", why));
    let why = match (model.options.cache, &model.problem) {
        (description::Cache::Off, _) => return off("asked".into()),
        (description::Cache::On, _) => "asked".to_owned(),
        (description::Cache::Auto, Problem::Box(b)) => {
            let width = frontier(&b.board, order);
            let narrow = width <= tuning.narrow_frontier;
            let why = format!(
                "auto: the scan's frontier of {width} cells {} `narrow_frontier` {}",
                if narrow { "<=" } else { ">" },
                tuning.narrow_frontier
            );
            // A memo pays however wide the frontier: it spares the searches that hold
            // solutions, not only those that fail.
            match (narrow, counts) {
                (true, _) => why,
                (false, true) => format!("{why}, but it is to keep counts"),
                (false, false) => return off(why),
            }
        }
        // Nothing to judge by without a box.
        (description::Cache::Auto, Problem::Abstract(_)) => "auto: no box to judge by".to_owned(),
    };
    let procedures = program.procedures();
    // A free set names the search's state only past the last optional aspect that leads
    // placements of its own: before it, the same free set comes back at a procedure that
    // may still place that aspect and at one that has left it out.
    let settled = procedures
        .iter()
        .rposition(|p| p.optional && matches!(p.body, Body::Place(_)))
        .map_or(0, |last| last + 1);
    // A memo is consulted from the start: the search above a later first position would be
    // the whole tree's top, which for a count in the billions is itself too large to walk.
    let share = match counts {
        true => 0,
        false => procedures.len() as u64 * u64::from(tuning.cache_from_percent) / 100,
    };
    let from = (share as usize).max(settled);
    if from >= procedures.len() {
        return off(format!(
            "{why}; no procedure left from position {from} (`cache_from_percent` {}, or an optional piece last)",
            tuning.cache_from_percent
        ));
    }
    let from = Position(from as u32);
    // The key leaves out the aspects every search has covered by then, unless an optional
    // one among them may still be free, or a bag a solution is checked on.
    let open = procedures[..from.index()].iter().any(|p| p.optional)
        || quotas.iter().any(|q| q.position < from);
    let key = match open {
        true => layout.key(Position(0)),
        false => layout.key(from),
    };
    let words = layout.key_words(key);
    let bits = bits_for(estimate, words, tuning);
    let chosen = format!(
        "from position {from} of {}, keys of {words} word{}, 2^{bits} slots",
        procedures.len(),
        if words == 1 { "" } else { "s" }
    );
    let why = cache_figures(&why, estimate, tuning);
    let cache = ScanCache {
        from,
        key,
        table: CacheTable {
            words,
            bits,
            memo: None,
        },
    };
    (Some(cache), Decision::new("cache", chosen, why))
}

/// Whether a count's cache is to keep the number of solutions below each free set (the
/// counting memo) rather than only which hold none: `Ok` with the reason where it is, `Err`
/// with the reason where not. Where pieces come in copies, the same free set comes back with
/// solutions below it (two copies swap places, dominoes tile a square in many ways), and a
/// memo turns each return into a lookup. Where every piece is one of a kind, a free set comes
/// back mostly where it fails, and a table of counts costs more than one of failures (see the
/// benchmark notes). A symmetry check after the search keeps a solution by the placements
/// above its free set too, so a count below a free set is not its own.
pub(super) fn counts(
    model: &Model,
    cover: &Cover,
    symmetry_check: Option<&SymmetryCheck>,
) -> Result<String, String> {
    if model.options.cache == description::Cache::Off {
        return Err("no cache (asked)".to_owned());
    }
    if symmetry_check.is_some() {
        return Err("a symmetry check keeps solutions by the placements above a free set".into());
    }
    match &model.problem {
        Problem::Box(b) if b.pieces.iter().any(|p| p.count.max > 1) => {
            Ok("pieces in copies, no symmetry check".to_owned())
        }
        Problem::Box(_) => Err("every piece is one of a kind".to_owned()),
        Problem::Abstract(_) => {
            // Counts of times (bags) are followed by the search by the fewest embeddings
            // alone, whose state a memo then keys whole.
            let counted = (0..cover.aspect_count() as u32)
                .map(AspectId)
                .any(|a| (cover.least(a), cover.multiplicity(a)) != (1, 1));
            match counted {
                true => Ok("aspects covered a number of times, no symmetry check".to_owned()),
                false => Err("every aspect is covered once".to_owned()),
            }
        }
    }
}

/// Whether the cache of a count, `table`, keeps counts (the counting memo) where [`counts`]
/// says so, and the size of its table, for the free sets the search can meet: the estimated
/// placements, and, on a box, its cells times every way of leaving free the cells the pieces
/// reach past the scan's frontier, a slot for each few ([`Tuning::placements_per_slot`]),
/// within [`Tuning::memo_bytes`].
pub(super) fn memo(
    table: Option<CacheTable>,
    counts: Result<String, String>,
    model: &Model,
    order: &Order,
    estimate: f64,
    tuning: &Tuning,
) -> (Option<u32>, Decision) {
    let (Some(table), Ok(why)) = (table, &counts) else {
        let why = counts.err().unwrap_or_else(|| "no cache".to_owned());
        return (None, Decision::new("memo", "off", why));
    };
    // Past the first free cell of the scan, a free set differs in the cells the pieces reach:
    // the frontier, once for each cell a piece has beyond its first.
    let states = match &model.problem {
        Problem::Box(b) => {
            let reach = b
                .pieces
                .iter()
                .map(|p| p.shape.len())
                .max()
                .unwrap_or(1)
                .max(2)
                - 1;
            let width = (frontier(&b.board, order) * reach).min(60) as i32;
            b.board.cells().len() as f64 * 2f64.powi(width) * f64::from(tuning.placements_per_slot)
        }
        Problem::Abstract(_) => f64::INFINITY,
    };
    let bits = memo_bits_for(estimate.min(states), table.words + 2, tuning);
    let chosen = format!("counts below each free set, 2^{bits} slots");
    let why = format!(
        "{why}; estimate {} / `placements_per_slot` {} within `memo_bytes` {}",
        size(estimate.min(states)),
        tuning.placements_per_slot,
        tuning.memo_bytes
    );
    (Some(bits), Decision::new("memo", chosen, why))
}

/// How the generated procedures find which of their placements fit.
pub(super) fn fitting(layout: &Layout, pruning: &Pruning, tuning: &Tuning) -> (Fitting, Decision) {
    let tests = |why: &str| (Fitting::Tests, Decision::new("fitting", "by tests", why));
    if !one_word(layout) {
        return tests("the free set is wider than 128 bits");
    }
    if layout.has_bags() {
        return tests("bags hold copies, not bits");
    }
    if pruning.check().is_some_and(|c| c.board.is_none()) {
        return tests("the check runs by tables, not on a bit board");
    }
    let from = tuning.lookup_from;
    let chosen = format!("by lookups in procedures of {from} placements or more");
    // How the lookups check is judged last, by a walk of the plan.
    let checking = Checking::AsPlaced;
    let fitting = Fitting::Tables { from, checking };
    (fitting, Decision::new("fitting", chosen, "`lookup_from`"))
}

#[cfg(test)]
mod tests {
    use crate::description::Description;
    use crate::tuning::Tuning;
    use crate::Puzzle;

    /// The decision of `what` in the plan of the 3x20 pentomino with `tuning`, scanned with
    /// the hole test.
    fn decided(what: &str, tuning: Tuning) -> String {
        let d = Description::new("p").block(&[3, 20]).pentominoes();
        let d = d.prune(crate::description::Prune::Holes);
        let p = Puzzle::new(&d.tuning(tuning)).unwrap();
        let decisions = &p.plan().decisions;
        let found = decisions.iter().find(|d| d.what == what);
        found.expect("every decision is recorded").to_string()
    }

    #[test]
    fn a_decision_names_the_threshold_that_made_it() {
        let pairs = decided("pairs", Tuning::default());
        assert!(pairs.starts_with("pairs: off (estimate "), "{pairs}");
        assert!(pairs.contains("< `heavy_checks_from` 2.00e5"), "{pairs}");
        let tuning = Tuning {
            heavy_checks_from: 0.0,
            ..Tuning::default()
        };
        let pairs = decided("pairs", tuning.clone());
        assert!(pairs.starts_with("pairs: on (estimate "), "{pairs}");
        // The check then judged by a walk, and its share recorded.
        let checking = decided("checking", tuning);
        assert!(
            checking.contains("of the first 20000 placements refused"),
            "{checking}"
        );
        let cache = decided("cache", Tuning::default());
        assert!(cache.contains("<= `narrow_frontier` 8"), "{cache}");
    }
}
