#![deny(warnings)]

//! The report's small puzzle (METHOD.md §4), declared with the macro.

use std::ops::ControlFlow;

use puzzle::puzzle;
use puzzle::search::collect;

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
    assert_eq!(small::count(), 12);
    assert_eq!(restricted::count(), 3);
    assert_eq!(unshared::count(), 3);
    assert_eq!(reduced::count(), 3);
    assert_eq!(small::ASPECT_COUNT, 9);
    assert_eq!(small::EMBEDDING_COUNT, 21);
    assert_eq!(restricted::EMBEDDING_COUNT, 21);
    assert_eq!(restricted::ALLOWED_EMBEDDING_COUNT, 15);
    assert_eq!(reduced::SYMMETRY_PIECE, Some("C"));
    assert_eq!(reduced::SYMMETRY_GROUP_ORDER, 4);
}

#[test]
fn restricted_solutions_in_the_report_order() {
    let want = vec![vec![0, 18, 10], vec![6, 3, 20], vec![7, 1, 20]];
    assert_eq!(collect(|v| restricted::solve(v)), want);
    assert_eq!(collect(|v| unshared::solve(v)), want);
}

#[test]
fn solutions_are_drawn() {
    let mut drawings = Vec::new();
    let _ = restricted::solve(|s| {
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
    let flow = small::solve(|_| {
        seen += 1;
        ControlFlow::Break(())
    });
    assert_eq!(flow, ControlFlow::Break(()));
    assert_eq!(seen, 1);
}
