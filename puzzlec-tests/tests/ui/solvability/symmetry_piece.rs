puzzlec::puzzle! {
    mod twin {
        box: 3 x 30,
        pieces: pentominoes(one_sided),
        reflect: false,
        symmetry: reduced(f),
    }

    mod copies {
        box: ["...."; 3],
        pieces: { L: ["###", "#.."], 4 x D: ["##"] },
        symmetry: reduced(D),
    }

    mod optional {
        box: ["....."; 4],
        pieces: { 0..=1 x L: ["###", "#.."], 0..=8 x D: ["##"], 0..=1 x S: ["##.", ".##"] },
        symmetry: reduced(S),
    }
}

fn main() {}
