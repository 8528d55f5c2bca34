puzzle::puzzle! {
    mod too_big {
        box: [".........."; 6],
        pieces: { pentominoes, A: ["#"] },
    }
}

fn main() {
    let _ = puzzle::Solver::count(&too_big::SOLVER);
}
