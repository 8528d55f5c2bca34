//! Eight queens on a chessboard: every row and column holds one queen, every diagonal at most
//! one (optional aspects). 92 solutions.
//!
//! ```text
//! cargo run --release --example queens_8 [SOLUTIONS_TO_DRAW]
//! ```

mod common;

include!("common/queens.rs");

fn main() {
    common::report("8 queens", |v| queens::solve(v), common::show(2));
}
