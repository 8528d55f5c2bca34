//! Cells, shapes and the rigid motions of the integer lattice, in any dimension.

use std::collections::{BTreeSet, VecDeque};

/// A unit cell of the lattice: one coordinate per axis (axis 0 is the slowest, e.g. the row).
pub type Point = Vec<i32>;

/// A finite set of unit cells, translated so that every axis starts at 0, cells sorted.
///
/// Two shapes are equal exactly when they are the same set of cells up to translation.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    dims: usize,
    cells: Vec<Point>,
}

impl Shape {
    /// Normalises `cells` (all of `dims` coordinates): translates them to the origin, sorts them
    /// and drops repeats.
    pub fn new(dims: usize, cells: impl IntoIterator<Item = Point>) -> Shape {
        let mut cells: Vec<Point> = cells.into_iter().collect();
        debug_assert!(cells.iter().all(|c| c.len() == dims));
        for axis in 0..dims {
            if let Some(low) = cells.iter().map(|c| c[axis]).min() {
                for c in &mut cells {
                    c[axis] -= low;
                }
            }
        }
        cells.sort();
        cells.dedup();
        Shape { dims, cells }
    }

    /// The number of axes.
    pub fn dims(&self) -> usize {
        self.dims
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
        (0..self.dims)
            .map(|axis| self.cells.iter().map(|c| c[axis] + 1).max().unwrap_or(0))
            .collect()
    }

    /// The same cells seen in `dims >= self.dims()` dimensions (new axes at coordinate 0).
    pub fn embedded_in(&self, dims: usize) -> Shape {
        assert!(dims >= self.dims, "a shape cannot lose dimensions");
        let cells = self.cells.iter().map(|c| {
            let mut p = c.clone();
            p.resize(dims, 0);
            p
        });
        Shape::new(dims, cells)
    }

    /// Whether every cell can be reached from every other through shared faces.
    pub fn is_connected(&self) -> bool {
        let Some(first) = self.cells.first() else {
            return true;
        };
        let all: BTreeSet<&Point> = self.cells.iter().collect();
        let mut seen: BTreeSet<Point> = BTreeSet::from([first.clone()]);
        let mut queue = VecDeque::from([first.clone()]);
        while let Some(cell) = queue.pop_front() {
            for next in face_neighbours(&cell) {
                if all.contains(&next) && seen.insert(next.clone()) {
                    queue.push_back(next);
                }
            }
        }
        seen.len() == self.cells.len()
    }

    /// The image of the shape under `motion`, normalised again.
    pub fn moved(&self, motion: &Motion) -> Shape {
        Shape::new(self.dims, self.cells.iter().map(|c| motion.apply(c)))
    }

    /// Every distinct orientation of the shape in its own dimension: all rotations, and the
    /// reflections too when `reflect` is set. Sorted, so the result is deterministic.
    pub fn orientations(&self, reflect: bool) -> Vec<Shape> {
        let set: BTreeSet<Shape> = Motion::all(self.dims)
            .iter()
            .filter(|m| reflect || m.is_proper())
            .map(|m| self.moved(m))
            .collect();
        set.into_iter().collect()
    }
}

/// The cells that share a face with `cell`.
pub fn face_neighbours(cell: &[i32]) -> impl Iterator<Item = Point> + '_ {
    (0..cell.len()).flat_map(move |axis| {
        [-1, 1].into_iter().map(move |step| {
            let mut p = cell.to_vec();
            p[axis] += step;
            p
        })
    })
}

/// A rigid motion fixing the origin: a signed permutation of the axes.
///
/// Coordinate `i` of the image is coordinate `axis[i]` of the source, negated when `flip[i]`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Motion {
    axis: Vec<usize>,
    flip: Vec<bool>,
}

impl Motion {
    /// The identity in `dims` dimensions.
    pub fn identity(dims: usize) -> Motion {
        Motion {
            axis: (0..dims).collect(),
            flip: vec![false; dims],
        }
    }

    /// All `2^n n!` signed permutations in `dims` dimensions, the identity first.
    pub fn all(dims: usize) -> Vec<Motion> {
        let mut out = Vec::new();
        for axis in permutations(dims) {
            for signs in 0u32..(1 << dims) {
                let flip = (0..dims).map(|i| signs >> i & 1 == 1).collect();
                out.push(Motion {
                    axis: axis.clone(),
                    flip,
                });
            }
        }
        out
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        *self == Motion::identity(self.axis.len())
    }

    /// Whether the motion is a rotation (determinant +1), not a reflection.
    pub fn is_proper(&self) -> bool {
        let mut odd = self.flip.iter().filter(|&&f| f).count() % 2 == 1;
        let mut seen = vec![false; self.axis.len()];
        for start in 0..self.axis.len() {
            let mut i = start;
            let mut length = 0;
            while !seen[i] {
                seen[i] = true;
                i = self.axis[i];
                length += 1;
            }
            if length > 0 && length % 2 == 0 {
                odd = !odd;
            }
        }
        !odd
    }

    /// The image of a point (about the origin).
    pub fn apply(&self, p: &[i32]) -> Point {
        self.axis
            .iter()
            .zip(&self.flip)
            .map(|(&a, &f)| if f { -p[a] } else { p[a] })
            .collect()
    }

    /// The image of a point of a box with the given extents, mapped back into the box; `None`
    /// when the motion does not map the box's extents onto themselves.
    pub fn apply_within(&self, p: &[i32], extents: &[i32]) -> Option<Point> {
        self.axis
            .iter()
            .zip(&self.flip)
            .enumerate()
            .map(|(i, (&a, &f))| {
                (extents[a] == extents[i]).then(|| if f { extents[a] - 1 - p[a] } else { p[a] })
            })
            .collect()
    }
}

/// All permutations of `0..n`, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut p = vec![first];
            p.extend(rest.into_iter().map(|x| if x >= first { x + 1 } else { x }));
            out.push(p);
        }
    }
    out
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
        Shape::new(2, cells)
    }

    #[test]
    fn motions_count_and_parity() {
        assert_eq!(Motion::all(2).len(), 8);
        assert_eq!(Motion::all(3).len(), 48);
        assert_eq!(Motion::all(4).len(), 384);
        for dims in 1..=4 {
            let all = Motion::all(dims);
            assert!(all[0].is_identity());
            assert_eq!(all.iter().filter(|m| m.is_proper()).count() * 2, all.len());
        }
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
        let l = shape(&["##", "#."]).embedded_in(3);
        // An L tromino lies in one of three planes, four ways in each.
        assert_eq!(l.orientations(true).len(), 12);
    }

    #[test]
    fn connectivity() {
        assert!(shape(&["##", ".#"]).is_connected());
        assert!(!shape(&["#.", ".#"]).is_connected());
        assert!(Shape::new(2, []).is_connected());
    }

    #[test]
    fn motion_within_a_box() {
        let flip_rows = Motion {
            axis: vec![0, 1],
            flip: vec![true, false],
        };
        assert_eq!(flip_rows.apply_within(&[0, 2], &[2, 3]), Some(vec![1, 2]));
        let transpose = Motion {
            axis: vec![1, 0],
            flip: vec![false, false],
        };
        assert_eq!(transpose.apply_within(&[0, 2], &[2, 3]), None);
        assert_eq!(transpose.apply_within(&[0, 2], &[3, 3]), Some(vec![2, 0]));
    }
}
