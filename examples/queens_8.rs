//! Eight queens on a chessboard: every row and column holds one queen, every diagonal at most
//! one (optional aspects). 92 solutions; 12 modulo the 8 symmetries of the board, which the macro
//! finds from the embeddings alone.
//!
//! ```text
//! cargo run --release --example queens_8 [SOLUTIONS_TO_DRAW]
//! ```

mod common;

include!("common/queens.rs");

fn main() {
    let show = common::show(2);
    common::report("8 queens", &queens::SOLVER, show);
    common::report("8 queens, modulo symmetry", &queens_reduced::SOLVER, show);
    println!(
        "symmetries found: {}",
        queens_reduced::INFO.symmetry.group_order
    );
}
