//! Masks over sets of many words, each kept as its words that are not zero: a piece's cells lie
//! in a few words of a large box's free set, which has a thousand.

/// Masks in order, each as its words that are not zero with their places: mask `i`'s are
/// `words[starts[i]..starts[i + 1]]`, all in one vector (a burr's thousands of embeddings are
/// thousands of allocations otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct SparseMasks {
    words: Vec<(u32, u64)>,
    starts: Vec<u32>,
}

impl Default for SparseMasks {
    fn default() -> SparseMasks {
        SparseMasks::with_capacity(0, 0)
    }
}

impl SparseMasks {
    /// No masks, with room for `masks` of `words` words that are not zero in all.
    pub(crate) fn with_capacity(masks: usize, words: usize) -> SparseMasks {
        let mut starts = Vec::with_capacity(masks + 1);
        starts.push(0);
        SparseMasks {
            words: Vec::with_capacity(words),
            starts,
        }
    }

    /// Appends the next mask, of the bits given as `(word, bit)`s in any order (left in `bits`
    /// sorted).
    pub(crate) fn push(&mut self, bits: &mut [(u32, u64)]) {
        bits.sort_unstable_by_key(|&(w, _)| w);
        let start = self.words.len();
        for &(w, bit) in bits.iter() {
            match self.words[start..].last_mut() {
                Some((last, word)) if *last == w => *word |= bit,
                _ => self.words.push((w, bit)),
            }
        }
        self.starts.push(self.words.len() as u32);
    }

    /// Mask `i`: its words that are not zero, by place.
    #[inline]
    pub(crate) fn of(&self, i: usize) -> &[(u32, u64)] {
        &self.words[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Word `word` of mask `i`.
    pub(crate) fn word(&self, i: usize, word: usize) -> u64 {
        (self.of(i).iter())
            .find(|&&(w, _)| w as usize == word)
            .map_or(0, |&(_, m)| m)
    }

    /// How many masks there are.
    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// How many words that are not zero the masks hold in all.
    pub(crate) fn words(&self) -> usize {
        self.words.len()
    }
}

#[cfg(test)]
mod tests {
    use super::SparseMasks;

    #[test]
    fn a_mask_keeps_its_words_that_are_not_zero_in_order() {
        let mut masks = SparseMasks::with_capacity(2, 0);
        masks.push(&mut [(7, 1 << 3), (0, 1), (7, 1 << 5)]);
        masks.push(&mut []);
        assert_eq!(masks.len(), 2);
        assert_eq!(masks.of(0), &[(0, 1), (7, 1 << 3 | 1 << 5)]);
        assert_eq!(masks.of(1), &[]);
        assert_eq!(masks.word(0, 7), 1 << 3 | 1 << 5);
        assert_eq!(masks.word(0, 1), 0);
        assert_eq!(masks.words(), 2);
        assert_eq!(SparseMasks::default().len(), 0);
    }
}
