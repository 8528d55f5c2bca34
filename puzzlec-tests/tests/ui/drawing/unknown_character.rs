puzzlec::puzzle! {
    mod strange {
        box: ["..o.", "...."],
        pieces: { A: ["##", "##"], B: ["#*", "##"] },
    }
}

fn main() {}
