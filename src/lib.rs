//! Compile a packing puzzle, declared in Rust, into a native solver specialised to that puzzle.
//!
//! `puzzle!` turns the puzzle into an exact-cover problem at compile time (aspects are the box's
//! cells and the pieces, embeddings are the placements), orders the aspects, and expands into
//! one function per aspect: nested guarded bit tests on the set of free aspects, with the tests
//! that placements share written once. rustc then compiles the solver for that one puzzle.
//!
//! ```
//! use puzzlec::{puzzle, Solver};
//!
//! puzzle! {
//!     /// The 6x10 pentomino, one solution per symmetry class.
//!     pub mod pentomino_6x10 {
//!         box: [".........."; 6],
//!         pieces: pentominoes,
//!         symmetry: reduced,
//!     }
//! }
//!
//! # fn main() {
//! assert_eq!(pentomino_6x10::SOLVER.count(), 2339);
//! # }
//! ```
//!
//! Each puzzle becomes a module whose `SOLVER` implements [`Solver`]: `count`,
//! `count_parallel`, `solve` (each [`Solution`] shown to a visitor), `units` and `run_unit` (the
//! search in numbered pieces that run alone), `stats`, and more. `INFO` says what the compiler
//! made of the puzzle, `CATALOG` reads its solutions, `PROCESSOR` is the same program as code
//! for the puzzle processor, and `solve_with` searches into any [`search::Sink`].
//!
//! The puzzle language (boxes in any dimension, pieces drawn or listed, identical copies,
//! symmetry reduction, abstract puzzles, the options) is described in the repository's
//! `docs/language.md`; the method behind the solvers in `docs/method.md`. Mistakes are compile
//! errors at the offending tokens, all reported at once.
//!
//! ```
//! use puzzlec::Solver;
//!
//! puzzlec::puzzle! {
//!     /// The report's small puzzle: a 2x3 box, a monomino, a domino and an L tromino, with
//!     /// the tromino kept to two placements.
//!     mod small {
//!         box: ["...", "..."],
//!         pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
//!         order: columns,
//!         restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
//!     }
//! }
//!
//! # fn main() {
//! assert_eq!(small::SOLVER.collect(), [[0, 18, 10], [6, 3, 20], [7, 1, 20]]);
//! # }
//! ```
//!
//! With the `compiler` feature, `puzzlec::compiler` compiles the same language at run time, for
//! puzzles not known when the program is built; its `Puzzle` is a [`Solver`] too.
//!
//! Beside the solver, a [`disassembly::Disassembler`] takes a solution apart as BurrTools does:
//! pieces slide a group at a time along the lattice's directions, and the fewest moves to each
//! separation give the level BurrTools' users quote.
//!
//! ```
//! use puzzlec::disassembly::{Disassembler, Outcome, Rules, STATES};
//! use puzzlec::Solver;
//!
//! puzzlec::puzzle! {
//!     /// A bar of two cubes in the notch of a block of six.
//!     mod bars {
//!         box: 2 x 2 x 2,
//!         pieces: {
//!             A: [(0, 0, 0), (0, 1, 0)],
//!             B: [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)],
//!         },
//!     }
//! }
//!
//! # fn main() -> Result<(), puzzlec::disassembly::DisassemblyError> {
//! let catalog = bars::SOLVER.catalog();
//! let mut disassembler = Disassembler::new(catalog.lattice, Rules::default(), STATES)?;
//! let solutions = bars::SOLVER.solutions();
//! assert!(!solutions.is_empty());
//! for solution in &solutions {
//!     match disassembler.solution(&solution)? {
//!         Outcome::Apart(separation) => assert_eq!(separation.level(), "1"),
//!         other => panic!("the bar slides out: {other:?}"),
//!     }
//! }
//! # Ok(())
//! # }
//! ```

pub use puzzlec_runtime::{
    disassembly, lattice, parallel, processor, rules, search, symmetry, watch, Catalog,
    EverySolution, Info, Kind, Lattice, NativeSolver, Picture, Run, Slot, Solution, Solver, Unit,
    UnitError, Watch,
};

/// The whole run time, for what the re-exports above leave out.
pub use puzzlec_runtime as runtime;

/// The puzzle compiler, to compile puzzles at run time.
#[cfg(feature = "compiler")]
pub use puzzlec_compiler as compiler;

/// Declares one or more puzzles; each becomes a module with its solver. The puzzle language is
/// described in the repository's `docs/language.md`.
#[macro_export]
macro_rules! puzzle {
    ($($body:tt)*) => {
        $crate::__private::puzzle_with_runtime! { ($crate::runtime) $($body)* }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use puzzlec_macros::puzzle_with_runtime;
}

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The puzzle language's examples, likewise.
#[cfg(doctest)]
#[doc = include_str!("../docs/language.md")]
struct LanguageDoctests;
