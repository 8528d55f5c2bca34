//! A front of the breadth-first search: the states at one number of moves from the start, each
//! the positions of the pieces relative to the first, kept one after another in one buffer
//! and found again by a table of their numbers, so that a state costs its positions and a few
//! bytes whatever the number of states.

use std::hash::{BuildHasher, Hasher};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::movement::{Position, AXES};

/// The states of one front, in the order they were reached.
#[derive(Default)]
pub(super) struct Front {
    /// Positions per state: three per piece.
    width: usize,
    positions: Vec<i32>,
    /// Each state's node in the search's tree.
    nodes: Vec<u32>,
    table: HashTable<u32>,
}

impl Front {
    /// The number of states.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The state at `k`, by the order reached, with its node.
    pub(super) fn get(&self, k: usize) -> (&[i32], u32) {
        let at = k * self.width;
        (&self.positions[at..at + self.width], self.nodes[k])
    }

    /// Whether the front holds `state`, whose [`hash`] is `hash`.
    #[inline(never)]
    pub(super) fn contains(&self, state: &[i32], hash: u64) -> bool {
        (self.table)
            .find(hash, |&k| self.slice(k) == state)
            .is_some()
    }

    /// Adds `state`, whose [`hash`] is `hash`, as node `node`, unless the front holds it;
    /// whether it was added.
    #[inline(never)]
    pub(super) fn insert(&mut self, state: &[i32], hash: u64, node: u32) -> bool {
        let (positions, width) = (&self.positions, self.width);
        let slice = |k: u32| &positions[k as usize * width..(k as usize + 1) * width];
        if self.table.find(hash, |&k| slice(k) == state).is_some() {
            return false;
        }
        let k = self.nodes.len() as u32;
        self.positions.extend_from_slice(state);
        self.nodes.push(node);
        let (positions, width) = (&self.positions, self.width);
        self.table.insert_unique(hash, k, |&k| {
            self::hash(&positions[k as usize * width..(k as usize + 1) * width])
        });
        true
    }

    /// Empties the front, keeping its memory.
    pub(super) fn clear(&mut self) {
        self.positions.clear();
        self.nodes.clear();
        self.table.clear();
    }

    /// Empty, for states of `pieces` pieces, keeping the room it had.
    pub(super) fn reset(&mut self, pieces: usize) {
        self.clear();
        self.width = pieces * AXES;
    }

    fn slice(&self, k: u32) -> &[i32] {
        let at = k as usize * self.width;
        &self.positions[at..at + self.width]
    }
}

/// A state's hash, by which the fronts find it.
pub(super) fn hash(state: &[i32]) -> u64 {
    let mut h = FxBuildHasher.build_hasher();
    for &x in state {
        h.write_i32(x);
    }
    h.finish()
}

/// The positions of a state's pieces as one slice, each relative to the first piece's.
pub(super) fn relative(positions: &[Position], out: &mut Vec<i32>) {
    out.clear();
    let first = positions[0];
    for p in positions {
        for axis in 0..AXES {
            out.push(p[axis] - first[axis]);
        }
    }
}
