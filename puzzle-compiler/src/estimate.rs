//! Knuth's Monte Carlo estimate of the size of a search tree ("Estimating the efficiency of
//! backtrack programs", 1975): walk from the root to a leaf choosing each child at random; the
//! product of the branching factors met on the way, summed over the levels, is an unbiased
//! estimate of the number of nodes. The macro runs it at compile time on candidate aspect
//! orders, with a fixed seed so that builds are reproducible.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::order::{Order, Position};

/// The seed of every estimate: the same candidates get the same random walks on every build.
pub const SEED: u64 = 0x5eed_0f5e_a6c4;

/// The words of masks one estimate may compare, all its walks together: far more than the
/// walks of the puzzles this method is for ever need, so that they make all their walks, and a
/// bound on the time a huge box (walks hundreds of levels deep through long lists) can take.
pub const MAX_WORK: u64 = 1 << 26;

/// The mean of `probes` estimates of the number of placements the search makes in `order`
/// (nodes of the search tree other than the root), or of fewer, as many as [`MAX_WORK`]
/// allows (at least one). Bags are never chosen as the aspect to cover, as in the program.
pub fn placements(cover: &Cover, order: &Order, probes: u32, seed: u64) -> f64 {
    let state = Walks::new(cover);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut free, mut left) = (state.free.clone(), state.counts.clone());
    let mut fitting = Vec::new();
    let mut total = 0.0;
    let mut work = 0u64;
    let mut made = 0u32;
    while made < probes && (made == 0 || work < MAX_WORK) {
        made += 1;
        free.copy_from_slice(&state.free);
        left.copy_from_slice(&state.counts);
        let mut weight = 1.0;
        let mut position = 0;
        loop {
            // The least free aspect that is not a bag (a bag has no bit).
            while position < order.len() && !is_set(&free, order.aspect(Position(position as u32)))
            {
                position += 1;
            }
            if position == order.len() {
                break;
            }
            let a = order.aspect(Position(position as u32));
            fitting.clear();
            work += state.fitting(a, &free, &left, &mut fitting);
            // An optional aspect may also stay uncovered: one more child.
            let optional = cover.is_optional(a);
            let children = fitting.len() + usize::from(optional);
            if children == 0 {
                break;
            }
            weight *= children as f64;
            let pick = rng.random_range(0..children);
            match fitting.get(pick) {
                Some(&e) => {
                    total += weight;
                    state.place(e, &mut free, &mut left);
                }
                // Leaving an optional aspect uncovered is no placement.
                None => free[a.index() / 64] &= !(1 << (a.index() % 64)),
            }
        }
    }
    total / f64::from(made.max(1))
}

/// What the walks of one cover look up: aspects of multiplicity one as bits of a free set,
/// and for each aspect the embeddings that contain it, one after another, each with its mask
/// over the free set, so that finding those that fit is a scan of a few words apiece; bags
/// (several copies) as counts.
struct Walks {
    /// Words of a free set.
    words: usize,
    /// The free set at the root: every aspect of multiplicity one.
    free: Vec<u64>,
    /// Copies left in each bag at the root (0 for other aspects).
    counts: Vec<u32>,
    /// For each aspect, the allowed embeddings that contain it, in the cover's order: the
    /// embedding's number (with [`HAS_BAGS`] set if it takes from a bag), then its mask
    /// (`words` words).
    lists: Vec<Vec<u64>>,
    /// Each embedding's mask, `words` words apiece, by number.
    masks: Vec<u64>,
    /// Each embedding's bags (none where the cover has no bag).
    bags: Vec<Vec<AspectId>>,
}

impl Walks {
    fn new(cover: &Cover) -> Walks {
        let aspects = cover.aspect_count();
        let words = aspects.div_ceil(64).max(1);
        let bag = |a: AspectId| cover.multiplicity(a) > 1;
        let mut free = vec![0; words];
        let mut counts = vec![0; aspects];
        for a in cover.all_aspects() {
            match bag(a) {
                true => counts[a.index()] = cover.multiplicity(a),
                false => free[a.index() / 64] |= 1 << (a.index() % 64),
            }
        }
        let mut lists = vec![Vec::new(); aspects];
        let mut masks = vec![0; cover.embedding_count() * words];
        let mut bags = vec![Vec::new(); cover.embedding_count()];
        for e in cover.allowed() {
            let mut mask = vec![0u64; words];
            for &a in cover.aspects(e) {
                match bag(a) {
                    true => bags[e.index()].push(a),
                    false => mask[a.index() / 64] |= 1 << (a.index() % 64),
                }
            }
            let flag = match bags[e.index()].is_empty() {
                true => 0,
                false => HAS_BAGS,
            };
            for &a in cover.aspects(e) {
                lists[a.index()].push(u64::from(e.0) | flag);
                lists[a.index()].extend_from_slice(&mask);
            }
            masks[e.index() * words..(e.index() + 1) * words].copy_from_slice(&mask);
        }
        Walks {
            words,
            free,
            counts,
            lists,
            masks,
            bags,
        }
    }

    /// The embeddings containing `a` whose aspects are all free, in the cover's order; returns
    /// the words of masks compared.
    fn fitting(&self, a: AspectId, free: &[u64], left: &[u32], out: &mut Vec<EmbeddingId>) -> u64 {
        for entry in self.lists[a.index()].chunks_exact(self.words + 1) {
            if entry[1..].iter().zip(free).any(|(m, f)| m & !f != 0) {
                continue;
            }
            let e = EmbeddingId(entry[0] as u32);
            if entry[0] & HAS_BAGS == 0 || self.bags[e.index()].iter().all(|b| left[b.index()] > 0)
            {
                out.push(e);
            }
        }
        self.lists[a.index()].len() as u64
    }

    /// Covers the aspects of `e`.
    fn place(&self, e: EmbeddingId, free: &mut [u64], left: &mut [u32]) {
        for &a in &self.bags[e.index()] {
            left[a.index()] -= 1;
        }
        let mask = &self.masks[e.index() * self.words..(e.index() + 1) * self.words];
        for (f, m) in free.iter_mut().zip(mask) {
            *f &= !m;
        }
    }
}

/// The bit of a list entry's first word that says the embedding takes from a bag.
const HAS_BAGS: u64 = 1 << 63;

/// Whether aspect `a` is in the free set.
fn is_set(free: &[u64], a: AspectId) -> bool {
    free[a.index() / 64] & (1 << (a.index() % 64)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uniform_tree_is_estimated_exactly() {
        // Three aspects, each in two embeddings of its own: a complete binary tree of depth 3
        // with 2 + 4 + 8 = 14 placements; every walk sees the same factors.
        let names = (0..3).map(|a| a.to_string()).collect();
        let embeddings = (0..6).map(|e| vec![AspectId(e / 2)]).collect();
        let cover = Cover::new(names, embeddings);
        assert_eq!(placements(&cover, &Order::by_number(3), 10, SEED), 14.0);
    }

    #[test]
    fn the_estimate_averages_walks_of_an_uneven_tree() {
        // Aspect 0: embedding {0} or {0, 1}; aspect 1 then has two embeddings of its own or is
        // taken. Placements: 2 at the first level, and 2 more under {0}: 4. Walks estimate
        // 2 (through {0, 1}) or 2 + 2 * 2 = 6 (through {0}): 4 on average.
        let names = vec!["0".into(), "1".into()];
        let a = AspectId;
        let embeddings = vec![vec![a(0)], vec![a(0), a(1)], vec![a(1)], vec![a(1)]];
        let cover = Cover::new(names, embeddings);
        let estimate = placements(&cover, &Order::by_number(2), 4000, SEED);
        assert!((estimate - 4.0).abs() < 0.2, "{estimate}");
    }
}
