//! Compile a packing puzzle, declared in Rust, into a native solver specialised to that puzzle.
//!
//! `puzzle!` turns the puzzle into an exact-cover problem at compile time (aspects are the box's
//! cells and the pieces, embeddings are the placements), orders the aspects, and expands into
//! one function per aspect: nested guarded bit tests on the set of free aspects, with the tests
//! that placements share written once. rustc then compiles the solver for that one puzzle.
//!
//! ```
//! use puzzle::puzzle;
//!
//! puzzle! {
//!     /// The 6x10 pentomino, one solution per symmetry class.
//!     pub mod pentomino_6x10 {
//!         box: [
//!             "..........",
//!             "..........",
//!             "..........",
//!             "..........",
//!             "..........",
//!             "..........",
//!         ],
//!         pieces: pentominoes,
//!         symmetry: reduced,
//!     }
//! }
//!
//! # fn main() {
//! assert_eq!(pentomino_6x10::count(), 2339);
//! # }
//! ```
//!
//! # The description
//!
//! `puzzle! { ... }` holds one or more puzzles. Each is written like a module (it becomes one):
//! doc comments and attributes, a visibility, `mod`, a name, and a body of `key: value` entries
//! separated by commas.
//!
//! | key | value | default |
//! |---|---|---|
//! | `box` | the box drawn as rows: `.` for a cell to cover, `#` for a hole; `["...."; 4]` repeats a row; layers of rows for 3-D (`[["..", ".."], ["..", ".."]]`, nested further for more axes); or sizes, `5 x 4 x 3` | required |
//! | `holes` | positions that are not part of the box, as coordinates: `[(3, 3), (3, 4)]` | none |
//! | `pieces` | `pentominoes`, or `{ ... }` listing pieces (below) | required |
//! | `reflect` | `true`: pieces may be turned over (free); `false`: only rotated (one-sided) | `true` |
//! | `symmetry` | `all` solutions, or `reduced`: exactly one per class modulo the box's symmetries (a check finishes the reduction where a kept placement is itself symmetric), or for a puzzle without a box modulo the symmetries of its embeddings; `reduced(X)` names the piece to restrict | `all` |
//! | `order` | the aspect order: `auto` (chosen by the macro from Knuth's estimate of each candidate's search: every scan of the cells, with none or a few of the pieces with fewest placements first); `rows` or `columns` (pieces after the cells); `[pieces, SCAN]` (all pieces first); `[X, Y, SCAN]` (these pieces first) | `auto` |
//! | `sharing` | whether placements share the tests they have in common | `true` |
//! | `eliminate` | drop, at compile time, the placements that cut off a region no other pieces can fill; `false` keeps the report's program | `true` |
//! | `prune` | `holes`: backtrack when a placement walls in a free cell; `regions`: when it leaves a region of free cells that no pieces could fill (smaller than the smallest piece, or not a multiple of the pieces' common divisor); `off`; `auto`: holes in 3-D and up, off in the plane | `auto` |
//! | `restrict` | `{ C: [DRAWING, ...] }`: keep only the drawn placements of piece `C`; each drawing is the whole box with `#` where the piece lies | none |
//!
//! A piece in `pieces: { ... }` is one of:
//! - a built-in pentomino by name: `F`, `I`, `L`, `N`, `P`, `T`, `U`, `V`, `W`, `X`, `Y`, `Z`,
//!   or `pentominoes` for all twelve;
//! - a name and a drawing, `#` for a cell: `C: ["##", "#."]`;
//! - a name and coordinates: `C: [(0, 0), (0, 1), (1, 0)]` (as many axes as the piece has);
//! - `COUNT x` before a piece for identical copies, `6 x D: ["##"]`: each solution is found
//!   once. Copies of several kinds are counted by bags, which the puzzle processor cannot
//!   hold, so such a puzzle has no `PROCESSOR`.
//!
//! A puzzle that is not a box lists `aspects: [a, b, ...]` (in search order; identifiers,
//! numbers or strings), `embeddings: [[a, b], ...]`, and `optional: [...]` for aspects covered
//! at most once instead of exactly once (the diagonals of the 8 queens).
//!
//! A piece whose cells do not all touch is an error unless it is marked
//! `#[allow(disconnected)]`. Pieces are numbered in the order written; the first letter of a
//! piece's name draws it in solutions.
//!
//! ```
//! puzzle::puzzle! {
//!     /// The report's small puzzle: a 2x3 box, a monomino, a domino and an L tromino.
//!     mod small {
//!         box: ["...", "..."],
//!         pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
//!         order: columns,
//!         restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
//!     }
//! }
//!
//! # fn main() {
//! let mut found = Vec::new();
//! let _ = small::solve(|s| {
//!     found.push(s.embeddings().to_vec());
//!     std::ops::ControlFlow::Continue(())
//! });
//! assert_eq!(found, [[0, 18, 10], [6, 3, 20], [7, 1, 20]]);
//! # }
//! ```
//!
//! # What a puzzle expands to
//!
//! A module with `count()`, `solve(visitor)` (the visitor sees each [`Solution`] and returns
//! [`ControlFlow`](core::ops::ControlFlow) to go on or stop), `solve_with(sink)` for any
//! [`search::Sink`], the embedding table `CATALOG`, the processor code `PROCESSOR`, and
//! constants for the aspect and embedding counts, the order chosen (`ORDER`, `ORDER_ESTIMATE`)
//! and the symmetry reduction. `count_parallel()` and `collect_parallel()` use every core;
//! `units()` and `run_unit(&unit, sink)` cut the search into numbered pieces that run alone.
//! A [`Solution`] lists its embeddings in placement order, gives each piece's cells, and draws
//! the box with `Display`.
//!
//! Mistakes are compile errors that point at what is wrong; all of them are reported at once.
//!
//! # At run time
//!
//! [`Puzzle`] compiles the same [`Description`] at run time and searches it with a plain
//! reference backtracker or by walking the program, for puzzles that are not known when the
//! program is built.

pub use puzzle_runtime::{
    description, search, Catalog, Description, Errors, Lead, OrderChoice, Pruning, Puzzle,
    Solution, Symmetry,
};

/// The whole runtime, for what the re-exports above leave out.
pub use puzzle_runtime as runtime;

/// Declares one or more puzzles; each becomes a module with its solver. See the crate
/// documentation for the syntax.
#[macro_export]
macro_rules! puzzle {
    ($($body:tt)*) => {
        $crate::__private::puzzle_with_runtime! { ($crate::runtime) $($body)* }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use puzzle_macros::puzzle_with_runtime;
}

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
