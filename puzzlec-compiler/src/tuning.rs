//! Every threshold by which the compiler decides how a search runs, in one value: [`Tuning`].
//!
//! Each is a guess fitted to the puzzles measured (`puzzlec-bench/README.md` holds the figures;
//! the reasons are here). The stages that decide take the value explicitly, and a puzzle may
//! set any of them (`tuning: { lookup_from: 100 }`), so that tests reach every variant the
//! back ends can print on puzzles of any size. What a threshold decides is part of the plan, and so of the
//! fingerprint: two tunings that make different searches never share units.
//!
//! The size gates compare one quantity, the search's size as the compiler estimates it:
//! Knuth's estimate of the placements the chosen order's search makes, before pruning and the
//! choice of dead ends and fewest fits, which make the search run smaller.

use std::fmt;

/// Declares [`Tuning`] from one entry per threshold (its reason, name, type, default and
/// kind of number), so that each is written once: the field, its default and its place in
/// [`FIELDS`] come from the same line.
macro_rules! thresholds {
    ($($(#[doc = $doc:literal])* $name:ident: $ty:ty = $default:expr, $kind:expr;)*) => {
        /// The thresholds that decide how a search runs. [`Tuning::default`] is what every
        /// puzzle gets unless it says otherwise.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Tuning {
            $($(#[doc = $doc])* pub $name: $ty,)*
        }

        impl Default for Tuning {
            fn default() -> Tuning {
                Tuning {
                    $($name: $default,)*
                }
            }
        }

        /// Every threshold by name, in the order declared.
        const FIELDS: &[Access] = &[$((stringify!($name), $kind, |t| Slot::from(&mut t.$name)),)*];
    };
}

thresholds! {
    /// Random descents per candidate order of Knuth's estimate: enough to rank orders whose
    /// searches differ by a few percent on the pentomino boxes, a few milliseconds each.
    probes: u32 = 2000, Kind::Whole(1);
    /// Random descents from which every candidate order is first estimated, the first of its
    /// `probes`: enough to tell the candidates many times worse than the best, which most are,
    /// for a tenth of the walks (`probes` or more: no race).
    race_probes: u32 = 200, Kind::Whole(1);
    /// How many times the best first estimate a candidate's may be and still be estimated from
    /// all its `probes`: a few walks of a large search miss its rare deep branches, or meet one
    /// and overestimate it several times over (the one-sided 6x15's best order, five times at
    /// first), but rarely by this much.
    race_within: f64 = 10.0, Kind::Real;
    /// The words of masks one estimate may compare, all its walks together: far more than the
    /// walks of the puzzles this method is for ever need, so that they make all their walks, and
    /// a bound on the time a huge box (walks hundreds of levels deep through long lists) can
    /// take.
    estimate_words: u64 = 1 << 26, Kind::Whole(1);
    /// How many times the placements an estimate's walks have made may pass the estimate so
    /// far before the walks end: a search smaller than the walks that estimate it (a box of
    /// monominoes, a sudoku) costs less than a finer estimate, and no choice it could make is
    /// worth more. The searches the estimates are for make millions of placements, far more
    /// than their walks, and keep every walk.
    estimate_past: f64 = 1.0, Kind::Real;
    /// Pieces tried before the cells by `order: auto`, those with the fewest placements,
    /// alone and as ordered pairs: on the pentomino boxes the best lead is always among the
    /// first three.
    leads: usize = 3, Kind::Whole(0);
    /// Scans of the cells that `order: auto` tries with every lead, the best by their
    /// estimates with no lead and the most promising one: each lead costs an estimate per
    /// scan, and the ranking of the scans rarely changes with the lead.
    scans: usize = 2, Kind::Whole(1);
    /// The leads each scan is raced with in the first stage of the race of `order: auto`: the
    /// best lead is most often among the first two (by placements), and the second stage tries
    /// every lead with the best scans.
    first_leads: usize = 2, Kind::Whole(1);
    /// The most axes of a box whose every order `order: auto` races as scans: past it, only
    /// the shorter sides first and the reading order, since the orders grow as the factorial.
    every_axis_order_to: usize = 4, Kind::Whole(1);
    /// The estimate below which the order's choice keeps the first way to reduce the puzzle
    /// (the piece with the fewest placements kept), without judging the others: such a search
    /// takes well under a second, less than choosing orders for the others would add to each
    /// build.
    small_search: f64 = 1e7, Kind::Real;
    /// The most ways to reduce the puzzle (one per piece kept) the symmetry reduction offers
    /// the order's choice to judge, those with the fewest placements kept first: as many as a
    /// 4x4x4 cube puzzle has, and a bound on what a box of many pieces (the 35 hexominoes)
    /// adds to each build.
    max_judged: usize = 12, Kind::Whole(1);
    /// The least length of every axis of a box of three or more axes on which dead ends and
    /// the fewest fits are covered first by default: only there do the placements they save
    /// pay for the look after each placement.
    thick: u32 = 4, Kind::Whole(0);
    /// The estimate from which a search gets the heavier checks: the pair test and checking
    /// every fit before placing ([`crate::plan::Checking`]). Each makes every procedure call
    /// dearer to save placements further down, which pays only on the larger searches.
    heavy_checks_from: f64 = 200_000.0, Kind::Real;
    /// The share of checked placements refused from which the lookups check every fit before
    /// placing any: below it the branch on the outcome is predicted well enough.
    check_first_from: f64 = 0.3, Kind::Share;
    /// The fewest neighbour distances of a bit board on which checking first counts the free
    /// neighbours once per procedure call: on a plain box in two dimensions (two) a new count
    /// after each placement is about as fast.
    counts_from_steps: usize = 3, Kind::Whole(0);
    /// The fewest placements a procedure finds by table lookups (where the plan looks up),
    /// and a tree the walker finds by lookups: with fewer, tests (the walker's scan of masks)
    /// are as fast and smaller than tables.
    lookup_from: usize = 8, Kind::Whole(0);
    /// The widest frontier of the scan at which a count keeps a failure cache (`cache: auto`):
    /// on the pentomino boxes it pays on the 2-D ones (frontiers of 5 to 8 cells) and costs on
    /// the 3-D ones (10 and 12), whose lookups rarely hit.
    narrow_frontier: usize = 8, Kind::Whole(0);
    /// The share of the procedures, in percent, before the first that consults the failure
    /// cache: the same free set comes back along several paths only after a few placements.
    cache_from_percent: u32 = 25, Kind::Whole(0);
    /// Placements of the estimated search per slot of the failure cache.
    placements_per_slot: u32 = 4, Kind::Whole(1);
    /// The most bytes the failure cache's table takes: half the L2 cache of a common core.
    /// Its lookups land anywhere in it, so a table that stays in the core's own cache is worth
    /// more than the failures a larger one would remember.
    table_bytes: usize = 512 << 10, Kind::Whole(1);
    /// The most bytes a counting memo's table takes, on each thread of a count: a count it
    /// pays on keeps most of its free sets, not only the failures, and each kept one spares a
    /// subtree, so it takes what a laptop spares without notice, not a core's cache.
    memo_bytes: usize = 64 << 20, Kind::Whole(1);
    /// The share of the box's cells, in percent, that must be free for the search to cover the
    /// cell with the fewest fits: near the top of the search only, where a branch saved is a
    /// large subtree and the counts are few.
    fewest_fits_percent: u32 = 40, Kind::Whole(0);
    /// The most bytes the sets of embeddings that take each aspect may fill, for the choice of
    /// the aspect with the fewest embeddings: each placement reads the sets of its aspects,
    /// so past a few megabytes they stop fitting a core's caches, and a cover that large is
    /// searched in its listed order.
    fewest_bytes: usize = 16 << 20, Kind::Whole(1);
    /// What a placement of the search by the fewest embeddings costs, in placements of a
    /// box's scan: each counts the embeddings still fitting every free required aspect, where
    /// a scan's tests one aspect's. `order: auto` searches a box by the fewest embeddings only
    /// where its estimate, times this, is less than the race of the scans would walk.
    fewest_cost: f64 = 8.0, Kind::Real;
    /// How many times the required aspects its embeddings take, all together, the search by
    /// the fewest embeddings may hold in its table of them where each embedding's are padded
    /// to the most one takes (so that the search reads them at one stride, unrolled where the
    /// stride is a common one). Past it (a burr's frame among small pieces: a stride of 201
    /// where most take a few dozen) they are kept one after another, and a placement counts
    /// down no padding.
    padded_bits_within: f64 = 2.0, Kind::Real;
    /// The placements of the walk that measures how often the pruning check refuses: enough
    /// for a share within a few hundredths of that of five times as many (which decided the
    /// same on every puzzle measured), a few milliseconds at compile time.
    judging_placements: u64 = 20_000, Kind::Whole(1);
    /// Subtrees with fewer placements than this are scanned by the walker, not walked: a test
    /// per placement costs less than a test per node where the nodes are about as many.
    scan_below: usize = 64, Kind::Whole(1);
    /// Procedures per function of the generated code's parts, which rustc optimises one at a
    /// time.
    procedures_per_part: usize = 8, Kind::Whole(1);
}

// No threshold is ever NaN: [`Tuning::set`] refuses it, and the defaults are numbers.
impl Eq for Tuning {}

/// The kind of number a threshold takes, and the least it may be.
#[derive(Clone, Copy)]
enum Kind {
    /// A whole number from this least.
    Whole(u64),
    /// A number at least 0.
    Real,
    /// A share from 0 to 1.
    Share,
}

/// A threshold's name, its kind, and where it lives in a [`Tuning`].
type Access = (&'static str, Kind, fn(&mut Tuning) -> Slot<'_>);

/// A threshold's place in a [`Tuning`].
enum Slot<'t> {
    U32(&'t mut u32),
    U64(&'t mut u64),
    Usize(&'t mut usize),
    F64(&'t mut f64),
}

impl<'t> From<&'t mut u32> for Slot<'t> {
    fn from(v: &'t mut u32) -> Slot<'t> {
        Slot::U32(v)
    }
}

impl<'t> From<&'t mut u64> for Slot<'t> {
    fn from(v: &'t mut u64) -> Slot<'t> {
        Slot::U64(v)
    }
}

impl<'t> From<&'t mut usize> for Slot<'t> {
    fn from(v: &'t mut usize) -> Slot<'t> {
        Slot::Usize(v)
    }
}

impl<'t> From<&'t mut f64> for Slot<'t> {
    fn from(v: &'t mut f64) -> Slot<'t> {
        Slot::F64(v)
    }
}

/// The largest whole number a threshold takes: far past any puzzle, and exact as an `f64`.
const MOST: u64 = 1 << 40;

impl Tuning {
    /// The names of the thresholds, as the puzzle language writes them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        FIELDS.iter().map(|f| f.0)
    }

    /// Sets the threshold `name` to `value`; `Err` says why it cannot be (an unknown name, a
    /// number of the wrong kind or out of range).
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let Some(&(_, kind, slot)) = FIELDS.iter().find(|f| f.0 == name) else {
            return Err(format!("unknown threshold `{name}`"));
        };
        match kind {
            Kind::Whole(least) => {
                if value.fract() != 0.0 || value < least as f64 {
                    return Err(format!("`{name}` takes a whole number of at least {least}"));
                }
                if value > MOST as f64 {
                    return Err(format!("`{name}` takes a whole number of at most 2^40"));
                }
            }
            Kind::Real if !(value >= 0.0 && value.is_finite()) => {
                return Err(format!("`{name}` takes a number of at least 0"));
            }
            Kind::Share if !(0.0..=1.0).contains(&value) => {
                return Err(format!("`{name}` takes a share from 0 to 1"));
            }
            Kind::Real | Kind::Share => {}
        }
        match slot(self) {
            Slot::U32(v) => *v = u32::try_from(value as u64).unwrap_or(u32::MAX),
            Slot::U64(v) => *v = value as u64,
            Slot::Usize(v) => *v = value as usize,
            Slot::F64(v) => *v = value,
        }
        Ok(())
    }

    /// Every threshold with its value, in the order of [`Tuning::names`].
    pub fn values(&self) -> Vec<(&'static str, f64)> {
        let mut copy = self.clone();
        FIELDS
            .iter()
            .map(|&(name, _, slot)| {
                let value = match slot(&mut copy) {
                    Slot::U32(v) => f64::from(*v),
                    Slot::U64(v) => *v as f64,
                    Slot::Usize(v) => *v as f64,
                    Slot::F64(v) => *v,
                };
                (name, value)
            })
            .collect()
    }

    /// The thresholds set otherwise than by default, with their values.
    pub fn changes(&self) -> Vec<(&'static str, f64)> {
        let default = Tuning::default().values();
        let values = self.values().into_iter().zip(default);
        values.filter(|(a, b)| a != b).map(|(a, _)| a).collect()
    }
}

/// The thresholds set otherwise than by default, as the puzzle language writes them:
/// `{ lookup_from: 100, check_first_from: 0 }`, or `{}`.
impl fmt::Display for Tuning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let changes: Vec<String> = self
            .changes()
            .into_iter()
            .map(|(name, value)| format!("{name}: {}", number(value)))
            .collect();
        match changes.is_empty() {
            true => write!(f, "{{}}"),
            false => write!(f, "{{ {} }}", changes.join(", ")),
        }
    }
}

/// A number as the puzzle language reads it back: whole numbers without a point.
fn number(value: f64) -> String {
    match value.fract() == 0.0 && value.abs() < MOST as f64 {
        true => format!("{}", value as u64),
        false => format!("{value:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_threshold_is_named_once_and_set_by_name() {
        let names: Vec<&str> = Tuning::names().collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        // Setting each to a value of its kind changes it alone.
        for name in names {
            let mut t = Tuning::default();
            t.set(name, 1.0).unwrap();
            let changed: Vec<&str> = t.changes().iter().map(|c| c.0).collect();
            assert!(changed.iter().all(|&c| c == name), "{name}: {changed:?}");
            assert_eq!(t.values().iter().find(|v| v.0 == name).unwrap().1, 1.0);
        }
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_refused() {
        let mut t = Tuning::default();
        assert!(t.set("lookup_from", 2.5).is_err());
        assert!(t.set("lookup_from", -1.0).is_err());
        assert!(t.set("probes", 0.0).is_err());
        assert!(t.set("check_first_from", 1.5).is_err());
        assert!(t.set("heavy_checks_from", f64::NAN).is_err());
        assert!(t.set("heavy_check_from", 1.0).is_err());
        assert_eq!(t, Tuning::default());
        assert_eq!(t.to_string(), "{}");
        t.set("lookup_from", 100.0).unwrap();
        t.set("check_first_from", 0.25).unwrap();
        assert_eq!(
            t.to_string(),
            "{ check_first_from: 0.25, lookup_from: 100 }"
        );
    }
}
