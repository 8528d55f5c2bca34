#![deny(warnings)]

//! The report's small puzzle, declared with the macro: its figures, its solutions in the
//! report's order, and a module that compiles without a warning.

use std::ops::ControlFlow;

use puzzle::{puzzle, Solver};

puzzle! {
    /// The 2x3 box with a monomino, a domino and an L tromino, all solutions.
    mod small {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: columns,
        eliminate: false,
    }

    /// The same with C restricted to embeddings 18 and 20: one solution per symmetry class.
    mod restricted {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: [(0, 0), (0, 1), (1, 0)] },
        order: columns,
        eliminate: false,
        restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
    }

    /// Restricted, without shared tests.
    mod unshared {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: columns,
        eliminate: false,
        sharing: false,
        restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
    }

    /// Reduced by symmetry automatically.
    mod reduced {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        symmetry: reduced,
    }
}

#[test]
fn counts() {
    assert_eq!(small::SOLVER.count(), 12);
    assert_eq!(restricted::SOLVER.count(), 3);
    assert_eq!(unshared::SOLVER.count(), 3);
    assert_eq!(reduced::SOLVER.count(), 3);
    assert_eq!(small::INFO.aspects, 9);
    assert_eq!(small::INFO.embeddings, 21);
    assert_eq!(restricted::INFO.embeddings, 21);
    assert_eq!(restricted::INFO.allowed, 15);
    assert_eq!(reduced::INFO.symmetry.piece.as_deref(), Some("C"));
    assert_eq!(reduced::INFO.symmetry.group_order, 4);
}

#[test]
fn restricted_solutions_in_the_report_order() {
    let want = vec![vec![0, 18, 10], vec![6, 3, 20], vec![7, 1, 20]];
    assert_eq!(restricted::SOLVER.collect(), want);
    assert_eq!(unshared::SOLVER.collect(), want);
}

#[test]
fn solutions_are_drawn() {
    let mut drawings = Vec::new();
    let _ = restricted::SOLVER.solve(&mut |s| {
        drawings.push(s.to_string());
        ControlFlow::Continue(())
    });
    // 0 = A on cell 0, 18 = C on {1, 3, 4}, 10 = B on {2, 5}.
    assert_eq!(drawings[0], "ACB\nCCB\n");
    assert_eq!(drawings.len(), 3);
}

#[test]
fn visitor_can_stop_the_search() {
    let mut seen = 0;
    let flow = small::SOLVER.solve(&mut |_| {
        seen += 1;
        ControlFlow::Break(())
    });
    assert_eq!(flow, ControlFlow::Break(()));
    assert_eq!(seen, 1);
}
