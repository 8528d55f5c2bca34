puzzlec::puzzle! {
    mod one_sided {
        box: 3 x 30,
        pieces: pentominoes(one_sided),
    }

    mod letters {
        box: 3 x 5,
        pieces: { F, f, U },
    }
}

fn main() {}
