//! Where each aspect lives in the free set `q`: one bit, or a counter field for a bag, and
//! whether `q` is a `u64`, a `u128` or an array of words. The emitter prints these operations
//! as Rust; the walker performs them on words; both hold `q` the same way, so that a work unit
//! cut by one runs on the other.

use crate::cover::Cover;
use crate::order::{Order, Position};

/// How `q` is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Repr {
    /// One `u64`.
    U64,
    /// One `u128` (as words: the low half first).
    U128,
    /// An array of this many `u64` words.
    Words(usize),
}

/// Where the aspect at one position lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Field {
    /// Its lowest bit in `q`.
    pub offset: u32,
    /// For a bag, its counter; `None` for an aspect held as one bit.
    pub bag: Option<Bag>,
}

/// A bag's counter: the copies left, in a field of `q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bag {
    /// The field's width in bits.
    pub width: u32,
    /// The copies at the start.
    pub count: u32,
}

/// The layout of `q`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layout {
    /// How `q` is held.
    pub repr: Repr,
    /// The bits the fields take, from bit 0.
    pub used: u32,
    /// For each position, its field.
    pub fields: Vec<Field>,
}

/// How a free set becomes the failure cache's key. Every aspect before the cache's first
/// procedure is covered there, so its bits are zero and the key may leave them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Key {
    /// All of `q`'s words.
    Whole,
    /// `q` (a `u128`) shifted right by this many bits: what is left fits one word.
    Shifted(u32),
    /// `q`'s words from this one on.
    From(usize),
}

impl Layout {
    /// One bit per aspect in order; a bag takes as many bits as its count needs, within one
    /// word, so that taking a copy is a subtraction that never borrows across fields.
    pub fn of(cover: &Cover, order: &Order) -> Layout {
        let mut fields = Vec::with_capacity(order.len());
        let mut offset = 0u32;
        for &a in order.sequence() {
            let count = cover.multiplicity(a);
            let bag = (count > 1).then(|| Bag {
                width: u32::BITS - count.leading_zeros(),
                count,
            });
            let width = bag.map_or(1, |b| b.width);
            if offset / 64 != (offset + width - 1) / 64 {
                offset = offset.next_multiple_of(64);
            }
            fields.push(Field { offset, bag });
            offset += width;
        }
        let repr = match offset {
            0..=64 => Repr::U64,
            65..=128 => Repr::U128,
            _ => Repr::Words(offset.div_ceil(64) as usize),
        };
        Layout {
            repr,
            used: offset,
            fields,
        }
    }

    /// The number of 64-bit words `q` takes.
    pub fn words(&self) -> usize {
        match self.repr {
            Repr::U64 => 1,
            Repr::U128 => 2,
            Repr::Words(n) => n,
        }
    }

    /// Whether some aspect is a bag.
    pub fn has_bags(&self) -> bool {
        self.fields.iter().any(|f| f.bag.is_some())
    }

    /// `q` with every aspect free, as words: all ones, except each bag's field, which holds
    /// its count (bits past the last aspect are set too; nothing reads them).
    pub fn full(&self) -> Vec<u64> {
        let mut q = vec![u64::MAX; self.words()];
        for field in &self.fields {
            if let Some(bag) = field.bag {
                let shift = field.offset % 64;
                let word = &mut q[(field.offset / 64) as usize];
                let mask = ((1u128 << bag.width) - 1) as u64;
                *word = (*word & !(mask << shift)) | (u64::from(bag.count) << shift);
            }
        }
        q
    }

    /// The word of `q` that holds a position.
    pub fn word(&self, p: Position) -> usize {
        (self.fields[p.index()].offset / 64) as usize
    }

    /// A position's lowest bit, within its word.
    pub fn bit(&self, p: Position) -> u64 {
        1 << (self.fields[p.index()].offset % 64)
    }

    /// The bits that say whether a position's aspect is free, within its word: its bit, or a
    /// bag's whole field.
    pub fn mask(&self, p: Position) -> u64 {
        let field = self.fields[p.index()];
        let width = field.bag.map_or(1, |b| b.width);
        (((1u128 << width) - 1) as u64) << (field.offset % 64)
    }

    /// Whether a position holds a bag (a count) rather than a bit.
    pub fn is_bag(&self, p: Position) -> bool {
        self.fields[p.index()].bag.is_some()
    }

    /// The copies left in a bag (for a plain aspect: 1 if free, 0 if covered).
    pub fn copies_left(&self, q: &[u64], p: Position) -> u32 {
        ((q[self.word(p)] & self.mask(p)) >> (self.fields[p.index()].offset % 64)) as u32
    }

    /// Whether a position's aspect is free in `q` (a bag: has a copy left).
    pub fn is_free(&self, q: &[u64], p: Position) -> bool {
        q[self.word(p)] & self.mask(p) != 0
    }

    /// Takes a free aspect: clears its bit, or takes one copy from a bag.
    pub fn take(&self, q: &mut [u64], p: Position) {
        let (word, bit) = (self.word(p), self.bit(p));
        match self.fields[p.index()].bag {
            Some(_) => q[word] -= bit,
            None => q[word] ^= bit,
        }
    }

    /// Gives back what [`Layout::take`] took.
    pub fn give_back(&self, q: &mut [u64], p: Position) {
        let (word, bit) = (self.word(p), self.bit(p));
        match self.fields[p.index()].bag {
            Some(_) => q[word] += bit,
            None => q[word] ^= bit,
        }
    }

    /// The failure cache's key for procedures from position `from` on.
    pub fn key(&self, from: Position) -> Key {
        let low = self
            .fields
            .get(from.index())
            .map_or(self.used, |f| f.offset);
        match self.repr {
            Repr::U64 => Key::Whole,
            Repr::U128 if self.used - low <= 64 => Key::Shifted(low),
            Repr::U128 => Key::Whole,
            // At least the last word, so that the key is never empty.
            Repr::Words(n) => Key::From(((low / 64) as usize).min(n - 1)),
        }
    }

    /// The words of a key.
    pub fn key_words(&self, key: Key) -> usize {
        match key {
            Key::Whole => self.words(),
            Key::Shifted(_) => 1,
            Key::From(first) => self.words() - first,
        }
    }

    /// The key of `q` (as words) into `out`, of [`Layout::key_words`] words.
    pub fn key_of(&self, key: Key, q: &[u64], out: &mut [u64]) {
        match key {
            Key::Whole => out.copy_from_slice(q),
            Key::Shifted(shift) => {
                let whole = u128::from(q[0]) | u128::from(q[1]) << 64;
                out[0] = (whole >> shift) as u64;
            }
            Key::From(first) => out.copy_from_slice(&q[first..]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::AspectId;

    fn layout(multiplicities: &[u32]) -> Layout {
        let names = (0..multiplicities.len()).map(|a| a.to_string()).collect();
        let mut cover = Cover::new(names, Vec::new());
        for (a, &n) in multiplicities.iter().enumerate() {
            cover.set_multiplicity(AspectId(a as u32), n);
        }
        Layout::of(&cover, &Order::by_number(multiplicities.len()))
    }

    #[test]
    fn bits_then_bag_fields_within_one_word() {
        let l = layout(&[1; 70]);
        assert_eq!((l.repr, l.used, l.words()), (Repr::U128, 70, 2));
        assert_eq!(l.fields[69].offset, 69);
        // 62 bits, then a bag of 5 copies (3 bits) would straddle the word: it starts the next.
        let mut m = vec![1; 62];
        m.push(5);
        let l = layout(&m);
        assert_eq!(l.fields[62].offset, 64);
        assert_eq!(l.fields[62].bag, Some(Bag { width: 3, count: 5 }));
        assert_eq!(l.full(), [u64::MAX, !0b111 | 5]);
        assert_eq!(layout(&[1; 200]).repr, Repr::Words(4));
    }

    #[test]
    fn taking_a_copy_from_a_bag_counts_it_down() {
        let l = layout(&[1, 3]);
        let (one, bag) = (Position(0), Position(1));
        let mut q = l.full();
        assert!(l.is_free(&q, one) && l.is_free(&q, bag));
        l.take(&mut q, one);
        for _ in 0..3 {
            assert!(l.is_free(&q, bag));
            l.take(&mut q, bag);
        }
        assert!(!l.is_free(&q, one) && !l.is_free(&q, bag));
        l.give_back(&mut q, bag);
        l.give_back(&mut q, one);
        assert!(l.is_free(&q, bag) && l.is_free(&q, one));
    }

    #[test]
    fn keys_leave_out_the_words_covered_before_the_cache() {
        let l = layout(&[1; 100]);
        assert_eq!(l.key(Position(40)), Key::Shifted(40));
        assert_eq!(l.key(Position(20)), Key::Whole);
        let mut key = [0; 1];
        let q = [u64::MAX << 40, 0xf];
        l.key_of(Key::Shifted(40), &q, &mut key);
        assert_eq!(key, [0x0fff_ffff]);
        let wide = layout(&[1; 264]);
        assert_eq!(wide.key(Position(66)), Key::From(1));
        assert_eq!(wide.key_words(Key::From(1)), 4);
    }
}
