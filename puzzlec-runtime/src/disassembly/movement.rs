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
    /// Each shape's cells, at the lattice's one place for the shape.
    shapes: Vec<Vec<Position>>,
    /// For each shape and direction, the points that stop its first step if another piece has
    /// a cell there (the union of its cells' sweeps).
    stops: Vec<Vec<Vec<Position>>>,
    ids: FxHashMap<Vec<Position>, ShapeId>,
    /// The shape and place of cells as an assembly gave them (in order), so that a piece
    /// lying where one lay before is found without working out its shift again.
    placed: FxHashMap<Vec<Position>, (ShapeId, Position)>,
    /// The sweep of a cell whose position modulo the period is the key, by direction.
    sweeps: FxHashMap<Position, Vec<Vec<Position>>>,
    /// For (moving shape, other shape, where the other is from the moving one), packed in
    /// one number ([`key`]), the number of its limits, which start in `limit` at that number
    /// times the directions: how far the moving one can slide along each direction before it
    /// meets the other.
    at: FxHashMap<u128, u32>,
    limit: Vec<u32>,
    /// For each limits' number, the directions (a bit each) along which the limit is 0, 1,
    /// and not [`FREE`].
    touching: Vec<u32>,
    next: Vec<u32>,
    meeting: Vec<u32>,
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
            placed: FxHashMap::default(),
            stops: Vec::new(),
            ids: FxHashMap::default(),
            sweeps: FxHashMap::default(),
            at: FxHashMap::default(),
            limit: Vec::new(),
            touching: Vec::new(),
            next: Vec::new(),
            meeting: Vec::new(),
        }
    }

    /// The axes of the lattice's points.
    pub(super) fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// The number of directions: each axis, forward then back.
    pub(super) fn directions(&self) -> usize {
        self.steps.len()
    }

    /// The step of direction `d`.
    pub(super) fn step(&self, d: usize) -> Position {
        self.steps[d]
    }

    /// The shape of these cells and where it lies: its number (one for all translations of
    /// it that keep the lattice), and the translation that takes the shape's cells to these.
    pub(super) fn shape(&mut self, cells: &[Point]) -> (ShapeId, Position) {
        let shift = self
            .lattice
            .normalising_shift(cells)
            .map_or([0; AXES], |s| position(&s));
        let base = times(shift, -1);
        let mut cells: Vec<Position> = cells.iter().map(|c| add(position(c), shift)).collect();
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

    /// The cells of `shape`, at the lattice's place for it, in order.
    pub(super) fn cells(&self, shape: ShapeId) -> &[Position] {
        &self.shapes[shape as usize]
    }

    /// [`shape`](Self::shape) of cells given as positions (put in order here).
    pub(super) fn shape_of(&mut self, cells: &mut [Position]) -> (ShapeId, Position) {
        cells.sort_unstable();
        if let Some(&found) = self.placed.get(&*cells) {
            return found;
        }
        let dims = self.lattice.dims();
        let points: Vec<Point> = cells.iter().map(|&c| point(c, dims)).collect();
        let found = self.shape(&points);
        self.placed.insert(cells.to_vec(), found);
        found
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
    /// `apart` from it (whole steps; [`FREE`] where nothing of `b` is ahead): the number by
    /// which [`Movement::limits_of`] gives them.
    pub(super) fn limits_at(&mut self, a: ShapeId, b: ShapeId, apart: Position) -> u32 {
        let key = key(a, b, apart);
        if let Some(&at) = self.at.get(&key) {
            return at;
        }
        let directions = self.steps.len();
        let start = self.limit.len();
        let (mut touching, mut next, mut meeting) = (0, 0, 0);
        for d in 0..directions {
            let step = self.steps[d];
            let mut least = FREE;
            for &w in &self.stops[a as usize][d] {
                for &c in &self.shapes[b as usize] {
                    if let Some(j) = multiple(sub(add(c, apart), w), step) {
                        least = least.min(j);
                    }
                }
            }
            self.limit.push(least);
            touching |= u32::from(least == 0) << d;
            next |= u32::from(least == 1) << d;
            meeting |= u32::from(least < FREE) << d;
        }
        let at = (start / directions) as u32;
        self.touching.push(touching);
        self.next.push(next);
        self.meeting.push(meeting);
        self.at.insert(key, at);
        at
    }

    /// The limits numbered `at` by [`Movement::limits_at`].
    pub(super) fn limits_of(&self, at: u32) -> Limits<'_> {
        let directions = self.steps.len();
        let start = at as usize * directions;
        Limits {
            along: &self.limit[start..start + directions],
            touching: self.touching[at as usize],
            next: self.next[at as usize],
            meeting: self.meeting[at as usize],
        }
    }
}

/// How far one shape can slide along each direction before it meets another.
pub(super) struct Limits<'a> {
    /// By direction, in whole steps ([`FREE`]: never).
    pub(super) along: &'a [u32],
    /// The directions (a bit each) along which it meets the other at once.
    pub(super) touching: u32,
    /// The directions along which it meets the other after one step.
    pub(super) next: u32,
    /// The directions along which it meets the other at all.
    pub(super) meeting: u32,
}

/// Two shapes and the distance between them as one number: each shape in 32 bits, each
/// coordinate in 21 (positions are far within a million of the origin: the limits on a box
/// bound them).
fn key(a: ShapeId, b: ShapeId, apart: Position) -> u128 {
    let [x, y, z] = apart.map(|v| u128::from((v + (1 << 20)) as u32 & ((1 << 21) - 1)));
    u128::from(a) << 96 | u128::from(b) << 64 | x << 42 | y << 21 | z
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
