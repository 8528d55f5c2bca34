//! Triangles in the plane (polyiamonds), and triangular prisms in layers of them (BurrTools'
//! second grid). The triangle at (row, column) points up where row + column is even and
//! touches the triangles beside it in its row and the one below (pointing up) or above
//! (pointing down); a prism at (layer, row, column) also touches the two above and below it. A
//! translation keeps row + column's parity, so that triangles keep their direction; the motions
//! are the twelve of a hexagon about a corner of a triangle, the prisms' each also with the
//! layers reversed.

use super::{Point, Solid};

/// The height of a row of triangles, a triangle's side being 1.
const ROW: f64 = 0.866_025_403_784_438_6;

/// The steps to the triangles `cell` (row, column) touches.
pub(super) fn triangle_steps(cell: &[i32]) -> Vec<Point> {
    let below = if (cell[0] + cell[1]) % 2 == 0 { 1 } else { -1 };
    vec![vec![0, -1], vec![0, 1], vec![below, 0]]
}

/// The steps to the prisms `cell` (layer, row, column) touches.
pub(super) fn prism_steps(cell: &[i32]) -> Vec<Point> {
    let below = if (cell[1] + cell[2]) % 2 == 0 { 1 } else { -1 };
    let beside = [[0, 0, -1], [0, 0, 1], [0, below, 0], [-1, 0, 0], [1, 0, 0]];
    beside.iter().map(|s| s.to_vec()).collect()
}

/// A triangle's outline as drawn (x to the right, y down, a side long): its corners in order,
/// each with the triangle across the side to the next.
pub(super) fn outline(r: i32, c: i32) -> Vec<([f64; 2], Point)> {
    let (rf, cf) = (f64::from(r), f64::from(c));
    let at = |dr: i32, dc: i32| vec![r + dr, c + dc];
    let (left, top, bottom) = (cf / 2.0, rf * ROW, (rf + 1.0) * ROW);
    if (r + c) % 2 == 0 {
        vec![
            ([left + 0.5, top], at(0, 1)),
            ([left + 1.0, bottom], at(1, 0)),
            ([left, bottom], at(0, -1)),
        ]
    } else {
        vec![
            ([left, top], at(-1, 0)),
            ([left + 1.0, top], at(0, 1)),
            ([left + 0.5, bottom], at(0, -1)),
        ]
    }
}

/// A prism (layer, row, column), or a triangle's tile one deep: its triangle, a side long,
/// from z = layer to layer + 1.
pub(super) fn solid(cell: &[i32]) -> Option<Solid> {
    let (layer, r, c) = match *cell {
        [l, r, c] => (Some(l), r, c),
        [r, c] => (None, r, c),
        _ => return None,
    };
    let z = f64::from(layer.unwrap_or(0));
    let sides = outline(r, c);
    let with_layer = |p: Point| match layer {
        Some(l) => std::iter::once(l).chain(p).collect(),
        None => p,
    };
    Some(Solid::extruded(&sides, z, with_layer, |dl| {
        layer.map(|l| vec![l + dl, r, c])
    }))
}

/// BurrTools' prism at voxel (x, y, z): (layer z, row -y, column x), its y pointing up and its
/// triangle pointing up where x + y is even, as ours does where row + column is.
pub(super) fn voxel([x, y, z]: [i32; 3]) -> Point {
    vec![z, -y, x]
}

/// A triangle at (row, column) in coordinates along two axes sixty degrees apart (along the
/// row, and down to the right), in which a sixth of a turn about the origin is `(q, s) -> (-s,
/// q + s)` and a reflection `(q, s) -> (s, q)`: three times its centre, which the corners of
/// triangles, at the integer points, surround.
pub(super) fn to_axial(r: i32, c: i32) -> [i32; 2] {
    match (r + c) % 2 == 0 {
        true => [3 * (c - r) / 2 - 1, 3 * r + 2],
        false => [(3 * (c - r) - 1) / 2, 3 * r + 1],
    }
}

/// The triangle at axial coordinates `[q, s]` ([`to_axial`]'s inverse).
pub(super) fn from_axial([q, s]: [i32; 2]) -> [i32; 2] {
    match s.rem_euclid(3) == 2 {
        true => {
            let r = (s - 2).div_euclid(3);
            [r, r + 2 * (q + 1) / 3]
        }
        false => {
            let r = (s - 1).div_euclid(3);
            [r, r + (2 * q + 1) / 3]
        }
    }
}
