puzzlec::puzzle! {
    mod hollow {
        box: ["...."],
        pieces: { A: ["####"], B: ["...."], C: [] },
    }
}

fn main() {}
