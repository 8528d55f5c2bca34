puzzle::puzzle! {
    pub mod bare {
        box: ["....", "...."],
    }
}

fn main() {
    // The module still exists, so using it raises no further error.
    let _ = puzzle::Solver::count(&bare::SOLVER);
}
