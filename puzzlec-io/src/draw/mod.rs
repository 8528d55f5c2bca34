//! Solutions drawn for people and scripts: in the terminal ([`text`]), as an SVG gallery
//! ([`svg`]) and as JSON lines ([`json`]), each piece in its own colour from one [`Palette`].

pub mod json;
pub mod svg;
pub mod text;

use puzzlec::{Catalog, Slot};

/// Colours of the xterm 256-colour cube (levels 0 to 5 of red, green and blue), light enough
/// for black letters, in an order that keeps neighbouring numbers apart in hue.
const CUBE: [(u8, u8, u8); 16] = [
    (5, 2, 2),
    (2, 4, 5),
    (5, 4, 1),
    (2, 5, 2),
    (4, 2, 5),
    (5, 5, 2),
    (1, 4, 4),
    (5, 3, 4),
    (3, 3, 5),
    (4, 5, 3),
    (5, 3, 1),
    (3, 5, 5),
    (4, 3, 2),
    (2, 3, 5),
    (5, 4, 4),
    (3, 4, 2),
];

/// The colour of each piece: a named piece keeps its colour in every solution; a copy of a
/// bag's kind (which names no piece) takes one by its place in the solution.
#[derive(Clone, Debug)]
pub struct Palette {
    pieces: u32,
}

impl Palette {
    /// The palette for a puzzle's pieces.
    pub fn new(catalog: &Catalog) -> Palette {
        Palette {
            pieces: catalog.pieces,
        }
    }

    /// The colour of a placed cell, as an index of the xterm 256-colour palette.
    pub fn index(&self, slot: Slot) -> Option<u8> {
        let Slot::Placed {
            placement, piece, ..
        } = slot
        else {
            return None;
        };
        let n = match piece {
            Some(p) => p as usize,
            None => self.pieces as usize + placement,
        };
        let (r, g, b) = CUBE[n % CUBE.len()];
        Some(16 + 36 * r + 6 * g + b)
    }

    /// The same colour as `#rrggbb`, as xterm shows it.
    pub fn hex(&self, slot: Slot) -> Option<String> {
        let index = self.index(slot)? - 16;
        let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
        let (r, g, b) = (index / 36, index / 6 % 6, index % 6);
        Some(format!("#{:02x}{:02x}{:02x}", level(r), level(g), level(b)))
    }
}
