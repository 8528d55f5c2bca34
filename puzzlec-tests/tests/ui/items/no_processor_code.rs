puzzlec::puzzle! {
    mod bag { box: ["......"], pieces: { 2 x D: ["##"], 2 x M: ["#"] } }
}

fn main() {
    println!("{}", bag::PROCESSOR.listing(&bag::CATALOG));
}
