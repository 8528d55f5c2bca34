//! Cells, shapes and the rigid motions of a lattice ([`Lattice`]), in any dimension.

use std::collections::BTreeSet;

pub use puzzlec_runtime::lattice::{Lattice, Motion, Point};

/// A finite set of cells of a lattice, translated to the lattice's one place for its shape
/// ([`Lattice::normalise`]: on the cubic lattice, every axis from 0), cells sorted.
///
/// Two shapes are equal exactly when they are the same set of cells up to translation.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    lattice: Lattice,
    cells: Vec<Point>,
}

impl Shape {
    /// Normalises `cells` (points of `lattice`): translates them to the lattice's place for
    /// their shape, sorts them and drops repeats.
    pub fn new(lattice: Lattice, cells: impl IntoIterator<Item = Point>) -> Shape {
        let mut cells: Vec<Point> = cells.into_iter().collect();
        debug_assert!(cells.iter().all(|c| c.len() == lattice.dims()));
        lattice.normalise(&mut cells);
        cells.sort();
        cells.dedup();
        Shape { lattice, cells }
    }

    /// The lattice the shape lies in.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// The number of axes.
    pub fn dims(&self) -> usize {
        self.lattice.dims()
    }

    /// The cells, sorted, with every axis starting at 0.
    pub fn cells(&self) -> &[Point] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the shape has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The size along each axis (0 for an empty shape).
    pub fn extents(&self) -> Vec<i32> {
        (0..self.dims())
            .map(|axis| self.cells.iter().map(|c| c[axis] + 1).max().unwrap_or(0))
            .collect()
    }

    /// The same cells seen in `dims >= self.dims()` dimensions of the lattice (new axes at
    /// coordinate 0, [`Lattice::embed`]); `None` where the lattice has no such form
    /// ([`Lattice::with_dims`]).
    pub fn embedded_in(&self, dims: usize) -> Option<Shape> {
        assert!(dims >= self.dims(), "a shape cannot lose dimensions");
        let lattice = self.lattice.with_dims(dims)?;
        let cells = self.cells.iter().map(|c| self.lattice.embed(c, dims));
        Some(Shape::new(lattice, cells))
    }

    /// Whether every cell can be reached from every other through cells that touch.
    pub fn is_connected(&self) -> bool {
        if self.cells.is_empty() {
            return true;
        }
        // The cells by their place in the sorted list.
        let mut seen = vec![false; self.cells.len()];
        seen[0] = true;
        let (mut queue, mut reached) = (vec![0], 1);
        while let Some(cell) = queue.pop() {
            for next in self.lattice.neighbours(&self.cells[cell]) {
                if let Ok(i) = self.cells.binary_search(&next) {
                    if !seen[i] {
                        seen[i] = true;
                        reached += 1;
                        queue.push(i);
                    }
                }
            }
        }
        reached == self.cells.len()
    }

    /// The image of the shape under `motion` (one of its lattice's), normalised again; `None`
    /// where the motion does not take it onto cells (a turn of the spheres that only a shape
    /// lying in its plane keeps on spheres).
    pub fn moved(&self, motion: &Motion) -> Option<Shape> {
        Some(Shape::new(self.lattice, motion.apply_all(&self.cells)?))
    }

    /// Whether the shape differs from its mirror image by every rotation: some reflection
    /// takes it to an orientation no rotation gives.
    pub fn is_chiral(&self) -> bool {
        // The images under the reflections are the turns of any one of them: they all lie
        // among the shape's own turns, or none does.
        let motions = self.lattice.motions();
        let Some(mirror) = (motions.iter())
            .filter(|m| !m.is_proper())
            .find_map(|m| self.moved(m))
        else {
            return false;
        };
        !(motions.iter())
            .filter(|m| m.is_proper())
            .filter_map(|m| self.moved(m))
            .any(|turned| turned == mirror)
    }

    /// Every distinct orientation of the shape in its own dimension: all rotations, and the
    /// reflections too when `reflect` is set. Sorted, so the result is deterministic.
    pub fn orientations(&self, reflect: bool) -> Vec<Shape> {
        let set: BTreeSet<Shape> = (self.lattice.motions())
            .iter()
            .filter(|m| reflect || m.is_proper())
            .filter_map(|m| self.moved(m))
            .collect();
        set.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: &[&str]) -> Shape {
        let cells = rows.iter().enumerate().flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| vec![r as i32, c as i32])
        });
        Shape::new(Lattice::cubic(2), cells)
    }

    #[test]
    fn orientations_of_small_shapes() {
        assert_eq!(shape(&["#"]).orientations(true).len(), 1);
        assert_eq!(shape(&["##"]).orientations(true).len(), 2);
        assert_eq!(shape(&["##", "#."]).orientations(true).len(), 4);
        // The S tetromino is chiral: two one-sided pieces, each with two rotations.
        assert_eq!(shape(&[".##", "##."]).orientations(true).len(), 4);
        assert_eq!(shape(&[".##", "##."]).orientations(false).len(), 2);
    }

    #[test]
    fn flat_piece_in_three_dimensions() {
        let l = shape(&["##", "#."]).embedded_in(3).unwrap();
        // An L tromino lies in one of three planes, four ways in each.
        assert_eq!(l.orientations(true).len(), 12);
    }

    #[test]
    fn a_shape_is_chiral_where_some_reflection_gives_no_turn_of_it() {
        // Every grid's lattices, in the plane and in space.
        let mut lattices: Vec<Lattice> = (crate::description::Grid::ALL.iter())
            .flat_map(|g| [g.lattice(2), g.lattice(3)])
            .collect();
        lattices.dedup();
        let (mut chiral, mut achiral) = (0, 0);
        for lattice in lattices {
            for shape in crate::polyforms::polyforms(4, lattice, true) {
                let turned: BTreeSet<Shape> = shape.orientations(false).into_iter().collect();
                let by_definition = (lattice.motions().iter())
                    .filter(|m| !m.is_proper())
                    .filter_map(|m| shape.moved(m))
                    .any(|image| !turned.contains(&image));
                assert_eq!(shape.is_chiral(), by_definition, "{lattice:?} {shape:?}");
                *match by_definition {
                    true => &mut chiral,
                    false => &mut achiral,
                } += 1;
            }
        }
        assert!(chiral > 0 && achiral > 0);
    }

    #[test]
    fn connectivity() {
        assert!(shape(&["##", ".#"]).is_connected());
        assert!(!shape(&["#.", ".#"]).is_connected());
        assert!(Shape::new(Lattice::cubic(2), []).is_connected());
    }
}
