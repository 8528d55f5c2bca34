#![deny(warnings)]

//! The report's small puzzle, declared with the macro: its figures, its solutions in the
//! report's order, and a module that compiles without a warning.

use std::ops::ControlFlow;

use puzzlec::{puzzle, Solver};

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

    /// Pieces whose names start alike, and one that gives its own glyph.
    mod glyphs {
        box: ["....", "...."],
        pieces: { #[glyph('4')] Four: ["####"], Flat: ["###"], Fat: ["#"] },
    }

    /// Thirty copies in a row: drawn with their kind's letter, never wrapping round an alphabet.
    mod strip { box: 1 x 60, pieces: { 30 x D: ["##"] } }

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
    assert_eq!(drawings[0], "ACB\nCCB");
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

#[test]
fn pieces_are_drawn_with_glyphs_of_their_own() {
    let mut drawings = Vec::new();
    let _ = glyphs::SOLVER.solve(&mut |s| {
        drawings.push(s.to_string());
        ControlFlow::Continue(())
    });
    assert_eq!(drawings.len(), 4);
    // `Four` is drawn `4` as it asks; `Fat` takes `a`, since `Flat` has `F`.
    assert!(drawings.contains(&"4444\nFFFa".to_owned()), "{drawings:?}");
    assert!(drawings.contains(&"aFFF\n4444".to_owned()), "{drawings:?}");
}

#[test]
fn many_copies_are_drawn_with_their_kind() {
    let mut first = String::new();
    let _ = strip::SOLVER.solve(&mut |s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    assert_eq!(first, "DDdd".repeat(15));
}
