puzzle::puzzle! {
    mod none {
        box: ["...."],
        pieces: { 0 x D: ["##"], E: ["####"] },
    }

    mod two_kinds {
        box: ["......"],
        pieces: { 2 x D: ["##"], 2 x E: ["#"] },
    }
}

fn main() {}
