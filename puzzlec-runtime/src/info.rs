//! The facts a compiled puzzle publishes: what the compiler made of it and how its program
//! runs.

use std::borrow::Cow;

/// Facts about a compiled puzzle and how its program runs: static in generated code, owned at
/// run time.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Info {
    /// The puzzle's name.
    pub name: Cow<'static, str>,
    /// A number for the search this program makes (its exact-cover problem, order, program
    /// and plan, and the compiler's version): work units and failure caches carry it, so that
    /// those of another puzzle, or of another build of this one, are never mixed in.
    pub fingerprint: u64,
    /// The number of aspects: the box's cells, then the pieces, then any others.
    pub aspects: usize,
    /// The number of embeddings (placements), forbidden ones included; embedding numbers run
    /// from 0 to this.
    pub embeddings: usize,
    /// The number of embeddings the search uses.
    pub allowed: usize,
    /// The number of embeddings dropped at compile time because each cuts off a region that no
    /// other pieces can fill.
    pub eliminated: usize,
    /// The most placements one path of the search can hold: what decides the stack a search
    /// needs, as every engine goes one call deeper with each placement. A bound: each
    /// placement takes a required aspect, which is taken once, or as often as its bag holds,
    /// and no path places more than the embeddings the search uses.
    pub depth: usize,
    /// The number of procedures; the solution sentinel comes after them.
    pub procedures: u32,
    /// The number of 64-bit words of a work unit's state: those the program holds the free set
    /// `q` in, or, where a search by the fewest embeddings has bags, its whole level.
    pub words: usize,
    /// The aspect order: the pieces placed before the cells, and how the cells are scanned.
    pub order: Cow<'static, str>,
    /// Knuth's estimate, made by the compiler, of the placements the search makes in this
    /// order (compare [`Tally::placements`](crate::search::Tally::placements)); for a box
    /// searched by the fewest embeddings, of that search.
    pub estimate: f64,
    /// What the symmetry reduction did.
    pub symmetry: SymmetryInfo,
    /// What the search prunes after each placement.
    pub prune: PruneKind,
    /// The failure cache a count keeps, if it keeps one.
    pub cache: Option<CacheInfo>,
    /// Whether the search covers dead ends (free cells with one free neighbour) before the
    /// scan's next cell.
    pub dead_ends: bool,
    /// Where the search covers next, near its top, the free cell that the fewest placements
    /// fit: while more than this many cells are free.
    pub fewest_fits: Option<u32>,
    /// Whether the search covers, after every placement, the free required aspect that the
    /// fewest embeddings fit (Knuth's item with the fewest options) rather than the order's
    /// next: the processor's code keeps the order, and finds the same solutions in another
    /// order.
    pub fewest_embeddings: bool,
    /// How the program runs, as the compiler decided it: one decision a line, what was chosen
    /// and why, with the figures and thresholds that made it (`cache: off (auto: the scan's
    /// frontier of 12 cells > `narrow_frontier` 8)`).
    pub plan: Cow<'static, str>,
}

/// What a symmetry reduction did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SymmetryInfo {
    /// The order of the group the solutions are reduced by (1 when all are found).
    pub group_order: usize,
    /// The pairs of pieces, each the other's mirror image and only turned, that the group's
    /// reflections swap: when there are any, the group holds the box's reflections too, and a
    /// solution and its mirror image (these pieces swapped) are one class.
    pub mirror_twins: Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>,
    /// The piece restricted to one placement per orbit.
    pub piece: Option<Cow<'static, str>>,
    /// The piece kept to one placement per orbit of the symmetries that fix the first's
    /// placement, where some do.
    pub second_piece: Option<Cow<'static, str>>,
    /// The box's symmetries, as motions of its cells (empty for an abstract puzzle, whose
    /// symmetries the [`SymmetryCheck`](crate::symmetry::SymmetryCheck) holds): what
    /// [`Orbits`](crate::symmetry::Orbits) maps a solution with to find its whole class.
    pub group: SymmetryGroup,
}

impl SymmetryInfo {
    /// How every solution of this puzzle is best found, where one per class is not what is
    /// asked: decided here once for every front end.
    pub fn every_solution(&self) -> EverySolution {
        match (self.group_order > 1, &self.piece) {
            (false, _) => EverySolution::Found,
            (true, Some(_)) => EverySolution::FromClasses,
            (true, None) => EverySolution::Unreduced,
        }
    }
}

/// How every solution of a puzzle is found ([`SymmetryInfo::every_solution`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EverySolution {
    /// The search finds them all: nothing is reduced.
    Found,
    /// From the classes the reduced search finds (each solution with the others of its class,
    /// [`Solver::count_all`](crate::Solver::count_all)): a piece restricted to one placement
    /// per orbit makes that search about the group's order times smaller than the whole.
    FromClasses,
    /// By the search without the reduction: this one restricts no piece (only copies, mirror
    /// twins, or an abstract puzzle) and keeps each solution that is the least of its images,
    /// so it walks the whole tree anyway, and the search without it may count by memo.
    Unreduced,
}

/// The symmetries of a box, other than the identity, as what each does to the cells and to
/// the kinds of piece: compact enough to emit for any box.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SymmetryGroup {
    /// For each symmetry, the image of each cell (numbered as the catalog numbers them), one
    /// symmetry after another.
    pub cells: Cow<'static, [u32]>,
    /// For each symmetry, the kind each kind's placements become (itself, or its mirror twin
    /// under a reflection), one symmetry after another.
    pub kinds: Cow<'static, [u32]>,
}

/// What the search checks after each placement, to backtrack at once from a state no pieces
/// can complete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PruneKind {
    /// Nothing.
    #[default]
    Off,
    /// A free cell next to the placement walled in.
    Holes,
    /// A region of free cells next to the placement that no pieces could fill.
    Regions,
}

/// The failure cache a count keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CacheInfo {
    /// The table has `2^bits` slots.
    pub bits: u32,
    /// The words of a free set's key.
    pub words: usize,
    /// Whether it keeps the number of solutions below each free set (the counting memo),
    /// not only which hold none.
    pub counts: bool,
}
