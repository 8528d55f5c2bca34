//! What a program reaches for beside `count`: the first few solutions, solutions as values
//! from every core, a search watched and stopped, and every solution of a puzzle reduced by
//! symmetry from the one search.

use puzzlec::{puzzle, EverySolution, Solver, Watch};
use puzzlec_tests::sorted_sets;
use std::ops::ControlFlow;

puzzle! {
    mod p6x10 { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }
    mod p6x10_all { box: [".........."; 6], pieces: pentominoes }
    /// Solutions that symmetries fix: classes of fewer than four.
    mod p3x4 { box: ["...."; 3], pieces: { 6 x D: ["##"] }, symmetry: reduced }
    mod p3x4_all { box: ["...."; 3], pieces: { 6 x D: ["##"] } }
    /// Mirror twins, swapped by the reflections.
    mod twins_4x5 { box: 4 x 5, pieces: { P, p, Y, y }, reflect: false, symmetry: reduced }
    mod twins_4x5_all { box: 4 x 5, pieces: { P, p, Y, y }, reflect: false }
    /// A square's corners covered by its edges, reduced by the symmetries found from the list.
    mod corners {
        aspects: [a, b, c, d],
        optional: [],
        embeddings: [[a, b], [b, c], [c, d], [d, a]],
        symmetry: reduced,
    }
    mod corners_all {
        aspects: [a, b, c, d],
        embeddings: [[a, b], [b, c], [c, d], [d, a]],
    }
}

#[test]
fn the_first_solutions_are_those_the_search_finds_first() {
    let all = p6x10::SOLVER.collect();
    let first = p6x10::SOLVER.first(3);
    assert_eq!(first.embeddings(), &all[..3]);
    assert_eq!(first.len(), 3);
    // Drawn as values: six rows of ten.
    let drawn = first.get(0).unwrap().to_string();
    assert_eq!(drawn.lines().count(), 6);
    assert!(first.get(3).is_none());
    assert!(p6x10::SOLVER.first(0).is_empty());
    assert_eq!(p6x10::SOLVER.first(5000).len(), 2339);
}

#[test]
fn solutions_from_every_core_are_values_in_the_serial_order() {
    let serial = p6x10::SOLVER.solutions();
    let parallel = p6x10::SOLVER.solutions_parallel();
    assert_eq!(parallel.len(), 2339);
    let drawn: Vec<String> = parallel.iter().map(|s| s.to_string()).collect();
    let want: Vec<String> = (&serial).into_iter().map(|s| s.to_string()).collect();
    assert_eq!(drawn, want);
}

#[test]
fn a_watch_sees_the_search_go_by_units_and_stops_it() {
    let units = p6x10::SOLVER.units().len();
    for watch in [Watch::new(), Watch::weighed()] {
        assert_eq!(p6x10::SOLVER.count_watched(false, &watch), Some(2339));
        let seen = watch.seen();
        assert_eq!(
            (seen.done, seen.units, seen.solutions),
            (units, units, 2339)
        );
        assert_eq!(seen.fraction, 1.0);
    }
    // A listing counts the solutions it shows, and no more once its visitor has had enough.
    let watch = Watch::new();
    let mut shown = 0;
    let flow = p6x10::SOLVER.solve_watched(false, &watch, &mut |_| {
        shown += 1;
        match shown < 10 {
            true => ControlFlow::Continue(()),
            false => ControlFlow::Break(()),
        }
    });
    assert!(flow.is_break());
    assert_eq!((shown, watch.seen().solutions), (10, 10));
    // A watch stopped gives no answer, and its visitor sees nothing.
    let stopped = Watch::new();
    stopped.stop();
    assert_eq!(p6x10::SOLVER.count_watched(false, &stopped), None);
    assert_eq!(p6x10::SOLVER.count_watched(true, &stopped), None);
    assert_eq!(p6x10::SOLVER.stats_watched(&stopped), None);
    let flow =
        p6x10::SOLVER.solve_watched(false, &stopped, &mut |_| panic!("a solution after a stop"));
    assert!(flow.is_break());
}

/// Every member of every class the reduced solver finds, as sorted embedding sets.
fn members(solver: &dyn Solver) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    let _ = solver.solve_all(&mut |s| {
        found.push(s.embeddings().to_vec());
        ControlFlow::Continue(())
    });
    sorted_sets(&found)
}

#[test]
fn a_reduced_puzzle_gives_every_solution_too() {
    // No 6x10 solution is symmetric: 2339 classes of four.
    assert_eq!(p6x10::SOLVER.count_all(), 9356);
    assert_eq!(
        members(&p6x10::SOLVER),
        sorted_sets(&p6x10_all::SOLVER.collect())
    );
    // Dominoes: 5 classes of 11 tilings, some fixed by a symmetry.
    assert_eq!(p3x4::SOLVER.count(), 5);
    assert_eq!(p3x4::SOLVER.count_all(), 11);
    assert_eq!(
        members(&p3x4::SOLVER),
        sorted_sets(&p3x4_all::SOLVER.collect())
    );
    // Mirror twins: a class holds a solution and its mirror image with the twins swapped.
    assert!(twins_4x5::INFO.symmetry.group_order == 4);
    assert_eq!(twins_4x5::SOLVER.count(), 1);
    assert_eq!(twins_4x5_all::SOLVER.count(), 4);
    assert_eq!(twins_4x5::SOLVER.count_all(), 4);
    assert_eq!(
        members(&twins_4x5::SOLVER),
        sorted_sets(&twins_4x5_all::SOLVER.collect())
    );
    // An abstract puzzle, by the symmetries found from its embeddings.
    assert_eq!(corners::SOLVER.count(), 1);
    assert_eq!(corners::SOLVER.count_all(), 2);
    assert_eq!(
        members(&corners::SOLVER),
        sorted_sets(&corners_all::SOLVER.collect())
    );
    // A puzzle that finds all is its own: each solution alone in its class.
    assert_eq!(p6x10_all::SOLVER.count_all(), 9356);
}

#[test]
fn every_solution_comes_from_the_classes_on_every_core() {
    // Counted by units on a pool: every unit done, the classes' sizes summed.
    let units = p6x10::SOLVER.units().len();
    assert!(units > 1);
    for threads in [1, 2] {
        let watch = Watch::new();
        let counted =
            puzzlec::parallel::with_threads(threads, || p6x10::SOLVER.count_watched(true, &watch));
        assert_eq!(counted, Some(9356));
        let seen = watch.seen();
        assert_eq!((seen.done, seen.solutions), (units, 9356));
        // Listed in the order `solve_all` lists them: each found, then the others of its class.
        let watch = Watch::new();
        let mut listed = Vec::new();
        let flow = puzzlec::parallel::with_threads(threads, || {
            p6x10::SOLVER.solve_watched(true, &watch, &mut |s| {
                listed.push(s.embeddings().to_vec());
                ControlFlow::Continue(())
            })
        });
        assert!(flow.is_continue());
        assert_eq!(watch.seen().solutions, 9356);
        let mut serial = Vec::new();
        let _ = p6x10::SOLVER.solve_all(&mut |s| {
            serial.push(s.embeddings().to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(listed, serial);
        assert_eq!(
            sorted_sets(&listed),
            sorted_sets(&p6x10_all::SOLVER.collect())
        );
    }
    // Where fewer than the whole group's images are distinct (a class of fewer than four).
    let watch = Watch::new();
    let mut listed = Vec::new();
    let _ = p3x4::SOLVER.solve_watched(true, &watch, &mut |s| {
        listed.push(s.embeddings().to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(
        sorted_sets(&listed),
        sorted_sets(&p3x4_all::SOLVER.collect())
    );
    assert_eq!(p3x4::SOLVER.count_watched(true, &Watch::new()), Some(11));
}

#[test]
fn how_every_solution_is_found_is_decided_from_the_reduction() {
    // A piece restricted: the classes of the reduced search, a quarter of the whole.
    assert_eq!(
        p6x10::INFO.symmetry.every_solution(),
        EverySolution::FromClasses
    );
    // Copies alone, pieces all swapped with their mirror twins, or an abstract puzzle: the
    // reduced search walks the whole tree.
    assert_eq!(
        p3x4::INFO.symmetry.every_solution(),
        EverySolution::Unreduced
    );
    assert_eq!(
        twins_4x5::INFO.symmetry.every_solution(),
        EverySolution::Unreduced
    );
    assert_eq!(
        corners::INFO.symmetry.every_solution(),
        EverySolution::Unreduced
    );
    // Nothing reduced.
    assert_eq!(
        p6x10_all::INFO.symmetry.every_solution(),
        EverySolution::Found
    );
}
