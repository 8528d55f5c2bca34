puzzlec::puzzle! {
    mod apart {
        box: ["....", "...."],
        pieces: { A: ["#.#"], B: ["#####"] },
    }
}

fn main() {}
