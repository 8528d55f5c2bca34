puzzlec::puzzle! {
    /// C may only lie in the top left corner, which no symmetry of the box respects.
    mod lopsided {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        symmetry: reduced,
        restrict: { C: [["##.", "#.."]] },
    }

    mod unknown {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        symmetry: reduced(c),
    }
}

fn main() {}
