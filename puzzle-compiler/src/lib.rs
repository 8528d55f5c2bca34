//! The puzzle compiler: a puzzle described in the puzzle language becomes a program, run
//! natively (Rust emitted for the `puzzle!` macro), walked at run time, or laid out as code
//! for the puzzle processor. One module per stage, each handing the next an explicit type:
//!
//! 1. [`parse`]: tokens (the macro's input, or a file's text) to a [`Description`]: what the
//!    user wrote, each part with where it was written.
//! 2. [`model`]: the description checked into a [`Model`]: drawings read ([`figure`],
//!    [`board`], [`geometry`], [`pentominoes`]), names resolved, options checked.
//! 3. [`lower`]: the model as exact cover ([`cover`]): aspects (cells, then pieces) and
//!    embeddings (placements).
//! 4. [`eliminate`]: placements that cut off a region no pieces can fill are forbidden.
//! 5. [`symmetry`] (with [`automorphism`] for puzzles without a box): one solution per class.
//! 6. [`choose`]: the aspect [`order`], chosen by Knuth's [`estimate`] of each candidate.
//! 7. [`program`]: one procedure per aspect, a tree of guarded tests.
//! 8. [`plan`]: how the program runs: the layout of the free set, pruning, the failure cache,
//!    the fingerprint.
//!
//! [`Puzzle`] runs the stages. Its back ends: [`emit`] (Rust), [`assemble`] (processor code),
//! [`walk`] (the program run directly: the run-time engine, and what the emitted Rust must
//! mean), [`catalog`] (for reading solutions), [`print`](mod@print) (a description back in the puzzle
//! language). [`reference`](mod@reference) is an independent backtracker that checks them all. The method is described in the repository's `docs/method.md`, the
//! puzzle language in `docs/language.md`.

pub mod assemble;
pub mod automorphism;
pub mod board;
pub mod catalog;
pub mod choose;
pub mod cover;
pub mod description;
pub mod eliminate;
pub mod emit;
pub mod error;
pub mod estimate;
pub mod figure;
mod fingerprint;
pub mod geometry;
pub mod limits;
pub mod lower;
pub mod model;
pub mod order;
pub mod parse;
pub mod pentominoes;
pub mod plan;
pub mod polyforms;
pub mod print;
pub mod program;
mod puzzle;
pub mod reference;
pub mod symmetry;
pub mod walk;

pub use cover::{AspectId, Cover, EmbeddingId};
pub use description::{Caching, Description, Lead, Loc, OrderChoice, Pruning, Symmetry};
pub use error::{Error, ErrorKind, Errors};
pub use model::{Model, PieceId};
pub use order::{Order, Position};
pub use plan::Plan;
pub use program::Program;
pub use puzzle::Puzzle;
