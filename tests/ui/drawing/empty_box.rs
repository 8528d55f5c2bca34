puzzle::puzzle! {
    mod nothing {
        box: ["##", "##"],
        pieces: { A: ["#"] },
    }
}

fn main() {}
