// A colour on a required aspect, and colours where the search cannot follow them.
puzzlec::puzzle! {
    mod coloured_required {
        aspects: [a, b, x],
        optional: [x],
        embeddings: [[a: red, x: red], [b, x: red]],
    }
}

puzzlec::puzzle! {
    mod coloured_listed {
        aspects: [a, b, x],
        optional: [x],
        embeddings: [[a, x: red], [b, x: red]],
        order: listed,
        symmetry: reduced,
    }
}

fn main() {}
