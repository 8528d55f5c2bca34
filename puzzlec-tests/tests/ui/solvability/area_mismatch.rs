puzzlec::puzzle! {
    mod too_big {
        box: [".........."; 6],
        pieces: { pentominoes, A: ["#"] },
    }
}

fn main() {
    let _ = puzzlec::Solver::count(&too_big::SOLVER);
}
