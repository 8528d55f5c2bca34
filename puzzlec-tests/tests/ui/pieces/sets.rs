puzzlec::puzzle! {
    mod unknown { box: 5 x 6, pieces: { hexominoes } }
    mod too_large { box: 5 x 6, pieces: polyominoes(9) }
    mod wrong_flag { box: 5 x 6, pieces: { pentominoes(free) } }
    mod no_size { box: 5 x 6, pieces: polycubes }
    mod clash { box: 8 x 10, pieces: { pentominoes, tetrominoes } }
    mod multiplied { box: 4 x 10, pieces: polyominoes(4) * 2 }
    mod unbraced { box: 4 x 10, pieces: 2 x polyominoes(4) }
}

fn main() {}
