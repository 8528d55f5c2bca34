//! What a piece may be beyond one connected shape, where the description says so (the mistakes
//! where it does not are the compile-fail tests of `tests/ui/pieces`).

puzzlec::puzzle! {
    mod apart {
        box: ["...."],
        pieces: { #[allow(disconnected)] A: ["#.#"], B: ["#"], C: ["#"] },
    }
}

#[test]
fn a_piece_may_be_disconnected_when_the_description_allows_it() {
    // A covers columns 1 and 3, or 2 and 4; B and C the two left over, either way round.
    assert_eq!(puzzlec::Solver::count(&apart::SOLVER), 4);
}
