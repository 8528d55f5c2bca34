puzzlec::puzzle! {
    mod keys {
        aspects: [a, b, c],
        embeddings: [[a, b], [c]],
        reflect: false,
        order: rows,
        holes: [(0, 0)],
    }
}

fn main() {}
