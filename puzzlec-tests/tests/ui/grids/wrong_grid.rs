puzzlec::puzzle! {
    /// Squares on the triangular grid, triangles on the square grid, and a grid misspelt.
    mod squares {
        grid: triangular,
        box: ["......", " ....."],
        pieces: { pentominoes, T4 },
    }

    mod triangles {
        box: [".........."; 6],
        pieces: hexiamonds,
    }

    mod misspelt {
        grid: hexagons,
        box: [". ."],
        pieces: { A: ["# #"] },
    }
}

fn main() {}
