//! How pieces slide: the axes along which a piece moves (translations only, as a puzzle is
//! taken apart), and the cells a cell's solid passes through as it slides one step, found from
//! the solids themselves so that every grid has them alike.

use super::{cross, dot, minus, unlinear, Lattice, Point, Solid};

/// The axes pieces slide along, each the shortest translation that keeps the lattice in its
/// direction, in BurrTools' order where it has the grid (its x, y, z on the cubes; on the
/// prisms its layer, then along a row and the two slants).
pub(super) fn axes(lattice: Lattice) -> Vec<Point> {
    let unit = |dims: usize, axis: usize, by: i32| {
        let mut t = vec![0; dims];
        t[axis] = by;
        t
    };
    match lattice {
        // BurrTools' x is the last axis (a column), its z the first (a layer).
        Lattice::Cubic { dims } | Lattice::Spheres { dims: dims @ 0..=2 } => {
            (0..dims).rev().map(|a| unit(dims, a, 1)).collect()
        }
        Lattice::Triangular | Lattice::Hexagonal => vec![vec![0, 2], vec![-1, 1], vec![-1, -1]],
        Lattice::TriangularPrisms => {
            vec![
                vec![1, 0, 0],
                vec![0, 0, 2],
                vec![0, -1, 1],
                vec![0, -1, -1],
            ]
        }
        // The six lines through a sphere and two it touches.
        Lattice::Spheres { .. } => vec![
            vec![0, 0, 1],
            vec![0, 1, 0],
            vec![1, 0, 0],
            vec![1, -1, 0],
            vec![1, 0, -1],
            vec![1, -1, -1],
        ],
        Lattice::RhombicTetrahedra => (0..3).rev().map(|a| unit(3, a, 5)).collect(),
        // A cube along one axis would change each cube's kind: two along an axis, or one
        // along each of two.
        Lattice::TetrahedraOctahedra => {
            let mut axes: Vec<Point> = (0..3).rev().map(|a| unit(3, a, 6)).collect();
            for (a, b) in [(1, 2), (0, 2), (0, 1)] {
                for sign in [1, -1] {
                    let mut t = vec![0; 3];
                    t[a] = 3;
                    t[b] = 3 * sign;
                    axes.push(t);
                }
            }
            axes
        }
    }
}

/// How near two solids may come and still count as apart, in the units of a cell: their
/// corners are sums of small fractions and square roots, exact to far better than this.
const TOUCH: f64 = 1e-9;

/// The cells other than `cell` whose solids the solid of `cell` passes into as it slides by
/// `step` (a translation that keeps the lattice), its destination among them: a piece slides
/// one step past another only where none of its cells' sweeps holds one of the other's cells.
/// Solids that only touch (at a face, an edge or a point) do not stop it.
pub(super) fn sweep(lattice: Lattice, cell: &[i32], step: &[i32]) -> Vec<Point> {
    let Some(solid) = lattice.solid(cell) else {
        return Vec::new();
    };
    let to: Point = cell.iter().zip(step).map(|(a, b)| a + b).collect();
    let Some(moved) = lattice.solid(&to) else {
        return Vec::new();
    };
    let shift = minus(anchor(&moved), anchor(&solid));
    // Every cell the sweep can reach lies within a cube's side of the box of `cell` and `to`.
    let margin = lattice.cube_side().unwrap_or(1) + 1;
    let low: Point = (cell.iter().zip(&to))
        .map(|(a, b)| a.min(b) - margin)
        .collect();
    let extents: Vec<i32> = (cell.iter().zip(&to))
        .map(|(a, b)| (a - b).abs() + 2 * margin + 1)
        .collect();
    (0..extents.iter().product())
        .map(|i| {
            let p = unlinear(&extents, i);
            p.iter().zip(&low).map(|(x, l)| x + l).collect::<Point>()
        })
        .filter(|p| p != cell && lattice.is_cell(p))
        .filter(|p| (lattice.solid(p)).is_some_and(|other| passes_into(&solid, shift, &other)))
        .collect()
}

/// A point of a solid that a translation moves with it: its first corner, or its centre.
fn anchor(solid: &Solid) -> [f64; 3] {
    match solid {
        Solid::Polyhedron { corners, .. } => corners[0],
        Solid::Sphere { centre, .. } => *centre,
    }
}

/// Whether `solid`, moved along `shift` from where it is, passes into `other` (their insides
/// meet at some point of the way).
fn passes_into(solid: &Solid, shift: [f64; 3], other: &Solid) -> bool {
    match (solid, other) {
        (
            Solid::Sphere { centre, radius },
            Solid::Sphere {
                centre: c,
                radius: r,
            },
        ) => distance_to_segment(*c, *centre, shift) < radius + r - TOUCH,
        (Solid::Polyhedron { .. }, Solid::Polyhedron { .. }) => !separated(solid, shift, other),
        // The lattices have cells of one sort.
        _ => false,
    }
}

/// The distance from `p` to the segment from `a` along `d`.
fn distance_to_segment(p: [f64; 3], a: [f64; 3], d: [f64; 3]) -> f64 {
    let along = dot(d, d);
    let t = if along > 0.0 {
        (dot(minus(p, a), d) / along).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let nearest = [a[0] + t * d[0], a[1] + t * d[1], a[2] + t * d[2]];
    dot(minus(p, nearest), minus(p, nearest)).sqrt()
}

/// Whether a plane parts the convex solid swept along `shift` from `other` (the two may touch
/// on it): by the theorem of separating axes, it is enough to try the normals of the faces of
/// both and the cross products of their edges, the sweep's faces being the solid's and those
/// along `shift`, its edges the solid's and `shift`.
fn separated(solid: &Solid, shift: [f64; 3], other: &Solid) -> bool {
    let (Solid::Polyhedron { corners: a, .. }, Solid::Polyhedron { corners: b, .. }) =
        (solid, other)
    else {
        return false;
    };
    let swept: Vec<[f64; 3]> = (a.iter().copied())
        .chain(
            a.iter()
                .map(|c| [c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]]),
        )
        .collect();
    let mut edges_a = edges(solid);
    edges_a.push(shift);
    let edges_b = edges(other);
    let mut axes = normals(solid);
    axes.extend(normals(other));
    for ea in &edges_a {
        for eb in edges_a.iter().chain(&edges_b) {
            axes.push(cross(*ea, *eb));
        }
    }
    axes.into_iter()
        .filter(|axis| dot(*axis, *axis) > TOUCH)
        .any(|axis| {
            let (low_a, high_a) = extent(&swept, axis);
            let (low_b, high_b) = extent(b, axis);
            let scale = dot(axis, axis).sqrt();
            high_a <= low_b + TOUCH * scale || high_b <= low_a + TOUCH * scale
        })
}

/// The least and greatest of the points along `axis`.
fn extent(points: &[[f64; 3]], axis: [f64; 3]) -> (f64, f64) {
    (points.iter().map(|p| dot(*p, axis))).fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| {
        (l.min(x), h.max(x))
    })
}

/// The directions of a polyhedron's edges.
fn edges(solid: &Solid) -> Vec<[f64; 3]> {
    let Solid::Polyhedron { corners, faces } = solid else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for face in faces {
        let n = face.corners.len();
        for k in 0..n {
            let (from, to) = (face.corners[k], face.corners[(k + 1) % n]);
            if from < to {
                out.push(minus(corners[to], corners[from]));
            }
        }
    }
    out
}

/// The normals of a polyhedron's faces.
fn normals(solid: &Solid) -> Vec<[f64; 3]> {
    let Solid::Polyhedron { corners, faces } = solid else {
        return Vec::new();
    };
    (faces.iter())
        .map(|f| {
            let [a, b, c] = [0, 1, 2].map(|k| corners[f.corners[k]]);
            cross(minus(b, a), minus(c, a))
        })
        .collect()
}
