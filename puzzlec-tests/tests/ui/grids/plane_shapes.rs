puzzlec::puzzle! {
    /// The plane grids draw boxes and pieces in rows: no sizes, no layers, no third axis.
    mod sized {
        grid: triangular,
        box: 4 x 6,
        pieces: { A: ["##"] },
    }

    mod layered {
        grid: hexagonal,
        box: [[". .", " . ."], [". .", " . ."]],
        pieces: { A: [["#"], ["#"]], B: [(0, 0, 0)] },
    }

    mod apart {
        grid: triangular,
        box: ["..", " .."],
        pieces: { C: ["#", " #"] },
    }
}

fn main() {}
