//! Squares in the plane, cubes in space, and their like in more axes: a cell at every integer
//! point, touching the cells one step away along one axis; the motions are the signed
//! permutations of the axes.

use super::motion::Motion;
use super::{Face, Point, Solid};

/// The steps to the cells `cell` touches: one each way along each axis.
pub(super) fn steps(cell: &[i32]) -> Vec<Point> {
    (0..cell.len())
        .flat_map(|axis| {
            [-1, 1].into_iter().map(move |step| {
                let mut p = vec![0; cell.len()];
                p[axis] = step;
                p
            })
        })
        .collect()
}

/// The motions: every signed permutation of the axes.
pub(super) fn motions(dims: usize) -> Vec<Motion> {
    Motion::all(dims)
}

/// A square's outline: its corners from the top left, clockwise as drawn, each with the cell
/// across the side to the next.
pub(super) fn outline(r: i32, c: i32) -> Vec<([f64; 2], Point)> {
    let (rf, cf) = (f64::from(r), f64::from(c));
    let at = |dr: i32, dc: i32| vec![r + dr, c + dc];
    vec![
        ([cf, rf], at(-1, 0)),
        ([cf + 1.0, rf], at(0, 1)),
        ([cf + 1.0, rf + 1.0], at(1, 0)),
        ([cf, rf + 1.0], at(0, -1)),
    ]
}

/// A unit cube at (x, y, z) = (column, row, layer), or a square's tile one deep.
pub(super) fn solid(cell: &[i32]) -> Option<Solid> {
    let (l, r, c) = match *cell {
        [l, r, c] => (l, r, c),
        [r, c] => (0, r, c),
        _ => return None,
    };
    let origin = [f64::from(c), f64::from(r), f64::from(l)];
    let corners: Vec<[f64; 3]> = (0..8)
        .map(|k| {
            let bit = |b: usize| f64::from((k >> b) & 1);
            [origin[0] + bit(0), origin[1] + bit(1), origin[2] + bit(2)]
        })
        .collect();
    // A tile has no cell above or below it.
    let across = |dl: i32, dr: i32, dc: i32| match cell.len() {
        3 => Some(vec![l + dl, r + dr, c + dc]),
        _ => (dl == 0).then(|| vec![r + dr, c + dc]),
    };
    // Each face by the corners with one bit fixed, and the cell across it.
    let face = |bit: usize, set: usize, across: Option<Point>| {
        let others: Vec<usize> = (0..3).filter(|&b| b != bit).collect();
        let corner = |a: usize, b: usize| (set << bit) | (a << others[0]) | (b << others[1]);
        Face {
            corners: vec![corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)],
            across,
        }
    };
    let faces = vec![
        face(0, 0, across(0, 0, -1)),
        face(0, 1, across(0, 0, 1)),
        face(1, 0, across(0, -1, 0)),
        face(1, 1, across(0, 1, 0)),
        face(2, 0, across(-1, 0, 0)),
        face(2, 1, across(1, 0, 0)),
    ];
    Some(Solid::polyhedron(corners, faces))
}
