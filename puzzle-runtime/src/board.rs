//! The box: its cells (numbered in reading order), its symmetries, and where a shape fits in it.

use crate::description::{chars, BoardSpec, Drawing, Figure, Loc};
use crate::error::{ErrorKind, Errors};
use crate::geometry::{Motion, Point, Shape};

/// The box of a puzzle: the cells to cover inside a block of the lattice.
///
/// Cells are numbered in reading order (the last axis fastest), skipping holes; that number is the
/// cell's aspect number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    extents: Vec<i32>,
    cells: Vec<Point>,
    /// For each position of the block in reading order, the cell there, if it is not a hole.
    grid: Vec<Option<u32>>,
}

impl Board {
    /// A box of the given extents without holes.
    pub fn block(extents: &[i32]) -> Board {
        Board::with_cells(extents, |_| true)
    }

    /// A box of the given extents whose cells are the positions where `is_cell` holds.
    pub fn with_cells(extents: &[i32], mut is_cell: impl FnMut(&[i32]) -> bool) -> Board {
        let volume: i32 = extents.iter().product();
        let mut cells = Vec::new();
        let mut grid = Vec::with_capacity(volume as usize);
        for linear in 0..volume {
            let p = unlinear(extents, linear);
            if is_cell(&p) {
                grid.push(Some(cells.len() as u32));
                cells.push(p);
            } else {
                grid.push(None);
            }
        }
        Board {
            extents: extents.to_vec(),
            cells,
            grid,
        }
    }

    /// Reads a box (drawn with `.` for a cell and `#` for a hole, or a block) less its `holes`,
    /// recording what is wrong in `errors`.
    pub fn from_spec(
        spec: &BoardSpec,
        holes: &[(Vec<i32>, Loc)],
        errors: &mut Errors,
    ) -> Option<Board> {
        let grid = match spec {
            BoardSpec::Drawn(figure) => read_figure(
                figure,
                "the box",
                (chars::BOX_CELL, chars::BOX_HOLE),
                "`.` for a cell of the box and `#` for a hole",
                errors,
            )?,
            BoardSpec::Block { extents, loc } => {
                let sizes: Vec<i32> = extents.iter().map(|e| e.0).collect();
                // Point at a size that is wrong, if one is; else at the whole.
                let loc = extents.iter().find(|e| e.0 < 1).map_or(loc, |e| &e.1);
                let volume = sizes
                    .iter()
                    .try_fold(1usize, |v, &e| v.checked_mul(usize::try_from(e).ok()?));
                match volume {
                    Some(v) if v <= MAX_VOLUME && sizes.iter().all(|&e| e >= 1) => Grid {
                        extents: sizes,
                        on: vec![true; v],
                    },
                    _ => {
                        let extents = format_extents(&sizes, " x ");
                        let limit = MAX_VOLUME;
                        errors.push(*loc, ErrorKind::BlockSize { extents, limit });
                        return None;
                    }
                }
            }
        };
        let mut on = grid.on;
        let mut ok = true;
        for (hole, loc) in holes {
            let index = (hole.len() == grid.extents.len())
                .then(|| linear_in(&grid.extents, hole))
                .flatten();
            let problem = match index {
                None => Some(format!(
                    "is not a position of the box, which has {} positions along its {} axes",
                    format_extents(&grid.extents, " x "),
                    grid.extents.len()
                )),
                Some(i) if !on[i] => Some("is not a cell of the box (given twice?)".to_owned()),
                Some(i) => {
                    on[i] = false;
                    None
                }
            };
            if let Some(problem) = problem {
                ok = false;
                let hole = format!("({})", format_extents(hole, ", "));
                errors.push(*loc, ErrorKind::BadHole { hole, problem });
            }
        }
        if !ok {
            return None;
        }
        let board = Board::with_cells(&grid.extents, |p| {
            linear_in(&grid.extents, p).is_some_and(|i| on[i])
        });
        if board.cells.is_empty() {
            errors.push(spec.loc(), ErrorKind::EmptyBox);
            return None;
        }
        Some(board)
    }

    /// The number of axes.
    pub fn dims(&self) -> usize {
        self.extents.len()
    }

    /// The size of the block along each axis.
    pub fn extents(&self) -> &[i32] {
        &self.extents
    }

    /// The cells, by number.
    pub fn cells(&self) -> &[Point] {
        &self.cells
    }

    /// The cell at a point, if the point is a cell of the box.
    pub fn cell_at(&self, p: &[i32]) -> Option<u32> {
        self.linear(p).and_then(|i| self.grid[i])
    }

    /// The position of a point of the block in reading order, if it lies in the block.
    pub fn linear(&self, p: &[i32]) -> Option<usize> {
        let mut index = 0usize;
        for (&x, &extent) in p.iter().zip(&self.extents) {
            if !(0..extent).contains(&x) {
                return None;
            }
            index = index * extent as usize + x as usize;
        }
        Some(index)
    }

    /// A person's name for a cell: `row 2, column 3` in two dimensions, `layer 1, row 2,
    /// column 3` in three (counting from 1, as drawings are read), coordinates otherwise.
    pub fn describe(&self, cell: u32) -> String {
        let p = &self.cells[cell as usize];
        match p.as_slice() {
            [r, c] => format!("row {}, column {}", r + 1, c + 1),
            [l, r, c] => format!("layer {}, row {}, column {}", l + 1, r + 1, c + 1),
            _ => format!("position ({})", format_extents(p, ", ")),
        }
    }

    /// The symmetry group of the box: every motion that maps its cells (holes included) onto
    /// themselves, as permutations of the cell numbers. The identity comes first.
    pub fn symmetries(&self) -> Vec<Vec<u32>> {
        Motion::all(self.dims())
            .iter()
            .filter_map(|m| {
                self.cells
                    .iter()
                    .map(|p| {
                        let image = m.apply_within(p, &self.extents)?;
                        self.cell_at(&image)
                    })
                    .collect::<Option<Vec<u32>>>()
            })
            .collect()
    }

    /// Every placement of a shape in the box: the sorted cell numbers it covers, in every
    /// orientation (reflections too when `reflect`), each placement once, sorted.
    pub fn placements(&self, shape: &Shape, reflect: bool) -> Vec<Vec<u32>> {
        if shape.dims() > self.dims() || shape.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for orientation in shape.embedded_in(self.dims()).orientations(reflect) {
            let size = orientation.extents();
            let room: Vec<i32> = self
                .extents
                .iter()
                .zip(&size)
                .map(|(e, s)| e - s + 1)
                .collect();
            if room.iter().any(|&r| r <= 0) {
                continue;
            }
            let count: i32 = room.iter().product();
            'offsets: for k in 0..count {
                let offset = unlinear(&room, k);
                let mut cells = Vec::with_capacity(orientation.len());
                for c in orientation.cells() {
                    let p: Point = c.iter().zip(&offset).map(|(a, b)| a + b).collect();
                    match self.cell_at(&p) {
                        Some(cell) => cells.push(cell),
                        None => continue 'offsets,
                    }
                }
                cells.sort_unstable();
                out.push(cells);
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

/// The largest box, in positions of its block: far more than any puzzle this method solves.
pub const MAX_VOLUME: usize = 1 << 16;

/// Numbers joined, e.g. `5 x 4 x 3` or `0, 1`.
fn format_extents(values: &[i32], separator: &str) -> String {
    let parts: Vec<String> = values.iter().map(ToString::to_string).collect();
    parts.join(separator)
}

/// The position of `p` in a block of `extents` in reading order, if it lies in the block.
fn linear_in(extents: &[i32], p: &[i32]) -> Option<usize> {
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
pub struct Grid {
    /// The size along each axis.
    pub extents: Vec<i32>,
    /// Whether each position is on (a cell), in reading order.
    pub on: Vec<bool>,
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
    chars: (char, char),
    allowed: &'static str,
    errors: &mut Errors,
) -> Option<Grid> {
    match figure {
        Figure::Rows(drawing) => {
            if drawing.rows.is_empty() {
                errors.push(drawing.loc, no_rows(what, allowed));
                return None;
            }
            let rows = read_grid(drawing, what, chars, allowed, errors)?;
            Some(Grid {
                extents: vec![rows.len() as i32, rows[0].len() as i32],
                on: rows.into_iter().flatten().collect(),
            })
        }
        Figure::Layers { layers, loc } => {
            if layers.is_empty() {
                errors.push(*loc, no_rows(what, allowed));
                return None;
            }
            let read: Vec<Option<Grid>> = layers
                .iter()
                .map(|l| read_figure(l, what, chars, allowed, errors))
                .collect();
            let grids: Vec<Grid> = read.into_iter().collect::<Option<_>>()?;
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
            ok.then(|| Grid {
                extents: std::iter::once(layers.len() as i32)
                    .chain(expected.iter().copied())
                    .collect(),
                on: grids.into_iter().flat_map(|g| g.on).collect(),
            })
        }
    }
}

/// The point at position `linear` of a block in reading order.
fn unlinear(extents: &[i32], mut linear: i32) -> Point {
    let mut p = vec![0; extents.len()];
    for (x, &extent) in p.iter_mut().zip(extents).rev() {
        *x = linear % extent;
        linear /= extent;
    }
    p
}

/// Reads a drawing into rows of booleans (`on` is true, `off` false), recording ragged rows and
/// unknown characters in `errors`. `None` if anything was wrong.
pub fn read_grid(
    drawing: &Drawing,
    what: &str,
    (on, off): (char, char),
    allowed: &'static str,
    errors: &mut Errors,
) -> Option<Vec<Vec<bool>>> {
    let before = errors.0.len();
    let expected = drawing.rows.first().map_or(0, |r| r.text.chars().count());
    let mut grid = Vec::with_capacity(drawing.rows.len());
    for (r, row) in drawing.rows.iter().enumerate() {
        let len = row.text.chars().count();
        if len != expected {
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
            if ch == on || ch == off {
                line.push(ch == on);
            } else {
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

/// The shape drawn by `rows` (`#` a cell, `.` empty), or `None` if the drawing is malformed.
pub fn shape_of_rows<S: AsRef<str>>(rows: &[S]) -> Option<Shape> {
    let mut errors = Errors::default();
    let figure = Figure::Rows(Drawing::from_rows(rows));
    shape_of_figure(&figure, "a piece", &mut errors)
}

/// The shape of a piece drawing, recording what is wrong in `errors`.
pub fn shape_of_figure(figure: &Figure, what: &str, errors: &mut Errors) -> Option<Shape> {
    let grid = read_figure(
        figure,
        what,
        (chars::PIECE_CELL, chars::PIECE_EMPTY),
        "`#` for a cell of the piece and `.` for an empty place",
        errors,
    )?;
    let cells = grid
        .on
        .iter()
        .enumerate()
        .filter(|&(_, &on)| on)
        .map(|(i, _)| unlinear(&grid.extents, i as i32));
    Some(Shape::new(grid.extents.len(), cells))
}

/// The cells of the box that a drawn placement covers (sorted), or `None` when the drawing is
/// malformed or covers a position that is not a cell; a drawing of the wrong size is an error.
pub fn cells_of_placement(
    board: &Board,
    figure: &Figure,
    what: &str,
    errors: &mut Errors,
) -> Option<Vec<u32>> {
    let grid = read_figure(
        figure,
        what,
        (chars::PIECE_CELL, chars::PIECE_EMPTY),
        "`#` where the piece lies and `.` elsewhere",
        errors,
    )?;
    if grid.extents != board.extents() {
        let kind = ErrorKind::PlacementSize {
            found: format_extents(&grid.extents, "x"),
            expected: format_extents(board.extents(), "x"),
        };
        errors.push(figure.loc(), kind);
        return None;
    }
    let mut cells = Vec::new();
    for (i, &on) in grid.on.iter().enumerate() {
        if on {
            cells.push(board.cell_at(&unlinear(&grid.extents, i as i32))?);
        }
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut errors = Errors::default();
        let spec = BoardSpec::Drawn(Figure::Rows(Drawing::from_rows(rows)));
        let b = Board::from_spec(&spec, &[], &mut errors);
        assert!(errors.is_empty(), "{errors}");
        b.unwrap()
    }

    #[test]
    fn cells_are_numbered_in_reading_order() {
        let b = board(&["..#", "..."]);
        assert_eq!(b.cells().len(), 5);
        assert_eq!(b.cell_at(&[0, 2]), None);
        assert_eq!(b.cell_at(&[1, 0]), Some(2));
        assert_eq!(b.describe(4), "row 2, column 3");
    }

    #[test]
    fn symmetry_groups() {
        assert_eq!(board(&["...", "..."]).symmetries().len(), 4);
        assert_eq!(board(&["...", "...", "..."]).symmetries().len(), 8);
        assert_eq!(board(&["..#", "...", "..."]).symmetries().len(), 2);
        assert_eq!(Board::block(&[5, 4, 3]).symmetries().len(), 8);
        assert_eq!(Board::block(&[2, 2, 2]).symmetries().len(), 48);
    }

    #[test]
    fn placements_of_the_report_puzzle() {
        let b = board(&["...", "..."]);
        let domino = shape_of_rows(&["##"]).unwrap();
        let want: Vec<Vec<u32>> = vec![
            vec![0, 1],
            vec![0, 3],
            vec![1, 2],
            vec![1, 4],
            vec![2, 5],
            vec![3, 4],
            vec![4, 5],
        ];
        assert_eq!(b.placements(&domino, true), want);
        let l = shape_of_rows(&["##", "#."]).unwrap();
        assert_eq!(b.placements(&l, true).len(), 8);
    }

    #[test]
    fn malformed_drawings_are_reported_together() {
        let mut errors = Errors::default();
        let d = BoardSpec::Drawn(Figure::Rows(Drawing::from_rows(&["..x", "...."])));
        assert!(Board::from_spec(&d, &[], &mut errors).is_none());
        assert_eq!(errors.0.len(), 2, "{errors}");
    }

    #[test]
    fn layers_blocks_and_holes() {
        let mut errors = Errors::default();
        let layers = BoardSpec::Drawn(Figure::from_layers(&[&["..", ".#"], &["..", ".."]]));
        let b = Board::from_spec(&layers, &[(vec![1, 0, 0], Loc::default())], &mut errors);
        let b = b.unwrap();
        assert_eq!((b.extents(), b.cells().len()), (&[2, 2, 2][..], 6));
        assert_eq!(b.describe(0), "layer 1, row 1, column 1");
        let ragged = BoardSpec::Drawn(Figure::from_layers(&[&["..", ".."], &["...", "..."]]));
        assert!(Board::from_spec(&ragged, &[], &mut errors).is_none());
        assert!(
            matches!(errors.0[0].kind, ErrorKind::LayerSize { layer: 2, .. }),
            "{errors}"
        );
        let block = BoardSpec::Block {
            extents: vec![(5, Loc(0)), (3, Loc(0)), (2, Loc(0)), (2, Loc(0))],
            loc: Loc(0),
        };
        let b = Board::from_spec(&block, &[], &mut errors).unwrap();
        assert_eq!(b.cells().len(), 60);
        assert_eq!(b.describe(59), "position (4, 2, 1, 1)");
        let mut errors = Errors::default();
        let outside = [(vec![5, 0, 0, 0], Loc(0)), (vec![0, 0], Loc(0))];
        assert!(Board::from_spec(&block, &outside, &mut errors).is_none());
        assert_eq!(errors.0.len(), 2);
    }
}
