//! The second stage: a model to exact cover. A box puzzle's aspects are its cells, then its
//! pieces; every placement of every piece is an embedding `{cells..., piece}`, numbered by
//! piece, then by its sorted cells; the drawn restrictions forbid the other placements of
//! their pieces. An abstract puzzle's aspects and embeddings are as listed, with an aspect for
//! each colour of an item. Forbidden embeddings keep their numbers.

use std::collections::HashMap;
use std::ops::Range;

use crate::board::{Board, ColourTwins};
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::description::Count;
use crate::error::{ErrorKind, Errors};
use crate::limits::MAX_EMBEDDINGS;
use crate::model::{
    AbstractModel, BoxModel, Colouring, Model, Piece, PieceId, Problem, Restriction,
};

/// Lowers a model, recording the mistakes only the placements show: a piece that fits
/// nowhere, a cell no placement covers.
pub fn lower(model: &Model, errors: &mut Errors) -> Lowered {
    match &model.problem {
        Problem::Box(b) => lower_box(b, errors),
        Problem::Abstract(a) => lower_abstract(a),
    }
}

fn lower_box(model: &BoxModel, errors: &mut Errors) -> Lowered {
    let colours = model.colours.as_ref();
    let mut lowered = cover(&model.board, &model.pieces, colours, model.reflect, errors);
    for r in &model.restrictions {
        let aspect = lowered.piece_aspects[r.piece.index()];
        let keep: Vec<EmbeddingId> = r
            .placements
            .iter()
            .filter_map(|cells| {
                let mut aspects: Vec<AspectId> = cells.iter().map(|&c| AspectId(c)).collect();
                aspects.extend(aspect);
                lowered
                    .embeddings_of(r.piece)
                    .find(|&e| lowered.cover.aspects(e) == aspects.as_slice())
            })
            .collect();
        for e in lowered.embeddings_of(r.piece).collect::<Vec<_>>() {
            if !keep.contains(&e) {
                lowered.cover.forbid(e);
            }
        }
    }
    if errors.is_empty() {
        uncoverable_cells(model, &lowered, errors);
    }
    lowered
}

/// Records the cells no allowed placement covers: at the restrictions that left out every
/// placement that could, or at the cell where no placement of any piece could. A cell that may
/// stay empty then does.
fn uncoverable_cells(model: &BoxModel, lowered: &Lowered, errors: &mut Errors) {
    let uses = lowered.cover.uses();
    let mut emptied = vec![Vec::new(); model.restrictions.len()];
    for (cell, &loc) in model.cell_locs.iter().enumerate() {
        if uses[cell] != 0 || model.board.is_optional(cell as u32) {
            continue;
        }
        let covers = |r: &Restriction| {
            lowered
                .embeddings_of(r.piece)
                .any(|e| lowered.cover.aspects(e).contains(&AspectId(cell as u32)))
        };
        let described = model.board.describe(cell as u32);
        if !model.restrictions.iter().any(covers) {
            errors.push(loc, ErrorKind::UncoverableCell { cell: described });
            continue;
        }
        for (cells, r) in emptied.iter_mut().zip(&model.restrictions) {
            if covers(r) {
                cells.push(described.clone());
            }
        }
    }
    for (r, cells) in model.restrictions.iter().zip(emptied) {
        if !cells.is_empty() {
            let piece = &model.pieces[r.piece.index()];
            errors.push(
                r.loc,
                ErrorKind::RestrictedAway {
                    piece: piece.name.clone(),
                    several: cells.len() > 1,
                    cells: cells.join(", "),
                    copies: piece.count.max > 1,
                },
            );
        }
    }
}

/// An abstract puzzle's aspects are as listed, then a colour aspect `x:c` for each colour `c`
/// an embedding gives an item `x`, in the order first given, which those embeddings name
/// instead of `x`.
fn lower_abstract(model: &AbstractModel) -> Lowered {
    let mut names = model.names.clone();
    let mut embeddings = model.embeddings.clone();
    let mut colours: Vec<(AspectId, AspectId)> = Vec::new();
    let mut known: HashMap<(AspectId, &str), AspectId> = HashMap::new();
    for (e, item, colour) in &model.colours {
        let c = *known.entry((*item, colour.as_str())).or_insert_with(|| {
            let c = AspectId(names.len() as u32);
            names.push(format!("{}:{colour}", names[item.index()]));
            colours.push((c, *item));
            c
        });
        for a in embeddings[*e].iter_mut().filter(|a| **a == *item) {
            *a = c;
        }
    }
    let mut cover = Cover::new(names, embeddings);
    for &a in &model.optional {
        cover.set_optional(a);
    }
    for (c, item) in colours {
        cover.set_optional(c);
        cover.set_colour(c, item);
    }
    for &(a, count) in &model.counts {
        cover.set_multiplicity(a, count.max);
        cover.set_least(a, count.min);
    }
    Lowered {
        cover,
        ranges: Vec::new(),
        piece_aspects: Vec::new(),
    }
}

/// The exact-cover form of a puzzle, and where each piece's embeddings lie in it.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// Aspects: the box's cells, then the pieces that have one; embeddings numbered by piece,
    /// then cells. An abstract puzzle's, as listed.
    pub cover: Cover,
    /// For each piece, the range of its embedding numbers (none for an abstract puzzle).
    pub ranges: Vec<Range<u32>>,
    /// For each piece, its aspect; identical copies of one kind have none.
    pub piece_aspects: Vec<Option<AspectId>>,
}

impl Lowered {
    /// The piece whose embeddings include `e` (a box puzzle's embedding).
    pub fn piece_of(&self, e: EmbeddingId) -> Option<PieceId> {
        self.ranges
            .iter()
            .position(|r| r.contains(&e.0))
            .map(|i| PieceId(i as u32))
    }

    /// The embeddings of a piece.
    pub fn embeddings_of(&self, piece: PieceId) -> impl Iterator<Item = EmbeddingId> {
        self.ranges[piece.index()].clone().map(EmbeddingId)
    }

    /// The allowed embeddings of a piece.
    pub fn allowed_of(&self, piece: PieceId) -> impl Iterator<Item = EmbeddingId> + '_ {
        self.embeddings_of(piece)
            .filter(|&e| self.cover.is_allowed(e))
    }

    /// Whether every piece has an aspect (no piece comes in copies).
    pub fn every_piece_has_aspect(&self) -> bool {
        self.piece_aspects.iter().all(Option::is_some)
    }
}

/// Every placement of every piece as an embedding `{cells..., piece}`. Copies of one kind of
/// piece get no piece aspect: as the areas match, covering every cell with the other pieces,
/// each placed once, leaves room for exactly as many copies as were declared. Copies of several
/// kinds get a bag each, an aspect covered as many times as there are copies, since the areas
/// alone could trade copies of one kind for another; so do copies beside a piece that may be
/// left out. A single piece that may be left out has an optional aspect, and one that may be
/// placed as often as the box has room for has none. A cell that may stay empty is an optional
/// aspect, and then copies are counted in bags, as the areas no longer count them.
fn cover(
    board: &Board,
    pieces: &[Piece],
    colours: Option<&Colouring>,
    reflect: bool,
    errors: &mut Errors,
) -> Lowered {
    // A piece's placements: where its colours allow, with colour constraints.
    let placed = |i: usize, limit: usize| -> Result<Vec<Vec<u32>>, ColourTwins> {
        let p = &pieces[i];
        match colours {
            None => Ok(board.placements(&p.shape, reflect, limit)),
            Some(c) => {
                let allows = |piece, cell| c.allows(piece, cell);
                board.coloured_placements(&p.shape, &c.pieces[i], allows, reflect, limit)
            }
        }
    };
    // A piece that may be left out, with more copies than the box has room for, is placed any
    // number of times: nothing is counted for it (`0..=16 x T` in an 8x8 box). Unless another
    // piece has the same placements: an embedding is its cells and aspects, so two such
    // pieces without aspects would have the same embeddings.
    let cells = board.cells().len();
    let roomy = |p: &Piece| {
        let Count { min, max } = p.count;
        min == 0 && max > 1 && max as usize * p.shape.len() >= cells
    };
    let placements = |i: usize| {
        let mut all = placed(i, MAX_EMBEDDINGS).unwrap_or_default();
        all.iter_mut().for_each(|cells| cells.sort_unstable());
        all.sort_unstable();
        all
    };
    let any_number: Vec<bool> = match pieces.iter().any(roomy) {
        false => vec![false; pieces.len()],
        true => {
            let all: Vec<_> = (0..pieces.len()).map(placements).collect();
            (0..pieces.len())
                .map(|i| roomy(&pieces[i]) && (0..pieces.len()).all(|j| j == i || all[j] != all[i]))
                .collect()
        }
    };
    let bounded = || {
        let counted = pieces.iter().zip(&any_number).filter(|&(_, &any)| !any);
        counted.map(|(p, _)| p)
    };
    let copies = bounded().filter(|p| p.count.max > 1).count();
    let ranges = bounded().any(|p| !p.count.is_exact());
    // Cells that may stay empty break the areas' count of copies too.
    let optional_cells = board.optional_count() > 0;
    let bags = copies > 1 || (copies > 0 && (ranges || optional_cells));
    let mut names: Vec<String> = board
        .cells()
        .iter()
        .map(|p| {
            let coords: Vec<String> = p.iter().map(ToString::to_string).collect();
            format!("({})", coords.join(","))
        })
        .collect();
    let mut piece_aspects = Vec::with_capacity(pieces.len());
    for (piece, &any) in pieces.iter().zip(&any_number) {
        let counted = !any && (piece.count.max == 1 || bags);
        let aspect = counted.then_some(AspectId(names.len() as u32));
        if aspect.is_some() {
            names.push(piece.name.clone());
        }
        piece_aspects.push(aspect);
    }
    let mut embeddings = Vec::new();
    let mut ranges = Vec::with_capacity(pieces.len());
    for (i, (piece, aspect)) in pieces.iter().zip(&piece_aspects).enumerate() {
        let start = embeddings.len() as u32;
        let left = MAX_EMBEDDINGS - embeddings.len();
        let Ok(placements) = placed(i, left) else {
            let name = piece.name.clone();
            errors.push(piece.loc, ErrorKind::ColourTwins { name });
            ranges.push(start..start);
            continue;
        };
        if placements.is_empty() {
            let name = piece.name.clone();
            errors.push(piece.loc, ErrorKind::FitsNowhere { name });
        }
        for cells in placements {
            let mut aspects: Vec<AspectId> = cells.into_iter().map(AspectId).collect();
            aspects.extend(*aspect);
            embeddings.push(aspects);
        }
        ranges.push(start..embeddings.len() as u32);
        if embeddings.len() > MAX_EMBEDDINGS {
            let (found, limit) = (embeddings.len(), MAX_EMBEDDINGS);
            let kind = ErrorKind::TooManyEmbeddings {
                embeddings: found,
                limit,
            };
            errors.push(piece.loc, kind);
            // The pieces after it get no placements: the puzzle stops here.
            let end = found as u32;
            ranges.resize(pieces.len(), end..end);
            break;
        }
    }
    let mut cover = Cover::new(names, embeddings);
    for cell in (0..board.cells().len() as u32).filter(|&c| board.is_optional(c)) {
        cover.set_optional(AspectId(cell));
    }
    for (piece, aspect) in pieces.iter().zip(&piece_aspects) {
        if let Some(a) = aspect {
            cover.set_multiplicity(*a, piece.count.max);
            match piece.count {
                Count { min: 0, max: 1 } => cover.set_optional(*a),
                Count { min, .. } => cover.set_least(*a, min),
            }
        }
    }
    Lowered {
        cover,
        ranges,
        piece_aspects,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::Description;

    fn lowered(d: &Description) -> (Lowered, Errors) {
        let mut errors = Errors::default();
        let model = Model::check(d, &mut errors).unwrap();
        (lower(&model, &mut errors), errors)
    }

    #[test]
    fn embeddings_are_numbered_by_piece_then_cells() {
        let (l, errors) = lowered(&Description::report_example());
        assert!(errors.is_empty());
        assert_eq!(l.cover.aspect_count(), 9);
        assert_eq!(l.cover.embedding_count(), 21);
        assert_eq!(l.ranges, [0..6, 6..13, 13..21]);
        let cells = |e: u32| -> Vec<u32> {
            let aspects = l.cover.aspects(EmbeddingId(e)).iter();
            aspects.map(|a| a.0).filter(|&a| a < 6).collect()
        };
        assert_eq!(cells(6), [0, 1]);
        assert_eq!(cells(12), [4, 5]);
        assert_eq!(cells(18), [1, 3, 4]);
        assert_eq!(l.piece_of(EmbeddingId(18)), Some(PieceId(2)));
    }

    #[test]
    fn restrictions_forbid_the_other_placements() {
        let (l, errors) = lowered(
            &Description::report_example().restrict("C", &[&[".#.", "##."], &["..#", ".##"]]),
        );
        assert!(errors.is_empty());
        let kept: Vec<EmbeddingId> = l.allowed_of(PieceId(2)).collect();
        assert_eq!(kept, [EmbeddingId(18), EmbeddingId(20)]);
        assert_eq!(l.cover.allowed_count(), 15);
    }

    #[test]
    fn copies_of_one_kind_have_no_aspect_and_of_several_a_bag_each() {
        let one = Description::new("d")
            .board(&["...."; 3])
            .piece("D", &["##"])
            .copies(6);
        let (l, _) = lowered(&one);
        assert_eq!(l.piece_aspects, [None]);
        assert_eq!(l.cover.aspect_count(), 12);
        let two = Description::new("r")
            .board(&["......"])
            .piece("D", &["##"])
            .copies(2)
            .piece("M", &["#"])
            .copies(2);
        let (l, _) = lowered(&two);
        assert_eq!(l.piece_aspects, [Some(AspectId(6)), Some(AspectId(7))]);
        assert_eq!(l.cover.multiplicity(AspectId(6)), 2);
    }

    #[test]
    fn pieces_the_box_has_room_for_any_number_of_have_no_aspect() {
        // Up to 3 of each: 3 cells of 1 row, or 3 dominoes fill the box, so nothing is
        // counted; the L, one of its kind, keeps its aspect.
        let roomy = Description::new("r")
            .board(&["......"])
            .piece("D", &["##"])
            .copies_between(0, 3)
            .piece("M", &["#"])
            .copies_between(0, 6)
            .piece("T", &["###"])
            .copies_between(1, 2);
        let (l, _) = lowered(&roomy);
        assert_eq!(l.piece_aspects, [None, None, Some(AspectId(6))]);
        // Too few to fill the box, or the box's room shared with a piece of the same
        // placements: counted, in bags.
        let short = Description::new("s")
            .board(&["......"])
            .piece("D", &["##"])
            .copies_between(0, 2)
            .piece("M", &["#"])
            .copies_between(0, 6)
            .piece("E", &["##"])
            .copies_between(0, 3);
        let (l, _) = lowered(&short);
        assert_eq!(
            l.piece_aspects,
            [Some(AspectId(6)), None, Some(AspectId(7))]
        );
        assert_eq!(l.cover.multiplicity(AspectId(7)), 3);
    }

    #[test]
    fn pieces_that_fit_nowhere_and_cells_no_placement_covers() {
        let d = Description::new("n")
            .board(&["......."])
            .piece("A", &["###"])
            .piece("B", &["##", "##"]);
        let (_, errors) = lowered(&d);
        assert_eq!(errors.to_string(), "piece `B` fits nowhere in the box");
        let island = Description::new("i")
            .board(&["..#.", "..##"])
            .piece("P", &["##", "#."])
            .piece("Q", &["##"]);
        let (_, errors) = lowered(&island);
        assert_eq!(
            errors.to_string(),
            "no placement of any piece covers the cell (0, 3), so the puzzle has no solution"
        );
    }
}
