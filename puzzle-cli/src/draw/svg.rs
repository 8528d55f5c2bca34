//! Solutions as an SVG gallery, readable at a glance: each solution a group, its cells filled in
//! their piece's colour on a thin grid, thick lines where two pieces meet and around the box;
//! the layers of a 3-D box side by side. An abstract puzzle's solutions are listed as text.

use std::io::{self, Write};

use puzzle::{Catalog, Picture, Slot, Solution};

use super::Palette;

/// The side of a cell.
const CELL: usize = 20;
/// Space between layers, and around each solution.
const GAP: usize = 12;
/// The margin of the card each solution is drawn on, which keeps its layers together.
const PAD: usize = 6;
/// Room for a solution's number above it.
const TITLE: usize = 18;
/// The widest a row of solutions may grow before the next row starts.
const MAX_WIDTH: usize = 1200;

/// Solutions gathered to be written as one SVG file.
pub struct Gallery {
    name: String,
    /// Each solution's picture (empty for an abstract puzzle) and, for an abstract puzzle, its
    /// embeddings as text.
    solutions: Vec<(Picture, Vec<String>)>,
}

impl Gallery {
    /// An empty gallery for a puzzle.
    pub fn new(catalog: &Catalog) -> Gallery {
        Gallery {
            name: catalog.name.to_string(),
            solutions: Vec::new(),
        }
    }

    /// Adds a solution.
    pub fn add(&mut self, solution: &Solution<'_>) {
        let catalog = solution.catalog();
        let lines = if catalog.extents.is_empty() {
            (solution.embeddings().iter())
                .map(|&e| format!("{{{}}}", catalog.describe(e)))
                .collect()
        } else {
            Vec::new()
        };
        self.solutions.push((solution.picture(), lines));
    }

    /// Writes the gallery.
    pub fn write(&self, out: &mut dyn Write, palette: &Palette) -> io::Result<()> {
        let sizes: Vec<(usize, usize)> = self.solutions.iter().map(|(p, l)| size(p, l)).collect();
        // Lay the solutions out in rows, left to right.
        let mut places = Vec::new();
        let step = GAP + 2 * PAD;
        let (mut x, mut y, mut row_height, mut width) = (step, step, 0, 0);
        for &(w, h) in &sizes {
            if x > step && x + w > MAX_WIDTH {
                x = step;
                y += row_height + step;
                row_height = 0;
            }
            places.push((x, y));
            x += w + step;
            width = width.max(x);
            row_height = row_height.max(h);
        }
        let height = y + row_height + step;
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
        )?;
        writeln!(
            out,
            "<title>{}: {} solutions</title>",
            escape(&self.name),
            self.solutions.len()
        )?;
        writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#)?;
        for (n, ((picture, lines), &(x, y))) in self.solutions.iter().zip(&places).enumerate() {
            writeln!(
                out,
                r#"<g class="solution" id="solution-{}" transform="translate({x} {y})">"#,
                n + 1
            )?;
            writeln!(
                out,
                r#"<text x="0" y="13" font-size="13">#{}</text>"#,
                n + 1
            )?;
            if lines.is_empty() {
                solution(out, picture, palette)?;
            } else {
                for (i, line) in lines.iter().enumerate() {
                    writeln!(
                        out,
                        r#"<text x="0" y="{}" font-size="13" font-family="monospace">{}</text>"#,
                        TITLE + 14 * (i + 1),
                        escape(line)
                    )?;
                }
            }
            writeln!(out, "</g>")?;
        }
        writeln!(out, "</svg>")
    }
}

/// The width and height a solution takes.
fn size(picture: &Picture, lines: &[String]) -> (usize, usize) {
    if !lines.is_empty() {
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        return (longest * 8 + GAP, TITLE + 14 * lines.len() + 4);
    }
    let (w, h) = picture.layer_size();
    let layers = picture.slots.len() / (w * h);
    (layers * w * CELL + (layers - 1) * GAP, TITLE + h * CELL)
}

/// One solution's cells and lines.
fn solution(out: &mut dyn Write, picture: &Picture, palette: &Palette) -> io::Result<()> {
    let (w, h) = picture.layer_size();
    let layers = picture.slots.len() / (w * h);
    let origin =
        |layer: usize, r: usize, c: usize| (layer * (w * CELL + GAP) + c * CELL, TITLE + r * CELL);
    let slot = |layer: usize, r: isize, c: isize| -> Slot {
        if r < 0 || c < 0 || r as usize >= h || c as usize >= w {
            return Slot::Outside;
        }
        picture.slots[(layer * h + r as usize) * w + c as usize]
    };
    let mut thick = String::new();
    for layer in 0..layers {
        for r in 0..h {
            for c in 0..w {
                let here = slot(layer, r as isize, c as isize);
                let (x, y) = origin(layer, r, c);
                let fill = match here {
                    Slot::Outside => None,
                    Slot::Empty => Some("white".to_owned()),
                    Slot::Placed { .. } => palette.hex(here),
                };
                if let Some(fill) = fill {
                    writeln!(
                        out,
                        r##"<rect class="cell" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#888" stroke-width="0.5"/>"##
                    )?;
                }
                // An edge is thick where it parts two pieces, or a cell from outside the box;
                // each cell draws its left and top edges, and those on the right and bottom of
                // the drawing too.
                let (r, c) = (r as isize, c as isize);
                let edges = [
                    (slot(layer, r, c - 1), format!("M{x} {y}v{CELL}")),
                    (slot(layer, r - 1, c), format!("M{x} {y}h{CELL}")),
                ];
                for (other, path) in edges {
                    if parts(here, other) {
                        thick.push_str(&path);
                    }
                }
                if c as usize == w - 1 && parts(here, Slot::Outside) {
                    thick.push_str(&format!("M{} {y}v{CELL}", x + CELL));
                }
                if r as usize == h - 1 && parts(here, Slot::Outside) {
                    thick.push_str(&format!("M{x} {}h{CELL}", y + CELL));
                }
            }
        }
    }
    writeln!(
        out,
        r##"<path d="{thick}" stroke="#222" stroke-width="2.5" stroke-linecap="square" fill="none"/>"##
    )
}

/// Whether a thick line goes between two positions.
fn parts(a: Slot, b: Slot) -> bool {
    match (a, b) {
        (Slot::Outside, Slot::Outside) => false,
        (Slot::Placed { placement: p, .. }, Slot::Placed { placement: q, .. }) => p != q,
        (Slot::Empty, Slot::Empty) => false,
        _ => true,
    }
}

/// Text escaped for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
