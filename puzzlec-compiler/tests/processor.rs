//! The puzzle processor on the report's small puzzle: the static and dynamic figures of
//! the report, and the text and binary forms read back.

use puzzlec_compiler::{Description, OrderChoice, Puzzle};
use puzzlec_runtime::processor::instruction::{from_text, from_words, to_text, to_words};
use puzzlec_runtime::processor::{Code, Counts, Executed, Machine};
use puzzlec_runtime::search::{collect, Counter, Visit};
use puzzlec_runtime::{Catalog, Solver};

fn restricted(sharing: bool, pieces_first: bool) -> Puzzle {
    let d = Description::report_example()
        .order(OrderChoice::Columns)
        .eliminate(false)
        .pieces_first(pieces_first)
        .sharing(sharing)
        .restrict("C", &[&[".#.", "##."], &["..#", ".##"]]);
    Puzzle::new(&d).unwrap()
}

/// Runs the code, returning the solutions in order and what was executed.
fn run(catalog: &Catalog, code: &Code) -> (Vec<Vec<u32>>, Executed) {
    let mut machine = Machine::new(code).unwrap();
    let solutions = collect(|v| machine.run(&mut Visit::new(catalog, v)).unwrap());
    (solutions, machine.executed())
}

#[test]
fn the_report_figures() {
    let p = restricted(true, false);
    let code = p.code().unwrap().clone();
    assert_eq!(code.procedures.len(), 7);
    assert_eq!(code.instructions.len(), 79);
    let (_, all) = code.counts();
    assert_eq!(
        all,
        Counts {
            ifs: 28,
            mfs: 28,
            calls: 15,
            returns: 7,
            solutions: 1
        }
    );
    let (solutions, executed) = run(p.catalog(), &code);
    assert_eq!(solutions, [[0, 18, 10], [6, 3, 20], [7, 1, 20]]);
    assert_eq!(
        (executed.ifs(), executed.ifs_true, executed.ifs_false),
        (47, 27, 20)
    );
    assert_eq!((executed.mfs, executed.calls), (27, 10));

    let unshared = restricted(false, false);
    let unshared = unshared.code().unwrap();
    assert_eq!(unshared.counts().1.ifs, 41);
    assert_eq!(run(p.catalog(), unshared).0, solutions);
}

#[test]
fn pieces_first_figures() {
    let p = restricted(true, true);
    let code = p.code().unwrap().clone();
    // Solve_A, Solve_B, Solve_C and the sentinel: once every piece is placed, every cell is.
    assert_eq!(code.procedures.len(), 4);
    assert_eq!(code.instructions.len(), 70);
    assert_eq!(
        code.counts().1,
        Counts {
            ifs: 25,
            mfs: 25,
            calls: 15,
            returns: 4,
            solutions: 1
        }
    );
    let (solutions, executed) = run(p.catalog(), &code);
    assert_eq!(solutions.len(), 3);
    assert_eq!((executed.ifs_true, executed.ifs_false), (112, 48));
    assert_eq!((executed.mfs, executed.calls), (112, 37));
    // Without sharing every embedding tests all its aspects: 6x2 + 7x3 + 2x4.
    assert_eq!(restricted(false, true).code().unwrap().counts().1.ifs, 41);
}

#[test]
fn text_and_binary_forms_run_the_same() {
    for pieces_first in [false, true] {
        for sharing in [true, false] {
            let p = restricted(sharing, pieces_first);
            let code = p.code().unwrap().clone();
            let text = to_text(&code.instructions);
            let from_text = Code {
                instructions: from_text(&text).unwrap().into(),
                ..code.clone()
            };
            let words = to_words(&code.instructions).unwrap();
            let from_binary = Code {
                instructions: from_words(&words).unwrap().into(),
                ..code.clone()
            };
            assert_eq!(from_text, code);
            assert_eq!(from_binary, code);
            let (want, executed) = run(p.catalog(), &code);
            assert_eq!(want.len(), 3);
            assert_eq!(run(p.catalog(), &from_text), (want.clone(), executed));
            assert_eq!(run(p.catalog(), &from_binary), (want, executed));
        }
    }
}

#[test]
fn units_run_alone_find_what_one_run_finds() {
    let p = restricted(true, false);
    let code = p.code().unwrap().clone();
    let (whole, _) = run(p.catalog(), &code);
    for depth in 1..=3 {
        let mut shallow = Counter::default();
        let units = Machine::new(&code)
            .unwrap()
            .units(depth, &mut shallow)
            .unwrap();
        assert_eq!(
            shallow.solutions, 0,
            "every solution places three embeddings"
        );
        assert!(!units.is_empty());
        let mut parts = Vec::new();
        for mut unit in units {
            let mut machine = Machine::new(&code).unwrap();
            parts.extend(collect(|v| {
                machine
                    .run_from(&mut unit, &mut Visit::new(p.catalog(), v))
                    .unwrap()
            }));
        }
        assert_eq!(parts, whole, "depth {depth}");
    }
}
