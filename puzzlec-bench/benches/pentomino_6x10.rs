//! Counting the 6x10 pentomino (2339 modulo symmetry): the generated solver with shared tests
//! and without, against the same program walked at run time, the same program on the
//! puzzle-processor interpreter, and the plain reference backtracker. Every variant's count is
//! asserted, so a fast wrong answer cannot pass.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlec::compiler::{Description, Puzzle, Symmetry};
use puzzlec::processor::{Code, Machine};
use puzzlec::search::Counter;
use puzzlec::{puzzle, Solver};

puzzle! {
    mod shared {
        box: [".........."; 6],
        pieces: pentominoes,
        symmetry: reduced,
    }

    mod unshared {
        box: [".........."; 6],
        pieces: pentominoes,
        symmetry: reduced,
        sharing: false,
    }
}

fn runtime_puzzle() -> Puzzle {
    let d = Description::new("6x10")
        .board(&[".........."; 6])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None });
    Puzzle::new(&d).expect("the 6x10 compiles")
}

/// Counts the solutions of processor code on the interpreter.
fn interpret(code: &Code) -> u64 {
    let mut counter = Counter::default();
    let mut machine = Machine::new(code).expect("the compiler's code is well formed");
    let _ = machine.run(&mut counter).expect("the compiler's code runs");
    counter.solutions
}

fn pentomino_6x10(c: &mut Criterion) {
    let mut group = c.benchmark_group("pentomino_6x10");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("generated, shared tests", |b| {
        b.iter(|| assert_eq!(black_box(shared::SOLVER.count()), 2339))
    });
    group.bench_function("generated, no sharing", |b| {
        b.iter(|| assert_eq!(black_box(unshared::SOLVER.count()), 2339))
    });
    group.bench_function("processor interpreter", |b| {
        b.iter(|| assert_eq!(black_box(interpret(&shared::PROCESSOR)), 2339))
    });
    group.bench_function("processor interpreter, no sharing", |b| {
        b.iter(|| assert_eq!(black_box(interpret(&unshared::PROCESSOR)), 2339))
    });
    let p = runtime_puzzle();
    group.bench_function("program walked at run time", |b| {
        b.iter(|| assert_eq!(black_box(p.count()), 2339))
    });
    // The same general procedure with the same aspect order, without the specialisation.
    group.bench_function("reference backtracker", |b| {
        b.iter(|| assert_eq!(black_box(p.reference_count()), 2339))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = pentomino_6x10
}
criterion_main!(benches);
