//! The two 4x4x4 cubes sold as puzzles, as `puzzles/` has them: their piece lists checked by
//! the orientation counts of their pieces under the cube's 24 rotations, and the search the
//! compiler makes of them. Their counts (Bedlam 19,186, Tetris cube 9,839, modulo rotations)
//! take seconds to minutes: the benchmarks assert them.

use std::collections::BTreeMap;
use std::path::Path;

use puzzlec::compiler::model::{Model, Problem};
use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::{Errors, Puzzle};
use puzzlec::Solver;

/// The model of the one puzzle of a file in `puzzles/`.
fn model(file: &str) -> (Model, Puzzle) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puzzles")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let parsed = parse_str(&text).unwrap();
    assert_eq!(parsed.len(), 1);
    let description = &parsed[0].description;
    let model = Model::check(description, &mut Errors::default()).unwrap();
    (model, Puzzle::new(description).unwrap())
}

/// How many pieces of each size have each number of orientations under rotations.
fn orientations(model: &Model) -> BTreeMap<(usize, usize), usize> {
    let Problem::Box(b) = &model.problem else {
        panic!("a box puzzle")
    };
    let mut counts = BTreeMap::new();
    for piece in &b.pieces {
        let key = (piece.shape.len(), piece.shape.orientations(false).len());
        *counts.entry(key).or_default() += 1;
    }
    counts
}

#[test]
fn bedlam_pieces() {
    let (model, puzzle) = model("bedlam.puzzle");
    // Twelve pentacubes and a tetracube: 7 with 24 orientations, 5 with 12, 1 with 3.
    let want = BTreeMap::from([((4, 12), 1), ((5, 3), 1), ((5, 12), 4), ((5, 24), 7)]);
    assert_eq!(orientations(&model), want);
    // Chiral pieces without twins: the rotations alone are symmetries.
    assert_eq!(puzzle.info().symmetry.group_order, 24);
    assert!(puzzle.info().symmetry.mirror_twins.is_empty());
}

#[test]
fn tetris_cube_pieces() {
    let (model, puzzle) = model("tetris_cube.puzzle");
    // Eight pentacubes and four hexacubes: 10 with 24 orientations, 2 with 12.
    let want = BTreeMap::from([((5, 12), 2), ((5, 24), 6), ((6, 24), 4)]);
    assert_eq!(orientations(&model), want);
    assert_eq!(puzzle.info().symmetry.group_order, 24);
}
