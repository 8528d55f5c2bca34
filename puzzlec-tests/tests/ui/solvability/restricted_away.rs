puzzlec::puzzle! {
    mod restricted {
        box: ["....", "...."],
        pieces: { 4 x D: ["##"] },
        restrict: { D: [["##..", "...."]] },
    }
}

fn main() {}
