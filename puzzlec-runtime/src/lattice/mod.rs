//! The lattice a puzzle is built on, the one owner of every rule of a grid: which points are
//! cells, which cells touch, the motions that map the lattice onto itself (rotations,
//! reflections) and the translations that keep a shape within a block, a cell's outline in the
//! plane and its solid in space, the directions along which pieces slide, and the coordinates
//! of the files that give cells otherwise (BurrTools' voxels). The compiler's board, shapes,
//! pruning tables, dead ends, failure cache and generated polyforms ask it, and so do the
//! readers, the drawing of a solution ([`Catalog`](crate::Catalog) names its lattice) and the
//! workshop's page: none assumes anything of its own about how cells lie. Each kind of lattice
//! keeps its rules in a file of its own; this one dispatches to them.
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

mod cubic;
mod hexagonal;
mod motion;
mod octahedra;
mod rhombic;
mod slide;
mod spheres;
mod triangular;

pub use motion::Motion;

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
    /// on the lattices that have one, whole cubes on the fine grids).
    fn keeps(self, t: &[i32]) -> bool {
        match self {
            Lattice::RhombicTetrahedra => rhombic::keeps(t),
            Lattice::TetrahedraOctahedra => octahedra::keeps(t),
            _ => self.paired().is_none_or(|a| (t[a] + t[a + 1]) % 2 == 0),
        }
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

    /// How many positions a side of a cube takes, where the lattice's cells are parts of
    /// cubes given on a finer grid (a box's sizes then count cubes, and its translations are by
    /// whole cubes); `None` elsewhere.
    pub fn cube_side(self) -> Option<i32> {
        match self {
            Lattice::RhombicTetrahedra => Some(rhombic::BLOCK),
            Lattice::TetrahedraOctahedra => Some(octahedra::BLOCK),
            _ => None,
        }
    }

    /// Whether a point of the right number of coordinates is a cell of the lattice: every
    /// point but the hexagonal lattice's where row + column is odd, and the fine grids' points
    /// between their parts of cubes ([`Lattice::rule`]).
    pub fn is_cell(self, p: &[i32]) -> bool {
        match self {
            Lattice::Cubic { .. }
            | Lattice::Triangular
            | Lattice::TriangularPrisms
            | Lattice::Spheres { .. } => true,
            Lattice::RhombicTetrahedra => rhombic::tetrahedron(p).is_some(),
            Lattice::TetrahedraOctahedra => octahedra::steps(p).is_some(),
            Lattice::Hexagonal => hexagonal::is_cell(p),
        }
    }

    /// Where the lattice's cells are, for a point given off them, as a person reads it; `None`
    /// where every point is a cell.
    pub fn rule(self) -> Option<&'static str> {
        match self {
            Lattice::Hexagonal => Some(hexagonal::RULE),
            Lattice::RhombicTetrahedra => Some(rhombic::RULE),
            Lattice::TetrahedraOctahedra => Some(octahedra::RULE),
            Lattice::Cubic { .. }
            | Lattice::Triangular
            | Lattice::TriangularPrisms
            | Lattice::Spheres { .. } => None,
        }
    }

    /// The cell at BurrTools' voxel (x, y, z) of the grid this lattice is BurrTools' (cubes,
    /// prisms, spheres, rhombic tetrahedra, tetrahedra and octahedra, in three axes); `None`
    /// for a voxel that is no cell ([`Lattice::voxel_rule`]) or a lattice BurrTools has not.
    pub fn from_voxel(self, [x, y, z]: [i32; 3]) -> Option<Point> {
        match self {
            Lattice::Cubic { dims: 3 } => Some(vec![z, y, x]),
            Lattice::TriangularPrisms => Some(triangular::voxel([x, y, z])),
            Lattice::Spheres { dims: 3 } => spheres::voxel([x, y, z]),
            Lattice::RhombicTetrahedra | Lattice::TetrahedraOctahedra => {
                let cell = vec![z, y, x];
                self.is_cell(&cell).then_some(cell)
            }
            _ => None,
        }
    }

    /// Where BurrTools' grid of this lattice has its cells among its voxels, as a person reads
    /// it; `None` where every voxel is a cell.
    pub fn voxel_rule(self) -> Option<&'static str> {
        match self {
            Lattice::Spheres { .. } => Some(spheres::VOXEL_RULE),
            Lattice::RhombicTetrahedra => Some(rhombic::VOXEL_RULE),
            Lattice::TetrahedraOctahedra => Some(octahedra::VOXEL_RULE),
            _ => None,
        }
    }

    /// The steps from `cell` to the cells it touches.
    fn steps(self, cell: &[i32]) -> Vec<Point> {
        match self.plain() {
            Lattice::Cubic { .. } => cubic::steps(cell),
            Lattice::Triangular => triangular::triangle_steps(cell),
            Lattice::TriangularPrisms => triangular::prism_steps(cell),
            Lattice::Hexagonal => hexagonal::STEPS.iter().map(|s| s.to_vec()).collect(),
            Lattice::Spheres { .. } => spheres::steps(cell),
            Lattice::RhombicTetrahedra => (rhombic::tetrahedron(cell).iter())
                .flat_map(|t| t.steps())
                .map(|s| s.to_vec())
                .collect(),
            Lattice::TetrahedraOctahedra => (octahedra::steps(cell).into_iter())
                .flatten()
                .map(|s| s.to_vec())
                .collect(),
        }
    }

    /// The cells that touch `cell` (share a side or a face).
    pub fn neighbours(self, cell: &[i32]) -> impl Iterator<Item = Point> + '_ {
        self.steps(cell)
            .into_iter()
            .map(move |s| cell.iter().zip(&s).map(|(x, d)| x + d).collect())
    }

    /// The positions of a block of `extents` that touch position `at`, positions numbered in
    /// reading order (the last axis fastest).
    pub fn neighbours_in_block(self, extents: &[u32], at: u32) -> impl Iterator<Item = u32> + '_ {
        if let Lattice::Cubic { .. } = self.plain() {
            // Along each axis, back then forward, as the cubic steps go: worked out from the
            // position alone, as a picture of a large box asks it of every cell.
            let mut next = Vec::with_capacity(2 * extents.len());
            let mut stride = 1;
            let mut strides = [0u32; 8];
            for (a, &e) in extents.iter().enumerate().rev() {
                if a < strides.len() {
                    strides[a] = stride;
                }
                stride *= e;
            }
            if extents.len() <= strides.len() {
                for (a, &e) in extents.iter().enumerate() {
                    let x = at / strides[a] % e;
                    if x > 0 {
                        next.push(at - strides[a]);
                    }
                    if x + 1 < e {
                        next.push(at + strides[a]);
                    }
                }
                return next.into_iter();
            }
        }
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
            Lattice::Cubic { dims } => cubic::motions(dims),
            Lattice::Spheres { .. } => spheres::motions(),
            // About a cube's centre, (2, 2, 2); about the corner between the first two cubes,
            // (2.5, 2.5, 2.5).
            Lattice::RhombicTetrahedra => Motion::centred(2 * rhombic::CENTRE),
            Lattice::TetrahedraOctahedra => Motion::centred(2 * octahedra::BLOCK - 1),
            Lattice::Triangular | Lattice::Hexagonal | Lattice::TriangularPrisms => {
                Motion::turns(self)
            }
        }
    }

    /// The axes pieces slide along as a puzzle is taken apart, each the shortest translation
    /// that keeps the lattice in its direction (a piece moves by whole multiples of one, either
    /// way), in BurrTools' order where it has the grid: along the axes on the square and cubic
    /// lattice (the last first, BurrTools' x); on the triangular grid two columns along a row
    /// and a row and a column on each slant (after a layer, for prisms); on the hexagonal grid
    /// and the spheres the lines to the cells a cell touches; on the fine grids whole cubes
    /// along an axis (two on the tetrahedra and octahedra's, which also slide a cube along
    /// each of two axes, so that each cube keeps its kind).
    pub fn slide_axes(self) -> Vec<Point> {
        slide::axes(self)
    }

    /// Each of [`slide_axes`](Self::slide_axes) forward, then back.
    pub fn slides(self) -> Vec<Point> {
        (self.slide_axes().into_iter())
            .flat_map(|t| {
                let back = t.iter().map(|x| -x).collect();
                [t, back]
            })
            .collect()
    }

    /// The cells other than `cell` whose solids the solid of `cell` passes into as it slides
    /// by `step` (one of [`slides`](Self::slides)), its destination among them: a piece slides
    /// a step past another only where no cell of the other is in a sweep of one of its cells.
    /// Solids that only touch do not stop one another. Empty where the lattice has no solids.
    pub fn sweep(self, cell: &[i32], step: &[i32]) -> Vec<Point> {
        slide::sweep(self, cell, step)
    }

    /// A number of positions by which a translation along any axis keeps the lattice: the
    /// sweep of a cell so moved is its sweep so moved.
    pub fn period(self) -> i32 {
        match self.plain() {
            Lattice::Cubic { .. } | Lattice::Spheres { .. } => 1,
            Lattice::Triangular | Lattice::TriangularPrisms | Lattice::Hexagonal => 2,
            Lattice::RhombicTetrahedra | Lattice::TetrahedraOctahedra => {
                2 * self.cube_side().unwrap_or(1)
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
    /// column's parity; on the fine grids, from the first whole cube, or two). Two sets of cells
    /// are one shape up to translation exactly when they come out equal.
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
        if let Some(side) = self.cube_side() {
            let mut shift: Point = low.iter().map(|x| -x.div_euclid(side) * side).collect();
            // A move by an odd number of cubes can change the cubes' kinds: one more keeps them.
            if !self.keeps(&shift) {
                shift[0] += side;
            }
            return Some(shift);
        }
        let mut shift: Point = low.iter().map(|x| -x).collect();
        if let Some(a) = self.paired().filter(|_| !self.keeps(&shift)) {
            shift[a + 1] += 1;
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
        if let Lattice::Cubic { .. } = self.plain() {
            out.clear();
            return (cells.iter()).try_for_each(|p| motion.apply_within_into(p, extents, out));
        }
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

    /// The outline of a cell of a plane lattice as drawn: its corners in order, each with the
    /// point across the side from it to the next corner, in units of a square's side, a
    /// triangle's side or the width of a hexagon (x to the right, y down, the block's first
    /// point at the top left). `None` on a lattice of other than two axes, and for a sphere,
    /// which has no corners ([`Lattice::solid`]).
    pub fn outline(self, cell: &[i32]) -> Option<Vec<([f64; 2], Point)>> {
        let (r, c) = (*cell.first()?, *cell.get(1)?);
        match self {
            Lattice::Cubic { dims: 2 } => Some(cubic::outline(r, c)),
            Lattice::Triangular => Some(triangular::outline(r, c)),
            Lattice::Hexagonal => Some(hexagonal::outline(r, c)),
            _ => None,
        }
    }

    /// A cell as a solid in space ([`Solid`]): a cube, a prism, a sphere, a tetrahedron or a
    /// corner of a cube; a cell of a plane lattice as its tile, one deep. `None` on the square
    /// and cubic lattice of other than two or three axes.
    pub fn solid(self, cell: &[i32]) -> Option<Solid> {
        match self {
            Lattice::Cubic { dims: 2 | 3 } => cubic::solid(cell),
            Lattice::Cubic { .. } => None,
            Lattice::Triangular | Lattice::TriangularPrisms => triangular::solid(cell),
            Lattice::Hexagonal => hexagonal::solid(cell),
            Lattice::Spheres { .. } => spheres::solid(cell),
            Lattice::RhombicTetrahedra => rhombic::solid(cell),
            Lattice::TetrahedraOctahedra => octahedra::solid(cell),
        }
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

/// A cell as a solid in space, in units of a cube's side (a triangle's side, a hexagon's width,
/// a sphere's diameter), x along the columns, y along the rows and z along the layers: what a
/// view in three dimensions draws and a file for printing holds. Two cells that touch share a
/// face, whole, each face knowing the cell across it, so that the faces between cells of one
/// piece can be left out and what is left of a piece is closed.
#[derive(Clone, Debug, PartialEq)]
pub enum Solid {
    /// A convex polyhedron: its corners, and its faces.
    Polyhedron {
        /// The corners, (x, y, z).
        corners: Vec<[f64; 3]>,
        /// The faces, each's corners counter-clockwise seen from outside.
        faces: Vec<Face>,
    },
    /// A sphere (the spheres' grid, whose cells touch at points: no face between them).
    Sphere {
        /// Its centre, (x, y, z).
        centre: [f64; 3],
        /// Its radius: half a diameter.
        radius: f64,
    },
}

/// A face of a polyhedral cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Face {
    /// Its corners, as indices into the solid's, counter-clockwise seen from outside the cell
    /// (by the right hand, the normal they make points out).
    pub corners: Vec<usize>,
    /// The cell across it, whether or not there is one in a box; `None` where the lattice has
    /// none there (the top and bottom of a plane lattice's tile).
    pub across: Option<Point>,
}

impl Face {
    fn new(corners: Vec<usize>, across: Option<Point>) -> Face {
        Face { corners, across }
    }
}

impl Solid {
    /// A convex polyhedron of these corners and faces, each face turned to face out.
    fn polyhedron(corners: Vec<[f64; 3]>, mut faces: Vec<Face>) -> Solid {
        let centre = mean(&corners);
        for face in &mut faces {
            let [a, b, c] = [0, 1, 2].map(|k| corners[face.corners[k]]);
            let normal = cross(minus(b, a), minus(c, a));
            if dot(normal, minus(a, centre)) < 0.0 {
                face.corners.reverse();
            }
        }
        Solid::Polyhedron { corners, faces }
    }

    /// Its centre: a sphere's, or the mean of a polyhedron's corners (which lies inside it, and
    /// moves with it as the lattice translates the cell).
    pub fn centre(&self) -> [f64; 3] {
        match self {
            Solid::Sphere { centre, .. } => *centre,
            Solid::Polyhedron { corners, .. } => mean(corners),
        }
    }

    /// A plane cell's outline (as [`Lattice::outline`] gives it) made a solid one deep, from
    /// z = `z` up: each side a face across to the cell `side` makes of the outline's point, the
    /// bottom and top across to the cells `beyond(-1)` and `beyond(1)` give.
    fn extruded(
        outline: &[([f64; 2], Point)],
        z: f64,
        side: impl Fn(Point) -> Point,
        beyond: impl Fn(i32) -> Option<Point>,
    ) -> Solid {
        let n = outline.len();
        let ring = |dz: f64| outline.iter().map(move |&([x, y], _)| [x, y, z + dz]);
        let corners: Vec<[f64; 3]> = ring(0.0).chain(ring(1.0)).collect();
        let mut faces: Vec<Face> = (0..n)
            .map(|k| {
                let next = (k + 1) % n;
                let across = side(outline[k].1.clone());
                Face::new(vec![k, next, n + next, n + k], Some(across))
            })
            .collect();
        faces.push(Face::new((0..n).collect(), beyond(-1)));
        faces.push(Face::new((n..2 * n).collect(), beyond(1)));
        Solid::polyhedron(corners, faces)
    }

    /// The volume it encloses, in cubes of the unit: by the divergence theorem over its faces
    /// (each fanned into triangles from its first corner), so that it also checks that the
    /// faces close the solid and face out.
    pub fn volume(&self) -> f64 {
        match self {
            Solid::Sphere { radius, .. } => 4.0 / 3.0 * std::f64::consts::PI * radius.powi(3),
            Solid::Polyhedron { corners, faces } => {
                let mut six = 0.0;
                for face in faces {
                    let first = corners[face.corners[0]];
                    for pair in face.corners[1..].windows(2) {
                        let (b, c) = (corners[pair[0]], corners[pair[1]]);
                        six += dot(first, cross(b, c));
                    }
                }
                six / 6.0
            }
        }
    }
}

fn mean(points: &[[f64; 3]]) -> [f64; 3] {
    let n = points.len().max(1) as f64;
    [0, 1, 2].map(|a| points.iter().map(|c| c[a]).sum::<f64>() / n)
}

fn minus(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
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
mod tests;
