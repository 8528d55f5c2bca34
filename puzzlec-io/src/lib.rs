//! What the front ends share (the `puzzlec` command and the native solvers it builds, the
//! Python package, the workshop page's server), so that each reads, draws and keeps results
//! alike:
//!
//! - [`input`]: puzzle files in the formats people already have (the puzzle language,
//!   BurrTools `.xmpuzzle`, Knuth's DLX format) read into the compiler's descriptions, whose
//!   mistakes point into the file as rustc's do (with the `readers` feature, on by default).
//! - [`draw`]: solutions in the terminal, as an SVG gallery and as JSON.
//! - [`disassembly`]: the assemblies a search finds, taken apart on every core.
//! - [`export`]: a puzzle as a Rust crate of its own, which solves it with `puzzle!`.
//! - [`results`]: the result files of work units run apart, and their merge into a count that
//!   every unit is in exactly once.
//!
//! The searches themselves, watched and stopped, are the run time's
//! (`puzzlec::Solver::count_watched` and its kin).

pub mod disassembly;
pub mod draw;
#[cfg(feature = "readers")]
pub mod export;
#[cfg(feature = "readers")]
pub mod input;
pub mod results;
