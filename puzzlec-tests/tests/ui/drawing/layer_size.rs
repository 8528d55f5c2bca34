puzzlec::puzzle! {
    mod uneven {
        box: [
            ["...", "..."],
            ["...", "...", "..."],
            ["..", ".."],
        ],
        pieces: { A: ["###"] },
    }
}

fn main() {}
