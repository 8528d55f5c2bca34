puzzlec::puzzle! {
    mod no_colour {
        box: ["12", "21"],
        colours: { 1: [1], 2: [0] },
        pieces: { 2 x D: ["12"] },
    }

    mod twice {
        box: ["12", "21"],
        colours: { 1: [1], 1: [2] },
        pieces: { 2 x D: ["12"] },
    }
}

fn main() {}
