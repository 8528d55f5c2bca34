//! The search for the fewest moves that take an assembly in two, BurrTools' (after Bill
//! Cutler's): breadth first from the assembled state, a move sliding one group of pieces any
//! number of steps along one direction, the groups found from how far each piece can slide
//! past each other; at the first state from which a group can leave, the two parts are taken
//! apart the same way. The moves of a state are tried in BurrTools' order, so that where
//! several separations are equally short, the one found is BurrTools' own.

use std::sync::atomic::{AtomicBool, Ordering};

use super::front::{self, relative, Front};
use super::grouping::Grouping;
use super::movement::{add, sub, times, Movement, Position, ShapeId, FREE};
use super::{Move, Separation};
use crate::lists::Lists;

/// A group slides out of the assembly: by more than any limit between pieces.
const REMOVE: u32 = FREE;

/// Why a search stopped before an answer.
pub(super) enum Halt {
    /// The limit of states was reached.
    Limit,
    /// It was asked to stop.
    Stopped,
}

/// The states reached between two looks at the stop flag: a few milliseconds' work.
const LOOK_EVERY: u64 = 1 << 12;

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
    /// Set when the search is to stop where it is.
    pub(super) stop: &'a AtomicBool,
    /// Whether every separation of the fewest moves is taken, each part the same way, and
    /// the one of the highest level kept; else the first, in BurrTools' order.
    pub(super) complete: bool,
    /// What each level of parts within parts works in, kept from one disassembly to the
    /// next; and the level of the search under way.
    pub(super) scratch: &'a mut Vec<Scratch>,
    pub(super) depth: usize,
}

/// What one level of the search works in: its fronts, the tree of moves, the limits between
/// pieces and the state in hand, kept from one disassembly to the next so that a search
/// allocates only as it outgrows those before it (and for the separation it answers).
#[derive(Default)]
pub(super) struct Scratch {
    fronts: [Front; 3],
    nodes: Vec<Node>,
    matrix: Matrix,
    twins: Twins,
    /// The pieces (numbers in the assembly) with their twins in order, and where they start.
    pieces: Vec<usize>,
    start: Vec<Position>,
    /// Each piece's shape.
    shapes: Vec<ShapeId>,
    /// The state being expanded, a state after a move, and that as the front keeps it.
    positions: Vec<Position>,
    after: Vec<Position>,
    state: Vec<i32>,
    moves: Vec<(u64, u8, u32)>,
    /// The groups found along one direction while the moves are listed.
    groups: Vec<(u64, u32)>,
    removals: Vec<(u64, u8)>,
    /// The moves from the start to a separation, and the pieces and positions as they are
    /// replayed.
    chain: Vec<(u64, u8, u32)>,
    replay: (Vec<usize>, Vec<Position>),
}

impl Search<'_> {
    /// The fewest moves that take apart the pieces `pieces` (numbers in the assembly) lying at
    /// `start`, then its parts; `None` where no move takes them in two, or a part of them
    /// cannot be taken apart nor be a group.
    pub(super) fn disassemble(
        &mut self,
        pieces: &[usize],
        start: &[Position],
    ) -> Result<Option<Separation>, Halt> {
        if self.scratch.len() <= self.depth {
            self.scratch.resize_with(self.depth + 1, Scratch::default);
        }
        let mut work = std::mem::take(&mut self.scratch[self.depth]);
        let found = self.disassemble_in(&mut work, pieces, start);
        self.scratch[self.depth] = work;
        found
    }

    /// [`disassemble`](Self::disassemble) in `work`.
    fn disassemble_in(
        &mut self,
        work: &mut Scratch,
        pieces: &[usize],
        start: &[Position],
    ) -> Result<Option<Separation>, Halt> {
        let n = pieces.len();
        let Scratch {
            fronts,
            nodes,
            matrix,
            twins,
            pieces: order,
            start: at_start,
            shapes,
            positions,
            after,
            state,
            moves,
            groups,
            removals,
            chain,
            replay,
        } = work;
        // Twins (pieces of one kind lying the same way) are interchangeable: a state is kept
        // with each set of twins in order of position, so that states that differ only by
        // which twin is where are one.
        twins.find(pieces.iter().map(|&p| (self.kinds[p], self.shapes[p])));
        pieces.clone_into(order);
        start.clone_into(at_start);
        canonical(at_start, Some(order), twins);
        let (pieces, start) = (&order[..], &at_start[..]);
        for front in fronts.iter_mut() {
            front.reset(n);
        }
        let (mut old, mut current, mut new) = (0, 1, 2);
        nodes.clear();
        nodes.push(Node {
            parent: u32::MAX,
            moved: 0,
            direction: 0,
            distance: 0,
        });
        relative(start, state);
        fronts[current].insert(state, front::hash(state), 0);
        matrix.reset(n, self.movement.directions());
        shapes.clear();
        shapes.extend(pieces.iter().map(|&p| self.shapes[p]));
        after.clear();
        after.resize(n, [0; 3]);
        positions.clear();
        positions.resize(n, [0; 3]);
        // In a complete search, the separations of the fewest moves: every removal from every
        // state of the front where the first is found.
        let mut highest: Option<Separation> = None;
        let mut separated = false;
        loop {
            for k in 0..fronts[current].len() {
                let (flat, node) = fronts[current].get(k);
                for (p, chunk) in positions.iter_mut().zip(flat.chunks_exact(3)) {
                    *p = [chunk[0], chunk[1], chunk[2]];
                }
                matrix.fill(self.movement, shapes, positions);
                self.removals(matrix, pieces, removals);
                separated |= !removals.is_empty();
                for &(moved, direction) in removals.iter() {
                    chain.clear();
                    let mut at = node;
                    while at != 0 {
                        let step = &nodes[at as usize];
                        chain.push((step.moved, step.direction, step.distance));
                        at = step.parent;
                    }
                    chain.reverse();
                    chain.push((moved, direction, REMOVE));
                    let found = self.replayed(pieces, start, twins, chain, replay)?;
                    if !self.complete {
                        return Ok(found);
                    }
                    if let Some(found) = found {
                        match &highest {
                            Some(h) if !higher(&found, h) => {}
                            _ => highest = Some(found),
                        }
                    }
                }
                if separated {
                    // The rest of this front may hold separations as short; none is deeper.
                    continue;
                }
                self.moves(matrix, pieces, moves, groups);
                for &(moved, direction, distance) in moves.iter() {
                    let step = times(self.movement.step(direction as usize), distance as i32);
                    for (i, (a, p)) in after.iter_mut().zip(positions.iter()).enumerate() {
                        *a = match moved >> i & 1 {
                            1 => add(*p, step),
                            _ => *p,
                        };
                    }
                    canonical(after, None, twins);
                    relative(after, state);
                    let hash = front::hash(state);
                    if fronts[old].contains(state, hash) || fronts[current].contains(state, hash) {
                        continue;
                    }
                    let id = nodes.len() as u32;
                    if fronts[new].insert(state, hash, id) {
                        if self.states >= self.limit {
                            return Err(Halt::Limit);
                        }
                        self.states += 1;
                        if self.states.is_multiple_of(LOOK_EVERY)
                            && self.stop.load(Ordering::Relaxed)
                        {
                            return Err(Halt::Stopped);
                        }
                        nodes.push(Node {
                            parent: node,
                            moved,
                            direction,
                            distance,
                        });
                    }
                }
            }
            if separated || fronts[new].len() == 0 {
                return Ok(highest);
            }
            fronts[old].clear();
            (old, current, new) = (current, new, old);
        }
    }

    /// The separation by the moves of `chain` from `start` (each group by its places in the
    /// state it moves from, whose twins are in order of position), the last taking a group
    /// away: the moves replayed to name the pieces each moves, then the parts taken apart.
    fn replayed(
        &mut self,
        pieces: &[usize],
        start: &[Position],
        twins: &Twins,
        chain: &[(u64, u8, u32)],
        (ids, positions): &mut (Vec<usize>, Vec<Position>),
    ) -> Result<Option<Separation>, Halt> {
        start.clone_into(positions);
        pieces.clone_into(ids);
        let mut path = Vec::with_capacity(chain.len());
        let (&(moved, direction, _), before) = chain.split_last().expect("the removal");
        for &(moved, direction, distance) in before {
            path.push(self.to_move(ids, moved, direction, distance));
            let step = times(self.movement.step(direction as usize), distance as i32);
            for (i, p) in positions.iter_mut().enumerate() {
                if moved >> i & 1 == 1 {
                    *p = add(*p, step);
                }
            }
            canonical(positions, Some(ids), twins);
        }
        path.push(self.to_move(ids, moved, direction, REMOVE));
        self.parts(ids, positions, moved, path)
    }

    /// The groups that can leave, in BurrTools' order: a piece alone, then a group of at most
    /// half the pieces, each direction in turn and each piece in it; the group that moves
    /// after the weights say which side stays. The first alone, unless the search is
    /// complete.
    #[inline(never)]
    fn removals(&self, matrix: &Matrix, pieces: &[usize], out: &mut Vec<(u64, u8)>) {
        out.clear();
        let n = pieces.len();
        for d in 0..matrix.directions {
            for (p, _) in (matrix.meeting(d).iter().enumerate()).filter(|(_, &row)| row == 0) {
                out.push(self.weighed(pieces, 1 << p, d as u8));
                if !self.complete {
                    return;
                }
            }
        }
        for d in 0..matrix.directions {
            let rows = matrix.meeting(d);
            for group in (0..n).filter_map(|p| closure(rows, p, n / 2)) {
                let removal = self.weighed(pieces, group, d as u8);
                if group.count_ones() > 1 && !out.contains(&removal) {
                    out.push(removal);
                    if !self.complete {
                        return;
                    }
                }
            }
        }
    }

    /// Every move from a state without one that takes it in two, in BurrTools' order: each
    /// direction, each piece in it, each distance from 1 that the piece can go with at most
    /// half the pieces, and with each such move, its unions with those found before along the
    /// same direction and distance (two groups that move independently).
    #[inline(never)]
    fn moves(
        &self,
        matrix: &mut Matrix,
        pieces: &[usize],
        out: &mut Vec<(u64, u8, u32)>,
        found: &mut Vec<(u64, u32)>,
    ) {
        out.clear();
        let n = pieces.len();
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        for d in 0..matrix.directions {
            found.clear();
            matrix.direction(d);
            for p in 0..n {
                let mut distance = 1;
                while let Some(group) = closure(matrix.held(self.movement, d, distance), p, n / 2) {
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
    ) -> Result<Option<Separation>, Halt> {
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
            self.depth += 1;
            let found = self.disassemble(&part, &at);
            self.depth -= 1;
            match found? {
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

/// Whether separation `a` is of a higher level than `b` (BurrTools' levels compared number by
/// number: the moves to the first separation, then those of the parts).
fn higher(a: &Separation, b: &Separation) -> bool {
    let numbers = |s: &Separation| -> Vec<usize> {
        s.level()
            .split('.')
            .map(|n| n.parse().unwrap_or(0))
            .collect()
    };
    numbers(a) > numbers(b)
}

/// The sets of at least two twins among some pieces: their places among them, each set in
/// order, the sets in order of their first.
#[derive(Default)]
struct Twins {
    /// Each piece's kind and shape, which twins share.
    keys: Vec<(usize, ShapeId)>,
    sets: Lists<usize>,
}

impl Twins {
    /// The twins among pieces of these kinds and shapes (at most [`MAX_PIECES`](super::MAX_PIECES)).
    fn find(&mut self, pieces: impl Iterator<Item = (usize, ShapeId)>) {
        self.keys.clear();
        self.keys.extend(pieces);
        self.sets.clear();
        let mut taken = 0u64;
        for (i, key) in self.keys.iter().enumerate() {
            if taken >> i & 1 == 1 {
                continue;
            }
            let set = (self.keys.iter().enumerate().skip(i))
                .filter(|(_, k)| *k == key)
                .fold(0u64, |set, (j, _)| set | 1 << j);
            taken |= set;
            if set.count_ones() > 1 {
                self.sets
                    .push((i..self.keys.len()).filter(|&j| set >> j & 1 == 1));
            }
        }
    }
}

/// Puts each set of twins in order of position (their places kept, their positions sorted),
/// carrying `ids` along where given.
fn canonical(positions: &mut [Position], mut ids: Option<&mut Vec<usize>>, twins: &Twins) {
    for set in twins.sets.iter() {
        for a in 1..set.len() {
            let mut b = a;
            while b > 0 && positions[set[b]] < positions[set[b - 1]] {
                positions.swap(set[b], set[b - 1]);
                if let Some(ids) = ids.as_deref_mut() {
                    ids.swap(set[b], set[b - 1]);
                }
                b -= 1;
            }
        }
    }
}

/// How far each piece can slide along each direction past each other (for each pair `i < j`
/// the number of its limits in the [`Movement`]), and which pieces each meets along each
/// direction at once and at all; for the state's moves, which pieces each holds back at each
/// distance. BurrTools closes the limits under chains (a piece goes no further past another
/// than past a third plus the third past the other) before it finds the groups; the groups
/// are the same without: a chain of limits each below a distance makes every piece on it
/// move, as its sum below the distance does.
#[derive(Default)]
struct Matrix {
    n: usize,
    directions: usize,
    pairs: Vec<u32>,
    /// For each direction and piece, the pieces it meets at once (`touching`) and at all
    /// (`meeting`) as it slides along the direction.
    touching: Vec<u64>,
    /// The same within one step.
    within: Vec<u64>,
    meeting: Vec<u64>,
    /// For one direction, by distance `k` from 0, each piece's pieces it meets within `k`
    /// steps (those that must move with it for it to go `k`), `n` words a distance.
    held: Vec<u64>,
}

impl Matrix {
    /// Empty, for `n` pieces and `directions` directions, keeping the room it had.
    fn reset(&mut self, n: usize, directions: usize) {
        (self.n, self.directions) = (n, directions);
        for (rows, len) in [
            (&mut self.touching, directions * n),
            (&mut self.within, directions * n),
            (&mut self.meeting, directions * n),
        ] {
            rows.clear();
            rows.resize(len, 0);
        }
        self.pairs.clear();
        self.pairs.resize(n * n, 0);
        self.held.clear();
    }

    /// The limits of the pieces of these shapes at these positions.
    fn fill(&mut self, movement: &mut Movement, shapes: &[ShapeId], positions: &[Position]) {
        let n = self.n;
        self.touching.fill(0);
        self.within.fill(0);
        self.meeting.fill(0);
        for i in 0..n {
            for j in i + 1..n {
                let apart = sub(positions[j], positions[i]);
                let at = movement.limits_at(shapes[i], shapes[j], apart);
                self.pairs[i * n + j] = at;
                let limits = movement.limits_of(at);
                for (bits, rows) in [
                    (limits.touching, &mut self.touching),
                    (limits.touching | limits.next, &mut self.within),
                    (limits.meeting, &mut self.meeting),
                ] {
                    let mut bits = bits;
                    while bits != 0 {
                        let d = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        // Along `d` piece `i` meets `j`; back along it, `j` meets `i`.
                        rows[d * n + i] |= 1 << j;
                        rows[(d ^ 1) * n + j] |= 1 << i;
                    }
                }
            }
        }
    }

    /// How far piece `i` can slide along direction `d` past piece `j`.
    fn past(&self, movement: &Movement, d: usize, i: usize, j: usize) -> u32 {
        match i < j {
            true => movement.limits_of(self.pairs[i * self.n + j]).along[d],
            false => movement.limits_of(self.pairs[j * self.n + i]).along[d ^ 1],
        }
    }

    /// Makes [`Matrix::held`] that of direction `d`, up to distance 2.
    fn direction(&mut self, d: usize) {
        let n = self.n;
        self.held.clear();
        self.held.resize(n, 0);
        self.held
            .extend_from_slice(&self.touching[d * n..(d + 1) * n]);
        self.held
            .extend_from_slice(&self.within[d * n..(d + 1) * n]);
    }

    /// The pieces each piece meets within `k` steps along direction `d` (after
    /// [`Matrix::direction`] of `d`).
    fn held(&mut self, movement: &Movement, d: usize, k: u32) -> &[u64] {
        let n = self.n;
        while self.held.len() <= k as usize * n {
            let below = (self.held.len() / n - 1) as u32;
            let from = self.held.len() - n;
            for i in 0..n {
                let mut row = self.held[from + i];
                for j in 0..n {
                    if i != j && self.past(movement, d, i, j) == below {
                        row |= 1 << j;
                    }
                }
                self.held.push(row);
            }
        }
        &self.held[k as usize * n..(k as usize + 1) * n]
    }

    /// The pieces each piece meets at all along direction `d`.
    fn meeting(&self, d: usize) -> &[u64] {
        &self.meeting[d * self.n..(d + 1) * self.n]
    }
}

/// The pieces that must move with piece `p` where each piece `i` that moves takes `rows[i]`
/// with it, if they are at most `most`.
fn closure(rows: &[u64], p: usize, most: usize) -> Option<u64> {
    let mut group = 1u64 << p;
    let mut todo = group;
    // Counted bit by bit: groups are small, and a count of ones is a loop of its own where
    // the processor's instruction is not assumed.
    let mut count = 1;
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let mut new = rows[i] & !group;
        group |= new;
        todo |= new;
        while new != 0 {
            new &= new - 1;
            count += 1;
            if count > most {
                return None;
            }
        }
    }
    Some(group)
}
