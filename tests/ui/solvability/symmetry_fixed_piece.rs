puzzle::puzzle! {
    mod centred {
        box: ["............"; 5],
        pieces: pentominoes,
        symmetry: reduced(X),
    }

    mod all_symmetric {
        box: ["..", ".."],
        pieces: { A: ["##"], B: ["##"] },
        symmetry: reduced,
    }
}

fn main() {}
