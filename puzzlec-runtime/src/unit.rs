//! Work units: pieces of a search that run alone, on any machine, named by their place in the
//! serial search's order and by their puzzle's fingerprint.

use crate::info::Info;

/// A piece of the search that runs alone: the state of the search after its first few
/// placements (the embeddings placed, the free set and the procedure to run next).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The fingerprint of the puzzle it belongs to ([`Info::fingerprint`]).
    pub fingerprint: u64,
    /// Its number: its place in the serial search's order.
    pub id: usize,
    /// The embeddings placed before the cut, in placement order.
    pub placed: Vec<u32>,
    /// The free set at the cut, as the program holds it (none for a unit that is a solution).
    pub q: Vec<u64>,
    /// The position of the procedure to run next (the sentinel when `placed` is a solution).
    pub next: u32,
}

impl Unit {
    /// Whether this unit can be run by the puzzle `info` describes: one of its own, not a
    /// unit of another puzzle or build, and well formed.
    pub fn check(&self, info: &Info) -> Result<(), UnitError> {
        if self.fingerprint != info.fingerprint {
            return Err(UnitError::OtherPuzzle {
                id: self.id,
                expected: info.fingerprint,
                found: self.fingerprint,
            });
        }
        if self.next > info.procedures {
            return Err(UnitError::UnknownPosition {
                id: self.id,
                next: self.next,
                procedures: info.procedures,
            });
        }
        let solution = self.next == info.procedures && self.q.is_empty();
        if self.q.len() != info.words && !solution {
            return Err(UnitError::FreeSet {
                id: self.id,
                found: self.q.len(),
                expected: info.words,
            });
        }
        if let Some(&embedding) = self.placed.iter().find(|&&e| e as usize >= info.embeddings) {
            return Err(UnitError::UnknownEmbedding {
                id: self.id,
                embedding,
                embeddings: info.embeddings,
            });
        }
        Ok(())
    }
}

/// Why a unit cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    /// The unit belongs to another puzzle, or to another build of this one.
    #[error("unit {id} belongs to another puzzle or build (fingerprint {found:#018x}, this puzzle's is {expected:#018x})")]
    OtherPuzzle {
        /// The unit's number.
        id: usize,
        /// This puzzle's fingerprint.
        expected: u64,
        /// The unit's.
        found: u64,
    },
    /// The unit resumes at a procedure the program does not have.
    #[error("unit {id} resumes at position {next}, but the program has {procedures} procedures")]
    UnknownPosition {
        /// The unit's number.
        id: usize,
        /// Where it resumes.
        next: u32,
        /// How many procedures there are.
        procedures: u32,
    },
    /// The unit's free set has the wrong number of words.
    #[error(
        "unit {id} holds its free set in {found} words, but this program holds it in {expected}"
    )]
    FreeSet {
        /// The unit's number.
        id: usize,
        /// The unit's words.
        found: usize,
        /// The program's.
        expected: usize,
    },
    /// The unit places an embedding the puzzle does not have.
    #[error("unit {id} places embedding {embedding}, but the puzzle has {embeddings} embeddings")]
    UnknownEmbedding {
        /// The unit's number.
        id: usize,
        /// The embedding.
        embedding: u32,
        /// How many embeddings there are.
        embeddings: usize,
    },
}
