//! Tetrahedra and octahedra (BurrTools' fifth grid): each cube of space, its cubes of two kinds
//! alternating like a checkerboard, cut into the regular tetrahedron of four of its corners and
//! the four corners left, at the points of a grid three times as fine: the centre (1, 1, 1) of
//! the cube of positions 0 to 2, and the corners of its kind (an odd number of 2s in the cube
//! whose axes' numbers add up to an even number, an even number in the others). The tetrahedron
//! touches its four corners; a corner touches it and the corners of the three cubes across its
//! faces (the eight corners around a point make an octahedron). The motions are the cube's 48
//! about a corner of the cubes, the translations those by whole cubes that keep each cube's
//! kind.

use super::{Face, Point, Solid};

/// The side of a cube of the grid, in its positions.
pub(super) const BLOCK: i32 = 3;

/// Where the tetrahedra and corners are, among a box's positions.
pub(super) const RULE: &str =
    "each cube of 3 x 3 x 3 positions holds its tetrahedron at (1, 1, 1) and four \
     corners, those with an odd number of 2s where the cube's numbers along the axes \
     add up to an even number and an even number elsewhere";

/// Where they are, among BurrTools' voxels.
pub(super) const VOXEL_RULE: &str =
    "each cube of 3 x 3 x 3 voxels holds its tetrahedron at (1, 1, 1) and four \
     corners";

/// Whether a translation keeps the lattice: by whole cubes, an even number of them in all, so
/// that each cube keeps its kind.
pub(super) fn keeps(t: &[i32]) -> bool {
    let whole = t.iter().all(|x| x % BLOCK == 0);
    whole && t.iter().map(|x| x / BLOCK).sum::<i32>() % 2 == 0
}

/// The cell at `cell`, the cube a side long: the tetrahedron of four of its cube's corners, or
/// a corner cut off by it (the corner and the three next to it along the cube's edges).
pub(super) fn solid(cell: &[i32]) -> Option<Solid> {
    let steps = steps(cell)?;
    let cube: [f64; 3] = [0, 1, 2].map(|a| f64::from(cell[a].div_euclid(BLOCK)));
    let local: [i32; 3] = [0, 1, 2].map(|a| cell[a].rem_euclid(BLOCK));
    // A cube's corner by the local position (0 or 2 on each axis) of the cell at it.
    let corner = |at: [i32; 3]| -> [f64; 3] {
        let [l, r, c] = [0, 1, 2].map(|a| cube[a] + f64::from(at[a] / 2));
        [c, r, l]
    };
    let across =
        |s: [i32; 3]| -> Option<Point> { Some(cell.iter().zip(s).map(|(x, d)| x + d).collect()) };
    if local == [1, 1, 1] {
        // Its corners are those opposite the cells across its faces: a face leaves out the
        // corner opposite its cell.
        let opposite = steps.map(|[a, b, c]| corner([1 - a, 1 - b, 1 - c]));
        let faces = (0..4)
            .map(|k| {
                let others = (0..4).filter(|&j| j != k).collect();
                Face::new(others, across(steps[k]))
            })
            .collect();
        return Some(Solid::polyhedron(opposite.to_vec(), faces));
    }
    // The corner, then the three next to it, each across the axis its face leaves out.
    let next = |a: usize| {
        let mut at = local;
        at[a] = 2 - at[a];
        corner(at)
    };
    let corners = vec![corner(local), next(0), next(1), next(2)];
    let faces = vec![
        Face::new(vec![1, 2, 3], across(steps[0])),
        Face::new(vec![0, 2, 3], across(steps[1])),
        Face::new(vec![0, 1, 3], across(steps[2])),
        Face::new(vec![0, 1, 2], across(steps[3])),
    ];
    Some(Solid::polyhedron(corners, faces))
}

/// The steps from a cell of the tetrahedra and octahedra's grid to the four it touches, if
/// the point is a cell: from a cube's tetrahedron, its cube's four corners of its kind; from a
/// corner, the tetrahedron and the corners across the cube's three faces at the corner.
pub(super) fn steps(p: &[i32]) -> Option<[[i32; 3]; 4]> {
    let r: Vec<i32> = p.iter().map(|x| x.rem_euclid(BLOCK)).collect();
    let kind: i32 = p
        .iter()
        .map(|x| x.div_euclid(BLOCK))
        .sum::<i32>()
        .rem_euclid(2);
    if r.iter().all(|&x| x == 1) {
        let corners = match kind {
            0 => [[1, -1, -1], [-1, 1, -1], [-1, -1, 1], [1, 1, 1]],
            _ => [[-1, -1, -1], [1, 1, -1], [1, -1, 1], [-1, 1, 1]],
        };
        return Some(corners);
    }
    let twos = r.iter().filter(|&&x| x == 2).count() as i32;
    if !r.iter().all(|&x| x == 0 || x == 2) || (twos + kind) % 2 != 1 {
        return None;
    }
    let out = |a: usize| if r[a] == 2 { 1 } else { -1 };
    let mut steps = [[0; 3]; 4];
    steps[0] = [1 - r[0], 1 - r[1], 1 - r[2]];
    for (a, step) in steps.iter_mut().skip(1).enumerate() {
        step[a] = out(a);
    }
    Some(steps)
}
