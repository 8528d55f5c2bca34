//! Spheres packed as oranges are stacked (the face-centred cubic packing; BurrTools' third
//! grid), in square layers: the sphere at (layer, row, column) touches the four beside it in
//! its layer and four in each layer next to it, each layer resting in the hollows of the one
//! below, half a sphere down and to the right. The motions are the 48 of a cube (in the
//! lattice's own axes, not the layers'), and, for a shape lying in one of the lattice's
//! hexagonal planes, each of those after a sixth of a turn within that plane. With two axes,
//! one square layer, as a flat piece is drawn.

use super::motion::{Motion, MotionKind};
use super::{Point, Solid};

/// The steps from a sphere to the twelve it touches, in (layer, row, column): four in its
/// layer, and four each in the layers above (which rest up and to the left of it) and below.
pub(super) const STEPS: [[i32; 3]; 12] = [
    [0, 0, -1],
    [0, 0, 1],
    [0, -1, 0],
    [0, 1, 0],
    [1, 0, 0],
    [1, -1, 0],
    [1, 0, -1],
    [1, -1, -1],
    [-1, 0, 0],
    [-1, 1, 0],
    [-1, 0, 1],
    [-1, 1, 1],
];

/// The steps to the spheres `cell` touches: the twelve, or in one layer, its four.
pub(super) fn steps(cell: &[i32]) -> Vec<Point> {
    match cell.len() {
        3 => STEPS.iter().map(|s| s.to_vec()).collect(),
        _ => STEPS[..4].iter().map(|s| s[1..].to_vec()).collect(),
    }
}

/// The sphere (layer, row, column), a diameter across: each layer's spheres a diameter apart
/// along its rows and columns, the next layer half a diameter further along both and
/// 1/sqrt(2) of one higher.
pub(super) fn solid(cell: &[i32]) -> Option<Solid> {
    let (l, r, c) = match *cell {
        [l, r, c] => (f64::from(l), f64::from(r), f64::from(c)),
        [r, c] => (0.0, f64::from(r), f64::from(c)),
        _ => return None,
    };
    Some(Solid::Sphere {
        centre: [
            c + l / 2.0 + 0.5,
            r + l / 2.0 + 0.5,
            l * std::f64::consts::FRAC_1_SQRT_2 + 0.5,
        ],
        radius: 0.5,
    })
}

/// BurrTools' sphere at voxel (x, y, z), where x + y + z is even (it ignores the other voxels):
/// the point of those cubic coordinates.
pub(super) fn voxel(p: [i32; 3]) -> Option<Point> {
    from_cubic(p).map(|p| p.to_vec())
}

/// Where BurrTools' spheres are among its voxels.
pub(super) const VOXEL_RULE: &str = "spheres are at the voxels where x + y + z is even";

/// A sphere's point (layer, row, column) in the axes of the cube whose corners and face centres
/// the spheres are, in half a cube's side, as BurrTools writes them: (x, y, z) with x + y + z
/// even, z the layer. A step along a row is (1, 1, 0), down a column (-1, 1, 0), up a layer
/// (0, 1, 1); the map keeps left and right.
pub(super) fn to_cubic(p: &[i32]) -> [i32; 3] {
    let (l, r, c) = (p[0], p[1], p[2]);
    [c - r, c + r + l, l]
}

/// The sphere at cubic coordinates (x, y, z) ([`to_cubic`]'s inverse); `None` where x + y + z
/// is odd, a point between spheres.
pub(super) fn from_cubic([x, y, z]: [i32; 3]) -> Option<[i32; 3]> {
    ((x + y + z) % 2 == 0).then(|| [z, (y - z - x) / 2, (x + y - z) / 2])
}

/// The spheres' motions, the identity first: each of the cube's 48 (its signed permutations
/// of x, y and z) after either nothing or a sixth of a turn about one of the cube's four
/// diagonals, which is the normal of a hexagonal plane of spheres. A sixth of a turn after
/// another motion is one of these too, so a shape in any such plane gets every turn of it.
pub(super) fn motions() -> Vec<Motion> {
    // Three times a sixth of a turn about (1, 1, 1).
    let turn = [[2, -1, 2], [2, 2, -1], [-1, 2, 2]];
    let identity = [[3, 0, 0], [0, 3, 0], [0, 0, 3]];
    let diagonals = [[1, 1, 1], [1, 1, -1], [1, -1, 1], [-1, 1, 1]];
    let sixths = diagonals.map(|s: [i32; 3]| {
        let mut m = turn;
        for (i, row) in m.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                *x *= s[i] * s[j];
            }
        }
        m
    });
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for first in std::iter::once(identity).chain(sixths) {
        for cube in Motion::all(3) {
            let MotionKind::Signed { axis, flip } = &cube.kind else {
                continue;
            };
            let mut thrice = [[0; 3]; 3];
            for (i, row) in thrice.iter_mut().enumerate() {
                let sign = if flip[i] { -1 } else { 1 };
                *row = first[axis[i]].map(|x| sign * x);
            }
            if seen.insert(thrice) {
                out.push(Motion {
                    kind: MotionKind::Spheres { thrice },
                });
            }
        }
    }
    out
}
