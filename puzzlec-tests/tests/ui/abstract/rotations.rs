puzzlec::puzzle! {
    /// An abstract puzzle has no rotations to count up to.
    mod turned {
        aspects: [a, b, c],
        embeddings: [[a, b], [c], [a], [b, c]],
        symmetry: rotations,
    }
}

fn main() {}
