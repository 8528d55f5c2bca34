//! Searches as deep as the limits allow: every engine goes one call deeper with each placement,
//! and a search whose depth could outgrow its thread's stack runs on a stack made for it
//! (`puzzlec::runtime::deep`). Each search here runs on a thread of 128 KiB, some sixty placements'
//! worth of the walker's frames, or on a pool's threads, so that a search that did not grow its
//! stack would overflow it.
#![deny(warnings, missing_docs)]

use std::ops::ControlFlow;

use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::Puzzle;
use puzzlec::{parallel, puzzle, Solver};

puzzle! {
    /// A 30x30 box of 900 monominoes: one solution, 900 placements deep, which take about
    /// twice the small stack's 128 KiB in the generated procedures' frames (a search made to
    /// run on the thread's own stack overflows it).
    pub mod monominoes_30 {
        box: 30 x 30,
        pieces: { 900 x M: ["#"] },
    }
}

fn compiled(source: &str) -> Puzzle {
    let parsed = parse_str(source).expect("the puzzle parses");
    Puzzle::new(&parsed[0].description).expect("the puzzle compiles")
}

/// Runs `f` on a thread with a stack of 128 KiB.
fn on_a_small_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(128 << 10)
            .spawn_scoped(scope, f)
            .expect("a thread starts")
            .join()
            .expect("the search ends without a panic")
    })
}

/// The first solution of a box whose every solution covers each of its `cells` cells once.
fn assert_exact(solver: &dyn Solver, placed: &[u32], cells: usize) {
    let catalog = solver.catalog();
    let mut covered = vec![false; cells];
    for &e in placed {
        for cell in catalog.cells_of(e) {
            assert!(!covered[cell as usize], "cell {cell} covered twice");
            covered[cell as usize] = true;
        }
    }
    assert!(covered.iter().all(|&c| c), "a cell left uncovered");
}

#[test]
fn a_box_of_65536_monominoes_is_counted_and_listed_by_the_run_time_engine() {
    let puzzle = compiled("mod m { box: 256 x 256, pieces: { 65536 x M: [\"#\"] } }");
    assert_eq!(puzzle.info().depth, 65_536);
    let (count, first) = on_a_small_stack(|| (puzzle.count(), puzzle.first(2)));
    assert_eq!(count, 1);
    assert_eq!(first.len(), 1);
    let placed = &first.embeddings()[0];
    assert_eq!(placed.len(), 65_536);
    assert_exact(&puzzle, placed, 65_536);
    // On a pool's threads, and listed in order while the units run there.
    let (count, listed) = parallel::with_threads(2, || {
        let mut listed = Vec::new();
        let _ = puzzle.solve_parallel(&mut |s| {
            listed.push(s.embeddings().to_vec());
            ControlFlow::Continue(())
        });
        (puzzle.count_parallel(), listed)
    });
    assert_eq!(count, 1);
    assert_eq!(&listed, first.embeddings());
}

#[test]
fn a_deep_box_of_dominoes_is_counted_and_listed_by_the_run_time_engine() {
    // A 2 by n strip has the Fibonacci number F(n + 1) of tilings: F(8193) is past the most a
    // count holds, which the count stays at; F(181) is the largest below it.
    let deep = compiled("mod d { box: 2 x 8192, pieces: { 8192 x D: [\"##\"] } }");
    let (count, first) = on_a_small_stack(|| {
        let mut counter = deep.counter();
        let _ = deep.run(puzzlec::Run::Count(&mut counter));
        ((counter.solutions(), counter.overflowed()), deep.first(3))
    });
    assert_eq!(count, (u128::MAX, true));
    assert_eq!(first.len(), 3);
    for placed in first.embeddings() {
        assert_eq!(placed.len(), 8192);
        assert_exact(&deep, placed, 2 * 8192);
    }
    let listed = parallel::with_threads(2, || {
        let mut listed = Vec::new();
        let _ = deep.solve_parallel(&mut |s| {
            listed.push(s.embeddings().to_vec());
            match listed.len() < 3 {
                true => ControlFlow::Continue(()),
                false => ControlFlow::Break(()),
            }
        });
        listed
    });
    assert_eq!(&listed, first.embeddings());
    let fibonacci = compiled("mod d { box: 2 x 180, pieces: { 180 x D: [\"##\"] } }");
    let f181 = 30_010_821_454_963_453_907_530_667_147_829_489_881u128;
    assert_eq!(on_a_small_stack(|| fibonacci.count()), f181);
}

#[test]
fn a_native_solver_searches_a_30x30_box_on_a_small_stack() {
    let solver = &monominoes_30::SOLVER;
    assert_eq!(solver.info().depth, 900);
    let (count, first) = on_a_small_stack(|| (solver.count(), solver.first(1)));
    assert_eq!(count, 1);
    assert_eq!(first.embeddings()[0].len(), 900);
    assert_exact(solver, &first.embeddings()[0], 900);
    let count = parallel::with_threads(2, || solver.count_parallel());
    assert_eq!(count, 1);
}
