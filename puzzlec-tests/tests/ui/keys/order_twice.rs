puzzlec::puzzle! {
    mod twice {
        box: [".........."; 6],
        pieces: pentominoes,
        order: [X, X, rows],
    }
}

fn main() {}
