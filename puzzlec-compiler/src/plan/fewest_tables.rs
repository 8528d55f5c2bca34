//! The tables of the search that covers next the required aspect with the fewest embeddings
//! (`puzzlec_runtime`'s `Fewest`): each allowed embedding's bits of `q` and required bits, and
//! for each bit of `q` the set of embeddings that take it.

use puzzlec_runtime::__private::{
    Fewest, FewestBag, FEWEST_COVERED as COVERED, FEWEST_DENSE_SETS as DENSE_SETS,
    FEWEST_NO_BAG as NO_BAG,
};

use crate::cover::Cover;
use crate::order::Order;
use crate::tuning::Tuning;

use super::layout::Layout;

/// The tables of the search that covers the required aspect with the fewest embeddings after
/// every placement.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FewestTables {
    /// The words of `q`.
    pub words: u32,
    /// The words of a set of embeddings.
    pub sets: u32,
    /// The bits of `q` of the required aspects.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub required: Vec<u64>,
    /// Counts are kept for the bits below this one.
    pub span: u32,
    /// For each bit of `q`, where its takers' words (the embeddings that need it) start, the
    /// first word of the set they fill and how many.
    pub ranges: Vec<(u32, u32, u32)>,
    /// The takers' words, bit after bit.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub takers: Vec<u64>,
    /// Where sets are of a few words, each embedding's clashes (the embeddings that share a
    /// bit with it), `sets` words each; else none.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub clashes: Vec<u64>,
    /// Each embedding's bits of `q`: those it takes.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub masks: Vec<u64>,
    /// Where the cover has colours, each embedding's bits that must be free for it to fit;
    /// else none (`masks` are both).
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub needs: Vec<u64>,
    /// The most required aspects an embedding takes.
    pub stride: u32,
    /// The required bits of each embedding: where `starts` is empty, `stride` each, the
    /// `j`th entry of the padding `span + j`; else one embedding's after another's.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub bits: Vec<u32>,
    /// Where padding would pass [`Tuning::padded_bits_within`], where each embedding's entries
    /// of `bits` start, and after the last their end; else empty.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub starts: Vec<u32>,
    /// The cover's number of each embedding, in the order they are tried.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub embeddings: Vec<u32>,
    /// The required aspects covered a number of times (bags), by bit; their bits are in no
    /// mask.
    pub bags: Vec<FewestBag>,
    /// Where there are bags, each bit's below `span` (`NO_BAG` for none); else none.
    #[cfg_attr(feature = "serde", serde(with = "crate::words"))]
    pub bag_of: Vec<u32>,
}

/// Why a cover cannot be searched by the fewest embeddings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// An embedding takes no required aspect: the rule would never place it.
    NoRequired,
    /// The tables would pass [`Tuning::fewest_bytes`], or an aspect has as many embeddings as
    /// a count holds.
    TooLarge,
}

impl FewestTables {
    /// The tables for `cover` searched with `q` laid out by `layout` (the order's), or why
    /// there are none.
    pub fn new(
        cover: &Cover,
        order: &Order,
        layout: &Layout,
        tuning: &Tuning,
    ) -> Result<FewestTables, Unfit> {
        let words = layout.words();
        let allowed: Vec<_> = cover.allowed().collect();
        let sets = allowed.len().div_ceil(64).max(1);
        let mut required = vec![0u64; words];
        let bit_of = |a| {
            let p = order.position(a);
            layout.word(p) * 64 + layout.bit(p).trailing_zeros() as usize
        };
        // A bag's bit (the lowest of its field) is required, and in no mask: taken, it stays
        // free until full.
        let mut bags = Vec::new();
        let mut bagged = vec![0u64; words];
        for a in cover.all_aspects().filter(|&a| !cover.is_optional(a)) {
            let b = bit_of(a);
            required[b / 64] |= 1 << (b % 64);
            let (least, most) = (cover.least(a), cover.multiplicity(a));
            if (least, most) != (1, 1) {
                let width = layout.fields[order.position(a).index()]
                    .bag
                    .map_or(1, |f| f.width);
                let bit = b as u32;
                bags.push(FewestBag {
                    bit,
                    width,
                    least,
                    most,
                });
                bagged[b / 64] |= 1 << (b % 64);
            }
        }
        bags.sort_unstable();
        // A copy of a column before it: the search need not choose it (`Cover::repeats`).
        let repeats = cover.repeats(order.sequence());
        for a in cover.all_aspects().filter(|a| repeats[a.index()]) {
            let b = bit_of(a);
            required[b / 64] &= !(1 << (b % 64));
        }
        let coloured = cover.has_colours();
        let mut masks = vec![0u64; allowed.len() * words];
        let mut needs = vec![0u64; if coloured { allowed.len() * words } else { 0 }];
        // Each bit's takers, the allowed embeddings that need it, in order: the lists laid end
        // to end, bit by bit (a burr's thousands of embeddings need tens of thousands of bits).
        let mut list_starts = vec![0usize; words * 64 + 1];
        for &e in &allowed {
            for &a in cover.aspects(e) {
                list_starts[bit_of(a) + 1] += 1;
            }
        }
        for b in 0..words * 64 {
            list_starts[b + 1] += list_starts[b];
        }
        let mut lists = vec![0usize; list_starts[words * 64]];
        let mut next = list_starts.clone();
        // Each embedding's required bits, one after another, from where each starts.
        let (mut own_bits, mut own_starts) = (Vec::new(), Vec::with_capacity(allowed.len() + 1));
        own_starts.push(0u32);
        let (mut needed, mut taken) = (Vec::new(), Vec::new());
        for (i, &e) in allowed.iter().enumerate() {
            needed.clear();
            needed.extend(cover.aspects(e).iter().map(|&a| bit_of(a)));
            needed.sort_unstable();
            for &b in &needed {
                lists[next[b]] = i;
                next[b] += 1;
            }
            let takes = match coloured {
                true => {
                    for &b in needed
                        .iter()
                        .filter(|&&b| bagged[b / 64] >> (b % 64) & 1 == 0)
                    {
                        needs[i * words + b / 64] |= 1 << (b % 64);
                    }
                    taken.clear();
                    taken.extend(cover.takes(e).iter().map(|&a| bit_of(a)));
                    &taken
                }
                false => &needed,
            };
            for &b in takes
                .iter()
                .filter(|&&b| bagged[b / 64] >> (b % 64) & 1 == 0)
            {
                masks[i * words + b / 64] |= 1 << (b % 64);
            }
            own_bits.extend(
                (needed.iter())
                    .filter(|&&b| required[b / 64] >> (b % 64) & 1 == 1)
                    .map(|&b| b as u32),
            );
            if own_bits.len() == *own_starts.last().unwrap() as usize {
                return Err(Unfit::NoRequired);
            }
            own_starts.push(own_bits.len() as u32);
        }
        let by_bit = (0..words * 64).map(|b| &lists[list_starts[b]..list_starts[b + 1]]);
        let (mut ranges, mut takers) = (Vec::with_capacity(words * 64), Vec::new());
        // A count must stay below the mark of a covered aspect.
        if by_bit
            .clone()
            .any(|list| list.len() >= usize::from(COVERED))
        {
            return Err(Unfit::TooLarge);
        }
        // A set of a few words is kept whole for every bit, which the search reads at a
        // constant width; a larger one from its first word with a taker to its last.
        let dense = sets <= DENSE_SETS;
        for list in by_bit {
            let start = takers.len() as u32;
            let (first, last) = match (list.first(), list.last()) {
                _ if dense => (0, sets - 1),
                (Some(&lo), Some(&hi)) => (lo / 64, hi / 64),
                _ => {
                    ranges.push((start, 0, 0));
                    continue;
                }
            };
            let len = last - first + 1;
            takers.resize(start as usize + len, 0);
            let set = &mut takers[start as usize..];
            for &e in list {
                set[e / 64 - first] |= 1 << (e % 64);
            }
            ranges.push((start, first as u32, len as u32));
            if takers.len() * 8 > tuning.fewest_bytes {
                return Err(Unfit::TooLarge);
            }
        }
        // Where sets are whole, each embedding's clashes: the takers of the bits it takes.
        let mut clashes = Vec::new();
        if dense {
            clashes = vec![0u64; allowed.len() * sets];
            for e in 0..allowed.len() {
                for w in 0..words {
                    let mut m = masks[e * words + w];
                    while m != 0 {
                        let b = w * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        let start = ranges[b].0 as usize;
                        for (c, t) in clashes[e * sets..(e + 1) * sets]
                            .iter_mut()
                            .zip(&takers[start..start + sets])
                        {
                            *c |= t;
                        }
                    }
                }
            }
        }
        let span = required
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |w| (w as u32 + 1) * 64 - required[w].leading_zeros());
        let own = |i: usize| &own_bits[own_starts[i] as usize..own_starts[i + 1] as usize];
        let stride = (0..allowed.len()).map(|i| own(i).len()).max().unwrap_or(0);
        let mut bag_of = Vec::new();
        if !bags.is_empty() {
            bag_of = vec![NO_BAG; span as usize];
            for (k, bag) in bags.iter().enumerate() {
                bag_of[bag.bit as usize] = k as u32;
            }
        }
        let real = own_bits.len();
        let padded = allowed.len() * stride;
        let (mut bits, mut starts) = (Vec::new(), Vec::new());
        if padded as f64 > real as f64 * tuning.padded_bits_within {
            bits.reserve_exact(real);
            bits.extend_from_slice(&own_bits);
            starts = own_starts;
        } else {
            bits.reserve_exact(padded);
            for i in 0..allowed.len() {
                bits.extend_from_slice(own(i));
                // Each entry of the padding a count of its own: lowering one count again and
                // again would be a chain of stores to one place.
                bits.extend((own(i).len()..stride).map(|j| span + j as u32));
            }
        }
        Ok(FewestTables {
            words: words as u32,
            sets: sets as u32,
            required,
            span,
            ranges,
            takers,
            clashes,
            masks,
            needs,
            stride: stride as u32,
            bits,
            starts,
            embeddings: allowed.iter().map(|e| e.0).collect(),
            bags,
            bag_of,
        })
    }

    /// The words of the tables, as generated code would hold them.
    pub fn words_of_tables(&self) -> usize {
        self.takers.len()
            + self.clashes.len()
            + self.masks.len()
            + self.needs.len()
            + (self.bits.len() + self.starts.len()).div_ceil(2)
            + (self.bags.len() * 4 + self.bag_of.len()).div_ceil(2)
    }

    /// The words of a unit cut in the search: `q`'s, and where there are bags, the whole
    /// level (`q`, the live embeddings, each bag's count).
    pub fn unit_words(&self) -> usize {
        match self.bags.is_empty() {
            true => self.words as usize,
            false => (self.words + self.sets) as usize + self.bags.len(),
        }
    }

    /// The tables as the run time reads them, the failure cache consulted from `cache_from`
    /// placements on (`u32::MAX`: never) and owned by `fingerprint`.
    pub fn runtime(&self, cache_from: u32, fingerprint: u64) -> Fewest<'_> {
        Fewest {
            words: self.words,
            sets: self.sets,
            required: &self.required,
            span: self.span,
            ranges: &self.ranges,
            takers: &self.takers,
            clashes: &self.clashes,
            masks: &self.masks,
            needs: &self.needs,
            stride: self.stride,
            bits: &self.bits,
            starts: &self.starts,
            embeddings: &self.embeddings,
            bags: &self.bags,
            bag_of: &self.bag_of,
            cache_from,
            owner: fingerprint,
        }
    }
}
