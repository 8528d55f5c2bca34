puzzlec::puzzle! {
    mod flat {
        box: 5 x 0 x 3,
        pieces: pentominoes,
    }

    mod holed {
        box: 4 x 4,
        holes: [(4, 0), (1, 1, 1), (2, 2), (2, 2)],
        pieces: { A: ["####"] },
    }
}

fn main() {}
