//! A piece may be disconnected when the description says so.

puzzlec::puzzle! {
    mod apart {
        box: ["...."],
        pieces: { #[allow(disconnected)] A: ["#.#"], B: ["#"], C: ["#"] },
    }
}

fn main() {
    // A covers columns 1 and 3, or 2 and 4; B and C the two left over, either way round.
    assert_eq!(puzzlec::Solver::count(&apart::SOLVER), 4);
}
