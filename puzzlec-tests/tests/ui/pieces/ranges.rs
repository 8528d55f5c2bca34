puzzlec::puzzle! {
    mod backwards { box: 2 x 5, pieces: { 3..=1 x D: ["##"], 0..=4 x M: ["#"] } }
    mod exclusive { box: 2 x 5, pieces: { 1..3 x D: ["##"] } }
    mod too_few { box: 4 x 5, pieces: { 0..=1 x F, 0..=2 x D: ["##"] } }
}

fn main() {}
