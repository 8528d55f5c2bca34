//! The run-time half of symmetry reduction: the check that keeps one solution per class where
//! restricting a piece alone does not, and the sink that applies it. The reduction itself is
//! the compiler's.

use std::borrow::Cow;
use std::ops::ControlFlow;

use std::collections::{BTreeSet, HashMap};

use crate::failure::FailureCache;
use crate::fingerprint::Fingerprint;
use crate::info::{Info, SymmetryGroup};
use crate::search::Sink;
use crate::solution::Catalog;
use crate::tuning::ORBIT_LOOKUP_SCAN;

/// Finishes a reduction whose kept placements some symmetries fix: a solution placing the
/// piece on such a placement counts only if it is the least of its images under the
/// symmetries that fix that placement. Static in generated code, owned at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SymmetryCheck {
    /// The number of embeddings.
    pub embeddings: u32,
    /// The images of all embeddings under each symmetry used, one symmetry after another.
    pub images: Cow<'static, [u32]>,
    /// `(embedding, first, count)`, by embedding: a kept placement and the symmetries fixing
    /// it, as `members[first..first + count]`.
    pub fixed: Cow<'static, [(u32, u32, u32)]>,
    /// Indices of symmetries into `images`.
    pub members: Cow<'static, [u32]>,
    /// Symmetries (indices into `images`) under which every solution must be the least of its
    /// images: the whole group, when no piece could be restricted (identical copies).
    pub everywhere: Cow<'static, [u32]>,
    /// `(first, second, start, count)`, sorted: a kept placement of the first piece whose
    /// symmetries also restrict a second piece (kept to one placement per orbit of them), a
    /// kept placement of that piece, and the symmetries fixing both, as
    /// `members[start..start + count]`.
    pub pairs: Cow<'static, [(u32, u32, u32, u32)]>,
}

impl SymmetryCheck {
    /// Whether the solution made of `placed` is the one its class keeps. Allocates nothing.
    pub fn accepts(&self, placed: &[u32]) -> bool {
        let n = self.embeddings as usize;
        let image = |g: u32| &self.images[g as usize * n..(g as usize + 1) * n];
        if self
            .everywhere
            .iter()
            .any(|&g| image_is_less(placed, image(g)))
        {
            return false;
        }
        let fixed = placed.iter().find_map(|&e| {
            let i = self.fixed.binary_search_by_key(&e, |f| f.0).ok()?;
            let (_, first, count) = self.fixed[i];
            Some((first, count))
        });
        // A pair is looked up only when no single placement decides (solutions are rare).
        let pair = || {
            if self.pairs.is_empty() {
                return None;
            }
            placed.iter().find_map(|&e| {
                placed.iter().find_map(|&f| {
                    let i = self
                        .pairs
                        .binary_search_by_key(&(e, f), |p| (p.0, p.1))
                        .ok()?;
                    let (_, _, first, count) = self.pairs[i];
                    Some((first, count))
                })
            })
        };
        let Some((first, count)) = fixed.or_else(pair) else {
            return true;
        };
        self.members[first as usize..(first + count) as usize]
            .iter()
            .all(|&g| !image_is_less(placed, image(g)))
    }
}

/// Whether the image of the set `placed` is less than `placed`, comparing sorted sets
/// lexicographically: the least element of one set that the other lacks decides.
fn image_is_less(placed: &[u32], image: &[u32]) -> bool {
    let in_image = |e: u32| placed.iter().any(|&p| image[p as usize] == e);
    let only_placed = placed.iter().copied().filter(|&e| !in_image(e)).min();
    let only_image = placed
        .iter()
        .map(|&p| image[p as usize])
        .filter(|e| !placed.contains(e))
        .min();
    match (only_image, only_placed) {
        (Some(i), Some(p)) => i < p,
        _ => false,
    }
}

/// The classes of solutions of a puzzle: where `symmetry: reduced` finds one solution per
/// class, the others of its class are its images under the puzzle's symmetries, the solutions
/// `symmetry: all` finds besides it. Built once per search (each symmetry's image of every
/// embedding, worked out here), then asked per solution from any thread.
pub struct Orbits<'a> {
    /// Each symmetry other than the identity's image of every embedding, one symmetry after
    /// another: a whole group, so that a class's size is the group's order over the number of
    /// symmetries that fix its solution.
    images: Cow<'a, [u32]>,
    /// The number of embeddings.
    embeddings: usize,
    /// The order of the group (the identity among it).
    order: u64,
}

impl<'a> Orbits<'a> {
    /// The classes of a compiled puzzle's solutions, from its facts, its catalog and its
    /// symmetry check.
    pub fn new(info: &'a Info, catalog: &'a Catalog, check: Option<&'a SymmetryCheck>) -> Self {
        let embeddings = catalog.embedding_count();
        let order = info.symmetry.group_order.max(1) as u64;
        let images = if order == 1 {
            Cow::Borrowed(&[][..])
        } else if !info.symmetry.group.cells.is_empty() {
            Cow::Owned(motion_images(&info.symmetry.group, catalog))
        } else {
            // An abstract puzzle's check compares each solution with the whole group.
            let check = check.expect("a reduced puzzle records its symmetries");
            debug_assert_eq!(check.everywhere.len() as u64, order - 1);
            Cow::Borrowed(&check.images[..])
        };
        debug_assert_eq!(images.len() as u64, (order - 1) * embeddings as u64);
        Orbits {
            images,
            embeddings,
            order,
        }
    }

    /// The image of every embedding under each symmetry other than the identity.
    fn symmetries(&self) -> impl Iterator<Item = &[u32]> {
        self.images.chunks_exact(self.embeddings.max(1))
    }

    /// The image of the solution `placed` under each symmetry other than the identity, its
    /// embeddings sorted.
    fn images(&self, placed: &[u32]) -> impl Iterator<Item = Vec<u32>> + '_ {
        let placed = placed.to_vec();
        self.symmetries()
            .map(move |image| sorted(placed.iter().map(|&e| image[e as usize])))
    }

    /// Every solution of the class of `placed`, each as its embeddings sorted: `placed`
    /// first, then the others in order.
    pub fn members(&self, placed: &[u32]) -> Vec<Vec<u32>> {
        let own = sorted(placed.iter().copied());
        let others: BTreeSet<Vec<u32>> = self.images(placed).filter(|i| *i != own).collect();
        std::iter::once(own).chain(others).collect()
    }

    /// How many solutions the class of `placed` has: the group's order over the number of
    /// symmetries that map the solution onto itself. Allocates only for a solution of more
    /// than a few dozen placements.
    pub fn size(&self, placed: &[u32]) -> u64 {
        let sorted_copy;
        let held: &dyn Fn(u32) -> bool = if placed.len() <= ORBIT_LOOKUP_SCAN {
            &|e| placed.contains(&e)
        } else {
            sorted_copy = sorted(placed.iter().copied());
            &|e| sorted_copy.binary_search(&e).is_ok()
        };
        let fixing = self
            .symmetries()
            .filter(|image| placed.iter().all(|&e| held(image[e as usize])))
            .count() as u64;
        debug_assert_eq!(
            self.order % (fixing + 1),
            0,
            "a stabiliser divides the group"
        );
        self.order / (fixing + 1)
    }
}

/// The fingerprint of a count of every solution made from the classes of the search whose
/// fingerprint is `puzzle`: another figure than that search's own count, so that a unit of one
/// is never added to the other's.
pub fn every_solution_fingerprint(puzzle: u64) -> u64 {
    let mut f = Fingerprint::new();
    f.text(concat!(
        "every solution from its class ",
        env!("CARGO_PKG_VERSION")
    ));
    f.number(puzzle);
    f.finish()
}

/// Each motion's image of every embedding, one motion after another: the embedding of the
/// kind the motion makes of its kind, on the cells it moves its cells to.
fn motion_images(group: &SymmetryGroup, catalog: &Catalog) -> Vec<u32> {
    let embeddings = catalog.embedding_count() as u32;
    let (cells, kinds) = (catalog.cells.len(), catalog.kinds.len());
    let kind_of = |e: u32| catalog.kind_of(e).map_or(usize::MAX, |k| k);
    let index: HashMap<(usize, Vec<u32>), u32> = (0..embeddings)
        .map(|e| ((kind_of(e), cells_of(catalog, e)), e))
        .collect();
    let motions = group.kinds.len() / kinds.max(1);
    let mut images = Vec::with_capacity(motions * embeddings as usize);
    for g in 0..motions {
        let cell = &group.cells[g * cells..][..cells];
        let kind = &group.kinds[g * kinds..][..kinds];
        images.extend((0..embeddings).map(|e| {
            let k = kind_of(e);
            let k = kind.get(k).map_or(k, |&to| to as usize);
            let moved = sorted(cells_of(catalog, e).iter().map(|&c| cell[c as usize]));
            index[&(k, moved)]
        }));
    }
    images
}

/// The cells (numbered as aspects) an embedding covers, sorted.
fn cells_of(catalog: &Catalog, e: u32) -> Vec<u32> {
    let cells = catalog.cells.len() as u32;
    sorted(catalog.embedding(e).iter().copied().filter(|&a| a < cells))
}

fn sorted(items: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut items: Vec<u32> = items.collect();
    items.sort_unstable();
    items
}

/// A sink that passes on only the solutions a [`SymmetryCheck`] accepts.
pub struct Checked<'c, S> {
    check: &'c SymmetryCheck,
    placed: Vec<u32>,
    inner: S,
}

impl<'c, S: Sink> Checked<'c, S> {
    /// Wraps `inner` (often a `&mut` sink); `depth` bounds the number of placements, so the
    /// stack is allocated here, once.
    pub fn new(check: &'c SymmetryCheck, depth: usize, inner: S) -> Self {
        Checked {
            check,
            placed: Vec::with_capacity(depth),
            inner,
        }
    }
}

impl<S: Sink> Sink for Checked<'_, S> {
    #[inline]
    fn place(&mut self, embedding: u32) {
        self.placed.push(embedding);
        self.inner.place(embedding);
    }
    #[inline]
    fn unplace(&mut self) {
        self.placed.pop();
        self.inner.unplace();
    }
    fn solution(&mut self) -> ControlFlow<()> {
        if self.check.accepts(&self.placed) {
            self.inner.solution()
        } else {
            ControlFlow::Continue(())
        }
    }
    #[inline]
    fn pruned(&mut self) {
        self.inner.pruned();
    }
    #[inline]
    fn cut(&mut self) -> bool {
        self.inner.cut()
    }
    #[inline]
    fn unit(&mut self, q: &[u64], next: u32) -> ControlFlow<()> {
        self.inner.unit(q, next)
    }
    #[inline]
    fn failures(&mut self) -> Option<&mut FailureCache> {
        // A memo's counts are of solutions reached, before this check: not for a count by it.
        self.inner.failures().filter(|cache| !cache.counts())
    }
    #[inline]
    fn may_stop(&self) -> bool {
        self.inner.may_stop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_compare_by_their_least_difference() {
        // The image map swaps 0 and 3 and fixes the rest.
        let image = [3, 1, 2, 0];
        assert!(image_is_less(&[3, 1], &image)); // {0, 1} < {1, 3}
        assert!(!image_is_less(&[0, 1], &image)); // {1, 3} > {0, 1}
        assert!(!image_is_less(&[0, 3], &image)); // its own image
    }
}
