puzzlec::puzzle! {
    /// A row moved by one character, a piece's cell between two hexagons, and a hole there.
    mod shifted {
        grid: hexagonal,
        box: [
            ". . . .",
            ". . . .",
        ],
        holes: [(0, 1)],
        pieces: { A: [(0, 0), (0, 1)], B: ["# #", "#"] },
    }
}

fn main() {}
