puzzlec::puzzle! {
    mod tuned {
        box: ["....", "...."],
        pieces: { A: ["####"], B: ["####"] },
        tuning: { lookup_form: 4, check_first_from: 1.5, probes: 0, scans: 2.5, leads: 1, leads: 2 },
    }
}

fn main() {}
