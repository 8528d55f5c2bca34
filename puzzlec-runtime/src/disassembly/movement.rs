//! How far each piece can slide past each other: the pieces' shapes, the cells each sweeps
//! as it slides one step along each direction, and the limits between two shapes at a given
//! distance apart, each worked out once and kept for every later state and assembly.

use rustc_hash::FxHashMap;

use crate::lattice::{Lattice, Point};

/// A limit that never stops a piece: no cell of the other lies ahead of it (above any real
/// limit, and twice it still fits a `u32`).
pub(super) const FREE: u32 = 1 << 30;

/// The coordinates of a position: the lattices with solids have at most three axes.
pub(super) const AXES: usize = 3;

/// A position of a shape in the lattice, or a distance between two.
pub(super) type Position = [i32; AXES];

/// A shape's number among those seen.
pub(super) type ShapeId = u32;

/// The shapes seen, the sweeps of their cells, and the limits between them.
pub(super) struct Movement {
    lattice: Lattice,
    /// Each direction's step: the lattice's slides, each axis forward then back.
    steps: Vec<Position>,
    /// A translation along any axis by this keeps the lattice.
    period: i32,
    /// Each shape's cells, with the least at the origin's period block.
    shapes: Vec<Vec<Position>>,
    /// For each shape and direction, the points that stop its first step if another piece has
    /// a cell there (the union of its cells' sweeps).
    stops: Vec<Vec<Vec<Position>>>,
    ids: FxHashMap<Vec<Position>, ShapeId>,
    /// The sweep of a cell whose position modulo the period is the key, by direction.
    sweeps: FxHashMap<Position, Vec<Vec<Position>>>,
    /// For (moving shape, other shape, where the other is from the moving one), how far the
    /// moving one can slide along each direction before it meets the other.
    limits: FxHashMap<(ShapeId, ShapeId, Position), Box<[u32]>>,
}

impl Movement {
    /// The movement of pieces on `lattice`, which has solids and at most three axes.
    pub(super) fn new(lattice: Lattice) -> Movement {
        let steps = lattice.slides().iter().map(|s| position(s)).collect();
        Movement {
            lattice,
            steps,
            period: lattice.period(),
            shapes: Vec::new(),
            stops: Vec::new(),
            ids: FxHashMap::default(),
            sweeps: FxHashMap::default(),
            limits: FxHashMap::default(),
        }
    }

    /// The axes of the lattice's points.
    pub(super) fn dims(&self) -> usize {
        self.lattice.dims()
    }

    /// The number of directions: each axis, forward then back.
    pub(super) fn directions(&self) -> usize {
        self.steps.len()
    }

    /// The step of direction `d`.
    pub(super) fn step(&self, d: usize) -> Position {
        self.steps[d]
    }

    /// The shape of these cells and where it lies: its number, and the translation (whole
    /// periods) that takes the shape's cells to these.
    pub(super) fn shape(&mut self, cells: &[Point]) -> (ShapeId, Position) {
        let mut cells: Vec<Position> = cells.iter().map(|c| position(c)).collect();
        let mut base = [0; AXES];
        for (axis, b) in base.iter_mut().enumerate() {
            let low = cells.iter().map(|c| c[axis]).min().unwrap_or(0);
            *b = low.div_euclid(self.period) * self.period;
        }
        for c in &mut cells {
            *c = sub(*c, base);
        }
        cells.sort_unstable();
        if let Some(&id) = self.ids.get(&cells) {
            return (id, base);
        }
        let id = self.shapes.len() as ShapeId;
        let stops = (0..self.steps.len())
            .map(|d| {
                let mut stops: Vec<Position> = Vec::new();
                for &c in &cells {
                    stops.extend(self.sweep(c, d));
                }
                stops.sort_unstable();
                stops.dedup();
                stops
            })
            .collect();
        self.stops.push(stops);
        self.ids.insert(cells.clone(), id);
        self.shapes.push(cells);
        (id, base)
    }

    /// The sweep of the cell at `c` along direction `d`, from the cell's class modulo the
    /// period.
    fn sweep(&mut self, c: Position, d: usize) -> Vec<Position> {
        let class = c.map(|x| x.rem_euclid(self.period));
        let shift = sub(c, class);
        let (lattice, steps) = (self.lattice, &self.steps);
        let dims = lattice.dims();
        let sweeps = self.sweeps.entry(class).or_insert_with(|| {
            (steps.iter())
                .map(|step| {
                    let sweep = lattice.sweep(&point(class, dims), &point(*step, dims));
                    sweep.iter().map(|p| position(p)).collect()
                })
                .collect()
        });
        sweeps[d].iter().map(|&p| add(p, shift)).collect()
    }

    /// How far shape `a` can slide along each direction before it meets shape `b` lying at
    /// `apart` from it (whole steps; [`FREE`] where nothing of `b` is ahead).
    pub(super) fn limits(&mut self, a: ShapeId, b: ShapeId, apart: Position) -> &[u32] {
        let (shapes, stops, steps) = (&self.shapes, &self.stops, &self.steps);
        self.limits.entry((a, b, apart)).or_insert_with(|| {
            (0..steps.len())
                .map(|d| {
                    let step = steps[d];
                    let mut least = FREE;
                    for &w in &stops[a as usize][d] {
                        for &c in &shapes[b as usize] {
                            if let Some(j) = multiple(sub(add(c, apart), w), step) {
                                least = least.min(j);
                            }
                        }
                    }
                    least
                })
                .collect()
        })
    }
}

/// `j` where `v` is `j` times `step` with `j` not negative.
fn multiple(v: Position, step: Position) -> Option<u32> {
    let axis = step.iter().position(|&s| s != 0)?;
    if v[axis] % step[axis] != 0 {
        return None;
    }
    let j = v[axis] / step[axis];
    (j >= 0 && (0..AXES).all(|k| v[k] == j * step[k])).then_some(j as u32)
}

/// A point as a position (the axes it lacks at 0).
fn position(p: &[i32]) -> Position {
    let mut out = [0; AXES];
    out[..p.len()].copy_from_slice(p);
    out
}

/// A position as a point of `dims` axes.
fn point(p: Position, dims: usize) -> Point {
    p[..dims].to_vec()
}

/// `a + b`.
pub(super) fn add(a: Position, b: Position) -> Position {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a - b`.
pub(super) fn sub(a: Position, b: Position) -> Position {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `p` times `by`.
pub(super) fn times(p: Position, by: i32) -> Position {
    p.map(|x| x * by)
}
