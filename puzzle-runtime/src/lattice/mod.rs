//! The lattice a puzzle is built on: which points are cells, which cells touch, the motions
//! that map the lattice onto itself (rotations, reflections) and the translations that keep a
//! shape within a block. The compiler's board, shapes, pruning tables, dead ends, failure cache
//! and generated polyforms ask it, and so does the drawing of a solution ([`Catalog`](crate::Catalog)
//! names its lattice): none assumes anything of its own about how cells lie.
//!
//! Every lattice's points are written as a person draws them: (row, column) in the plane, a
//! row being a line of text and a column a character of it. The square and cubic lattice has a
//! cell at every point. The triangular lattice too, each triangle pointing up where row +
//! column is even and down where it is odd, so that the characters of a row alternate. The
//! hexagonal lattice has a hexagon at the points where row + column is even, a space between
//! two in a row and each row half a hexagon from the next, as a drawing shows them. On the
//! plane lattices a translation moves a shape by an even row + column, so that triangles keep
//! their direction and hexagons stay on their points.

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
    /// Triangles in the plane (polyiamonds): the triangle at (row, column) points up where
    /// row + column is even and touches the triangles beside it in its row and the one below
    /// (pointing up) or above (pointing down); the motions are the twelve of a hexagon about
    /// a corner of a triangle.
    Triangular,
    /// Triangular prisms in layers of the triangular lattice (BurrTools' second grid): the
    /// prism at (layer, row, column) touches the three beside it in its layer as the triangle
    /// at (row, column) does, and the two above and below it; the motions are the twelve of
    /// the triangular lattice, each also with the layers reversed.
    TriangularPrisms,
    /// Hexagons in the plane (polyhexes), at the points (row, column) where row + column is
    /// even: a hexagon touches the two beside it in its row (two columns away) and two in each
    /// row next to it (one column away); the motions are the twelve of a hexagon about its
    /// centre.
    Hexagonal,
    /// Spheres packed as oranges are stacked (the face-centred cubic packing; BurrTools' third
    /// grid), in square layers: the sphere at (layer, row, column) touches the four beside it
    /// in its layer and four in each layer next to it, each layer resting in the hollows of the
    /// one below, half a sphere down and to the right. A square pyramid is layers of 5 x 5,
    /// 4 x 4, ... spheres, each drawn from its own first row and column. The motions are the
    /// 48 of a cube (in the lattice's own axes, not the layers'), and, for a shape lying in one
    /// of the lattice's hexagonal planes, each of those after a sixth of a turn within that
    /// plane: 240 in all, of which a shape keeps those that take it onto spheres. With
    /// `dims: 2`, one square layer, as a flat piece is drawn.
    Spheres {
        /// 3, or 2 for a single layer.
        dims: usize,
    },
    /// Rhombic tetrahedra (BurrTools' fourth grid): each cube of space cut into 24, a triangle
    /// of each face (a quarter cut by its diagonals) with the cube's centre, at the points of a
    /// grid five times as fine as the cubes', the cube of positions 0 to 4 on each axis having
    /// its tetrahedra at the positions 2 ± 2 along one axis, 2 ± 1 along another and 2 along the
    /// third (the face and the quarter). A tetrahedron touches four: across the cube's face,
    /// across its edge into the next face's quarter, and the two quarters beside it in its
    /// face. The motions are the cube's 48 about a cube's centre, the translations whole cubes.
    RhombicTetrahedra,
    /// Tetrahedra and octahedra (BurrTools' fifth grid): each cube of space, its cubes of two
    /// kinds alternating like a checkerboard, cut into the regular tetrahedron of four of its
    /// corners and the four corners left, at the points of a grid three times as fine: the
    /// centre (1, 1, 1) of the cube of positions 0 to 2, and the corners of its kind (an odd
    /// number of 2s in the cube whose axes' numbers add up to an even number, an even number
    /// in the others). The tetrahedron touches its four corners; a corner touches it and the
    /// corners of the three cubes across its faces (the eight corners around a point make an
    /// octahedron). The motions are the cube's 48 about a corner of the cubes, the
    /// translations those by whole cubes that keep each cube's kind.
    TetrahedraOctahedra,
}

/// The steps from a hexagon to the six it touches, in (row, column), the doubled columns of
/// the hexagonal lattice.
const HEXAGON_STEPS: [[i32; 2]; 6] = [[0, -2], [0, 2], [-1, -1], [-1, 1], [1, -1], [1, 1]];

/// The steps from a sphere to the twelve it touches, in (layer, row, column): four in its
/// layer, and four each in the layers above (which rest up and to the left of it) and below.
const SPHERE_STEPS: [[i32; 3]; 12] = [
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

impl Lattice {
    /// The square and cubic lattice of `dims` axes.
    pub fn cubic(dims: usize) -> Lattice {
        Lattice::Cubic { dims }
    }

    /// The coordinates of a point.
    pub fn dims(self) -> usize {
        match self {
            Lattice::Cubic { dims } => dims,
            Lattice::Triangular | Lattice::Hexagonal => 2,
            Lattice::TriangularPrisms => 3,
            Lattice::Spheres { dims } => dims,
            Lattice::RhombicTetrahedra | Lattice::TetrahedraOctahedra => 3,
        }
    }

    /// The lattice a single layer of spheres behaves as, the square one; else itself.
    fn plain(self) -> Lattice {
        match self {
            Lattice::Spheres { dims } if dims < 3 => Lattice::cubic(dims),
            _ => self,
        }
    }

    /// The first of the two axes (row, column) whose sum a translation keeps even, on the
    /// lattices but the square and cubic one.
    fn paired(self) -> Option<usize> {
        match self {
            Lattice::Cubic { .. }
            | Lattice::Spheres { .. }
            | Lattice::RhombicTetrahedra
            | Lattice::TetrahedraOctahedra => None,
            Lattice::Triangular | Lattice::Hexagonal => Some(0),
            Lattice::TriangularPrisms => Some(1),
        }
    }

    /// Whether a translation keeps the lattice's points where they are (row + column's parity
    /// on the lattices that have one).
    fn keeps(self, t: &[i32]) -> bool {
        if self == Lattice::RhombicTetrahedra {
            return t.iter().all(|x| x % TETRAHEDRA_BLOCK == 0);
        }
        if self == Lattice::TetrahedraOctahedra {
            let whole = t.iter().all(|x| x % OCTAHEDRA_BLOCK == 0);
            return whole && t.iter().map(|x| x / OCTAHEDRA_BLOCK).sum::<i32>() % 2 == 0;
        }
        self.paired().is_none_or(|a| (t[a] + t[a + 1]) % 2 == 0)
    }

    /// The plane lattice whose layers this one stacks, for drawing.
    pub fn layer(self) -> Option<Lattice> {
        match self {
            Lattice::TriangularPrisms => Some(Lattice::Triangular),
            Lattice::Cubic { dims } if dims >= 2 => Some(Lattice::cubic(2)),
            Lattice::Cubic { .. } => None,
            Lattice::Triangular | Lattice::Hexagonal => Some(self),
            Lattice::Spheres { .. } => Some(Lattice::Spheres { dims: 2 }),
            Lattice::RhombicTetrahedra | Lattice::TetrahedraOctahedra => Some(Lattice::cubic(2)),
        }
    }

    /// Whether a point of the right number of coordinates is a cell of the lattice: every
    /// point but the hexagonal lattice's where row + column is odd.
    pub fn is_cell(self, p: &[i32]) -> bool {
        match self {
            Lattice::Cubic { .. }
            | Lattice::Triangular
            | Lattice::TriangularPrisms
            | Lattice::Spheres { .. } => true,
            Lattice::RhombicTetrahedra => tetrahedron(p).is_some(),
            Lattice::TetrahedraOctahedra => octahedra_steps(p).is_some(),
            Lattice::Hexagonal => (p[0] + p[1]) % 2 == 0,
        }
    }

    /// The cells that touch `cell` (share a side or a face).
    pub fn neighbours(self, cell: &[i32]) -> impl Iterator<Item = Point> + '_ {
        let steps: Vec<Point> = match self.plain() {
            Lattice::Cubic { .. } => (0..cell.len())
                .flat_map(|axis| {
                    [-1, 1].into_iter().map(move |step| {
                        let mut p = vec![0; cell.len()];
                        p[axis] = step;
                        p
                    })
                })
                .collect(),
            Lattice::Triangular => {
                let below = if (cell[0] + cell[1]) % 2 == 0 { 1 } else { -1 };
                vec![vec![0, -1], vec![0, 1], vec![below, 0]]
            }
            Lattice::TriangularPrisms => {
                let below = if (cell[1] + cell[2]) % 2 == 0 { 1 } else { -1 };
                let beside = [[0, 0, -1], [0, 0, 1], [0, below, 0], [-1, 0, 0], [1, 0, 0]];
                beside.iter().map(|s| s.to_vec()).collect()
            }
            Lattice::Hexagonal => HEXAGON_STEPS.iter().map(|s| s.to_vec()).collect(),
            Lattice::Spheres { .. } => SPHERE_STEPS.iter().map(|s| s.to_vec()).collect(),
            Lattice::RhombicTetrahedra => (tetrahedron(cell).iter())
                .flat_map(|t| t.steps())
                .map(|s| s.to_vec())
                .collect(),
            Lattice::TetrahedraOctahedra => (octahedra_steps(cell).into_iter())
                .flatten()
                .map(|s| s.to_vec())
                .collect(),
        };
        steps
            .into_iter()
            .map(move |s| cell.iter().zip(&s).map(|(x, d)| x + d).collect())
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
            Lattice::Triangular => 3,
            Lattice::TriangularPrisms => 5,
            Lattice::Hexagonal => 6,
            Lattice::Spheres { dims } if dims < 3 => 4,
            Lattice::Spheres { .. } => 12,
            Lattice::RhombicTetrahedra | Lattice::TetrahedraOctahedra => 4,
        }
    }

    /// The motions that fix the origin and map the lattice onto itself, the identity first.
    pub fn motions(self) -> Vec<Motion> {
        match self.plain() {
            Lattice::Cubic { dims } => Motion::all(dims),
            Lattice::Spheres { .. } => sphere_motions(),
            Lattice::RhombicTetrahedra | Lattice::TetrahedraOctahedra => {
                // About a cube's centre, (2, 2, 2); about the corner between the first two
                // cubes, (2.5, 2.5, 2.5).
                let twice_centre = match self {
                    Lattice::RhombicTetrahedra => 2 * TETRAHEDRA_CENTRE,
                    _ => 2 * OCTAHEDRA_BLOCK - 1,
                };
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
            Lattice::Triangular | Lattice::Hexagonal | Lattice::TriangularPrisms => {
                let flips = if self == Lattice::TriangularPrisms {
                    2
                } else {
                    1
                };
                (0..flips)
                    .flat_map(|flip| (0..2).map(move |reflect| (flip == 1, reflect == 1)))
                    .flat_map(|(flip, reflect)| {
                        (0..6).map(move |turns| Motion {
                            kind: MotionKind::Turn {
                                lattice: self,
                                turns,
                                reflect,
                                flip,
                            },
                        })
                    })
                    .collect()
            }
        }
    }

    /// The same lattice with `dims` axes, of which a shape of this one is a flat part (its
    /// points at coordinate 0 on the axes added); `None` where the lattice has no such form
    /// (the plane lattices but the square one lie in the plane alone).
    pub fn with_dims(self, dims: usize) -> Option<Lattice> {
        match self {
            Lattice::Cubic { .. } => Some(Lattice::Cubic { dims }),
            Lattice::Triangular | Lattice::TriangularPrisms if dims == 3 => {
                Some(Lattice::TriangularPrisms)
            }
            Lattice::Triangular | Lattice::Hexagonal => (dims == 2).then_some(self),
            Lattice::TriangularPrisms => None,
            Lattice::Spheres { .. } => (2..=3).contains(&dims).then_some(Lattice::Spheres { dims }),
            Lattice::RhombicTetrahedra | Lattice::TetrahedraOctahedra => {
                (dims == 3).then_some(self)
            }
        }
    }

    /// A point of this lattice as a point of the same lattice with `dims` axes
    /// ([`with_dims`](Self::with_dims)): the axes added at 0, after the square lattice's
    /// (which are all alike) and before the triangular lattice's (a flat polyiamond lies in
    /// the first layer of prisms).
    pub fn embed(self, p: &[i32], dims: usize) -> Point {
        let added = dims.saturating_sub(p.len());
        match self {
            Lattice::Triangular | Lattice::Spheres { .. } => std::iter::repeat_n(0, added)
                .chain(p.iter().copied())
                .collect(),
            _ => p
                .iter()
                .copied()
                .chain(std::iter::repeat_n(0, added))
                .collect(),
        }
    }

    /// Translates `cells` to the lattice's one place for their shape: each axis from 0 (on
    /// the triangular and hexagonal lattices, the columns from 0 or 1, whichever keeps row +
    /// column's parity). Two sets of cells are one shape up to translation exactly when they
    /// come out equal.
    pub fn normalise(self, cells: &mut [Point]) {
        let Some(shift) = self.normalising_shift(cells) else {
            return;
        };
        for c in cells.iter_mut() {
            for (x, d) in c.iter_mut().zip(&shift) {
                *x += d;
            }
        }
    }

    /// The translation [`normalise`](Self::normalise) moves `cells` by (`None` for no cells):
    /// what moves anything given in the same coordinates, such as a piece's colours, with them.
    pub fn normalising_shift(self, cells: &[Point]) -> Option<Point> {
        let low = lowest(cells)?;
        let mut shift: Point = low.iter().map(|x| -x).collect();
        if let Some(a) = self.paired().filter(|_| !self.keeps(&shift)) {
            shift[a + 1] += 1;
        }
        if self == Lattice::RhombicTetrahedra {
            shift = low
                .iter()
                .map(|x| -x.div_euclid(TETRAHEDRA_BLOCK) * TETRAHEDRA_BLOCK)
                .collect();
        }
        if self == Lattice::TetrahedraOctahedra {
            shift = low
                .iter()
                .map(|x| -x.div_euclid(OCTAHEDRA_BLOCK) * OCTAHEDRA_BLOCK)
                .collect();
            // A move by an odd number of cubes changes the cubes' kinds: one more keeps them.
            if !self.keeps(&shift) {
                shift[0] += OCTAHEDRA_BLOCK;
            }
        }
        Some(shift)
    }

    /// The images of `cells` (points of a block of `extents`) under `motion`, moved back into
    /// the block, in the order given; `None` where they do not come back onto points of the
    /// block (the caller then checks that they are cells). The square and cubic lattice moves
    /// the block onto itself, and refuses a motion that does not map the block's extents onto
    /// themselves; the others move the cells' images onto the cells' own least corner.
    pub fn images_in_block(
        self,
        motion: &Motion,
        cells: &[Point],
        extents: &[i32],
    ) -> Option<Vec<Point>> {
        let mut flat = Vec::new();
        self.flat_images_in_block(motion, cells, extents, &mut flat)?;
        Some(
            flat.chunks_exact(extents.len().max(1))
                .map(<[i32]>::to_vec)
                .collect(),
        )
    }

    /// [`images_in_block`](Self::images_in_block), the images one after another in `out`
    /// (cleared first, `extents.len()` coordinates each): a box's symmetries take the images
    /// of its thousands of cells under each motion.
    pub fn flat_images_in_block(
        self,
        motion: &Motion,
        cells: &[Point],
        extents: &[i32],
        out: &mut Vec<i32>,
    ) -> Option<()> {
        let dims = extents.len().max(1);
        match self.plain() {
            Lattice::Cubic { .. } => {
                out.clear();
                (cells.iter()).try_for_each(|p| motion.apply_within_into(p, extents, out))
            }
            Lattice::Triangular
            | Lattice::Hexagonal
            | Lattice::TriangularPrisms
            | Lattice::Spheres { .. }
            | Lattice::RhombicTetrahedra
            | Lattice::TetrahedraOctahedra => {
                motion.apply_all_into(cells, out)?;
                let Some(to) = lowest(cells) else {
                    return Some(());
                };
                let mut from = out[..dims].to_vec();
                for image in out.chunks_exact(dims) {
                    for (f, &x) in from.iter_mut().zip(image) {
                        *f = (*f).min(x);
                    }
                }
                let shift: Point = to.iter().zip(&from).map(|(t, f)| t - f).collect();
                if !self.keeps(&shift) {
                    return None;
                }
                for image in out.chunks_exact_mut(dims) {
                    for ((x, d), &e) in image.iter_mut().zip(&shift).zip(extents) {
                        *x += d;
                        if !(0..e).contains(x) {
                            return None;
                        }
                    }
                }
                Some(())
            }
        }
    }

    /// The outline of a cell of a plane lattice as drawn: its corners in order, each with the
    /// point across the side from it to the next corner, in units of a square's side, a
    /// triangle's side or the width of a hexagon (x to the right, y down, the block's first
    /// point at the top left). `None` on a lattice of other than two axes.
    pub fn outline(self, cell: &[i32]) -> Option<Vec<([f64; 2], Point)>> {
        let (r, c) = (*cell.first()?, *cell.get(1)?);
        let (rf, cf) = (f64::from(r), f64::from(c));
        let at = |dr: i32, dc: i32| vec![r + dr, c + dc];
        let row = 3f64.sqrt() / 2.0;
        Some(match self.plain() {
            Lattice::Cubic { dims: 2 } => vec![
                ([cf, rf], at(-1, 0)),
                ([cf + 1.0, rf], at(0, 1)),
                ([cf + 1.0, rf + 1.0], at(1, 0)),
                ([cf, rf + 1.0], at(0, -1)),
            ],
            Lattice::Cubic { .. }
            | Lattice::TriangularPrisms
            | Lattice::Spheres { .. }
            | Lattice::RhombicTetrahedra
            | Lattice::TetrahedraOctahedra => return None,
            Lattice::Triangular => {
                let (left, top, bottom) = (cf / 2.0, rf * row, (rf + 1.0) * row);
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
            Lattice::Hexagonal => {
                // Pointy-topped hexagons one wide, so a side is 1/sqrt(3) and a row 3/4 of
                // a hexagon's height below the last.
                let side = 1.0 / 3f64.sqrt();
                let (x, y) = (cf / 2.0 + 0.5, rf * row + side);
                vec![
                    ([x, y - side], at(-1, 1)),
                    ([x + 0.5, y - side / 2.0], at(0, 2)),
                    ([x + 0.5, y + side / 2.0], at(1, 1)),
                    ([x, y + side], at(1, -1)),
                    ([x - 0.5, y + side / 2.0], at(0, -2)),
                    ([x - 0.5, y - side / 2.0], at(-1, -1)),
                ]
            }
        })
    }

    /// The translations that move `cells` (a shape's, normalised) to lie within a block of
    /// `extents`, the least first.
    pub fn translations(self, cells: &[Point], extents: &[i32]) -> Vec<Point> {
        let (Some(low), Some(high)) = (lowest(cells), highest(cells)) else {
            return Vec::new();
        };
        let from: Point = low.iter().map(|x| -x).collect();
        let room: Vec<i32> = (extents.iter().zip(&high).zip(&low))
            .map(|((e, h), l)| e - (h - l))
            .collect();
        if room.iter().any(|&r| r <= 0) {
            return Vec::new();
        }
        // Every offset from `from` within the room, the last axis fastest, as `unlinear` counts.
        let mut out = Vec::new();
        let mut t = from.clone();
        loop {
            if self.keeps(&t) {
                out.push(t.clone());
            }
            let mut axis = t.len();
            loop {
                if axis == 0 {
                    return out;
                }
                axis -= 1;
                t[axis] += 1;
                if t[axis] - from[axis] < room[axis] {
                    break;
                }
                t[axis] = from[axis];
            }
        }
    }
}

/// The least coordinate along each axis, if there are points.
fn lowest(points: &[Point]) -> Option<Point> {
    bound(points, i32::min)
}

/// The greatest coordinate along each axis, if there are points.
fn highest(points: &[Point]) -> Option<Point> {
    bound(points, i32::max)
}

/// The coordinates along each axis folded by `pick`, if there are points.
fn bound(points: &[Point], pick: fn(i32, i32) -> i32) -> Option<Point> {
    let (first, rest) = points.split_first()?;
    let mut bound = first.clone();
    for p in rest {
        for (a, &b) in bound.iter_mut().zip(p) {
            *a = pick(*a, b);
        }
    }
    Some(bound)
}

/// A rigid motion of a lattice fixing the origin: a rotation, or a reflection.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Motion {
    kind: MotionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum MotionKind {
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

    fn signed(axis: Vec<usize>, flip: Vec<bool>) -> Motion {
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
                let [mut q, mut s] = to_axial(lattice, plane);
                if reflect {
                    (q, s) = (s, q);
                }
                for _ in 0..turns {
                    (q, s) = (-s, q + s);
                }
                let layer = layer.map(|l| if flip { -l } else { l });
                out.extend(layer.into_iter().chain(from_axial(lattice, [q, s])));
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
    fn apply_all_into(&self, cells: &[Point], out: &mut Vec<i32>) -> Option<()> {
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
    fn apply_within_into(&self, p: &[i32], extents: &[i32], out: &mut Vec<i32>) -> Option<()> {
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

/// A point of the triangular or hexagonal lattice in coordinates along two axes sixty degrees
/// apart (along the row, and down to the right), in which a sixth of a turn about the origin is
/// `(q, s) -> (-s, q + s)` and a reflection `(q, s) -> (s, q)`. A hexagon is its centre; a
/// triangle is three times its centre, which the corners of triangles, at the integer points,
/// surround.
fn to_axial(lattice: Lattice, p: &[i32]) -> [i32; 2] {
    let (r, c) = (p[0], p[1]);
    match lattice {
        Lattice::Triangular if (r + c) % 2 == 0 => [3 * (c - r) / 2 - 1, 3 * r + 2],
        Lattice::Triangular => [(3 * (c - r) - 1) / 2, 3 * r + 1],
        _ => [(c - r) / 2, r],
    }
}

/// The point of the lattice at axial coordinates `[q, s]` ([`to_axial`]'s inverse).
fn from_axial(lattice: Lattice, [q, s]: [i32; 2]) -> [i32; 2] {
    match lattice {
        Lattice::Triangular if s.rem_euclid(3) == 2 => {
            let r = (s - 2).div_euclid(3);
            [r, r + 2 * (q + 1) / 3]
        }
        Lattice::Triangular => {
            let r = (s - 1).div_euclid(3);
            [r, r + (2 * q + 1) / 3]
        }
        _ => [s, 2 * q + s],
    }
}

/// A sphere's point (layer, row, column) in the axes of the cube whose corners and face centres
/// the spheres are, in half a cube's side, as BurrTools writes them: (x, y, z) with x + y + z
/// even, z the layer. A step along a row is (1, 1, 0), down a column (-1, 1, 0), up a layer
/// (0, 1, 1); the map keeps left and right.
fn to_cubic(p: &[i32]) -> [i32; 3] {
    let (l, r, c) = (p[0], p[1], p[2]);
    [c - r, c + r + l, l]
}

/// The sphere at cubic coordinates (x, y, z) ([`to_cubic`]'s inverse); `None` where x + y + z
/// is odd, a point between spheres.
fn from_cubic([x, y, z]: [i32; 3]) -> Option<[i32; 3]> {
    ((x + y + z) % 2 == 0).then(|| [z, (y - z - x) / 2, (x + y - z) / 2])
}

/// The side of a cube of the rhombic tetrahedra's grid, in its positions.
const TETRAHEDRA_BLOCK: i32 = 5;

/// The position of the centre of a cube of the rhombic tetrahedra's grid along each axis.
const TETRAHEDRA_CENTRE: i32 = 2;

/// The side of a cube of the tetrahedra and octahedra's grid, in its positions.
const OCTAHEDRA_BLOCK: i32 = 3;

/// The steps from a cell of the tetrahedra and octahedra's grid to the four it touches, if
/// the point is a cell: from a cube's tetrahedron, its cube's four corners of its kind; from a
/// corner, the tetrahedron and the corners across the cube's three faces at the corner.
fn octahedra_steps(p: &[i32]) -> Option<[[i32; 3]; 4]> {
    let r: Vec<i32> = p.iter().map(|x| x.rem_euclid(OCTAHEDRA_BLOCK)).collect();
    let kind: i32 = p
        .iter()
        .map(|x| x.div_euclid(OCTAHEDRA_BLOCK))
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

/// A rhombic tetrahedron by where it lies in its cube: on the face across axis `face` on the
/// side `face_sign`, in the quarter of it towards axis `quarter`'s side `quarter_sign`.
struct Tetrahedron {
    face: usize,
    face_sign: i32,
    quarter: usize,
    quarter_sign: i32,
}

/// The rhombic tetrahedron at a point, if one is there: its cube's position 2 ± 2 along one
/// axis, 2 ± 1 along another, 2 along the third.
fn tetrahedron(p: &[i32]) -> Option<Tetrahedron> {
    let d: Vec<i32> = (p.iter())
        .map(|x| x.rem_euclid(TETRAHEDRA_BLOCK) - TETRAHEDRA_CENTRE)
        .collect();
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
    fn steps(&self) -> [[i32; 3]; 4] {
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

/// The spheres' motions, the identity first: each of the cube's 48 (its signed permutations
/// of x, y and z) after either nothing or a sixth of a turn about one of the cube's four
/// diagonals, which is the normal of a hexagonal plane of spheres. A sixth of a turn after
/// another motion is one of these too, so a shape in any such plane gets every turn of it.
fn sphere_motions() -> Vec<Motion> {
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

/// The determinant of a 3 x 3 matrix.
fn determinant(m: &[[i32; 3]; 3]) -> i32 {
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
    use std::collections::BTreeSet;

    use super::*;

    fn normalised(lattice: Lattice, cells: &[[i32; 2]]) -> Vec<Point> {
        let mut cells: Vec<Point> = cells.iter().map(|c| c.to_vec()).collect();
        lattice.normalise(&mut cells);
        cells.sort();
        cells
    }

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
        let t = Lattice::cubic(2).translations(&[vec![0, 0], vec![0, 1]], &[2, 3]);
        assert_eq!(t, [[0, 0], [0, 1], [1, 0], [1, 1]]);
        let upright = [vec![0, 0], vec![1, 0], vec![2, 0]];
        assert!(Lattice::cubic(2).translations(&upright, &[2, 3]).is_empty());
        assert_eq!(
            normalised(Lattice::cubic(2), &[[2, 5], [3, 4]]),
            [[0, 1], [1, 0]]
        );
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
        let flip_rows = Motion::signed(vec![0, 1], vec![true, false]);
        let cells = [vec![0, 2]];
        let cubic = Lattice::cubic(2);
        let image = cubic.images_in_block(&flip_rows, &cells, &[2, 3]);
        assert_eq!(image, Some(vec![vec![1, 2]]));
        let transpose = Motion::signed(vec![1, 0], vec![false, false]);
        assert_eq!(cubic.images_in_block(&transpose, &cells, &[2, 3]), None);
        let image = cubic.images_in_block(&transpose, &cells, &[3, 3]);
        assert_eq!(image, Some(vec![vec![2, 0]]));
    }

    #[test]
    fn triangles_alternate_and_touch_three() {
        let t = Lattice::Triangular;
        // (0, 0) points up: it touches its row and the triangle below it.
        let up: BTreeSet<Point> = t.neighbours(&[0, 0]).collect();
        assert_eq!(up, BTreeSet::from([vec![0, -1], vec![0, 1], vec![1, 0]]));
        let down: BTreeSet<Point> = t.neighbours(&[1, 0]).collect();
        assert_eq!(down, BTreeSet::from([vec![1, -1], vec![1, 1], vec![0, 0]]));
        // Touching is mutual everywhere, negative coordinates too.
        for r in -3..3 {
            for c in -3..3 {
                for n in t.neighbours(&[r, c]) {
                    assert!(t.neighbours(&n).any(|m| m == [r, c]), "{r} {c} {n:?}");
                }
            }
        }
        assert_eq!(t.most_neighbours(), 3);
    }

    #[test]
    fn hexagons_sit_on_even_points_and_touch_six() {
        let h = Lattice::Hexagonal;
        assert!(h.is_cell(&[0, 0]) && h.is_cell(&[1, 1]) && h.is_cell(&[-1, 3]));
        assert!(!h.is_cell(&[0, 1]) && !h.is_cell(&[-1, 0]));
        let next: Vec<Point> = h.neighbours(&[1, 1]).collect();
        assert_eq!(next.len(), 6);
        assert!(next.iter().all(|n| h.is_cell(n)));
        assert_eq!(h.most_neighbours(), 6);
    }

    /// Each motion maps cells to cells, keeps touching cells touching, and the rotations are
    /// half of twelve distinct motions.
    #[test]
    fn plane_motions_are_the_twelve_of_the_hexagon() {
        for lattice in [Lattice::Triangular, Lattice::Hexagonal] {
            let motions = lattice.motions();
            assert_eq!(motions.len(), 12);
            assert!(motions[0].is_identity());
            assert_eq!(motions.iter().filter(|m| m.is_proper()).count(), 6);
            let cells: Vec<Point> = (-4..4)
                .flat_map(|r| (-4..4).map(move |c| vec![r, c]))
                .filter(|p| lattice.is_cell(p))
                .collect();
            let mut images = BTreeSet::new();
            for m in &motions {
                let moved: Vec<Point> = cells.iter().map(|p| m.apply(p).unwrap()).collect();
                assert!(moved.iter().all(|p| lattice.is_cell(p)));
                for (p, image) in cells.iter().zip(&moved) {
                    for n in lattice.neighbours(p) {
                        let n_image = m.apply(&n).unwrap();
                        assert!(lattice.neighbours(image).any(|x| x == n_image));
                    }
                }
                images.insert(moved);
            }
            assert_eq!(images.len(), 12, "{lattice:?}");
            // Six sixths of a turn come back.
            let turn = &motions[1];
            let mut p = vec![1, 1];
            for _ in 0..6 {
                p = turn.apply(&p).unwrap();
            }
            assert_eq!(p, [1, 1]);
        }
    }

    /// The prisms touch five, their motions are the triangles' with the layers reversed or
    /// not, and a flat polyiamond lies in them.
    #[test]
    fn triangular_prisms() {
        let p = Lattice::TriangularPrisms;
        assert_eq!(p.most_neighbours(), 5);
        for l in -2..2 {
            for r in -2..2 {
                for c in -2..2 {
                    for n in p.neighbours(&[l, r, c]) {
                        assert!(p.neighbours(&n).any(|m| m == [l, r, c]));
                    }
                }
            }
        }
        let motions = p.motions();
        assert_eq!(motions.len(), 24);
        assert!(motions[0].is_identity());
        assert_eq!(motions.iter().filter(|m| m.is_proper()).count(), 12);
        for m in &motions {
            for cell in [[0, 0, 0], [1, 2, 1], [-1, -1, 2]] {
                let image = m.apply(&cell).unwrap();
                for n in p.neighbours(&cell) {
                    let n_image = m.apply(&n).unwrap();
                    assert!(p.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
                }
            }
        }
        // A shape's images are its cells' own, whichever triangle it starts with.
        let shape = [vec![0, 0, 1], vec![0, 0, 2], vec![1, 0, 1]];
        for m in &motions {
            let pointwise: Option<Vec<Point>> = shape.iter().map(|c| m.apply(c)).collect();
            assert_eq!(m.apply_all(&shape), pointwise);
        }
        let images: BTreeSet<Point> = motions
            .iter()
            .map(|m| m.apply(&[1, 0, 1]).unwrap())
            .collect();
        assert_eq!(images.iter().filter(|q| q[0] == -1).count(), 6);
        assert_eq!(Lattice::Triangular.with_dims(3), Some(p));
        assert_eq!(p.layer(), Some(Lattice::Triangular));
        // Translations keep row + column even, and any layer.
        let t = p.translations(&[vec![0, 0, 1]], &[2, 2, 2]);
        assert_eq!(t, [[0, 0, 0], [0, 1, -1], [1, 0, 0], [1, 1, -1]]);
        let mut cells = vec![vec![3, 3, 4]];
        p.normalise(&mut cells);
        assert_eq!(cells, [[0, 0, 1]]);
    }

    #[test]
    fn plane_translations_keep_the_parity() {
        let t = Lattice::Triangular;
        // A down triangle is normalised to column 1 of row 0, and moves to the down triangles.
        assert_eq!(normalised(t, &[[3, 4]]), [[0, 1]]);
        assert_eq!(normalised(t, &[[3, 5]]), [[0, 0]]);
        let places = t.translations(&[vec![0, 1]], &[2, 3]);
        let moved: Vec<Point> = places.iter().map(|d| vec![d[0], 1 + d[1]]).collect();
        assert_eq!(moved, [[0, 1], [1, 0], [1, 2]]);
        let h = Lattice::Hexagonal;
        assert_eq!(normalised(h, &[[5, 3], [5, 5]]), [[0, 0], [0, 2]]);
        // A domino of hexagons in a row fits a 2x5 block at (0, 0), (0, 2), (1, 1).
        assert_eq!(
            h.translations(&[vec![0, 0], vec![0, 2]], &[2, 5]),
            [[0, 0], [0, 2], [1, 1]]
        );
    }

    /// Each side of a cell's outline is a side of the cell across it, drawn the other way.
    #[test]
    fn outlines_meet_their_neighbours() {
        for lattice in [Lattice::cubic(2), Lattice::Triangular, Lattice::Hexagonal] {
            let cell = if lattice == Lattice::Hexagonal {
                [2, 2]
            } else {
                [2, 3]
            };
            let outline = lattice.outline(&cell).unwrap();
            assert_eq!(outline.len(), lattice.most_neighbours());
            let across: BTreeSet<Point> = outline.iter().map(|(_, p)| p.clone()).collect();
            assert_eq!(across, lattice.neighbours(&cell).collect());
            for (i, (corner, next)) in outline.iter().enumerate() {
                let end = outline[(i + 1) % outline.len()].0;
                let theirs = lattice.outline(next).unwrap();
                let j = theirs.iter().position(|(_, p)| p == &cell[..]).unwrap();
                let (a, b) = (theirs[j].0, theirs[(j + 1) % theirs.len()].0);
                let close =
                    |p: [f64; 2], q: [f64; 2]| (p[0] - q[0]).abs() + (p[1] - q[1]).abs() < 1e-9;
                assert!(
                    close(*corner, b) && close(end, a),
                    "{lattice:?} {cell:?} {next:?}"
                );
            }
        }
        assert!(Lattice::cubic(3).outline(&[0, 0, 0]).is_none());
    }

    #[test]
    fn plane_images_in_a_block() {
        // A hexagon of six triangles maps onto itself under every motion.
        let t = Lattice::Triangular;
        let hexagon: Vec<Point> = [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]
            .iter()
            .map(|c| c.to_vec())
            .collect();
        for m in t.motions() {
            let images = t.images_in_block(&m, &hexagon, &[2, 3]).unwrap();
            let set: BTreeSet<&Point> = images.iter().collect();
            assert_eq!(set, hexagon.iter().collect(), "{m:?}");
        }
    }

    /// Each sphere touches twelve, mutually; the motions are 240, half of them rotations,
    /// the cube's 48 among them keeping touching spheres touching everywhere, and a sixth of
    /// a turn takes a triangle of spheres lying in a hexagonal plane to spheres.
    #[test]
    fn spheres() {
        let s = Lattice::Spheres { dims: 3 };
        assert_eq!(s.most_neighbours(), 12);
        for l in -2..2 {
            for r in -2..2 {
                for c in -2..2 {
                    let next: BTreeSet<Point> = s.neighbours(&[l, r, c]).collect();
                    assert_eq!(next.len(), 12);
                    for n in &next {
                        assert!(s.neighbours(n).any(|m| m == [l, r, c]));
                        // Touching spheres are one sphere apart, as the cube's axes measure.
                        let d: Vec<i32> = (to_cubic(n).iter().zip(to_cubic(&[l, r, c])))
                            .map(|(a, b)| a - b)
                            .collect();
                        assert_eq!(d.iter().map(|x| x * x).sum::<i32>(), 2);
                    }
                }
            }
        }
        let motions = s.motions();
        assert_eq!(motions.len(), 240);
        assert!(motions[0].is_identity());
        assert_eq!(motions.iter().filter(|m| m.is_proper()).count(), 120);
        let everywhere: Vec<&Motion> = (motions.iter())
            .filter(|m| {
                [[0, 0, 1], [0, 1, 0], [1, 0, 0]]
                    .iter()
                    .all(|p| m.apply(p).is_some())
            })
            .collect();
        assert_eq!(everywhere.len(), 48);
        for m in &everywhere {
            for cell in [[0, 0, 0], [1, 2, 1], [-1, -1, 2]] {
                let image = m.apply(&cell).unwrap();
                for n in s.neighbours(&cell) {
                    let n_image = m.apply(&n).unwrap();
                    assert!(s.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
                }
            }
        }
        // A hook of four spheres lying in a hexagonal plane, a row of three and one more at
        // a sixth of a turn, has no symmetry: turned and reflected it lies 48 ways (each of
        // the four planes, twelve ways in each), and the rotations alone reach all of them,
        // where the cube's own rotations reach half.
        let hook = [vec![0, 0, 0], vec![0, 0, 1], vec![0, 0, 2], vec![1, 0, 2]];
        let shapes = |motions: &mut dyn Iterator<Item = &Motion>| {
            let mut shapes = BTreeSet::new();
            for m in motions {
                if let Some(mut images) = m.apply_all(&hook) {
                    s.normalise(&mut images);
                    images.sort();
                    shapes.insert(images);
                }
            }
            shapes.len()
        };
        assert_eq!(shapes(&mut motions.iter()), 48);
        assert_eq!(shapes(&mut motions.iter().filter(|m| m.is_proper())), 48);
        let cube_rotations = everywhere.iter().copied().filter(|m| m.is_proper());
        assert_eq!(shapes(&mut cube_rotations.into_iter()), 24);
        // A square of four lies in a square plane, and only the cube's motions keep it whole.
        let square = [vec![0, 0, 0], vec![0, 0, 1], vec![0, 1, 0], vec![0, 1, 1]];
        let kept = motions.iter().filter(|m| m.apply_all(&square).is_some());
        assert_eq!(kept.count(), 48);
        let layer = Lattice::Spheres { dims: 2 };
        assert_eq!(layer.with_dims(3), Some(s));
        assert_eq!(layer.embed(&[1, 2], 3), [0, 1, 2]);
        assert_eq!(layer.motions().len(), 8);
        assert_eq!(layer.most_neighbours(), 4);
    }

    /// A square pyramid of spheres, layers of 3 x 3, 2 x 2 and 1, has the eight motions of a
    /// square.
    #[test]
    fn a_pyramid_of_spheres_has_the_square_symmetries() {
        let s = Lattice::Spheres { dims: 3 };
        let pyramid: Vec<Point> = (0..3)
            .flat_map(|l| (0..3 - l).flat_map(move |r| (0..3 - l).map(move |c| vec![l, r, c])))
            .collect();
        let set: BTreeSet<&Point> = pyramid.iter().collect();
        let symmetries = (s.motions().iter())
            .filter_map(|m| s.images_in_block(m, &pyramid, &[3, 3, 3]))
            .filter(|images| images.iter().collect::<BTreeSet<_>>() == set)
            .count();
        assert_eq!(symmetries, 8);
    }

    /// Each cube of the rhombic tetrahedra's grid holds 24, each touching four, mutually;
    /// the cube's 48 motions about its centre keep them touching; a whole cube is its own
    /// image under each; translations are by whole cubes.
    #[test]
    fn rhombic_tetrahedra() {
        let r = Lattice::RhombicTetrahedra;
        assert_eq!(r.most_neighbours(), 4);
        let block: Vec<Point> = (0..125)
            .map(|i| unlinear(&[5, 5, 5], i))
            .filter(|p| r.is_cell(p))
            .collect();
        assert_eq!(block.len(), 24);
        for cell in &block {
            let shifted: Point = cell.iter().map(|x| x - 5).collect();
            for c in [cell, &shifted] {
                let next: Vec<Point> = r.neighbours(c).collect();
                assert_eq!(next.len(), 4);
                for n in &next {
                    assert!(r.is_cell(n), "{c:?} {n:?}");
                    assert!(r.neighbours(n).any(|m| m == *c), "{c:?} {n:?}");
                }
            }
            // Three of the four are in the same cube, one across its face.
            let inside = r.neighbours(cell).filter(|n| block.contains(n)).count();
            assert_eq!(inside, 3, "{cell:?}");
        }
        let motions = r.motions();
        assert_eq!(motions.len(), 48);
        assert!(motions[0].is_identity());
        let whole: BTreeSet<&Point> = block.iter().collect();
        for m in &motions {
            let images = m.apply_all(&block).unwrap();
            assert_eq!(images.iter().collect::<BTreeSet<_>>(), whole, "{m:?}");
            for cell in &block {
                let image = m.apply(cell).unwrap();
                for n in r.neighbours(cell) {
                    let n_image = m.apply(&n).unwrap();
                    assert!(r.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
                }
            }
        }
        let mut cells = vec![vec![7, 8, 12], vec![7, 6, 12]];
        r.normalise(&mut cells);
        assert_eq!(cells, [[2, 3, 2], [2, 1, 2]]);
        assert_eq!(
            r.translations(&[vec![2, 1, 0]], &[5, 5, 10]),
            [[0, 0, 0], [0, 0, 5]]
        );
    }

    /// Each cube of the tetrahedra and octahedra's grid holds five, each touching four,
    /// mutually; the cube's 48 motions about a corner of the cubes keep them touching; the
    /// translations keep each cube's kind.
    #[test]
    fn tetrahedra_and_octahedra() {
        let t = Lattice::TetrahedraOctahedra;
        assert_eq!(t.most_neighbours(), 4);
        let block: Vec<Point> = (0..216)
            .map(|i| unlinear(&[6, 6, 6], i))
            .filter(|p| t.is_cell(p))
            .collect();
        assert_eq!(block.len(), 8 * 5);
        let motions = t.motions();
        assert_eq!(motions.len(), 48);
        assert!(motions[0].is_identity());
        for cell in &block {
            let next: Vec<Point> = t.neighbours(cell).collect();
            assert_eq!(next.len(), 4);
            for n in &next {
                assert!(t.is_cell(n), "{cell:?} {n:?}");
                assert!(t.neighbours(n).any(|m| m == *cell), "{cell:?} {n:?}");
            }
            for m in &motions {
                let image = m.apply(cell).unwrap();
                assert!(t.is_cell(&image), "{m:?} {cell:?}");
                for n in &next {
                    let n_image = m.apply(n).unwrap();
                    assert!(t.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
                }
            }
        }
        // A move by one cube changes the cubes' kinds; by two, or one along each of two axes,
        // it keeps them.
        assert!(!t.keeps(&[0, 0, 3]) && t.keeps(&[0, 0, 6]) && t.keeps(&[3, 3, 0]));
        let mut cells = vec![vec![4, 4, 4]];
        t.normalise(&mut cells);
        assert!(
            t.is_cell(&cells[0]) && cells[0].iter().all(|&x| x < 6),
            "{cells:?}"
        );
    }
}
