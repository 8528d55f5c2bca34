//! The search for the fewest moves that take an assembly in two, BurrTools' (after Bill
//! Cutler's): breadth first from the assembled state, a move sliding one group of pieces any
//! number of steps along one direction, the groups found from how far each piece can slide
//! past each other; at the first state from which a group can leave, the two parts are taken
//! apart the same way. The moves of a state are tried in BurrTools' order, so that where
//! several separations are equally short, the one found is BurrTools' own.

use super::front::{relative, Front};
use super::grouping::Grouping;
use super::movement::{add, times, Movement, Position, ShapeId, FREE};
use super::{Move, Separation};

/// A group slides out of the assembly: by more than any limit between pieces.
const REMOVE: u32 = FREE;

/// A limit of states was reached: the search stopped there.
pub(super) struct Exceeded;

/// How a state was reached: from which node, by which move.
struct Node {
    parent: u32,
    moved: u64,
    direction: u8,
    distance: u32,
}

/// One disassembly of one assembly.
pub(super) struct Search<'a> {
    pub(super) movement: &'a mut Movement,
    /// Each piece's shape, weight and kind, by its number in the assembly.
    pub(super) shapes: &'a [ShapeId],
    pub(super) weights: &'a [i32],
    pub(super) kinds: &'a [usize],
    pub(super) grouping: Grouping<'a>,
    /// The states the whole disassembly may reach, and those reached.
    pub(super) limit: u64,
    pub(super) states: u64,
}

impl Search<'_> {
    /// The fewest moves that take apart the pieces `pieces` (numbers in the assembly) lying at
    /// `start`, then its parts; `None` where no move takes them in two, or a part of them
    /// cannot be taken apart nor be a group.
    pub(super) fn disassemble(
        &mut self,
        pieces: &[usize],
        start: &[Position],
    ) -> Result<Option<Separation>, Exceeded> {
        let n = pieces.len();
        let mut fronts = [Front::new(n), Front::new(n), Front::new(n)];
        let (mut old, mut current, mut new) = (0, 1, 2);
        let mut nodes = vec![Node {
            parent: u32::MAX,
            moved: 0,
            direction: 0,
            distance: 0,
        }];
        let mut state = Vec::new();
        relative(start, &mut state);
        fronts[current].insert(&state, 0);
        let mut matrix = Matrix::new(n, self.movement.directions() / 2);
        let mut moves = Vec::new();
        let mut positions = vec![[0; 3]; n];
        loop {
            for k in 0..fronts[current].len() {
                let (flat, node) = fronts[current].get(k);
                for (p, chunk) in positions.iter_mut().zip(flat.chunks_exact(3)) {
                    *p = [chunk[0], chunk[1], chunk[2]];
                }
                matrix.fill(
                    self.movement,
                    &pieces_shapes(self.shapes, pieces),
                    &positions,
                );
                if let Some((moved, direction)) = self.removal(&matrix, pieces) {
                    let mut path = Vec::new();
                    let mut at = node;
                    while at != 0 {
                        let step = &nodes[at as usize];
                        path.push(self.to_move(pieces, step.moved, step.direction, step.distance));
                        at = step.parent;
                    }
                    path.reverse();
                    path.push(self.to_move(pieces, moved, direction, REMOVE));
                    return self.parts(pieces, &positions, moved, path);
                }
                self.moves(&matrix, pieces, &mut moves);
                for &(moved, direction, distance) in &moves {
                    let step = times(self.movement.step(direction as usize), distance as i32);
                    let mut after = positions.clone();
                    for (i, p) in after.iter_mut().enumerate() {
                        if moved >> i & 1 == 1 {
                            *p = add(*p, step);
                        }
                    }
                    relative(&after, &mut state);
                    if fronts[old].contains(&state) || fronts[current].contains(&state) {
                        continue;
                    }
                    let id = nodes.len() as u32;
                    if fronts[new].insert(&state, id) {
                        if self.states >= self.limit {
                            return Err(Exceeded);
                        }
                        self.states += 1;
                        nodes.push(Node {
                            parent: node,
                            moved,
                            direction,
                            distance,
                        });
                    }
                }
            }
            if fronts[new].len() == 0 {
                return Ok(None);
            }
            fronts[old].clear();
            (old, current, new) = (current, new, old);
        }
    }

    /// The first group that can leave, in BurrTools' order: a piece alone, then a group of at
    /// most half the pieces, each direction in turn and each piece in it; the group that
    /// moves after the weights say which side stays.
    fn removal(&self, matrix: &Matrix, pieces: &[usize]) -> Option<(u64, u8)> {
        let n = pieces.len();
        for most in [1, n / 2] {
            for d in 0..matrix.axes * 2 {
                for p in 0..n {
                    if let Some(group) = matrix.group(p, d, REMOVE, most) {
                        return Some(self.weighed(pieces, group, d as u8));
                    }
                }
            }
        }
        None
    }

    /// Every move from a state without one that takes it in two, in BurrTools' order: each
    /// direction, each piece in it, each distance from 1 that the piece can go with at most
    /// half the pieces, and with each such move, its unions with those found before along the
    /// same direction and distance (two groups that move independently).
    fn moves(&self, matrix: &Matrix, pieces: &[usize], out: &mut Vec<(u64, u8, u32)>) {
        out.clear();
        let n = pieces.len();
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let mut found: Vec<(u64, u32)> = Vec::new();
        for d in 0..matrix.axes * 2 {
            found.clear();
            for p in 0..n {
                let mut distance = 1;
                while let Some(group) = matrix.group(p, d, distance, n / 2) {
                    if !found.contains(&(group, distance)) {
                        let before = found.len();
                        found.push((group, distance));
                        let (moved, direction) = self.weighed(pieces, group, d as u8);
                        out.push((moved, direction, distance));
                        for e in (0..before).rev() {
                            let (other, by) = found[e];
                            let union = group | other;
                            if by != distance
                                || union == all
                                || other & !group == 0
                                || group & !other == 0
                                || found.contains(&(union, distance))
                            {
                                continue;
                            }
                            found.push((union, distance));
                            let (moved, direction) = self.weighed(pieces, union, d as u8);
                            out.push((moved, direction, distance));
                        }
                    }
                    distance += 1;
                }
            }
        }
    }

    /// The group that moves, and its direction, where `group` moves along `direction`: the
    /// other pieces instead, the other way, where one of the group weighs more than any of
    /// them.
    fn weighed(&self, pieces: &[usize], group: u64, direction: u8) -> (u64, u8) {
        let (mut moving, mut still) = (i32::MIN, i32::MIN);
        for (i, &p) in pieces.iter().enumerate() {
            let w = self.weights[p];
            if group >> i & 1 == 1 {
                moving = moving.max(w);
            } else {
                still = still.max(w);
            }
        }
        if still < moving {
            let all = if pieces.len() == 64 {
                u64::MAX
            } else {
                (1 << pieces.len()) - 1
            };
            (all & !group, direction ^ 1)
        } else {
            (group, direction)
        }
    }

    /// A move of the pieces of `moved` (among `pieces`), as the caller reads it.
    fn to_move(&self, pieces: &[usize], moved: u64, direction: u8, distance: u32) -> Move {
        Move {
            pieces: (pieces.iter().enumerate())
                .filter(|(i, _)| moved >> i & 1 == 1)
                .map(|(_, &p)| p)
                .collect(),
            direction: direction as usize,
            distance: (distance != REMOVE).then_some(distance),
        }
    }

    /// The separation by `path`, whose last move takes `moved` away from the state at
    /// `positions`, once its two parts are taken apart or found to be groups: the part that
    /// stays first, as BurrTools does.
    fn parts(
        &mut self,
        pieces: &[usize],
        positions: &[Position],
        moved: u64,
        path: Vec<Move>,
    ) -> Result<Option<Separation>, Exceeded> {
        let mut halves = [None, None];
        for (half, taken) in [(0, false), (1, true)] {
            let (part, at): (Vec<usize>, Vec<Position>) = (pieces.iter().zip(positions))
                .enumerate()
                .filter(|(i, _)| (moved >> i & 1 == 1) == taken)
                .map(|(_, (&p, &at))| (p, at))
                .unzip();
            if part.len() == 1 || self.grouping.one_group(part.iter().map(|&p| self.kinds[p])) {
                continue;
            }
            match self.disassemble(&part, &at)? {
                Some(separation) => halves[half] = Some(Box::new(separation)),
                None => {
                    if !self
                        .grouping
                        .add(part.iter().map(|&p| self.kinds[p]).collect())
                    {
                        return Ok(None);
                    }
                }
            }
        }
        let [stayed, removed] = halves;
        Ok(Some(Separation {
            pieces: pieces.to_vec(),
            moves: path,
            stayed,
            removed,
        }))
    }
}

fn pieces_shapes(shapes: &[ShapeId], pieces: &[usize]) -> Vec<ShapeId> {
    pieces.iter().map(|&p| shapes[p]).collect()
}

/// How far each piece can slide along each axis's forward direction past each other, closed
/// under chains (a piece goes no further past another than past a third plus the third past
/// the other): `limit[axis][i][j]` for piece `i` past piece `j`; back along the axis it is
/// `j` past `i`.
struct Matrix {
    n: usize,
    axes: usize,
    limit: Vec<u32>,
}

impl Matrix {
    fn new(n: usize, axes: usize) -> Matrix {
        Matrix {
            n,
            axes,
            limit: vec![0; axes * n * n],
        }
    }

    /// The limits of the pieces of these shapes at these positions.
    fn fill(&mut self, movement: &mut Movement, shapes: &[ShapeId], positions: &[Position]) {
        let n = self.n;
        for i in 0..n {
            for j in i + 1..n {
                let apart = super::movement::sub(positions[j], positions[i]);
                let limits = movement.limits(shapes[i], shapes[j], apart);
                for axis in 0..self.axes {
                    self.limit[(axis * n + i) * n + j] = limits[2 * axis];
                    self.limit[(axis * n + j) * n + i] = limits[2 * axis + 1];
                }
            }
        }
        for axis in 0..self.axes {
            let m = &mut self.limit[axis * n * n..(axis + 1) * n * n];
            for k in 0..n {
                for i in 0..n {
                    let ik = m[i * n + k];
                    if ik >= FREE {
                        continue;
                    }
                    for j in 0..n {
                        let through = ik + m[k * n + j];
                        if through < m[i * n + j] {
                            m[i * n + j] = through;
                        }
                    }
                }
            }
        }
    }

    /// How far piece `i` can slide along direction `d` past piece `j`.
    fn past(&self, d: usize, i: usize, j: usize) -> u32 {
        let (axis, n) = (d / 2, self.n);
        match d % 2 {
            0 => self.limit[(axis * n + i) * n + j],
            _ => self.limit[(axis * n + j) * n + i],
        }
    }

    /// The pieces that must move with piece `p` for it to slide `distance` along direction
    /// `d`, if they are at most `most`.
    fn group(&self, p: usize, d: usize, distance: u32, most: usize) -> Option<u64> {
        let mut group = 1u64 << p;
        let mut count = 1;
        let mut stack = [0u8; 64];
        let mut top = 1;
        stack[0] = p as u8;
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            for j in 0..self.n {
                if group >> j & 1 == 0 && distance > self.past(d, i, j) {
                    count += 1;
                    if count > most {
                        return None;
                    }
                    group |= 1 << j;
                    stack[top] = j as u8;
                    top += 1;
                }
            }
        }
        Some(group)
    }
}
