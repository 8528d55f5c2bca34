//! The examples' puzzles: the generated solver and its processor code (run as text and as
//! binary) find the same solutions in the same order, one `CALL` per placement.

use puzzlec::puzzle;
use puzzlec_tests::processor_agrees;

puzzle! {
    mod small {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: columns,
        eliminate: false,
        restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
    }
    mod small_pieces_first {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: [pieces, columns],
        sharing: false,
    }
    // The processor does not prune: without the hole test the native solver places as often
    // as the code CALLs.
    mod p6x10 { box: [".........."; 6], pieces: pentominoes, symmetry: reduced, prune: off }
    mod dominoes { box: ["...."; 3], pieces: { 6 x D: ["##"] }, symmetry: reduced, prune: off }
    mod p5x12 { box: ["............"; 5], pieces: pentominoes, symmetry: reduced, prune: off }
    mod p6x10_all { box: [".........."; 6], pieces: pentominoes, prune: off }
}

#[test]
fn small_puzzles() {
    assert_eq!(processor_agrees(&small::SOLVER), 3);
    assert_eq!(processor_agrees(&small_pieces_first::SOLVER), 12);
}

#[test]
fn reductions_with_a_check() {
    assert_eq!(processor_agrees(&dominoes::SOLVER), 5);
    assert_eq!(processor_agrees(&p5x12::SOLVER), 1010);
}

#[test]
fn pentomino_6x10() {
    assert_eq!(processor_agrees(&p6x10::SOLVER), 2339);
}

#[test]
fn pentomino_6x10_all() {
    assert_eq!(processor_agrees(&p6x10_all::SOLVER), 9356);
}

#[test]
fn listing_names_procedures_aspects_and_embeddings() {
    let listing = small::PROCESSOR.listing(&small::CATALOG);
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines[0], "Solve_(0,0):");
    let words = |line: &str| line.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(lines[1]), "0 IF (0,0), 14");
    assert!(
        listing.contains("CALL Solve_(1,0)    ; place 0: A on (0,0)"),
        "{listing}"
    );
    assert!(
        listing.contains("CALL Solve_(0,1)    ; place 18: C on (0,1) (1,0) (1,1)"),
        "{listing}"
    );
    assert_eq!(lines.iter().filter(|l| l.ends_with(':')).count(), 7);
    assert_eq!(words(lines.last().unwrap()), "78 RETURN");
}
