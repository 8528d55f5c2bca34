//! The pentomino rectangles of METHOD.md §4. Each count is found by a generated solver, and every
//! solution is checked to be an exact cover, and new, by the runtime's independent check.

mod support;

use std::ops::ControlFlow;

use puzzle::runtime::search::{CachedCounter, Sink};
use puzzle::search::SolveFn;
use puzzle::{puzzle, Description, Symmetry};
use support::check_solutions;

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
fn check(solve: SolveFn, rows: usize, cols: usize, symmetry: Symmetry) -> usize {
    let row = ".".repeat(cols);
    let description = Description::new("check")
        .board(&vec![row; rows])
        .pentominoes()
        .symmetry(symmetry);
    check_solutions(solve, description)
}

#[test]
fn pentomino_6x10() {
    let reduced = Symmetry::Reduced { piece: None };
    assert_eq!(check(|v| p6x10::solve(v), 6, 10, reduced), 2339);
    assert_eq!(p6x10::count(), 2339);
    assert_eq!(p6x10::SYMMETRY_PIECE, Some("X"));
    assert_eq!(p6x10::EMBEDDING_COUNT, 2056);
    // Elimination drops the placements that wall off a region whose size is no multiple of 5,
    // among them the 4 X's next to a corner; the reduction keeps 7 of the other 28 X's.
    assert_eq!(
        p6x10::ALLOWED_EMBEDDING_COUNT,
        2056 - p6x10::ELIMINATED_EMBEDDING_COUNT - (28 - 7)
    );
    assert_eq!(p6x10::ELIMINATED_EMBEDDING_COUNT, 128);
    assert_eq!(p6x10_kept::ALLOWED_EMBEDDING_COUNT, 2056 - 32 + 8);
    assert_eq!(p6x10_kept::count(), 2339);
}

#[test]
fn pentomino_6x10_all_solutions() {
    assert_eq!(check(|v| p6x10_all::solve(v), 6, 10, Symmetry::All), 9356);
    // X is never fixed by a symmetry of the box, so every class has exactly 4 solutions.
    assert_eq!(9356, 4 * 2339);
}

#[test]
fn count_skips_free_sets_that_failed_before() {
    // The 6x10 reaches many free sets more than once; the cache skips those that held no
    // solution, and the count is the same.
    const { assert!(p6x10::FAILURE_CACHE) };
    let mut counter = CachedCounter::new(18);
    let _ = p6x10::solve_with(&mut counter);
    assert_eq!(counter.solutions, 2339);
    let skips = counter.failures().map_or(0, |cache| cache.skips());
    assert!(skips > 10_000, "{skips}");
    // A cache of two slots forgets almost everything, and still errs in nothing.
    let mut tiny = CachedCounter::new(1);
    let _ = p6x10::solve_with(&mut tiny);
    assert_eq!(tiny.solutions, 2339);
    assert_eq!(p6x10::count(), 2339);
    assert_eq!(p6x10::count_parallel(), 2339);
}

#[test]
fn pentomino_6x10_other_programs_agree() {
    assert_eq!(p6x10_rows::count(), 2339);
    assert_eq!(p6x10_unshared::count(), 2339);
}

#[test]
fn pentomino_5x12_4x15_3x20() {
    let reduced = || Symmetry::Reduced { piece: None };
    assert_eq!(check(|v| p5x12::solve(v), 5, 12, reduced()), 1010);
    assert_eq!(check(|v| p4x15::solve(v), 4, 15, reduced()), 368);
    assert_eq!(check(|v| p3x20::solve(v), 3, 20, reduced()), 2);
}

#[test]
fn pentomino_8x8_with_central_hole() {
    assert_eq!(p8x8_hole::count(), 65);
    assert_eq!(p8x8_hole::SYMMETRY_GROUP_ORDER, 8);
    // X on a diagonal is fixed by a mirror: a second piece keeps one placement per orbit of
    // it there, through marks (optional aspects after the pieces), and no pair of kept
    // placements is fixed by the mirror, so no check is left to do.
    assert_eq!(p8x8_hole::SYMMETRY_PIECE, Some("X"));
    assert!(p8x8_hole::SYMMETRY_SECOND_PIECE.is_some());
    const { assert!(p8x8_hole::ASPECT_COUNT > 60 + 12) };
    assert!(p8x8_hole::SYMMETRY_CHECK.is_none());
    let mut first = String::new();
    let _ = p8x8_hole::solve(|s| {
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
    assert_eq!(check_solutions(|v| scott::solve(v), description), 16146);
    // Those with the square in the middle are the 65 of the 8x8 with a central hole.
    let middle: Vec<u32> = [27, 28, 35, 36].into();
    let mut centred = 0;
    let _ = scott::solve(|s| {
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
    assert_eq!(p6x10::ORDER, "X, then columns");
    assert_eq!(p6x10_x_first::ORDER, p6x10::ORDER);
    assert_eq!(p6x10_x_first::ORDER_ESTIMATE, p6x10::ORDER_ESTIMATE);
    assert_eq!(p6x10_x_first::count(), 2339);
    assert_eq!(p6x10_rows::ORDER, "rows");
    // The estimate is within a small factor of the placements the search makes.
    let mut tally = puzzle::runtime::search::Tally::default();
    let _ = p6x10::solve_with(&mut tally);
    let ratio = tally.placements as f64 / p6x10::ORDER_ESTIMATE;
    assert!((1.0 / 3.0..3.0).contains(&ratio), "{ratio}");
    // And the order chosen makes far fewer placements than the columns alone.
    let columns = Description::new("columns")
        .board(&[".........."; 6])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None })
        .order(puzzle::OrderChoice::Columns);
    let columns = puzzle::Puzzle::new(&columns).unwrap();
    let mut walked = puzzle::runtime::search::Tally::default();
    let _ = columns.run_program(&mut walked);
    assert!(
        tally.placements * 4 < walked.placements,
        "{tally:?} {walked:?}"
    );
}
