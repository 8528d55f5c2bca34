//! Abstract puzzles: aspects and embeddings listed directly, optional aspects, symmetries found
//! from the embeddings alone.

use std::ops::ControlFlow;

use puzzlec::compiler::{Description, Puzzle, Symmetry};
use puzzlec::{puzzle, Solver};
use puzzlec_tests::{check_solutions, engines_agree, processor_agrees};

include!("../../examples/common/dodecahedron.rs");
include!("../../examples/common/queens.rs");

puzzle! {
    /// An optional aspect first, so that it owns embeddings.
    mod choice {
        aspects: [o, a, b],
        optional: [o],
        embeddings: [[o, a], [a], [b], [o, b]],
    }
}

const EDGES: [[&str; 2]; 30] = [
    ["0", "1"],
    ["0", "2"],
    ["0", "3"],
    ["0", "4"],
    ["0", "5"],
    ["1", "2"],
    ["2", "3"],
    ["3", "4"],
    ["4", "5"],
    ["5", "1"],
    ["1", "6"],
    ["1", "7"],
    ["2", "7"],
    ["2", "8"],
    ["3", "8"],
    ["3", "9"],
    ["4", "9"],
    ["4", "10"],
    ["5", "10"],
    ["5", "6"],
    ["6", "7"],
    ["7", "8"],
    ["8", "9"],
    ["9", "10"],
    ["10", "6"],
    ["6", "11"],
    ["7", "11"],
    ["8", "11"],
    ["9", "11"],
    ["10", "11"],
];

fn dodecahedron_description() -> Description {
    let faces: Vec<String> = (0..12).map(|f| f.to_string()).collect();
    let faces: Vec<&str> = faces.iter().map(String::as_str).collect();
    let edges: Vec<&[&str]> = EDGES.iter().map(|e| &e[..]).collect();
    Description::new("dodecahedron").abstract_puzzle(&faces, &[], &edges)
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn queens_description() -> Description {
    let name = |prefix: &str, i: usize| format!("{prefix}{i}");
    let mut aspects: Vec<String> = (0..8).map(|i| name("r", i)).collect();
    aspects.extend((0..8).map(|i| name("c", i)));
    let optional: Vec<String> = (0..15)
        .map(|i| name("d", i))
        .chain((0..15).map(|i| name("a", i)))
        .collect();
    aspects.extend(optional.iter().cloned());
    // The queen on row r, column c lies on diagonal r + c and anti-diagonal r + 7 - c.
    let embeddings: Vec<[String; 4]> = (0..8)
        .flat_map(|r| {
            (0..8).map(move |c| {
                [
                    name("r", r),
                    name("c", c),
                    name("d", r + c),
                    name("a", r + 7 - c),
                ]
            })
        })
        .collect();
    let embeddings: Vec<Vec<&str>> = embeddings.iter().map(|e| strs(e)).collect();
    let embeddings: Vec<&[&str]> = embeddings.iter().map(Vec::as_slice).collect();
    Description::new("queens").abstract_puzzle(&strs(&aspects), &strs(&optional), &embeddings)
}

#[test]
fn dodecahedron_has_125_domino_tilings() {
    assert_eq!(dodecahedron::INFO.aspects, 12);
    assert_eq!(dodecahedron::INFO.embeddings, 30);
    let runtime = Puzzle::new(&dodecahedron_description()).unwrap();
    let found = dodecahedron::SOLVER.collect();
    assert_eq!(found.len(), 125);
    for s in &found {
        let set: Vec<_> = s
            .iter()
            .map(|&e| puzzlec::compiler::EmbeddingId(e))
            .collect();
        assert!(runtime.cover().is_solution(&set));
    }
    assert_eq!(runtime.reference_count(), 125);
    engines_agree(&dodecahedron::SOLVER, &runtime);
}

/// The symmetries found from the embeddings, and a count modulo them that accounts for every
/// solution: each class has `|G| / |Stab(S)|` members.
fn check_reduction(description: Description, group: usize, classes: usize, all: u64) {
    let reduced = Puzzle::new(&description.symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let r = reduced.reduction().unwrap();
    assert_eq!(r.group_order, group);
    assert_eq!(r.piece, None);
    let found = reduced.collect();
    assert_eq!(found.len(), classes);
    assert_eq!(reduced.reference_count(), classes as u64);
    assert_eq!(r.class_members(&found), all);
}

#[test]
fn dodecahedron_modulo_its_120_symmetries() {
    assert_eq!(dodecahedron_reduced::SOLVER.count(), 5);
    assert_eq!(dodecahedron_reduced::INFO.symmetry.group_order, 120);
    let reduced = dodecahedron_description().symmetry(Symmetry::Reduced { piece: None });
    engines_agree(
        &dodecahedron_reduced::SOLVER,
        &Puzzle::new(&reduced).unwrap(),
    );
    check_reduction(dodecahedron_description(), 120, 5, 125);
}

#[test]
fn queens_modulo_the_boards_8_symmetries() {
    assert_eq!(queens_reduced::SOLVER.count(), 12);
    assert_eq!(queens_reduced::INFO.symmetry.group_order, 8);
    assert_eq!(processor_agrees(&queens_reduced::SOLVER), 12);
    check_reduction(queens_description(), 8, 12, 92);
    let reduced = queens_description().symmetry(Symmetry::Reduced { piece: None });
    engines_agree(&queens_reduced::SOLVER, &Puzzle::new(&reduced).unwrap());
}

#[test]
fn eight_queens() {
    assert_eq!(queens::SOLVER.count(), 92);
    let mut first = String::new();
    let _ = queens::SOLVER.solve(&mut |s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    assert_eq!(first.lines().count(), 8);
    assert!(first.starts_with("{r0 c0 d0 a7}"), "{first}");
}

#[test]
fn processor_code_agrees_with_optional_aspects() {
    assert_eq!(processor_agrees(&queens::SOLVER), 92);
    // {a}{b}, {o a}{b}, {a}{o b}.
    assert_eq!(processor_agrees(&choice::SOLVER), 3);
    // The optional aspect's procedure has no RETURN: it falls through into the next one.
    let (per, _) = choice::PROCESSOR.counts();
    assert_eq!(per[0].returns, 0);
    assert_eq!(per[1].returns, 1);
}

// The eight queens searched in the order their aspects are listed.
queens!(queens_listed, order: listed);

#[test]
fn the_fewest_embeddings_and_the_listed_order_find_the_same_solutions() {
    // Native and walked alike in each order.
    let listed = queens_description().order(puzzlec::compiler::OrderChoice::Listed);
    let walked = Puzzle::new(&listed).unwrap();
    assert!(!walked.info().fewest_embeddings);
    engines_agree(&queens_listed::SOLVER, &walked);
    assert!(queens::SOLVER.info().fewest_embeddings);
    // The same 92 solutions, as sets, each an exact cover; a smaller tree, and another
    // fingerprint, so that no unit of one search is counted in the other.
    let (fewest, listed) = (queens::SOLVER.collect(), queens_listed::SOLVER.collect());
    assert_eq!(fewest.len(), 92);
    assert_ne!(fewest, listed);
    assert_eq!(
        puzzlec_tests::sorted_sets(&fewest),
        puzzlec_tests::sorted_sets(&listed)
    );
    assert_eq!(check_solutions(&queens::SOLVER, queens_description()), 92);
    let (a, b) = (queens::SOLVER.stats(), queens_listed::SOLVER.stats());
    assert!(a.total_placements() < b.total_placements(), "{a:?} {b:?}");
    assert_ne!(
        queens::SOLVER.info().fingerprint,
        queens_listed::SOLVER.info().fingerprint
    );
    // The dodecahedron's faces and edges: the reference backtracker's count.
    let dodecahedron = Puzzle::new(&dodecahedron_description()).unwrap();
    assert!(dodecahedron.info().fewest_embeddings);
    assert_eq!(
        dodecahedron.count(),
        u128::from(dodecahedron.reference_count())
    );
}
