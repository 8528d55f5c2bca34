puzzlec::puzzle! {
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
    let _ = puzzlec::Solver::count(&messy::SOLVER);
}
