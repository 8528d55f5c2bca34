//! Abstract puzzles (METHOD.md §4): aspects and embeddings listed directly, optional aspects.

mod support;

use std::ops::ControlFlow;

use puzzle::puzzle;
use puzzle::runtime::search::collect;
use puzzle::{Description, Puzzle};
use support::{processor_agrees, Generated};

puzzle! {
    /// The 12 faces of a dodecahedron, covered by 6 dominoes: one embedding per edge.
    mod dodecahedron {
        aspects: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        embeddings: [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [1, 2], [2, 3], [3, 4], [4, 5], [5, 1], [1, 6], [1, 7], [2, 7], [2, 8], [3, 8], [3, 9], [4, 9], [4, 10], [5, 10], [5, 6], [6, 7], [7, 8], [8, 9], [9, 10], [10, 6], [6, 11], [7, 11], [8, 11], [9, 11], [10, 11]],
    }

    /// An optional aspect first, so that it owns embeddings.
    mod choice {
        aspects: [o, a, b],
        optional: [o],
        embeddings: [[o, a], [a], [b], [o, b]],
    }

    /// Eight queens: every row and column exactly once, every diagonal at most once.
    mod queens {
        aspects: [r0, r1, r2, r3, r4, r5, r6, r7, c0, c1, c2, c3, c4, c5, c6, c7, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14],
        optional: [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14],
        embeddings: [
            [r0, c0, d0, a7], [r0, c1, d1, a6], [r0, c2, d2, a5], [r0, c3, d3, a4], [r0, c4, d4, a3], [r0, c5, d5, a2], [r0, c6, d6, a1], [r0, c7, d7, a0],
            [r1, c0, d1, a8], [r1, c1, d2, a7], [r1, c2, d3, a6], [r1, c3, d4, a5], [r1, c4, d5, a4], [r1, c5, d6, a3], [r1, c6, d7, a2], [r1, c7, d8, a1],
            [r2, c0, d2, a9], [r2, c1, d3, a8], [r2, c2, d4, a7], [r2, c3, d5, a6], [r2, c4, d6, a5], [r2, c5, d7, a4], [r2, c6, d8, a3], [r2, c7, d9, a2],
            [r3, c0, d3, a10], [r3, c1, d4, a9], [r3, c2, d5, a8], [r3, c3, d6, a7], [r3, c4, d7, a6], [r3, c5, d8, a5], [r3, c6, d9, a4], [r3, c7, d10, a3],
            [r4, c0, d4, a11], [r4, c1, d5, a10], [r4, c2, d6, a9], [r4, c3, d7, a8], [r4, c4, d8, a7], [r4, c5, d9, a6], [r4, c6, d10, a5], [r4, c7, d11, a4],
            [r5, c0, d5, a12], [r5, c1, d6, a11], [r5, c2, d7, a10], [r5, c3, d8, a9], [r5, c4, d9, a8], [r5, c5, d10, a7], [r5, c6, d11, a6], [r5, c7, d12, a5],
            [r6, c0, d6, a13], [r6, c1, d7, a12], [r6, c2, d8, a11], [r6, c3, d9, a10], [r6, c4, d10, a9], [r6, c5, d11, a8], [r6, c6, d12, a7], [r6, c7, d13, a6],
            [r7, c0, d7, a14], [r7, c1, d8, a13], [r7, c2, d9, a12], [r7, c3, d10, a11], [r7, c4, d11, a10], [r7, c5, d12, a9], [r7, c6, d13, a8], [r7, c7, d14, a7]
        ],
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
    let queens = Generated {
        name: "queens".into(),
        solve: |v| queens::solve(v),
        tally: |t| {
            let _ = queens::solve_with(t);
        },
        code: &queens::PROCESSOR,
        catalog: &queens::CATALOG,
        check: queens::SYMMETRY_CHECK,
    };
    assert_eq!(processor_agrees(&queens), 92);
    let choice = Generated {
        name: "choice".into(),
        solve: |v| choice::solve(v),
        tally: |t| {
            let _ = choice::solve_with(t);
        },
        code: &choice::PROCESSOR,
        catalog: &choice::CATALOG,
        check: choice::SYMMETRY_CHECK,
    };
    // {a}{b}, {o a}{b}, {a}{o b}.
    assert_eq!(processor_agrees(&choice), 3);
    // The optional aspect's procedure has no RETURN: it falls through into the next one.
    let (per, _) = choice::PROCESSOR.counts();
    assert_eq!(per[0].returns, 0);
    assert_eq!(per[1].returns, 1);
}
