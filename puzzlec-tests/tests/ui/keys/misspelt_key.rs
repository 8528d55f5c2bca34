puzzlec::puzzle! {
    mod typo {
        box: ["....", "...."],
        peices: { A: ["####"], B: ["####"] },
        symetry: reduced,
        shade: red,
    }
}

fn main() {}
