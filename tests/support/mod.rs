//! Shared by the integration tests: a generator of small random puzzles.

// Each test crate uses only part of it.
#![allow(dead_code)]

pub mod random;

use puzzle::runtime::EmbeddingId;

/// Solutions as sorted sets of embeddings, sorted: what two solvers must agree on whatever
/// order they search in.
pub fn sorted_sets(solutions: &[Vec<u32>]) -> Vec<Vec<EmbeddingId>> {
    let mut sets: Vec<Vec<EmbeddingId>> = solutions
        .iter()
        .map(|s| {
            let mut set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            set.sort_unstable();
            set
        })
        .collect();
    sets.sort();
    sets
}
