//! Identical pieces: six dominoes in a 3x4 box (the report: 12 aspects, 17 embeddings, 11
//! solutions, 5 modulo symmetry). Each tiling is found once, not once per permutation. Copies
//! of one kind beside other pieces: the copies have no aspect, the other pieces do.

use std::ops::ControlFlow;

use puzzlec::compiler::{Description, Puzzle, Symmetry};
use puzzlec::{puzzle, Solver};
use puzzlec_tests::engines_agree;

puzzle! {
    mod dominoes { box: ["...."; 3], pieces: { 6 x D: ["##"] } }
    mod dominoes_reduced { box: ["...."; 3], pieces: { 6x D: ["##"] }, symmetry: reduced }
    mod mixed { box: ["...."; 3], pieces: { L: ["###", "#.."], 4 x D: ["##"] } }
    mod mixed_reduced {
        box: ["...."; 3],
        pieces: { L: ["###", "#.."], 4 x D: ["##"] },
        symmetry: reduced,
    }
    /// Monominoes alone could cover the box; the X must still be placed, once.
    mod cross { box: ["..."; 3], pieces: { X, 4 x M: ["#"] } }
    /// Two kinds of copies: the areas alone would also allow 3 dominoes and no monomino.
    mod row { box: ["......"], pieces: { 2 x D: ["##"], 2 x M: ["#"] } }
    mod bags { box: ["....."; 4], pieces: { 2 x L: ["###", "#.."], 4 x D: ["##"], S: ["##.", ".##"] } }
    /// 130 cells and two bags: `q` takes three words.
    mod long_row { box: 1 x 130, pieces: { 64 x D: ["##"], 2 x M: ["#"] } }
    mod bags_first {
        box: ["....."; 4],
        pieces: { 2 x L: ["###", "#.."], 4 x D: ["##"], S: ["##.", ".##"] },
        order: [pieces, rows],
    }
    /// Ranges: one to three of the L, any number of dominoes up to six, and the S at most
    /// once. The bag of L's least is checked where a solution is reached.
    mod ranges {
        box: ["....."; 4],
        pieces: { 1..=3 x L: ["###", "#.."], 0..=6 x D: ["##"], 0..=1 x S: ["##.", ".##"] },
    }
    mod ranges_reduced {
        box: ["....."; 4],
        pieces: { 1..=3 x L: ["###", "#.."], 0..=6 x D: ["##"], 0..=1 x S: ["##.", ".##"] },
        symmetry: reduced,
    }
    /// Two dominoes exactly, beside a range of monominoes: a domino placed last, over the last
    /// cells, must not end the search with the other still in its bag.
    mod exact_beside_range { box: ["......"], pieces: { 2 x D: ["##"], 0..=4 x M: ["#"] } }
    /// Pieces that may be left out, placed before the cells: the count (which keeps a
    /// failure cache) must find what the cells-first search finds.
    mod optional_first {
        box: ["....."; 5],
        pieces: { 0..=1 x pentominoes },
        order: [pieces, rows],
        cache: on,
    }
    mod optional_last {
        box: ["....."; 5],
        pieces: { 0..=1 x pentominoes },
        order: rows,
        cache: off,
    }
    mod bags_reduced {
        box: ["....."; 4],
        pieces: { 2 x L: ["###", "#.."], 4 x D: ["##"], S: ["##.", ".##"] },
        symmetry: reduced,
    }
}

fn description() -> Description {
    Description::new("dominoes")
        .board(&["...."; 3])
        .piece("D", &["##"])
        .copies(6)
}

#[test]
fn six_dominoes_tile_3x4_in_11_ways() {
    assert_eq!(dominoes::INFO.aspects, 12);
    assert_eq!(dominoes::INFO.embeddings, 17);
    let runtime = Puzzle::new(&description()).unwrap();
    let found = dominoes::SOLVER.collect();
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
    assert_eq!(runtime.reference_count(), 11);
    engines_agree(&dominoes::SOLVER, &runtime);
}

#[test]
fn modulo_symmetry_5_classes_account_for_all_11() {
    assert_eq!(dominoes_reduced::SOLVER.count(), 5);
    assert!(dominoes_reduced::SOLVER.symmetry_check().is_some());
    let reduced = Puzzle::new(&description().symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let r = reduced.reduction().unwrap();
    assert_eq!(r.class_members(&reduced.collect()), 11);
}

#[test]
fn copies_are_drawn_apart() {
    let mut first = String::new();
    let _ = dominoes::SOLVER.solve(&mut |s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    // Six dominoes lying down, all drawn `D` as their kind is; copies that touch alternate
    // between upper and lower case, so each is told from the next.
    assert_eq!(first, "DDdd\nddDD\nDDdd");
}

/// The mixed puzzle with every domino named apart: each tiling there is found once per way of
/// naming its four dominoes.
fn mixed_named() -> Description {
    let mut d = Description::new("named")
        .board(&["...."; 3])
        .piece("L", &["###", "#.."]);
    for name in ["D1", "D2", "D3", "D4"] {
        d = d.piece(name, &["##"]);
    }
    d
}

#[test]
fn copies_beside_other_pieces() {
    // 12 cells + 1 aspect for L.
    assert_eq!(mixed::INFO.aspects, 13);
    let found = mixed::SOLVER.collect();
    let named = Puzzle::new(&mixed_named()).unwrap().reference_count();
    assert!(named > 0);
    assert_eq!(found.len() as u64 * 24, named);
    let runtime = Puzzle::new(&mixed_named().symmetry(Symmetry::All)).unwrap();
    assert_eq!(runtime.reference_count(), named);
    let mut sets = found.clone();
    sets.iter_mut().for_each(|s| s.sort_unstable());
    sets.sort();
    sets.dedup();
    assert_eq!(sets.len(), found.len(), "a tiling found twice");
    // The box's 4 symmetries reduce by the L, whose placements no symmetry fixes.
    assert_eq!(mixed_reduced::INFO.symmetry.piece.as_deref(), Some("L"));
    assert_eq!(mixed_reduced::SOLVER.count() * 4, found.len() as u128);
}

#[test]
fn the_single_piece_is_placed_even_where_copies_could_fill_the_box() {
    let found = cross::SOLVER.collect();
    assert_eq!(found.len(), 1);
    let mut first = String::new();
    let _ = cross::SOLVER.solve(&mut |s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    assert_eq!(first, "MXM\nXXX\nMXM");
}

/// The bags puzzle with every copy named apart.
fn bags_named() -> Description {
    let mut d = Description::new("named").board(&["....."; 4]);
    for name in ["L1", "L2"] {
        d = d.piece(name, &["###", "#.."]);
    }
    for name in ["D1", "D2", "D3", "D4"] {
        d = d.piece(name, &["##"]);
    }
    d.piece("S", &["##.", ".##"])
}

fn bags_description() -> Description {
    Description::new("bags")
        .board(&["....."; 4])
        .piece("L", &["###", "#.."])
        .copies(2)
        .piece("D", &["##"])
        .copies(4)
        .piece("S", &["##.", ".##"])
}

#[test]
fn copies_of_two_kinds_are_counted_by_bags() {
    // 1x6 with two dominoes and two monominoes: the arrangements of D D M M.
    assert_eq!(row::SOLVER.count(), 6);
    // 1x130 with 64 dominoes and 2 monominoes: choose the monominoes' places among 66.
    assert_eq!(long_row::SOLVER.count(), 66 * 65 / 2);
    // 20 cells and three piece aspects: L and D are bags.
    assert_eq!(bags::INFO.aspects, 23);
    let found = bags::SOLVER.collect();
    let named = Puzzle::new(&bags_named()).unwrap().reference_count();
    assert!(named > 0);
    // Each tiling is found once, not once per naming of its 2 L's and 4 D's.
    assert_eq!(found.len() as u64 * 2 * 24, named);
    let runtime = Puzzle::new(&bags_description()).unwrap();
    for s in &found {
        let set: Vec<_> = s
            .iter()
            .map(|&e| puzzlec::compiler::EmbeddingId(e))
            .collect();
        assert!(runtime.cover().is_solution(&set));
    }
    assert_eq!(runtime.reference_count(), found.len() as u64);
    engines_agree(&bags::SOLVER, &runtime);
    let mut sets = found.clone();
    sets.iter_mut().for_each(|s| s.sort_unstable());
    sets.sort();
    assert_eq!(sets, runtime.reference_solution_sets());
    // Pieces first: the bags still wait for the cells.
    assert_eq!(bags_first::SOLVER.count(), found.len() as u128);
    // The processor has no counters.
    assert!(runtime.code().is_none() && bags::SOLVER.code().is_none());
    assert!(runtime.code_error().is_some());
}

#[test]
fn bags_modulo_symmetry() {
    let reduced =
        Puzzle::new(&bags_description().symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let r = reduced.reduction().unwrap();
    assert_eq!(bags_reduced::INFO.symmetry.piece.as_deref(), Some("S"));
    let found = bags_reduced::SOLVER.collect();
    engines_agree(&bags_reduced::SOLVER, &reduced);
    assert_eq!(r.class_members(&found) as u128, bags::SOLVER.count());
}

#[test]
fn copies_of_a_bag_are_drawn_apart() {
    let mut first = String::new();
    let _ = row::SOLVER.solve(&mut |s| {
        first = s.to_string();
        ControlFlow::Break(())
    });
    assert_eq!(first, "DDddMm");
}

/// The exact puzzle of `l` L's, `d` dominoes and `s` S's in the 4x5 box.
fn ranged(l: u32, d: u32, s: u32) -> Description {
    let mut description = Description::new("ranges").board(&["....."; 4]);
    for (name, rows, n) in [
        ("L", &["###", "#.."][..], l),
        ("D", &["##"], d),
        ("S", &["##.", ".##"], s),
    ] {
        if n > 0 {
            description = description.piece(name, rows).copies(n);
        }
    }
    description
}

#[test]
fn ranges_of_copies_count_every_choice_of_numbers() {
    // Each choice of numbers within the ranges that fills the 20 cells, as its own exact
    // puzzle: the ranged puzzle's solutions are theirs together.
    let mut want = 0;
    for l in 1..=3 {
        for s in 0..=1 {
            let d = (20 - 4 * l - 4 * s) / 2;
            if d <= 6 {
                want += Puzzle::new(&ranged(l, d, s)).map_or(0, |p| p.reference_count());
            }
        }
    }
    assert!(want > 0);
    let runtime = Puzzle::new(
        &Description::new("ranges")
            .board(&["....."; 4])
            .piece("L", &["###", "#.."])
            .copies_between(1, 3)
            .piece("D", &["##"])
            .copies_between(0, 6)
            .piece("S", &["##.", ".##"])
            .copies_between(0, 1),
    )
    .unwrap();
    assert_eq!(runtime.reference_count(), want);
    assert_eq!(ranges::SOLVER.count(), u128::from(want));
    engines_agree(&ranges::SOLVER, &runtime);
    // One per class of the box's 4 symmetries.
    let reduced = Puzzle::new(&runtime_reduced()).unwrap();
    engines_agree(&ranges_reduced::SOLVER, &reduced);
    let classes = reduced.collect();
    let reduction = reduced.reduction().expect("the box has symmetries");
    assert_eq!(reduction.class_members(&classes), want);
}

fn runtime_reduced() -> Description {
    Description::new("ranges_reduced")
        .board(&["....."; 4])
        .piece("L", &["###", "#.."])
        .copies_between(1, 3)
        .piece("D", &["##"])
        .copies_between(0, 6)
        .piece("S", &["##.", ".##"])
        .copies_between(0, 1)
        .symmetry(Symmetry::Reduced { piece: None })
}

#[test]
fn a_bag_of_exact_copies_is_emptied_whatever_is_placed_last() {
    // D D M M in any order of the strip: 4! / (2! 2!) = 6; never one domino and four
    // monominoes.
    assert_eq!(exact_beside_range::SOLVER.count(), 6);
    let kinds = |s: &puzzlec::Solution<'_>| {
        let pieces: Vec<&str> = s.placements().filter_map(|p| p.piece).collect();
        (pieces.iter().filter(|&&p| p == "D").count(), pieces.len())
    };
    for solution in &exact_beside_range::SOLVER.solutions() {
        assert_eq!(kinds(&solution), (2, 4), "{solution}");
    }
    let runtime = Puzzle::new(
        &Description::new("exact_beside_range")
            .board(&["......"])
            .piece("D", &["##"])
            .copies(2)
            .piece("M", &["#"])
            .copies_between(0, 4),
    )
    .unwrap();
    assert_eq!(runtime.reference_count(), 6);
    engines_agree(&exact_beside_range::SOLVER, &runtime);
}

#[test]
fn pieces_that_may_be_left_out_count_alike_first_or_last() {
    let want = optional_last::SOLVER.collect().len() as u128;
    assert_eq!(optional_last::SOLVER.count(), want);
    assert_eq!(optional_first::SOLVER.collect().len() as u128, want);
    assert_eq!(optional_first::SOLVER.count(), want);
    assert_eq!(optional_first::SOLVER.count_parallel(), want);
}
