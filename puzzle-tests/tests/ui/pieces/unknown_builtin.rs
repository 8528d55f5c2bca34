puzzle::puzzle! {
    mod letters {
        box: [".........."],
        pieces: { I, Q },
    }
}

fn main() {}
