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
    common::report("dodecahedron", |v| dodecahedron::solve(v), show);
    common::report(
        "dodecahedron, modulo symmetry",
        |v| dodecahedron_reduced::solve(v),
        show,
    );
    println!(
        "symmetries found: {}",
        dodecahedron_reduced::SYMMETRY_GROUP_ORDER
    );
}
