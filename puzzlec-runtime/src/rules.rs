//! The rules that shape a search tree beyond what a program's data says, each with a version.
//!
//! A compiled puzzle's program (its order, trees and tables) is data, and its fingerprint
//! hashes that data. What the search does with it is code: which placements a pruning check
//! refuses, which dead end is covered first, which cell the fewest fits choose, which solutions
//! the symmetry check keeps. That code is carried out here, by generated code and by the
//! compiler's walker alike, so its versions live here too. The fingerprint names the version of
//! every rule the plan follows, so that work units, result files and failure caches made under
//! another version are refused rather than added to this one's.
//!
//! Raise a rule's version with any change to what it decides (which placements are tried, in
//! which order, which are refused, which solutions count), never for a change to how fast it
//! decides. The test `fingerprints` of `puzzlec-tests` fails when a reference puzzle's search
//! changes and its fingerprint does not, and names the rules its plan follows.

/// A rule that shapes the search tree, and the version of what it decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The rule's name, as `--stats` and the tests name it.
    pub name: &'static str,
    /// Raised with each change to what the rule decides.
    pub version: u32,
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} v{}", self.name, self.version)
    }
}

/// How a program is searched: each procedure covers its aspect by the placements of its tree,
/// in the tree's order, an optional aspect is then also left out, a covered aspect passes the
/// free set on, and a solution is reached past the last procedure where every bag's quota is
/// met. Followed by every program.
pub const SEARCH: Rule = Rule {
    name: "search",
    version: 1,
};

/// The hole test: a placement is refused where a free cell next to it has no free neighbour
/// (`Regions::leaves_hole`, `board_holes`, `board_holes_placed`).
pub const HOLES: Rule = Rule {
    name: "holes",
    version: 1,
};

/// The hole test's pairs: a placement is also refused where two free cells anywhere on the
/// board are each other's only free neighbour.
pub const PAIRS: Rule = Rule {
    name: "pairs",
    version: 1,
};

/// The region test: a placement is refused where a region of free cells next to it is smaller
/// than the smallest piece, or not a multiple of the pieces' common divisor, below its cap
/// (`Regions::allows`, `board_allows`).
pub const REGIONS: Rule = Rule {
    name: "regions",
    version: 1,
};

/// The choice of the dead end covered first (`board_dead_ends`): the lowest free cell with one
/// free neighbour, those whose neighbour has at most two free neighbours before the others; and
/// which placements a dead end's tree holds.
pub const DEAD_ENDS: Rule = Rule {
    name: "dead ends",
    version: 2,
};

/// The choice of the cell with the fewest fits (`Fits::fewest_of`, `board_hemmed_in`): among
/// the free cells with at most two free neighbours, else those with three, else all, the one
/// the fewest placements fit, a cell that one fits at once, ties to the lower bit; while more
/// cells are free than the plan's bound.
pub const FEWEST_FITS: Rule = Rule {
    name: "fewest fits",
    version: 2,
};

/// The choice of the required aspect with the fewest embeddings (`fewest::search`): after
/// every placement, the free required aspect that the fewest embeddings fit, ties to the
/// lowest bit of `q`, its embeddings in their order; the failure cache keyed by the whole
/// free set below the plan's depth. Where a required aspect is a bag (covered a range of
/// times, which no cover had before this rule followed it), the aspect of least branching
/// degree, as Knuth's `dlx3` chooses, a bag's embeddings each without those tried before it,
/// then none once its least is met.
pub const FEWEST_EMBEDDINGS: Rule = Rule {
    name: "fewest embeddings",
    version: 1,
};

/// Where the search chooses what to cover next: a dead end first, then (near the top) the
/// cell with the fewest fits, then the procedure the scan reaches.
pub const CHOICE: Rule = Rule {
    name: "choice",
    version: 1,
};

/// Which solutions of a reduced search the symmetry check keeps (`SymmetryCheck::accepts`):
/// what a unit's count means.
pub const SYMMETRY_CHECK: Rule = Rule {
    name: "symmetry check",
    version: 1,
};
