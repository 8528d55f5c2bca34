//! What generated code calls and nothing else should: not API, and free to change with the
//! compiler that emits the calls (the two crates are pinned to each other's version).

pub use crate::failure::{consult, reach, remember, remembered};
pub use crate::prune::{board_allows, board_holes, Regions};

use crate::processor::Code;

/// The first `N` words of a unit's free set, zeros past its end (a unit that is a solution
/// keeps none).
#[inline]
pub fn words<const N: usize>(q: &[u64]) -> [u64; N] {
    let mut words = [0; N];
    let n = q.len().min(N);
    words[..n].copy_from_slice(&q[..n]);
    words
}

/// Processor code from the compact form the compiler wrote ([`Code::from_compact`]).
pub fn code(bytes: &[u8], procedures: &[(u32, u32)], aspects: u32) -> Code {
    Code::from_compact(bytes, procedures, aspects)
        .expect("the compiler writes its code in the compact form")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_a_unit() {
        assert_eq!(words::<3>(&[1, 2]), [1, 2, 0]);
        assert_eq!(words::<1>(&[]), [0]);
    }
}
