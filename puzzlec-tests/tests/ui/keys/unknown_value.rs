puzzlec::puzzle! {
    mod values {
        box: ["....", "...."],
        pieces: { A: ["####"], B: ["####"] },
        order: colums,
        symmetry: some,
        sharing: yes,
        prune: region,
        cache: yes,
    }
}

puzzlec::puzzle! {
    mod lead {
        box: ["....", "...."],
        pieces: { A: ["####"], B: ["####"] },
        order: [Q, columns],
    }

    mod lead_form {
        box: ["....", "...."],
        pieces: { A: ["####"], B: ["####"] },
        order: [columns, A],
    }

    mod listed_box {
        box: ["....", "...."],
        pieces: { A: ["####"], B: ["####"] },
        order: listed,
    }
}

fn main() {}
