//! The report's small puzzle and the 6x10 pentomino, compiled at run time: the figures of
//! the report for the model, the order and the program.

use puzzlec_compiler::program::Counts;
use puzzlec_compiler::{Description, EmbeddingId, OrderChoice, PieceId, Puzzle, Symmetry};
use puzzlec_runtime::Solver;

fn small() -> Description {
    Description::report_example()
        .order(OrderChoice::Columns)
        .eliminate(false)
}

fn restricted(d: Description) -> Description {
    d.restrict("C", &[&[".#.", "##."], &["..#", ".##"]])
}

fn walked(p: &Puzzle) -> Vec<Vec<u32>> {
    p.collect()
}

#[test]
fn small_puzzle_embeddings_are_numbered_as_the_report_does() {
    let p = Puzzle::new(&small()).unwrap();
    let cover = p.cover();
    assert_eq!(cover.aspect_count(), 9);
    assert_eq!(cover.embedding_count(), 21);
    let cells = |e: u32| -> Vec<u32> {
        cover
            .aspects(EmbeddingId(e))
            .iter()
            .map(|a| a.0)
            .filter(|&a| a < 6)
            .collect()
    };
    assert_eq!(cells(6), [0, 1]);
    assert_eq!(cells(12), [4, 5]);
    assert_eq!(cells(13), [0, 1, 3]);
    assert_eq!(cells(18), [1, 3, 4]);
    assert_eq!(cells(20), [2, 4, 5]);
    assert_eq!(p.reference_count(), 12);
    assert_eq!(p.count(), 12);
    assert_eq!(walked(&p).len(), 12);
}

#[test]
fn restricted_small_puzzle_reproduces_the_report() {
    let p = Puzzle::new(&restricted(small())).unwrap();
    assert_eq!(p.cover().allowed_count(), 15);
    assert_eq!(
        p.program().counts(),
        Counts {
            procedures: 7,
            tests: 28,
            places: 15
        }
    );
    assert_eq!(
        walked(&p),
        vec![vec![0, 18, 10], vec![6, 3, 20], vec![7, 1, 20]]
    );
    assert_eq!(p.count(), 3);

    let unshared = Puzzle::new(&restricted(small()).sharing(false)).unwrap();
    assert_eq!(unshared.program().counts().tests, 41);
    assert_eq!(walked(&unshared), walked(&p));
}

#[test]
fn small_puzzle_modulo_symmetry_has_one_solution_per_class() {
    let p = Puzzle::new(&small().symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let reduction = p.reduction().unwrap();
    assert_eq!(
        (reduction.piece, reduction.group_order, reduction.kept),
        (Some(PieceId(2)), 4, 2)
    );
    assert_eq!(p.count(), 3);
}

#[test]
fn pentomino_6x10_model() {
    let d = Description::new("p6x10")
        .board(&[".........."; 6])
        .pentominoes()
        .eliminate(false);
    let p = Puzzle::new(&d).unwrap();
    assert_eq!(p.cover().aspect_count(), 72);
    assert_eq!(p.cover().embedding_count(), 2056);
    let per_piece: Vec<u32> = (0..12)
        .map(|i| p.piece_embeddings(PieceId(i)).len() as u32)
        .collect();
    assert_eq!(
        per_piece,
        [256, 56, 248, 248, 304, 128, 152, 128, 128, 32, 248, 128]
    );
    let reduced = Puzzle::new(&d.clone().symmetry(Symmetry::Reduced { piece: None })).unwrap();
    let r = reduced.reduction().unwrap();
    assert_eq!(reduced.pieces()[r.piece.unwrap().index()].name, "X");
    assert_eq!(r.kept, 8);
    assert_eq!(reduced.count(), 2339);
    // Elimination first drops every placement that walls off a region whose size is no
    // multiple of 5 (among them X in the corner quarter's corner), then the reduction keeps
    // one of each orbit of what is left.
    let eliminated = Puzzle::new(&d.clone().eliminate(true)).unwrap();
    assert_eq!(eliminated.cover().embedding_count(), 2056);
    assert_eq!(
        eliminated.cover().allowed_count(),
        2056 - eliminated.eliminated()
    );
    let both = Puzzle::new(
        &d.eliminate(true)
            .symmetry(Symmetry::Reduced { piece: None }),
    )
    .unwrap();
    assert_eq!(both.reduction().unwrap().kept, 7);
    assert_eq!(both.count(), 2339);
    assert_eq!(both.reference_count(), 2339);
}
