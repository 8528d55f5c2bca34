//! What a user writes: the puzzle as described, before anything is checked.
//!
//! The `puzzle!` macro parses its tokens into these types; run-time users build them directly
//! (see [`Description::new`] and its builder methods). Every part carries a [`Loc`] so that an
//! error found later can point back at what the user wrote.

pub use crate::piece_set::PieceSet;
pub use crate::tuning::Tuning;
use puzzlec_runtime::Lattice;

/// Where something was written: an opaque label that the front end hands out and maps back to
/// a place in the user's text (the macro keeps a table of token spans). `Loc::default()` is fine
/// for descriptions built in code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc(pub u32);

/// Characters of a box drawing.
pub mod chars {
    /// A cell of the box, to be covered.
    pub const BOX_CELL: char = '.';
    /// A position inside the drawing that is not part of the box (a hole).
    pub const BOX_HOLE: char = '#';
    /// A cell of the box that may stay empty (BurrTools' variable voxel).
    pub const BOX_OPTIONAL: char = '+';
    /// A cell of a piece drawing (and of a drawn placement).
    pub const PIECE_CELL: char = '#';
    /// An empty position in a piece drawing (and in a drawn placement).
    pub const PIECE_EMPTY: char = '.';

    /// The colour a digit `1` to `9` gives a cell of a box or piece drawing; 0 (no colour)
    /// for any other character.
    pub fn colour(ch: char) -> u32 {
        match ch {
            '1'..='9' => ch.to_digit(10).unwrap_or(0),
            _ => 0,
        }
    }
}

/// A 2-D drawing: rows of characters, top row first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    /// The rows, each with where it was written.
    pub rows: Vec<Row>,
    /// The whole drawing.
    pub loc: Loc,
}

/// One row of a [`Drawing`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The characters of the row.
    pub text: String,
    /// Where the row was written.
    pub loc: Loc,
}

impl Drawing {
    /// A drawing from plain strings, every part at `Loc::default()`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Drawing {
        Drawing {
            rows: rows
                .iter()
                .map(|r| Row {
                    text: r.as_ref().to_owned(),
                    loc: Loc::default(),
                })
                .collect(),
            loc: Loc::default(),
        }
    }
}

/// A drawing in any number of dimensions: rows of characters (2-D), or layers, each a figure of
/// one dimension fewer (3-D: layers of rows; 4-D: layers of layers of rows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// Rows of characters.
    Rows(Drawing),
    /// Layers along a new first axis, all of the same size.
    Layers {
        /// The layers, first first.
        layers: Vec<Figure>,
        /// The whole figure.
        loc: Loc,
    },
}

impl Figure {
    /// The places drawn: characters of every row of every layer.
    pub fn places(&self) -> usize {
        match self {
            Figure::Rows(d) => d.rows.iter().map(|r| r.text.chars().count()).sum(),
            Figure::Layers { layers, .. } => layers.iter().map(Figure::places).sum(),
        }
    }

    /// Where the whole figure was written.
    pub fn loc(&self) -> Loc {
        match self {
            Figure::Rows(d) => d.loc,
            Figure::Layers { loc, .. } => *loc,
        }
    }

    /// How many axes the figure is drawn in, read from how deeply it nests (rows are two),
    /// whether or not its layers agree in size.
    pub fn dims(&self) -> usize {
        match self {
            Figure::Rows(_) => 2,
            Figure::Layers { layers, .. } => 1 + layers.first().map_or(2, Figure::dims),
        }
    }

    /// Where the row holding point `p` was written, if the figure has that row.
    pub fn row_loc(&self, p: &[i32]) -> Option<Loc> {
        let first = usize::try_from(*p.first()?).ok()?;
        match self {
            Figure::Rows(d) => d.rows.get(first).map(|r| r.loc),
            Figure::Layers { layers, .. } => layers.get(first)?.row_loc(&p[1..]),
        }
    }

    /// Layers of rows (a 3-D figure) from plain strings.
    pub fn from_layers<S: AsRef<str>>(layers: &[&[S]]) -> Figure {
        Figure::Layers {
            layers: layers
                .iter()
                .map(|rows| Figure::Rows(Drawing::from_rows(rows)))
                .collect(),
            loc: Loc::default(),
        }
    }
}

impl From<Drawing> for Figure {
    fn from(d: Drawing) -> Figure {
        Figure::Rows(d)
    }
}

/// How the box is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardSpec {
    /// Drawn: `.` for a cell, `#` for a hole.
    Drawn(Figure),
    /// A whole block of the given size along each axis.
    Block {
        /// The sizes, each with where it was written.
        extents: Vec<(i32, Loc)>,
        /// The whole size.
        loc: Loc,
    },
}

impl BoardSpec {
    /// Where the box was written.
    pub fn loc(&self) -> Loc {
        match self {
            BoardSpec::Drawn(f) => f.loc(),
            BoardSpec::Block { loc, .. } => *loc,
        }
    }
}

impl Default for BoardSpec {
    fn default() -> BoardSpec {
        BoardSpec::Drawn(Figure::Rows(Drawing::default()))
    }
}

/// How the cells of a piece are given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeSpec {
    /// Drawn, `#` for a cell and `.` for an empty position.
    Drawing(Figure),
    /// Listed as coordinates, all with the same number of axes.
    Cells(Vec<(Vec<i32>, Loc)>),
    /// A built-in piece looked up by the piece's name: a pentomino, or the mirror image of
    /// one in lower case (`f`).
    Builtin,
    /// The member of a built-in set named by the piece's name, as `pieces: soma` or
    /// `polyominoes(6)` among the pieces writes it.
    Member(PieceSet),
}

/// One piece of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// The piece's name; its first character marks its cells when a solution is drawn.
    pub name: String,
    /// Where the name was written.
    pub loc: Loc,
    /// The cells.
    pub shape: ShapeSpec,
    /// A piece whose cells do not all touch is an error unless this is set.
    pub allow_disconnected: bool,
    /// The character the piece is drawn with, if the puzzle gives one (`#[glyph('4')]`), with
    /// where it was written.
    pub glyph: Option<(char, Loc)>,
    /// How many identical copies a solution holds, with where the count was written.
    pub count: (Count, Loc),
}

/// Cells as coordinates, each with its colour (from 1).
pub type Coloured = Vec<(Vec<i32>, u32)>;

/// Colour constraints: a piece's cell of a colour may only cover a box cell of a colour the
/// puzzle allows it on; a cell of no colour (colour 0) goes anywhere and takes anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourSpec {
    /// The box's coloured cells, as coordinates, each with its colour (from 1).
    pub cells: Coloured,
    /// Each piece's coloured cells by the piece's name, as its cells are given.
    pub pieces: Vec<(String, Coloured)>,
    /// The (piece colour, box colour) pairs allowed.
    pub allowed: Vec<(u32, u32)>,
    /// Where the constraints were written.
    pub loc: Loc,
}

/// How many copies of a piece a solution holds: exactly one number, or any in a range
/// (`0..=1 x F`: F may be left out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Count {
    /// The fewest copies.
    pub min: u32,
    /// The most copies.
    pub max: u32,
}

impl Count {
    /// One copy, always placed.
    pub const ONE: Count = Count { min: 1, max: 1 };

    /// Exactly `n` copies.
    pub const fn exactly(n: u32) -> Count {
        Count { min: n, max: n }
    }

    /// Whether the number of copies is fixed.
    pub const fn is_exact(self) -> bool {
        self.min == self.max
    }
}

/// As written before a piece's name: `3`, or `0..=1`.
impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_exact() {
            write!(f, "{}", self.max)
        } else {
            write!(f, "{}..={}", self.min, self.max)
        }
    }
}

/// Which solutions to find.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// Every solution.
    #[default]
    All,
    /// One solution per class modulo the symmetries of the box: one piece keeps one placement
    /// per orbit under the box's symmetry group. The piece is chosen automatically unless named.
    Reduced {
        /// The piece to restrict, with where its name was written.
        piece: Option<(String, Loc)>,
    },
    /// One solution per class modulo the box's rotations alone: a solution and its mirror
    /// image are two, even where a reflection that swaps mirror twins maps one onto the other
    /// (the convention of Polyform Puzzler's counts of one-sided pieces).
    Rotations {
        /// The piece to restrict, with where its name was written.
        piece: Option<(String, Loc)>,
    },
}

impl Symmetry {
    /// The piece named to carry the reduction, if one is.
    pub fn piece(&self) -> Option<&(String, Loc)> {
        match self {
            Symmetry::All => None,
            Symmetry::Reduced { piece } | Symmetry::Rotations { piece } => piece.as_ref(),
        }
    }
}

/// What the search checks after each placement, to backtrack at once from a state no pieces
/// can complete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Prune {
    /// Chosen by the compiler: holes, which pay on every box benchmarked (none for a puzzle
    /// without a box).
    #[default]
    Auto,
    /// No check: the report's program.
    Off,
    /// No free cell next to the placement may be left with every neighbour covered (when no
    /// piece is a single cell).
    Holes,
    /// Every region of free cells next to the placement must be at least as large as the
    /// smallest piece and a multiple of the pieces' common divisor. It prunes much more than
    /// holes, and costs more than it saves on the pentomino boxes.
    Regions,
}

/// Whether a count keeps a failure cache: free sets whose search reached no solution, skipped
/// when reached again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cache {
    /// Where the box's scan has a narrow frontier, so that the same free set comes back often
    /// (the 2-D pentomino boxes, not the 3-D ones, where lookups rarely hit); always for a
    /// puzzle without a box.
    #[default]
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

/// Whether a free cell with a single free neighbour (a dead end) is covered before the
/// scan's next cell: it can only be covered through that neighbour, so it has few
/// placements, and a failure there is found at once rather than when the scan reaches it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeadEnds {
    /// On boxes of three or more dimensions, each at least 4 cells long (such as the 4x4x4
    /// cubes), whose cells fit a bit board: where they were measured to pay.
    #[default]
    Auto,
    /// Wherever the cells fit a bit board.
    On,
    /// Never: the scan alone chooses the cell to cover.
    Off,
}

/// Whether, while many cells are free, the search covers next the free cell that the fewest
/// placements fit rather than the scan's next cell (dead ends still first). Counting the fits
/// costs, so it is done only near the top of the search, where a branch saved is a large
/// subtree; it needs dead ends first and the hole test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FewestFits {
    /// Where dead ends are covered first by default (boxes of three or more dimensions, each
    /// at least 4 cells long): where it was measured to pay.
    #[default]
    Auto,
    /// Wherever dead ends are covered first, the pruning is the hole test on their board and
    /// no bag holds copies (copies of one kind are fine; copies of several kinds, or a range
    /// of copies, hold a bag).
    On,
    /// Never.
    Off,
}

/// Which pieces come before the cells in the aspect order (the others come after them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Lead {
    /// Chosen with the scan by estimating the search of each candidate order.
    #[default]
    Auto,
    /// No piece: the cells first.
    None,
    /// Every piece (but copies counted by a bag, which always come last).
    All,
    /// These pieces, in this order.
    Named(Vec<Named>),
}

/// The aspect order: in which order the cells of the box are scanned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OrderChoice {
    /// Chosen by estimating the search along each order of the axes.
    #[default]
    Auto,
    /// Row by row: along the last axis first.
    Rows,
    /// Column by column: along the first axis first.
    Columns,
    /// A puzzle without a box: its aspects covered in the order listed.
    Listed,
    /// A puzzle without a box: after each placement, the free required aspect that the
    /// fewest embeddings fit (what `auto` chooses where it can).
    Fewest,
}

/// A name with where it was written.
pub type Named = (String, Loc);

/// An aspect an embedding names, with the colour it gives it, if any (a colour control:
/// embeddings that give an optional aspect one colour may share it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbeddedAspect {
    /// The aspect's name, with where it was written.
    pub aspect: Named,
    /// The colour's name, with where it was written.
    pub colour: Option<Named>,
}

impl EmbeddedAspect {
    /// An aspect named without a colour.
    pub fn plain(aspect: Named) -> EmbeddedAspect {
        EmbeddedAspect {
            aspect,
            colour: None,
        }
    }
}

/// The members of an embedding of an abstract puzzle, with where it was written.
pub type NamedSet = (Vec<EmbeddedAspect>, Loc);

/// A puzzle that is not a box: its aspects and embeddings listed by name (the dodecahedron's
/// faces and edges, the 8 queens' lines and squares).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AbstractSpec {
    /// The aspects, in the order the search covers them, each with where it was written.
    pub aspects: Vec<Named>,
    /// The aspects that need not be covered (at most once instead of exactly once).
    pub optional: Vec<Named>,
    /// The embeddings, each a set of aspect names (an optional one perhaps with a colour),
    /// with where it was written.
    pub embeddings: Vec<NamedSet>,
    /// The required aspects covered other than once (Knuth's multiplicities: `2 x a`,
    /// `1..=3 x a` in the list of aspects), each with where its count was written.
    pub counts: Vec<(Named, Count, Loc)>,
    /// Whether a required aspect in no embedding is a puzzle without solutions, as Knuth's
    /// programs take it (a DLX file), rather than a mistake.
    pub uncovered_allowed: bool,
}

/// Keep only the drawn placements of one piece (a restriction in the report's sense).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restriction {
    /// The piece's name.
    pub piece: String,
    /// Where the name was written.
    pub loc: Loc,
    /// Each placement drawn over the whole box: `#` where the piece lies, `.` elsewhere.
    pub placements: Vec<Figure>,
}

/// The grid a box and its pieces lie on (`grid:`), each with its lattice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grid {
    /// Squares in the plane, cubes in space, and their like in more axes.
    #[default]
    Square,
    /// Triangles in the plane (polyiamonds).
    Triangular,
    /// Hexagons in the plane (polyhexes).
    Hexagonal,
    /// Spheres stacked in square layers, each in the hollows of the one below (the
    /// face-centred cubic packing of pyramid puzzles).
    Spheres,
    /// Rhombic tetrahedra, 24 to a cube (BurrTools' fourth grid), at the points of a grid five
    /// times as fine as the cubes'.
    Rhombic,
    /// Tetrahedra and octahedra, each cube cut into a tetrahedron and four corners (BurrTools'
    /// fifth grid), at the points of a grid three times as fine as the cubes'.
    TetrahedraOctahedra,
}

impl Grid {
    /// Every grid, in the order the language lists them.
    pub const ALL: [Grid; 6] = [
        Grid::Square,
        Grid::Triangular,
        Grid::Hexagonal,
        Grid::Spheres,
        Grid::Rhombic,
        Grid::TetrahedraOctahedra,
    ];

    /// The word that names the grid in the puzzle language.
    pub fn word(self) -> &'static str {
        match self {
            Grid::Square => "square",
            Grid::Triangular => "triangular",
            Grid::Hexagonal => "hexagonal",
            Grid::Spheres => "spheres",
            Grid::Rhombic => "rhombic",
            Grid::TetrahedraOctahedra => "tetrahedra_octahedra",
        }
    }

    /// How many positions a side of a cube of the grid takes, where its cells are parts of
    /// cubes given on a finer grid (a box's sizes count cubes there): the lattice's.
    pub fn cube_side(self) -> Option<i32> {
        self.lattice(3).cube_side()
    }

    /// Where the grid's cells are, for a point given off it; `None` where every point is one:
    /// the lattice's rule.
    pub fn rule(self) -> Option<&'static str> {
        self.lattice(3).rule()
    }

    /// The grid's lattice for a box of `dims` axes: the triangular grid's in three are
    /// prisms in layers; the spheres' in two are one square layer; the hexagonal grid has two
    /// and the spheres three at most, whatever is asked (the model says so where a box or
    /// piece has other).
    pub fn lattice(self, dims: usize) -> Lattice {
        match self {
            Grid::Square => Lattice::cubic(dims),
            Grid::Triangular if dims == 3 => Lattice::TriangularPrisms,
            Grid::Triangular => Lattice::Triangular,
            Grid::Hexagonal => Lattice::Hexagonal,
            Grid::Spheres => Lattice::Spheres {
                dims: dims.clamp(2, 3),
            },
            Grid::Rhombic => Lattice::RhombicTetrahedra,
            Grid::TetrahedraOctahedra => Lattice::TetrahedraOctahedra,
        }
    }

    /// The grid a lattice belongs to.
    pub fn of(lattice: Lattice) -> Grid {
        match lattice {
            Lattice::Cubic { .. } => Grid::Square,
            Lattice::Triangular | Lattice::TriangularPrisms => Grid::Triangular,
            Lattice::Hexagonal => Grid::Hexagonal,
            Lattice::Spheres { .. } => Grid::Spheres,
            Lattice::RhombicTetrahedra => Grid::Rhombic,
            Lattice::TetrahedraOctahedra => Grid::TetrahedraOctahedra,
        }
    }
}

/// A packing puzzle as the user described it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The puzzle's name (the module's name in the macro).
    pub name: String,
    /// Where the name was written; errors about the whole puzzle point here.
    pub loc: Loc,
    /// The grid the box and the pieces lie on.
    pub grid: Grid,
    /// Where the grid was named.
    pub grid_loc: Loc,
    /// The box.
    pub board: BoardSpec,
    /// Positions of the box that are not part of it, as coordinates.
    pub holes: Vec<(Vec<i32>, Loc)>,
    /// The most cells that may stay empty (`+` in the box) a solution leaves empty, and where
    /// that was written; `None` for no bound but the pieces' area.
    pub max_empty: Option<(u32, Loc)>,
    /// Colour constraints, as BurrTools files give them; `None` for none.
    pub colours: Option<ColourSpec>,
    /// The pieces, in the order that numbers them.
    pub pieces: Vec<PieceSpec>,
    /// Where the piece list was written.
    pub pieces_loc: Loc,
    /// Whether pieces may be turned over (free pieces) or only rotated (one-sided).
    pub reflect: bool,
    /// All solutions, or one per symmetry class.
    pub symmetry: Symmetry,
    /// Where the symmetry was asked for.
    pub symmetry_loc: Loc,
    /// The aspect order of the cells.
    pub order: OrderChoice,
    /// Which pieces come before the cells in the aspect order.
    pub lead: Lead,
    /// Whether embeddings share the tests they have in common.
    pub sharing: bool,
    /// Whether placements that cut off a region no other pieces can fill are dropped before
    /// the program is built (off, the program is the report's, with every embedding).
    pub eliminate: bool,
    /// Whether placements that cut off unfillable regions are pruned.
    pub prune: Prune,
    /// Where the pruning was asked for.
    pub prune_loc: Loc,
    /// Whether `count` keeps a failure cache.
    pub cache: Cache,
    /// Whether dead ends are covered first.
    pub dead_ends: DeadEnds,
    /// Whether the cell with the fewest fits is covered next near the top of the search.
    pub fewest_fits: FewestFits,
    /// The thresholds by which the compiler decides how the search runs.
    pub tuning: Tuning,
    /// Placements to keep, per piece; other placements of those pieces are forbidden.
    pub restrictions: Vec<Restriction>,
    /// Set for a puzzle given by its aspects and embeddings instead of a box and pieces.
    pub abstract_puzzle: Option<AbstractSpec>,
}

impl Description {
    /// How large a compile of this puzzle is, read before compiling: the places of its box
    /// (every position of a block, every character drawn), or for an abstract puzzle the
    /// aspects its embeddings name in all. A compile's time and memory grow with it; a
    /// program that compiles for others decides with it which compiles may wait their turn.
    pub fn size(&self) -> u64 {
        if let Some(spec) = &self.abstract_puzzle {
            return spec.embeddings.iter().map(|(e, _)| e.len() as u64).sum();
        }
        match &self.board {
            BoardSpec::Drawn(figure) => figure.places() as u64,
            BoardSpec::Block { extents, .. } => extents
                .iter()
                .map(|&(n, _)| u64::try_from(n).unwrap_or(0))
                .fold(1, u64::saturating_mul),
        }
    }

    /// A description with the defaults: free pieces, all solutions, automatic order, sharing on.
    pub fn new(name: impl Into<String>) -> Description {
        Description {
            name: name.into(),
            loc: Loc::default(),
            grid: Grid::Square,
            grid_loc: Loc::default(),
            board: BoardSpec::default(),
            holes: Vec::new(),
            max_empty: None,
            colours: None,
            pieces: Vec::new(),
            pieces_loc: Loc::default(),
            reflect: true,
            symmetry: Symmetry::All,
            symmetry_loc: Loc::default(),
            order: OrderChoice::Auto,
            lead: Lead::Auto,
            sharing: true,
            eliminate: true,
            prune: Prune::Auto,
            prune_loc: Loc::default(),
            cache: Cache::Auto,
            dead_ends: DeadEnds::Auto,
            fewest_fits: FewestFits::Auto,
            tuning: Tuning::default(),
            restrictions: Vec::new(),
            abstract_puzzle: None,
        }
    }

    /// The small puzzle the method is explained with (see `docs/method.md`): a 2x3 box, a
    /// monomino `A`, a domino `B` and an L tromino `C`, with the defaults.
    pub fn report_example() -> Description {
        Description::new("small")
            .board(&["...", "..."])
            .piece("A", &["#"])
            .piece("B", &["##"])
            .piece("C", &["##", "#."])
    }

    /// Makes this an abstract puzzle with these aspects (in search order), of which the
    /// `optional` ones need not be covered, and these embeddings.
    pub fn abstract_puzzle(
        mut self,
        aspects: &[&str],
        optional: &[&str],
        embeddings: &[&[&str]],
    ) -> Description {
        let named = |names: &[&str]| -> Vec<(String, Loc)> {
            names
                .iter()
                .map(|n| ((*n).to_owned(), Loc::default()))
                .collect()
        };
        self.abstract_puzzle = Some(AbstractSpec {
            aspects: named(aspects),
            optional: named(optional),
            embeddings: embeddings
                .iter()
                .map(|e| {
                    (
                        named(e).into_iter().map(EmbeddedAspect::plain).collect(),
                        Loc::default(),
                    )
                })
                .collect(),
            counts: Vec::new(),
            uncovered_allowed: false,
        });
        self
    }

    /// Lets a required aspect of an abstract puzzle be covered from `min` to `max` times
    /// (Knuth's multiplicities), where [`Description::abstract_puzzle`] made one.
    pub fn aspect_count(mut self, aspect: &str, min: u32, max: u32) -> Description {
        if let Some(spec) = self.abstract_puzzle.as_mut() {
            let named = (aspect.to_owned(), Loc::default());
            spec.counts
                .push((named, Count { min, max }, Loc::default()));
        }
        self
    }

    /// Sets the box from its rows.
    pub fn board<S: AsRef<str>>(mut self, rows: &[S]) -> Description {
        self.board = BoardSpec::Drawn(Figure::Rows(Drawing::from_rows(rows)));
        self
    }

    /// Sets the grid the box and the pieces lie on.
    pub fn grid(mut self, grid: Grid) -> Description {
        self.grid = grid;
        self
    }

    /// Sets the box from its layers of rows (a 3-D box).
    pub fn layers<S: AsRef<str>>(mut self, layers: &[&[S]]) -> Description {
        self.board = BoardSpec::Drawn(Figure::from_layers(layers));
        self
    }

    /// Sets the box to a whole block of these sizes, e.g. `&[5, 4, 3]`.
    pub fn block(mut self, extents: &[i32]) -> Description {
        self.board = BoardSpec::Block {
            extents: extents.iter().map(|&e| (e, Loc::default())).collect(),
            loc: Loc::default(),
        };
        self
    }

    /// Removes these positions from the box.
    pub fn holes(mut self, holes: &[&[i32]]) -> Description {
        self.holes
            .extend(holes.iter().map(|h| (h.to_vec(), Loc::default())));
        self
    }

    /// Adds a drawn piece.
    pub fn piece<S: AsRef<str>>(mut self, name: &str, rows: &[S]) -> Description {
        self.pieces.push(PieceSpec {
            name: name.to_owned(),
            loc: Loc::default(),
            shape: ShapeSpec::Drawing(Figure::Rows(Drawing::from_rows(rows))),
            allow_disconnected: false,
            glyph: None,
            count: (Count::ONE, Loc::default()),
        });
        self
    }

    /// Adds a piece given by coordinates (any number of axes).
    pub fn piece_cells(mut self, name: &str, cells: &[&[i32]]) -> Description {
        self.pieces.push(PieceSpec {
            name: name.to_owned(),
            loc: Loc::default(),
            shape: ShapeSpec::Cells(cells.iter().map(|c| (c.to_vec(), Loc::default())).collect()),
            allow_disconnected: false,
            glyph: None,
            count: (Count::ONE, Loc::default()),
        });
        self
    }

    /// Adds a built-in piece by name (e.g. `"X"`).
    pub fn builtin(mut self, name: &str) -> Description {
        self.pieces.push(PieceSpec {
            name: name.to_owned(),
            loc: Loc::default(),
            shape: ShapeSpec::Builtin,
            allow_disconnected: false,
            glyph: None,
            count: (Count::ONE, Loc::default()),
        });
        self
    }

    /// Makes the last piece added `count` identical copies.
    pub fn copies(mut self, count: u32) -> Description {
        if let Some(p) = self.pieces.last_mut() {
            p.count = (Count::exactly(count), Loc::default());
        }
        self
    }

    /// Makes the last piece added drawn with `glyph`.
    pub fn glyph(mut self, glyph: char) -> Description {
        if let Some(p) = self.pieces.last_mut() {
            p.glyph = Some((glyph, Loc::default()));
        }
        self
    }

    /// Makes the last piece added any number from `min` to `max` of identical copies
    /// (`0, 1`: the piece may be left out).
    pub fn copies_between(mut self, min: u32, max: u32) -> Description {
        if let Some(p) = self.pieces.last_mut() {
            p.count = (Count { min, max }, Loc::default());
        }
        self
    }

    /// Adds the twelve pentominoes, F I L N P T U V W X Y Z.
    pub fn pentominoes(self) -> Description {
        self.set(PieceSet::PENTOMINOES)
    }

    /// Adds every piece of a built-in set, once each.
    pub fn set(self, set: PieceSet) -> Description {
        self.set_counted(set, Count::ONE)
    }

    /// Adds every piece of a built-in set, `count` of each.
    pub fn set_counted(mut self, set: PieceSet, count: Count) -> Description {
        self.pieces
            .extend(set.members().into_iter().map(|m| PieceSpec {
                name: m.name,
                loc: Loc::default(),
                shape: ShapeSpec::Member(set),
                allow_disconnected: false,
                glyph: None,
                count: (count, Loc::default()),
            }));
        self
    }

    /// Sets whether pieces may be reflected.
    pub fn reflect(mut self, reflect: bool) -> Description {
        self.reflect = reflect;
        self
    }

    /// Sets which solutions to find.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Description {
        self.symmetry = symmetry;
        self
    }

    /// Sets the scan of the cells; a scan named outright also puts every piece after the
    /// cells (as `order: rows` does), unless [`Description::lead`] says otherwise later.
    pub fn order(mut self, order: OrderChoice) -> Description {
        self.order = order;
        if order != OrderChoice::Auto {
            self.lead = Lead::None;
        }
        self
    }

    /// Puts all the pieces before the cells in the aspect order, or none.
    pub fn pieces_first(mut self, first: bool) -> Description {
        self.lead = if first { Lead::All } else { Lead::None };
        self
    }

    /// Sets which pieces come before the cells.
    pub fn lead(mut self, lead: Lead) -> Description {
        self.lead = lead;
        self
    }

    /// Turns compile-time embedding elimination on or off.
    pub fn eliminate(mut self, eliminate: bool) -> Description {
        self.eliminate = eliminate;
        self
    }

    /// Sets whether a count keeps a failure cache.
    pub fn cache(mut self, cache: Cache) -> Description {
        self.cache = cache;
        self
    }

    /// Sets whether dead ends are covered first.
    pub fn dead_ends(mut self, dead_ends: DeadEnds) -> Description {
        self.dead_ends = dead_ends;
        self
    }

    /// Sets whether the cell with the fewest fits is covered next near the top of the search.
    pub fn fewest_fits(mut self, fewest_fits: FewestFits) -> Description {
        self.fewest_fits = fewest_fits;
        self
    }

    /// Sets the thresholds by which the compiler decides how the search runs.
    pub fn tuning(mut self, tuning: Tuning) -> Description {
        self.tuning = tuning;
        self
    }

    /// Sets the pruning.
    pub fn prune(mut self, prune: Prune) -> Description {
        self.prune = prune;
        self
    }

    /// Turns overlap sharing on or off.
    pub fn sharing(mut self, sharing: bool) -> Description {
        self.sharing = sharing;
        self
    }

    /// Keeps only the drawn placements of `piece`.
    pub fn restrict<S: AsRef<str>>(mut self, piece: &str, placements: &[&[S]]) -> Description {
        self.restrictions.push(Restriction {
            piece: piece.to_owned(),
            loc: Loc::default(),
            placements: placements
                .iter()
                .map(|p| Figure::Rows(Drawing::from_rows(p)))
                .collect(),
        });
        self
    }
}
