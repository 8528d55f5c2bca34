//! The pentomino rectangles, one solution per symmetry class: 3x20 (2), 4x15 (368),
//! 5x12 (1010) and 6x10 (2339).
//!
//! ```text
//! cargo run --release --example pentomino_rectangles [SOLUTIONS_TO_DRAW]
//! ```

mod common;

use puzzlec::puzzle;

puzzle! {
    mod p3x20 { box: ["...................."; 3], pieces: pentominoes, symmetry: reduced }
    mod p4x15 { box: ["..............."; 4], pieces: pentominoes, symmetry: reduced }
    mod p5x12 { box: ["............"; 5], pieces: pentominoes, symmetry: reduced }
    mod p6x10 { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }
}

fn main() {
    let show = common::show(1);
    common::report("3x20", &p3x20::SOLVER, show);
    common::report("4x15", &p4x15::SOLVER, show);
    common::report("5x12", &p5x12::SOLVER, show);
    common::report("6x10", &p6x10::SOLVER, show);
}
