//! Bad descriptions built at run time: typed errors, all of them, with messages a person reads.

use puzzlec_compiler::{Description, ErrorKind, Puzzle, Symmetry};
use puzzlec_runtime::Solver;

fn errors(d: &Description) -> Vec<ErrorKind> {
    Puzzle::new(d)
        .unwrap_err()
        .0
        .into_iter()
        .map(|e| e.kind)
        .collect()
}

#[test]
fn several_mistakes_at_once() {
    let d = Description::new("bad")
        .board(&["....", "..x"])
        .piece("A", &["##"])
        .piece("A", &["#"])
        .piece("B", &["#.#"])
        .builtin("Q");
    let found = errors(&d);
    assert!(matches!(
        found[0],
        ErrorKind::RaggedRows {
            row: 2,
            len: 3,
            expected: 4
        }
    ));
    assert!(matches!(
        found[1],
        ErrorKind::UnknownCharacter {
            ch: 'x',
            row: 2,
            column: 3,
            ..
        }
    ));
    assert!(matches!(&found[2], ErrorKind::DuplicatePiece { name } if name == "A"));
    assert!(matches!(&found[3], ErrorKind::DisconnectedPiece { name } if name == "B"));
    assert!(
        matches!(&found[4], ErrorKind::UnknownBuiltin { name, suggestion: None, .. } if name == "Q")
    );
    assert_eq!(found.len(), 5);
}

#[test]
fn messages_name_the_figures() {
    let d = Description::new("big")
        .board(&["...."])
        .piece("A", &["###"]);
    let message = Puzzle::new(&d).unwrap_err().to_string();
    assert_eq!(
        message,
        "the pieces have 3 cells in all, but the box has 4 cells; they must be equal"
    );
}

#[test]
fn unreachable_cells_and_misplaced_restrictions() {
    let d = Description::new("island")
        .board(&["..#.", "..##"])
        .piece("P", &["##", "#."])
        .piece("Q", &["##"]);
    let found = errors(&d);
    assert!(matches!(&found[..], [ErrorKind::UncoverableCell { cell }] if cell == "(0, 3)"));

    let d = Description::report_example()
        .restrict("C", &[&["###", "..."]])
        .restrict("c", &[&["#..", "..."]]);
    let found = errors(&d);
    assert!(matches!(&found[0], ErrorKind::NotAPlacement { piece } if piece == "C"));
    assert!(
        matches!(&found[1], ErrorKind::UnknownPiece { name, suggestion: Some(s) } if name == "c" && s == "C")
    );
}

#[test]
fn symmetry_that_cannot_be_honoured() {
    // Restricting C to one placement breaks the box's symmetry: no reduction modulo it.
    let d = Description::report_example()
        .restrict("C", &[&[".#.", "##."]])
        .symmetry(Symmetry::Reduced { piece: None });
    assert!(matches!(&errors(&d)[..], [ErrorKind::Symmetry { .. }]));
    let message = Puzzle::new(&d).unwrap_err().to_string();
    assert!(message.contains("piece `C` is restricted"), "{message}");
}

#[test]
fn symmetric_placements_are_reduced_exactly() {
    // Two dominoes in a 2x2 square: every placement is fixed by a mirror, yet the 4 solutions
    // are one class.
    let d = Description::new("square")
        .board(&["..", ".."])
        .piece("A", &["##"])
        .piece("B", &["##"]);
    assert_eq!(Puzzle::new(&d).unwrap().reference_count(), 4);
    let reduced = Puzzle::new(&d.symmetry(Symmetry::Reduced { piece: None })).unwrap();
    assert!(reduced.symmetry_check().is_some());
    assert_eq!(reduced.reference_count(), 1);
    assert_eq!(reduced.count(), 1);
}

#[test]
fn limits_are_errors_that_name_them() {
    use puzzlec_compiler::limits::{MAX_AXES, MAX_EMBEDDINGS, MAX_NATIVE_NODES, MAX_NATIVE_WORDS};

    // A box of more positions than a board holds.
    let d = Description::new("vast")
        .block(&[300, 300])
        .piece("M", &["#"])
        .copies(90_000);
    let found = errors(&d);
    assert!(
        matches!(&found[..], [ErrorKind::BlockSize { limit, .. }] if *limit == puzzlec_compiler::limits::MAX_VOLUME),
        "{found:?}"
    );
    assert!(found[0].to_string().contains("at most 65536 positions"));

    // A six-axis cube of side 3 has 46,080 symmetries: too many images of its placements
    // to reduce by.
    let d = Description::new("hypercube")
        .block(&[3; 6])
        .piece_cells("I", &[&[0; 6], &[1, 0, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0]])
        .copies(243)
        .symmetry(Symmetry::Reduced { piece: None });
    let found = errors(&d);
    assert!(
        matches!(&found[..], [ErrorKind::Symmetry { reason }] if reason.contains("46080 symmetries")),
        "{found:?}"
    );

    // Twelve items each covered alone: every permutation of them is a symmetry, 12! of them,
    // too many to compare each solution with.
    let items: Vec<String> = (0..12).map(|i| format!("i{i}")).collect();
    let names: Vec<&str> = items.iter().map(String::as_str).collect();
    let singletons: Vec<&[&str]> = names.iter().map(std::slice::from_ref).collect();
    let d = Description::new("items")
        .abstract_puzzle(&names, &[], &singletons)
        .symmetry(Symmetry::Reduced { piece: None });
    let found = errors(&d);
    assert!(
        matches!(&found[..], [ErrorKind::Symmetry { reason }] if reason.contains("too many to compare")),
        "{found:?}"
    );

    // Seven axes: every piece would be tried in 2^7 7! orientations.
    let d = Description::new("deep")
        .block(&[2; 7])
        .piece_cells("A", &[&[0; 7], &[1, 0, 0, 0, 0, 0, 0]]);
    let found = errors(&d);
    assert!(
        matches!(found[..], [ErrorKind::TooManyAxes { axes: 7, limit }] if limit == MAX_AXES),
        "{found:?}"
    );
    assert!(found[0].to_string().contains("at most 6"));

    // A box of 200 x 200 with an L tetromino in it: more placements than a puzzle may have.
    let d = Description::new("wide")
        .block(&[200, 200])
        .piece("L", &["#.", "#.", "##"])
        .copies(10_000);
    let found = errors(&d);
    assert!(
        matches!(found[..], [ErrorKind::TooManyEmbeddings { embeddings, limit }] if embeddings > limit && limit == MAX_EMBEDDINGS),
        "{found:?}"
    );
    assert!(found[0].to_string().contains("make the box smaller"));

    // The twelve pentominoes among 840 monominoes in a 30 x 30 box compile for the run-time
    // engine, but are too large a program for rustc.
    let mut d = Description::new("huge").block(&[30, 30]);
    for name in ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"] {
        d = d.builtin(name);
    }
    let d = d.piece("M", &["#"]).copies(840);
    let puzzle = Puzzle::new(&d).expect("the run-time engine takes it");
    let e = puzzle.check_native().unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::TooLargeForNative { tests, places, limit } if tests + places > limit && limit == MAX_NATIVE_NODES),
        "{e}"
    );
    assert!(e
        .kind
        .to_string()
        .contains("solve this puzzle with the run-time engine"));

    // A puzzle without a box searched by the fewest embeddings is its tables: 1,000 aspects
    // in 80,000 pairs, each aspect's takers spread over the sets' 1,250 words.
    let names: Vec<String> = (0..1000).map(|i| format!("a{i}")).collect();
    let pairs: Vec<[&str; 2]> = (0..1000)
        .flat_map(|i| (1..=80).map(move |k| (i, (i + k) % 1000)))
        .map(|(i, j)| [names[i].as_str(), names[j].as_str()])
        .collect();
    let aspects: Vec<&str> = names.iter().map(String::as_str).collect();
    let embeddings: Vec<&[&str]> = pairs.iter().map(|p| &p[..]).collect();
    let d = Description::new("pairs").abstract_puzzle(&aspects, &[], &embeddings);
    let puzzle = Puzzle::new(&d).expect("the run-time engine takes it");
    assert!(puzzle.plan().fewest().is_some());
    let e = puzzle.check_native().unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::TablesTooLargeForNative { words, limit } if words > limit && limit == MAX_NATIVE_WORDS),
        "{e}"
    );
}
