puzzle::puzzle! {
    mod values {
        box: ["....", "...."],
        pieces: { A: ["####"], B: ["####"] },
        order: colums,
        symmetry: some,
        sharing: yes,
        prune: region,
    }
}

fn main() {}
