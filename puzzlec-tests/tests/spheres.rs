//! Puzzles of spheres (`grid: spheres`, the face-centred cubic packing in square layers): the
//! counts BurrTools gives for the puzzles of `puzzles/spheres.puzzle`, the box's symmetries,
//! the native solver against the walker, the processor and the reference backtracker, and the
//! sixths of a turn a piece lying in a hexagonal plane of spheres takes.

use std::path::Path;

use puzzlec::compiler::description::Symmetry;
use puzzlec::compiler::parse::{parse_str, Parsed};
use puzzlec::compiler::{ErrorKind, Errors, Puzzle};
use puzzlec::Solver;
use puzzlec_tests::{check_solutions, engines_agree, processor_agrees};

fn puzzles() -> Vec<Parsed> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles/spheres.puzzle");
    parse_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Each puzzle's count, one solution per class modulo the box's symmetries, is the one its
/// doc comment gives (BurrTools' `burrTxt` counts as many), on one core and on all; the
/// classes make every solution, as the reference backtracker counts them.
#[test]
fn counts_on_the_sphere_grid() {
    let expected = [("pyramid_3", 12, 8), ("tetrahedron_4", 2, 24)];
    let parsed = puzzles();
    assert_eq!(parsed.len(), expected.len());
    for (p, (name, count, group)) in parsed.iter().zip(expected) {
        assert_eq!(p.header.name, name);
        let comments: String = (p.header.attrs.iter())
            .map(|a| quote::quote!(#a).to_string())
            .collect();
        assert!(
            comments.contains(&format!(" {count} solutions")),
            "{comments}"
        );
        let puzzle = Puzzle::new(&p.description).unwrap();
        assert_eq!(puzzle.count(), count, "{name}");
        assert_eq!(puzzle.count_parallel(), count, "{name} on all cores");
        assert_eq!(puzzle.info().symmetry.group_order, group, "{name}");
        let mut all = p.description.clone();
        all.symmetry = Symmetry::All;
        let every = Puzzle::new(&all).unwrap();
        assert_eq!(puzzle.count_all(), every.count(), "{name}");
        assert_eq!(u128::from(every.reference_count()), every.count(), "{name}");
        assert_eq!(
            check_solutions(&every, all) as u128,
            every.count(),
            "{name}"
        );
    }
}

puzzlec::puzzle! {
    /// `pyramid_3` of `puzzles/spheres.puzzle`, every solution.
    mod pyramid {
        grid: spheres,
        box: [["...", "...", "..."], ["..", ".."], ["."]],
        pieces: {
            L: ["##", "#."],
            I: ["##"],
            V: ["###"],
            A: [["##"], ["#"]],
            B: ["#", "#", "#"],
        },
    }
}

puzzlec::puzzle! {
    /// `tetrahedron_4` of `puzzles/spheres.puzzle`, every solution.
    mod tetrahedron {
        grid: spheres,
        box: [
            ["", "", "", "...."],
            ["", "", "...", "..."],
            ["", "..", "..", ".."],
            [".", ".", ".", "."],
        ],
        pieces: {
            3 x hook: [(0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 2)],
            2 x rhombus: [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1)],
        },
    }
}

/// The native solvers search as the walker does, and the processor runs the same program.
#[test]
fn native_solvers_on_the_sphere_grid() {
    let solvers: [&dyn Solver; 2] = [&pyramid::SOLVER, &tetrahedron::SOLVER];
    for (p, solver) in puzzles().into_iter().zip(solvers) {
        let mut all = p.description;
        all.symmetry = Symmetry::All;
        engines_agree(solver, &Puzzle::new(&all).unwrap());
    }
    assert_eq!(pyramid::SOLVER.count(), 96);
    assert_eq!(tetrahedron::SOLVER.count(), 48);
    assert_eq!(processor_agrees(&pyramid::SOLVER), 96);
}

/// A hook of four spheres lying in a hexagonal plane turns there by sixths of a turn, which
/// are no motions of the cube: it lies 48 ways in a large box of spheres with the rotations
/// alone, as many as with the reflections, where a square of four lies in each of the three
/// square planes and a row of four along each of the six rows of spheres.
#[test]
fn a_flat_piece_turns_in_its_plane() {
    let placements = |piece: &str, reflect: bool| -> usize {
        let text = format!(
            "mod p {{ grid: spheres, box: [{}], pieces: {{ A: {piece} }}, reflect: {reflect} }}",
            vec![format!("[{}]", ["\"......\""; 6].join(", ")); 6].join(", ")
        );
        let description = parse_str(&text).unwrap().remove(0).description;
        let mut errors = Errors::default();
        let model = puzzlec::compiler::model::Model::check(&description, &mut errors);
        let model = model.unwrap_or_else(|| panic!("{errors:?}"));
        let b = model.box_model().unwrap();
        let orientations = b.pieces[0]
            .shape
            .embedded_in(3)
            .unwrap()
            .orientations(reflect);
        orientations.len()
    };
    let hook = "[(0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 2)]";
    assert_eq!(placements(hook, false), 48);
    assert_eq!(placements(hook, true), 48);
    assert_eq!(placements("[\"##\", \"##\"]", false), 3);
    assert_eq!(placements("[\"####\"]", false), 6);
}

/// What a puzzle of spheres can get wrong, each said at the offending tokens.
#[test]
fn mistakes_on_the_sphere_grid() {
    let errors = |text: &str| -> Vec<ErrorKind> {
        let description = parse_str(text).unwrap().remove(0).description;
        match Puzzle::new(&description) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.into_iter().map(|e| e.kind).collect(),
        }
    };
    let sized = errors("mod p { grid: spheres, box: 2 x 2 x 2, pieces: { A: [\"##\"] } }");
    assert!(
        matches!(&sized[..], [ErrorKind::PlaneGrid { how, remedy, .. }]
            if how.contains("sizes") && remedy.contains("layers of rows")),
        "{sized:?}"
    );
    let coordinates = errors(
        "mod p { grid: spheres, box: [[\"..\"], [\".\"]], pieces: { A: [(0, 0, 0, 0), (0, 0, 0, 1)] } }",
    );
    assert!(
        matches!(&coordinates[..], [ErrorKind::PlaneGrid { how, .. }]
            if how.contains("two or three coordinates")),
        "{coordinates:?}"
    );
    let apart = errors(
        "mod p { grid: spheres, box: [[\"...\"], [\".\"]], pieces: { A: [(0, 0, 0), (0, 0, 2)], B: [(0, 0, 0), (1, 0, 0)] } }",
    );
    assert!(
        apart
            .iter()
            .any(|e| matches!(e, ErrorKind::DisconnectedPiece { .. })),
        "{apart:?}"
    );
}
