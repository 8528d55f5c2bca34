//! Pruning by region sizes (METHOD.md §5): the same solutions, in the same order, with fewer
//! placements; the program walker prunes as the generated solver does.

use puzzle::runtime::search::{collect, Stats, Tally};
use puzzle::{puzzle, Description, Pruning, Puzzle, Symmetry};

puzzle! {
    mod plain { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }
    mod pruned { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, prune: regions }
    mod holes { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, prune: holes }
    mod holes_3d { box: 5 x 4 x 3, pieces: pentominoes, symmetry: reduced, prune: holes }
    /// More than 128 cells: `q` is an array, and a hole's mask may span two words.
    mod holes_words {
        box: ["................"; 9],
        pieces: { 36 x D: ["##", "##"] },
        prune: holes,
    }
    mod pruned_3d { box: 10 x 3 x 2, pieces: pentominoes, symmetry: reduced, prune: regions }
    /// Pieces of 2 and 3 cells: regions of 1 cell are pruned, of 2 or more are not.
    mod mixed_sizes {
        box: ["......"; 4],
        pieces: { 3 x D: ["##"], 6 x L: ["##", "#."] },
        prune: regions,
    }
    mod mixed_sizes_plain {
        box: ["......"; 4],
        pieces: { 3 x D: ["##"], 6 x L: ["##", "#."] },
    }
}

fn tally(solve: fn(&mut Tally) -> std::ops::ControlFlow<()>) -> Tally {
    let mut t = Tally::default();
    let _ = solve(&mut t);
    t
}

#[test]
fn pruning_keeps_every_solution_and_places_less() {
    let found = collect(|v| pruned::solve(v));
    assert_eq!(found.len(), 2339);
    assert_eq!(found, collect(|v| plain::solve(v)));
    let (with, without) = (tally(pruned::solve_with), tally(plain::solve_with));
    assert_eq!(with.solutions, 2339);
    assert!(
        with.placements * 2 < without.placements,
        "{with:?} vs {without:?}"
    );
}

#[test]
fn the_walker_prunes_as_the_generated_solver_does() {
    let description = Description::new("pruned")
        .board(&[".........."; 6])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None })
        .prune(Pruning::Regions);
    let runtime = Puzzle::new(&description).unwrap();
    let mut walked = Tally::default();
    let _ = runtime.run_program(&mut walked);
    assert_eq!(walked, tally(pruned::solve_with));
}

#[test]
fn pruning_in_3d_and_with_pieces_of_several_sizes() {
    assert_eq!(pruned_3d::count(), 12);
    let found = collect(|v| mixed_sizes::solve(v));
    assert!(!found.is_empty());
    assert_eq!(found, collect(|v| mixed_sizes_plain::solve(v)));
}

#[test]
fn holes_keep_every_solution_and_place_less() {
    let found = collect(|v| holes::solve(v));
    assert_eq!(found, collect(|v| plain::solve(v)));
    let (with, without) = (tally(holes::solve_with), tally(plain::solve_with));
    assert_eq!(with.solutions, 2339);
    assert!(
        with.placements < without.placements,
        "{with:?} vs {without:?}"
    );
    // The walker tests the same cells.
    let description = Description::new("holes")
        .board(&[".........."; 6])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None })
        .prune(Pruning::Holes);
    let mut walked = Tally::default();
    let _ = Puzzle::new(&description).unwrap().run_program(&mut walked);
    assert_eq!(walked, with);
}

#[test]
fn holes_in_3d_and_across_words() {
    let mut t = Tally::default();
    let _ = holes_3d::solve_with(&mut t);
    assert_eq!(t.solutions, 3940);
    // 2x2 squares tile a 9x16 box in no way (9 is odd); none is missed in a 8x16 part either.
    assert_eq!(holes_words::count(), 0);
}

#[test]
fn statistics_count_placements_by_depth_and_pruned_ones() {
    let mut stats = Stats::default();
    let _ = holes::solve_with(&mut stats);
    assert_eq!(stats.solutions, 2339);
    assert_eq!(
        stats.total_placements(),
        tally(holes::solve_with).placements
    );
    assert!(stats.pruned > 0);
    // X first: its 7 placements left by elimination and the reduction at depth 0; 12 pieces
    // in every solution, so nothing deeper than depth 11.
    assert_eq!(stats.placements[0], 7);
    assert_eq!(stats.placements.len(), 12);
    let mut plain_stats = Stats::default();
    let _ = plain::solve_with(&mut plain_stats);
    assert_eq!(plain_stats.pruned, 0);
}
