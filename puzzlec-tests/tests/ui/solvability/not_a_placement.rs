puzzlec::puzzle! {
    mod wrong {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        restrict: {
            C: [[".#.", "##."], ["###", "..."]],
            D: [["#..", "..."]],
        },
    }
}

fn main() {}
