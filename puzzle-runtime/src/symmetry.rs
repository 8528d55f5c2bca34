//! Symmetry reduction: keep one placement per orbit of one piece under the puzzle's symmetry
//! group, so that each class of solutions is found once (METHOD.md §1 and §4).
//!
//! When the kept placement of the piece is fixed by no symmetry, that is all. When some are
//! (a flat piece in the middle layer of 5x4x3 is fixed by the mirror through that layer), the
//! solutions found with the piece there are one orbit of that placement's stabilizer `H` per
//! class. A second piece then keeps one placement per orbit of `H`: an optional aspect, a
//! *mark*, is held by the first piece's placement and by the second's placements ruled out,
//! so the search never tries them together (5x4x3: 4x fewer placements). Where `H` also fixes
//! the second piece's placement, a [`SymmetryCheck`] keeps the least solution of the orbit,
//! so the reduction stays exact.

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
    /// A second piece, restricted where the first is kept on a placement that symmetries fix:
    /// with the first there, the second keeps one placement per orbit of those symmetries,
    /// through an optional aspect (a mark) per such placement of the first.
    pub second: Option<usize>,
    /// The marks' aspects, last by number.
    pub marks: Vec<AspectId>,
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
    /// `(first, second, start, count)`, sorted: a kept placement of the first piece whose
    /// symmetries also restrict a second piece (see [`Reduction::second`]), a kept placement of
    /// that piece, and the symmetries fixing both, as `members[start..start + count]`.
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
    const REMEMBERS: bool = S::REMEMBERS;
    #[inline]
    fn failures(&mut self) -> Option<&mut crate::failure::FailureCache> {
        self.inner.failures()
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
        let all: Vec<u32> = (0..self.images.len() as u32).collect();
        self.representatives_under(&all, embeddings)
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
            pairs: Cow::Owned(Vec::new()),
        };
        Reduction {
            piece: None,
            group_order: self.order(),
            kept: embeddings,
            second: None,
            marks: Vec::new(),
            images: self.images,
            check: Some(check),
        }
    }

    /// The lowest-numbered embedding of each orbit among `embeddings` under the symmetries
    /// `h` (indices; a group with the identity left out).
    fn representatives_under(
        &self,
        h: &[u32],
        embeddings: impl Iterator<Item = EmbeddingId>,
    ) -> Vec<EmbeddingId> {
        let mut seen = BTreeSet::new();
        let mut kept = Vec::new();
        for e in embeddings {
            if seen.insert(e.0) {
                kept.push(e);
                seen.extend(h.iter().map(|&g| self.images[g as usize][e.index()]));
            }
        }
        kept
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
    let single = |i: &usize| pieces[*i].count == 1;
    let piece = match named {
        Some((name, loc)) => Some(find_piece(pieces, name, *loc, errors)?).filter(single),
        // The fewest placements kept, then the fewest that need the check.
        None => (0..pieces.len()).filter(single).min_by_key(|&i| {
            let kept = group.representatives(allowed(lowered, i));
            let fixed = kept.iter().filter(|&&e| !group.stabilizer(e).is_empty());
            (kept.len(), fixed.count())
        }),
    };
    let Some(piece) = piece else {
        // Only copies: no copy can be restricted alone.
        return Some(group.check_everywhere(lowered.cover.embedding_count()));
    };
    let kept = group.representatives(allowed(lowered, piece));
    for e in allowed(lowered, piece).collect::<Vec<_>>() {
        if !kept.contains(&e) {
            lowered.cover.forbid(e);
        }
    }
    // Where symmetries fix a kept placement, they map the solutions with the piece there onto
    // each other: a second piece keeps one placement per orbit of those symmetries.
    let fixed: Vec<(EmbeddingId, Vec<u32>)> = kept
        .iter()
        .map(|&e| (e, group.stabilizer(e)))
        .filter(|(_, h)| !h.is_empty())
        .collect();
    let second = keep_second(&group, pieces, lowered, piece, &fixed);
    let fixed: Vec<(u32, Vec<u32>)> = fixed
        .into_iter()
        .filter(|(e, _)| !second.refined.contains(e))
        .map(|(e, h)| (e.0, h))
        .collect();
    let check = symmetry_check(
        &group,
        &fixed,
        &second.pairs,
        lowered.cover.embedding_count(),
    );
    Some(Reduction {
        piece: Some(piece),
        group_order: group.order(),
        kept: kept.len(),
        second: second.piece,
        marks: second.marks,
        images: group.images,
        check,
    })
}

/// A second piece kept to one placement per orbit of the symmetries fixing a kept placement
/// of the first, and what that needs.
struct Second {
    /// The piece, if any placement of the first has marks.
    piece: Option<usize>,
    /// The marks' aspects, one per placement of the first that has them.
    marks: Vec<AspectId>,
    /// Those placements of the first: the check looks them up in pairs.
    refined: BTreeSet<EmbeddingId>,
    /// `(first, second, symmetries)`: placements of both pieces kept together, and the
    /// symmetries that still fix both.
    pairs: Vec<(u32, u32, Vec<u32>)>,
}

/// Chooses the second piece (the fewest placements kept in all) and adds its marks to the
/// cover: for each kept placement `first` of `piece` that the symmetries `h` fix, an optional
/// aspect held by `first` and by every placement of the second piece that is not the least
/// of its orbit under `h`, so the two are never placed together.
fn keep_second(
    group: &Group,
    pieces: &[Piece],
    lowered: &mut Lowered,
    piece: usize,
    fixed: &[(EmbeddingId, Vec<u32>)],
) -> Second {
    let single = |i: &usize| pieces[*i].count == 1;
    let chosen = (0..pieces.len())
        .filter(|&i| i != piece && single(&i) && lowered.piece_aspects[i].is_some())
        .map(|i| {
            let placements: Vec<EmbeddingId> = allowed(lowered, i).collect();
            let kept: Vec<Vec<EmbeddingId>> = fixed
                .iter()
                .map(|(_, h)| group.representatives_under(h, placements.iter().copied()))
                .collect();
            (i, placements, kept)
        })
        .min_by_key(|(_, _, kept)| kept.iter().map(Vec::len).sum::<usize>())
        .filter(|(_, placements, kept)| kept.iter().any(|k| k.len() < placements.len()));
    let mut pairs = Vec::new();
    let mut marks = Vec::new();
    let mut refined = BTreeSet::new();
    if let Some((second, placements, kept_second)) = &chosen {
        for ((first, h), kept) in fixed.iter().zip(kept_second) {
            let others: Vec<EmbeddingId> = std::iter::once(*first)
                .chain(placements.iter().copied().filter(|e| !kept.contains(e)))
                .collect();
            if others.len() == 1 {
                continue;
            }
            let name = format!(
                "{} kept with {} at {first}",
                pieces[*second].name, pieces[piece].name
            );
            marks.push(lowered.cover.add_optional(name, &others));
            refined.insert(*first);
            for &e in kept {
                let both: Vec<u32> = h
                    .iter()
                    .copied()
                    .filter(|&g| group.images[g as usize][e.index()] == e.0)
                    .collect();
                if !both.is_empty() {
                    pairs.push((first.0, e.0, both));
                }
            }
        }
    }
    Second {
        piece: chosen.map(|c| c.0).filter(|_| !marks.is_empty()),
        marks,
        refined,
        pairs,
    }
}

/// The allowed placements of piece `i`.
fn allowed(lowered: &Lowered, i: usize) -> impl Iterator<Item = EmbeddingId> + '_ {
    lowered.ranges[i]
        .clone()
        .map(EmbeddingId)
        .filter(|&e| lowered.cover.is_allowed(e))
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

/// The check for the kept placements that symmetries fix (`fixed`: a placement and those
/// symmetries) and for the kept pairs of placements they fix (`pairs`), if there are any.
fn symmetry_check(
    group: &Group,
    fixed: &[(u32, Vec<u32>)],
    pairs: &[(u32, u32, Vec<u32>)],
    embeddings: usize,
) -> Option<SymmetryCheck> {
    if fixed.is_empty() && pairs.is_empty() {
        return None;
    }
    let mut members = Vec::new();
    let mut used: BTreeMap<u32, u32> = BTreeMap::new();
    // Each set of symmetries as a range of `members`, the images it needs numbered as met.
    let mut range = |symmetries: &[u32]| {
        let first = members.len() as u32;
        for &g in symmetries {
            let next = used.len() as u32;
            members.push(*used.entry(g).or_insert(next));
        }
        (first, symmetries.len() as u32)
    };
    let mut fixed: Vec<(u32, u32, u32)> = fixed
        .iter()
        .map(|(e, h)| {
            let (first, count) = range(h);
            (*e, first, count)
        })
        .collect();
    let mut pairs: Vec<(u32, u32, u32, u32)> = pairs
        .iter()
        .map(|(e, f, h)| {
            let (first, count) = range(h);
            (*e, *f, first, count)
        })
        .collect();
    fixed.sort_unstable();
    pairs.sort_unstable();
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
        pairs: Cow::Owned(pairs),
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
