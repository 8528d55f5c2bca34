//! From a description to the abstract puzzle: the pieces' shapes, every placement of every
//! piece as an embedding, and the restrictions the user drew. Each step records what is wrong
//! and goes on, so that all mistakes are reported together.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::board::{cells_of_placement, shape_of_figure, Board};
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::description::{AbstractSpec, BoardSpec, Description, Loc, ShapeSpec};
use crate::error::{suggest, ErrorKind, Errors};
use crate::geometry::{Point, Shape};
use crate::pentominoes;

/// A piece, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its name.
    pub name: String,
    /// Where its name was written.
    pub loc: Loc,
    /// Its cells.
    pub shape: Shape,
    /// How many identical copies there are.
    pub count: u32,
}

/// Reads every piece of `description` for a box of `dims` axes. A piece that is wrong is left
/// out after its errors are recorded (a repeated name is recorded but kept, so later steps see
/// every piece once).
pub fn pieces(description: &Description, dims: usize, errors: &mut Errors) -> Vec<Piece> {
    if description.pieces.is_empty() {
        errors.push(description.pieces_loc, ErrorKind::NoPieces);
    }
    let mut seen: BTreeMap<&str, ()> = BTreeMap::new();
    let mut out = Vec::new();
    for spec in &description.pieces {
        if seen.insert(&spec.name, ()).is_some() {
            let name = spec.name.clone();
            errors.push(spec.loc, ErrorKind::DuplicatePiece { name });
            continue;
        }
        let what = format!("piece `{}`", spec.name);
        let shape = match &spec.shape {
            ShapeSpec::Drawing(figure) => shape_of_figure(figure, &what, errors),
            ShapeSpec::Cells(cells) => shape_of_cells(&spec.name, cells, dims, errors),
            ShapeSpec::Builtin => match pentominoes::drawing(&spec.name) {
                Some(rows) => crate::board::shape_of_rows(rows),
                None => {
                    let name = spec.name.clone();
                    errors.push(spec.loc, ErrorKind::UnknownBuiltin { name });
                    None
                }
            },
        };
        let Some(shape) = shape else { continue };
        let name = spec.name.clone();
        if shape.is_empty() {
            errors.push(spec.loc, ErrorKind::EmptyPiece { name });
        } else if !spec.allow_disconnected && !shape.is_connected() {
            errors.push(spec.loc, ErrorKind::DisconnectedPiece { name });
        } else if shape.dims() > dims {
            let (piece, board) = (shape.dims(), dims);
            errors.push(spec.loc, ErrorKind::PieceDimensions { name, piece, board });
        } else {
            if spec.count.0 == 0 {
                errors.push(spec.count.1, ErrorKind::ZeroCount { name });
                continue;
            }
            out.push(Piece {
                name,
                loc: spec.loc,
                shape,
                count: spec.count.0,
            });
        }
    }
    out
}

/// How far from the origin a piece's coordinate may lie; far enough for any real piece, near
/// enough that no arithmetic on coordinates can overflow.
pub const MAX_COORDINATE: i32 = 1 << 16;

/// A piece given as coordinates.
fn shape_of_cells(
    name: &str,
    cells: &[(Vec<i32>, Loc)],
    dims: usize,
    errors: &mut Errors,
) -> Option<Shape> {
    let Some((first, _)) = cells.first() else {
        return Some(Shape::new(dims, []));
    };
    let piece_dims = first.len();
    let mut ok = true;
    let mut seen: BTreeMap<&Point, ()> = BTreeMap::new();
    for (cell, loc) in cells {
        if let Some(&value) = cell.iter().find(|x| x.abs() > MAX_COORDINATE) {
            ok = false;
            let (name, limit) = (name.to_owned(), MAX_COORDINATE);
            errors.push(*loc, ErrorKind::CoordinateRange { name, value, limit });
        } else if cell.is_empty() {
            ok = false;
            let (name, expected) = (name.to_owned(), "a cell needs at least one".to_owned());
            errors.push(
                *loc,
                ErrorKind::Dimensions {
                    name,
                    found: 0,
                    expected,
                },
            );
        } else if cell.len() != piece_dims {
            ok = false;
            let expected = format!("its first cell has {piece_dims}");
            let (name, found) = (name.to_owned(), cell.len());
            errors.push(
                *loc,
                ErrorKind::Dimensions {
                    name,
                    found,
                    expected,
                },
            );
        } else if seen.insert(cell, ()).is_some() {
            ok = false;
            let (name, cell) = (name.to_owned(), cell.clone());
            errors.push(*loc, ErrorKind::RepeatedCell { name, cell });
        }
    }
    ok.then(|| Shape::new(piece_dims, cells.iter().map(|(c, _)| c.clone())))
}

/// The exact-cover form of a box puzzle and where each piece's embeddings lie in it.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// Aspects: the box's cells, then the pieces that have one; embeddings numbered by piece,
    /// then cells.
    pub cover: Cover,
    /// For each piece, the range of its embedding numbers.
    pub ranges: Vec<Range<u32>>,
    /// For each piece, its aspect; identical copies have none.
    pub piece_aspects: Vec<Option<AspectId>>,
}

impl Lowered {
    /// The piece whose embeddings include `e`.
    pub fn piece_of(&self, e: EmbeddingId) -> usize {
        self.ranges
            .iter()
            .position(|r| r.contains(&e.0))
            .expect("every embedding belongs to a piece")
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
/// alone could trade copies of one kind for another.
pub fn cover(board: &Board, pieces: &[Piece], reflect: bool, errors: &mut Errors) -> Lowered {
    let bags = pieces.iter().filter(|p| p.count > 1).count() > 1;
    let mut names: Vec<String> = board
        .cells()
        .iter()
        .map(|p| {
            let coords: Vec<String> = p.iter().map(ToString::to_string).collect();
            format!("({})", coords.join(","))
        })
        .collect();
    let mut piece_aspects = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let aspect = (piece.count == 1 || bags).then_some(AspectId(names.len() as u32));
        if aspect.is_some() {
            names.push(piece.name.clone());
        }
        piece_aspects.push(aspect);
    }
    let mut embeddings = Vec::new();
    let mut ranges = Vec::with_capacity(pieces.len());
    for (piece, aspect) in pieces.iter().zip(&piece_aspects) {
        let start = embeddings.len() as u32;
        let placements = board.placements(&piece.shape, reflect);
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
    }
    let mut cover = Cover::new(names, embeddings);
    for (piece, aspect) in pieces.iter().zip(&piece_aspects) {
        if let Some(a) = aspect {
            cover.set_multiplicity(*a, piece.count);
        }
    }
    Lowered {
        cover,
        ranges,
        piece_aspects,
    }
}

/// Applies the drawn restrictions: for each restricted piece, only the drawn placements stay.
pub fn restrict(
    description: &Description,
    board: &Board,
    pieces: &[Piece],
    lowered: &mut Lowered,
    errors: &mut Errors,
) {
    let mut restricted: BTreeMap<&str, ()> = BTreeMap::new();
    for r in &description.restrictions {
        let Some(index) = find_piece(pieces, &r.piece, r.loc, errors) else {
            continue;
        };
        if restricted.insert(&r.piece, ()).is_some() {
            let piece = r.piece.clone();
            errors.push(r.loc, ErrorKind::RepeatedRestriction { piece });
            continue;
        }
        let piece_aspect = lowered.piece_aspects[index];
        let range = lowered.ranges[index].clone();
        let mut keep = Vec::new();
        for drawing in &r.placements {
            let what = format!("a placement of `{}`", r.piece);
            let found = cells_of_placement(board, drawing, &what, errors).and_then(|cells| {
                let mut aspects: Vec<AspectId> = cells.into_iter().map(AspectId).collect();
                aspects.extend(piece_aspect);
                range
                    .clone()
                    .map(EmbeddingId)
                    .find(|&e| lowered.cover.aspects(e) == aspects.as_slice())
            });
            match found {
                Some(e) => keep.push(e),
                None => {
                    let piece = r.piece.clone();
                    errors.push(drawing.loc(), ErrorKind::NotAPlacement { piece });
                }
            }
        }
        for e in range.map(EmbeddingId) {
            if !keep.contains(&e) {
                lowered.cover.forbid(e);
            }
        }
    }
}

/// The index of the piece named `name`, or an error (with the closest name) at `loc`.
pub fn find_piece(pieces: &[Piece], name: &str, loc: Loc, errors: &mut Errors) -> Option<usize> {
    let found = pieces.iter().position(|p| p.name == name);
    if found.is_none() {
        let suggestion = suggest(name, pieces.iter().map(|p| p.name.as_str()));
        let name = name.to_owned();
        errors.push(loc, ErrorKind::UnknownPiece { name, suggestion });
    }
    found
}

/// Records every cell that no allowed embedding covers, pointing at its row of the box drawing.
pub fn check_coverable(
    description: &Description,
    board: &Board,
    lowered: &Lowered,
    errors: &mut Errors,
) {
    let uses = lowered.cover.uses();
    for (cell, point) in board.cells().iter().enumerate() {
        if uses[cell] == 0 {
            let loc = match &description.board {
                BoardSpec::Drawn(figure) => figure.row_loc(point),
                BoardSpec::Block { .. } => None,
            };
            let loc = loc.unwrap_or_else(|| description.board.loc());
            let cell = board.describe(cell as u32);
            errors.push(loc, ErrorKind::UncoverableCell { cell });
        }
    }
}

/// The exact-cover problem of an abstract puzzle: its aspects in the order given, its
/// embeddings as listed; every mistake recorded.
pub fn abstract_cover(spec: &AbstractSpec, errors: &mut Errors) -> Cover {
    let mut index: BTreeMap<&str, AspectId> = BTreeMap::new();
    let mut repeated = Vec::new();
    for (i, (name, loc)) in spec.aspects.iter().enumerate() {
        if index.contains_key(name.as_str()) {
            repeated.push(i);
            let name = name.clone();
            errors.push(*loc, ErrorKind::DuplicateAspect { name });
        } else {
            index.insert(name, AspectId(i as u32));
        }
    }
    let names: Vec<String> = spec.aspects.iter().map(|a| a.0.clone()).collect();
    let lookup = |name: &str, loc: Loc, errors: &mut Errors| {
        let found = index.get(name).copied();
        if found.is_none() {
            let suggestion = suggest(name, names.iter().map(String::as_str));
            let name = name.to_owned();
            errors.push(loc, ErrorKind::UnknownAspect { name, suggestion });
        }
        found
    };
    let optional: Vec<AspectId> = spec
        .optional
        .iter()
        .filter_map(|(name, loc)| lookup(name, *loc, errors))
        .collect();
    let mut embeddings = Vec::with_capacity(spec.embeddings.len());
    for (members, loc) in &spec.embeddings {
        if members.is_empty() {
            errors.push(*loc, ErrorKind::EmptyEmbedding);
        }
        let mut aspects = Vec::with_capacity(members.len());
        for (name, at) in members {
            if let Some(a) = lookup(name, *at, errors) {
                if aspects.contains(&a) {
                    let name = name.clone();
                    errors.push(*at, ErrorKind::RepeatedAspect { name });
                }
                aspects.push(a);
            }
        }
        embeddings.push(aspects);
    }
    let mut cover = Cover::new(names, embeddings);
    for a in optional {
        cover.set_optional(a);
    }
    let uses = cover.uses();
    for (i, (name, loc)) in spec.aspects.iter().enumerate() {
        let named_twice = repeated.contains(&i);
        if uses[i] == 0 && !cover.is_optional(AspectId(i as u32)) && !named_twice {
            let name = name.clone();
            errors.push(*loc, ErrorKind::UncoveredAspect { name });
        }
    }
    cover
}
