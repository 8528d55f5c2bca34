//! The grids of parts of cubes: rhombic tetrahedra (`grid: rhombic`, BurrTools' fourth grid)
//! and tetrahedra and octahedra (`grid: tetrahedra_octahedra`, its fifth): boxes of whole cubes,
//! the native solver against the walker and the reference backtracker, an exact-cover check of
//! each solution, the box's symmetries, and the mistakes a piece or a box can make there.

use puzzlec::compiler::description::Symmetry;
use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::{ErrorKind, Puzzle};
use puzzlec::Solver;
use puzzlec_tests::{check_solutions, engines_agree};

puzzlec::puzzle! {
    /// Two cubes of 24 rhombic tetrahedra each, filled with twelve pairs that meet across a
    /// cube's edge and twelve that meet in a face: BurrTools counts 193 up to the box's
    /// symmetries (`puzzles/rhombic.xmpuzzle`).
    mod pairs {
        grid: rhombic,
        box: 1 x 1 x 2,
        pieces: {
            12 x E: [(2, 1, 0), (2, 0, 1)],
            12 x F: [(2, 1, 0), (1, 2, 0)],
        },
    }
}

/// The native solver searches as the walker does as `text` describes the puzzle, the reference
/// backtracker counts as many, every solution is an exact cover, and the classes of the reduced
/// count, `reduced` of them under a group of `group`, make them all.
fn agree(text: &str, solver: &dyn Solver, group: usize, reduced: u128) {
    let description = parse_str(text).unwrap().remove(0).description;
    let every = Puzzle::new(&description).unwrap();
    engines_agree(solver, &every);
    let count = every.count();
    assert_eq!(u128::from(every.reference_count()), count);
    assert_eq!(check_solutions(&every, description.clone()) as u128, count);
    let mut classes = description;
    classes.symmetry = Symmetry::Reduced { piece: None };
    let classes = Puzzle::new(&classes).unwrap();
    assert_eq!(classes.info().symmetry.group_order, group);
    assert_eq!(classes.count(), reduced);
    assert_eq!(classes.count_all(), count);
}

#[test]
fn pairs_in_two_cubes() {
    let text = r###"mod pairs {
        grid: rhombic,
        box: 1 x 1 x 2,
        pieces: { 12 x E: [(2, 1, 0), (2, 0, 1)], 12 x F: [(2, 1, 0), (1, 2, 0)] },
    }"###;
    agree(text, &pairs::SOLVER, 16, 193);
}

/// A cube of 24 holds six square pyramids of four, in one way; a box drawn in layers of the
/// fine grid is the same box.
#[test]
fn pyramids_fill_a_cube() {
    let sized = "mod p { grid: rhombic, box: 1 x 1 x 1, pieces: { 6 x P: [(0, 1, 2), (0, 2, 1), (0, 2, 3), (0, 3, 2)] } }";
    let p = Puzzle::new(&parse_str(sized).unwrap().remove(0).description).unwrap();
    assert_eq!(p.count(), 1);
    let drawn = r###"mod p {
        grid: rhombic,
        box: [
            ["", "  .", " . .", "  ."],
            ["  .", "", ".   .", "", "  ."],
            [" . .", ".   .", "", ".   .", " . ."],
            ["  .", "", ".   .", "", "  ."],
            ["", "  .", " . .", "  ."],
        ],
        pieces: { 6 x P: [(0, 1, 2), (0, 2, 1), (0, 2, 3), (0, 3, 2)] },
    }"###;
    let q = Puzzle::new(&parse_str(drawn).unwrap().remove(0).description).unwrap();
    assert_eq!(q.count(), 1);
}

/// What a puzzle on this grid can get wrong, each said at the offending tokens.
#[test]
fn mistakes_on_the_rhombic_grid() {
    let errors = |text: &str| -> Vec<ErrorKind> {
        let description = parse_str(text).unwrap().remove(0).description;
        match Puzzle::new(&description) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.into_iter().map(|e| e.kind).collect(),
        }
    };
    let off = errors("mod p { grid: rhombic, box: 1 x 1 x 1, pieces: { A: [(0, 0, 0)] } }");
    assert!(
        matches!(&off[..], [ErrorKind::OffGrid { cell, grid: "rhombic", .. }] if cell == "0, 0, 0"),
        "{off:?}"
    );
    let drawn =
        errors("mod p { grid: rhombic, box: [[\"...\"], [\"...\"]], pieces: { A: [(0, 1, 2)] } }");
    assert!(
        matches!(&drawn[..], [ErrorKind::OffGrid { cell, .. }] if cell == "0, 0, 0"),
        "{drawn:?}"
    );
    let flat = errors("mod p { grid: rhombic, box: 1 x 2, pieces: { A: [(0, 1, 2)] } }");
    assert!(
        matches!(&flat[..], [ErrorKind::PlaneGrid { how, .. }] if how.contains("three axes")),
        "{flat:?}"
    );
    let apart = errors(
        "mod p { grid: rhombic, box: 1 x 1 x 1, pieces: { 12 x A: [(0, 1, 2), (0, 3, 2)] } }",
    );
    assert!(
        apart
            .iter()
            .any(|e| matches!(e, ErrorKind::DisconnectedPiece { .. })),
        "{apart:?}"
    );
}

puzzlec::puzzle! {
    /// Eight cubes of tetrahedra and octahedra (BurrTools' fifth grid), filled with eight
    /// pairs of a tetrahedron and a corner and twelve pairs of corners: BurrTools counts 22 up
    /// to the box's symmetries (`puzzles/octahedra.xmpuzzle`).
    mod octahedra {
        grid: tetrahedra_octahedra,
        box: 2 x 2 x 2,
        pieces: {
            8 x T: [(1, 1, 1), (2, 2, 2)],
            12 x C: [(2, 2, 2), (2, 2, 3)],
        },
    }
}

/// The same on the grid of tetrahedra and octahedra, where a point of no cell is a mistake.
#[test]
fn tetrahedra_and_octahedra() {
    let text = r###"mod octahedra {
        grid: tetrahedra_octahedra,
        box: 2 x 2 x 2,
        pieces: { 8 x T: [(1, 1, 1), (2, 2, 2)], 12 x C: [(2, 2, 2), (2, 2, 3)] },
    }"###;
    agree(text, &octahedra::SOLVER, 48, 22);
    let off = parse_str(
        "mod p { grid: tetrahedra_octahedra, box: 1 x 1 x 1, pieces: { A: [(0, 0, 0)] } }",
    )
    .unwrap()
    .remove(0)
    .description;
    let errors: Vec<ErrorKind> = (Puzzle::new(&off).err().unwrap().into_iter())
        .map(|e| e.kind)
        .collect();
    assert!(
        matches!(
            &errors[..],
            [ErrorKind::OffGrid {
                grid: "tetrahedra_octahedra",
                ..
            }]
        ),
        "{errors:?}"
    );
}
