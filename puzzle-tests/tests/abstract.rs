//! Abstract puzzles (METHOD.md §4): aspects and embeddings listed directly, optional aspects.

#[macro_use]
mod support;

use std::ops::ControlFlow;

use puzzle::puzzle;
use puzzle::runtime::search::collect;
use puzzle::{Description, Puzzle, Symmetry};
use support::processor_agrees;

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
    assert_eq!(dodecahedron::ASPECT_COUNT, 12);
    assert_eq!(dodecahedron::EMBEDDING_COUNT, 30);
    let runtime = Puzzle::new(&dodecahedron_description()).unwrap();
    let found = collect(|v| dodecahedron::solve(v));
    assert_eq!(found.len(), 125);
    for s in &found {
        let set: Vec<_> = s.iter().map(|&e| puzzle::runtime::EmbeddingId(e)).collect();
        assert!(runtime.cover().is_solution(&set));
    }
    assert_eq!(runtime.count(), 125);
    assert_eq!(collect(|v| runtime.solve_program(v)), found);
}

/// The symmetries found from the embeddings, and a count modulo them that accounts for every
/// solution: each class has `|G| / |Stab(S)|` members.
fn check_reduction(description: Description, group: usize, classes: usize, all: u64) {
    let reduced = Puzzle::new(&description.symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let r = reduced.reduction().unwrap();
    assert_eq!(r.group_order, group);
    assert_eq!(r.piece, None);
    let found = collect(|v| reduced.solve_program(v));
    assert_eq!(found.len(), classes);
    assert_eq!(reduced.count(), classes as u64);
    assert_eq!(r.class_members(&found), all);
}

#[test]
fn dodecahedron_modulo_its_120_symmetries() {
    assert_eq!(dodecahedron_reduced::count(), 5);
    assert_eq!(dodecahedron_reduced::SYMMETRY_GROUP_ORDER, 120);
    assert_eq!(
        collect(|v| dodecahedron_reduced::solve(v)),
        collect(|v| Puzzle::new(
            &dodecahedron_description().symmetry(Symmetry::Reduced { piece: None })
        )
        .unwrap()
        .solve_program(v))
    );
    check_reduction(dodecahedron_description(), 120, 5, 125);
}

#[test]
fn queens_modulo_the_boards_8_symmetries() {
    assert_eq!(queens_reduced::count(), 12);
    assert_eq!(queens_reduced::SYMMETRY_GROUP_ORDER, 8);
    assert_eq!(processor_agrees(&generated!(queens_reduced)), 12);
    check_reduction(queens_description(), 8, 12, 92);
}

#[test]
fn eight_queens() {
    assert_eq!(queens::count(), 92);
    let mut first = String::new();
    let _ = queens::solve(|s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    assert_eq!(first.lines().count(), 8);
    assert!(first.starts_with("{r0 c0 d0 a7}"), "{first}");
}

#[test]
fn processor_code_agrees_with_optional_aspects() {
    assert_eq!(processor_agrees(&generated!(queens)), 92);
    // {a}{b}, {o a}{b}, {a}{o b}.
    assert_eq!(processor_agrees(&generated!(choice)), 3);
    // The optional aspect's procedure has no RETURN: it falls through into the next one.
    let (per, _) = choice::PROCESSOR.counts();
    assert_eq!(per[0].returns, 0);
    assert_eq!(per[1].returns, 1);
}
