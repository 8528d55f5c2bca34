puzzle::puzzle! {
    mod none {
        box: ["...."],
        pieces: { 0 x D: ["##"], E: ["####"] },
    }

    mod mixed {
        box: ["......"],
        pieces: { 2 x D: ["##"], E: ["##"] },
    }
}

fn main() {}
