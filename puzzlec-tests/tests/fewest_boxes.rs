//! A box searched by the required aspect with the fewest placements: asked for, or chosen by
//! `order: auto` where its estimate beats the scans'. The same solutions as the scan, by both
//! engines, with a plan that says why and a fingerprint of its own.

use std::ops::ControlFlow;

use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::Puzzle;
use puzzlec::{puzzle, Solver};
use puzzlec_tests::{engines_agree, sorted_sets};

puzzle! {
    mod soma_scan { box: 3 x 3 x 3, pieces: soma, reflect: false, symmetry: reduced, order: columns }
    mod soma_fewest { box: 3 x 3 x 3, pieces: soma, reflect: false, symmetry: reduced, order: fewest }
    mod strip_scan { box: 3 x 20, pieces: pentominoes, order: rows }
    mod strip_fewest { box: 3 x 20, pieces: pentominoes, order: fewest }
    /// Cells that may stay empty: never chosen, as an optional aspect is not.
    mod optional_fewest {
        box: ["+....", ".....", ".....", "....+"],
        pieces: { 0..=1 x tetrominoes, 0..=1 x D: ["##"] },
        order: fewest,
    }
    mod optional_scan {
        box: ["+....", ".....", ".....", "....+"],
        pieces: { 0..=1 x tetrominoes, 0..=1 x D: ["##"] },
        order: rows,
    }
    /// A frame of 20 cells among pieces of two (held in a bag) and of four (sets of embeddings
    /// wider than the search keeps whole, so it counts them): each embedding's required
    /// aspects are kept without padding to the frame's 21.
    mod ring_dominoes {
        box: 6 x 6,
        pieces: { R: ["######", "#....#", "#....#", "#....#", "#....#", "######"], 8 x D: ["##"] },
        order: fewest,
    }
    mod ring_tetrominoes {
        box: 6 x 6,
        pieces: {
            R: ["######", "#....#", "#....#", "#....#", "#....#", "######"],
            L: ["###", "#.."], J: ["###", "..#"], S: [".##", "##."], Z: ["##.", ".##"],
        },
        order: fewest,
    }
}

fn compiled(source: &str) -> Puzzle {
    let parsed = parse_str(source).expect("the puzzle parses");
    Puzzle::new(&parsed[0].description).expect("the puzzle compiles")
}

#[test]
fn the_fewest_placements_find_the_scans_solutions() {
    assert_eq!(soma_fewest::SOLVER.count(), 240);
    // The same placements, found in another order.
    let sorted = |mut found: Vec<Vec<u32>>| {
        found.iter_mut().for_each(|s| s.sort_unstable());
        found.sort();
        found
    };
    let fewest = sorted(soma_fewest::SOLVER.collect());
    assert_eq!(fewest, sorted(soma_scan::SOLVER.collect()));
    assert_eq!(strip_fewest::SOLVER.count(), 8);
    assert_eq!(strip_scan::SOLVER.count(), 8);
    assert_eq!(
        optional_fewest::SOLVER.count(),
        optional_scan::SOLVER.count()
    );
    assert!(optional_scan::SOLVER.count() > 0);
}

#[test]
fn the_walker_searches_a_box_by_the_fewest_placements_as_the_native_code_does() {
    let source =
        "mod p { box: 3 x 3 x 3, pieces: soma, reflect: false, symmetry: reduced, order: fewest }";
    let puzzle = compiled(source);
    let plan = puzzle.plan();
    // The whole search: none of the scan's rules is in its plan.
    assert!(plan.fewest().is_some() && plan.scan().is_none());
    assert_eq!(puzzle.count(), 240);
    assert_eq!(
        puzzle.info().fingerprint,
        soma_fewest::SOLVER.info().fingerprint
    );
    let scan = compiled(
        "mod p { box: 3 x 3 x 3, pieces: soma, reflect: false, symmetry: reduced, order: columns }",
    );
    assert_ne!(puzzle.info().fingerprint, scan.info().fingerprint);
}

#[test]
fn auto_takes_the_fewest_placements_only_where_they_are_estimated_cheaper() {
    // Eight pieces of eight cells of a 4x4x4 cube: the cells of a piece that no placement
    // parts repeat one column, and the scans' search is many times the other's.
    let chosen = |source: &str| compiled(source).plan().fewest().is_some();
    assert!(!chosen(
        "mod p { box: 6 x 10, pieces: pentominoes, symmetry: reduced }"
    ));
    let why = |source: &str| {
        let puzzle = compiled(source);
        let decision = (puzzle.plan().decisions.iter())
            .find(|d| d.what == "fewest embeddings")
            .map(|d| d.why.clone());
        decision
    };
    // Asking for a scan, or for a rule that runs in it, keeps the scan.
    assert_eq!(
        why("mod p { box: 3 x 20, pieces: pentominoes, order: rows }"),
        None
    );
    let asked = why("mod p { box: 3 x 3 x 3, pieces: soma, reflect: false, order: fewest }");
    assert_eq!(asked.as_deref(), Some("asked"));
}

#[test]
fn pieces_that_just_fill_the_box_are_placed_every_one() {
    // Every piece may be left out, but their cells just fill the box: each is placed, as the
    // areas say, and the count is the same as with every piece required.
    let ranged = "mod p { box: 3 x 20, pieces: { 0..=1 x pentominoes }, symmetry: reduced }";
    let exact = "mod p { box: 3 x 20, pieces: pentominoes, symmetry: reduced }";
    let (ranged, exact) = (compiled(ranged), compiled(exact));
    assert!(ranged
        .model()
        .box_model()
        .unwrap()
        .pieces
        .iter()
        .all(|p| p.count.is_exact()));
    assert_eq!(ranged.count(), exact.count());
    assert_eq!(ranged.count(), 2);
}

#[test]
fn required_aspects_kept_without_padding_search_as_padded_ones_do() {
    let ring = "R: [\"######\", \"#....#\", \"#....#\", \"#....#\", \"#....#\", \"######\"]";
    for (native, pieces, count) in [
        (
            &ring_dominoes::SOLVER,
            format!(r####"{ring}, 8 x D: ["##"]"####),
            36,
        ),
        (
            &ring_tetrominoes::SOLVER,
            format!(
                r####"{ring}, L: ["###", "#.."], J: ["###", "..#"], S: [".##", "##."], Z: ["##.", ".##"]"####
            ),
            16,
        ),
    ] {
        let source = |tuning: &str| {
            format!("mod p {{ box: 6 x 6, pieces: {{ {pieces} }}, order: fewest{tuning} }}")
        };
        let ragged = compiled(&source(""));
        let padded = compiled(&source(", tuning: { padded_bits_within: 1000 }"));
        let starts = |p: &Puzzle| {
            p.plan()
                .fewest()
                .expect("searched by the fewest")
                .tables
                .starts
                .len()
        };
        assert!(starts(&ragged) > 0 && starts(&padded) == 0);
        // How the tables are laid out is no part of the search, nor of its fingerprint.
        assert_eq!(padded.info().fingerprint, ragged.info().fingerprint);
        let name = &native.info().name;
        // The same search whatever the layout of its tables, native or walked.
        assert_eq!(native.count(), count, "{name}");
        assert_eq!(
            sorted_sets(&native.collect()),
            ragged.reference_solution_sets(),
            "{name}"
        );
        engines_agree(native, &ragged);
        assert_eq!(padded.collect(), ragged.collect(), "{name}");
        assert_eq!(padded.stats(), ragged.stats(), "{name}");
    }
}

/// A search by the fewest embeddings runs from its tables and grows no program: its plan
/// keeps only where the program's sentinel lies, which its units that are solutions name.
/// That sentinel is the one of the program its puzzle makes when asked (for the processor's
/// code): with the trailing pieces that covering every cell places, with a trailing piece
/// that may be left out, with cells that may stay empty, and without a box.
#[test]
fn a_search_without_a_program_names_the_sentinel_its_program_would() {
    let mut solution_units = 0;
    for source in [
        "mod exact { box: 3 x 20, pieces: pentominoes, order: fewest }",
        "mod copies { box: 4 x 5, pieces: { 2 x L: [\"###\", \"#..\"], 2 x T: [\"###\", \".#.\"], 2 x D: [\"##\"] }, order: fewest }",
        "mod spare { box: 2 x 4, pieces: { O: [\"##\", \"##\"], 0..=2 x D: [\"##\"], 0..=1 x I: [\"####\"] }, order: fewest }",
        "mod open { box: [\"+....\", \".....\", \".....\", \"....+\"], pieces: { 0..=1 x tetrominoes, 0..=1 x D: [\"##\"] }, order: fewest }",
        "mod listed { aspects: [a, b, c, d, x, y], optional: [x, y], embeddings: [[a, b], [c, x], [d, y], [c, d], [a, x], [b, y]] }",
    ] {
        let puzzle = compiled(source);
        let name = puzzle.info().name.to_string();
        assert!(puzzle.plan().fewest().is_some(), "{name}");
        let sentinel = puzzle.program().sentinel();
        assert_eq!(puzzle.plan().sentinel, sentinel, "{name}");
        assert_eq!(puzzle.info().procedures, sentinel.0, "{name}");
        // The processor's code is the program's, made when asked; what runs keeps none.
        assert!(puzzle.runnable().code().is_none(), "{name}");
        assert_eq!(puzzle.code().is_some(), puzzle.code_error().is_none(), "{name}");
        // Its units that are solutions run as units of its own.
        let units = puzzle.units_at(puzzle.cover().depth());
        solution_units += units.iter().filter(|u| u.next == sentinel.0).count();
        let each = |u| puzzle.solve_unit(u, None, &mut |_| ControlFlow::Continue(()));
        let counted: u64 = units.iter().map(|u| each(u).solutions).sum();
        assert_eq!(u128::from(counted), puzzle.count(), "{name}");
        assert!(counted > 0, "{name}");
    }
    assert!(solution_units > 0);
}
