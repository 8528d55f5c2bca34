//! The symmetries of an abstract puzzle, found from the cover alone: the permutations of its
//! aspects that keep exact aspects exact and optional ones optional, and map the set of
//! allowed embeddings onto itself. A box puzzle takes its symmetries from the box instead.
//!
//! The search assigns aspects one by one, in an order where each aspect shares embeddings
//! with those already assigned, and prunes with three facts that every symmetry keeps:
//! an aspect's colour after refinement, how many embeddings two aspects share, and that an
//! embedding whose aspects are all assigned maps to an embedding.

use std::collections::{BTreeMap, HashMap};

use crate::cover::{AspectId, Cover, EmbeddingId};

/// The symmetries of `cover` other than the identity, each as the image of every embedding
/// (a forbidden embedding is its own image), in a fixed order; or `Err(limit)` when there are
/// more than `limit` of them. Aspects that lie in exactly the same embeddings are
/// interchangeable; symmetries that only swap them move no embedding and are left out.
pub fn automorphisms(cover: &Cover, limit: usize) -> Result<Vec<Vec<u32>>, usize> {
    let quotient = Quotient::of(cover);
    let colours = quotient.refined_colours();
    let search = Search::new(&quotient, colours, limit);
    let perms = search.run()?;
    let identity: Vec<u32> = (0..cover.embedding_count() as u32).collect();
    let mut maps: Vec<Vec<u32>> = perms
        .into_iter()
        .map(|perm| {
            let mut image = identity.clone();
            for (e, aspects) in quotient.embeddings.iter().enumerate() {
                let mut mapped: Vec<u32> = aspects.iter().map(|&a| perm[a as usize]).collect();
                mapped.sort_unstable();
                let to = quotient.index[&mapped];
                image[quotient.live[e] as usize] = quotient.live[to as usize];
            }
            image
        })
        .filter(|image| *image != identity)
        .collect();
    maps.sort();
    maps.dedup();
    Ok(maps)
}

/// The cover with interchangeable aspects merged into one class and forbidden embeddings
/// dropped.
struct Quotient {
    /// For each class: whether it is optional and how many aspects it merges.
    kinds: Vec<(bool, usize)>,
    /// The allowed embeddings as sorted lists of classes.
    embeddings: Vec<Vec<u32>>,
    /// The embedding number of each allowed embedding.
    live: Vec<u32>,
    /// Each embedding's position, by its classes.
    index: HashMap<Vec<u32>, u32>,
    /// For each class, the embeddings (positions) that contain it.
    containing: Vec<Vec<u32>>,
}

impl Quotient {
    fn of(cover: &Cover) -> Quotient {
        let live: Vec<u32> = (0..cover.embedding_count() as u32)
            .filter(|&e| cover.is_allowed(EmbeddingId(e)))
            .collect();
        let mut lies_in = vec![Vec::new(); cover.aspect_count()];
        for (i, &e) in live.iter().enumerate() {
            for a in cover.aspects(EmbeddingId(e)) {
                lies_in[a.index()].push(i as u32);
            }
        }
        // Aspects with the same kind and the same embeddings form one class.
        let mut classes: BTreeMap<(bool, &[u32]), u32> = BTreeMap::new();
        let mut kinds = Vec::new();
        let mut class_of = Vec::with_capacity(cover.aspect_count());
        for (a, embeddings) in lies_in.iter().enumerate() {
            let optional = cover.is_optional(AspectId(a as u32));
            let next = classes.len() as u32;
            let class = *classes.entry((optional, embeddings)).or_insert(next);
            if class == next {
                kinds.push((optional, 0));
            }
            kinds[class as usize].1 += 1;
            class_of.push(class);
        }
        let embeddings: Vec<Vec<u32>> = live
            .iter()
            .map(|&e| {
                let mut classes: Vec<u32> = cover
                    .aspects(EmbeddingId(e))
                    .iter()
                    .map(|a| class_of[a.index()])
                    .collect();
                classes.sort_unstable();
                classes.dedup();
                classes
            })
            .collect();
        let index = (0..embeddings.len() as u32)
            .map(|i| (embeddings[i as usize].clone(), i))
            .collect();
        let mut containing = vec![Vec::new(); kinds.len()];
        for (i, e) in embeddings.iter().enumerate() {
            for &c in e {
                containing[c as usize].push(i as u32);
            }
        }
        Quotient {
            kinds,
            embeddings,
            live,
            index,
            containing,
        }
    }

    /// Colours of the classes that every symmetry keeps: start from kind, size and degree,
    /// then refine by the colours of the embeddings around, and of their classes, until the
    /// number of colours stops growing.
    fn refined_colours(&self) -> Vec<u32> {
        let mut colours = rank(
            (0..self.kinds.len())
                .map(|c| (self.kinds[c], vec![self.containing[c].len() as u32]))
                .collect(),
        );
        let mut embedding_colours = rank(self.embeddings.iter().map(|e| e.len()).collect());
        let mut distinct = 0;
        loop {
            embedding_colours = rank(
                self.embeddings
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        let mut around: Vec<u32> = e.iter().map(|&c| colours[c as usize]).collect();
                        around.sort_unstable();
                        (embedding_colours[i], around)
                    })
                    .collect(),
            );
            colours = rank(
                (0..self.kinds.len())
                    .map(|c| {
                        let mut around: Vec<u32> = self.containing[c]
                            .iter()
                            .map(|&e| embedding_colours[e as usize])
                            .collect();
                        around.sort_unstable();
                        (colours[c], around)
                    })
                    .collect(),
            );
            let now = colours.iter().max().map_or(0, |&m| m + 1);
            if now == distinct {
                return colours;
            }
            distinct = now;
        }
    }

    /// How many embeddings each pair of classes shares, for each class.
    fn shared(&self) -> Vec<BTreeMap<u32, u32>> {
        let mut shared = vec![BTreeMap::new(); self.kinds.len()];
        for e in &self.embeddings {
            for &a in e {
                for &b in e {
                    if a != b {
                        *shared[a as usize].entry(b).or_insert(0) += 1;
                    }
                }
            }
        }
        shared
    }
}

/// Replaces each key by its rank among the distinct keys.
fn rank<K: Ord + Clone>(keys: Vec<K>) -> Vec<u32> {
    let mut sorted = keys.clone();
    sorted.sort();
    sorted.dedup();
    keys.iter()
        .map(|k| {
            sorted
                .binary_search(k)
                .expect("every key is in its own list") as u32
        })
        .collect()
}

/// The backtracking search over permutations of classes.
struct Search<'q> {
    quotient: &'q Quotient,
    colours: Vec<u32>,
    shared: Vec<BTreeMap<u32, u32>>,
    /// Classes in the order they are assigned.
    order: Vec<u32>,
    /// For each position in `order`, the embeddings whose last class is assigned there.
    completed: Vec<Vec<u32>>,
    limit: usize,
    perm: Vec<Option<u32>>,
    used: Vec<bool>,
    found: Vec<Vec<u32>>,
}

impl<'q> Search<'q> {
    fn new(quotient: &'q Quotient, colours: Vec<u32>, limit: usize) -> Search<'q> {
        let n = quotient.kinds.len();
        let shared = quotient.shared();
        // Greedy: next the class sharing embeddings with the most classes already placed.
        let mut order = Vec::with_capacity(n);
        let mut placed = vec![false; n];
        let mut ties = vec![0usize; n];
        for _ in 0..n {
            let next = (0..n)
                .filter(|&c| !placed[c])
                .max_by_key(|&c| (ties[c], std::cmp::Reverse(c)))
                .expect("a class is left");
            placed[next] = true;
            order.push(next as u32);
            for &b in shared[next].keys() {
                ties[b as usize] += 1;
            }
        }
        let mut position = vec![0; n];
        for (p, &c) in order.iter().enumerate() {
            position[c as usize] = p;
        }
        let mut completed = vec![Vec::new(); n];
        for (i, e) in quotient.embeddings.iter().enumerate() {
            if let Some(last) = e.iter().map(|&c| position[c as usize]).max() {
                completed[last].push(i as u32);
            }
        }
        Search {
            quotient,
            colours,
            shared,
            order,
            completed,
            limit,
            perm: vec![None; n],
            used: vec![false; n],
            found: Vec::new(),
        }
    }

    fn run(mut self) -> Result<Vec<Vec<u32>>, usize> {
        self.extend(0)?;
        Ok(self.found)
    }

    fn extend(&mut self, depth: usize) -> Result<(), usize> {
        if depth == self.order.len() {
            if self.found.len() > self.limit {
                return Err(self.limit);
            }
            self.found
                .push(self.perm.iter().map(|p| p.expect("all assigned")).collect());
            return Ok(());
        }
        let a = self.order[depth];
        for b in 0..self.perm.len() as u32 {
            if self.used[b as usize] || !self.fits(a, b) {
                continue;
            }
            self.perm[a as usize] = Some(b);
            self.used[b as usize] = true;
            if self.completes(depth) {
                self.extend(depth + 1)?;
            }
            self.perm[a as usize] = None;
            self.used[b as usize] = false;
        }
        Ok(())
    }

    /// Whether `a` may map to `b`: same colour, and each class already assigned shares as
    /// many embeddings with `a` as its image does with `b`.
    fn fits(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        if self.colours[a] != self.colours[b] {
            return false;
        }
        let mut assigned_neighbours = 0;
        for (&k, &count) in &self.shared[a] {
            if let Some(image) = self.perm[k as usize] {
                assigned_neighbours += 1;
                if self.shared[b].get(&image) != Some(&count) {
                    return false;
                }
            }
        }
        // `b` must have no more neighbours among the images than `a` has among the assigned.
        let image_neighbours = self.shared[b]
            .keys()
            .filter(|&&k| self.used[k as usize])
            .count();
        image_neighbours == assigned_neighbours
    }

    /// Whether every embedding completed at `depth` maps to an embedding.
    fn completes(&self, depth: usize) -> bool {
        self.completed[depth].iter().all(|&e| {
            let mut mapped: Vec<u32> = self.quotient.embeddings[e as usize]
                .iter()
                .map(|&c| self.perm[c as usize].expect("assigned before"))
                .collect();
            mapped.sort_unstable();
            self.quotient.index.contains_key(&mapped)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cover(aspects: usize, embeddings: &[&[u32]]) -> Cover {
        let names = (0..aspects).map(|a| a.to_string()).collect();
        let embeddings = embeddings
            .iter()
            .map(|e| e.iter().map(|&a| AspectId(a)).collect())
            .collect();
        Cover::new(names, embeddings)
    }

    #[test]
    fn a_cycle_has_its_dihedral_group() {
        // Hexagon: edges {i, i+1} as embeddings; 12 symmetries.
        let edges: Vec<Vec<u32>> = (0..6).map(|i| vec![i, (i + 1) % 6]).collect();
        let refs: Vec<&[u32]> = edges.iter().map(Vec::as_slice).collect();
        let maps = automorphisms(&cover(6, &refs), 100).unwrap();
        assert_eq!(maps.len(), 11);
        for map in &maps {
            // Each is a permutation of the embeddings.
            let mut sorted = map.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..6).collect::<Vec<u32>>());
        }
    }

    #[test]
    fn optional_aspects_keep_their_kind() {
        // A path 0-1-2: reversing it swaps 0 and 2; making 0 optional forbids that.
        let mut c = cover(3, &[&[0, 1], &[1, 2]]);
        assert_eq!(automorphisms(&c, 10).unwrap(), vec![vec![1, 0]]);
        c.set_optional(AspectId(0));
        assert!(automorphisms(&c, 10).unwrap().is_empty());
    }

    #[test]
    fn interchangeable_aspects_move_nothing() {
        // 0 and 1 lie in the same embeddings: swapping them maps each embedding to itself.
        let c = cover(3, &[&[0, 1], &[0, 1, 2], &[2]]);
        assert!(automorphisms(&c, 10).unwrap().is_empty());
    }

    #[test]
    fn too_many_symmetries_are_refused() {
        // All pairs of 8 aspects: 8! symmetries.
        let mut pairs = Vec::new();
        for a in 0..8 {
            for b in a + 1..8 {
                pairs.push(vec![a, b]);
            }
        }
        let refs: Vec<&[u32]> = pairs.iter().map(Vec::as_slice).collect();
        assert_eq!(automorphisms(&cover(8, &refs), 1000), Err(1000));
    }
}
