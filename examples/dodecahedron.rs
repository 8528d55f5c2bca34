//! The twelve faces of a dodecahedron covered by six dominoes, each on two faces that share an
//! edge: an abstract puzzle with one embedding per edge. 125 solutions; 5 modulo the 120
//! symmetries of the dodecahedron, which the macro finds from the embeddings alone.
//!
//! ```text
//! cargo run --release --example dodecahedron [SOLUTIONS_TO_DRAW]
//! ```

mod common;

include!("common/dodecahedron.rs");

fn main() {
    let show = common::show(2);
    common::report("dodecahedron", &dodecahedron::SOLVER, show);
    common::report(
        "dodecahedron, modulo symmetry",
        &dodecahedron_reduced::SOLVER,
        show,
    );
    println!(
        "symmetries found: {}",
        dodecahedron_reduced::INFO.symmetry.group_order
    );
}
