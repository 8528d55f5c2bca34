//! The suite of real puzzles: the pentomino boxes whose counts are published, the Soma cube,
//! the one-sided pentominoes in 3x30 and 5x18, and the two 4x4x4 cubes sold as puzzles, Bedlam
//! and the Tetris cube. Each is timed with the generated solver on one core and on all, and
//! every count is asserted. Puzzles that are also files in `puzzles/` (the `puzzlec` command's
//! input) are first compiled from the file at run time and checked to have the module's
//! fingerprint, so the two copies cannot drift apart.
//!
//! `PUZZLE_BENCH_LABEL` renames the solver in the results (`generated` by default):
//! `puzzlec-bench/compare.sh --against REF` runs this file built from an earlier commit under
//! that commit's name, beside today's, so that one table shows both.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::Puzzle;
use puzzlec::{puzzle, Solver};

puzzle! {
    mod p6x10 { box: 6 x 10, pieces: pentominoes, symmetry: reduced }

    mod p5x12 { box: 5 x 12, pieces: pentominoes, symmetry: reduced }

    /// The 8x8 square without its four corners.
    mod corners {
        box: [
            "#......#",
            "........",
            "........",
            "........",
            "........",
            "........",
            "........",
            "#......#",
        ],
        pieces: pentominoes,
        symmetry: reduced,
    }

    mod p6x5x2 { box: 6 x 5 x 2, pieces: pentominoes, symmetry: reduced }

    mod p5x4x3 { box: 5 x 4 x 3, pieces: pentominoes, symmetry: reduced }

    mod soma { box: 3 x 3 x 3, pieces: soma, reflect: false, symmetry: reduced }

    /// 3x30: 46.
    mod one_sided_3x30 { box: 3 x 30, pieces: pentominoes(one_sided), reflect: false, symmetry: reduced }

    /// 5x18: 686,628.
    mod one_sided_5x18 { box: 5 x 18, pieces: pentominoes(one_sided), reflect: false, symmetry: reduced }

    /// The Bedlam cube, one solution per class of the cube's 24 rotations.
    mod bedlam {
        box: 4 x 4 x 4,
        pieces: {
            A: [(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 1), (1, 1, 1)],
            B: [(0, 0, 0), (0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 1, 0)],
            C: [(0, 0, 0), (0, 1, 0), (0, 1, 1), (0, 2, 1), (1, 2, 1)],
            D: [(0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 2, 0), (2, 1, 0)],
            E: [(0, 0, 2), (0, 1, 2), (1, 0, 0), (1, 0, 1), (1, 0, 2)],
            F: [(0, 1, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1), (2, 1, 1)],
            G: [(0, 2, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 2, 0)],
            H: [(0, 0, 0), (0, 0, 1), (0, 1, 1), (0, 2, 1), (1, 2, 1)],
            I: [(0, 0, 1), (0, 0, 2), (1, 0, 0), (1, 0, 1), (2, 0, 0)],
            J: [(0, 1, 1), (0, 1, 2), (1, 0, 0), (1, 0, 1), (1, 1, 1)],
            K: [(0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (1, 1, 2)],
            L: [(0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 2, 0), (2, 1, 0)],
            M: [(0, 0, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1)],
        },
        reflect: false,
        symmetry: reduced,
    }

    /// The Tetris cube, one solution per class of the cube's 24 rotations.
    mod tetris_cube {
        box: 4 x 4 x 4,
        pieces: {
            A: [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (2, 0, 0)],
            B: [(0, 0, 0), (0, 1, 0), (0, 2, 0), (0, 3, 0), (1, 1, 0)],
            C: [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 0)],
            D: [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 1, 0), (1, 2, 0), (2, 1, 0)],
            E: [(0, 0, 0), (0, 1, 0), (0, 1, 1), (1, 0, 0), (2, 0, 0)],
            F: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 0, 0)],
            G: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 1)],
            H: [(0, 1, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1), (1, 2, 0), (2, 1, 0)],
            I: [(0, 0, 0), (0, 1, 0), (0, 1, 1), (0, 2, 0), (1, 0, 0), (2, 0, 0)],
            J: [(0, 0, 0), (0, 1, 0), (0, 2, 0), (0, 2, 1), (1, 0, 0), (2, 0, 0)],
            K: [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
            L: [(0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 2, 0), (1, 3, 0)],
        },
        reflect: false,
        symmetry: reduced,
    }
}

/// One puzzle of the suite.
struct Case {
    /// The criterion group.
    name: &'static str,
    solver: &'static dyn Solver,
    /// Solutions modulo symmetry: the published figure.
    count: u64,
    /// The file in `puzzles/` holding the same puzzle, and its name there.
    file: Option<(&'static str, &'static str)>,
    /// Seconds of measurement for each solver: about ten runs.
    seconds: u64,
}

/// A case of the suite; `file` names the file in `puzzles/` and the puzzle in it, if any.
const fn case(
    name: &'static str,
    solver: &'static dyn Solver,
    count: u64,
    file: Option<(&'static str, &'static str)>,
    seconds: u64,
) -> Case {
    Case {
        name,
        solver,
        count,
        file,
        seconds,
    }
}

const ONE_SIDED: &str = "one_sided_pentominoes.puzzle";

#[rustfmt::skip]
const SUITE: &[Case] = &[
    case("6x10", &p6x10::SOLVER, 2339, None, 5),
    case("5x12", &p5x12::SOLVER, 1010, None, 5),
    case("8x8 - corners", &corners::SOLVER, 2170, Some(("pentomino_8x8_corners.puzzle", "corners")), 5),
    case("6x5x2", &p6x5x2::SOLVER, 264, None, 5),
    case("5x4x3", &p5x4x3::SOLVER, 3940, None, 20),
    case("soma", &soma::SOLVER, 240, None, 5),
    case("one-sided 3x30", &one_sided_3x30::SOLVER, 46, Some((ONE_SIDED, "one_sided_3x30")), 5),
    case("one-sided 5x18", &one_sided_5x18::SOLVER, 686_628, Some((ONE_SIDED, "one_sided_5x18")), 300),
    case("bedlam", &bedlam::SOLVER, 19_186, Some(("bedlam.puzzle", "bedlam")), 120),
    case("tetris cube", &tetris_cube::SOLVER, 9_839, Some(("tetris_cube.puzzle", "tetris_cube")), 300),
];

/// The puzzle named `name` in a file in `puzzles/`, compiled at run time.
fn from_file(file: &str, name: &str) -> Puzzle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puzzles")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the puzzle file");
    let parsed = parse_str(&text).expect("the file parses");
    let found = parsed
        .iter()
        .find(|p| p.header.name == name)
        .expect("the file holds the puzzle");
    Puzzle::new(&found.description).expect("the file compiles")
}

fn suite(c: &mut Criterion) {
    let label = std::env::var("PUZZLE_BENCH_LABEL").unwrap_or_else(|_| "generated".to_owned());
    for case in SUITE {
        if let Some((file, name)) = case.file {
            assert_eq!(
                case.solver.info().fingerprint,
                from_file(file, name).info().fingerprint,
                "the module and {name} in {file} are the same puzzle"
            );
        }
        let (solver, count) = (case.solver, case.count);
        let mut group = c.benchmark_group(case.name);
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(case.seconds));
        group.bench_function(label.as_str(), |b| {
            b.iter(|| assert_eq!(black_box(solver.count()), u128::from(count)))
        });
        group.bench_function(format!("{label}, all cores"), |b| {
            b.iter(|| assert_eq!(black_box(solver.count_parallel()), u128::from(count)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = suite
}
criterion_main!(benches);
