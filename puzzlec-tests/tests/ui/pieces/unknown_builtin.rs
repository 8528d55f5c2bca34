puzzlec::puzzle! {
    mod letters {
        box: [".........."],
        pieces: { I, Q },
    }

    mod misspelt_set {
        box: [".........."; 6],
        pieces: { pentominos },
    }
}

fn main() {}
