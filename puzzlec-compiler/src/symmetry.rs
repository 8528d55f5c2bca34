//! The symmetry reduction: keep one placement per orbit of one piece under the puzzle's
//! symmetry group, so that each class of solutions is found once.
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

use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

use puzzlec_runtime::symmetry::SymmetryCheck;
use puzzlec_runtime::SymmetryGroup;

use crate::automorphism;
use crate::board::Board;
use crate::cover::{AspectId, EmbeddingId};
use crate::description::{Count, Loc};
use crate::error::{ErrorKind, Errors};
use crate::limits::{MAX_BOX_IMAGES, MAX_IMAGES};
use crate::lower::Lowered;
use crate::model::{BoxModel, Model, Motions, Piece, PieceId, Problem, Reduce};
use crate::tuning::Tuning;

/// No embedding, at the end of a chain of them.
const NONE: u32 = u32::MAX;

/// Pieces alike: the same placements (the numbers of their sets of cells, sorted, each once)
/// and the same count.
struct Class {
    count: Count,
    numbers: Vec<u32>,
    members: Vec<PieceId>,
}

/// A random word for number `n`, by splitmix64: fixed, so that a compile is deterministic.
fn key(n: u64) -> u64 {
    let mut z = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What a symmetry reduction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The piece restricted; none when every solution is checked against the whole group
    /// (identical copies, abstract puzzles).
    pub piece: Option<PieceId>,
    /// The order of the puzzle's symmetry group.
    pub group_order: usize,
    /// The mirror twins (pieces only turned, each the other's mirror image) that the group's
    /// reflections swap: a solution and its mirror image with these swapped are one class.
    pub swaps: Vec<(PieceId, PieceId)>,
    /// How many placements of the piece were kept (one per orbit); with no piece, every
    /// embedding.
    pub kept: usize,
    /// A second piece, restricted where the first is kept on a placement that symmetries fix:
    /// with the first there, the second keeps one placement per orbit of those symmetries,
    /// through an optional aspect (a mark) per such placement of the first.
    pub second: Option<PieceId>,
    /// The marks' aspects, last by number.
    pub marks: Vec<AspectId>,
    /// For each symmetry other than the identity, the image of every embedding (shared by the
    /// ways to reduce one puzzle).
    pub images: Arc<[Vec<u32>]>,
    /// The symmetries as motions of a box's cells and kinds of piece, for the run time.
    pub group: SymmetryGroup,
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

/// The symmetries of a puzzle, as maps on embeddings.
struct Group {
    /// For each symmetry other than the identity, the image of each cell (none for an
    /// abstract puzzle).
    cells: Vec<Vec<u32>>,
    /// For each symmetry other than the identity, the image of each embedding.
    images: Arc<[Vec<u32>]>,
    /// For each symmetry other than the identity, the piece each piece's placements become
    /// (itself, or its mirror twin under a reflection when pieces are only turned).
    relabel: Vec<Vec<PieceId>>,
}

/// The sets of cells of a box's embeddings, numbered, each found from its image under a
/// symmetry: a set's key is the sum of its cells' keys (a fixed random word per cell), so that
/// its image's key is the sum of its cells' images' keys. A key that names a set is checked
/// cell by cell; where two sets share a key (never seen, but possible), every image is found
/// by its bits instead, so that no image is mistaken.
struct SetImages {
    /// Each cell's key.
    keys: Vec<u64>,
    /// The set of each key, where no two sets share one.
    by_key: Option<FxHashMap<u64, u32>>,
    /// Each set's cells as bits, where two sets share a key.
    by_bits: FxHashMap<Box<[u64]>, u32>,
    words: usize,
}

impl SetImages {
    fn new(cells: usize, sets: &[&[AspectId]]) -> SetImages {
        SetImages::with_keys((1..=cells as u64).map(key).collect(), sets)
    }

    /// The sets keyed by `keys`, a word per cell.
    fn with_keys(keys: Vec<u64>, sets: &[&[AspectId]]) -> SetImages {
        let words = keys.len().div_ceil(64).max(1);
        let mut by_key = FxHashMap::default();
        by_key.reserve(sets.len());
        let shared = sets.iter().enumerate().any(|(i, set)| {
            let key = set
                .iter()
                .fold(0u64, |k, a| k.wrapping_add(keys[a.index()]));
            by_key.insert(key, i as u32).is_some()
        });
        let mut images = SetImages {
            keys,
            by_key: Some(by_key),
            by_bits: FxHashMap::default(),
            words,
        };
        if shared {
            images.by_key = None;
            images.by_bits = (sets.iter().enumerate())
                .map(|(i, set)| (images.bits(set.iter().map(|a| a.index())), i as u32))
                .collect();
        }
        images
    }

    /// The bits of `cells`.
    fn bits(&self, cells: impl Iterator<Item = usize>) -> Box<[u64]> {
        let mut bits = vec![0u64; self.words];
        for c in cells {
            bits[c / 64] |= 1 << (c % 64);
        }
        bits.into()
    }

    /// Each set's image under each of `symmetries` (cells' images by cell), or none where
    /// some set's image is no set. The symmetries that move every set to a set are a group:
    /// one that is the product of two found before takes each set's image through theirs, so
    /// that only a few (its generators) are worked out from the sets' cells. One that moves
    /// some set to no set is found so by its first such set.
    fn under_all(&self, symmetries: &[Vec<u32>], sets: &[&[AspectId]]) -> Vec<Option<Vec<u32>>> {
        let number: FxHashMap<&[u32], usize> = (symmetries.iter().enumerate())
            .map(|(i, perm)| (perm.as_slice(), i))
            .collect();
        let mut images: Vec<Option<Vec<u32>>> = vec![None; symmetries.len()];
        let mut checked = vec![false; symmetries.len()];
        let mut marked = vec![u32::MAX; self.keys.len()];
        let mut generators: Vec<usize> = Vec::new();
        let mut product = vec![0u32; self.keys.len()];
        for g in 0..symmetries.len() {
            if checked[g] {
                continue;
            }
            checked[g] = true;
            images[g] = (0..sets.len())
                .map(|i| self.image(&symmetries[g], sets, i, &mut marked))
                .collect();
            if images[g].is_none() {
                continue;
            }
            generators.push(g);
            let mut going: Vec<usize> = (0..symmetries.len())
                .filter(|&a| images[a].is_some())
                .collect();
            while let Some(a) = going.pop() {
                for &b in &generators {
                    // `a` after `b`.
                    let (first, then) = (&symmetries[b], &symmetries[a]);
                    product
                        .iter_mut()
                        .zip(first)
                        .for_each(|(p, &c)| *p = then[c as usize]);
                    let Some(&c) = number.get(product.as_slice()) else {
                        continue;
                    };
                    if checked[c] {
                        continue;
                    }
                    let (Some(first), Some(then)) = (&images[b], &images[a]) else {
                        continue;
                    };
                    images[c] = Some(first.iter().map(|&j| then[j as usize]).collect());
                    checked[c] = true;
                    going.push(c);
                }
            }
        }
        images
    }

    /// The image of set `i` under `perm`, if it is a set. `marked` is a scratch mark per cell.
    fn image(
        &self,
        perm: &[u32],
        sets: &[&[AspectId]],
        i: usize,
        marked: &mut [u32],
    ) -> Option<u32> {
        let set = sets[i];
        let Some(by_key) = &self.by_key else {
            let bits = self.bits(set.iter().map(|a| perm[a.index()] as usize));
            return self.by_bits.get(&bits).copied();
        };
        let key = (set.iter()).fold(0u64, |k, a| {
            k.wrapping_add(self.keys[perm[a.index()] as usize])
        });
        let &j = by_key.get(&key)?;
        // The cells of the set the key names, marked with the number of the set moved.
        let image = sets[j as usize];
        if image.len() != set.len() {
            return None;
        }
        image.iter().for_each(|a| marked[a.index()] = i as u32);
        (set.iter()
            .all(|a| marked[perm[a.index()] as usize] == i as u32))
        .then_some(j)
    }
}

impl Group {
    /// The box symmetries that map the placements of every piece onto the placements of one
    /// piece: the same piece, or, under a reflection when pieces may not be turned over, the
    /// piece of the mirror image's shape (a relabelling that swaps mirror twins, so that a
    /// solution and its mirror image are one class). Those that map an allowed embedding to a
    /// forbidden one (a restriction that breaks the symmetry) are reported by embedding.
    /// `symmetries` are the box's motions to choose from, the identity first.
    fn of(
        board: &Board,
        symmetries: Vec<Vec<u32>>,
        lowered: &Lowered,
        pieces: &[Piece],
    ) -> (Group, Option<EmbeddingId>) {
        let cover = &lowered.cover;
        let cells = board.cells().len();
        // Each embedding's cells (its first aspects, as they are sorted) numbered as distinct
        // sets: a symmetry maps each set onto a set, found once per symmetry, not per
        // embedding.
        let cut: Vec<usize> = (0..cover.embedding_count() as u32)
            .map(|e| (cover.aspects(EmbeddingId(e))).partition_point(|a| a.index() < cells))
            .collect();
        let split = |e: u32| cover.aspects(EmbeddingId(e)).split_at(cut[e as usize]);
        let mut sets: FxHashMap<&[AspectId], u32> =
            FxHashMap::with_capacity_and_hasher(cover.embedding_count(), Default::default());
        let set_of: Vec<u32> = (0..cover.embedding_count() as u32)
            .map(|e| {
                let next = sets.len() as u32;
                *sets.entry(split(e).0).or_insert(next)
            })
            .collect();
        let mut by_number: Vec<&[AspectId]> = vec![&[]; sets.len()];
        for (&set, &i) in &sets {
            by_number[i as usize] = set;
        }
        // Each set's image under a symmetry is found by a key summed from its cells' keys (a
        // random word per cell), with no set built and no sort, then checked cell by cell.
        let set_images = SetImages::new(cells, &by_number).under_all(&symmetries, &by_number);
        // The embeddings of each set of cells, as the images are found: the first, and after
        // each the next (pieces of one shape share their sets).
        let mut first_of = vec![NONE; sets.len()];
        let mut next_of = vec![NONE; cover.embedding_count()];
        for e in (0..cover.embedding_count()).rev() {
            let set = set_of[e] as usize;
            next_of[e] = first_of[set];
            first_of[set] = e as u32;
        }
        let find = |set: u32, others: &[AspectId]| {
            let mut e = first_of[set as usize];
            while e != NONE && split(e).1 != others {
                e = next_of[e as usize];
            }
            (e != NONE).then_some(e)
        };
        // Pieces alike (the same placements, the same count) are one class; a symmetry maps
        // each class onto a class, member by member in order. A piece's placements are the
        // numbers of their sets, sorted, each once.
        let mut alike: BTreeMap<(Count, Vec<u32>), Vec<PieceId>> = BTreeMap::new();
        for (p, piece) in pieces.iter().enumerate() {
            let mut numbers: Vec<u32> = (lowered.ranges[p].clone())
                .map(|e| set_of[e as usize])
                .collect();
            numbers.sort_unstable();
            numbers.dedup();
            (alike.entry((piece.count, numbers)).or_default()).push(PieceId(p as u32));
        }
        let classes: Vec<Class> = (alike.into_iter())
            .map(|((count, numbers), members)| Class {
                count,
                numbers,
                members,
            })
            .collect();
        // A class's placements moved by a symmetry are found by a key summed from a word per
        // set, whatever their order (no sort), then checked set by set.
        let sum = |numbers: &mut dyn Iterator<Item = u32>| {
            numbers.fold(0u64, |k, n| k.wrapping_add(key(u64::from(n) + 1)))
        };
        let mut by_key: FxHashMap<(Count, u64), Vec<usize>> = FxHashMap::default();
        for (i, class) in classes.iter().enumerate() {
            let key = (class.count, sum(&mut class.numbers.iter().copied()));
            by_key.entry(key).or_default().push(i);
        }
        let mut marked = vec![false; sets.len()];
        let mut class_image = |set_image: &[u32], class: &Class| {
            let moved = sum(&mut class.numbers.iter().map(|&n| set_image[n as usize]));
            let mut twins = by_key.get(&(class.count, moved))?.iter();
            twins.find_map(|&twin| {
                let twin = &classes[twin];
                twin.numbers.iter().for_each(|&n| marked[n as usize] = true);
                let all = (twin.numbers.len() == class.numbers.len())
                    && (class.numbers.iter()).all(|&n| marked[set_image[n as usize] as usize]);
                twin.numbers
                    .iter()
                    .for_each(|&n| marked[n as usize] = false);
                all.then_some(twin)
            })
        };
        let mut broken = None;
        let mut images = Vec::new();
        let mut relabels = Vec::new();
        let mut motions = Vec::new();
        let mut moved = Vec::new();
        'symmetries: for (perm, set_image) in symmetries.into_iter().zip(set_images).skip(1) {
            // Every set is an embedding's cells, and every embedding a piece's placement: a
            // symmetry that moves some set to none is not the puzzle's.
            let Some(set_image) = set_image else {
                continue;
            };
            let mut relabel: Vec<PieceId> = (0..pieces.len() as u32).map(PieceId).collect();
            for class in &classes {
                let Some(twin) = class_image(&set_image, class) else {
                    continue 'symmetries;
                };
                for (p, q) in class.members.iter().zip(&twin.members) {
                    relabel[p.index()] = *q;
                }
            }
            let mut aspect_of: Vec<AspectId> = cover.all_aspects().collect();
            for (p, q) in relabel.iter().enumerate() {
                let twins = (lowered.piece_aspects[p], lowered.piece_aspects[q.index()]);
                if let (Some(a), Some(b)) = twins {
                    aspect_of[a.index()] = b;
                }
            }
            let mut image = Vec::with_capacity(cover.embedding_count());
            for e in (0..cover.embedding_count() as u32).map(EmbeddingId) {
                moved.clear();
                moved.extend(split(e.0).1.iter().map(|a| aspect_of[a.index()]));
                moved.sort_unstable();
                let set = set_image[set_of[e.index()] as usize];
                let Some(i) = find(set, &moved) else {
                    continue 'symmetries;
                };
                if cover.is_allowed(e) && !cover.is_allowed(EmbeddingId(i)) {
                    broken.get_or_insert(e);
                    continue 'symmetries;
                }
                image.push(i);
            }
            images.push(image);
            relabels.push(relabel);
            motions.push(perm);
        }
        let group = Group {
            cells: motions,
            images: images.into(),
            relabel: relabels,
        };
        (group, broken)
    }

    /// Whether every symmetry keeps piece `p` itself (a piece its own mirror image, or one
    /// that may be turned over): only such a piece can be kept to one placement per orbit.
    fn keeps(&self, p: PieceId) -> bool {
        self.relabel.iter().all(|r| r[p.index()] == p)
    }

    /// The pairs of mirror twins some symmetry swaps, each once, the lower first.
    fn swaps(&self) -> Vec<(PieceId, PieceId)> {
        let mut swaps = BTreeSet::new();
        for relabel in &self.relabel {
            for (p, &q) in relabel.iter().enumerate() {
                let p = PieceId(p as u32);
                if p < q {
                    swaps.insert((p, q));
                }
            }
        }
        swaps.into_iter().collect()
    }

    /// The symmetries as the run time takes them: what each does to the cells and to the
    /// kinds of piece (nothing for an abstract puzzle).
    fn motions(&self) -> SymmetryGroup {
        if self.cells.is_empty() {
            return SymmetryGroup::default();
        }
        let kinds = self.relabel.iter().flatten().map(|p| p.0);
        SymmetryGroup {
            cells: Cow::Owned(self.cells.iter().flatten().copied().collect()),
            kinds: Cow::Owned(kinds.collect()),
        }
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

    /// The way that restricts nothing and keeps each solution that is the least of its images
    /// under the whole group.
    fn check_everywhere(self, lowered: Lowered) -> Reduced {
        let embeddings = lowered.cover.embedding_count();
        let images: Vec<u32> = self.images.iter().flatten().copied().collect();
        let check = SymmetryCheck {
            embeddings: embeddings as u32,
            images: Cow::Owned(images),
            fixed: Cow::Owned(Vec::new()),
            members: Cow::Owned(Vec::new()),
            everywhere: Cow::Owned((0..self.images.len() as u32).collect()),
            pairs: Cow::Owned(Vec::new()),
        };
        let reduction = Reduction {
            group: self.motions(),
            swaps: self.swaps(),
            piece: None,
            group_order: self.order(),
            kept: embeddings,
            second: None,
            marks: Vec::new(),
            images: self.images,
        };
        Reduced {
            lowered,
            reduction: Some(reduction),
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
        let mut seen = FxHashSet::default();
        let mut kept = Vec::new();
        for e in embeddings {
            if seen.insert(e.0) {
                kept.push(e);
                seen.extend(h.iter().map(|&g| self.images[g as usize][e.index()]));
            }
        }
        kept
    }

    /// Whether some symmetry other than the identity maps `e` onto itself.
    fn fixes(&self, e: EmbeddingId) -> bool {
        (self.images.iter()).any(|image| image[e.index()] == e.0)
    }

    /// The symmetries (by index) that fix embedding `e`.
    fn stabilizer(&self, e: EmbeddingId) -> Vec<u32> {
        (0..self.images.len() as u32)
            .filter(|&g| self.images[g as usize][e.index()] == e.0)
            .collect()
    }
}

/// A way to reduce a puzzle: its cover, with the placements the reduction forbids and the
/// marks it adds, and what the reduction did (`None`: no reduction).
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The exact-cover problem as reduced.
    pub lowered: Lowered,
    /// What the reduction did.
    pub reduction: Option<Reduction>,
    /// The check that finishes an inexact reduction, if one is needed: it runs with the
    /// program (`Solver::symmetry_check`).
    pub check: Option<SymmetryCheck>,
}

impl Reduced {
    /// The cover as it is: no symmetry reduced, none checked.
    fn unreduced(lowered: Lowered) -> Reduced {
        Reduced {
            lowered,
            reduction: None,
            check: None,
        }
    }
}

/// The ways to apply the model's symmetry request ([`Reduce::Classes`]), the most promising
/// first: a piece kept to the lowest-numbered placement of each orbit, the others forbidden
/// (or, for an abstract puzzle or one of identical copies, each solution kept that is the
/// least of its images), with a check where that alone is not exact. One way, unreduced,
/// when every solution is asked for or the puzzle has no symmetry; one per candidate piece
/// where the compiler picks the piece, by the fewest placements kept, then the fewest that
/// need the check, then the first: which one's search is smallest is the order's to judge
/// (`choose::choose_reduced`), not this stage's.
pub fn reduce<'m>(
    model: &'m Model,
    lowered: Lowered,
    errors: &mut Errors,
    tuning: &Tuning,
) -> Ways<'m> {
    let Reduce::Classes(named) = model.options.symmetry else {
        return Ways::unreduced(lowered);
    };
    match &model.problem {
        Problem::Box(b) => {
            let motions = match model.options.motions {
                Motions::All => b.board.symmetries(),
                Motions::Rotations => b.board.rotations(),
            };
            // Each symmetry's image of each embedding is computed: bound their number first.
            let symmetries = motions.len();
            let embeddings = lowered.cover.embedding_count();
            if symmetries.saturating_mul(embeddings) > MAX_BOX_IMAGES {
                let reason = format!("the box has {symmetries} symmetries and the pieces {embeddings} placements, whose images would number more than {MAX_BOX_IMAGES}; ask for all solutions (`symmetry: all`)");
                errors.push(model.loc, ErrorKind::Symmetry { reason });
                return Ways::unreduced(lowered);
            }
            reduce_box(b, (named, motions), lowered, errors, tuning)
        }
        Problem::Abstract(_) => Ways::made(reduce_abstract(model, lowered, errors)),
    }
}

fn reduce_box<'m>(
    model: &'m BoxModel,
    (named, motions): (Option<(PieceId, Loc)>, Vec<Vec<u32>>),
    lowered: Lowered,
    errors: &mut Errors,
    tuning: &Tuning,
) -> Ways<'m> {
    let pieces = &model.pieces;
    let (group, broken) = Group::of(&model.board, motions, &lowered, pieces);
    if let Some(e) = broken {
        let Some(piece) = lowered.piece_of(e) else {
            return Ways::unreduced(lowered);
        };
        let name = &pieces[piece.index()].name;
        let loc = model
            .restrictions
            .iter()
            .find(|r| r.piece == piece)
            .map_or(pieces[piece.index()].loc, |r| r.loc);
        let reason = format!(
            "piece `{name}` is restricted to placements that the box's symmetries do not map onto each other, so solutions cannot be counted modulo those symmetries; drop the restriction or ask for all solutions (`symmetry: all`)"
        );
        errors.push(loc, ErrorKind::Symmetry { reason });
        return Ways::unreduced(lowered);
    }
    if group.order() == 1 {
        return Ways::unreduced(lowered);
    }
    let single = |p: &PieceId| pieces[p.index()].count == Count::ONE && group.keeps(*p);
    let ids = (0..pieces.len() as u32).map(PieceId);
    let candidates: Vec<PieceId> = match named {
        Some((piece, loc)) if !group.keeps(piece) => {
            let name = &pieces[piece.index()].name;
            let twin = group
                .relabel
                .iter()
                .map(|r| r[piece.index()])
                .find(|&q| q != piece);
            let twin = twin.map_or("", |q| pieces[q.index()].name.as_str());
            let reason = format!("piece `{name}` is swapped with its mirror twin `{twin}` by the box's reflections, so it cannot be kept to one placement per orbit; name a piece that is its own mirror image, or leave the choice to the compiler (`symmetry: reduced`)");
            errors.push(loc, ErrorKind::Symmetry { reason });
            return Ways::unreduced(lowered);
        }
        Some((piece, loc)) if !single(&piece) => {
            let Piece { name, count, .. } = &pieces[piece.index()];
            let what = if count.max > 1 {
                "comes in copies, so no one placement of it can be kept per orbit"
            } else {
                "may be left out, so keeping one placement of it per orbit would lose the solutions without it"
            };
            let reason = format!("piece `{name}` {what}; name a piece placed exactly once, or leave the choice to the compiler (`symmetry: reduced`)");
            errors.push(loc, ErrorKind::Symmetry { reason });
            return Ways::unreduced(lowered);
        }
        Some((piece, _)) => vec![piece],
        None => ids.filter(single).collect(),
    };
    if candidates.is_empty() {
        // Only copies, or mirror twins: no piece can be restricted alone.
        return Ways::made(group.check_everywhere(lowered));
    }
    // The order of the ways is known before any is made: a piece's kept placements and how
    // many of them some symmetry fixes.
    let mut candidates: Vec<(usize, usize, PieceId, Vec<EmbeddingId>)> = candidates
        .into_iter()
        .map(|piece| {
            let kept = group.representatives(lowered.allowed_of(piece));
            let fixed = kept.iter().filter(|&&e| group.fixes(e)).count();
            (kept.len(), fixed, piece, kept)
        })
        .collect();
    candidates.sort_by_key(|&(kept, fixed, piece, _)| (kept, fixed, piece));
    // The estimates judge only the first few (`Tuning::max_judged`): the rest are not offered.
    candidates.truncate(tuning.max_judged);
    Ways {
        made: None,
        restricting: Some(Restricting {
            group,
            pieces,
            lowered,
            candidates: candidates
                .into_iter()
                .map(|(_, _, piece, kept)| (piece, kept))
                .collect::<Vec<_>>()
                .into_iter(),
        }),
    }
}

/// The ways to reduce a puzzle ([`reduce`]), in the order they are offered, each made when it
/// is asked for: a small search takes the first and makes no other.
pub struct Ways<'m> {
    /// A way made at once: the only one.
    made: Option<Reduced>,
    /// The pieces still to be restricted, each on its own copy of the cover.
    restricting: Option<Restricting<'m>>,
}

/// What making the ways that restrict a piece needs.
struct Restricting<'m> {
    group: Group,
    pieces: &'m [Piece],
    lowered: Lowered,
    /// Each piece still to be restricted, with the placements it keeps.
    candidates: std::vec::IntoIter<(PieceId, Vec<EmbeddingId>)>,
}

impl Ways<'_> {
    /// The one way that reduces nothing.
    fn unreduced(lowered: Lowered) -> Ways<'static> {
        Ways::made(Reduced::unreduced(lowered))
    }

    /// The one way `reduced`.
    fn made(reduced: Reduced) -> Ways<'static> {
        Ways {
            made: Some(reduced),
            restricting: None,
        }
    }
}

impl Iterator for Ways<'_> {
    type Item = Reduced;

    fn next(&mut self) -> Option<Reduced> {
        if let Some(made) = self.made.take() {
            return Some(made);
        }
        let Restricting {
            group,
            pieces,
            lowered,
            candidates,
        } = self.restricting.as_mut()?;
        let (piece, kept) = candidates.next()?;
        let mut copy = lowered.clone();
        let restricted = restrict(group, pieces, &mut copy, piece, kept);
        let reduction = Reduction {
            group: group.motions(),
            swaps: group.swaps(),
            piece: Some(piece),
            group_order: group.order(),
            kept: restricted.kept.len(),
            second: restricted.second.piece,
            marks: restricted.second.marks,
            images: group.images.clone(),
        };
        Some(Reduced {
            lowered: copy,
            reduction: Some(reduction),
            check: restricted.check,
        })
    }
}

/// What keeping one piece to one placement per orbit did to a cover.
struct Restricted {
    /// The placements of the piece kept.
    kept: Vec<EmbeddingId>,
    /// The second piece restricted where those are.
    second: Second,
    /// The check that finishes the reduction, if one is needed.
    check: Option<SymmetryCheck>,
}

/// Keeps `piece` to `kept`, the lowest-numbered placement of each orbit, forbidding the others,
/// and a second piece where symmetries fix a kept placement.
fn restrict(
    group: &Group,
    pieces: &[Piece],
    lowered: &mut Lowered,
    piece: PieceId,
    kept: Vec<EmbeddingId>,
) -> Restricted {
    let keep: FxHashSet<EmbeddingId> = kept.iter().copied().collect();
    for e in lowered.allowed_of(piece).collect::<Vec<_>>() {
        if !keep.contains(&e) {
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
    let second = keep_second(group, pieces, lowered, piece, &fixed);
    let fixed: Vec<(u32, Vec<u32>)> = fixed
        .into_iter()
        .filter(|(e, _)| !second.refined.contains(e))
        .map(|(e, h)| (e.0, h))
        .collect();
    let check = symmetry_check(
        group,
        &fixed,
        &second.pairs,
        lowered.cover.embedding_count(),
    );
    Restricted {
        kept,
        second,
        check,
    }
}

/// A second piece kept to one placement per orbit of the symmetries fixing a kept placement
/// of the first, and what that needs.
struct Second {
    /// The piece, if any placement of the first has marks.
    piece: Option<PieceId>,
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
    piece: PieceId,
    fixed: &[(EmbeddingId, Vec<u32>)],
) -> Second {
    let chosen = (0..pieces.len() as u32)
        .map(PieceId)
        .filter(|&i| {
            i != piece
                && pieces[i.index()].count == Count::ONE
                && group.keeps(i)
                && lowered.piece_aspects[i.index()].is_some()
        })
        .map(|i| {
            let placements: Vec<EmbeddingId> = lowered.allowed_of(i).collect();
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
                pieces[second.index()].name,
                pieces[piece.index()].name
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

/// The reduction of an abstract puzzle: its symmetries are the permutations of aspects that
/// map the embeddings onto themselves, and each solution found is kept only if it is the least
/// of its images.
fn reduce_abstract(model: &Model, lowered: Lowered, errors: &mut Errors) -> Reduced {
    let limit = (MAX_IMAGES / lowered.cover.embedding_count().max(1)).max(1);
    match automorphism::automorphisms(&lowered.cover, limit) {
        Ok(images) if images.is_empty() => Reduced::unreduced(lowered),
        Ok(images) => {
            let relabel = vec![Vec::new(); images.len()];
            let group = Group {
                cells: Vec::new(),
                images: images.into(),
                relabel,
            };
            group.check_everywhere(lowered)
        }
        Err(limit) => {
            let reason = format!("this puzzle has more than {limit} symmetries, too many to compare each solution with all its images; ask for all solutions (`symmetry: all`)");
            errors.push(model.loc, ErrorKind::Symmetry { reason });
            Reduced::unreduced(lowered)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::{Description, Symmetry};
    use crate::lower;

    #[test]
    fn sets_are_moved_as_their_cells_are_with_keys_that_collide_or_not() {
        // The dominoes and the L trominoes of a 3x3 grid, cell (r, c) numbered 3r + c.
        let cell = |r: u32, c: u32| r * 3 + c;
        let mut sets: Vec<Vec<AspectId>> = Vec::new();
        for r in 0..3 {
            for c in 0..3 {
                if c < 2 {
                    sets.push(vec![AspectId(cell(r, c)), AspectId(cell(r, c + 1))]);
                }
                if r < 2 {
                    sets.push(vec![AspectId(cell(r, c)), AspectId(cell(r + 1, c))]);
                }
            }
        }
        for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let square = [
                cell(r, c),
                cell(r, c + 1),
                cell(r + 1, c),
                cell(r + 1, c + 1),
            ];
            for left_out in square {
                let mut l: Vec<AspectId> = square
                    .iter()
                    .filter(|&&x| x != left_out)
                    .map(|&x| AspectId(x))
                    .collect();
                l.sort();
                sets.push(l);
            }
        }
        let sets: Vec<&[AspectId]> = sets.iter().map(|s| s.as_slice()).collect();
        let turn: Vec<u32> = (0..9).map(|x| cell(x % 3, 2 - x / 3)).collect();
        let then =
            |a: &[u32], b: &[u32]| -> Vec<u32> { b.iter().map(|&x| a[x as usize]).collect() };
        let half = then(&turn, &turn);
        let mirror: Vec<u32> = (0..9).map(|x| cell(x / 3, 2 - x % 3)).collect();
        // Swaps two cells: no symmetry of the sets.
        let swap: Vec<u32> = (0..9)
            .map(|x| [1, 0, 2, 3, 4, 5, 6, 7, 8][x as usize])
            .collect();
        let symmetries = vec![
            (0..9).collect(),
            turn.clone(),
            swap,
            half.clone(),
            mirror.clone(),
            then(&half, &turn),
            then(&mirror, &turn),
        ];
        // Each image worked out alone from the cells.
        let expected: Vec<Option<Vec<u32>>> = (symmetries.iter())
            .map(|perm| {
                (sets.iter())
                    .map(|set| {
                        let mut moved: Vec<AspectId> =
                            set.iter().map(|a| AspectId(perm[a.index()])).collect();
                        moved.sort();
                        sets.iter()
                            .position(|s| *s == moved.as_slice())
                            .map(|i| i as u32)
                    })
                    .collect()
            })
            .collect();
        assert!(expected[2].is_none() && expected.iter().filter(|e| e.is_some()).count() == 6);
        let images = SetImages::new(9, &sets);
        assert!(images.by_key.is_some());
        assert_eq!(images.under_all(&symmetries, &sets), expected);
        // Every key the same: the sets are found by their bits.
        let colliding = SetImages::with_keys(vec![0; 9], &sets);
        assert!(colliding.by_key.is_none());
        assert_eq!(colliding.under_all(&symmetries, &sets), expected);
    }

    fn reduced(d: Description) -> Reduced {
        let mut errors = Errors::default();
        let d = d.symmetry(Symmetry::Reduced { piece: None });
        let model = Model::check(&d, &mut errors).unwrap();
        let lowered = lower::lower(&model, &mut errors);
        let tuning = Tuning::default();
        let ways = reduce(&model, lowered, &mut errors, &tuning);
        assert!(errors.is_empty(), "{errors}");
        crate::choose::choose_reduced(&model, ways, &tuning, crate::stop::Stop::NEVER).0
    }

    #[test]
    fn the_ways_are_offered_by_the_fewest_placements_kept_and_no_more_than_the_bound() {
        let ways = |d: Description| {
            let mut errors = Errors::default();
            let d = d.symmetry(Symmetry::Reduced { piece: None });
            let model = Model::check(&d, &mut errors).unwrap();
            let lowered = lower::lower(&model, &mut errors);
            reduce(&model, lowered, &mut errors, &Tuning::default()).collect::<Vec<_>>()
        };
        // The report's puzzle: C, A and B each restricted, C keeping the fewest placements.
        let report = ways(Description::report_example());
        let pieces: Vec<Option<PieceId>> = (report.iter())
            .map(|w| w.reduction.as_ref().unwrap().piece)
            .collect();
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces[0], Some(PieceId(2)));
        let kept: Vec<usize> = (report.iter())
            .map(|w| w.reduction.as_ref().unwrap().kept)
            .collect();
        assert!(kept.is_sorted(), "{kept:?}");
        // Thirteen pieces, each its own mirror image or free to turn over.
        let thirteen = Description::new("thirteen")
            .block(&[7, 9])
            .pentominoes()
            .piece("O", &["###"]);
        assert_eq!(ways(thirteen).len(), Tuning::default().max_judged);
    }

    #[test]
    fn the_report_puzzle_keeps_two_placements_of_its_tromino() {
        let d = Description::report_example();
        let way = reduced(d);
        let r = way.reduction.unwrap();
        assert_eq!((r.piece, r.group_order, r.kept), (Some(PieceId(2)), 4, 2));
        assert_eq!(way.lowered.allowed_of(PieceId(2)).count(), 2);
        assert!(way.check.is_none() && r.marks.is_empty());
    }

    #[test]
    fn identical_copies_are_checked_against_the_whole_group() {
        let d = Description::new("d")
            .board(&["...."; 3])
            .piece("D", &["##"])
            .copies(6);
        let way = reduced(d);
        let r = way.reduction.unwrap();
        assert_eq!((r.piece, r.group_order), (None, 4));
        let check = way.check.unwrap();
        assert_eq!(check.everywhere.len(), 3);
    }

    #[test]
    fn a_symmetric_kept_placement_restricts_a_second_piece_by_marks() {
        // X on a diagonal of the 8x8 with its centre cut out is fixed by a mirror.
        let d = Description::new("8x8")
            .block(&[8, 8])
            .holes(&[&[3, 3], &[3, 4], &[4, 3], &[4, 4]])
            .pentominoes();
        let Reduced {
            lowered, reduction, ..
        } = reduced(d);
        let r = reduction.unwrap();
        assert_eq!(r.group_order, 8);
        assert!(r.second.is_some() && !r.marks.is_empty());
        assert_eq!(lowered.cover.aspect_count(), 60 + 12 + r.marks.len());
        assert!(r.marks.iter().all(|&m| lowered.cover.is_optional(m)));
    }

    #[test]
    fn abstract_symmetries_come_from_the_embeddings() {
        // A hexagon's edges as dominoes: its 12 symmetries.
        let names: Vec<String> = (0..6).map(|i| i.to_string()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let edges: Vec<[&str; 2]> = (0..6).map(|i| [names[i], names[(i + 1) % 6]]).collect();
        let edges: Vec<&[&str]> = edges.iter().map(|e| &e[..]).collect();
        let d = Description::new("hexagon").abstract_puzzle(&names, &[], &edges);
        assert_eq!(reduced(d).reduction.unwrap().group_order, 12);
    }
}
