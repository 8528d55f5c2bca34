puzzlec::puzzle! {
    mod island {
        box: [
            "..#.",
            "..##",
        ],
        pieces: { P: ["##", "#."], Q: ["##"] },
    }
}

fn main() {}
