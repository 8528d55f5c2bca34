//! Rhombic tetrahedra (BurrTools' fourth grid): each cube of space cut into 24, a triangle of
//! each face (a quarter cut by its diagonals) with the cube's centre, at the points of a grid
//! five times as fine as the cubes', the cube of positions 0 to 4 on each axis having its
//! tetrahedra at the positions 2 ± 2 along one axis, 2 ± 1 along another and 2 along the third
//! (the face and the quarter). A tetrahedron touches four: across the cube's face, across its
//! edge into the next face's quarter, and the two quarters beside it in its face. The motions
//! are the cube's 48 about a cube's centre, the translations whole cubes.

use super::{Face, Point, Solid};

/// The side of a cube of the grid, in its positions.
pub(super) const BLOCK: i32 = 5;

/// The position of the centre of a cube along each axis.
pub(super) const CENTRE: i32 = 2;

/// Where the tetrahedra are, among a box's positions.
pub(super) const RULE: &str =
    "each cube of 5 x 5 x 5 positions holds its 24 tetrahedra at 2 ± 2 along one \
     axis, 2 ± 1 along another and 2 along the third";

/// Where the tetrahedra are, among BurrTools' voxels.
pub(super) const VOXEL_RULE: &str =
    "each cube of 5 x 5 x 5 voxels holds its 24 tetrahedra at 2 ± 2 along one axis, \
     2 ± 1 along another and 2 along the third";

/// Whether a translation keeps the lattice: by whole cubes.
pub(super) fn keeps(t: &[i32]) -> bool {
    t.iter().all(|x| x % BLOCK == 0)
}

/// The tetrahedron at `cell`, the cube a side long: the cube's centre, its face's centre and
/// the two corners of the face at the edge of its quarter.
pub(super) fn solid(cell: &[i32]) -> Option<Solid> {
    let t = tetrahedron(cell)?;
    let third = 3 - t.face - t.quarter;
    // In the lattice's axes (layer, row, column), a cube a side long.
    let centre: [f64; 3] = [0, 1, 2].map(|a| f64::from(cell[a].div_euclid(BLOCK)) + 0.5);
    let moved = |terms: &[(usize, f64)]| {
        let mut p = centre;
        for &(axis, by) in terms {
            p[axis] += by;
        }
        p
    };
    let (f, s, q, u) = (
        t.face,
        f64::from(t.face_sign),
        t.quarter,
        f64::from(t.quarter_sign),
    );
    let lattice = [
        centre,
        moved(&[(f, s / 2.0)]),
        moved(&[(f, s / 2.0), (q, u / 2.0), (third, 0.5)]),
        moved(&[(f, s / 2.0), (q, u / 2.0), (third, -0.5)]),
    ];
    let corners = lattice.iter().map(|&[l, r, c]| [c, r, l]).collect();
    // Each face by the corner it leaves out, and the tetrahedron across it (`steps`' order).
    let [face, edge, plus, minus] = t
        .steps()
        .map(|s| -> Point { cell.iter().zip(s).map(|(x, d)| x + d).collect() });
    let faces = vec![
        Face::new(vec![1, 2, 3], Some(face)),
        Face::new(vec![0, 2, 3], Some(edge)),
        Face::new(vec![0, 1, 2], Some(plus)),
        Face::new(vec![0, 1, 3], Some(minus)),
    ];
    Some(Solid::polyhedron(corners, faces))
}

/// A rhombic tetrahedron by where it lies in its cube: on the face across axis `face` on the
/// side `face_sign`, in the quarter of it towards axis `quarter`'s side `quarter_sign`.
pub(super) struct Tetrahedron {
    face: usize,
    face_sign: i32,
    quarter: usize,
    quarter_sign: i32,
}

/// The rhombic tetrahedron at a point, if one is there: its cube's position 2 ± 2 along one
/// axis, 2 ± 1 along another, 2 along the third.
pub(super) fn tetrahedron(p: &[i32]) -> Option<Tetrahedron> {
    let d: Vec<i32> = (p.iter()).map(|x| x.rem_euclid(BLOCK) - CENTRE).collect();
    let face = d.iter().position(|x| x.abs() == 2)?;
    let quarter = d.iter().position(|x| x.abs() == 1)?;
    (d.iter().filter(|&&x| x == 0).count() == 1).then_some(Tetrahedron {
        face,
        face_sign: d[face].signum(),
        quarter,
        quarter_sign: d[quarter].signum(),
    })
}

impl Tetrahedron {
    /// The steps to the four it touches: across the cube's face (into the next cube), across
    /// the cube's edge (into the quarter of the next face towards this one), and to the two
    /// quarters beside it in its face.
    pub(super) fn steps(&self) -> [[i32; 3]; 4] {
        let third = 3 - self.face - self.quarter;
        let step = |terms: &[(usize, i32)]| {
            let mut s = [0; 3];
            for &(axis, by) in terms {
                s[axis] += by;
            }
            s
        };
        let (f, s, q, t) = (self.face, self.face_sign, self.quarter, self.quarter_sign);
        [
            step(&[(f, s)]),
            step(&[(q, t), (f, -s)]),
            step(&[(q, -t), (third, 1)]),
            step(&[(q, -t), (third, -1)]),
        ]
    }
}
