//! The lattice a puzzle is built on: which points are cells, which cells touch, the motions
//! that map the lattice onto itself (rotations, reflections) and the translations that keep a
//! shape within a block. The compiler's board, shapes, pruning tables, dead ends, failure cache
//! and generated polyforms ask it, and so does the drawing of a solution ([`Catalog`](crate::Catalog)
//! names its lattice): none assumes anything of its own about how cells lie.
//!
//! The square and cubic lattice, in any number of axes, is its first kind.

/// A point of a lattice: one coordinate per axis (axis 0 is the slowest, e.g. the row).
pub type Point = Vec<i32>;

/// A lattice of cells: the grid of a box and its pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Lattice {
    /// Unit cells at the integer points of `dims` axes (squares in the plane, cubes in
    /// space): a cell touches the cells one step away along one axis, and the motions are
    /// the signed permutations of the axes.
    Cubic {
        /// The number of axes.
        dims: usize,
    },
}

impl Lattice {
    /// The square and cubic lattice of `dims` axes.
    pub fn cubic(dims: usize) -> Lattice {
        Lattice::Cubic { dims }
    }

    /// The coordinates of a point.
    pub fn dims(self) -> usize {
        match self {
            Lattice::Cubic { dims } => dims,
        }
    }

    /// The cells that touch `cell` (share a face).
    pub fn neighbours(self, cell: &[i32]) -> impl Iterator<Item = Point> + '_ {
        match self {
            Lattice::Cubic { .. } => (0..cell.len()).flat_map(move |axis| {
                [-1, 1].into_iter().map(move |step| {
                    let mut p = cell.to_vec();
                    p[axis] += step;
                    p
                })
            }),
        }
    }

    /// The positions of a block of `extents` that touch position `at`, positions numbered in
    /// reading order (the last axis fastest).
    pub fn neighbours_in_block(self, extents: &[u32], at: u32) -> impl Iterator<Item = u32> + '_ {
        let extents_i: Vec<i32> = extents.iter().map(|&e| e as i32).collect();
        let p = unlinear(&extents_i, at as i32);
        let inside = |n: &Point| {
            n.iter()
                .zip(extents)
                .all(|(&x, &e)| (0..e as i32).contains(&x))
        };
        let next: Vec<u32> = (self.neighbours(&p))
            .filter(inside)
            .map(|n| (n.iter().zip(extents)).fold(0, |at, (&x, &e)| at * e + x as u32))
            .collect();
        next.into_iter()
    }

    /// The most cells one cell touches.
    pub fn most_neighbours(self) -> usize {
        match self {
            Lattice::Cubic { dims } => 2 * dims,
        }
    }

    /// The motions that fix the origin and map the lattice onto itself, the identity first.
    pub fn motions(self) -> Vec<Motion> {
        match self {
            Lattice::Cubic { dims } => Motion::all(dims),
        }
    }

    /// The same lattice with `dims` axes, of which a shape of this one is a flat part (its
    /// points at coordinate 0 on the axes added).
    pub fn with_dims(self, dims: usize) -> Lattice {
        match self {
            Lattice::Cubic { .. } => Lattice::Cubic { dims },
        }
    }

    /// Translates `cells` to the lattice's one place for their shape: each axis from 0. Two
    /// sets of cells are one shape up to translation exactly when they come out equal.
    pub fn normalise(self, cells: &mut [Point]) {
        match self {
            Lattice::Cubic { dims } => {
                for axis in 0..dims {
                    if let Some(low) = cells.iter().map(|c| c[axis]).min() {
                        for c in cells.iter_mut() {
                            c[axis] -= low;
                        }
                    }
                }
            }
        }
    }

    /// The image of point `p` of a block of these extents under `motion`, moved back into the
    /// block; `None` where the motion does not map the block onto itself.
    pub fn within_block(self, motion: &Motion, p: &[i32], extents: &[i32]) -> Option<Point> {
        match self {
            Lattice::Cubic { .. } => motion.apply_within(p, extents),
        }
    }

    /// The translations that move a shape normalised to `size` (its extent along each axis)
    /// within a block of `extents`, the first point of the block first.
    pub fn translations(self, size: &[i32], extents: &[i32]) -> Vec<Point> {
        match self {
            Lattice::Cubic { .. } => {
                let room: Vec<i32> = extents.iter().zip(size).map(|(e, s)| e - s + 1).collect();
                if room.iter().any(|&r| r <= 0) {
                    return Vec::new();
                }
                let count: i32 = room.iter().product();
                (0..count).map(|k| unlinear(&room, k)).collect()
            }
        }
    }
}

/// A rigid motion of the cubic lattice fixing the origin: a signed permutation of the axes.
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

/// The point at position `linear` of a block of `extents`, in reading order (the last axis
/// fastest).
pub fn unlinear(extents: &[i32], mut linear: i32) -> Point {
    let mut p = vec![0; extents.len()];
    for (x, &extent) in p.iter_mut().zip(extents).rev() {
        *x = linear % extent;
        linear /= extent;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cubic_cell_touches_two_cells_per_axis() {
        let square = Lattice::cubic(2);
        let next: Vec<Point> = square.neighbours(&[1, 1]).collect();
        assert_eq!(next, [[0, 1], [2, 1], [1, 0], [1, 2]]);
        assert_eq!(square.most_neighbours(), 4);
        assert_eq!(Lattice::cubic(3).most_neighbours(), 6);
    }

    #[test]
    fn cubic_motions_and_translations() {
        assert_eq!(Lattice::cubic(2).motions().len(), 8);
        assert_eq!(Lattice::cubic(3).motions().len(), 48);
        assert!(Lattice::cubic(3).motions()[0].is_identity());
        // A domino lying along the rows of a 2x3 block: two rows, two places in each.
        let t = Lattice::cubic(2).translations(&[1, 2], &[2, 3]);
        assert_eq!(t, [[0, 0], [0, 1], [1, 0], [1, 1]]);
        assert!(Lattice::cubic(2).translations(&[3, 1], &[2, 3]).is_empty());
        let mut cells = vec![vec![2, 5], vec![3, 4]];
        Lattice::cubic(2).normalise(&mut cells);
        assert_eq!(cells, [[0, 1], [1, 0]]);
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
