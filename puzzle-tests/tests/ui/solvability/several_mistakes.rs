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
    let _ = messy::count();
}
