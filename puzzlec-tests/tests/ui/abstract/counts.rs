// Counts of times that no aspect can be covered, and counts where the search cannot follow them.
puzzlec::puzzle! {
    mod bad_counts {
        aspects: [a, 0 x b, 3..=2 x c, 2 x x],
        optional: [x],
        embeddings: [[a, b, c], [a, x]],
    }
}

puzzlec::puzzle! {
    mod counts_listed {
        aspects: [a, 1..=2 x b],
        embeddings: [[a, b], [b]],
        order: listed,
        symmetry: reduced,
    }
}

fn main() {}
