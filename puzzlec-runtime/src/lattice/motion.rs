//! The motions of a lattice: rotations and reflections that fix the origin, each kept in the
//! form its lattice computes them in (a signed permutation of the axes, a sixth of a turn in
//! axial coordinates, a matrix on the spheres' cubic coordinates).

use super::spheres::{from_cubic, to_cubic};
use super::{hexagonal, triangular, Lattice, Point};

/// A rigid motion of a lattice fixing the origin: a rotation, or a reflection.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Motion {
    pub(super) kind: MotionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum MotionKind {
    /// The square and cubic lattice's: a signed permutation of the axes. Coordinate `i` of the
    /// image is coordinate `axis[i]` of the source, negated when `flip[i]`.
    Signed { axis: Vec<usize>, flip: Vec<bool> },
    /// The triangular or hexagonal lattice's: reflected across a line through the origin when
    /// `reflect`, then turned `turns` sixths of a turn about the origin (a corner of triangles,
    /// the centre of a hexagon); the prisms', the same in each layer, with the layers reversed
    /// when `flip`.
    Turn {
        lattice: Lattice,
        turns: u8,
        reflect: bool,
        flip: bool,
    },
    /// The spheres': three times an orthogonal matrix acting on [`to_cubic`]'s coordinates.
    Spheres { thrice: [[i32; 3]; 3] },
    /// The rhombic tetrahedra's, and the tetrahedra and octahedra's: a signed permutation of
    /// the axes, as `Signed`, about the point whose coordinates are each half `twice_centre`.
    Centred {
        axis: Vec<usize>,
        flip: Vec<bool>,
        twice_centre: i32,
    },
}

impl Motion {
    /// The identity of the cubic lattice in `dims` dimensions.
    pub fn identity(dims: usize) -> Motion {
        Motion::signed((0..dims).collect(), vec![false; dims])
    }

    pub(super) fn signed(axis: Vec<usize>, flip: Vec<bool>) -> Motion {
        Motion {
            kind: MotionKind::Signed { axis, flip },
        }
    }

    /// All `2^n n!` signed permutations in `dims` dimensions, the identity first: the motions
    /// of the cubic lattice.
    pub fn all(dims: usize) -> Vec<Motion> {
        let mut out = Vec::new();
        for axis in permutations(dims) {
            for signs in 0u32..(1 << dims) {
                let flip = (0..dims).map(|i| signs >> i & 1 == 1).collect();
                out.push(Motion::signed(axis.clone(), flip));
            }
        }
        out
    }

    /// The motions of a plane lattice of triangles or hexagons, or of prisms: reflected or not,
    /// then turned by each sixth of a turn; the prisms' each also with the layers reversed.
    pub(super) fn turns(lattice: Lattice) -> Vec<Motion> {
        let flips = if lattice == Lattice::TriangularPrisms {
            2
        } else {
            1
        };
        (0..flips)
            .flat_map(|flip| (0..2).map(move |reflect| (flip == 1, reflect == 1)))
            .flat_map(|(flip, reflect)| {
                (0..6).map(move |turns| Motion {
                    kind: MotionKind::Turn {
                        lattice,
                        turns,
                        reflect,
                        flip,
                    },
                })
            })
            .collect()
    }

    /// The cube's 48 motions in three axes about the point whose coordinates are each half
    /// `twice_centre`, the identity first.
    pub(super) fn centred(twice_centre: i32) -> Vec<Motion> {
        Motion::all(3)
            .into_iter()
            .map(|m| match m.kind {
                MotionKind::Signed { axis, flip } => Motion {
                    kind: MotionKind::Centred {
                        axis,
                        flip,
                        twice_centre,
                    },
                },
                kind => Motion { kind },
            })
            .collect()
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        match &self.kind {
            MotionKind::Signed { axis, flip } | MotionKind::Centred { axis, flip, .. } => {
                axis.iter().enumerate().all(|(i, &a)| a == i) && !flip.contains(&true)
            }
            MotionKind::Turn {
                turns,
                reflect,
                flip,
                ..
            } => *turns == 0 && !reflect && !flip,
            MotionKind::Spheres { thrice } => {
                (0..3).all(|i| (0..3).all(|j| thrice[i][j] == if i == j { 3 } else { 0 }))
            }
        }
    }

    /// Whether the motion is a rotation (determinant +1), not a reflection.
    pub fn is_proper(&self) -> bool {
        let (axis, flip) = match &self.kind {
            MotionKind::Signed { axis, flip } | MotionKind::Centred { axis, flip, .. } => {
                (axis, flip)
            }
            MotionKind::Turn { reflect, flip, .. } => return reflect == flip,
            MotionKind::Spheres { thrice } => return determinant(thrice) > 0,
        };
        let mut odd = flip.iter().filter(|&&f| f).count() % 2 == 1;
        let mut seen = vec![false; axis.len()];
        for start in 0..axis.len() {
            let mut i = start;
            let mut length = 0;
            while !seen[i] {
                seen[i] = true;
                i = axis[i];
                length += 1;
            }
            if length > 0 && length % 2 == 0 {
                odd = !odd;
            }
        }
        !odd
    }

    /// The image of a point (about the origin); `None` where it is not a point of the lattice
    /// (a sixth of a turn of the spheres takes only the points of its own plane to points).
    pub fn apply(&self, p: &[i32]) -> Option<Point> {
        let mut image = Vec::with_capacity(p.len());
        self.apply_into(p, &mut image)?;
        Some(image)
    }

    /// [`apply`](Self::apply), the image's coordinates pushed onto `out`: the images of a
    /// large box's thousands of cells then need no allocation each. On `None`, `out` may hold
    /// part of the image.
    fn apply_into(&self, p: &[i32], out: &mut Vec<i32>) -> Option<()> {
        match &self.kind {
            MotionKind::Signed { axis, flip } => {
                out.extend((axis.iter().zip(flip)).map(|(&a, &f)| if f { -p[a] } else { p[a] }))
            }
            MotionKind::Centred {
                axis,
                flip,
                twice_centre,
            } => {
                out.extend(
                    (axis.iter().zip(flip))
                        .map(|(&a, &f)| if f { twice_centre - p[a] } else { p[a] }),
                )
            }
            MotionKind::Spheres { thrice } => {
                let v = to_cubic(p);
                let mut image = [0; 3];
                for (x, row) in image.iter_mut().zip(thrice) {
                    let sum: i32 = row.iter().zip(&v).map(|(m, v)| m * v).sum();
                    (sum % 3 == 0).then_some(())?;
                    *x = sum / 3;
                }
                out.extend(from_cubic(image)?);
            }
            &MotionKind::Turn {
                lattice,
                turns,
                reflect,
                flip,
            } => {
                let (layer, plane, lattice) = match lattice {
                    Lattice::TriangularPrisms => (Some(p[0]), &p[1..], Lattice::Triangular),
                    _ => (None, p, lattice),
                };
                let [mut q, mut s] = match lattice {
                    Lattice::Triangular => triangular::to_axial(plane[0], plane[1]),
                    _ => hexagonal::to_axial(plane[0], plane[1]),
                };
                if reflect {
                    (q, s) = (s, q);
                }
                for _ in 0..turns {
                    (q, s) = (-s, q + s);
                }
                let layer = layer.map(|l| if flip { -l } else { l });
                let image = match lattice {
                    Lattice::Triangular => triangular::from_axial([q, s]),
                    _ => hexagonal::from_axial([q, s]),
                };
                out.extend(layer.into_iter().chain(image));
            }
        }
        Some(())
    }

    /// The images of a shape's cells, in order, up to a translation: each cell's image about
    /// the origin, or, for the spheres (whose sixths of a turn take to spheres only the points
    /// of a plane through the centre of the turn), the shape turned about its first cell; `None`
    /// where an image is not a point of the lattice.
    pub fn apply_all(&self, cells: &[Point]) -> Option<Vec<Point>> {
        let mut flat = Vec::new();
        self.apply_all_into(cells, &mut flat)?;
        let dims = flat.len() / cells.len().max(1);
        Some(
            flat.chunks_exact(dims.max(1))
                .map(<[i32]>::to_vec)
                .collect(),
        )
    }

    /// [`apply_all`](Self::apply_all), the images one after another in `out` (cleared first).
    pub(super) fn apply_all_into(&self, cells: &[Point], out: &mut Vec<i32>) -> Option<()> {
        out.clear();
        let (MotionKind::Spheres { .. }, Some(first)) = (&self.kind, cells.first()) else {
            return cells.iter().try_for_each(|c| self.apply_into(c, out));
        };
        let mut d = Vec::with_capacity(first.len());
        cells.iter().try_for_each(|c| {
            d.clear();
            d.extend(c.iter().zip(first).map(|(a, b)| a - b));
            self.apply_into(&d, out)
        })
    }

    /// A cubic motion's image of a point of a box with the given extents, mapped back into
    /// the box, pushed onto `out`; `None` when the motion does not map the box's extents onto
    /// themselves.
    pub(super) fn apply_within_into(
        &self,
        p: &[i32],
        extents: &[i32],
        out: &mut Vec<i32>,
    ) -> Option<()> {
        let MotionKind::Signed { axis, flip } = &self.kind else {
            return None;
        };
        for (i, (&a, &f)) in axis.iter().zip(flip).enumerate() {
            (extents[a] == extents[i]).then_some(())?;
            out.push(if f { extents[a] - 1 - p[a] } else { p[a] });
        }
        Some(())
    }
}

/// The determinant of a 3 x 3 matrix.
pub(super) fn determinant(m: &[[i32; 3]; 3]) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
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
