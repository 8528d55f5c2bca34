//! The 8x8 square without its central 2x2, filled with the twelve pentominoes: 65 solutions
//! modulo the square's 8 symmetries.
//!
//! ```text
//! cargo run --release --example pentomino_8x8_hole [SOLUTIONS_TO_DRAW]
//! ```

mod common;

use puzzlec::puzzle;

puzzle! {
    mod square {
        box: [
            "........",
            "........",
            "........",
            "...##...",
            "...##...",
            "........",
            "........",
            "........",
        ],
        pieces: pentominoes,
        symmetry: reduced,
    }
}

fn main() {
    common::report("8x8 with a 2x2 hole", &square::SOLVER, common::show(3));
}
