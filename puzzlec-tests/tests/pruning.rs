//! Pruning by holes and by region sizes (after Isobe): the same solutions, in the same order,
//! with fewer placements; the walker prunes as the generated solver does.

use puzzlec::compiler::plan::Checking;
use puzzlec::compiler::{Description, Lead, Loc, Prune, Puzzle, Symmetry};
use puzzlec::search::{Stats, Tally};
use puzzlec::{puzzle, Solver};
use puzzlec_tests::engines_agree;

puzzle! {
    mod plain { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, prune: off }
    /// The default: holes, tested on the bit board.
    mod default { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }
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
    /// A hole in the box: cells next to it are fewer positions apart, so the bit board has
    /// more neighbour distances than axes.
    mod pruned_holed {
        box: 8 x 8,
        holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
        pieces: pentominoes,
        symmetry: reduced,
        prune: regions,
    }
    /// More than 128 cells: no bit board, the flood fill instead. The bar J goes first, and
    /// the cells it leaves on its left must be a multiple of 3 (elimination would forbid the
    /// other places before the search, leaving nothing to prune).
    mod pruned_words {
        box: ["...................................................................................................................................."],
        pieces: { J: ["###"], 43 x I: ["###"] },
        order: [J, auto],
        eliminate: false,
        prune: regions,
    }
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

/// Solutions and placements, by a copy of the program made for a `Tally`.
fn tally(solve: fn(&mut Tally) -> std::ops::ControlFlow<()>) -> Tally {
    let mut t = Tally::default();
    let _ = solve(&mut t);
    t
}

#[test]
fn pruning_keeps_every_solution_and_places_less() {
    let found = pruned::SOLVER.collect();
    assert_eq!(found.len(), 2339);
    assert_eq!(found, plain::SOLVER.collect());
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
        .prune(Prune::Regions);
    let runtime = Puzzle::new(&description).unwrap();
    assert_eq!(runtime.tally(), tally(pruned::solve_with));
    engines_agree(&pruned::SOLVER, &runtime);
}

#[test]
fn a_large_search_refuses_pairs_and_checks_every_fit_first_as_the_walker_does() {
    let description = Description::new("default")
        .board(&[".........."; 6])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None });
    let walked = Puzzle::new(&description).unwrap();
    let plan = walked.plan();
    assert!(plan.scan().unwrap().pruning.pairs());
    assert_eq!(plan.scan().unwrap().fitting.checking(), Checking::First);
    let native = tally(default::solve_with);
    assert_eq!(native.solutions, 2339);
    assert_eq!(walked.tally(), native);
    engines_agree(&default::SOLVER, &walked);
    // A small search keeps the plain hole test, each placement checked as it is placed.
    let small = Puzzle::new(
        &Description::new("p3x20")
            .board(&["...................."; 3])
            .pentominoes()
            .prune(Prune::Holes),
    )
    .unwrap();
    let check = small.plan().scan().unwrap().pruning.check().unwrap();
    assert!(check.board.is_some() && !small.plan().scan().unwrap().pruning.pairs());
    assert_eq!(
        small.plan().scan().unwrap().fitting.checking(),
        Checking::AsPlaced
    );
}

#[test]
fn the_walker_prunes_as_the_bit_board_and_the_flood_fill_do() {
    let holed = Description::new("pruned_holed")
        .block(&[8, 8])
        .holes(&[&[3, 3], &[3, 4], &[4, 3], &[4, 4]])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None })
        .prune(Prune::Regions);
    let words = Description::new("pruned_words")
        .block(&[1, 132])
        .piece("J", &["###"])
        .piece("I", &["###"])
        .copies(43)
        .lead(Lead::Named(vec![("J".to_string(), Loc::default())]))
        .eliminate(false)
        .prune(Prune::Regions);
    let native = [
        tally(pruned_holed::solve_with),
        tally(pruned_words::solve_with),
    ];
    assert_eq!(native[0].solutions, 65);
    // J lies at one of the 44 places a multiple of 3 from the end; every other place is
    // pruned at once.
    assert_eq!(native[1].solutions, 44);
    let mut stats = Stats::default();
    let _ = pruned_words::solve_with(&mut stats);
    assert!(stats.pruned > 0, "{stats:?}");
    for (description, native) in [holed, words.clone()].iter().zip(native) {
        assert_eq!(Puzzle::new(description).unwrap().tally(), native);
    }
    let walked = Puzzle::new(&words).unwrap();
    engines_agree(&pruned_words::SOLVER, &walked);
}

#[test]
fn pruning_in_3d_and_with_pieces_of_several_sizes() {
    assert_eq!(pruned_3d::SOLVER.count(), 12);
    let found = mixed_sizes::SOLVER.collect();
    assert!(!found.is_empty());
    assert_eq!(found, mixed_sizes_plain::SOLVER.collect());
}

#[test]
fn holes_keep_every_solution_and_place_less() {
    let found = holes::SOLVER.collect();
    assert_eq!(found, plain::SOLVER.collect());
    let (with, without) = (tally(holes::solve_with), tally(plain::solve_with));
    assert_eq!(with.solutions, 2339);
    assert!(
        with.placements < without.placements,
        "{with:?} vs {without:?}"
    );
    // Holes are the default.
    assert_eq!(tally(default::solve_with), with);
    // The walker tests the same cells.
    let description = Description::new("holes")
        .board(&[".........."; 6])
        .pentominoes()
        .symmetry(Symmetry::Reduced { piece: None })
        .prune(Prune::Holes);
    assert_eq!(Puzzle::new(&description).unwrap().tally(), with);
}

#[test]
fn holes_in_3d_and_across_words() {
    // Three steps on the board: the lookups check first from the free neighbours counted
    // once per call, and refuse what the walker's hole test after each placement refuses.
    let walked = Puzzle::new(
        &Description::new("holes_3d")
            .block(&[5, 4, 3])
            .pentominoes()
            .symmetry(Symmetry::Reduced { piece: None })
            .prune(Prune::Holes),
    )
    .unwrap();
    assert_eq!(
        walked.plan().scan().unwrap().fitting.checking(),
        Checking::FromCounts
    );
    assert_eq!(walked.info().fingerprint, holes_3d::INFO.fingerprint);
    let stats = holes_3d::SOLVER.stats();
    assert_eq!(stats.solutions, 3940);
    assert!(stats.pruned > 0);
    assert_eq!(walked.stats(), stats);
    // 2x2 squares tile a 9x16 box in no way (9 is odd); none is missed in a 8x16 part either.
    assert_eq!(holes_words::SOLVER.count(), 0);
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

/// Where every cell has a neighbour that every placement covers with it, no cell is ever
/// walled in alone: pieces two cells tall in a box two cells tall. The hole test is left out
/// unless asked for (the fingerprint saying so), and asked for it refuses nothing; the six orders of two squares and two
/// 2 x 3 blocks are found either way.
#[test]
fn the_hole_test_is_left_out_where_no_cell_can_be_walled_in_alone() {
    let text = |prune: &str| {
        format!(
            r####"mod tall {{ box: ["..........", ".........."], pieces: {{ 2 x O: ["##", "##"], 2 x R: ["###", "###"] }}, prune: {prune} }}"####
        )
    };
    let compile = |prune: &str| {
        let parsed = puzzlec::compiler::parse::parse_str(&text(prune)).unwrap();
        Puzzle::new(&parsed[0].description).unwrap()
    };
    let (auto, holes) = (compile("auto"), compile("holes"));
    assert!(matches!(
        auto.plan().scan().unwrap().pruning,
        puzzlec::compiler::plan::Pruning::Off
    ));
    assert!(!matches!(
        holes.plan().scan().unwrap().pruning,
        puzzlec::compiler::plan::Pruning::Off
    ));
    // The plans differ, and so do the fingerprints: no unit of one search joins the other's.
    assert_ne!(auto.info().fingerprint, holes.info().fingerprint);
    assert_eq!(auto.count(), 6);
    assert_eq!(u128::from(auto.reference_count()), 6);
    let asked = holes.stats();
    assert_eq!(asked.solutions, 6);
    assert_eq!(asked.pruned, 0, "{asked:?}");
    assert_eq!(auto.tally().placements, asked.total_placements());
}
