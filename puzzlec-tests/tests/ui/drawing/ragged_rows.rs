puzzlec::puzzle! {
    mod ragged {
        box: [
            "....",
            "...",
            "....",
        ],
        pieces: { A: ["##", "##"], B: ["##", "##"], C: ["###"] },
    }
}

fn main() {}
