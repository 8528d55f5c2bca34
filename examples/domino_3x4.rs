//! Six identical dominoes in a 3x4 box: 11 tilings, 5 modulo the box's symmetries. Each
//! tiling is found once, not once per permutation of the dominoes.
//!
//! ```text
//! cargo run --release --example domino_3x4 [SOLUTIONS_TO_DRAW]
//! ```

mod common;

use puzzlec::puzzle;

puzzle! {
    mod all { box: ["...."; 3], pieces: { 6 x D: ["##"] } }
    mod reduced { box: ["...."; 3], pieces: { 6 x D: ["##"] }, symmetry: reduced }
}

fn main() {
    let show = common::show(11);
    common::report("3x4, all tilings", &all::SOLVER, show);
    common::report("3x4, modulo symmetry", &reduced::SOLVER, show);
}
