//! Symmetry reduction: keep one placement per orbit of one piece under the puzzle's symmetry
//! group, so that each class of solutions is found exactly once (METHOD.md §1 and §4).

use std::collections::{BTreeMap, BTreeSet};

use crate::board::Board;
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::description::{Loc, Symmetry};
use crate::error::{ErrorKind, Errors};
use crate::lower::{find_piece, Lowered, Piece};

/// What a symmetry reduction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The piece restricted.
    pub piece: usize,
    /// The order of the puzzle's symmetry group.
    pub group_order: usize,
    /// How many placements of the piece were kept (one per orbit).
    pub kept: usize,
}

/// The symmetries of a box puzzle, as maps on embeddings.
struct Group {
    /// For each symmetry other than the identity, the image of each embedding.
    images: Vec<Vec<EmbeddingId>>,
}

impl Group {
    /// The box symmetries that map every allowed embedding to an allowed embedding.
    fn of(board: &Board, cover: &Cover) -> Group {
        let cells = board.cells().len();
        let index: BTreeMap<&[AspectId], EmbeddingId> = (0..cover.embedding_count() as u32)
            .map(|e| (cover.aspects(EmbeddingId(e)), EmbeddingId(e)))
            .collect();
        let images = board
            .symmetries()
            .into_iter()
            .skip(1)
            .filter_map(|perm| {
                (0..cover.embedding_count() as u32)
                    .map(EmbeddingId)
                    .map(|e| {
                        let mut image: Vec<AspectId> = cover
                            .aspects(e)
                            .iter()
                            .map(|&a| match a.index() < cells {
                                true => AspectId(perm[a.index()]),
                                false => a,
                            })
                            .collect();
                        image.sort_unstable();
                        let found = index.get(image.as_slice()).copied();
                        match found {
                            Some(i) if cover.is_allowed(i) == cover.is_allowed(e) => Some(i),
                            _ => None,
                        }
                    })
                    .collect::<Option<Vec<EmbeddingId>>>()
            })
            .collect();
        Group { images }
    }

    /// The order of the group.
    fn order(&self) -> usize {
        self.images.len() + 1
    }

    /// An allowed embedding among `range` that some symmetry other than the identity fixes.
    fn fixed_point(&self, cover: &Cover, range: std::ops::Range<u32>) -> Option<EmbeddingId> {
        range
            .map(EmbeddingId)
            .filter(|&e| cover.is_allowed(e))
            .find(|&e| self.images.iter().any(|image| image[e.index()] == e))
    }
}

/// Applies `request` to the puzzle: with [`Symmetry::Reduced`], forbids all but the
/// lowest-numbered placement of each orbit of one piece.
pub fn reduce(
    request: &Symmetry,
    loc: Loc,
    board: &Board,
    pieces: &[Piece],
    lowered: &mut Lowered,
    errors: &mut Errors,
) -> Option<Reduction> {
    let Symmetry::Reduced { piece: named } = request else {
        return None;
    };
    let group = Group::of(board, &lowered.cover);
    let free = |i: usize| {
        group
            .fixed_point(&lowered.cover, lowered.ranges[i].clone())
            .is_none()
    };
    let piece = match named {
        Some((name, name_loc)) => {
            let i = find_piece(pieces, name, *name_loc, errors)?;
            if group.order() > 1 && !free(i) {
                let e = group
                    .fixed_point(&lowered.cover, lowered.ranges[i].clone())
                    .expect("not free");
                let reason = format!(
                    "a symmetry of the box maps the placement of `{name}` on cells {} onto itself, so keeping one placement of `{name}` per orbit would lose solutions or find some twice; name a piece with no symmetric placement, e.g. one without symmetry of its own",
                    describe_cells(board, &lowered.cover, e)
                );
                errors.push(*name_loc, ErrorKind::Symmetry { reason });
                return None;
            }
            i
        }
        None if group.order() == 1 => return None,
        None => {
            let candidates = (0..pieces.len()).filter(|&i| free(i));
            let best = candidates.min_by_key(|&i| {
                let range = lowered.ranges[i].clone();
                range
                    .filter(|&e| lowered.cover.is_allowed(EmbeddingId(e)))
                    .count()
            });
            match best {
                Some(i) => i,
                None => {
                    let reason = format!(
                        "the box has {} symmetries, but every piece has a placement that one of them maps onto itself, so no piece can pick one solution per class; ask for all solutions (`symmetry: all`)",
                        group.order()
                    );
                    errors.push(loc, ErrorKind::Symmetry { reason });
                    return None;
                }
            }
        }
    };
    let mut seen = BTreeSet::new();
    let mut kept = 0;
    for e in lowered.ranges[piece].clone().map(EmbeddingId) {
        if !lowered.cover.is_allowed(e) {
            continue;
        }
        if seen.insert(e) {
            kept += 1;
            seen.extend(group.images.iter().map(|image| image[e.index()]));
        } else {
            lowered.cover.forbid(e);
        }
    }
    Some(Reduction {
        piece,
        group_order: group.order(),
        kept,
    })
}

/// The cells of an embedding, for a message.
fn describe_cells(board: &Board, cover: &Cover, e: EmbeddingId) -> String {
    let cells: Vec<String> = cover
        .aspects(e)
        .iter()
        .filter(|a| a.index() < board.cells().len())
        .map(|a| format!("({})", board.describe(a.0)))
        .collect();
    cells.join(", ")
}
