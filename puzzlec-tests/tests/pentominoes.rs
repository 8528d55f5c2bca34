//! The pentomino rectangles of the report. Each count is found by a generated solver, and every
//! solution is checked to be an exact cover, and new, by the runtime's independent check.

use std::ops::ControlFlow;

use puzzlec::compiler::description::{Count, PieceSet};
use puzzlec::compiler::{Description, Puzzle, Symmetry};
use puzzlec::search::CachedCounter;
use puzzlec::{puzzle, Solver};
use puzzlec_tests::{check_solutions, engines_agree, processor_agrees};

puzzle! {
    mod p6x10 { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }
    mod p6x10_all { box: [".........."; 6], pieces: pentominoes }
    mod p5x12 { box: ["............"; 5], pieces: pentominoes, symmetry: reduced }
    mod p4x15 { box: ["..............."; 4], pieces: pentominoes, symmetry: reduced }
    mod p3x20 { box: ["...................."; 3], pieces: pentominoes, symmetry: reduced }
    mod p6x10_rows { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, order: rows }
    mod p6x10_kept { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, eliminate: false }
    mod p6x10_x_first { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, order: [X, columns] }
    mod p6x10_unshared { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, sharing: false }

    /// The eighteen one-sided pentominoes (the twelve and the mirror images of the six chiral
    /// ones), turned but never turned over.
    mod one_sided_3x30 { box: 3 x 30, pieces: pentominoes(one_sided), reflect: false, symmetry: reduced }

    /// Any of the twelve pentominoes, each at most once, filling the 5x8.
    mod subset_5x8 { box: 5 x 8, pieces: { 0..=1 x pentominoes }, symmetry: reduced }

    /// Scott's 8x8: the twelve pentominoes and the square tetromino, which may go anywhere.
    mod scott { box: ["........"; 8], pieces: { pentominoes, O: ["##", "##"] }, symmetry: reduced }

    /// The 8x8 square without its central 2x2: eight symmetries, and X on a diagonal is fixed
    /// by one, so the reduction needs its check.
    mod p8x8_hole {
        box: [
            "........",
            "........",
            "........",
            "...##...",
            "...##...",
            "........",
            "........",
            "........",
        ],
        pieces: pentominoes,
        symmetry: reduced,
    }
}

/// Runs a generated solver and checks every solution against the same puzzle compiled at run
/// time: each is an exact cover of allowed embeddings, and none is found twice.
fn check(solver: &dyn Solver, rows: usize, cols: usize, symmetry: Symmetry) -> usize {
    check_solutions(solver, rectangle(rows, cols, symmetry))
}

/// The pentominoes in a rectangle.
fn rectangle(rows: usize, cols: usize, symmetry: Symmetry) -> Description {
    let row = ".".repeat(cols);
    Description::new("check")
        .board(&vec![row; rows])
        .pentominoes()
        .symmetry(symmetry)
}

#[test]
fn pentomino_6x10() {
    let reduced = Symmetry::Reduced { piece: None };
    assert_eq!(check(&p6x10::SOLVER, 6, 10, reduced), 2339);
    assert_eq!(p6x10::SOLVER.count(), 2339);
    assert_eq!(p6x10::INFO.symmetry.piece.as_deref(), Some("X"));
    assert_eq!(p6x10::INFO.embeddings, 2056);
    // Elimination drops the placements that wall off a region whose size is no multiple of 5,
    // among them the 4 X's next to a corner; the reduction keeps 7 of the other 28 X's.
    assert_eq!(
        p6x10::INFO.allowed,
        2056 - p6x10::INFO.eliminated - (28 - 7)
    );
    assert_eq!(p6x10::INFO.eliminated, 128);
    assert_eq!(p6x10_kept::INFO.allowed, 2056 - 32 + 8);
    assert_eq!(p6x10_kept::SOLVER.count(), 2339);
}

#[test]
fn one_sided_pentominoes_3x30() {
    // The published figure counts a solution and its mirror image, with each chiral piece and
    // its twin swapped, once: 46 classes of the 4 symmetries, none of which fixes a solution.
    let all = Description::new("check")
        .block(&[3, 30])
        .set(PieceSet::ONE_SIDED_PENTOMINOES)
        .reflect(false);
    assert_eq!(Puzzle::new(&all).unwrap().reference_count(), 4 * 46);
    let reduced = all.symmetry(Symmetry::Reduced { piece: None });
    assert_eq!(check_solutions(&one_sided_3x30::SOLVER, reduced), 46);
    assert_eq!(one_sided_3x30::INFO.symmetry.mirror_twins.len(), 6);
}

#[test]
fn any_eight_pentominoes_fill_the_5x8() {
    // The published figure: 3,408 up to symmetry. No piece is sure to be placed, so none can
    // be restricted: each solution is checked to be the least of its images.
    let optional = Count { min: 0, max: 1 };
    let all = Description::new("check")
        .block(&[5, 8])
        .set_counted(PieceSet::PENTOMINOES, optional);
    let reduced = all.clone().symmetry(Symmetry::Reduced { piece: None });
    assert_eq!(check_solutions(&subset_5x8::SOLVER, reduced.clone()), 3408);
    let walked = Puzzle::new(&reduced).unwrap();
    engines_agree(&subset_5x8::SOLVER, &walked);
    let classes = walked.collect();
    let every = Puzzle::new(&all).unwrap().reference_count();
    assert_eq!(walked.reduction().unwrap().class_members(&classes), every);
    assert_eq!(processor_agrees(&subset_5x8::SOLVER), 3408);
}

#[test]
fn pentomino_6x10_all_solutions() {
    assert_eq!(check(&p6x10_all::SOLVER, 6, 10, Symmetry::All), 9356);
    // X is never fixed by a symmetry of the box, so every class has exactly 4 solutions.
    assert_eq!(9356, 4 * 2339);
}

#[test]
fn count_skips_free_sets_that_failed_before() {
    // The 6x10 reaches many free sets more than once; the cache skips those that held no
    // solution, and the count is the same.
    const { assert!(p6x10::INFO.cache.is_some()) };
    let mut counter = CachedCounter::new(18);
    let _ = p6x10::solve_with(&mut counter);
    assert_eq!(counter.solutions(), 2339);
    let skips = counter.cache().map_or(0, |cache| cache.skips());
    assert!(skips > 10_000, "{skips}");
    // A cache of two slots forgets almost everything, and still errs in nothing.
    let mut tiny = CachedCounter::new(1);
    let _ = p6x10::solve_with(&mut tiny);
    assert_eq!(tiny.solutions(), 2339);
    assert_eq!(p6x10::SOLVER.count(), 2339);
    assert_eq!(p6x10::SOLVER.count_parallel(), 2339);
}

#[test]
fn the_walker_searches_as_the_native_solver_does() {
    // The same program and plan: the same solutions in the same order, the same tree, the
    // same units, on the 6x10 (holes on a bit board, the failure cache from a quarter on).
    let reduced = Symmetry::Reduced { piece: None };
    let walked = Puzzle::new(&rectangle(6, 10, reduced)).unwrap();
    engines_agree(&p6x10::SOLVER, &walked);
}

#[test]
fn pentomino_6x10_other_programs_agree() {
    assert_eq!(p6x10_rows::SOLVER.count(), 2339);
    assert_eq!(p6x10_unshared::SOLVER.count(), 2339);
}

#[test]
fn pentomino_5x12_4x15_3x20() {
    let reduced = || Symmetry::Reduced { piece: None };
    assert_eq!(check(&p5x12::SOLVER, 5, 12, reduced()), 1010);
    assert_eq!(check(&p4x15::SOLVER, 4, 15, reduced()), 368);
    assert_eq!(check(&p3x20::SOLVER, 3, 20, reduced()), 2);
}

#[test]
fn pentomino_8x8_with_central_hole() {
    assert_eq!(p8x8_hole::SOLVER.count(), 65);
    assert_eq!(p8x8_hole::INFO.symmetry.group_order, 8);
    // X on a diagonal is fixed by a mirror: a second piece keeps one placement per orbit of
    // it there, through marks (optional aspects after the pieces), and no pair of kept
    // placements is fixed by the mirror, so no check is left to do.
    assert_eq!(p8x8_hole::INFO.symmetry.piece.as_deref(), Some("X"));
    assert!(p8x8_hole::INFO.symmetry.second_piece.is_some());
    const { assert!(p8x8_hole::INFO.aspects > 60 + 12) };
    assert!(p8x8_hole::SOLVER.symmetry_check().is_none());
    let mut first = String::new();
    let _ = p8x8_hole::SOLVER.solve(&mut |s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    // The hole is drawn as blanks in the middle of rows 4 and 5.
    let rows: Vec<&str> = first.lines().collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(&rows[3][3..5], "  ");
    assert_eq!(&rows[4][3..5], "  ");
}

#[test]
fn scotts_8x8_with_the_square_anywhere() {
    // 16146 classes (the published figure), each an exact cover found once; pieces of two
    // sizes, so the holes test and the elimination work with sizes 4 and 5.
    let description = Description::new("scott")
        .board(&["........"; 8])
        .pentominoes()
        .piece("O", &["##", "##"])
        .symmetry(Symmetry::Reduced { piece: None });
    assert_eq!(check_solutions(&scott::SOLVER, description), 16146);
    // Those with the square in the middle are the 65 of the 8x8 with a central hole.
    let middle: Vec<u32> = [27, 28, 35, 36].into();
    let mut centred = 0;
    let _ = scott::SOLVER.solve(&mut |s| {
        let square = s
            .embeddings()
            .iter()
            .find(|&&e| scott::CATALOG.piece_of(e) == Some("O"));
        let cells: Vec<u32> = square.map_or(Vec::new(), |&e| scott::CATALOG.cells_of(e).collect());
        centred += usize::from(cells == middle);
        ControlFlow::Continue(())
    });
    assert_eq!(centred, 65);
}

#[test]
fn the_order_is_chosen_by_estimating_each_candidate() {
    // Of the scans along either side, with none, one or two of the pieces with the fewest
    // placements first (and all of them), X first and then the columns has the smallest
    // estimated tree; naming that order outright gives the same program.
    assert_eq!(p6x10::INFO.order, "X, then columns");
    assert_eq!(p6x10_x_first::INFO.order, p6x10::INFO.order);
    assert_eq!(p6x10_x_first::INFO.estimate, p6x10::INFO.estimate);
    assert_eq!(p6x10_x_first::SOLVER.count(), 2339);
    assert_eq!(p6x10_rows::INFO.order, "rows");
    // The estimate is within a small factor of the placements the search makes.
    let tally = p6x10::SOLVER.tally();
    let ratio = tally.placements as f64 / p6x10::INFO.estimate;
    assert!((1.0 / 3.0..3.0).contains(&ratio), "{ratio}");
    // And the order chosen makes far fewer placements than the columns alone.
    let columns = Description::new("columns")
        .board(&[".........."; 6])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None })
        .order(puzzlec::compiler::OrderChoice::Columns);
    let walked = Puzzle::new(&columns).unwrap().tally();
    assert!(
        tally.placements * 4 < walked.placements,
        "{tally:?} {walked:?}"
    );
}
