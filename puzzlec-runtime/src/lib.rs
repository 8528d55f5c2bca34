//! What a compiled puzzle needs at run time, and nothing of the compiler: the code that
//! `puzzle!` generates and the programs that run it link this crate alone.
//!
//! - [`Solver`]: the one shape of every compiled puzzle, generated ([`NativeSolver`]) or
//!   compiled at run time (the compiler's `Puzzle`); [`Info`] says what it is.
//! - [`search`]: the [`Sink`](search::Sink) a search reports to, and the sinks that count,
//!   keep statistics or show solutions to a visitor.
//! - [`parallel`]: work units, all cores; [`watch`]: a search watched and stopped.
//! - [`Catalog`] and [`Solution`]: reading and drawing solutions.
//! - [`lattice`]: the grid a box is built on, its cells' neighbours and its motions.
//! - [`disassembly`]: whether an assembly comes apart, how, and at what level.
//! - [`symmetry`]: the check that finishes a symmetry reduction.
//! - [`processor`]: the puzzle processor's code, its text and binary forms, and its
//!   interpreter.
//! - [`FailureCache`]: free sets known to hold no solution, which a count skips.
//! - [`rules`]: the versions of the rules that shape a search tree, which fingerprints name.
//!
//! The method behind it all is described in the repository's `docs/method.md`.

pub mod disassembly;
mod failure;
mod fewest;
pub mod fingerprint;
mod fits;
mod info;
pub mod lattice;
mod lists;
mod native;
pub mod parallel;
pub mod processor;
mod prune;
pub mod rules;
pub mod search;
mod solution;
mod solver;
mod stack;
pub mod symmetry;
mod tuning;
mod unit;
pub mod watch;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use failure::FailureCache;
pub use info::{CacheInfo, EverySolution, Info, PruneKind, SymmetryGroup, SymmetryInfo};
pub use lattice::Lattice;
pub use native::NativeSolver;
pub use solution::{Aspect, Catalog, Kind, Picture, Placement, Slot, Solution, Solutions};
pub use solver::{Run, Solver};
pub use stack::deep;
pub use unit::{Unit, UnitError};
pub use watch::{Seen, Watch};
