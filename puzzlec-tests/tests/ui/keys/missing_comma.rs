puzzlec::puzzle! {
    mod comma {
        box: ["...", "..."]
        pieces: { A: ["###"], B: ["###"] },
    }
}

fn main() {}
