//! The two 4x4x4 cubes sold as puzzles, Bedlam (19,186 modulo rotations) and the Tetris cube
//! (9,839): the generated solver on one core and on all, every count asserted. The modules
//! below are the puzzles of the files in `puzzles/` (the `puzzle` command's input); each run
//! first compiles the file at run time and checks that the two have the same fingerprint, so
//! the copies cannot drift apart. (The walker takes minutes on these: the `puzzle` command
//! times it, `puzzle solve puzzles/bedlam.puzzle`.)

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzle::compiler::parse::parse_str;
use puzzle::compiler::Puzzle;
use puzzle::{puzzle, Solver};

puzzle! {
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

/// The puzzle of a file in `puzzles/`, compiled at run time.
fn walked(file: &str) -> Puzzle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puzzles")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the puzzle file");
    let parsed = parse_str(&text).expect("the file parses");
    Puzzle::new(&parsed[0].description).expect("the file compiles")
}

fn cube(c: &mut Criterion, name: &str, native: &'static dyn Solver, file: &str, count: u64) {
    let walker = walked(file);
    assert_eq!(
        native.info().fingerprint,
        walker.info().fingerprint,
        "the module and {file} are the same puzzle"
    );
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("generated", |b| {
        b.iter(|| assert_eq!(black_box(native.count()), count))
    });
    group.bench_function("generated, all cores", |b| {
        b.iter(|| assert_eq!(black_box(native.count_parallel()), count))
    });
    group.finish();
}

fn cubes(c: &mut Criterion) {
    cube(c, "bedlam", &bedlam::SOLVER, "bedlam.puzzle", 19_186);
    cube(
        c,
        "tetris cube",
        &tetris_cube::SOLVER,
        "tetris_cube.puzzle",
        9_839,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = cubes
}
criterion_main!(benches);
