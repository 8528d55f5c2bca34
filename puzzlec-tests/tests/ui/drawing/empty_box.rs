puzzlec::puzzle! {
    mod nothing {
        box: ["##", "##"],
        pieces: { A: ["#"] },
    }

    mod no_rows {
        box: [],
        pieces: { A: ["#"] },
    }
}

fn main() {}
