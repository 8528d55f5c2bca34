//! Reading drawings: rows of characters, layers of them for more dimensions, into which
//! positions are on; every mistake recorded with where it was written.

use crate::description::{chars, Coloured, Drawing, Figure, Grid, Loc, Row};
use crate::error::{ErrorKind, Errors};
use crate::geometry::{Point, Shape};
pub use puzzlec_runtime::lattice::unlinear;
use puzzlec_runtime::lattice::Lattice;

/// Numbers joined, e.g. `5 x 4 x 3` or `0, 1`.
pub fn format_extents(values: &[i32], separator: &str) -> String {
    let parts: Vec<String> = values.iter().map(ToString::to_string).collect();
    parts.join(separator)
}

/// The position of `p` in a block of `extents` in reading order, if it lies in the block.
pub fn linear_in(extents: &[i32], p: &[i32]) -> Option<usize> {
    let mut index = 0usize;
    for (&x, &extent) in p.iter().zip(extents) {
        if !(0..extent).contains(&x) {
            return None;
        }
        index = index * extent as usize + x as usize;
    }
    Some(index)
}

/// A figure read: its size along each axis and, in reading order, which positions are on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The size along each axis.
    pub extents: Vec<i32>,
    /// Whether each position is on (a cell), in reading order.
    pub on: Vec<bool>,
    /// Whether each position is on by the optional mark (a cell that may stay empty), in
    /// reading order.
    pub optional: Vec<bool>,
    /// The colour of each position (a digit drawn; 0 for none), in reading order.
    pub colour: Vec<u32>,
}

/// The characters a drawing is read by: these, and a digit `1` to `9` for a position that is
/// on and of that colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// A position that is on.
    pub on: char,
    /// A position that is off.
    pub off: char,
    /// A position that is on, and marked (a box's cell that may stay empty), if the drawing
    /// has such a mark.
    pub optional: Option<char>,
}

impl Marks {
    /// A piece's: `#` a cell, `.` an empty place.
    pub const PIECE: Marks = Marks {
        on: chars::PIECE_CELL,
        off: chars::PIECE_EMPTY,
        optional: None,
    };

    /// A box's: `.` a cell, `#` a hole, `+` a cell that may stay empty.
    pub const BOX: Marks = Marks {
        on: chars::BOX_CELL,
        off: chars::BOX_HOLE,
        optional: Some(chars::BOX_OPTIONAL),
    };

    /// Whether `ch` is one of the marks: `Some(on)`.
    fn read(self, ch: char) -> Option<bool> {
        if ch == self.on || Some(ch) == self.optional || chars::colour(ch) != 0 {
            Some(true)
        } else if ch == self.off {
            Some(false)
        } else {
            None
        }
    }
}

fn no_rows(what: &str, allowed: &'static str) -> ErrorKind {
    ErrorKind::NoRows {
        what: what.to_string(),
        allowed,
    }
}

/// Reads a figure of any dimension (`on` and `off` characters), recording ragged rows, layers
/// of other sizes and unknown characters in `errors`. `None` if anything was wrong.
pub fn read_figure(
    figure: &Figure,
    what: &str,
    chars: Marks,
    allowed: &'static str,
    errors: &mut Errors,
) -> Option<Block> {
    match figure {
        Figure::Rows(drawing) => {
            if drawing.rows.is_empty() {
                errors.push(drawing.loc, no_rows(what, allowed));
                return None;
            }
            let rows = read_grid(drawing, what, chars, allowed, errors)?;
            let text = || drawing.rows.iter().flat_map(|r| r.text.chars());
            Some(Block {
                extents: vec![rows.len() as i32, rows[0].len() as i32],
                on: rows.into_iter().flatten().collect(),
                optional: text().map(|ch| Some(ch) == chars.optional).collect(),
                colour: text().map(chars::colour).collect(),
            })
        }
        Figure::Layers { layers, loc } => {
            if layers.is_empty() {
                errors.push(*loc, no_rows(what, allowed));
                return None;
            }
            let read: Vec<Option<Block>> = layers
                .iter()
                .map(|l| read_figure(l, what, chars, allowed, errors))
                .collect();
            let grids: Vec<Block> = read.into_iter().collect::<Option<_>>()?;
            let expected = grids[0].extents.clone();
            let mut ok = true;
            for (i, (g, layer)) in grids.iter().zip(layers).enumerate().skip(1) {
                if g.extents != expected {
                    ok = false;
                    let kind = ErrorKind::LayerSize {
                        layer: i + 1,
                        found: format_extents(&g.extents, "x"),
                        expected: format_extents(&expected, "x"),
                    };
                    errors.push(layer.loc(), kind);
                }
            }
            ok.then(|| Block {
                extents: std::iter::once(layers.len() as i32)
                    .chain(expected.iter().copied())
                    .collect(),
                optional: grids.iter().flat_map(|g| g.optional.clone()).collect(),
                colour: grids.iter().flat_map(|g| g.colour.clone()).collect(),
                on: grids.into_iter().flat_map(|g| g.on).collect(),
            })
        }
    }
}

/// Reads a figure drawn on `lattice`: [`read_figure`] on the square and cubic lattice;
/// rows alone on the plane lattices, read by [`read_plane`].
pub fn read_drawn(
    figure: &Figure,
    lattice: Lattice,
    what: &str,
    chars: Marks,
    allowed: &'static str,
    errors: &mut Errors,
) -> Option<Block> {
    match (lattice, figure) {
        (Lattice::Cubic { .. }, _) => read_figure(figure, what, chars, allowed, errors),
        (_, Figure::Rows(drawing)) => read_plane(drawing, lattice, what, chars, allowed, errors),
        (
            Lattice::TriangularPrisms
            | Lattice::Spheres { dims: 3 }
            | Lattice::RhombicTetrahedra
            | Lattice::TetrahedraOctahedra,
            Figure::Layers { layers, loc },
        ) => read_layers(layers, lattice, *loc, what, chars, allowed, errors),
        (_, Figure::Layers { loc, .. }) => {
            let kind = ErrorKind::PlaneGrid {
                what: what.to_owned(),
                how: "is drawn in layers",
                grid: Grid::of(lattice).word(),
                remedy: "draw it as rows",
            };
            errors.push(*loc, kind);
            None
        }
    }
}

/// Reads layers of rows of triangular prisms or spheres, each layer as [`read_plane`] reads
/// triangles or a square layer of spheres, into a block as deep as the layers, as tall as the
/// most rows and as wide as the longest.
fn read_layers(
    layers: &[Figure],
    lattice: Lattice,
    loc: crate::description::Loc,
    what: &str,
    chars: Marks,
    allowed: &'static str,
    errors: &mut Errors,
) -> Option<Block> {
    let mut read = Vec::new();
    for layer in layers {
        let Figure::Rows(drawing) = layer else {
            let kind = ErrorKind::PlaneGrid {
                what: what.to_owned(),
                how: "is drawn in layers of layers",
                grid: Grid::of(lattice).word(),
                remedy: "draw it as layers of rows",
            };
            errors.push(layer.loc(), kind);
            return None;
        };
        read.push(read_plane(
            drawing,
            lattice.layer().unwrap_or(lattice),
            what,
            chars,
            allowed,
            errors,
        ));
    }
    let read: Vec<Block> = read.into_iter().collect::<Option<_>>()?;
    if read.is_empty() {
        errors.push(loc, no_rows(what, allowed));
        return None;
    }
    let rows = read.iter().map(|b| b.extents[0]).max().unwrap_or(0);
    let width = read.iter().map(|b| b.extents[1]).max().unwrap_or(0);
    let positions = read.len() * (rows * width) as usize;
    let mut block = Block {
        extents: vec![read.len() as i32, rows, width],
        on: vec![false; positions],
        optional: vec![false; positions],
        colour: vec![0; positions],
    };
    let grid = Grid::of(lattice);
    let before = errors.0.len();
    for (l, layer) in read.iter().enumerate() {
        for (i, (&on, &optional)) in layer.on.iter().zip(&layer.optional).enumerate() {
            let (r, c) = (i as i32 / layer.extents[1], i as i32 % layer.extents[1]);
            let at = ((l as i32 * rows + r) * width + c) as usize;
            block.on[at] = on;
            block.optional[at] = optional;
            block.colour[at] = layer.colour[i];
            // A layer's positions are all the layer lattice's, not all the lattice's: one mark
            // off it is said, the first.
            let point = [l as i32, r, c];
            if on && !lattice.is_cell(&point) && errors.0.len() == before {
                let Figure::Rows(drawing) = &layers[l] else {
                    continue;
                };
                let loc = drawing
                    .rows
                    .get(r as usize)
                    .map_or(drawing.loc, |row| row.loc);
                let kind = ErrorKind::OffGrid {
                    what: format!("{what} has a mark at"),
                    cell: format_extents(&point, ", "),
                    grid: grid.word(),
                    rule: grid.rule().unwrap_or_default(),
                };
                errors.push(loc, kind);
            }
        }
    }
    if errors.0.len() != before {
        return None;
    }
    Some(block)
}

/// Reads a drawing of the triangular or hexagonal lattice, where a character's row and column
/// in the text are its point: `on` and `off` as on the square grid, and a space for nothing
/// (rows may be of any length, and the block is as wide as the longest). On the hexagonal
/// lattice a character other than a space where row + column is odd is off the lattice (the
/// first in a row said, since a row drawn one character off has them all off).
pub fn read_plane(
    drawing: &Drawing,
    lattice: Lattice,
    what: &str,
    marks: Marks,
    allowed: &'static str,
    errors: &mut Errors,
) -> Option<Block> {
    if drawing.rows.is_empty() {
        errors.push(drawing.loc, no_rows(what, allowed));
        return None;
    }
    let before = errors.0.len();
    let width = (drawing.rows.iter())
        .map(|r| r.text.chars().count())
        .max()
        .unwrap_or(0);
    let mut grid = Block {
        extents: vec![drawing.rows.len() as i32, width as i32],
        on: vec![false; drawing.rows.len() * width],
        optional: vec![false; drawing.rows.len() * width],
        colour: vec![0; drawing.rows.len() * width],
    };
    for (r, row) in drawing.rows.iter().enumerate() {
        // A row off the lattice is one mistake, said at its first character.
        let mut row_off = false;
        for (c, ch) in row.text.chars().enumerate() {
            let (row_1, column) = (r + 1, c + 1);
            if ch == ' ' {
                continue;
            } else if marks.read(ch).is_none() {
                if repeats(&drawing.rows, r) {
                    continue;
                }
                let what = what.to_owned();
                errors.push(
                    row.loc,
                    ErrorKind::UnknownCharacter {
                        ch,
                        what,
                        row: row_1,
                        column,
                        allowed,
                    },
                );
            } else if !lattice.is_cell(&[r as i32, c as i32]) {
                if std::mem::replace(&mut row_off, true) {
                    continue;
                }
                let what = what.to_owned();
                errors.push(
                    row.loc,
                    ErrorKind::OffGridDrawn {
                        ch,
                        what,
                        row: row_1,
                        column,
                    },
                );
            } else {
                grid.on[r * width + c] = marks.read(ch) == Some(true);
                grid.optional[r * width + c] = Some(ch) == marks.optional;
                grid.colour[r * width + c] = chars::colour(ch);
            }
        }
    }
    (errors.0.len() == before).then_some(grid)
}

/// Reads a drawing into rows of booleans (`on` is true, `off` false), recording ragged rows and
/// unknown characters in `errors`. `None` if anything was wrong.
pub fn read_grid(
    drawing: &Drawing,
    what: &str,
    marks: Marks,
    allowed: &'static str,
    errors: &mut Errors,
) -> Option<Vec<Vec<bool>>> {
    let before = errors.0.len();
    let expected = drawing.rows.first().map_or(0, |r| r.text.chars().count());
    let mut grid = Vec::with_capacity(drawing.rows.len());
    for (r, row) in drawing.rows.iter().enumerate() {
        let len = row.text.chars().count();
        if len != expected && !repeats(&drawing.rows, r) {
            errors.push(
                row.loc,
                ErrorKind::RaggedRows {
                    row: r + 1,
                    len,
                    expected,
                },
            );
        }
        let mut line = Vec::with_capacity(len);
        for (c, ch) in row.text.chars().enumerate() {
            if let Some(on) = marks.read(ch) {
                line.push(on);
            } else if !repeats(&drawing.rows, r) {
                errors.push(
                    row.loc,
                    ErrorKind::UnknownCharacter {
                        ch,
                        what: what.to_owned(),
                        row: r + 1,
                        column: c + 1,
                        allowed,
                    },
                );
            }
        }
        grid.push(line);
    }
    (errors.0.len() == before).then_some(grid)
}

/// The shape drawn by `rows` (`#` a cell, `.` empty) on the square grid, or `None` if the
/// drawing is malformed.
pub fn shape_of_rows<S: AsRef<str>>(rows: &[S]) -> Option<Shape> {
    shape_of_rows_on(Grid::Square, rows)
}

/// The shape drawn by `rows` on `grid`, or `None` if the drawing is malformed.
pub fn shape_of_rows_on<S: AsRef<str>>(grid: Grid, rows: &[S]) -> Option<Shape> {
    let mut errors = Errors::default();
    let figure = Figure::Rows(Drawing::from_rows(rows));
    shape_of_figure(&figure, grid, "a piece", &mut errors)
}

/// The shape of a piece drawing on `grid`, recording what is wrong in `errors`.
pub fn shape_of_figure(
    figure: &Figure,
    grid: Grid,
    what: &str,
    errors: &mut Errors,
) -> Option<Shape> {
    coloured_shape_of_figure(figure, grid, what, errors).map(|drawn| drawn.shape)
}

/// A piece as drawn: its shape, the positions drawn in reading order, and the coloured ones
/// among them with their colours.
#[derive(Clone, Debug)]
pub struct DrawnPiece {
    /// The shape.
    pub shape: Shape,
    /// The positions of its cells in the drawing, in reading order.
    pub positions: Vec<Point>,
    /// The positions drawn with a digit, and their colours.
    pub coloured: Coloured,
}

/// [`shape_of_figure`], with where each cell was drawn and its colour.
pub fn coloured_shape_of_figure(
    figure: &Figure,
    grid: Grid,
    what: &str,
    errors: &mut Errors,
) -> Option<DrawnPiece> {
    let lattice = grid.lattice(figure.dims());
    let allowed = match grid {
        Grid::Square => {
            "`#` for a cell of the piece, a digit `1` to `9` for a cell of that colour and `.` for an empty place"
        }
        _ => "`#` for a cell of the piece, a digit `1` to `9` for a cell of that colour, and `.` or a space for an empty place",
    };
    let block = read_drawn(figure, lattice, what, Marks::PIECE, allowed, errors)?;
    let on = || (0..block.on.len()).filter(|&i| block.on[i]);
    let positions: Vec<Point> = on().map(|i| unlinear(&block.extents, i as i32)).collect();
    let coloured = on()
        .filter(|&i| block.colour[i] != 0)
        .map(|i| (unlinear(&block.extents, i as i32), block.colour[i]))
        .collect();
    Some(DrawnPiece {
        shape: Shape::new(lattice, positions.iter().cloned()),
        positions,
        coloured,
    })
}

/// Whether row `r` is a copy of the row before it, written once (`["..x"; 6]`): its mistakes are
/// said of the row as written, once, not once a copy. Rows of a description built in code, all
/// at the default location, are each their own.
fn repeats(rows: &[Row], r: usize) -> bool {
    r > 0
        && rows[r].loc != Loc::default()
        && rows[r - 1].loc == rows[r].loc
        && rows[r - 1].text == rows[r].text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A box's cells and holes, without cells that may stay empty.
    const BOX: Marks = Marks {
        on: '.',
        off: '#',
        optional: None,
    };

    #[test]
    fn malformed_drawings_are_reported_together() {
        let mut errors = Errors::default();
        let d = Figure::Rows(Drawing::from_rows(&["..x", "...."]));
        assert!(read_figure(&d, "the box", BOX, "`.`", &mut errors).is_none());
        assert_eq!(errors.0.len(), 2, "{errors}");
    }

    #[test]
    fn a_mistake_in_a_row_written_once_and_repeated_is_said_once() {
        let said = |text: &str| {
            let parsed = crate::parse::parse_str(text).expect("the text parses");
            let description = &parsed[0].description;
            let Err(errors) = crate::Puzzle::new(description) else {
                panic!("{text} compiles");
            };
            errors
                .0
                .iter()
                .map(|e| e.kind.to_string())
                .collect::<Vec<_>>()
        };
        let repeated = said("mod p { box: [\".........x\"; 6], pieces: pentominoes }");
        assert_eq!(repeated.len(), 1, "{repeated:?}");
        assert!(repeated[0].starts_with("unknown character 'x' in the box"));
        // Rows written out alike are each their own mistake.
        let written = said("mod p { box: [\"..x\", \"..x\"], pieces: { D: [\"##\"] } }");
        assert_eq!(written.len(), 2, "{written:?}");
    }

    #[test]
    fn layers_of_different_sizes_are_reported() {
        let mut errors = Errors::default();
        let ragged = Figure::from_layers(&[&["..", ".."], &["...", "..."]]);
        assert!(read_figure(&ragged, "the box", BOX, "`.`", &mut errors).is_none());
        assert!(
            matches!(errors.0[0].kind, ErrorKind::LayerSize { layer: 2, .. }),
            "{errors}"
        );
        let cube = Figure::from_layers(&[&["..", ".#"], &["..", ".."]]);
        let grid = read_figure(
            &cube,
            "the box",
            Marks {
                on: '.',
                off: '#',
                optional: None,
            },
            "`.`",
            &mut errors,
        )
        .unwrap();
        assert_eq!(grid.extents, [2, 2, 2]);
        assert_eq!(grid.on.iter().filter(|&&on| on).count(), 7);
        assert_eq!(unlinear(&grid.extents, 5), [1, 0, 1]);
        assert_eq!(linear_in(&grid.extents, &[1, 0, 1]), Some(5));
    }
}
