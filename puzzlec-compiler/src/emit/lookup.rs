//! A procedure's placements found all at once: for each four bits of `q` that some placement
//! needs, a table of sixteen entries says which placements those bits allow, and the placements
//! that fit are the ones every table allows. A few loads and `and`s in place of a tree of
//! tests whose branches the processor cannot predict.

/// The tables of one procedure's placements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    /// The 64-bit words of a set of placements: placement `i` is bit `i % 64` of word `i / 64`.
    pub words: usize,
    /// Every placement, as words: the set the lookups start from.
    pub all: Vec<u64>,
    /// One per four bits of `q` that some placement needs, lowest first.
    pub nibbles: Vec<Nibble>,
}

/// Four bits of `q`, and which placements each value of them allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nibble {
    /// The nibble's lowest bit in `q` (a multiple of four, so it lies in one word).
    pub shift: u32,
    /// For each value of the four bits, the placements whose bits there it holds, as words.
    pub allows: Vec<Vec<u64>>,
}

impl Lookup {
    /// The tables of placements with these masks (their aspects' bits in `q`), leaving out the
    /// bits of `known`, which every placement needs and the procedure has found free.
    pub fn new(masks: &[u128], known: u128) -> Lookup {
        let words = masks.len().div_ceil(64);
        let set = |keep: &dyn Fn(u128) -> bool| {
            let mut set = vec![0u64; words];
            for (i, &m) in masks.iter().enumerate() {
                if keep(m) {
                    set[i / 64] |= 1 << (i % 64);
                }
            }
            set
        };
        let needed = masks.iter().fold(0, |u, m| u | m) & !known;
        let nibbles = (0..u128::BITS / 4)
            .map(|k| 4 * k)
            .filter(|&shift| (needed >> shift) & 15 != 0)
            .map(|shift| Nibble {
                shift,
                allows: (0..16u128)
                    .map(|v| set(&|m| (m >> shift) & 15 & !(known >> shift) & !v == 0))
                    .collect(),
            })
            .collect();
        Lookup {
            words,
            all: set(&|_| true),
            nibbles,
        }
    }

    /// The placements that fit `q` (which holds the `known` bits), as words: what the
    /// generated code computes.
    #[cfg(test)]
    pub fn fitting(&self, q: u128) -> Vec<u64> {
        let mut fit = self.all.clone();
        for nibble in &self.nibbles {
            let allows = &nibble.allows[((q >> nibble.shift) & 15) as usize];
            fit.iter_mut().zip(allows).for_each(|(f, a)| *f &= a);
        }
        fit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator, so that the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn a_placement_fits_where_every_bit_it_needs_is_free() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        let known = 1u128 << 9;
        // Seventy placements, so that they take two words; each needs bit 9 and four others.
        let masks: Vec<u128> = (0..70)
            .map(|_| (0..4).fold(known, |m, _| m | 1 << (next(&mut state) % 128)))
            .collect();
        let lookup = Lookup::new(&masks, known);
        assert_eq!(lookup.words, 2);
        assert_eq!(lookup.all, [u64::MAX, (1 << 6) - 1]);
        for _ in 0..2000 {
            // Free sets dense enough that some placements fit.
            let q = (u128::from(next(&mut state) | next(&mut state)) << 64
                | u128::from(next(&mut state) | next(&mut state) | next(&mut state)))
                | known;
            let fit = lookup.fitting(q);
            for (i, &m) in masks.iter().enumerate() {
                assert_eq!(
                    fit[i / 64] >> (i % 64) & 1 == 1,
                    q & m == m,
                    "placement {i}"
                );
            }
        }
    }

    #[test]
    fn only_the_nibbles_some_placement_needs_are_looked_up() {
        let known = 1;
        let lookup = Lookup::new(&[known | 1 << 2, known | 1 << 9 | 1 << 10], known);
        let shifts: Vec<u32> = lookup.nibbles.iter().map(|n| n.shift).collect();
        assert_eq!(shifts, [0, 8]);
        // The known bit is left out: with bit 2 free, the first fits whatever bit 0 holds.
        assert_eq!(lookup.nibbles[0].allows[0b0100], [0b11]);
        assert_eq!(lookup.nibbles[0].allows[0b0001], [0b10]);
    }
}
