//! The long benchmark: the 5x4x3 solid pentomino (3940 modulo symmetry), the generated solver
//! on one core and on all. The other solvers take a minute or more here (the report's program
//! about 80 s); `solvers.rs` compares them all on the smaller boxes.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzle::{puzzle, Solver};

puzzle! {
    mod p5x4x3 { box: 5 x 4 x 3, pieces: pentominoes, symmetry: reduced }
}

fn solid(c: &mut Criterion) {
    let mut group = c.benchmark_group("5x4x3");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(90));
    group.bench_function("generated", |b| {
        b.iter(|| assert_eq!(black_box(p5x4x3::SOLVER.count()), 3940))
    });
    group.bench_function("generated, all cores", |b| {
        b.iter(|| assert_eq!(black_box(p5x4x3::SOLVER.count_parallel()), 3940))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = solid
}
criterion_main!(benches);
