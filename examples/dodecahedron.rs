//! The twelve faces of a dodecahedron covered by six dominoes, each on two faces that share an
//! edge: an abstract puzzle with one embedding per edge. 125 solutions.
//!
//! ```text
//! cargo run --release --example dodecahedron [SOLUTIONS_TO_DRAW]
//! ```

mod common;

include!("common/dodecahedron.rs");

fn main() {
    common::report("dodecahedron", |v| dodecahedron::solve(v), common::show(2));
}
