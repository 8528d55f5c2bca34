//! Abstract puzzles (METHOD.md §4): aspects and embeddings listed directly, optional aspects.

#[macro_use]
mod support;

use std::ops::ControlFlow;

use puzzle::puzzle;
use puzzle::runtime::search::collect;
use puzzle::{Description, Puzzle};
use support::processor_agrees;

include!("../examples/common/dodecahedron.rs");
include!("../examples/common/queens.rs");

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
