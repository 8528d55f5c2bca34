//! Flat pentominoes, free in space, filling boxes: 10x3x2 (12), 6x5x2 (264) and 5x4x3 (3940)
//! solutions modulo the box's symmetries. Solutions are drawn layer by layer; each count is
//! then made again on every core.
//!
//! ```text
//! cargo run --release --example pentomino_3d [SOLUTIONS_TO_DRAW]
//! ```

mod common;

use puzzlec::puzzle;
use puzzlec::{parallel, Solver};

puzzle! {
    mod p10x3x2 { box: 10 x 3 x 2, pieces: pentominoes, symmetry: reduced }
    mod p6x5x2 { box: 6 x 5 x 2, pieces: pentominoes, symmetry: reduced }
    mod p5x4x3 { box: 5 x 4 x 3, pieces: pentominoes, symmetry: reduced }
}

fn main() {
    let show = common::show(1);
    common::report("10x3x2", &p10x3x2::SOLVER, show);
    common::report("6x5x2", &p6x5x2::SOLVER, show);
    common::report("5x4x3", &p5x4x3::SOLVER, show);
    report_parallel("10x3x2", &p10x3x2::SOLVER);
    report_parallel("6x5x2", &p6x5x2::SOLVER);
    report_parallel("5x4x3", &p5x4x3::SOLVER);
}

/// Counts one puzzle on every core and prints the count and the time.
fn report_parallel(name: &str, solver: &dyn Solver) {
    let start = std::time::Instant::now();
    let found = solver.count_parallel();
    println!(
        "{name}, on {} threads: {found} solutions in {:.3} s",
        parallel::threads(),
        start.elapsed().as_secs_f64()
    );
}
