//! Boxes in three and four dimensions (the report): flat pentominoes free in space, boxes
//! drawn as layers, boxes given by size with holes. Every solution is checked to be an exact
//! cover of the same puzzle compiled at run time.

use std::ops::ControlFlow;

use puzzlec::compiler::description::{DeadEnds, FewestFits, PieceSet};
use puzzlec::compiler::{Description, Puzzle, Symmetry};
use puzzlec::{puzzle, Solver};
use puzzlec_tests::check_solutions as check;
use puzzlec_tests::engines_agree;

puzzle! {
    mod p10x3x2 { box: 10 x 3 x 2, pieces: pentominoes, symmetry: reduced }
    mod p6x5x2 { box: 6x5x2, pieces: pentominoes, symmetry: reduced }
    mod p5x4x3 { box: 5 x 4 x 3, pieces: pentominoes, symmetry: reduced }
    mod p6x5x2_cached { box: 6 x 5 x 2, pieces: pentominoes, symmetry: reduced, cache: on }
    mod p5x3x2x2 { box: 5 x 3 x 2 x 2, pieces: pentominoes }

    /// A 2x2x2 cube drawn as two layers, and two tripods drawn the same way.
    mod tripods {
        box: [
            ["..", ".."],
            ["..", ".."],
        ],
        pieces: {
            A: [["##", "#."], ["#.", ".."]],
            B: [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)],
        },
    }

    /// The Soma cube: a tricube and six tetracubes, two of them mirror images, which may be
    /// turned but not reflected.
    mod soma {
        box: 3 x 3 x 3,
        reflect: false,
        symmetry: reduced,
        pieces: soma,
    }

    /// The eight tetracubes, the screws A and B among them, turned but not turned over.
    mod tetracubes_2x4x4 { box: 2 x 4 x 4, reflect: false, symmetry: reduced, pieces: tetracubes }

    /// Dead ends covered first, where `auto` leaves them to the scan (the boxes are thin).
    mod p6x5x2_dead_ends { box: 6 x 5 x 2, pieces: pentominoes, symmetry: reduced, dead_ends: on }
    mod soma_dead_ends { box: 3 x 3 x 3, reflect: false, symmetry: reduced, pieces: soma, dead_ends: on }
    mod p8x8_dead_ends {
        box: 8 x 8,
        holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
        pieces: pentominoes,
        symmetry: reduced,
        dead_ends: on,
    }

    /// Then, near the top of the search, the cell with the fewest fits.
    mod p6x5x2_fewest_fits {
        box: 6 x 5 x 2, pieces: pentominoes, symmetry: reduced, dead_ends: on, fewest_fits: on
    }
    mod soma_fewest_fits {
        box: 3 x 3 x 3, reflect: false, symmetry: reduced, pieces: soma, dead_ends: on,
        fewest_fits: on,
    }
    mod p8x8_fewest_fits {
        box: 8 x 8,
        holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
        pieces: pentominoes,
        symmetry: reduced,
        dead_ends: on,
        fewest_fits: on,
    }

    mod p8x8_holes {
        box: 8 x 8,
        holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
        pieces: pentominoes,
        symmetry: reduced,
    }
}

fn pentominoes_in(extents: &[i32], symmetry: Symmetry) -> Description {
    Description::new("check")
        .block(extents)
        .pentominoes()
        .symmetry(symmetry)
}

#[test]
fn pentominoes_10x3x2() {
    let reduced = pentominoes_in(&[10, 3, 2], Symmetry::Reduced { piece: None });
    assert_eq!(check(&p10x3x2::SOLVER, reduced.clone()), 12);
    engines_agree(&p10x3x2::SOLVER, &Puzzle::new(&reduced).unwrap());
    assert_eq!(p10x3x2::INFO.symmetry.group_order, 8);
}

#[test]
fn pentominoes_6x5x2() {
    let reduced = pentominoes_in(&[6, 5, 2], Symmetry::Reduced { piece: None });
    assert_eq!(check(&p6x5x2::SOLVER, reduced), 264);
    // A frontier of 10 cells: no cache unless asked for, and the same count with one.
    assert!(p6x5x2::INFO.cache.is_none() && p6x5x2_cached::INFO.cache.is_some());
    assert_eq!(p6x5x2::SOLVER.count(), 264);
    assert_eq!(p6x5x2_cached::SOLVER.count(), 264);
    assert_eq!(p6x5x2_cached::SOLVER.count_parallel(), 264);
}

#[test]
fn pentominoes_5x3x2x2_have_no_solution() {
    assert_eq!(p5x3x2x2::SOLVER.count(), 0);
    assert_eq!(p5x3x2x2::INFO.aspects, 72);
}

#[test]
fn drawn_cube_and_pieces() {
    let d = Description::new("tripods")
        .layers(&[&["..", ".."], &["..", ".."]])
        .piece_cells("A", &[&[0, 0, 0], &[0, 0, 1], &[0, 1, 0], &[1, 0, 0]])
        .piece_cells("B", &[&[0, 0, 0], &[0, 0, 1], &[0, 1, 0], &[1, 0, 0]]);
    // A sits at any of the 8 corners; B fills the rest, at the opposite corner.
    assert_eq!(check(&tripods::SOLVER, d), 8);
    let mut first = String::new();
    let _ = tripods::SOLVER.solve(&mut |s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    // Each layer is headed by its place on the first axis; rows, then columns below.
    assert_eq!(first, "(0, _, _)\nAA\nAB\n\n(1, _, _)\nAB\nBB");
}

#[test]
fn soma_cube() {
    const SOMA: [(&str, &[&[i32]]); 7] = [
        ("V", &[&[0, 0, 0], &[1, 0, 0], &[0, 1, 0]]),
        ("L", &[&[0, 0, 0], &[1, 0, 0], &[2, 0, 0], &[0, 1, 0]]),
        ("T", &[&[0, 0, 0], &[1, 0, 0], &[2, 0, 0], &[1, 1, 0]]),
        ("Z", &[&[0, 0, 0], &[1, 0, 0], &[1, 1, 0], &[2, 1, 0]]),
        ("A", &[&[0, 0, 0], &[1, 0, 0], &[1, 1, 0], &[1, 1, 1]]),
        ("B", &[&[0, 0, 1], &[1, 0, 1], &[1, 1, 1], &[1, 1, 0]]),
        ("P", &[&[0, 0, 0], &[1, 0, 0], &[0, 1, 0], &[0, 0, 1]]),
    ];
    // The pieces as the built-in set `soma` has them, written out here to check the set.
    let all = SOMA.iter().fold(
        Description::new("soma").block(&[3, 3, 3]).reflect(false),
        |d, (name, cells)| d.piece_cells(name, cells),
    );
    // The published figure: 11,520 solutions, 240 up to rotations and reflections. The pieces
    // are only turned, so a reflection maps a solution to one with the mirror twins A and B
    // swapped: the reduction is by the 48 symmetries with that relabelling.
    assert_eq!(Puzzle::new(&all).unwrap().reference_count(), 11_520);
    let reduced = all.symmetry(Symmetry::Reduced { piece: None });
    assert_eq!(check(&soma::SOLVER, reduced), 240);
    assert_eq!(soma::INFO.symmetry.group_order, 48);
    let twins = &soma::INFO.symmetry.mirror_twins;
    assert_eq!(twins.len(), 1);
    assert_eq!((&*twins[0].0, &*twins[0].1), ("A", "B"));
    assert_eq!(soma::SOLVER.count_parallel(), 240);
    // Every assembly, from the 240 classes and the symmetries the module records.
    assert_eq!(soma::SOLVER.count_all(), 11_520);
}

#[test]
fn tetracubes_fill_a_2x4x4() {
    let all = Description::new("tetracubes_2x4x4")
        .block(&[2, 4, 4])
        .set(PieceSet::Polyforms {
            lattice: puzzlec::Lattice::cubic(3),
            cells: 4,
            mirrors: true,
        })
        .reflect(false);
    let every = Puzzle::new(&all).unwrap().reference_count();
    let reduced = Puzzle::new(&all.symmetry(Symmetry::Reduced { piece: None })).unwrap();
    engines_agree(&tetracubes_2x4x4::SOLVER, &reduced);
    // Each class found once, and the classes' members are every solution.
    let found = reduced.collect();
    assert_eq!(found.len() as u64, reduced.reference_count());
    let reduction = reduced.reduction().unwrap();
    assert_eq!(reduction.group_order, 16);
    assert_eq!(reduction.class_members(&found), every);
}

#[test]
fn holes_by_coordinates_match_the_drawing() {
    // A frontier of 8 cells keeps a failure cache, which skips free sets through the marks.
    assert!(p8x8_holes::INFO.cache.is_some());
    assert_eq!(p8x8_holes::SOLVER.count(), 65);
    // The cells, the pieces, and the marks that keep a second piece to one placement per
    // orbit of the mirror fixing X on a diagonal, as the same puzzle compiled at run time has.
    let description = pentominoes_in(&[8, 8], Symmetry::Reduced { piece: None }).holes(&[
        &[3, 3],
        &[3, 4],
        &[4, 3],
        &[4, 4],
    ]);
    let puzzle = Puzzle::new(&description).unwrap();
    let marks = puzzle.reduction().map_or(0, |r| r.marks.len());
    assert!(marks > 0);
    assert_eq!(p8x8_holes::INFO.aspects, 60 + 12 + marks);
    assert_eq!(puzzle.reference_count(), 65);
    engines_agree(&p8x8_holes::SOLVER, &puzzle);
}

#[test]
fn pentominoes_5x4x3() {
    // Every piece has a placement that a symmetry fixes (flat in the middle layer): a second
    // piece is kept to one placement per orbit of those symmetries, and where they fix both
    // the reduction needs its check.
    assert!(p5x4x3::INFO.symmetry.second_piece.is_some());
    let symmetry_check = p5x4x3::SOLVER.symmetry_check();
    assert!(symmetry_check.is_some_and(|c| c.fixed.is_empty() && !c.pairs.is_empty()));
    let reduced = pentominoes_in(&[5, 4, 3], Symmetry::Reduced { piece: None });
    assert_eq!(check(&p5x4x3::SOLVER, reduced), 3940);
    assert_eq!(p5x4x3::SOLVER.count(), 3940);
}

#[test]
fn marks_keep_a_second_piece_and_one_solution_per_class() {
    // Nine pentominoes in 3x3x5: the kept placements of the first piece are all fixed by
    // mirrors, so marks keep a second piece, and some pairs are fixed by both (the check).
    let names = ["F", "I", "L", "N", "P", "T", "U", "V", "X"];
    let all = names
        .iter()
        .fold(Description::new("m").block(&[3, 3, 5]), |d, n| d.builtin(n));
    let reduced = Puzzle::new(&all.clone().symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let r = reduced.reduction().unwrap();
    assert!(r.second.is_some() && !r.marks.is_empty());
    assert!(reduced
        .symmetry_check()
        .is_some_and(|c| !c.pairs.is_empty()));
    let found = reduced.collect();
    assert_eq!(found.len(), 5);
    // Every class is found, and once: the classes hold all 80 solutions, and no solution
    // found is the image of another.
    assert_eq!(r.class_members(&found), 80);
    assert_eq!(Puzzle::new(&all).unwrap().reference_count(), 80);
    let sorted = |s: &[u32]| {
        let mut s = s.to_vec();
        s.sort_unstable();
        s
    };
    let sets: Vec<Vec<u32>> = found.iter().map(|s| sorted(s)).collect();
    for (i, s) in sets.iter().enumerate() {
        for image in r.images.iter() {
            let mapped: Vec<u32> = s.iter().map(|&e| image[e as usize]).collect();
            let mapped = sorted(&mapped);
            assert!(sets.iter().enumerate().all(|(j, t)| j == i || *t != mapped));
        }
    }
    // The reference backtracker, which knows nothing of the program, agrees.
    assert_eq!(reduced.reference_count(), 5);
}

/// The boxes the other search orders are tried on, with their published counts: the 6x5x2,
/// the Soma cube, and the 8x8 without its centre, as the puzzles compiled at run time.
fn other_orders() -> [(Description, u128); 3] {
    let reduced = || Symmetry::Reduced { piece: None };
    let soma = Description::new("soma")
        .block(&[3, 3, 3])
        .reflect(false)
        .set(PieceSet::Soma)
        .symmetry(reduced());
    let holes: &[&[i32]] = &[&[3, 3], &[3, 4], &[4, 3], &[4, 4]];
    [
        (pentominoes_in(&[6, 5, 2], reduced()), 264),
        (soma, 240),
        (pentominoes_in(&[8, 8], reduced()).holes(holes), 65),
    ]
}

#[test]
fn dead_ends_first_find_the_same_solutions() {
    // Another search order, so other placements, and the same classes: the published counts,
    // each solution an exact cover, and the walker searching alike.
    let solvers: [(&dyn Solver, &dyn Solver); 3] = [
        (&p6x5x2_dead_ends::SOLVER, &p6x5x2::SOLVER),
        (&soma_dead_ends::SOLVER, &soma::SOLVER),
        (&p8x8_dead_ends::SOLVER, &p8x8_holes::SOLVER),
    ];
    for ((solver, plain), (description, want)) in solvers.into_iter().zip(other_orders()) {
        let name = &solver.info().name;
        assert!(solver.info().dead_ends && !plain.info().dead_ends, "{name}");
        assert_eq!(solver.count(), want, "{name}");
        assert_eq!(solver.count_parallel(), want, "{name}");
        assert_eq!(check(solver, description.clone()), want as usize, "{name}");
        let walked = Puzzle::new(&description.dead_ends(DeadEnds::On)).unwrap();
        engines_agree(solver, &walked);
        // Fewer or more placements, but not the scan's.
        assert_ne!(solver.stats(), plain.stats(), "{name}");
    }
}

#[test]
fn the_cell_with_the_fewest_fits_finds_the_same_solutions() {
    // Another search order again: the published counts, exact covers, the walker alike.
    let solvers: [(&dyn Solver, &dyn Solver); 3] = [
        (&p6x5x2_fewest_fits::SOLVER, &p6x5x2_dead_ends::SOLVER),
        (&soma_fewest_fits::SOLVER, &soma_dead_ends::SOLVER),
        (&p8x8_fewest_fits::SOLVER, &p8x8_dead_ends::SOLVER),
    ];
    for ((solver, dead_ends_only), (description, want)) in solvers.into_iter().zip(other_orders()) {
        let name = &solver.info().name;
        // Chosen while more than two fifths of the cells (fewer than the aspects) are free.
        let aspects = solver.info().aspects as u32;
        let above = solver.info().fewest_fits;
        assert!(
            above.is_some_and(|above| above > 0 && 2 * above < aspects),
            "{name}"
        );
        assert_eq!(dead_ends_only.info().fewest_fits, None, "{name}");
        assert_eq!(solver.count(), want, "{name}");
        assert_eq!(solver.count_parallel(), want, "{name}");
        assert_eq!(check(solver, description.clone()), want as usize, "{name}");
        let description = description
            .dead_ends(DeadEnds::On)
            .fewest_fits(FewestFits::On);
        let walked = Puzzle::new(&description).unwrap();
        engines_agree(solver, &walked);
        assert_ne!(solver.stats(), dead_ends_only.stats(), "{name}");
    }
}

#[test]
fn the_cell_with_the_fewest_fits_is_chosen_where_it_pays_and_can() {
    let above = |source: &str| {
        let parsed = puzzlec::compiler::parse::parse_str(source).unwrap();
        let puzzle = Puzzle::new(&parsed[0].description).unwrap();
        (puzzle.plan().scan())
            .and_then(|s| s.fewest_fits.as_ref())
            .map(|f| f.above)
    };
    // `auto`: with dead ends, on a box at least 4 long on three axes, while more than two
    // fifths of the cells are free.
    let pieces = "pieces: { 8 x I: [\"####\"], 8 x L: [\"###\", \"#..\"] }";
    assert_eq!(
        above(&format!("mod a {{ box: 4 x 4 x 4, {pieces} }}")),
        None,
        "bags"
    );
    let tetris = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../puzzles/tetris_cube.puzzle"
    ))
    .unwrap();
    assert_eq!(above(&tetris), Some(25));
    let off = tetris.replace("symmetry: reduced,", "symmetry: reduced, fewest_fits: off,");
    assert_eq!(above(&off), None);
    let no_dead_ends = tetris.replace("symmetry: reduced,", "symmetry: reduced, dead_ends: off,");
    assert_eq!(above(&no_dead_ends), None);
    let regions = tetris.replace("symmetry: reduced,", "symmetry: reduced, prune: regions,");
    assert_eq!(above(&regions), None);
    assert_eq!(above("mod b { box: 5 x 4 x 3, pieces: pentominoes }"), None);
    assert_eq!(
        above("mod c { box: 5 x 4 x 3, pieces: pentominoes, dead_ends: on, fewest_fits: on }"),
        Some(24)
    );
}

#[test]
fn dead_ends_are_covered_first_where_they_pay_and_are_safe() {
    let plan = |source: &str| {
        let parsed = puzzlec::compiler::parse::parse_str(source).unwrap();
        let puzzle = Puzzle::new(&parsed[0].description).unwrap();
        puzzle.plan().scan().is_some_and(|s| s.dead_ends.is_some())
    };
    // `auto`: a box at least 4 long on three axes.
    assert!(plan(
        "mod a { box: 4 x 4 x 4, pieces: { 16 x I: [\"####\"] } }"
    ));
    assert!(!plan("mod b { box: 5 x 4 x 3, pieces: pentominoes }"));
    assert!(!plan(
        "mod c { box: 4 x 4 x 4, pieces: { 16 x I: [\"####\"] }, dead_ends: off }"
    ));
    assert!(plan(
        "mod d { box: 6 x 10, pieces: pentominoes, dead_ends: on }"
    ));
    // A piece that may be left out, ordered before the cells, is passed by free: a dead end's
    // placement must not take it later, so the scan keeps the dead ends.
    let spare = "pieces: { 16 x I: [\"####\"], 0..=1 x S: [\"#\"] }, dead_ends: on";
    assert!(plan(&format!(
        "mod e {{ box: 4 x 4 x 4, {spare}, order: rows }}"
    )));
    assert!(!plan(&format!(
        "mod f {{ box: 4 x 4 x 4, {spare}, order: [pieces, rows] }}"
    )));
}

/// Polyform Puzzler counts the eight one-sided tetracubes up to rotations alone, a solution and
/// its mirror image apart: 1,390 in 2x4x4 and 224 in 2x2x8, twice the classes that also take
/// the reflections swapping the screws `A` and `B`. Each figure's classes make every solution.
#[test]
fn tetracubes_up_to_rotations() {
    for (extents, rotations, group) in [([2, 4, 4], 1_390u128, 8), ([2, 2, 8], 224, 8)] {
        let all = Description::new("tetracubes")
            .block(&extents)
            .set(PieceSet::named("tetracubes", None, None).unwrap())
            .reflect(false);
        let turned = all.clone().symmetry(Symmetry::Rotations { piece: None });
        let turned = Puzzle::new(&turned).unwrap();
        assert_eq!(turned.count(), rotations, "{extents:?}");
        assert_eq!(turned.info().symmetry.group_order, group);
        assert!(turned.info().symmetry.mirror_twins.is_empty());
        let reduced =
            Puzzle::new(&all.clone().symmetry(Symmetry::Reduced { piece: None })).unwrap();
        assert_eq!(reduced.count() * 2, rotations, "{extents:?}");
        // Another tree, so another fingerprint: no unit of one is added to the other's.
        assert_ne!(turned.info().fingerprint, reduced.info().fingerprint);
        let every = Puzzle::new(&all).unwrap();
        assert_eq!(turned.count_all(), every.count());
        assert_eq!(u128::from(every.reference_count()), every.count());
    }
}
