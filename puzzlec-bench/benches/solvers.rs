//! Every solver of the project side by side on the pentomino boxes, one criterion group per
//! box: the generated solver with its defaults (chosen order, elimination, pruning where it
//! pays, the failure cache of `count` where the frontier is narrow), the same with the cache
//! off and on, on all cores, and with region pruning, the report's bit-serial program
//! (cells first, every embedding, no pruning), the puzzle-processor interpreter, the reference
//! backtracker, and a dancing-links solver from crates.io (`dlx-rs`) on the same exact-cover
//! matrix. Every count is asserted, so a fast wrong answer cannot pass. A last group times
//! the machine's cross-core round trip, on which the all-cores figure depends.
//! `puzzlec-bench/compare.sh` prints the table.

// criterion_group! defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use dlx_rs::solver::Solver as Dlx;
use puzzlec::compiler::{Description, Puzzle, Symmetry};
use puzzlec::processor::{Code, Machine};
use puzzlec::search::Counter;
use puzzlec::symmetry::{Checked, SymmetryCheck};
use puzzlec::Solver;

/// A box with its defaults; the same box as the report's bit-serial program: cells first
/// (the best scan), every embedding, no pruning; and the defaults with region pruning.
macro_rules! variants {
    ($module:ident, { $($spec:tt)* }) => {
        mod $module {
            use puzzlec::puzzle;
            puzzle! {
                pub mod defaults { $($spec)* pieces: pentominoes, symmetry: reduced }
                pub mod report {
                    $($spec)*
                    pieces: pentominoes,
                    symmetry: reduced,
                    order: [auto, pieces],
                    eliminate: false,
                    prune: off,
                }
                pub mod regions { $($spec)* pieces: pentominoes, symmetry: reduced, prune: regions }
                pub mod cached { $($spec)* pieces: pentominoes, symmetry: reduced, cache: on }
            }

            /// The defaults counted without the failure cache, whether `count` keeps one or
            /// not.
            pub fn uncached() -> u64 {
                let mut counter = super::Counter::default();
                let _ = defaults::solve_with(&mut counter);
                counter.solutions
            }

            /// The report's program as it is: no failure cache either.
            pub fn report_program() -> u64 {
                let mut counter = super::Counter::default();
                let _ = report::solve_with(&mut counter);
                counter.solutions
            }
        }
    };
}

variants!(p6x10, { box: [".........."; 6], });
variants!(p5x12, { box: ["............"; 5], });
variants!(p8x8, {
    box: ["........"; 8],
    holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
});
variants!(p10x3x2, { box: 10 x 3 x 2, });
variants!(p6x5x2, { box: 6 x 5 x 2, });

/// One box and its solvers.
struct Case {
    name: &'static str,
    solutions: u64,
    generated: &'static dyn Solver,
    uncached: fn() -> u64,
    cached: &'static dyn Solver,
    report: fn() -> u64,
    regions: &'static dyn Solver,
    description: Description,
}

/// Counts the solutions of processor code on the interpreter, through the symmetry check.
fn interpret(code: &Code, check: Option<&SymmetryCheck>, depth: usize) -> u64 {
    let mut counter = Counter::default();
    let mut machine = Machine::new(code).expect("the compiler's code is well formed");
    let _ = match check {
        Some(check) => machine.run(&mut Checked::new(check, depth, &mut counter)),
        None => machine.run(&mut counter),
    }
    .expect("the compiler's code runs");
    counter.solutions
}

/// A dancing-links solver for the allowed embeddings of `p` (items are aspects, from 1; the
/// optional ones, the symmetry marks, come last).
fn dancing_links(p: &Puzzle) -> Dlx<u32> {
    let cover = p.cover();
    let optional = cover
        .all_aspects()
        .filter(|&a| cover.is_optional(a))
        .count();
    let exact = cover.aspect_count() - optional;
    assert!(cover
        .all_aspects()
        .skip(exact)
        .all(|a| cover.is_optional(a)));
    let mut solver = Dlx::new_optional(exact, optional);
    for e in cover.allowed() {
        let items: Vec<usize> = cover.aspects(e).iter().map(|a| a.index() + 1).collect();
        solver.add_option(e.0, &items);
    }
    solver
}

/// Counts the solutions dancing links finds, through the symmetry check.
fn count_dancing_links(solver: &Dlx<u32>, check: Option<&SymmetryCheck>) -> u64 {
    solver
        .clone()
        .filter(|solution| check.is_none_or(|c| c.accepts(solution)))
        .count() as u64
}

fn bench(c: &mut Criterion, case: Case) {
    let mut group = c.benchmark_group(case.name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let n = case.solutions;
    let generated = case.generated;
    group.bench_function("generated", |b| {
        b.iter(|| assert_eq!(black_box(generated.count()), u128::from(n)))
    });
    group.bench_function("generated, cache off", |b| {
        b.iter(|| assert_eq!(black_box((case.uncached)()), n))
    });
    group.bench_function("generated, cache on", |b| {
        b.iter(|| assert_eq!(black_box(case.cached.count()), u128::from(n)))
    });
    group.bench_function("generated, all cores", |b| {
        b.iter(|| assert_eq!(black_box(generated.count_parallel()), u128::from(n)))
    });
    group.bench_function("generated, solve", |b| {
        b.iter(|| {
            let mut found = 0;
            let _ = generated.solve(&mut |_| {
                found += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(black_box(found), n)
        })
    });
    group.bench_function("report program", |b| {
        b.iter(|| assert_eq!(black_box((case.report)()), n))
    });
    group.bench_function("generated, regions", |b| {
        b.iter(|| assert_eq!(black_box(case.regions.count()), u128::from(n)))
    });
    let p = Puzzle::new(&case.description).expect("the box compiles");
    assert_eq!(p.info().fingerprint, generated.info().fingerprint);
    group.bench_function("walker", |b| {
        b.iter(|| assert_eq!(black_box(p.count()), u128::from(n)))
    });
    let code = generated.code().expect("the box has processor code");
    let check = generated.symmetry_check();
    let depth = p.cover().aspect_count();
    group.bench_function("processor interpreter", |b| {
        b.iter(|| assert_eq!(black_box(interpret(code, check, depth)), n))
    });
    group.bench_function("reference backtracker", |b| {
        b.iter(|| assert_eq!(black_box(p.reference_count()), n))
    });
    let solver = dancing_links(&p);
    group.bench_function("dancing links (dlx-rs)", |b| {
        b.iter(|| assert_eq!(black_box(count_dancing_links(&solver, check)), n))
    });
    group.finish();
}

fn reduced(d: Description) -> Description {
    d.pentominoes().symmetry(Symmetry::Reduced { piece: None })
}

macro_rules! case {
    ($name:literal, $module:ident, $solutions:expr, $description:expr) => {
        Case {
            name: $name,
            solutions: $solutions,
            generated: &$module::defaults::SOLVER,
            uncached: $module::uncached,
            cached: &$module::cached::SOLVER,
            report: $module::report_program,
            regions: &$module::regions::SOLVER,
            description: reduced($description),
        }
    };
}

fn boxes(c: &mut Criterion) {
    let rows = |n: usize, row: &str| vec![row.to_owned(); n];
    let d = |name| Description::new(name);
    let holed = [
        "........", "........", "........", "...##...", "...##...", "........", "........",
        "........",
    ];
    bench(
        c,
        case!("6x10", p6x10, 2339, d("6x10").board(&rows(6, ".........."))),
    );
    bench(
        c,
        case!(
            "5x12",
            p5x12,
            1010,
            d("5x12").board(&rows(5, "............"))
        ),
    );
    bench(
        c,
        case!("8x8 with a 2x2 hole", p8x8, 65, d("8x8").board(&holed)),
    );
    bench(
        c,
        case!("10x3x2", p10x3x2, 12, d("10x3x2").block(&[10, 3, 2])),
    );
    bench(c, case!("6x5x2", p6x5x2, 264, d("6x5x2").block(&[6, 5, 2])));
}

/// The time one core takes to see a word another core wrote, and back: what a failure cache
/// shared between threads pays for a slot the other thread wrote last. It is not the
/// project's code but the machine's state, which `all cores` depends on, and on a virtual
/// machine it moves between runs (the README gives figures).
fn machine(c: &mut Criterion) {
    let mut group = c.benchmark_group("machine");
    group.bench_function("cross-core round trip", |b| {
        b.iter_custom(|rounds| {
            let turn = AtomicU64::new(0);
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    for round in 0..rounds {
                        while turn.load(Ordering::Acquire) != 2 * round + 1 {}
                        turn.store(2 * round + 2, Ordering::Release);
                    }
                });
                let start = Instant::now();
                for round in 0..rounds {
                    turn.store(2 * round + 1, Ordering::Release);
                    while turn.load(Ordering::Acquire) != 2 * round + 2 {}
                }
                start.elapsed()
            })
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = boxes, machine
}
criterion_main!(benches);
