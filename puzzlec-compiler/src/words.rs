//! Words saved as their bytes: the walker's and the plan's tables (sets, masks, borders,
//! reaches, takers) are most of a saved puzzle, and a byte string loads at the speed of a copy
//! where a sequence of integers is decoded one varint at a time.

use serde::de::{Error, Visitor};
use serde::{Deserializer, Serializer};

/// A machine word saved as its little-endian bytes.
pub trait Word: Copy {
    /// Its bytes.
    const BYTES: usize;
    /// Appends its bytes to `out`.
    fn put(self, out: &mut Vec<u8>);
    /// The word of these `BYTES` bytes.
    fn get(bytes: &[u8]) -> Self;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(bytes: &[u8]) -> Self {
                <$t>::from_le_bytes(bytes.try_into().expect("a word's bytes"))
            }
        }
    )*};
}
word!(u32, u64, u128);

/// Saves `words` as one byte string.
pub fn serialize<W: Word, S: Serializer>(words: &[W], serializer: S) -> Result<S::Ok, S::Error> {
    let mut bytes = Vec::with_capacity(words.len() * W::BYTES);
    words.iter().for_each(|w| w.put(&mut bytes));
    serializer.serialize_bytes(&bytes)
}

/// Loads words saved by [`serialize`]; a string whose length is not a whole number of words
/// is an error.
pub fn deserialize<'de, W: Word, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<W>, D::Error> {
    struct Words<W>(std::marker::PhantomData<W>);
    impl<W: Word> Visitor<'_> for Words<W> {
        type Value = Vec<W>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "a byte string of {}-byte words", W::BYTES)
        }
        fn visit_bytes<E: Error>(self, bytes: &[u8]) -> Result<Vec<W>, E> {
            if !bytes.len().is_multiple_of(W::BYTES) {
                return Err(E::invalid_length(bytes.len(), &self));
            }
            Ok(bytes.chunks_exact(W::BYTES).map(W::get).collect())
        }
    }
    deserializer.deserialize_bytes(Words(std::marker::PhantomData))
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Tables {
        #[serde(with = "super")]
        narrow: Vec<u64>,
        #[serde(with = "super")]
        wide: Vec<u128>,
    }

    #[test]
    fn words_come_back_as_they_were_saved_and_a_broken_word_is_refused() {
        let tables = Tables {
            narrow: vec![0, 1, u64::MAX, 0x0123_4567_89ab_cdef],
            wide: vec![u128::MAX, 1 << 100, 7],
        };
        let bytes = postcard::to_allocvec(&tables).unwrap();
        // Each string is a length and the words' bytes, nothing per word.
        assert_eq!(bytes.len(), 1 + 4 * 8 + 1 + 3 * 16);
        assert_eq!(postcard::from_bytes::<Tables>(&bytes).unwrap(), tables);
        // Seven bytes are not a word: the first length made one shorter, the rest shifted.
        let mut broken = bytes.clone();
        broken[0] = 31;
        assert!(postcard::from_bytes::<Tables>(&broken).is_err());
    }
}
