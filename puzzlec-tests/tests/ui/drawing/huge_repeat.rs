puzzlec::puzzle! {
    mod huge {
        box: ["...."; 100000000],
        pieces: { A: ["####"] },
    }
}

fn main() {}
