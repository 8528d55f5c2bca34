puzzlec::puzzle! {
    mod again {
        box: ["....", "...."],
        pieces: { A: ["####"], B: ["####"] },
        order: rows,
        order: columns,
    }
}

fn main() {}
