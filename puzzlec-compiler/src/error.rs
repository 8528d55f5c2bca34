//! Everything that can be wrong with a description, each error tied to where it was written.

use std::fmt;

use crate::description::Loc;

/// What is wrong with a description.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A drawing (of the box, a piece or a placement) has no row.
    #[error("{what} is drawn with no rows; draw it with {allowed}")]
    NoRows {
        /// What was drawn (`the box`, ``piece `F` ``, ...).
        what: String,
        /// The characters it may hold.
        allowed: &'static str,
    },
    /// A drawing's rows differ in length.
    #[error("the {} row has {}, but the first has {expected}: every row of a drawing must have the same length", Ordinal(*row), Plural(*len, "character"))]
    RaggedRows {
        /// The row (from 1).
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A drawing holds a character it may not.
    #[error("unknown character {ch:?} in {what}, the {} character of its {} row; use {allowed}", Ordinal(*column), Ordinal(*row))]
    UnknownCharacter {
        /// The character.
        ch: char,
        /// What was drawn (`the box`, ``piece `F` ``, ...).
        what: String,
        /// The row (from 1).
        row: usize,
        /// The column (from 1).
        column: usize,
        /// The characters that are allowed, described.
        allowed: &'static str,
    },
    /// A drawing on the hexagonal grid has a character where no hexagon can be.
    #[error("{what} has {ch:?} off the hexagonal grid, the {} character of its {} row: hexagons sit where row + column (counted from 0) is even, a space between two in a row and each row one character from the next; move this row one character left or right", Ordinal(*column), Ordinal(*row))]
    OffGridDrawn {
        /// The character.
        ch: char,
        /// What was drawn.
        what: String,
        /// The row (from 1).
        row: usize,
        /// The column (from 1).
        column: usize,
    },
    /// A cell given by coordinates, or drawn, is not a point of the grid's lattice.
    #[error("{what} ({cell}) is off the {grid} grid: {rule}")]
    OffGrid {
        /// What the point is (`piece `A`'s cell`, `the hole`).
        what: String,
        /// The point's coordinates.
        cell: String,
        /// The grid.
        grid: &'static str,
        /// Where its cells are.
        rule: &'static str,
    },
    /// A box or piece written in a way its grid does not allow.
    #[error("{what} {how}, which the {grid} grid does not allow: {remedy}")]
    PlaneGrid {
        /// What was written (`the box`, ``piece `A` ``).
        what: String,
        /// How it was written.
        how: &'static str,
        /// The grid.
        grid: &'static str,
        /// What to write instead.
        remedy: &'static str,
    },
    /// A built-in set of another grid than the puzzle's.
    #[error("`{set}` is a set of the {set_grid} grid, and this puzzle's grid is {grid}: {remedy}")]
    SetGrid {
        /// The set as written.
        set: String,
        /// The set's grid.
        set_grid: &'static str,
        /// The puzzle's grid.
        grid: &'static str,
        /// What to write instead.
        remedy: String,
    },
    /// A layer of a drawing differs in size from the first.
    #[error("the {} layer is {found}, but the first is {expected}: every layer of a drawing must have the same size", Ordinal(*layer))]
    LayerSize {
        /// The layer (from 1).
        layer: usize,
        /// Its size, e.g. `3x4`.
        found: String,
        /// The first layer's size.
        expected: String,
    },
    /// A size of a block is not positive, or the block is too large.
    #[error("a box of {extents} cells is not possible: each size must be from 1, and the box at most {limit} positions")]
    BlockSize {
        /// The sizes, e.g. `5 x 0 x 3`.
        extents: String,
        /// The largest number of positions.
        limit: usize,
    },
    /// A hole that is not a position of the box, or is given twice.
    #[error("the hole {hole} {problem}")]
    BadHole {
        /// The hole's coordinates.
        hole: String,
        /// What is wrong.
        problem: String,
    },
    /// A drawn placement of the wrong size.
    #[error("this drawing is {found}, but the box is {expected}")]
    PlacementSize {
        /// The drawing's size.
        found: String,
        /// The box's size.
        expected: String,
    },
    /// The box has no cell to cover.
    #[error("the box has no cells: mark the cells to cover with `.`")]
    EmptyBox,
    /// There is no piece.
    #[error("the puzzle has no pieces")]
    NoPieces,
    /// A piece has no cell.
    #[error("piece `{name}` has no cells: mark its cells with `#`")]
    EmptyPiece {
        /// The piece.
        name: String,
    },
    /// A piece's cells do not all touch.
    #[error("piece `{name}` is not connected: its cells do not all touch face to face (write `#[allow(disconnected)]` before it if that is intended)")]
    DisconnectedPiece {
        /// The piece.
        name: String,
    },
    /// Two aspects share a name.
    #[error("an aspect named `{name}` is already declared; aspect names must be unique")]
    DuplicateAspect {
        /// The name.
        name: String,
    },
    /// A name that should be an aspect's is not.
    #[error("no aspect is named `{name}`{}", suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default())]
    UnknownAspect {
        /// The name.
        name: String,
        /// The closest aspect name, if any is close.
        suggestion: Option<String>,
    },
    /// An embedding with no aspect.
    #[error("an embedding must have at least one aspect")]
    EmptyEmbedding,
    /// An embedding naming an aspect twice.
    #[error("this embedding names `{name}` twice")]
    RepeatedAspect {
        /// The aspect.
        name: String,
    },
    /// A colour given to an aspect that must be covered exactly once.
    #[error("aspect `{name}` must be covered exactly once, so an embedding gives it no colour: colours are for optional aspects, which embeddings of one colour may share")]
    ColouredRequired {
        /// The aspect.
        name: String,
    },
    /// A count of times on an aspect that cannot be covered so.
    #[error("aspect `{name}` {reason}")]
    AspectCount {
        /// The aspect.
        name: String,
        /// What is wrong, and what to write.
        reason: String,
    },
    /// Counts of times (multiplicities) in a puzzle whose search cannot follow them.
    #[error("{reason}")]
    Counts {
        /// Why, and what to change.
        reason: String,
    },
    /// Colours in a puzzle whose search cannot follow them.
    #[error("{reason}")]
    Colours {
        /// Why, and what to change.
        reason: String,
    },
    /// An aspect that must be covered but is in no embedding.
    #[error("aspect `{name}` must be covered but is in no embedding, so the puzzle has no solution (make it optional if it need not be covered)")]
    UncoveredAspect {
        /// The aspect.
        name: String,
    },
    /// A description that mixes a box with listed aspects, or has neither.
    #[error("{0}")]
    Kind(String),
    /// A piece with a count of zero.
    #[error("piece `{name}` has a count of 0; give at least one copy, or leave the piece out")]
    ZeroCount {
        /// The piece.
        name: String,
    },
    /// A range of copies with its ends the wrong way round.
    #[error("piece `{name}` has {min}..={max} copies, a range that holds no number; write the fewest first, e.g. `{max}..={min} x {name}`")]
    EmptyCount {
        /// The piece.
        name: String,
        /// The fewest copies, as written.
        min: u32,
        /// The most copies, as written.
        max: u32,
    },
    /// A glyph that cannot draw a piece.
    #[error("piece `{name}` cannot be drawn with {glyph:?}: a glyph is a visible character other than `.`, which draws an empty cell")]
    BadGlyph {
        /// The piece.
        name: String,
        /// The glyph.
        glyph: char,
    },
    /// Two pieces given the same glyph.
    #[error("piece `{name}` is given the glyph {glyph:?}, which piece `{other}` has already; give each piece its own")]
    GlyphTaken {
        /// The piece.
        name: String,
        /// The glyph.
        glyph: char,
        /// The piece that has it.
        other: String,
    },
    /// Two pieces share a name.
    #[error("a piece named `{name}` is already declared; piece names must be unique")]
    DuplicatePiece {
        /// The name.
        name: String,
    },
    /// Built-in mirror twins in a puzzle whose pieces may be turned over, where they are one
    /// piece.
    #[error("{pairs} are mirror twins, one and the same piece when pieces may be turned over (`reflect: true`, the default); write `reflect: false` so that pieces are only turned")]
    TwinsTurnedOver {
        /// The pairs, e.g. ``` `F` and `f`, `L` and `l` ```.
        pairs: String,
    },
    /// A piece named twice among those an order takes first.
    #[error("`{name}` is listed twice in `order`; name each piece once")]
    LeadTwice {
        /// The piece.
        name: String,
    },
    /// A built-in set has a piece whose name is taken.
    #[error("`{set}` has pieces named {names}, and so has {earlier}; piece names must be unique, so declare one of the two by hand under other names")]
    SetNameClash {
        /// The names both have, each in backquotes.
        names: String,
        /// The set, as written.
        set: String,
        /// What declared the name first.
        earlier: String,
    },
    /// The same cell is listed twice in a piece's coordinates.
    #[error("piece `{name}` lists the cell ({}) more than once", cell.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))]
    RepeatedCell {
        /// The piece.
        name: String,
        /// The cell.
        cell: Vec<i32>,
    },
    /// A piece's coordinates do not all have the same number of axes, or more than the box.
    #[error("piece `{name}` has a cell with {found} coordinates; {expected}")]
    Dimensions {
        /// The piece.
        name: String,
        /// What was found.
        found: usize,
        /// What was expected, described.
        expected: String,
    },
    /// A coordinate too far from the origin to be a sensible cell.
    #[error("piece `{name}` has the coordinate {value}; coordinates must lie between -{limit} and {limit}")]
    CoordinateRange {
        /// The piece.
        name: String,
        /// The coordinate.
        value: i32,
        /// The largest magnitude allowed.
        limit: i32,
    },
    /// A piece with more axes than the box.
    #[error("piece `{name}` has {piece} axes, but the box has only {board}")]
    PieceDimensions {
        /// The piece.
        name: String,
        /// The piece's axes.
        piece: usize,
        /// The box's axes.
        board: usize,
    },
    /// A built-in piece name that does not exist.
    #[error("{}", unknown_builtin(name, *grid, suggestion.as_deref()))]
    UnknownBuiltin {
        /// The name.
        name: String,
        /// The puzzle's grid, whose pieces a bare name is looked up among.
        grid: crate::description::Grid,
        /// A set with a name like it.
        suggestion: Option<String>,
    },
    /// The box's cells are fewer than the fewest pieces cover, or more than all of them do.
    #[error("the pieces cover {least} to {most} cells (the fewest and the most copies their numbers allow), but the box has {}", Plural(*cells, "cell"))]
    AreaOutOfRange {
        /// The cells of the fewest copies the ranges allow.
        least: usize,
        /// The cells of the most copies.
        most: usize,
        /// The box's cells.
        cells: usize,
    },
    /// The pieces' cells do not add up to the box's.
    #[error("the pieces have {} in all, but the box has {}; they must be equal", Plural(*pieces, "cell"), Plural(*cells, "cell"))]
    AreaMismatch {
        /// The pieces' total cell count.
        pieces: usize,
        /// The box's cell count.
        cells: usize,
    },
    /// The pieces cover fewer cells than the box's that must be covered, or more than all its
    /// cells.
    #[error("the pieces cover {}, but the box has {} to cover and {optional} more that may stay empty", Span(*least, *most, "cell"), Plural(*fixed, "cell"))]
    AreaOptional {
        /// The cells of the fewest copies.
        least: usize,
        /// The cells of the most copies.
        most: usize,
        /// The box's cells that must be covered.
        fixed: usize,
        /// The box's cells that may stay empty.
        optional: usize,
    },
    /// `max_empty` is more than the box's cells that may stay empty.
    #[error("`max_empty` is {max}, but the box has {} that may stay empty (`+`)", Plural(*optional, "cell"))]
    MaxEmptyTooLarge {
        /// The bound.
        max: u32,
        /// The cells that may stay empty.
        optional: usize,
    },
    /// The pieces, in the numbers they come in, leave more cells empty than `max_empty`.
    #[error("the pieces leave {} of the box empty, more than `max_empty` {max}", Plural(*empty, "cell"))]
    MaxEmptyUnmet {
        /// The cells the pieces leave empty.
        empty: usize,
        /// The bound.
        max: u32,
    },
    /// `max_empty` with pieces in ranges of copies, which the search cannot bound.
    #[error("`max_empty` bounds the empty cells only where every piece comes in an exact number of copies: the search does not yet count the cells a range of copies leaves empty")]
    MaxEmptyWithRanges,
    /// A piece whose shape a motion keeps but whose colours it changes, both colourings fitting
    /// one place: two of its placements would cover the same cells, which a solution tells
    /// apart only by the colours.
    #[error("piece `{name}` has two orientations on the same cells with other colours that both fit in one place, which this solver cannot tell apart yet")]
    ColourTwins {
        /// The piece.
        name: String,
    },
    /// A piece has no placement in the box.
    #[error("piece `{name}` fits nowhere in the box")]
    FitsNowhere {
        /// The piece.
        name: String,
    },
    /// A cell of the box is covered by no placement of any piece.
    #[error("no placement of any piece covers the cell {cell}, so the puzzle has no solution")]
    UncoverableCell {
        /// The cell's coordinates, from 0 as holes are written (e.g. `(1, 2)`).
        cell: String,
    },
    /// Cells that only placements a restriction leaves out could cover.
    #[error("the restriction of `{piece}` leaves no placement of any piece covering the {}{cells}, so the puzzle has no solution{}", if *several { "cells " } else { "cell " }, if *copies { format!("; a restriction holds for every copy of `{piece}`") } else { String::new() })]
    RestrictedAway {
        /// The restricted piece.
        piece: String,
        /// The cells, described and listed.
        cells: String,
        /// Whether there is more than one cell.
        several: bool,
        /// Whether the piece comes in copies.
        copies: bool,
    },
    /// A name that should be a piece's is not.
    #[error("no piece is named `{name}`{}", suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default())]
    UnknownPiece {
        /// The name.
        name: String,
        /// The closest piece name, if any is close.
        suggestion: Option<String>,
    },
    /// A drawn placement is not a placement of its piece.
    #[error("this drawing is not a placement of piece `{piece}`: draw the whole box with `#` on exactly the cells the piece covers")]
    NotAPlacement {
        /// The piece.
        piece: String,
    },
    /// The same piece is restricted twice.
    #[error("piece `{piece}` is restricted more than once; list all its placements in one entry")]
    RepeatedRestriction {
        /// The piece.
        piece: String,
    },
    /// Pruning (by holes or regions) asked of a puzzle without a box.
    #[error("`prune: {mode}` needs a box: a puzzle given by its aspects has no cells whose regions could be measured")]
    PruneWithoutBox {
        /// The pruning asked for, as written.
        mode: &'static str,
    },
    /// A box with more axes than the compiler tries every rotation in.
    #[error("a box of {axes} axes: at most {limit} are possible, since every rotation and reflection of each piece is tried (2^n n! of them in n axes: 46,080 in 6)")]
    TooManyAxes {
        /// The box's axes.
        axes: usize,
        /// The most allowed.
        limit: usize,
    },
    /// More placements of pieces than a search could get through.
    #[error("the pieces have {embeddings} placements or more in this box, more than the {limit} a puzzle may have; make the box smaller or give fewer pieces")]
    TooManyEmbeddings {
        /// The placements counted when the limit was passed.
        embeddings: usize,
        /// The most allowed.
        limit: usize,
    },
    /// A program too large to be compiled as Rust in reasonable time.
    #[error("the solver would have {tests} tests and {places} placements, more than the {limit} rustc compiles in reasonable time; solve this puzzle with the run-time engine instead (`puzzlec solve FILE` without --native, or `puzzlec::compiler::Puzzle` in a program)")]
    TooLargeForNative {
        /// The program's tests.
        tests: usize,
        /// Its placements.
        places: usize,
        /// The most tests and placements together.
        limit: usize,
    },
    /// Tables too large to be compiled as Rust in reasonable time.
    #[error("the solver's tables would hold {words} words, more than the {limit} rustc compiles in reasonable time; solve this puzzle with the run-time engine instead (`puzzlec solve FILE` without --native, or `puzzlec::compiler::Puzzle` in a program)")]
    TablesTooLargeForNative {
        /// The tables' words.
        words: usize,
        /// The most words.
        limit: usize,
    },
    /// Symmetry reduction was asked for but cannot be done exactly.
    #[error("cannot reduce by symmetry: {reason}")]
    Symmetry {
        /// Why not.
        reason: String,
    },
}

/// One thing wrong with a description, and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Where.
    pub loc: Loc,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for Error {}

/// Every error found in a description (never empty when returned as an error).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Errors(pub Vec<Error>);

impl Errors {
    /// Records an error.
    pub fn push(&mut self, loc: Loc, kind: ErrorKind) {
        self.0.push(Error { kind, loc });
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(value)` when nothing was recorded, else the errors.
    pub fn check<T>(self, value: T) -> Result<T, Errors> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Errors {}

impl IntoIterator for Errors {
    type Item = Error;
    type IntoIter = std::vec::IntoIter<Error>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// The message of [`ErrorKind::UnknownBuiltin`]: the set meant, where the name is like one's;
/// else what the built-in pieces are.
fn unknown_builtin(name: &str, grid: crate::description::Grid, suggestion: Option<&str>) -> String {
    use crate::description::Grid;
    match (suggestion, grid) {
        (Some(set), _) => format!("there is no built-in piece `{name}`; did you mean the set `{set}`?"),
        (None, Grid::Triangular) => format!(
            "there is no built-in piece `{name}` on the triangular grid; the built-in polyiamonds \
             of 1 to 7 triangles are named as Polyform Puzzler names them, a letter and the size \
             (`T1`, `D2`, `I3`, `I4 C4 T4`, `I5 C5 L5 P5`, `I6 P6 J6 E6 V6 H6 S6 X6 C6 G6 F6 O6`, \
             ...), their mirror images in lower case (`hexiamonds` for all twelve, or \
             `polyiamonds(N)`); draw other pieces, e.g. `{name}: [\"###\"]`"
        ),
        (None, Grid::Hexagonal) => format!(
            "there is no built-in piece `{name}` on the hexagonal grid; the built-in polyhexes of \
             1 to 5 hexagons are named as Polyform Puzzler names them, a letter and the size \
             (`H1`, `I2`, `I3 V3 A3`, `I4 J4 P4 S4 U4 Y4 O4`, `A5` to `Y5`), their mirror images in \
             lower case (`tetrahexes` for all seven, or `polyhexes(N)`); draw other pieces, e.g. \
             `{name}: [\"# #\"]`"
        ),
        (None, grid @ (Grid::Rhombic | Grid::TetrahedraOctahedra)) => format!(
            "there is no built-in piece `{name}` on the {} grid, which has no built-in pieces; \
             give its cells as (layer, row, column), e.g. `{name}: [(1, 1, 1), (0, 0, 2)]`",
            grid.word()
        ),
        (None, Grid::Spheres) => format!(
            "there is no built-in piece `{name}` on the spheres grid, which has no built-in \
             pieces; draw it, in one layer (`{name}: [\"##\", \"#.\"]`) or in layers of rows"
        ),
        (None, Grid::Square) => format!(
            "there is no built-in piece `{name}`; the built-in pieces are the pentominoes \
             F I L N P T U V W X Y Z and their mirror images f l n p y z (`pentominoes` for all \
             twelve, or another set: `tetrominoes`, `polyominoes(6)`, `soma`, ...); draw other \
             pieces, e.g. `{name}: [\"##\", \"#.\"]`"
        ),
    }
}

/// A range of counts with its noun: `5 cells`, or `3 to 5 cells (the fewest and the most
/// copies their numbers allow)`.
#[derive(Clone, Copy, Debug)]
pub struct Span(pub usize, pub usize, pub &'static str);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Span(least, most, noun) if least == most => write!(f, "{}", Plural(*least, noun)),
            Span(least, most, noun) => write!(
                f,
                "{least} to {most} {noun}s (the fewest and the most copies their numbers allow)"
            ),
        }
    }
}

/// A count with its noun, singular for one: `1 cell`, `5 cells`.
#[derive(Clone, Copy, Debug)]
pub struct Plural(pub usize, pub &'static str);

impl fmt::Display for Plural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Plural(n, noun) = *self;
        match n {
            1 => write!(f, "1 {noun}"),
            _ => write!(f, "{n} {noun}s"),
        }
    }
}

/// A position counted from 1, written as a word (`first`, `second`, ..., `11th`): how a row or
/// layer of a drawing is named, so that it is not mistaken for a coordinate, which counts
/// from 0.
#[derive(Clone, Copy, Debug)]
pub struct Ordinal(pub usize);

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WORDS: [&str; 10] = [
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth",
        ];
        let n = self.0;
        if let Some(word) = n.checked_sub(1).and_then(|i| WORDS.get(i)) {
            return f.write_str(word);
        }
        let suffix = match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        write!(f, "{n}{suffix}")
    }
}

/// The candidate closest to `name`, if one is close enough to be a likely misspelling.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| {
            // A difference of case alone is as likely a slip as a wrong letter.
            let score = strsim::jaro_winkler(&name.to_lowercase(), &c.to_lowercase());
            (score, c)
        })
        .filter(|&(score, _)| score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_singular_for_one() {
        let ragged = ErrorKind::RaggedRows {
            row: 2,
            len: 1,
            expected: 2,
        };
        assert!(ragged
            .to_string()
            .starts_with("the second row has 1 character, but"));
        let area = ErrorKind::AreaMismatch {
            pieces: 5,
            cells: 1,
        };
        assert!(area
            .to_string()
            .contains("5 cells in all, but the box has 1 cell;"));
    }

    #[test]
    fn suggestions() {
        let keys = ["box", "pieces", "symmetry", "order", "sharing"];
        assert_eq!(suggest("peices", keys).as_deref(), Some("pieces"));
        assert_eq!(suggest("symetry", keys).as_deref(), Some("symmetry"));
        assert_eq!(suggest("colour", keys), None);
        assert_eq!(suggest("Order", keys).as_deref(), Some("order"));
    }

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 10, 11, 12, 13, 21, 22, 23, 101, 111]
            .map(|n| Ordinal(n).to_string())
            .into();
        assert_eq!(
            words,
            [
                "first", "second", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th"
            ]
        );
    }
}
