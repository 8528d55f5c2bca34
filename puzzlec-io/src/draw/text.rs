//! Solutions in the terminal: a box of letters, each cell its piece's; with colour, each piece
//! on its own background, two columns a cell so that it reads square. A 3-D box shows its
//! layers side by side, as does every further axis, each headed by its coordinates on the
//! axes not drawn (`(0, _, _)`).

use std::io::{self, Write};

use anstyle::{Ansi256Color, AnsiColor, Color, Style};
use puzzlec::{Picture, Slot, Solution};

use super::{Colour, Palette};

/// Spaces between two layers.
const GAP: &str = "   ";

/// Draws a solution; `styled` colours it (else letters alone, one column a cell).
pub fn write(
    out: &mut dyn Write,
    solution: &Solution<'_>,
    palette: &Palette,
    styled: bool,
) -> io::Result<()> {
    let catalog = solution.catalog();
    if catalog.extents.is_empty() {
        for &e in solution.embeddings() {
            writeln!(out, "{{{}}}", catalog.describe(e))?;
        }
        return Ok(());
    }
    let picture = solution.picture();
    let colours = palette.placements(&picture);
    let (width, height) = picture.layer_size();
    let layers = picture.slots.len() / (width * height);
    let cell = if styled { 2 } else { 1 };
    let labels: Vec<String> = (0..layers)
        .map(|l| picture.layer_label(l).unwrap_or_default())
        .collect();
    // A layer is as wide as its cells or its label, whichever is wider.
    let column = labels
        .iter()
        .map(|label| label.chars().count())
        .max()
        .unwrap_or(0)
        .max(width * cell);
    if layers > 1 {
        let labels: Vec<String> = labels
            .iter()
            .map(|label| format!("{label:<column$}"))
            .collect();
        writeln!(out, "{}", labels.join(GAP).trim_end())?;
    }
    for r in 0..height {
        let mut line = String::new();
        for l in 0..layers {
            if l > 0 {
                line.push_str(GAP);
                line.push_str(&" ".repeat(column - width * cell));
            }
            let start = (l * height + r) * width;
            for at in start..start + width {
                cell_text(&mut line, &picture, at, &colours, styled);
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// One cell: its letter, on its piece's colour when styled.
fn cell_text(line: &mut String, picture: &Picture, at: usize, colours: &[Colour], styled: bool) {
    let letter = picture.letter(at);
    let slot = picture.slots[at];
    if !styled {
        line.push(letter);
        return;
    }
    match slot {
        Slot::Placed { placement, .. } => {
            let colour = colours[placement].xterm();
            let style = Style::new()
                .bg_color(Some(Color::Ansi256(Ansi256Color(colour))))
                .fg_color(Some(Color::Ansi(AnsiColor::Black)))
                .bold();
            line.push_str(&format!("{style}{letter} {style:#}"));
        }
        _ => {
            line.push(letter);
            line.push(' ');
        }
    }
}
