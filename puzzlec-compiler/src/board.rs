//! The box: its cells (numbered in reading order), its symmetries, and where a shape fits in it.

use crate::figure::{format_extents, unlinear};
use crate::geometry::{Point, Shape};
use puzzlec_runtime::lattice::Lattice;

/// The box of a puzzle: the cells to cover inside a block of its lattice.
///
/// Cells are numbered in reading order (the last axis fastest), skipping holes; that number is the
/// cell's aspect number. How cells touch and move is the lattice's to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    lattice: Lattice,
    extents: Vec<i32>,
    cells: Vec<Point>,
    /// For each position of the block in reading order, the cell there, if it is not a hole.
    grid: Vec<Option<u32>>,
    /// For each cell, whether it may stay empty (BurrTools' variable voxels).
    optional: Vec<bool>,
    /// For each cell, its colour (0 for none).
    colours: Vec<u32>,
}

impl Board {
    /// A box of squares or cubes of the given extents without holes.
    pub fn block(extents: &[i32]) -> Board {
        Board::with_cells(Lattice::cubic(extents.len()), extents, |_| true)
    }

    /// A box of the given extents on `lattice` whose cells are the lattice's points where
    /// `is_cell` holds.
    pub fn with_cells(
        lattice: Lattice,
        extents: &[i32],
        mut is_cell: impl FnMut(&[i32]) -> bool,
    ) -> Board {
        let volume: i32 = extents.iter().product();
        let mut cells = Vec::new();
        let mut grid = Vec::with_capacity(volume as usize);
        for linear in 0..volume {
            let p = unlinear(extents, linear);
            if lattice.is_cell(&p) && is_cell(&p) {
                grid.push(Some(cells.len() as u32));
                cells.push(p);
            } else {
                grid.push(None);
            }
        }
        let optional = vec![false; cells.len()];
        let colours = vec![0; cells.len()];
        Board {
            lattice,
            extents: extents.to_vec(),
            cells,
            grid,
            optional,
            colours,
        }
    }

    /// The same box, its cells of the given colours (by cell number, 0 for none).
    pub fn with_colours(mut self, colours: Vec<u32>) -> Board {
        debug_assert_eq!(colours.len(), self.cells.len());
        self.colours = colours;
        self
    }

    /// A cell's colour (0 for none).
    pub fn colour(&self, cell: u32) -> u32 {
        self.colours[cell as usize]
    }

    /// The same box, the cells where `may_stay_empty` holds being cells that a solution may
    /// leave empty.
    pub fn with_optional(mut self, mut may_stay_empty: impl FnMut(&[i32]) -> bool) -> Board {
        self.optional = self.cells.iter().map(|p| may_stay_empty(p)).collect();
        self
    }

    /// Whether a cell may stay empty.
    pub fn is_optional(&self, cell: u32) -> bool {
        self.optional[cell as usize]
    }

    /// The number of cells that may stay empty.
    pub fn optional_count(&self) -> usize {
        self.optional.iter().filter(|&&o| o).count()
    }

    /// The lattice the box is built on.
    pub fn lattice(&self) -> Lattice {
        self.lattice
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

    /// The cells that touch each cell, by number.
    pub fn neighbours(&self) -> Vec<Vec<u32>> {
        let next_to = |p: &Point| -> Vec<u32> {
            (self.lattice.neighbours(p))
                .filter_map(|n| self.cell_at(&n))
                .collect()
        };
        self.cells.iter().map(next_to).collect()
    }

    /// Whether the box is solid enough for dead ends to pay (`dead_ends: auto`): three or more
    /// axes, each at least `thick` cells long ([`Tuning::thick`](crate::tuning::Tuning)), where
    /// each position along an axis is a cell; and any box of the fine grids
    /// ([`Lattice::cube_side`]), whose cells touch four others each and are walled in on all
    /// sides but one after a few placements in a box of any size (measured in the benchmark
    /// notes), and whose positions are no measure of length.
    pub fn is_thick(&self, thick: u32) -> bool {
        if self.lattice.cube_side().is_some() {
            return true;
        }
        self.extents.len() >= 3 && self.extents.iter().all(|&e| e as i64 >= i64::from(thick))
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

    /// A person's name for a cell: its coordinates, from 0, as holes are written: `(1, 2)`
    /// for row 1, column 2; `(0, 1, 2)` in three dimensions.
    pub fn describe(&self, cell: u32) -> String {
        format!("({})", format_extents(&self.cells[cell as usize], ", "))
    }

    /// The symmetry group of the box: every motion of its lattice that maps its cells (holes
    /// included) onto themselves, and the cells that may stay empty onto such cells, as
    /// permutations of the cell numbers. The identity comes first.
    pub fn symmetries(&self) -> Vec<Vec<u32>> {
        self.symmetries_by(false)
    }

    /// The box's rotations (the motions of [`symmetries`](Self::symmetries) that are not
    /// reflections), the identity first.
    pub fn rotations(&self) -> Vec<Vec<u32>> {
        self.symmetries_by(true)
    }

    fn symmetries_by(&self, rotations: bool) -> Vec<Vec<u32>> {
        let mut images = Vec::new();
        let dims = self.extents.len().max(1);
        (self.lattice.motions())
            .iter()
            .filter(|m| !rotations || m.is_proper())
            .filter_map(|m| {
                (self.lattice).flat_images_in_block(m, &self.cells, &self.extents, &mut images)?;
                (images.chunks_exact(dims))
                    .map(|image| self.cell_at(image))
                    .collect::<Option<Vec<u32>>>()
            })
            .filter(|map| {
                (map.iter().enumerate()).all(|(c, &to)| {
                    let to = to as usize;
                    self.optional[c] == self.optional[to] && self.colours[c] == self.colours[to]
                })
            })
            .collect()
    }

    /// Every placement of a shape in the box: the sorted cell numbers it covers, in every
    /// orientation (reflections too when `reflect`), each placement once, sorted. Past `limit`
    /// placements it stops and returns those found, unsorted (more than `limit` says so).
    pub fn placements(&self, shape: &Shape, reflect: bool, limit: usize) -> Vec<Vec<u32>> {
        let plain = vec![0; shape.len()];
        match self.coloured_placements(shape, &plain, |_, _| true, reflect, limit) {
            Ok(placements) => placements,
            Err(ColourTwins) => unreachable!("a shape of one colour has no colour twins"),
        }
    }

    /// Every placement of a coloured shape (`colours` by its cells in order, 0 for none) whose
    /// every cell's colour `allows` the colour of the box cell it covers, as
    /// [`placements`](Self::placements) gives them; [`ColourTwins`] where two orientations of
    /// the shape are the same cells coloured otherwise and both fit in one place, which would
    /// be one set of cells placed twice.
    pub fn coloured_placements(
        &self,
        shape: &Shape,
        colours: &[u32],
        allows: impl Fn(u32, u32) -> bool,
        reflect: bool,
        limit: usize,
    ) -> Result<Vec<Vec<u32>>, ColourTwins> {
        if shape.dims() > self.dims() || shape.is_empty() {
            return Ok(Vec::new());
        }
        let Some(lattice) = shape.lattice().with_dims(self.dims()) else {
            return Ok(Vec::new());
        };
        let cells: Vec<Point> = (shape.cells().iter())
            .map(|c| shape.lattice().embed(c, self.dims()))
            .collect();
        // Each orientation's cells, with every colouring of them the motions give.
        let mut orientations: std::collections::BTreeMap<Vec<Point>, Vec<Vec<u32>>> =
            std::collections::BTreeMap::new();
        for motion in lattice
            .motions()
            .iter()
            .filter(|m| reflect || m.is_proper())
        {
            let Some(mut images) = motion.apply_all(&cells) else {
                continue;
            };
            lattice.normalise(&mut images);
            let mut coloured: Vec<(Point, u32)> =
                images.into_iter().zip(colours.iter().copied()).collect();
            coloured.sort_unstable();
            let (points, tints): (Vec<Point>, Vec<u32>) = coloured.into_iter().unzip();
            let tinted = orientations.entry(points).or_default();
            if !tinted.contains(&tints) {
                tinted.push(tints);
            }
        }
        let mut out = Vec::new();
        // The cells under a translation, and the point being looked at: made once, since a
        // fine grid's box tries thousands of points per orientation.
        let (mut at, mut p): (Vec<u32>, Point) = (Vec::new(), vec![0; self.dims()]);
        for (points, colourings) in &orientations {
            for offset in lattice.translations(points, &self.extents) {
                at.clear();
                let on_cells = points.iter().all(|c| {
                    for ((x, a), b) in p.iter_mut().zip(c).zip(&offset) {
                        *x = a + b;
                    }
                    self.cell_at(&p).map(|cell| at.push(cell)).is_some()
                });
                if !on_cells {
                    continue;
                }
                let fits = |tints: &&Vec<u32>| {
                    (at.iter().zip(tints.iter()))
                        .all(|(&cell, &tint)| allows(tint, self.colours[cell as usize]))
                };
                let mut fitting = colourings.iter().filter(fits);
                if fitting.next().is_none() {
                    continue;
                }
                // Two colourings of the same cells that both fit would be one set of cells
                // placed twice.
                if fitting.next().is_some() {
                    return Err(ColourTwins);
                }
                let mut covered = at.clone();
                covered.sort_unstable();
                out.push(covered);
                if out.len() > limit {
                    return Ok(out);
                }
            }
        }
        // Equal placements are one (dropped next), so an unstable sort orders them as well.
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

/// Two orientations of a coloured shape on the same cells with other colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourTwins;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::shape_of_rows;

    fn board(rows: &[&str]) -> Board {
        let extents = [rows.len() as i32, rows[0].len() as i32];
        Board::with_cells(Lattice::cubic(2), &extents, |p| {
            rows[p[0] as usize].as_bytes()[p[1] as usize] == b'.'
        })
    }

    #[test]
    fn cells_are_numbered_in_reading_order() {
        let b = board(&["..#", "..."]);
        assert_eq!(b.cells().len(), 5);
        assert_eq!(b.cell_at(&[0, 2]), None);
        assert_eq!(b.cell_at(&[1, 0]), Some(2));
        assert_eq!(b.describe(4), "(1, 2)");
        assert_eq!(Board::block(&[5, 3, 2, 2]).describe(59), "(4, 2, 1, 1)");
        assert_eq!(Board::block(&[2, 2, 2]).describe(0), "(0, 0, 0)");
    }

    #[test]
    fn symmetry_groups() {
        assert_eq!(board(&["...", "..."]).symmetries().len(), 4);
        assert_eq!(board(&["...", "...", "..."]).symmetries().len(), 8);
        assert_eq!(board(&["..#", "...", "..."]).symmetries().len(), 2);
        assert_eq!(Board::block(&[5, 4, 3]).symmetries().len(), 8);
        assert_eq!(Board::block(&[2, 2, 2]).symmetries().len(), 48);
        assert_eq!(Board::block(&[2, 2, 2]).rotations().len(), 24);
        assert_eq!(Board::block(&[2, 4, 4]).rotations().len(), 8);
    }

    /// A flat polyiamond in a box of prisms lies in one layer, connected, in each of its
    /// orientations there.
    #[test]
    fn polyiamonds_lie_flat_in_prisms() {
        let prisms = Lattice::TriangularPrisms;
        let b = Board::with_cells(prisms, &[2, 3, 6], |_| true);
        let bar = Shape::new(Lattice::Triangular, [vec![0, 0], vec![0, 1], vec![0, 2]]);
        let placements = b.placements(&bar, true, usize::MAX);
        // The triamond is every path of three triangles, one for each triangle and two of its
        // neighbours: 32 in a layer of 3 rows of 6.
        let paths: usize = (0..3)
            .flat_map(|r| (0..6).map(move |c| [r, c]))
            .map(|[r, c]| {
                let cell = [r, c];
                let n = Lattice::Triangular.neighbours(&cell);
                let d = n
                    .filter(|p| (0..3).contains(&p[0]) && (0..6).contains(&p[1]))
                    .count();
                d * (d - 1) / 2
            })
            .sum();
        assert_eq!(paths, 32);
        assert_eq!(placements.len(), 2 * paths);
        for cells in &placements {
            let points: Vec<Point> = cells
                .iter()
                .map(|&c| b.cells()[c as usize].clone())
                .collect();
            assert!(points.iter().all(|p| p[0] == points[0][0]), "{points:?}");
            assert!(Shape::new(prisms, points).is_connected());
        }
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
        assert_eq!(b.placements(&domino, true, usize::MAX), want);
        let l = shape_of_rows(&["##", "#."]).unwrap();
        assert_eq!(b.placements(&l, true, usize::MAX).len(), 8);
    }

    /// A box's symmetries keep its colours, and a coloured piece is placed only where each of
    /// its cells' colours may cover the cell's.
    #[test]
    fn colours_shape_symmetries_and_placements() {
        let plain = board(&["...", "..."]);
        assert_eq!(plain.symmetries().len(), 4);
        // The left column red (1), the others blue (2): only the reflection across the rows
        // keeps it.
        let coloured = plain.clone().with_colours(vec![1, 2, 2, 1, 2, 2]);
        assert_eq!(coloured.symmetries().len(), 2);
        // A domino, red at one end, blue (2) at the other, whose colours a half turn swaps:
        // on cells of no colour both fit each place, on the coloured box one of them.
        let domino = shape_of_rows(&["##"]).unwrap();
        let allows = |piece: u32, cell: u32| piece == 0 || cell == 0 || piece == cell;
        let twins = plain.coloured_placements(&domino, &[1, 2], allows, true, 100);
        assert_eq!(twins, Err(ColourTwins));
        let one = coloured.coloured_placements(&domino, &[1, 2], allows, true, 100);
        assert_eq!(one, Ok(vec![vec![0, 1], vec![3, 4]]));
        // A red domino goes on the red column alone, an L tromino red at its corner with the
        // corner there.
        let red = coloured.coloured_placements(&domino, &[1, 1], allows, true, 100);
        assert_eq!(red, Ok(vec![vec![0, 3]]));
        let shape = shape_of_rows(&["##", "#."]).unwrap();
        let corner = coloured.coloured_placements(&shape, &[1, 0, 0], allows, true, 100);
        assert_eq!(corner, Ok(vec![vec![0, 1, 3], vec![0, 3, 4]]));
    }
}
