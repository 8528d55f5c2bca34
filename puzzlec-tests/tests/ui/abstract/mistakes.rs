puzzlec::puzzle! {
    mod graph {
        aspects: [a, b, c, d, a],
        optional: [e],
        embeddings: [[a, b], [], [c, x], [a, a]],
    }

    mod lonely {
        aspects: [a, b, c],
        embeddings: [[a, b]],
    }

    mod symmetric {
        aspects: [a, b],
        embeddings: [[a, b]],
        symmetry: reduced(a),
    }

    mod pruned {
        aspects: [a, b],
        embeddings: [[a, b]],
        prune: regions,
    }

    mod holes {
        aspects: [a, b],
        embeddings: [[a, b]],
        prune: holes,
    }

    mod both {
        box: [".."],
        aspects: [a],
        embeddings: [[a]],
    }
}

fn main() {}
