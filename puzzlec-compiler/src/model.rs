//! The first stage: a [`Description`] checked into a [`Model`]. Every drawing is read, every
//! name resolved to what it names, every option checked; the later stages take the model and
//! never look at the description again. Each mistake is recorded where it was written, and
//! the checks go on, so that all mistakes are reported together.

use std::collections::{BTreeMap, BTreeSet};

use crate::board::Board;
use crate::cover::AspectId;
use crate::description::{
    self, chars, AbstractSpec, BoardSpec, Cache, Coloured, Count, DeadEnds, Description,
    EmbeddedAspect, FewestFits, Grid, Loc, OrderChoice, PieceSpec, Prune, ShapeSpec, Symmetry,
};
use crate::error::{suggest, ErrorKind, Errors};
use crate::figure::{
    coloured_shape_of_figure, format_extents, linear_in, read_drawn, shape_of_figure, unlinear,
    Block, Marks,
};
use crate::geometry::{Point, Shape};
use crate::limits::{MAX_AXES, MAX_COORDINATE, MAX_VOLUME};
use crate::piece_set::PieceSet;
use crate::sets::Member;
use crate::tuning::Tuning;
use puzzlec_runtime::lattice::Lattice;

/// A piece, by its place in the list of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceId(pub u32);

impl PieceId {
    /// The number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its name.
    pub name: String,
    /// Where its name was written.
    pub loc: Loc,
    /// Its cells.
    pub shape: Shape,
    /// How many identical copies a solution holds.
    pub count: Count,
    /// The character it is drawn with, if the puzzle gives one.
    pub glyph: Option<char>,
}

/// A puzzle as checked: what every later stage takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The puzzle's name.
    pub name: String,
    /// Where the name was written.
    pub loc: Loc,
    /// The box and pieces, or the aspects and embeddings.
    pub problem: Problem,
    /// How to compile it.
    pub options: Options,
}

/// What is to be covered.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// A box to fill with pieces.
    Box(BoxModel),
    /// Aspects and embeddings listed outright.
    Abstract(AbstractModel),
}

/// A box and its pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct BoxModel {
    /// The box.
    pub board: Board,
    /// Where each cell was written: its row of the drawing, or the box's sizes.
    pub cell_locs: Vec<Loc>,
    /// The pieces, in the order that numbers them.
    pub pieces: Vec<Piece>,
    /// Whether pieces may be turned over.
    pub reflect: bool,
    /// The placements the user kept, per piece.
    pub restrictions: Vec<Restriction>,
    /// The colour constraints, if the puzzle has any.
    pub colours: Option<Colouring>,
}

/// Colour constraints as checked: the colour of each cell of the box and of each piece (0 for
/// none), and the pairs allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    /// Each piece's colours, by the cells of its shape in order.
    pub pieces: Vec<Vec<u32>>,
    /// The (piece colour, box colour) pairs allowed.
    pub allowed: BTreeSet<(u32, u32)>,
}

impl Colouring {
    /// Whether a piece's cell of colour `piece` may cover a box cell of colour `cell`.
    pub fn allows(&self, piece: u32, cell: u32) -> bool {
        piece == 0 || cell == 0 || self.allowed.contains(&(piece, cell))
    }
}

/// The only placements a piece may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restriction {
    /// The piece.
    pub piece: PieceId,
    /// Where the restriction was written.
    pub loc: Loc,
    /// Each placement as the sorted cells it covers (each checked to be a placement of the
    /// piece).
    pub placements: Vec<Vec<u32>>,
}

/// An abstract puzzle: aspects and embeddings by number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbstractModel {
    /// The aspects' names, in the order the search covers them.
    pub names: Vec<String>,
    /// The aspects that need not be covered.
    pub optional: Vec<AspectId>,
    /// The embeddings.
    pub embeddings: Vec<Vec<AspectId>>,
    /// The colours the embeddings give optional aspects: the embedding's index, the aspect
    /// and the colour's name.
    pub colours: Vec<(usize, AspectId, String)>,
    /// Where the first colour was written, if any was.
    pub colour_loc: Option<Loc>,
    /// The required aspects covered other than once, each with its count.
    pub counts: Vec<(AspectId, Count)>,
    /// Where the first count was written, if any was.
    pub count_loc: Option<Loc>,
}

/// How to compile a puzzle, as the user asked, every name resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Whether embeddings share the tests they have in common.
    pub sharing: bool,
    /// Whether placements that cut off a region no pieces can fill are dropped first.
    pub eliminate: bool,
    /// Which solutions to find.
    pub symmetry: Reduce,
    /// Which of the box's symmetries a reduction identifies solutions by.
    pub motions: Motions,
    /// How the cells are scanned.
    pub scan: OrderChoice,
    /// Which pieces come before the cells.
    pub lead: Lead,
    /// What the search prunes, as asked (the plan resolves `Auto`).
    pub prune: Prune,
    /// Whether a count keeps a failure cache, as asked (the plan resolves `Auto`).
    pub cache: Cache,
    /// Whether dead ends are covered first, as asked (the plan resolves `Auto`).
    pub dead_ends: DeadEnds,
    /// Whether the cell with the fewest fits is covered next near the top of the search, as
    /// asked (the plan resolves `Auto`).
    pub fewest_fits: FewestFits,
    /// The thresholds by which the compiler decides how the search runs.
    pub tuning: Tuning,
}

/// Which of the box's symmetries classes of solutions are taken under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Motions {
    /// Every motion of the lattice that maps the box onto itself: rotations, and reflections
    /// (where pieces are only turned, those that swap mirror twins).
    #[default]
    All,
    /// The rotations alone.
    Rotations,
}

/// Which solutions to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    /// Every solution.
    All,
    /// One per class of solutions modulo the puzzle's symmetries, with this piece (named
    /// here) restricted if one is named.
    Classes(Option<(PieceId, Loc)>),
}

/// Which pieces come before the cells in the aspect order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lead {
    /// Chosen with the scan.
    Auto,
    /// None.
    None,
    /// Every piece.
    All,
    /// These, in this order.
    Named(Vec<PieceId>),
}

impl Model {
    /// Checks a description, recording every mistake in `errors`. The model comes back even
    /// with mistakes when the later stages can still find more of them (a box that was read,
    /// with the pieces that were): the caller goes on only while `errors` is empty.
    pub fn check(description: &Description, errors: &mut Errors) -> Option<Model> {
        let problem = match &description.abstract_puzzle {
            Some(spec) => check_abstract(spec, errors).map(Problem::Abstract),
            None => check_box(description, errors).map(Problem::Box),
        };
        let pieces: &[Piece] = match &problem {
            Some(Problem::Box(b)) => &b.pieces,
            _ => &[],
        };
        let motions = match &description.symmetry {
            Symmetry::Rotations { .. } => Motions::Rotations,
            _ => Motions::All,
        };
        if motions == Motions::Rotations && description.abstract_puzzle.is_some() {
            let reason = "an abstract puzzle has no rotations: its symmetries are the permutations of its aspects that keep its embeddings; write `symmetry: reduced`".to_owned();
            errors.push(description.symmetry_loc, ErrorKind::Symmetry { reason });
        }
        let symmetry = match (&description.symmetry, description.symmetry.piece()) {
            (Symmetry::All, _) => Reduce::All,
            (_, None) => Reduce::Classes(None),
            (_, Some((name, loc))) => {
                if description.abstract_puzzle.is_some() {
                    let reason = format!("an abstract puzzle has no pieces, so none can carry the reduction (`{name}`); write `symmetry: reduced`");
                    errors.push(*loc, ErrorKind::Symmetry { reason });
                    Reduce::Classes(None)
                } else {
                    Reduce::Classes(find_piece(pieces, name, *loc, errors).map(|p| (p, *loc)))
                }
            }
        };
        let boxless = description.abstract_puzzle.is_some();
        let mode = match description.prune {
            Prune::Holes => Some("holes"),
            Prune::Regions => Some("regions"),
            Prune::Auto | Prune::Off => None,
        };
        if let Some(mode) = mode.filter(|_| boxless) {
            errors.push(description.prune_loc, ErrorKind::PruneWithoutBox { mode });
        }
        let lead = match &description.lead {
            description::Lead::Auto => Lead::Auto,
            description::Lead::None => Lead::None,
            description::Lead::All => Lead::All,
            // The parser has said that an abstract puzzle takes no order.
            description::Lead::Named(_) if boxless => Lead::Auto,
            description::Lead::Named(names) => {
                let mut lead = Vec::new();
                for (name, loc) in names {
                    let Some(piece) = find_piece(pieces, name, *loc, errors) else {
                        continue;
                    };
                    if lead.contains(&piece) {
                        let name = name.clone();
                        errors.push(*loc, ErrorKind::LeadTwice { name });
                    } else {
                        lead.push(piece);
                    }
                }
                Lead::Named(lead)
            }
        };
        if let Some(Problem::Abstract(a)) = &problem {
            if let Some(loc) = a.colour_loc {
                let kind = |reason| ErrorKind::Colours { reason };
                search_limits(description, (loc, "colours are"), kind, errors);
            }
            if let Some(loc) = a.count_loc {
                let subject = "an aspect covered a number of times is";
                let kind = |reason| ErrorKind::Counts { reason };
                search_limits(description, (loc, subject), kind, errors);
            }
        }
        let options = Options {
            sharing: description.sharing,
            eliminate: description.eliminate,
            symmetry,
            motions,
            scan: description.order,
            lead,
            prune: description.prune,
            cache: description.cache,
            dead_ends: description.dead_ends,
            fewest_fits: description.fewest_fits,
            tuning: description.tuning.clone(),
        };
        Some(Model {
            name: description.name.clone(),
            loc: description.loc,
            problem: problem?,
            options,
        })
    }

    /// The box and pieces, if the puzzle has a box.
    pub fn box_model(&self) -> Option<&BoxModel> {
        match &self.problem {
            Problem::Box(b) => Some(b),
            Problem::Abstract(_) => None,
        }
    }
}

/// The box, its pieces and their restrictions.
fn check_box(description: &Description, errors: &mut Errors) -> Option<BoxModel> {
    let board = read_board(description, errors);
    // A box that could not be read still says how many axes it meant, for its pieces.
    let dims = match (&board, &description.board) {
        (Some((b, _)), _) => b.dims(),
        (None, BoardSpec::Drawn(figure))
            if matches!(description.grid, Grid::Triangular | Grid::Spheres) =>
        {
            figure.dims().clamp(2, 3)
        }
        _ if description.grid.cube_side().is_some() => 3,
        _ if description.grid != Grid::Square => 2,
        (None, BoardSpec::Block { extents, .. }) => extents.len(),
        (None, BoardSpec::Drawn(figure)) => figure.dims(),
    };
    let pieces = check_pieces(description, dims, errors);
    if description.reflect {
        check_twins(description, &pieces, errors);
    }
    let (board, cell_locs) = board?;
    let area = |copies: fn(Count) -> u32| -> usize {
        pieces
            .iter()
            .map(|p| p.shape.len() * copies(p.count) as usize)
            .sum()
    };
    let (least, most) = (area(|c| c.min), area(|c| c.max));
    let cells = board.cells().len();
    let optional = board.optional_count();
    if let Some((max, loc)) = description.max_empty {
        if max as usize > optional {
            errors.push(loc, ErrorKind::MaxEmptyTooLarge { max, optional });
        } else if least != most {
            errors.push(loc, ErrorKind::MaxEmptyWithRanges);
        } else if errors.is_empty() && cells.saturating_sub(least) > max as usize {
            let empty = cells - least;
            errors.push(loc, ErrorKind::MaxEmptyUnmet { empty, max });
        }
    }
    // Only compare areas when every piece was read, or the figure would mislead.
    if optional > 0 {
        let fixed = cells - optional;
        if errors.is_empty() && (most < fixed || least > cells) {
            let kind = ErrorKind::AreaOptional {
                least,
                most,
                fixed,
                optional,
            };
            errors.push(description.pieces_loc, kind);
        }
    } else if errors.is_empty() && least == most && least != cells {
        let kind = ErrorKind::AreaMismatch {
            pieces: least,
            cells,
        };
        errors.push(description.pieces_loc, kind);
    } else if errors.is_empty() && !(least..=most).contains(&cells) {
        let kind = ErrorKind::AreaOutOfRange { least, most, cells };
        errors.push(description.pieces_loc, kind);
    }
    // Where the pieces at their most just fill a box whose cells must all be covered, every
    // solution places each as often as it may: a range is that number, and the search need
    // not try leaving one out.
    let mut pieces = pieces;
    if optional == 0 && most == cells {
        for piece in &mut pieces {
            piece.count.min = piece.count.max;
        }
    }
    let restrictions = check_restrictions(description, &board, &pieces, errors);
    let (board, colours) = colouring(description, board, &pieces, errors);
    Some(BoxModel {
        board,
        cell_locs,
        pieces,
        reflect: description.reflect,
        restrictions,
        colours,
    })
}

/// The colours of the box's cells (on the board, for its symmetries) and of the pieces': the
/// digits drawn and those a file gives by coordinates. `None` where nothing has a colour and
/// no constraint is given. Unless the puzzle says which colours may lie on which, a piece's
/// colour goes on the box's cells of the same colour.
fn colouring(
    description: &Description,
    board: Board,
    pieces: &[Piece],
    errors: &mut Errors,
) -> (Board, Option<Colouring>) {
    let spec = description.colours.as_ref();
    let mut cells: Vec<u32> = (0..board.cells().len() as u32)
        .map(|c| board.colour(c))
        .collect();
    for (p, colour) in spec.map_or(&[][..], |s| &s.cells) {
        match board.cell_at(p) {
            Some(cell) => cells[cell as usize] = *colour,
            None => {
                let hole = format!("({})", format_extents(p, ", "));
                let problem = "is given a colour but is not a cell of the box".to_owned();
                let loc = spec.map_or(description.board.loc(), |s| s.loc);
                errors.push(loc, ErrorKind::BadHole { hole, problem });
            }
        }
    }
    let colours: Vec<Vec<u32>> = pieces
        .iter()
        .map(|piece| piece_colours(description, piece))
        .collect();
    let used: BTreeSet<u32> = (cells.iter().chain(colours.iter().flatten()))
        .copied()
        .filter(|&c| c != 0)
        .collect();
    let allowed = match spec {
        Some(spec) => spec.allowed.iter().copied().collect(),
        None if used.is_empty() => return (board, None),
        None => used.iter().map(|&c| (c, c)).collect(),
    };
    let colouring = Colouring {
        pieces: colours,
        allowed,
    };
    (board.with_colours(cells), Some(colouring))
}

/// The colours of a piece's cells, in the order of its shape's: the digits of its drawing, or
/// those a file gives for its coordinates.
fn piece_colours(description: &Description, piece: &Piece) -> Vec<u32> {
    let mut of = vec![0; piece.shape.len()];
    let Some(written) = description.pieces.iter().find(|p| p.name == piece.name) else {
        return of;
    };
    let given = (description.colours.iter())
        .flat_map(|spec| &spec.pieces)
        .find(|(name, _)| *name == piece.name)
        .map(|(_, coloured)| coloured.clone());
    let (positions, coloured): (Vec<Point>, Coloured) = match &written.shape {
        ShapeSpec::Cells(cells) => {
            let positions = cells.iter().map(|(p, _)| p.clone()).collect();
            (positions, given.unwrap_or_default())
        }
        ShapeSpec::Drawing(figure) => {
            let grid = description.grid;
            let mut ignored = Errors::default();
            match coloured_shape_of_figure(figure, grid, "a piece", &mut ignored) {
                Some(drawn) => {
                    let mut coloured = drawn.coloured;
                    coloured.extend(given.unwrap_or_default());
                    (drawn.positions, coloured)
                }
                None => return of,
            }
        }
        ShapeSpec::Builtin | ShapeSpec::Member(_) => return of,
    };
    // The shape is its cells moved to the lattice's place: the colours move alike.
    let shift = (piece.shape.lattice())
        .normalising_shift(&positions)
        .unwrap_or_default();
    for (p, colour) in coloured {
        let at: Point = p.iter().zip(&shift).map(|(a, b)| a + b).collect();
        if let Ok(i) = piece.shape.cells().binary_search(&at) {
            of[i] = colour;
        }
    }
    of
}

/// Reads a box (drawn with `.` for a cell and `#` for a hole, or a block) less its `holes`,
/// and where each cell was written.
fn read_board(description: &Description, errors: &mut Errors) -> Option<(Board, Vec<Loc>)> {
    let (spec, holes, grid) = (&description.board, &description.holes, description.grid);
    let dims = match spec {
        BoardSpec::Drawn(figure) => figure.dims(),
        BoardSpec::Block { extents, .. } => extents.len(),
    };
    let lattice = grid.lattice(dims);
    if grid.cube_side().is_some() && dims != 3 {
        let kind = ErrorKind::PlaneGrid {
            what: "the box".to_owned(),
            how: "is given in other than three axes",
            grid: grid.word(),
            remedy: "draw it as layers of rows, or give its sizes in cubes, `2 x 2 x 2`",
        };
        errors.push(spec.loc(), kind);
        return None;
    }
    let allowed = match grid {
        Grid::Square => {
            "`.` for a cell of the box, a digit `1` to `9` for a cell of that colour, `#` for a hole and `+` for a cell that may stay empty"
        }
        _ => "`.` for a cell of the box, a digit `1` to `9` for a cell of that colour, `#` or a space for a hole and `+` for a cell that may stay empty",
    };
    let block = match spec {
        BoardSpec::Drawn(figure) => {
            read_drawn(figure, lattice, "the box", Marks::BOX, allowed, errors)?
        }
        BoardSpec::Block { loc, .. } if grid != Grid::Square && grid.cube_side().is_none() => {
            let kind = ErrorKind::PlaneGrid {
                what: "the box".to_owned(),
                how: "is given by its sizes",
                grid: grid.word(),
                remedy: if grid == Grid::Spheres {
                    "draw it as layers of rows, a character a sphere"
                } else {
                    "draw it as rows, a character a cell"
                },
            };
            errors.push(*loc, kind);
            return None;
        }
        BoardSpec::Block { extents, loc } => {
            // The sizes of a grid of parts of cubes count cubes.
            let scale = grid.cube_side().unwrap_or(1);
            let sizes: Vec<i32> = extents.iter().map(|e| e.0.saturating_mul(scale)).collect();
            // Point at a size that is wrong, if one is; else at the whole.
            let loc = extents.iter().find(|e| e.0 < 1).map_or(loc, |e| &e.1);
            let volume = sizes
                .iter()
                .try_fold(1usize, |v, &e| v.checked_mul(usize::try_from(e).ok()?));
            if sizes.len() > MAX_AXES {
                let (axes, limit) = (sizes.len(), MAX_AXES);
                errors.push(*loc, ErrorKind::TooManyAxes { axes, limit });
                return None;
            }
            match volume {
                Some(v) if v <= MAX_VOLUME && sizes.iter().all(|&e| e >= 1) => Block {
                    extents: sizes,
                    on: vec![true; v],
                    optional: vec![false; v],
                    colour: vec![0; v],
                },
                _ => {
                    let extents = format_extents(&sizes, " x ");
                    let limit = MAX_VOLUME;
                    errors.push(*loc, ErrorKind::BlockSize { extents, limit });
                    return None;
                }
            }
        }
    };
    let mut on = block.on;
    let mut ok = true;
    for (hole, loc) in holes {
        let index = (hole.len() == block.extents.len())
            .then(|| linear_in(&block.extents, hole))
            .flatten();
        let problem = match index {
            Some(_) if !lattice.is_cell(hole) => Some(format!(
                "is not a point of the {} grid: {}",
                grid.word(),
                grid.rule().unwrap_or_default()
            )),
            None => Some(format!(
                "is not a position of the box, which has {} positions along its {} axes",
                format_extents(&block.extents, " x "),
                block.extents.len()
            )),
            Some(i) if !on[i] => Some("is not a cell of the box (given twice?)".to_owned()),
            Some(i) => {
                on[i] = false;
                None
            }
        };
        if let Some(problem) = problem {
            ok = false;
            let hole = format!("({})", format_extents(hole, ", "));
            errors.push(*loc, ErrorKind::BadHole { hole, problem });
        }
    }
    if !ok {
        return None;
    }
    let board = Board::with_cells(lattice, &block.extents, |p| {
        linear_in(&block.extents, p).is_some_and(|i| on[i])
    })
    .with_optional(|p| linear_in(&block.extents, p).is_some_and(|i| block.optional[i]));
    let colours = (board.cells().iter())
        .map(|p| linear_in(&block.extents, p).map_or(0, |i| block.colour[i]))
        .collect();
    let board = board.with_colours(colours);
    if board.cells().is_empty() {
        errors.push(spec.loc(), ErrorKind::EmptyBox);
        return None;
    }
    let cell_locs = board
        .cells()
        .iter()
        .map(|point| match spec {
            BoardSpec::Drawn(figure) => figure.row_loc(point).unwrap_or(spec.loc()),
            BoardSpec::Block { .. } => spec.loc(),
        })
        .collect();
    Some((board, cell_locs))
}

/// Reads every piece for a box of `dims` axes. A piece that is wrong is left out after its
/// errors are recorded, and so is a second piece of the same name.
fn check_pieces(description: &Description, dims: usize, errors: &mut Errors) -> Vec<Piece> {
    if description.pieces.is_empty() {
        errors.push(description.pieces_loc, ErrorKind::NoPieces);
    }
    let mut seen: BTreeMap<&str, &ShapeSpec> = BTreeMap::new();
    let mut out = Vec::new();
    // Each set is generated once, however many of its pieces are named.
    let mut sets: BTreeMap<PieceSet, Vec<Member>> = BTreeMap::new();
    let mut clashes: BTreeMap<(Loc, String, String), Vec<String>> = BTreeMap::new();
    let mut glyphs: BTreeMap<char, &str> = BTreeMap::new();
    let mut other_grid: BTreeMap<Loc, PieceSet> = BTreeMap::new();
    for spec in &description.pieces {
        if let Some(&earlier) = seen.get(spec.name.as_str()) {
            let name = spec.name.clone();
            match &spec.shape {
                // One error per set and what it clashes with, naming every name they share.
                ShapeSpec::Member(set) => {
                    let earlier = match earlier {
                        ShapeSpec::Member(other) => format!("`{other}`"),
                        _ => "a piece declared before it".to_owned(),
                    };
                    clashes
                        .entry((spec.loc, set.to_string(), earlier))
                        .or_default()
                        .push(format!("`{name}`"));
                }
                _ => errors.push(spec.loc, ErrorKind::DuplicatePiece { name }),
            }
            continue;
        }
        seen.insert(&spec.name, &spec.shape);
        if let Some((glyph, loc)) = spec.glyph {
            if let Some(other) = glyphs.insert(glyph, spec.name.as_str()) {
                let (name, other) = (spec.name.clone(), other.to_owned());
                errors.push(loc, ErrorKind::GlyphTaken { name, glyph, other });
            }
        }
        let set = match spec.shape {
            ShapeSpec::Builtin => PieceSet::builtin(description.grid.lattice(dims), &spec.name),
            ShapeSpec::Member(set) => Some(set),
            _ => None,
        };
        // A set of another grid is said once, at the set.
        if let Some(set) = set.filter(|set| Grid::of(set.lattice()) != description.grid) {
            other_grid.entry(spec.loc).or_insert(set);
            continue;
        }
        let members = set.map(|set| sets.entry(set).or_insert_with(|| set.members()).as_slice());
        if let Some(piece) = check_piece(spec, members, (description.grid, dims), errors) {
            out.push(piece);
        }
    }
    for (loc, set) in other_grid {
        let (grid, set_grid) = (description.grid, Grid::of(set.lattice()));
        let remedy = match grid {
            Grid::Square => format!("write `grid: {}`", set_grid.word()),
            _ => format!(
                "write `grid: {}`, or give pieces of the {} grid",
                set_grid.word(),
                grid.word()
            ),
        };
        let (set, set_grid, grid) = (set.to_string(), set_grid.word(), grid.word());
        let kind = ErrorKind::SetGrid {
            set,
            set_grid,
            grid,
            remedy,
        };
        errors.push(loc, kind);
    }
    for ((loc, set, earlier), names) in clashes {
        let names = names.join(", ");
        errors.push(
            loc,
            ErrorKind::SetNameClash {
                names,
                set,
                earlier,
            },
        );
    }
    out
}

/// Records built-in mirror twins (a one-sided set, the Soma screws, `F` beside `f`) that may be
/// turned over, and so are one piece: at the set, or at the later twin.
fn check_twins(description: &Description, pieces: &[Piece], errors: &mut Errors) {
    let mut free: BTreeMap<Shape, &str> = BTreeMap::new();
    let mut pairs: BTreeMap<Loc, Vec<String>> = BTreeMap::new();
    let built_in: BTreeSet<&str> = description
        .pieces
        .iter()
        .filter(|spec| matches!(spec.shape, ShapeSpec::Builtin | ShapeSpec::Member(_)))
        .map(|spec| spec.name.as_str())
        .collect();
    for piece in pieces.iter().filter(|p| built_in.contains(p.name.as_str())) {
        let turned = piece.shape.orientations(true);
        match free.get(&turned[0]) {
            Some(twin) => pairs
                .entry(piece.loc)
                .or_default()
                .push(format!("`{twin}` and `{}`", piece.name)),
            None => {
                free.insert(turned[0].clone(), &piece.name);
            }
        }
    }
    for (loc, pairs) in pairs {
        let pairs = pairs.join(", ");
        errors.push(loc, ErrorKind::TwinsTurnedOver { pairs });
    }
}

/// Reads one piece; `members` are those of the built-in set its name is looked up in.
fn check_piece(
    spec: &PieceSpec,
    members: Option<&[Member]>,
    (grid, dims): (Grid, usize),
    errors: &mut Errors,
) -> Option<Piece> {
    let what = format!("piece `{}`", spec.name);
    let shape = match &spec.shape {
        ShapeSpec::Drawing(figure) => shape_of_figure(figure, grid, &what, errors),
        ShapeSpec::Cells(cells) => shape_of_cells(&spec.name, cells, (grid, dims), errors),
        ShapeSpec::Builtin | ShapeSpec::Member(_) => {
            let member = members.and_then(|ms| ms.iter().find(|m| m.name == spec.name));
            if member.is_none() {
                let name = spec.name.clone();
                // A single letter is a pentomino's name, not a slip in a set's.
                let suggestion = match name.chars().count() > 2 {
                    true => suggest(&name, PieceSet::WORDS),
                    false => None,
                };
                errors.push(
                    spec.loc,
                    ErrorKind::UnknownBuiltin {
                        name,
                        grid,
                        suggestion,
                    },
                );
            }
            member.map(|m| m.shape.clone())
        }
    }?;
    let name = spec.name.clone();
    if shape.is_empty() {
        errors.push(spec.loc, ErrorKind::EmptyPiece { name });
    } else if !spec.allow_disconnected && !shape.is_connected() {
        errors.push(spec.loc, ErrorKind::DisconnectedPiece { name });
    } else if shape.dims() > dims {
        let (piece, board) = (shape.dims(), dims);
        errors.push(spec.loc, ErrorKind::PieceDimensions { name, piece, board });
    } else if spec.count.0.max == 0 {
        errors.push(spec.count.1, ErrorKind::ZeroCount { name });
    } else if spec.count.0.min > spec.count.0.max {
        let Count { min, max } = spec.count.0;
        errors.push(spec.count.1, ErrorKind::EmptyCount { name, min, max });
    } else if let Some((glyph, loc)) = spec.glyph.filter(|&(g, _)| !is_glyph(g)) {
        errors.push(loc, ErrorKind::BadGlyph { name, glyph });
    } else {
        return Some(Piece {
            name,
            loc: spec.loc,
            shape,
            count: spec.count.0,
            glyph: spec.glyph.map(|(g, _)| g),
        });
    }
    None
}

/// Whether a character can draw a piece: visible, and not what draws an empty cell (`.`) or a
/// hole (a space).
pub fn is_glyph(c: char) -> bool {
    !c.is_whitespace() && !c.is_control() && c != chars::BOX_CELL
}

/// A piece given as coordinates.
fn shape_of_cells(
    name: &str,
    cells: &[(Vec<i32>, Loc)],
    (grid, dims): (Grid, usize),
    errors: &mut Errors,
) -> Option<Shape> {
    let Some((first, _)) = cells.first() else {
        return Some(Shape::new(grid.lattice(dims), []));
    };
    let piece_dims = first.len();
    let lattice = grid.lattice(piece_dims);
    let fits = match grid {
        Grid::Square => None,
        Grid::Triangular => (!(2..=3).contains(&piece_dims)).then_some((
            "has cells of other than two or three coordinates",
            "give each cell as (row, column), or (layer, row, column) for prisms",
        )),
        Grid::Hexagonal => (piece_dims != 2).then_some((
            "has cells of other than two coordinates",
            "give each cell as (row, column)",
        )),
        Grid::Spheres => (!(2..=3).contains(&piece_dims)).then_some((
            "has cells of other than two or three coordinates",
            "give each cell as (layer, row, column), or (row, column) in one layer",
        )),
        Grid::Rhombic | Grid::TetrahedraOctahedra => (piece_dims != 3).then_some((
            "has cells of other than three coordinates",
            "give each tetrahedron as (layer, row, column)",
        )),
    };
    if let Some((how, remedy)) = fits {
        let kind = ErrorKind::PlaneGrid {
            what: format!("piece `{name}`"),
            how,
            grid: grid.word(),
            remedy,
        };
        errors.push(cells[0].1, kind);
        return None;
    }
    let mut ok = true;
    let mut seen = BTreeSet::new();
    for (cell, loc) in cells {
        let name = name.to_owned();
        if let Some(&value) = cell.iter().find(|x| x.abs() > MAX_COORDINATE) {
            let limit = MAX_COORDINATE;
            errors.push(*loc, ErrorKind::CoordinateRange { name, value, limit });
        } else if cell.is_empty() {
            let expected = "a cell needs at least one".to_owned();
            let found = 0;
            errors.push(
                *loc,
                ErrorKind::Dimensions {
                    name,
                    found,
                    expected,
                },
            );
        } else if cell.len() != piece_dims {
            let expected = format!("its first cell has {piece_dims}");
            let found = cell.len();
            errors.push(
                *loc,
                ErrorKind::Dimensions {
                    name,
                    found,
                    expected,
                },
            );
        } else if !lattice.is_cell(cell) {
            let what = format!("piece `{name}`'s cell");
            let cell = format_extents(cell, ", ");
            let (grid, rule) = (grid.word(), grid.rule().unwrap_or_default());
            errors.push(
                *loc,
                ErrorKind::OffGrid {
                    what,
                    cell,
                    grid,
                    rule,
                },
            );
        } else if !seen.insert(cell) {
            let cell = cell.clone();
            errors.push(*loc, ErrorKind::RepeatedCell { name, cell });
        } else {
            continue;
        }
        ok = false;
    }
    ok.then(|| Shape::new(lattice, cells.iter().map(|(c, _)| c.clone())))
}

/// The drawn restrictions: each piece named once, each drawing a placement of its piece.
fn check_restrictions(
    description: &Description,
    board: &Board,
    pieces: &[Piece],
    errors: &mut Errors,
) -> Vec<Restriction> {
    let mut restricted = BTreeSet::new();
    let mut out = Vec::new();
    for r in &description.restrictions {
        let Some(piece) = find_piece(pieces, &r.piece, r.loc, errors) else {
            continue;
        };
        if !restricted.insert(piece) {
            let piece = r.piece.clone();
            errors.push(r.loc, ErrorKind::RepeatedRestriction { piece });
            continue;
        }
        let shape = &pieces[piece.index()].shape;
        let orientations = (shape.embedded_in(board.dims()))
            .map(|s| s.orientations(description.reflect))
            .unwrap_or_default();
        let mut placements = Vec::new();
        for figure in &r.placements {
            let what = format!("a placement of `{}`", r.piece);
            let Some(grid) = read_drawn(
                figure,
                board.lattice(),
                &what,
                Marks::PIECE,
                "`#` where the piece lies and `.` elsewhere",
                errors,
            ) else {
                continue;
            };
            // A plane drawing's rows may be shorter than the box's; its cells must be the box's.
            let cubic = matches!(board.lattice(), Lattice::Cubic { .. });
            if cubic && grid.extents != board.extents() {
                let kind = ErrorKind::PlacementSize {
                    found: format_extents(&grid.extents, "x"),
                    expected: format_extents(board.extents(), "x"),
                };
                errors.push(figure.loc(), kind);
                continue;
            }
            let points: Vec<Point> = (0..grid.on.len())
                .filter(|&i| grid.on[i])
                .map(|i| unlinear(&grid.extents, i as i32))
                .collect();
            let cells: Option<Vec<u32>> = points.iter().map(|p| board.cell_at(p)).collect();
            let drawn = Shape::new(board.lattice(), points.iter().cloned());
            match cells {
                Some(mut cells) if orientations.contains(&drawn) => {
                    cells.sort_unstable();
                    placements.push(cells);
                }
                _ => {
                    let piece = r.piece.clone();
                    errors.push(figure.loc(), ErrorKind::NotAPlacement { piece });
                }
            }
        }
        out.push(Restriction {
            piece,
            loc: r.loc,
            placements,
        });
    }
    out
}

/// The piece named `name`, or an error (with the closest name) at `loc`.
fn find_piece(pieces: &[Piece], name: &str, loc: Loc, errors: &mut Errors) -> Option<PieceId> {
    let found = pieces.iter().position(|p| p.name == name);
    if found.is_none() {
        let suggestion = suggest(name, pieces.iter().map(|p| p.name.as_str()));
        let name = name.to_owned();
        errors.push(loc, ErrorKind::UnknownPiece { name, suggestion });
    }
    found.map(|i| PieceId(i as u32))
}

/// The mistakes in what else a puzzle asks where it has colours or counts of times, said at the
/// first (`loc`) by `kind`: only the search by the required aspect with the fewest embeddings
/// follows them, and the symmetry reduction does not. `subject` names them ("colours are").
fn search_limits(
    description: &Description,
    (loc, subject): (Loc, &str),
    kind: fn(String) -> ErrorKind,
    errors: &mut Errors,
) {
    if description.order == OrderChoice::Listed {
        errors.push(loc, kind(format!("{subject} followed only by the search that covers the required aspect with the fewest embeddings first (`order: fewest` or `auto`), not by `order: listed`")));
    }
    if !matches!(description.symmetry, Symmetry::All) {
        errors.push(loc, kind(format!("{subject} not followed by the symmetry reduction: write `symmetry: all` (the default)")));
    }
}

/// An abstract puzzle: its aspects in the order given, its embeddings as listed.
fn check_abstract(spec: &AbstractSpec, errors: &mut Errors) -> Option<AbstractModel> {
    let before = errors.0.len();
    let mut index = std::collections::BTreeMap::new();
    let mut repeated = BTreeSet::new();
    for (i, (name, loc)) in spec.aspects.iter().enumerate() {
        if index.contains_key(name.as_str()) {
            repeated.insert(i);
            let name = name.clone();
            errors.push(*loc, ErrorKind::DuplicateAspect { name });
        } else {
            index.insert(name.as_str(), AspectId(i as u32));
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
    let (mut colours, mut colour_loc) = (Vec::new(), None);
    for (i, (members, loc)) in spec.embeddings.iter().enumerate() {
        if members.is_empty() {
            errors.push(*loc, ErrorKind::EmptyEmbedding);
        }
        let mut aspects = Vec::with_capacity(members.len());
        for EmbeddedAspect {
            aspect: (name, at),
            colour,
        } in members
        {
            let Some(a) = lookup(name, *at, errors) else {
                continue;
            };
            if aspects.contains(&a) {
                let name = name.clone();
                errors.push(*at, ErrorKind::RepeatedAspect { name });
            }
            aspects.push(a);
            let Some((colour, loc)) = colour else {
                continue;
            };
            if !optional.contains(&a) {
                let name = name.clone();
                errors.push(*loc, ErrorKind::ColouredRequired { name });
            }
            colour_loc.get_or_insert(*loc);
            colours.push((i, a, colour.clone()));
        }
        embeddings.push(aspects);
    }
    let (mut counts, mut count_loc) = (Vec::new(), None);
    for ((name, at), count, loc) in &spec.counts {
        let Some(a) = lookup(name, *at, errors) else {
            continue;
        };
        let reason = if optional.contains(&a) {
            Some("is optional, and takes no count: a count of times is for a required aspect (write `0..=1 x` on a required one instead)".to_owned())
        } else if count.max == 0 {
            Some("is to be covered 0 times, which leaves it no embedding: give it at least 1, or `0..=1`".to_owned())
        } else if count.min > count.max {
            Some(format!("is to be covered {}..={} times, a range that holds no number; write the fewest first, e.g. `{}..={} x {name}`", count.min, count.max, count.max, count.min))
        } else {
            None
        };
        if let Some(reason) = reason {
            let name = name.clone();
            errors.push(*loc, ErrorKind::AspectCount { name, reason });
            continue;
        }
        if *count != Count::ONE {
            count_loc.get_or_insert(*loc);
            counts.push((a, *count));
        }
    }
    let mut used = vec![false; names.len()];
    for a in embeddings.iter().flatten() {
        used[a.index()] = true;
    }
    for (i, (name, loc)) in spec.aspects.iter().enumerate() {
        let a = AspectId(i as u32);
        let may_be_left = counts.iter().any(|&(c, n)| c == a && n.min == 0);
        if !used[i]
            && !optional.contains(&a)
            && !repeated.contains(&i)
            && !may_be_left
            && !spec.uncovered_allowed
        {
            let name = name.clone();
            errors.push(*loc, ErrorKind::UncoveredAspect { name });
        }
    }
    (errors.0.len() == before).then_some(AbstractModel {
        names,
        optional,
        embeddings,
        colours,
        colour_loc,
        counts,
        count_loc,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(d: &Description) -> (Option<Model>, Errors) {
        let mut errors = Errors::default();
        (Model::check(d, &mut errors), errors)
    }

    fn kinds(errors: &Errors) -> Vec<&ErrorKind> {
        errors.0.iter().map(|e| &e.kind).collect()
    }

    #[test]
    fn a_box_is_read_with_where_each_cell_was_written() {
        let mut d = Description::new("small")
            .board(&["..#", "..."])
            .piece("A", &["##"])
            .piece("B", &["###"])
            .symmetry(Symmetry::Reduced {
                piece: Some(("B".into(), Loc(0))),
            });
        if let BoardSpec::Drawn(crate::description::Figure::Rows(rows)) = &mut d.board {
            rows.rows[1].loc = Loc(7);
        }
        let (model, errors) = check(&d);
        assert!(errors.is_empty(), "{errors}");
        let model = model.unwrap();
        let b = model.box_model().unwrap();
        assert_eq!(b.board.cells().len(), 5);
        assert_eq!(b.cell_locs, [Loc(0), Loc(0), Loc(7), Loc(7), Loc(7)]);
        let named = matches!(
            model.options.symmetry,
            Reduce::Classes(Some((PieceId(1), _)))
        );
        assert!(named);
    }

    #[test]
    fn blocks_and_holes() {
        let d = Description::new("b")
            .block(&[2, 2, 2])
            .holes(&[&[1, 0, 0], &[0, 0, 1]])
            .piece("A", &["###"])
            .piece("B", &["###"]);
        let (model, errors) = check(&d);
        assert!(errors.is_empty(), "{errors}");
        let model = model.unwrap();
        let board = &model.box_model().unwrap().board;
        assert_eq!((board.extents(), board.cells().len()), (&[2, 2, 2][..], 6));
        let outside = Description::new("b")
            .block(&[5, 3, 2, 2])
            .holes(&[&[5, 0, 0, 0], &[0, 0]])
            .piece("A", &["#"]);
        let (model, errors) = check(&outside);
        assert!(model.is_none());
        assert_eq!(errors.0.len(), 2);
    }

    #[test]
    fn the_areas_are_compared_only_without_other_mistakes() {
        // (The mistakes themselves, all reported at once: `tests/errors.rs`.)
        let d = Description::new("bad")
            .board(&["...."])
            .piece("A", &["#.#"]);
        let (_, errors) = check(&d);
        assert!(
            matches!(kinds(&errors)[..], [ErrorKind::DisconnectedPiece { .. }]),
            "{errors}"
        );
        let (_, errors) = check(&Description::new("big").board(&["..."]).piece("A", &["##"]));
        assert!(matches!(
            kinds(&errors)[..],
            [ErrorKind::AreaMismatch {
                pieces: 2,
                cells: 3
            }]
        ));
    }

    #[test]
    fn restrictions_are_placements_of_their_piece() {
        let d = Description::report_example()
            .restrict("C", &[&[".#.", "##."], &["###", "..."], &["..#", ".##"]]);
        let (model, errors) = check(&d);
        assert!(matches!(
            kinds(&errors)[..],
            [ErrorKind::NotAPlacement { .. }]
        ));
        let model = model.unwrap();
        let r = &model.box_model().unwrap().restrictions[0];
        assert_eq!(r.piece, PieceId(2));
        assert_eq!(r.placements, [vec![1, 3, 4], vec![2, 4, 5]]);
    }

    #[test]
    fn abstract_puzzles_resolve_their_names() {
        let d = Description::new("path").abstract_puzzle(
            &["a", "b", "c", "d"],
            &["c"],
            &[&["a", "b"], &["b", "c"], &["c", "d"], &["a"], &["d"]],
        );
        let (model, errors) = check(&d);
        assert!(errors.is_empty(), "{errors}");
        let Problem::Abstract(a) = model.unwrap().problem else {
            panic!("an abstract puzzle")
        };
        assert_eq!(a.optional, [AspectId(2)]);
        assert_eq!(a.embeddings[1], [AspectId(1), AspectId(2)]);
        let lonely = Description::new("l").abstract_puzzle(&["a", "b"], &[], &[&["a"]]);
        let (model, errors) = check(&lonely);
        assert!(model.is_none());
        assert!(matches!(
            kinds(&errors)[..],
            [ErrorKind::UncoveredAspect { .. }]
        ));
    }
}
