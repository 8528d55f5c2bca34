puzzlec::puzzle! {
    mod narrow {
        box: ["......."],
        pieces: { A: ["###"], B: ["##", "##"] },
    }
}

fn main() {}
