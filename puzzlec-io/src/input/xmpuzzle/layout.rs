//! How BurrTools lays an assembly of cubes before it takes it apart ([`Layout`]): the least
//! of its images under the turns of the box, placements compared by BurrTools' number of
//! each piece's orientation and the voxel its hotspot is at, the symmetry-breaking piece
//! first. Where equally short separations differ, the level BurrTools writes depends on it.
//!
//! BurrTools numbers the 24 rotations of the grid of cubes in six blocks of four: the x axis
//! sent to x, z, -x, -z (quarter turns about y), then y, -y (about z), each after 0 to 3
//! quarter turns about x; a mirror image is a rotation after x is negated.

use puzzlec::disassembly::Layout;
use puzzlec::Lattice;

/// A 3 x 3 matrix acting on coordinates (x, y, z): `new[i] = sum of m[i][j] * old[j]`.
type Matrix = [[f64; 3]; 3];

fn product(a: &Matrix, b: &Matrix) -> Matrix {
    let mut out = [[0.0; 3]; 3];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    out
}

fn apply(m: &Matrix, v: [f64; 3]) -> [f64; 3] {
    m.map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum())
}

/// The grids whose assemblies BurrTools takes apart, each with its numbering of the
/// transformations and how a transformation moves a voxel.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Grid {
    Cubes,
    Prisms,
}

impl Grid {
    /// BurrTools' transformations in its numbering: the rotations, then each of them after x
    /// is negated. Of cubes, the 24 rotations in six blocks of four: x sent to x, z, -x, -z
    /// (quarter turns about y), then y, -y (about z), each after 0 to 3 quarter turns about x.
    /// Of prisms, the 12 in two blocks of six: a sixth of a turn about z after another, the
    /// second block after a half turn about y; in the plane of the triangles, whose corners
    /// are at the integer x and at y a multiple of the height of one.
    fn transformations(self) -> Vec<Matrix> {
        const I: Matrix = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let mut rotations = Vec::with_capacity(48);
        match self {
            Grid::Cubes => {
                // A quarter turn about x taking y to z, about y taking x to z, about z taking
                // x to y.
                const X: Matrix = [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]];
                const Y: Matrix = [[0.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]];
                const Z: Matrix = [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]];
                let y2 = product(&Y, &Y);
                let z3 = product(&Z, &product(&Z, &Z));
                for d in [I, Y, y2, product(&Y, &y2), Z, z3] {
                    let mut m = d;
                    for _ in 0..4 {
                        rotations.push(m);
                        m = product(&m, &X);
                    }
                }
            }
            Grid::Prisms => {
                let (c, s) = (0.5, 0.75f64.sqrt());
                let sixth: Matrix = [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]];
                let over: Matrix = [[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]];
                for first in [I, over] {
                    let mut m = I;
                    for _ in 0..6 {
                        rotations.push(product(&m, &first));
                        m = product(&sixth, &m);
                    }
                }
            }
        }
        let negate_x: Matrix = [[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let mirrors: Vec<Matrix> = rotations.iter().map(|r| product(r, &negate_x)).collect();
        rotations.extend(mirrors);
        rotations
    }

    /// The voxel that voxel `v` goes to under `m`, about the origin.
    fn transform(self, m: &Matrix, [x, y, z]: [i32; 3]) -> [i32; 3] {
        let round = |a: f64| a.round() as i32;
        match self {
            Grid::Cubes => apply(m, [x, y, z].map(f64::from)).map(round),
            Grid::Prisms => {
                // The triangle's centre, turned, and the triangle it is the centre of.
                let height = 0.75f64.sqrt();
                let up = (x + y).rem_euclid(2) == 0;
                let lift = if up {
                    (1.0f64 / 12.0).sqrt()
                } else {
                    (1.0f64 / 3.0).sqrt()
                };
                let centre = [
                    0.5 + 0.5 * f64::from(x),
                    f64::from(y) * height + lift,
                    f64::from(z),
                ];
                let [a, b, c] = apply(m, centre);
                [
                    round((a - 0.5) * 2.0),
                    (b / height).floor() as i32,
                    round(c),
                ]
            }
        }
    }

    /// Voxels with their states moved to one place for their shape: each axis from 0, but on
    /// the prisms x one less where that keeps the triangles' directions (x + y's parity).
    fn normalised(self, mut voxels: Vec<([i32; 3], bool)>) -> Vec<([i32; 3], bool)> {
        let low = |a: usize| voxels.iter().map(|(v, _)| v[a]).min().unwrap_or(0);
        let mut low = [low(0), low(1), low(2)];
        if self == Grid::Prisms && (low[0] + low[1]).rem_euclid(2) == 1 {
            low[0] -= 1;
        }
        for (v, _) in &mut voxels {
            for a in 0..3 {
                v[a] -= low[a];
            }
        }
        voxels.sort_unstable();
        voxels
    }

    /// The transformations (a bit each, in BurrTools' numbering) that take the voxels onto
    /// themselves up to a translation, each state onto itself.
    fn symmetries(self, all: &[Matrix], voxels: &[([i32; 3], bool)]) -> u64 {
        let own = self.normalised(voxels.to_vec());
        let mut mask = 0;
        for (t, m) in all.iter().enumerate() {
            let turned = voxels
                .iter()
                .map(|&(v, s)| (self.transform(m, v), s))
                .collect();
            if self.normalised(turned) == own {
                mask |= 1 << t;
            }
        }
        mask
    }
}

/// A piece of a problem as BurrTools has it: its filled voxels, its hotspot, and how many
/// copies.
pub(super) struct Part<'a> {
    pub(super) filled: &'a [[i32; 3]],
    pub(super) hotspot: [i32; 3],
    pub(super) counts: (u32, u32),
}

/// BurrTools' layout of assemblies of `parts` in a box on `grid` whose voxels are `cells`
/// (each `true` where variable), each voxel's point of the puzzle's space given by `point`.
pub(super) fn layout(
    grid: Grid,
    cells: &[([i32; 3], bool)],
    parts: &[Part<'_>],
    point: impl Fn([i32; 3]) -> Vec<i32>,
) -> Layout {
    let all = grid.transformations();
    let result = grid.symmetries(&all, cells);
    let rotations = &all[..all.len() / 2];
    let ways = (parts.iter())
        .map(|part| {
            (rotations.iter())
                .map(|m| {
                    let turned = |v: [i32; 3]| point(grid.transform(m, v));
                    (
                        part.filled.iter().map(|&v| turned(v)).collect(),
                        turned(part.hotspot),
                    )
                })
                .collect()
        })
        .collect();
    let counts: Vec<(u32, u32)> = parts.iter().map(|p| p.counts).collect();
    let box_cells: Vec<(Vec<i32>, bool)> = cells.iter().map(|&(v, s)| (point(v), s)).collect();
    // The points' coordinates are (z, y, x) up to a translation, or (z, -y, x) on the
    // prisms; placements are ordered by (x, y, z).
    let (lattice, order) = match grid {
        Grid::Cubes => (Lattice::cubic(3), [[0, 0, 1], [0, 1, 0], [1, 0, 0]]),
        Grid::Prisms => (
            Lattice::TriangularPrisms,
            [[0, 0, 1], [0, -1, 0], [1, 0, 0]],
        ),
    };
    let pivot = pivot(grid, &all, result, parts);
    Layout::new(lattice, &box_cells, ways, counts, pivot, order)
}

/// BurrTools' symmetry-breaking piece, which its comparison of placements takes first: of
/// the kinds with the fewest copies, the first sharing the fewest symmetries with the box
/// (in any orientation of either); none where it has copies or a kind's count is a range.
fn pivot(grid: Grid, all: &[Matrix], result: u64, parts: &[Part<'_>]) -> Option<usize> {
    // The box's symmetries in every orientation: each conjugated by every rotation.
    let near =
        |a: &Matrix, b: &Matrix| (0..3).all(|i| (0..3).all(|j| (a[i][j] - b[i][j]).abs() < 1e-9));
    let index = |m: &Matrix| all.iter().position(|a| near(a, m));
    let inverse =
        |m: &Matrix| -> Matrix { std::array::from_fn(|i| std::array::from_fn(|j| m[j][i])) };
    let mut unified = 0u64;
    for g in &all[..all.len() / 2] {
        for (t, m) in all.iter().enumerate() {
            if result >> t & 1 == 1 {
                let conjugate = product(&product(g, m), &inverse(g));
                unified |= index(&conjugate).map_or(0, |c| 1 << c);
            }
        }
    }
    let shared = |part: &Part<'_>| -> u32 {
        let voxels: Vec<([i32; 3], bool)> = part.filled.iter().map(|&v| (v, false)).collect();
        (unified & grid.symmetries(all, &voxels)).count_ones()
    };
    let mut best = 0;
    let mut fewest = shared(parts.first()?);
    for (i, part) in parts.iter().enumerate().skip(1) {
        let count = shared(part);
        let (most, best_most) = (part.counts.1, parts[best].counts.1);
        if most < best_most || (most == best_most && count < fewest) {
            fewest = count;
            best = i;
        }
    }
    let ranges = parts.iter().any(|p| p.counts.0 != p.counts.1);
    (parts[best].counts.1 == 1 && !ranges).then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbering holds what its description says: 24 distinct rotations, each block of
    /// four sending x one way, turning about x within it; then their mirror images.
    #[test]
    fn burrtools_numbers_the_rotations_so() {
        let all = Grid::Cubes.transformations();
        assert_eq!(all.len(), 48);
        for (i, a) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|b| b != a));
        }
        let x_to = [
            [1, 0, 0],
            [0, 0, 1],
            [-1, 0, 0],
            [0, 0, -1],
            [0, 1, 0],
            [0, -1, 0],
        ];
        let cube = |t: usize, v: [i32; 3]| Grid::Cubes.transform(&all[t], v);
        for (block, to) in x_to.iter().enumerate() {
            for b in 0..4 {
                assert_eq!(cube(4 * block + b, [1, 0, 0]), *to);
            }
        }
        // The second in each block turns y to z before the block's turn.
        assert_eq!(cube(1, [0, 1, 0]), [0, 0, 1]);
        assert_eq!(cube(25, [1, 0, 0]), [-1, 0, 0]);
    }

    /// The prisms' transformations take triangles to triangles, an up one to an up one after
    /// a third of a turn and to a down one after a sixth; twelve distinct rotations.
    #[test]
    fn burrtools_turns_prisms_so() {
        let all = Grid::Prisms.transformations();
        assert_eq!(all.len(), 24);
        let prism = |t: usize, v: [i32; 3]| Grid::Prisms.transform(&all[t], v);
        let up = |[x, y, _]: [i32; 3]| (x + y).rem_euclid(2) == 0;
        assert!(!up(prism(1, [0, 0, 0])) && up(prism(2, [0, 0, 0])));
        // Six sixths of a turn are none.
        let mut v = [3, 1, 2];
        for _ in 0..6 {
            v = prism(1, v);
        }
        assert_eq!(v, [3, 1, 2]);
        assert_eq!(prism(6, [0, 0, 1])[2], -1);
    }
}
