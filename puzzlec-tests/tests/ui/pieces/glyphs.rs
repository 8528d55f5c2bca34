puzzlec::puzzle! {
    mod glyphs {
        box: ["...."],
        pieces: { #[glyph('.')] A: ["#"], #[glyph('x')] B: ["#"], #[glyph('x')] C: ["##"] },
    }
}

fn main() {}
