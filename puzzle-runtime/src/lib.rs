//! The pipeline and run-time support behind the `puzzle!` macro.
//!
//! A packing puzzle goes through these stages, each a module with its own data type:
//!
//! 1. [`description`]: what the user wrote ([`Description`]).
//! 2. [`board`], [`geometry`], [`pentominoes`]: the box, shapes and their placements.
//! 3. [`lower`]: the abstract puzzle ([`Cover`]): aspects (cells, then pieces) and embeddings
//!    (placements), with the user's restrictions; [`symmetry`] reduces it to one solution per
//!    class, with the box's symmetries or, for an abstract puzzle, those [`automorphism`] finds.
//! 4. [`order`]: the aspect order ([`Order`]).
//! 5. [`program`]: one procedure per aspect, a tree of guarded tests ([`Program`]).
//!
//! [`Puzzle`] runs them all. The macro emits Rust from the program; at run time [`walk`] runs
//! the same program and [`reference`](mod@reference) is an independent backtracker. Every solver reports to a
//! [`search::Sink`]; a [`Solution`] reads itself through the puzzle's [`Catalog`].

pub mod automorphism;
pub mod board;
pub mod choose;
pub mod cover;
pub mod description;
pub mod eliminate;
pub mod error;
pub mod estimate;
pub mod failure;
pub mod geometry;
pub mod lower;
pub mod order;
pub mod parallel;
pub mod pentominoes;
pub mod processor;
pub mod program;
pub mod prune;
pub mod puzzle;
pub mod reference;
pub mod search;
pub mod solution;
pub mod symmetry;
pub mod walk;

pub use cover::{AspectId, Cover, EmbeddingId};
pub use description::{Caching, Description, Lead, Loc, OrderChoice, Pruning, Symmetry};
pub use error::{Error, ErrorKind, Errors};
pub use order::Order;
pub use program::Program;
pub use puzzle::Puzzle;
pub use solution::{Catalog, Solution};
