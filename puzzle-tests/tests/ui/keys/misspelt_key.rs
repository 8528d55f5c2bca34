puzzle::puzzle! {
    mod typo {
        box: ["....", "...."],
        peices: { A: ["####"], B: ["####"] },
        symetry: reduced,
        colour: red,
    }
}

fn main() {}
