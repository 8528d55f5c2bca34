puzzlec::puzzle! {
    mod too_many_empty {
        box: ["..++"],
        pieces: { D: ["##"] },
        max_empty: 1,
    }
}

puzzlec::puzzle! {
    mod bound_past_the_cells {
        box: ["...+"],
        pieces: { I: ["###"] },
        max_empty: 2,
    }
}

puzzlec::puzzle! {
    mod too_large {
        box: ["..+"],
        pieces: { 2 x D: ["##"] },
    }
}

fn main() {}
