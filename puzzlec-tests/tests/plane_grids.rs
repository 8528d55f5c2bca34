//! Puzzles on the triangular and hexagonal grids: the published counts of Polyform Puzzler's
//! catalogue (`puzzles/hexiamonds.puzzle`, `puzzles/tetrahexes.puzzle`), each box's symmetries,
//! native solvers against the walker and the reference backtracker, and the mistakes a drawing
//! or a piece can make on these grids.

use std::path::Path;

use puzzlec::compiler::description::Symmetry;
use puzzlec::compiler::parse::{parse_str, Parsed};
use puzzlec::compiler::{ErrorKind, Errors, Puzzle};
use puzzlec::Solver;
use puzzlec_tests::{check_solutions, engines_agree, processor_agrees};

/// The puzzles of a file in `puzzles/`.
fn puzzles(file: &str) -> Vec<Parsed> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puzzles")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    parse_str(&text).unwrap()
}

/// Each puzzle's count, one solution per class modulo the box's symmetries, is the one its
/// doc comment gives from Polyform Puzzler, on one core and on all, and the reference
/// backtracker finds as many in the same cover.
fn published(file: &str, expected: &[(&str, u128, usize)]) {
    let parsed = puzzles(file);
    assert_eq!(parsed.len(), expected.len(), "{file}");
    for (p, &(name, count, group)) in parsed.iter().zip(expected) {
        assert_eq!(p.header.name, name);
        let doc = format!("{count}");
        let doc_comma = format!("{}", Commas(count));
        let comments: String = (p.header.attrs.iter())
            .map(|a| quote::quote!(#a).to_string())
            .collect();
        assert!(
            comments.contains(&doc) || comments.contains(&doc_comma),
            "{name}'s comment gives {count}: {comments}"
        );
        let puzzle = Puzzle::new(&p.description).unwrap();
        assert_eq!(puzzle.count(), count, "{name}");
        assert_eq!(puzzle.count_parallel(), count, "{name} on all cores");
        assert_eq!(u128::from(puzzle.reference_count()), count, "{name}");
        assert_eq!(puzzle.info().symmetry.group_order, group, "{name}");
    }
}

/// A count written with commas between thousands, as the puzzle files write them.
struct Commas(u128);

impl std::fmt::Display for Commas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits = self.0.to_string();
        let mut out = String::new();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(d);
        }
        f.write_str(&out)
    }
}

#[test]
fn hexiamonds_in_polyform_puzzlers_boxes() {
    published(
        "hexiamonds.puzzle",
        &[
            ("hexiamonds_6x6", 156, 4),
            ("hexiamonds_4x9", 74, 2),
            ("hexiamonds_3x12", 0, 2),
            ("hexiamonds_4x11_trapezoid", 76, 2),
            ("hexiamonds_4x10_long_hexagon", 856, 4),
            ("hexiamonds_5x8_stacked_long_hexagons", 378, 4),
            ("hexiamonds_coin", 304, 4),
            ("hexiamonds_4x3_semiregular_hexagon", 710, 6),
        ],
    );
}

#[test]
fn tetrahexes_in_polyform_puzzlers_boxes() {
    published(
        "tetrahexes.puzzle",
        &[
            ("tetrahexes_4x7", 9, 2),
            ("tetrahexes_elongated_hexagon_9x2", 2, 4),
            ("tetrahexes_coin", 4, 4),
            ("tetrahexes_7x7_triangle", 0, 6),
        ],
    );
}

puzzlec::puzzle! {
    /// Polyform Puzzler's `Hexiamonds6x6`: 156 solutions modulo the rhombus's symmetries.
    mod hexiamonds_6x6 {
        grid: triangular,
        box: [
            "      ............",
            "     ............",
            "    ............",
            "   ............",
            "  ............",
            " ............",
        ],
        pieces: hexiamonds,
        symmetry: reduced,
    }

    /// Polyform Puzzler's `TetrahexesCoin`: 4 solutions modulo the hexagon's symmetries.
    mod tetrahexes_coin {
        grid: hexagonal,
        box: [
            "  . . . . .",
            " . . . . . .",
            ". . .   . . .",
            " . . . . . .",
            "  . . . . .",
        ],
        pieces: tetrahexes,
        symmetry: reduced,
    }

}

/// The native solvers search as the walker does, and every solution they find is an exact
/// cover of the puzzle's cells and pieces.
#[test]
fn native_solvers_on_the_plane_grids() {
    for (solver, file, name) in [
        (
            &hexiamonds_6x6::SOLVER as &dyn Solver,
            "hexiamonds.puzzle",
            "hexiamonds_6x6",
        ),
        (
            &tetrahexes_coin::SOLVER,
            "tetrahexes.puzzle",
            "tetrahexes_coin",
        ),
    ] {
        let parsed = puzzles(file);
        let p = parsed.iter().find(|p| p.header.name == name).unwrap();
        let walked = Puzzle::new(&p.description).unwrap();
        engines_agree(solver, &walked);
        assert_eq!(
            check_solutions(solver, p.description.clone()),
            solver.count() as usize
        );
    }
    assert_eq!(hexiamonds_6x6::SOLVER.count(), 156);
    assert_eq!(tetrahexes_coin::SOLVER.count(), 4);
    // The puzzle processor runs the same program to the same solutions.
    assert_eq!(processor_agrees(&tetrahexes_coin::SOLVER), 4);
}

/// Every solution of a reduced search, with its images under the box's symmetries, makes the
/// solutions of the search that keeps them all; the reference backtracker counts those too.
#[test]
fn classes_expand_to_every_solution() {
    for (file, name) in [
        ("tetrahexes.puzzle", "tetrahexes_coin"),
        ("tetrahexes.puzzle", "tetrahexes_elongated_hexagon_9x2"),
        ("hexiamonds.puzzle", "hexiamonds_4x9"),
    ] {
        let parsed = puzzles(file);
        let p = parsed.iter().find(|p| p.header.name == name).unwrap();
        let reduced = Puzzle::new(&p.description).unwrap();
        let mut all = p.description.clone();
        all.symmetry = Symmetry::All;
        let every = Puzzle::new(&all).unwrap();
        assert_eq!(reduced.count_all(), every.count(), "{name}");
        assert_eq!(u128::from(every.reference_count()), every.count(), "{name}");
    }
}

/// The ten one-sided tetrahexes in a box of five rows of eight: the walker and the reference
/// backtracker agree, every solution is an exact cover, and the classes under the box's
/// symmetries (a reflection, which swaps the mirror twins) expand to every solution.
#[test]
fn one_sided_polyhexes() {
    let text = r##"
        mod one_sided_tetrahexes {
            grid: hexagonal,
            box: [
                ". . . . . . . .",
                " . . . . . . . .",
                ". . . . . . . .",
                " . . . . . . . .",
                ". . . . . . . .",
            ],
            pieces: tetrahexes(one_sided),
            reflect: false,
        }
    "##;
    let description = parse_str(text).unwrap().remove(0).description;
    let every = Puzzle::new(&description).unwrap();
    let count = every.count();
    assert_eq!(u128::from(every.reference_count()), count);
    assert_eq!(check_solutions(&every, description.clone()) as u128, count);
    let mut reduced = description;
    reduced.symmetry = Symmetry::Reduced { piece: None };
    let reduced = Puzzle::new(&reduced).unwrap();
    assert_eq!(reduced.info().symmetry.group_order, 2);
    assert_eq!(reduced.info().symmetry.mirror_twins.len(), 3);
    assert_eq!(reduced.count_all(), count);
    assert!(reduced.count() < count);
}

/// Prisms in two layers of triangles, with flat polyiamonds and pieces that stand across the
/// layers: the walker and the reference backtracker agree, every solution is an exact cover,
/// and the classes under the box's twelve symmetries (those of its layers, each with the
/// layers swapped or not) make every solution.
#[test]
fn triangular_prisms() {
    let text = r###"
        mod prisms {
            grid: triangular,
            box: [["  ...", " .....", " ....."], ["  ...", " .....", " ....."]],
            pieces: { 4 x V: [["#"], ["#"]], 3 x D2, 2 x I3, 2 x C: [["##"], [" #"]] },
        }
    "###;
    let description = parse_str(text).unwrap().remove(0).description;
    let every = Puzzle::new(&description).unwrap();
    let count = every.count();
    assert!(count > 1000, "{count}");
    assert_eq!(u128::from(every.reference_count()), count);
    assert_eq!(check_solutions(&every, description.clone()) as u128, count);
    let mut reduced = description;
    reduced.symmetry = Symmetry::Reduced { piece: None };
    let reduced = Puzzle::new(&reduced).unwrap();
    assert_eq!(reduced.info().symmetry.group_order, 12);
    assert_eq!(reduced.count_all(), count);
    assert_eq!(u128::from(reduced.reference_count()), reduced.count());
}

/// What a puzzle on these grids can get wrong, each said at the offending tokens.
#[test]
fn mistakes_on_the_plane_grids() {
    let kinds = |text: &str| -> Vec<ErrorKind> {
        let parsed = parse_str(text).unwrap();
        let mut errors = Errors::default();
        let _ = puzzlec::compiler::model::Model::check(&parsed[0].description, &mut errors);
        assert!(!errors.is_empty(), "{text}");
        errors.0.into_iter().map(|e| e.kind).collect()
    };
    // A hexagon drawn where row + column is odd.
    let off =
        kinds(r##"mod m { grid: hexagonal, box: [". . .", ". . ."], pieces: { A: ["# #"] } }"##);
    assert!(
        matches!(
            off[..],
            [
                ErrorKind::OffGridDrawn {
                    row: 2,
                    column: 1,
                    ..
                },
                ..
            ]
        ),
        "{off:?}"
    );
    // A piece's cell given off the hexagonal lattice.
    let off =
        kinds(r##"mod m { grid: hexagonal, box: [". . ."], pieces: { A: [(0, 0), (0, 1)] } }"##);
    assert!(
        matches!(&off[..], [ErrorKind::OffGrid { cell, .. }] if cell == "0, 1"),
        "{off:?}"
    );
    // Two triangles that meet only at a corner are not a piece.
    let apart =
        kinds(r##"mod m { grid: triangular, box: ["..", " .."], pieces: { A: ["#", " #"] } }"##);
    assert!(
        matches!(&apart[..], [ErrorKind::DisconnectedPiece { name }] if name == "A"),
        "{apart:?}"
    );
    // Pentominoes are squares, said once for the set.
    let squares = kinds(r##"mod m { grid: triangular, box: ["......"], pieces: pentominoes }"##);
    assert!(
        matches!(
            &squares[..],
            [ErrorKind::SetGrid {
                set_grid: "square",
                grid: "triangular",
                ..
            }]
        ),
        "{squares:?}"
    );
    // Hexiamonds are not squares, and a bare name is a piece of the puzzle's grid.
    let triangles = kinds(r##"mod m { box: ["......"], pieces: hexiamonds }"##);
    assert!(
        matches!(&triangles[..], [ErrorKind::SetGrid { set_grid: "triangular", grid: "square", remedy, .. }] if remedy == "write `grid: triangular`"),
        "{triangles:?}"
    );
    let letter = kinds(r##"mod m { box: ["......"], pieces: { I6 } }"##);
    assert!(
        matches!(&letter[..], [ErrorKind::UnknownBuiltin { .. }]),
        "{letter:?}"
    );
    let parsed = parse_str(
        r##"mod m { grid: triangular, box: [" ......"], pieces: { I6, d2: ["#", " #"] } }"##,
    );
    let d = &parsed.unwrap()[0].description;
    assert!(Puzzle::new(d).is_err_and(|e| e.to_string().contains("is not connected")));
    // A plane grid's box is drawn in rows.
    let sizes = kinds(r##"mod m { grid: hexagonal, box: 3 x 4, pieces: { A: ["#"] } }"##);
    assert!(matches!(
        sizes[0],
        ErrorKind::PlaneGrid {
            how: "is given by its sizes",
            ..
        }
    ));
    let layers =
        kinds(r##"mod m { grid: hexagonal, box: [[". .", ". ."]], pieces: { A: ["#"] } }"##);
    assert!(matches!(
        layers[0],
        ErrorKind::PlaneGrid {
            how: "is drawn in layers",
            ..
        }
    ));
    // A hole off the lattice.
    let hole = kinds(
        r##"mod m { grid: hexagonal, box: [". . ."], holes: [(0, 1)], pieces: { A: ["#"] } }"##,
    );
    assert!(matches!(hole[0], ErrorKind::BadHole { .. }), "{hole:?}");
}
