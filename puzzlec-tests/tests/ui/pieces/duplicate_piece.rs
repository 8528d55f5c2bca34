puzzlec::puzzle! {
    mod twice {
        box: ["....", "...."],
        pieces: { A: ["####"], A: ["####"] },
    }
}

fn main() {}
