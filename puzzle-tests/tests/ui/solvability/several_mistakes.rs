puzzle::puzzle! {
    mod messy {
        box: [
            "....",
            ".....",
        ],
        pieces: { A: ["##"], A: ["#.#"], B: ["#x"] },
        orde: rows,
    }
}

fn main() {
    let _ = puzzle::Solver::count(&messy::SOLVER);
}
