puzzlec::puzzle! {
    mod flatland {
        box: ["....", "...."],
        pieces: {
            A: [["##", ".."], ["##", ".."]],
            B: [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)],
        },
    }
}

fn main() {}
