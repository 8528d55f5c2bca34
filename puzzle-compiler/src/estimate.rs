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

/// The mean of `probes` estimates of the number of placements the search makes in `order`
/// (nodes of the search tree other than the root). Bags are never chosen as the aspect to
/// cover, as in the program.
pub fn placements(cover: &Cover, order: &Order, probes: u32, seed: u64) -> f64 {
    let mut containing: Vec<Vec<EmbeddingId>> = vec![Vec::new(); cover.aspect_count()];
    for e in cover.allowed() {
        for a in cover.aspects(e) {
            containing[a.index()].push(e);
        }
    }
    let multiplicity: Vec<u32> = cover.all_aspects().map(|a| cover.multiplicity(a)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut left = multiplicity.clone();
    let mut fitting = Vec::new();
    let mut total = 0.0;
    for _ in 0..probes {
        left.copy_from_slice(&multiplicity);
        let mut weight = 1.0;
        let mut position = 0;
        loop {
            // The least free aspect that is not a bag.
            while position < order.len() {
                let a = order.aspect(Position(position as u32)).index();
                if left[a] > 0 && multiplicity[a] == 1 {
                    break;
                }
                position += 1;
            }
            if position == order.len() {
                break;
            }
            let a = order.aspect(Position(position as u32));
            fitting.clear();
            fitting.extend(
                containing[a.index()]
                    .iter()
                    .filter(|&&e| cover.aspects(e).iter().all(|x| left[x.index()] > 0)),
            );
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
                    cover.aspects(e).iter().for_each(|x| left[x.index()] -= 1);
                }
                // Leaving an optional aspect uncovered is no placement.
                None => block(&mut left, a),
            }
        }
    }
    total / f64::from(probes.max(1))
}

fn block(left: &mut [u32], a: AspectId) {
    left[a.index()] = 0;
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
