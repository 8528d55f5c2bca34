//! The colours pieces are drawn in, one [`Palette`] for the terminal, the SVG, the workshop's
//! 3-D view and anything else that shows a solution. The colours are chosen in OKLab, a colour
//! space in which equal distances look about equally different, so that the pieces of a large
//! set stay apart: each next colour is the one farthest from those before it. Copies of one
//! kind of piece share their kind's hue, each a shade lighter or darker than the last.

use std::sync::OnceLock;

use puzzlec::{Catalog, Picture, Slot};

/// How many colours the palette holds before it starts again: more than any set of pieces a
/// person tells apart by colour alone (the 35 hexominoes, Bedlam's 13, the 18 one-sided
/// pentominoes).
pub const COLOURS: usize = 48;

/// The lightness, in OKLab, of the palette's colours: light enough for black letters on them
/// and for shading in a 3-D view to darken them, dark enough to stand out on white.
const LIGHTNESS: (f64, f64) = (0.60, 0.90);
/// The least chroma (distance from grey) of a colour: greys read as empty cells.
const CHROMA: f64 = 0.05;
/// The first colour, from which the rest are spread: a red.
const FIRST: [u8; 3] = [230, 80, 80];
/// The steps of sRGB tried for each channel (0, 17, ..., 255).
const STEP: usize = 17;
/// The change of lightness of each copy of a kind after the first, in turn.
const SHADES: [f64; 6] = [0.0, -0.12, 0.07, -0.06, 0.12, -0.18];

/// A colour, as red, green and blue from 0 to 255.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour(pub [u8; 3]);

impl Colour {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        let [r, g, b] = self.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }

    /// The colour of the xterm 256-colour cube (levels 0 to 5 of red, green and blue) nearest
    /// to this one in OKLab, as a terminal shows it.
    pub fn xterm(self) -> u8 {
        let here = oklab(self.0);
        let cube = (0..216u8).map(|i| (i, xterm_cube(i)));
        let (i, _) = cube
            .min_by(|(_, a), (_, b)| {
                distance(oklab(*a), here).total_cmp(&distance(oklab(*b), here))
            })
            .unwrap_or((0, [0; 3]));
        16 + i
    }

    /// The same hue with its OKLab lightness changed by `by`.
    pub fn lightened(self, by: f64) -> Colour {
        let [l, a, b] = oklab(self.0);
        Colour(srgb([(l + by).clamp(0.0, 1.0), a, b]))
    }

    /// Its place in OKLab: lightness, then the green-red and blue-yellow axes.
    pub fn oklab(self) -> [f64; 3] {
        oklab(self.0)
    }
}

/// The distance between two colours in OKLab: about 0.02 is as little as an eye tells apart.
pub fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The palette's colours in order, each the farthest in OKLab from all before it among the
/// light, coloured ones of a grid of sRGB: worked out once.
pub fn colours() -> &'static [Colour; COLOURS] {
    static COLOURS_CHOSEN: OnceLock<[Colour; COLOURS]> = OnceLock::new();
    COLOURS_CHOSEN.get_or_init(|| {
        let levels = (0..=255u8).step_by(STEP);
        let mut candidates: Vec<([u8; 3], [f64; 3])> = Vec::new();
        for r in levels.clone() {
            for g in levels.clone() {
                for b in levels.clone() {
                    let lab = oklab([r, g, b]);
                    let chroma = lab[1].hypot(lab[2]);
                    if (LIGHTNESS.0..=LIGHTNESS.1).contains(&lab[0]) && chroma >= CHROMA {
                        candidates.push(([r, g, b], lab));
                    }
                }
            }
        }
        let first = oklab(FIRST);
        let nearest = |to: [f64; 3], among: &[([u8; 3], [f64; 3])]| {
            (0..among.len())
                .min_by(|&i, &j| distance(among[i].1, to).total_cmp(&distance(among[j].1, to)))
                .unwrap_or(0)
        };
        let mut chosen = vec![candidates[nearest(first, &candidates)]];
        // The distance from each candidate to the nearest chosen colour.
        let mut apart: Vec<f64> = (candidates.iter())
            .map(|c| distance(c.1, chosen[0].1))
            .collect();
        while chosen.len() < COLOURS {
            let far = (0..candidates.len())
                .max_by(|&i, &j| apart[i].total_cmp(&apart[j]).then(j.cmp(&i)))
                .unwrap_or(0);
            chosen.push(candidates[far]);
            for (d, c) in apart.iter_mut().zip(&candidates) {
                *d = d.min(distance(c.1, candidates[far].1));
            }
        }
        std::array::from_fn(|i| Colour(chosen[i].0))
    })
}

/// The colour of each piece: a kind of piece keeps its colour in every solution, each copy of
/// it after the first a shade of that colour; a placement of no kind takes one by its place
/// in the solution.
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

    /// The colour of each placement of a solution's picture, by its place in the solution.
    pub fn placements(&self, picture: &Picture) -> Vec<Colour> {
        let mut kinds: Vec<Option<u32>> = Vec::new();
        for slot in &picture.slots {
            if let Slot::Placed {
                placement, piece, ..
            } = *slot
            {
                if kinds.len() <= placement {
                    kinds.resize(placement + 1, None);
                }
                kinds[placement] = piece;
            }
        }
        (0..kinds.len())
            .map(|placement| {
                let copy = kinds[..placement]
                    .iter()
                    .filter(|&&k| k.is_some() && k == kinds[placement])
                    .count();
                self.colour(kinds[placement], placement, copy)
            })
            .collect()
    }

    /// The colour of a placement of `piece` (its kind, if it has one), at `placement` in the
    /// solution, the `copy`th of its kind before it.
    pub fn colour(&self, piece: Option<u32>, placement: usize, copy: usize) -> Colour {
        let n = match piece {
            Some(p) => p as usize,
            None => self.pieces as usize + placement,
        };
        let base = colours()[n % COLOURS];
        match copy % SHADES.len() {
            0 => base,
            k => base.lightened(SHADES[k]),
        }
    }

    /// The colour of a kind of piece, as its first copy is drawn.
    pub fn kind(&self, piece: u32) -> Colour {
        self.colour(Some(piece), 0, 0)
    }
}

/// The xterm cube's colour `i` (0 to 215) as sRGB.
fn xterm_cube(i: u8) -> [u8; 3] {
    let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
    [level(i / 36), level(i / 6 % 6), level(i % 6)]
}

/// sRGB to OKLab (Björn Ottosson's matrices).
fn oklab([r, g, b]: [u8; 3]) -> [f64; 3] {
    let [r, g, b] = [r, g, b].map(|c| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    });
    let l = (0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b).cbrt();
    let m = (0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b).cbrt();
    let s = (0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b).cbrt();
    [
        0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
        1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
        0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s,
    ]
}

/// OKLab to sRGB, each channel clamped into range.
fn srgb([l, a, b]: [f64; 3]) -> [u8; 3] {
    let l_ = (l + 0.396_337_777_4 * a + 0.215_803_757_3 * b).powi(3);
    let m_ = (l - 0.105_561_345_8 * a - 0.063_854_172_8 * b).powi(3);
    let s_ = (l - 0.089_484_177_5 * a - 1.291_485_548_0 * b).powi(3);
    let linear = [
        4.076_741_662_1 * l_ - 3.307_711_591_3 * m_ + 0.230_969_929_2 * s_,
        -1.268_438_004_6 * l_ + 2.609_757_401_1 * m_ - 0.341_319_396_5 * s_,
        -0.004_196_086_3 * l_ - 0.703_418_614_7 * m_ + 1.707_614_701_0 * s_,
    ];
    linear.map(|c| {
        let c = c.clamp(0.0, 1.0);
        let v = if c <= 0.003_130_8 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        (v * 255.0).round() as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least distance in OKLab between two of the palette's colours, stated in the
    /// palette's documentation (docs/solutions.md): 48 colours, none nearer another than this.
    const LEAST: f64 = 0.08;

    #[test]
    fn every_two_colours_are_told_apart() {
        let lab: Vec<[f64; 3]> = colours().iter().map(|c| c.oklab()).collect();
        let mut least = f64::MAX;
        for (i, a) in lab.iter().enumerate() {
            for b in &lab[i + 1..] {
                least = least.min(distance(*a, *b));
            }
        }
        println!("least distance between two of {COLOURS} colours: {least:.4}");
        assert!(least >= LEAST, "{least}");
        // The first twelve, what most puzzles use, are much farther apart.
        let mut first = f64::MAX;
        for (i, a) in lab[..12].iter().enumerate() {
            for b in &lab[i + 1..12] {
                first = first.min(distance(*a, *b));
            }
        }
        assert!(first >= 0.15, "{first}");
    }

    #[test]
    fn colours_are_light_enough_for_letters_and_not_grey() {
        for c in colours() {
            let [l, a, b] = c.oklab();
            assert!((0.59..=0.91).contains(&l), "{c:?} {l}");
            assert!(a.hypot(b) >= 0.049, "{c:?}");
        }
    }

    #[test]
    fn oklab_goes_there_and_back() {
        for c in colours() {
            let back = srgb(c.oklab());
            for (x, y) in back.iter().zip(c.0) {
                assert!(x.abs_diff(y) <= 1, "{c:?} {back:?}");
            }
        }
    }

    #[test]
    fn copies_of_a_kind_are_shades_of_its_colour() {
        let palette = Palette { pieces: 3 };
        let first = palette.colour(Some(1), 0, 0);
        let second = palette.colour(Some(1), 4, 1);
        assert_ne!(first, second);
        let (a, b) = (first.oklab(), second.oklab());
        assert!((a[0] - b[0]).abs() > 0.08, "{a:?} {b:?}");
        // The same hue: the angle in the a-b plane barely moves.
        let hue = |c: [f64; 3]| c[2].atan2(c[1]);
        assert!((hue(a) - hue(b)).abs() < 0.2, "{a:?} {b:?}");
    }

    #[test]
    fn the_terminal_gets_the_nearest_cube_colour() {
        assert_eq!(Colour([255, 0, 0]).xterm(), 196);
        assert_eq!(Colour([255, 255, 255]).xterm(), 231);
    }
}
