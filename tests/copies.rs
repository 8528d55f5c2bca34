//! Identical pieces: six dominoes in a 3x4 box (METHOD.md §4: 12 aspects, 17 embeddings, 11
//! solutions, 5 modulo symmetry). Each tiling is found once, not once per permutation.

use std::ops::ControlFlow;

use puzzle::runtime::search::collect;
use puzzle::{puzzle, Description, Puzzle, Symmetry};

puzzle! {
    mod dominoes { box: ["...."; 3], pieces: { 6 x D: ["##"] } }
    mod dominoes_reduced { box: ["...."; 3], pieces: { 6x D: ["##"] }, symmetry: reduced }
}

fn description() -> Description {
    Description::new("dominoes")
        .board(&["...."; 3])
        .piece("D", &["##"])
        .copies(6)
}

#[test]
fn six_dominoes_tile_3x4_in_11_ways() {
    assert_eq!(dominoes::ASPECT_COUNT, 12);
    assert_eq!(dominoes::EMBEDDING_COUNT, 17);
    let runtime = Puzzle::new(&description()).unwrap();
    let found = collect(|v| dominoes::solve(v));
    assert_eq!(found.len(), 11);
    let mut sets: Vec<_> = found
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect();
    sets.sort();
    sets.dedup();
    assert_eq!(sets.len(), 11, "a tiling found twice");
    assert_eq!(runtime.count(), 11);
}

#[test]
fn modulo_symmetry_5_classes_account_for_all_11() {
    assert_eq!(dominoes_reduced::count(), 5);
    assert!(dominoes_reduced::SYMMETRY_CHECK.is_some());
    let reduced = Puzzle::new(&description().symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let r = reduced.reduction().unwrap();
    let members: usize = collect(|v| reduced.solve_program(v))
        .iter()
        .map(|s| r.group_order / r.stabilizer_order(s))
        .sum();
    assert_eq!(members, 11);
}

#[test]
fn copies_are_drawn_apart() {
    let mut first = String::new();
    let _ = dominoes::solve(|s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    // Six dominoes lying down, each with a letter of its own.
    assert_eq!(first, "aadd\nbbee\nccff\n");
}
