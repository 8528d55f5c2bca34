//! All cores: work units cut at a fixed depth, counted, collected and shown in parallel, the
//! same as the serial search; a unit runs alone by number, and only on its own puzzle.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use puzzlec::parallel::{self, Unit};
use puzzlec::search::{CachedCounter, Sink};
use puzzlec::{puzzle, Run, Solver, UnitError};

puzzle! {
    mod p6x10 { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }
    mod p6x10_all { box: [".........."; 6], pieces: pentominoes }
    /// The 8x8 with a hole: a symmetry check, which each unit must apply.
    mod p8x8 {
        box: ["........"; 8],
        holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
        pieces: pentominoes,
        symmetry: reduced,
    }
    mod p10x3x2 { box: 10 x 3 x 2, pieces: pentominoes, symmetry: reduced }
    /// Bags and a `q` of three words.
    mod bags { box: 1 x 130, pieces: { 64 x D: ["##"], 2 x M: ["#"] } }
}

#[test]
fn parallel_counts_are_the_serial_counts() {
    assert_eq!(p6x10::SOLVER.count_parallel(), 2339);
    assert_eq!(p6x10_all::SOLVER.count_parallel(), 9356);
    assert_eq!(p8x8::SOLVER.count_parallel(), 65);
    assert_eq!(p10x3x2::SOLVER.count_parallel(), 12);
    assert_eq!(bags::SOLVER.count_parallel(), 2145);
    // The same on one thread and on three.
    assert_eq!(
        parallel::with_threads(1, || p6x10::SOLVER.count_parallel()),
        2339
    );
    assert_eq!(
        parallel::with_threads(3, || p6x10::SOLVER.count_parallel()),
        2339
    );
}

#[test]
fn parallel_counts_nest() {
    // A count on all cores inside another, on the same pool: the inner one's threads are busy
    // with the outer one's units, and each must still get its share of both.
    let units = p8x8::SOLVER.units();
    for threads in [1, 2, 3] {
        let total = parallel::with_threads(threads, || {
            let go_on = AtomicBool::new(false);
            parallel::count_units(
                &units[..6],
                &go_on,
                CachedCounter::without_cache(),
                |_, counter| {
                    for _ in 0..p10x3x2::SOLVER.count_parallel() {
                        let _ = counter.solution();
                    }
                },
            )
        });
        assert_eq!(total, Some(6 * 12), "{threads} threads");
    }
}

#[test]
fn parallel_solutions_come_in_the_serial_order() {
    assert_eq!(p6x10::SOLVER.collect_parallel(), p6x10::SOLVER.collect());
    assert_eq!(p8x8::SOLVER.collect_parallel(), p8x8::SOLVER.collect());
    assert_eq!(bags::SOLVER.collect_parallel(), bags::SOLVER.collect());
}

/// A visitor that keeps each solution's embeddings and drawing.
fn record(
    seen: &mut Vec<(Vec<u32>, String)>,
) -> impl FnMut(&puzzlec::runtime::Solution<'_>) -> ControlFlow<()> + '_ {
    |s| {
        seen.push((s.embeddings().to_vec(), s.to_string()));
        ControlFlow::Continue(())
    }
}

#[test]
fn solve_parallel_shows_solutions_in_the_serial_order() {
    let mut serial = Vec::new();
    assert!(p8x8::SOLVER.solve(&mut record(&mut serial)).is_continue());
    assert_eq!(serial.len(), 65);
    let mut parallel = Vec::new();
    assert!(p8x8::SOLVER
        .solve_parallel(&mut record(&mut parallel))
        .is_continue());
    assert_eq!(parallel, serial);
    // A pool of one thread must run the units itself while it waits for them.
    let mut one = Vec::new();
    let flow = parallel::with_threads(1, || p8x8::SOLVER.solve_parallel(&mut record(&mut one)));
    assert!(flow.is_continue());
    assert_eq!(one, serial);
}

#[test]
fn solve_parallel_stops_when_the_visitor_breaks() {
    let serial = p6x10::SOLVER.collect();
    for threads in [1, 2, 3] {
        let mut first = Vec::new();
        let flow = parallel::with_threads(threads, || {
            p6x10::SOLVER.solve_parallel(&mut |s| {
                first.push(s.embeddings().to_vec());
                match first.len() {
                    10 => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                }
            })
        });
        assert!(flow.is_break());
        assert_eq!(first, serial[..10], "on {threads} threads");
    }
}

#[test]
fn units_are_numbered_and_run_alone() {
    let units: Vec<Unit> = p6x10::SOLVER.units();
    assert!(units.len() >= parallel::TARGET_UNITS, "{}", units.len());
    assert_eq!(units, p6x10::SOLVER.units(), "the same units every time");
    assert!(units.iter().enumerate().all(|(i, u)| u.id == i));
    // Every unit alone, summed: the whole count.
    let total: u128 = units
        .iter()
        .map(|unit| {
            let mut counter = p6x10::SOLVER.counter();
            let _ = p6x10::SOLVER
                .run_unit(unit, Run::Count(&mut counter))
                .unwrap();
            counter.solutions()
        })
        .sum();
    assert_eq!(total, 2339);
}

#[test]
fn units_of_another_puzzle_are_refused() {
    let unit = p6x10::SOLVER.units().swap_remove(100);
    let mut counter = p6x10_all::SOLVER.counter();
    // The same box and pieces, another puzzle: every solution, not one per class.
    let other = p6x10_all::SOLVER.run_unit(&unit, Run::Count(&mut counter));
    assert!(
        matches!(other, Err(UnitError::OtherPuzzle { id: 100, .. })),
        "{other:?}"
    );
    assert!(other
        .unwrap_err()
        .to_string()
        .contains("belongs to another puzzle"));
    // Tampered with: a position past the sentinel, a free set of the wrong size, an
    // embedding the puzzle does not have.
    let run = |unit: &Unit| {
        let mut counter = p6x10::SOLVER.counter();
        p6x10::SOLVER.run_unit(unit, Run::Count(&mut counter))
    };
    let procedures = p6x10::INFO.procedures;
    let past = Unit {
        next: procedures + 1,
        ..unit.clone()
    };
    assert!(matches!(run(&past), Err(UnitError::UnknownPosition { .. })));
    let short = Unit {
        q: vec![0],
        ..unit.clone()
    };
    assert!(matches!(
        run(&short),
        Err(UnitError::FreeSet {
            found: 1,
            expected: 2,
            ..
        })
    ));
    let mut strange = unit.clone();
    strange.placed[0] = 5000;
    assert!(matches!(
        run(&strange),
        Err(UnitError::UnknownEmbedding {
            embedding: 5000,
            ..
        })
    ));
    assert!(run(&unit).is_ok());
}
