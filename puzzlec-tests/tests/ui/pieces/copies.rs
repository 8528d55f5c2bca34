puzzlec::puzzle! {
    mod none {
        box: ["...."],
        pieces: { 0 x D: ["##"], E: ["####"] },
    }
}

fn main() {}
