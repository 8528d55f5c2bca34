puzzlec::puzzle! {
    mod attrs {
        box: ["..."],
        pieces: { #[allow(gaps)] A: ["#.#"], B: ["#"] },
    }
}

fn main() {}
