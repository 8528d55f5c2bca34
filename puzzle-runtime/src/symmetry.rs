//! Symmetry reduction: keep one placement per orbit of one piece under the puzzle's symmetry
//! group, so that each class of solutions is found once (METHOD.md §1 and §4).
//!
//! When the kept placement of the piece is fixed by no symmetry, that is all. When some are
//! (a flat piece in the middle layer of 5x4x3 is fixed by the mirror through that layer), the
//! solutions found with the piece there are one orbit of that placement's stabilizer `H` per
//! class; a [`SymmetryCheck`] keeps the least of them, so the reduction stays exact.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use crate::automorphism;
use crate::board::Board;
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::description::{Description, Loc, Symmetry};
use crate::error::{ErrorKind, Errors};
use crate::lower::{find_piece, Lowered, Piece};
use crate::search::Sink;

/// What a symmetry reduction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The piece restricted; none when every solution is checked against the whole group
    /// (identical copies, abstract puzzles).
    pub piece: Option<usize>,
    /// The order of the puzzle's symmetry group.
    pub group_order: usize,
    /// How many placements of the piece were kept (one per orbit); with no piece, every
    /// embedding.
    pub kept: usize,
    /// For each symmetry other than the identity, the image of every embedding.
    pub images: Vec<Vec<u32>>,
    /// The check that finishes an inexact reduction, if one is needed.
    pub check: Option<SymmetryCheck>,
}

impl Reduction {
    /// How many symmetries map the solution made of `placed` onto itself (1 for the identity
    /// alone): the class of that solution has `group_order` divided by this many members.
    pub fn stabilizer_order(&self, placed: &[u32]) -> usize {
        1 + self
            .images
            .iter()
            .filter(|image| same_set(placed, image))
            .count()
    }

    /// How many solutions the classes of `found` (one solution each) hold in all: the sum of
    /// `group_order / stabilizer_order`. Equal to the full count when the reduction is exact.
    pub fn class_members(&self, found: &[Vec<u32>]) -> u64 {
        found
            .iter()
            .map(|s| (self.group_order / self.stabilizer_order(s)) as u64)
            .sum()
    }
}

/// Whether the embeddings `placed` are, as a set, their own images under `image`.
fn same_set(placed: &[u32], image: &[u32]) -> bool {
    placed.iter().all(|&e| placed.contains(&image[e as usize]))
}

/// Finishes a reduction whose kept placements some symmetries fix: a solution placing the
/// piece on such a placement counts only if it is the least of its images under the
/// symmetries that fix that placement. Static in generated code, owned at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        let Some(&(_, first, count)) = placed.iter().find_map(|&e| {
            let i = self.fixed.binary_search_by_key(&e, |f| f.0).ok()?;
            Some(&self.fixed[i])
        }) else {
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
    fn solution(&mut self) -> std::ops::ControlFlow<()> {
        if self.check.accepts(&self.placed) {
            self.inner.solution()
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
    #[inline]
    fn pruned(&mut self) {
        self.inner.pruned();
    }
    const CUTS: bool = S::CUTS;
    #[inline]
    fn cut(&mut self) -> bool {
        self.inner.cut()
    }
    #[inline]
    fn unit(&mut self, q: &[u64], next: u32) -> std::ops::ControlFlow<()> {
        self.inner.unit(q, next)
    }
}

/// The symmetries of a puzzle, as maps on embeddings.
struct Group {
    /// For each symmetry other than the identity, the image of each embedding.
    images: Vec<Vec<u32>>,
}

impl Group {
    /// The box symmetries that map every placement of every piece to a placement of that
    /// piece (one-sided pieces keep only the rotations). Those that map an allowed embedding
    /// to a forbidden one (a restriction that breaks the symmetry) are reported by embedding.
    fn of(board: &Board, cover: &Cover) -> (Group, Option<EmbeddingId>) {
        let cells = board.cells().len();
        let index: BTreeMap<&[AspectId], u32> = (0..cover.embedding_count() as u32)
            .map(|e| (cover.aspects(EmbeddingId(e)), e))
            .collect();
        let mut broken = None;
        let mut images = Vec::new();
        'symmetries: for perm in board.symmetries().into_iter().skip(1) {
            let mut image = Vec::with_capacity(cover.embedding_count());
            for e in (0..cover.embedding_count() as u32).map(EmbeddingId) {
                let mut aspects: Vec<AspectId> = cover
                    .aspects(e)
                    .iter()
                    .map(|&a| match a.index() < cells {
                        true => AspectId(perm[a.index()]),
                        false => a,
                    })
                    .collect();
                aspects.sort_unstable();
                let Some(&i) = index.get(aspects.as_slice()) else {
                    continue 'symmetries;
                };
                if cover.is_allowed(e) && !cover.is_allowed(EmbeddingId(i)) {
                    broken.get_or_insert(e);
                    continue 'symmetries;
                }
                image.push(i);
            }
            images.push(image);
        }
        (Group { images }, broken)
    }

    /// The order of the group.
    fn order(&self) -> usize {
        self.images.len() + 1
    }

    /// The lowest-numbered embedding of each orbit among `embeddings`.
    fn representatives(&self, embeddings: impl Iterator<Item = EmbeddingId>) -> Vec<EmbeddingId> {
        let mut seen = BTreeSet::new();
        let mut kept = Vec::new();
        for e in embeddings {
            if seen.insert(e.0) {
                kept.push(e);
                seen.extend(self.images.iter().map(|image| image[e.index()]));
            }
        }
        kept
    }

    /// A reduction that restricts nothing and keeps each solution that is the least of its
    /// images under the whole group.
    fn check_everywhere(self, embeddings: usize) -> Reduction {
        let images: Vec<u32> = self.images.iter().flatten().copied().collect();
        let check = SymmetryCheck {
            embeddings: embeddings as u32,
            images: Cow::Owned(images),
            fixed: Cow::Owned(Vec::new()),
            members: Cow::Owned(Vec::new()),
            everywhere: Cow::Owned((0..self.images.len() as u32).collect()),
        };
        Reduction {
            piece: None,
            group_order: self.order(),
            kept: embeddings,
            images: self.images,
            check: Some(check),
        }
    }

    /// The symmetries (by index) that fix embedding `e`.
    fn stabilizer(&self, e: EmbeddingId) -> Vec<u32> {
        (0..self.images.len() as u32)
            .filter(|&g| self.images[g as usize][e.index()] == e.0)
            .collect()
    }
}

/// Applies the description's symmetry request: with [`Symmetry::Reduced`], forbids all but the
/// lowest-numbered placement of each orbit of one piece, and adds a check where that alone is
/// not exact.
pub fn reduce(
    description: &Description,
    board: &Board,
    pieces: &[Piece],
    lowered: &mut Lowered,
    errors: &mut Errors,
) -> Option<Reduction> {
    let Symmetry::Reduced { piece: named } = &description.symmetry else {
        return None;
    };
    let (group, broken) = Group::of(board, &lowered.cover);
    if let Some(e) = broken {
        let piece = &pieces[lowered.piece_of(e)];
        let loc = restriction_loc(description, &piece.name).unwrap_or(description.loc);
        let reason = format!(
            "piece `{}` is restricted to placements that the box's symmetries do not map onto each other, so solutions cannot be counted modulo those symmetries; drop the restriction or ask for all solutions (`symmetry: all`)",
            piece.name
        );
        errors.push(loc, ErrorKind::Symmetry { reason });
        return None;
    }
    if group.order() == 1 {
        return None;
    }
    let allowed = |i: usize| {
        lowered.ranges[i]
            .clone()
            .map(EmbeddingId)
            .filter(|&e| lowered.cover.is_allowed(e))
    };
    let single = |i: &usize| pieces[*i].count == 1;
    let piece = match named {
        Some((name, loc)) => Some(find_piece(pieces, name, *loc, errors)?).filter(single),
        // The fewest placements kept, then the fewest that need the check.
        None => (0..pieces.len()).filter(single).min_by_key(|&i| {
            let kept = group.representatives(allowed(i));
            let fixed = kept.iter().filter(|&&e| !group.stabilizer(e).is_empty());
            (kept.len(), fixed.count())
        }),
    };
    let Some(piece) = piece else {
        // Only copies: no copy can be restricted alone.
        return Some(group.check_everywhere(lowered.cover.embedding_count()));
    };
    let kept = group.representatives(allowed(piece));
    for e in allowed(piece).collect::<Vec<_>>() {
        if !kept.contains(&e) {
            lowered.cover.forbid(e);
        }
    }
    let check = symmetry_check(&group, &kept, lowered.cover.embedding_count());
    Some(Reduction {
        piece: Some(piece),
        group_order: group.order(),
        kept: kept.len(),
        images: group.images,
        check,
    })
}

/// The most symmetry images (symmetries times embeddings) a reduction may keep: each solution
/// is compared with its image under every symmetry, and the images are static data in the
/// generated code.
pub const MAX_IMAGES: usize = 1 << 20;

/// Applies the description's symmetry request to an abstract puzzle: its symmetries are the
/// permutations of aspects that map the embeddings onto themselves, and each solution found is
/// kept only if it is the least of its images.
pub fn reduce_abstract(
    description: &Description,
    cover: &Cover,
    errors: &mut Errors,
) -> Option<Reduction> {
    let Symmetry::Reduced { piece } = &description.symmetry else {
        return None;
    };
    if let Some((name, loc)) = piece {
        let reason = format!("an abstract puzzle has no pieces, so none can carry the reduction (`{name}`); write `symmetry: reduced`");
        errors.push(*loc, ErrorKind::Symmetry { reason });
        return None;
    }
    let limit = (MAX_IMAGES / cover.embedding_count().max(1)).max(1);
    match automorphism::automorphisms(cover, limit) {
        Ok(images) if images.is_empty() => None,
        Ok(images) => Some(Group { images }.check_everywhere(cover.embedding_count())),
        Err(limit) => {
            let reason = format!("this puzzle has more than {limit} symmetries, too many to compare each solution with all its images; ask for all solutions (`symmetry: all`)");
            errors.push(description.loc, ErrorKind::Symmetry { reason });
            None
        }
    }
}

/// The check for the kept placements that symmetries fix, if any are.
fn symmetry_check(group: &Group, kept: &[EmbeddingId], embeddings: usize) -> Option<SymmetryCheck> {
    let mut fixed = Vec::new();
    let mut members = Vec::new();
    let mut used: BTreeMap<u32, u32> = BTreeMap::new();
    for &e in kept {
        let stabilizer = group.stabilizer(e);
        if stabilizer.is_empty() {
            continue;
        }
        fixed.push((e.0, members.len() as u32, stabilizer.len() as u32));
        for g in stabilizer {
            let next = used.len() as u32;
            members.push(*used.entry(g).or_insert(next));
        }
    }
    if fixed.is_empty() {
        return None;
    }
    let mut images = vec![0; used.len() * embeddings];
    for (&g, &slot) in &used {
        let at = slot as usize * embeddings;
        images[at..at + embeddings].copy_from_slice(&group.images[g as usize]);
    }
    Some(SymmetryCheck {
        embeddings: embeddings as u32,
        images: Cow::Owned(images),
        fixed: Cow::Owned(fixed),
        members: Cow::Owned(members),
        everywhere: Cow::Owned(Vec::new()),
    })
}

/// Where the restriction of `piece` was written.
fn restriction_loc(description: &Description, piece: &str) -> Option<Loc> {
    description
        .restrictions
        .iter()
        .find(|r| r.piece == piece)
        .map(|r| r.loc)
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
        assert!(same_set(&[0, 3], &image));
        assert!(!same_set(&[0, 1], &image));
    }
}
