puzzlec::puzzle! {
    pub mod bare {
        box: ["....", "...."],
    }
}

fn main() {
    // The module still exists, so using it raises no further error.
    let _ = puzzlec::Solver::count(&bare::SOLVER);
}
