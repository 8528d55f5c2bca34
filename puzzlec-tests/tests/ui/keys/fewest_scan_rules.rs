puzzlec::puzzle! {
    /// The rules that run in the box's scan cannot be asked of a search without one.
    mod asked {
        box: 3 x 20,
        pieces: pentominoes,
        order: fewest,
        prune: holes,
        dead_ends: on,
        fewest_fits: on,
    }

    /// Left to `auto`, or off, they are no mistake.
    mod fine {
        box: 3 x 20,
        pieces: pentominoes,
        order: fewest,
        prune: off,
        dead_ends: auto,
    }
}

fn main() {}
