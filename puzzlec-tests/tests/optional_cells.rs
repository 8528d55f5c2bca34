//! Cells that may stay empty (`+` in a box, BurrTools' variable voxels) and `max_empty`: the
//! counts against the reference backtracker and an exact-cover check of each solution, the
//! native solver and the processor against the walker, the box's symmetries, which keep such
//! cells as they are, and the mistakes.

use puzzlec::compiler::description::Symmetry;
use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::{ErrorKind, Puzzle};
use puzzlec::Solver;
use puzzlec_tests::{check_solutions, engines_agree, processor_agrees};

fn puzzle(text: &str) -> Result<Puzzle, Vec<ErrorKind>> {
    let description = parse_str(text).unwrap().remove(0).description;
    Puzzle::new(&description).map_err(|e| e.into_iter().map(|e| e.kind).collect())
}

/// Dominoes in a 3 x 4 box of cells that may all stay empty: six fill it as the 11 tilings do,
/// five leave two cells empty in 123 ways (the matchings of five edges), as the reference
/// backtracker counts them; with two such cells in a box of ten others, five dominoes tile the
/// ten 5 ways, and the box's reflection, which keeps the two, halves them.
#[test]
fn dominoes_with_cells_that_may_stay_empty() {
    for (text, count) in [
        ("mod p { box: [\"++++\", \"++++\", \"++++\"], pieces: { 6 x D: [\"##\"] } }", 11),
        ("mod p { box: [\"++++\", \"++++\", \"++++\"], pieces: { 5 x D: [\"##\"] } }", 123),
        ("mod p { box: [\"...+\", \"....\", \"+...\"], pieces: { 5 x D: [\"##\"] }, max_empty: 2 }", 5),
    ] {
        let description = parse_str(text).unwrap().remove(0).description;
        let p = Puzzle::new(&description).unwrap();
        assert_eq!(p.count(), count, "{text}");
        assert_eq!(p.count_parallel(), count, "{text}");
        assert_eq!(u128::from(p.reference_count()), count, "{text}");
        assert_eq!(check_solutions(&p, description.clone()) as u128, count, "{text}");
    }
    let reduced = "mod p { box: [\"...+\", \"....\", \"+...\"], pieces: { 5 x D: [\"##\"] }, symmetry: reduced }";
    let reduced = puzzle(reduced).unwrap();
    assert_eq!(reduced.info().symmetry.group_order, 2);
    assert_eq!(reduced.count_all(), 5);
}

/// A box's symmetries map cells that may stay empty onto such cells: a square with one such
/// corner keeps only the reflection through that corner.
#[test]
fn symmetries_keep_cells_that_may_stay_empty() {
    let text = "mod p { box: [\"+..\", \"...\", \"...\"], pieces: { 4 x D: [\"##\"] }, symmetry: reduced }";
    let p = puzzle(text).unwrap();
    assert_eq!(p.info().symmetry.group_order, 2);
    let all = "mod p { box: [\"+..\", \"...\", \"...\"], pieces: { 4 x D: [\"##\"] } }";
    assert_eq!(p.count_all(), puzzle(all).unwrap().count());
}

puzzlec::puzzle! {
    /// Four different pieces in a box of 3 x 4 whose last column may stay empty.
    mod open_column {
        box: ["...+", "...+", "...+"],
        pieces: {
            L: ["##", "#."],
            I: ["###"],
            D: ["##"],
            O: ["#"],
        },
    }
}

/// The native solver searches as the walker does, and the processor runs the same program.
#[test]
fn native_solver_and_processor() {
    let text = r####"mod open_column {
        box: ["...+", "...+", "...+"],
        pieces: { L: ["##", "#."], I: ["###"], D: ["##"], O: ["#"] },
    }"####;
    let description = parse_str(text).unwrap().remove(0).description;
    let walked = Puzzle::new(&description).unwrap();
    engines_agree(&open_column::SOLVER, &walked);
    let count = walked.count();
    assert_eq!(u128::from(walked.reference_count()), count);
    assert!(count > 0);
    assert_eq!(processor_agrees(&open_column::SOLVER) as u128, count);
    let mut every = description;
    every.symmetry = Symmetry::All;
    assert_eq!(check_solutions(&walked, every) as u128, count);
}

/// What `+` and `max_empty` can get wrong, each said at the offending tokens.
#[test]
fn mistakes() {
    let errors = |text: &str| puzzle(text).err().unwrap_or_default();
    let too_large = errors("mod p { box: [\"..+\"], pieces: { 1 x D: [\"##\"] }, max_empty: 2 }");
    assert!(
        matches!(
            too_large[..],
            [ErrorKind::MaxEmptyTooLarge {
                max: 2,
                optional: 1
            }]
        ),
        "{too_large:?}"
    );
    let unmet = errors("mod p { box: [\"..++\"], pieces: { 1 x D: [\"##\"] }, max_empty: 1 }");
    assert!(
        matches!(unmet[..], [ErrorKind::MaxEmptyUnmet { empty: 2, max: 1 }]),
        "{unmet:?}"
    );
    let ranges = errors("mod p { box: [\"..++\"], pieces: { 1..=2 x D: [\"##\"] }, max_empty: 1 }");
    assert!(
        matches!(ranges[..], [ErrorKind::MaxEmptyWithRanges]),
        "{ranges:?}"
    );
    let area = errors("mod p { box: [\"..+\"], pieces: { 2 x D: [\"##\"] } }");
    assert!(
        matches!(
            area[..],
            [ErrorKind::AreaOptional {
                least: 4,
                most: 4,
                fixed: 2,
                optional: 1
            }]
        ),
        "{area:?}"
    );
    let message = ErrorKind::AreaOptional {
        least: 4,
        most: 4,
        fixed: 2,
        optional: 1,
    }
    .to_string();
    assert_eq!(
        message,
        "the pieces cover 4 cells, but the box has 2 cells to cover and 1 more that may stay empty"
    );
}

/// A cell that may stay empty shapes the search (its aspect optional, the hole test and dead
/// ends off, copies counted): the fingerprint changes with it and with which cell it is, so
/// that no unit of one search is added to another's.
#[test]
fn fingerprints_name_cells_that_may_stay_empty() {
    let fingerprint = |text: &str| puzzle(text).unwrap().info().fingerprint;
    let exact =
        fingerprint("mod p { box: [\"....\", \"....\", \"....\"], pieces: { 6 x D: [\"##\"] } }");
    let open =
        fingerprint("mod p { box: [\"...+\", \"....\", \"....\"], pieces: { 6 x D: [\"##\"] } }");
    let corner =
        fingerprint("mod p { box: [\"+...\", \"....\", \"....\"], pieces: { 6 x D: [\"##\"] } }");
    assert_ne!(exact, open);
    assert_ne!(open, corner);
}
