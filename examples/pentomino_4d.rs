//! The twelve pentominoes in a 5x3x2x2 box of four dimensions: no solution, found by searching
//! every placement of every flat piece in every orientation the box allows.
//!
//! ```text
//! cargo run --release --example pentomino_4d
//! ```

mod common;

use std::io::{self, Write};
use std::process::ExitCode;

use puzzlec::puzzle;
use puzzlec::runtime::search::Tally;

puzzle! {
    mod p5x3x2x2 { box: 5 x 3 x 2 x 2, pieces: pentominoes }
}

fn main() -> ExitCode {
    common::report("5x3x2x2", &p5x3x2x2::SOLVER, common::show(1));
    let mut tally = Tally::default();
    let _ = p5x3x2x2::solve_with(&mut tally);
    common::exit(writeln!(
        io::stdout(),
        "{} placements tried among {} embeddings",
        tally.placements,
        p5x3x2x2::INFO.embeddings
    ))
}
