//! Reading solutions: the [`Catalog`] that names what embeddings cover, and the [`Solution`]
//! that a search hands to its visitor.

use std::borrow::Cow;
use std::fmt;

/// What an aspect stands for, as a [`Catalog`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect<'a> {
    /// A cell of the box, at this position of the box's block in reading order (last axis
    /// fastest).
    Cell(u32),
    /// A piece.
    Piece(&'a str),
    /// Any other aspect, by name: those of an abstract puzzle, and the marks of a symmetry
    /// reduction.
    Named(&'a str),
}

/// Everything needed to read a solution: the box's block, what each aspect is, and the aspects
/// of every embedding. Aspects are numbered cells first, then pieces, then any others. Static in
/// generated code, owned at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    /// The puzzle's name.
    pub name: Cow<'static, str>,
    /// The size of the box's block along each axis (none for an abstract puzzle).
    pub extents: Cow<'static, [u32]>,
    /// The block position of each cell, by aspect number: aspects `0..cells.len()` are cells.
    pub cells: Cow<'static, [u32]>,
    /// The names of the aspects after the cells, by number: the pieces first, then the others.
    pub names: Cow<'static, [Cow<'static, str>]>,
    /// How many of `names` are pieces.
    pub pieces: u32,
    /// The aspects of all embeddings, one after another.
    pub embedding_aspects: Cow<'static, [u32]>,
    /// Where each embedding's aspects start in `embedding_aspects`; one more entry than there are
    /// embeddings.
    pub embedding_starts: Cow<'static, [u32]>,
}

impl Catalog {
    /// The number of aspects.
    pub fn aspect_count(&self) -> usize {
        self.cells.len() + self.names.len()
    }

    /// The number of embeddings.
    pub fn embedding_count(&self) -> usize {
        self.embedding_starts.len().saturating_sub(1)
    }

    /// What aspect `a` stands for.
    pub fn aspect(&self, a: u32) -> Aspect<'_> {
        let cells = self.cells.len();
        match (a as usize).checked_sub(cells) {
            None => Aspect::Cell(self.cells[a as usize]),
            Some(i) if i < self.pieces as usize => Aspect::Piece(&self.names[i]),
            Some(i) => Aspect::Named(&self.names[i]),
        }
    }

    /// The aspects of an embedding.
    pub fn embedding(&self, e: u32) -> &[u32] {
        let (start, end) = (
            self.embedding_starts[e as usize],
            self.embedding_starts[e as usize + 1],
        );
        &self.embedding_aspects[start as usize..end as usize]
    }

    /// The piece an embedding places, if it names one (identical copies of one kind have no
    /// aspect, and so no name here).
    pub fn piece_of(&self, e: u32) -> Option<&str> {
        self.embedding(e)
            .iter()
            .find_map(|&a| match self.aspect(a) {
                Aspect::Piece(name) => Some(name),
                Aspect::Cell(_) | Aspect::Named(_) => None,
            })
    }

    /// The number of the piece an embedding places among the named pieces, if it names one.
    pub fn piece_index(&self, e: u32) -> Option<u32> {
        let cells = self.cells.len() as u32;
        self.embedding(e)
            .iter()
            .find(|&&a| a >= cells && a - cells < self.pieces)
            .map(|&a| a - cells)
    }

    /// The block positions of the cells an embedding covers.
    pub fn cells_of(&self, e: u32) -> impl Iterator<Item = u32> + '_ {
        self.embedding(e)
            .iter()
            .filter_map(|&a| match self.aspect(a) {
                Aspect::Cell(at) => Some(at),
                Aspect::Piece(_) | Aspect::Named(_) => None,
            })
    }

    /// A person's name for an aspect: a cell's coordinates, e.g. `(0,2)`, or a piece's name.
    pub fn aspect_name(&self, a: u32) -> String {
        match self.aspect(a) {
            Aspect::Cell(at) => {
                let coords: Vec<String> = self.point(at).iter().map(u32::to_string).collect();
                format!("({})", coords.join(","))
            }
            Aspect::Piece(name) | Aspect::Named(name) => name.to_string(),
        }
    }

    /// A person's description of an embedding, e.g. `C on (0,1) (1,0) (1,1)`.
    pub fn describe(&self, e: u32) -> String {
        let cells: Vec<String> = self
            .embedding(e)
            .iter()
            .filter(|&&a| !matches!(self.aspect(a), Aspect::Piece(_)))
            .map(|&a| self.aspect_name(a))
            .collect();
        match self.piece_of(e) {
            Some(piece) => format!("{piece} on {}", cells.join(" ")),
            None => cells.join(" "),
        }
    }

    /// The coordinates of a block position.
    pub fn point(&self, mut at: u32) -> Vec<u32> {
        let mut p = vec![0; self.extents.len()];
        for (x, &extent) in p.iter_mut().zip(self.extents.iter()).rev() {
            *x = at % extent;
            at /= extent;
        }
        p
    }
}

/// One placed piece of a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement<'a> {
    /// The embedding's number.
    pub embedding: u32,
    /// The piece placed, if the embedding places one.
    pub piece: Option<&'a str>,
    /// The coordinates of the cells it covers.
    pub cells: Vec<Vec<u32>>,
}

/// A solution: the embeddings placed, in the order the search placed them.
#[derive(Clone, Copy, Debug)]
pub struct Solution<'a> {
    catalog: &'a Catalog,
    placed: &'a [u32],
}

impl<'a> Solution<'a> {
    /// The solution made of `placed` embeddings of the puzzle that `catalog` describes.
    pub fn new(catalog: &'a Catalog, placed: &'a [u32]) -> Self {
        Solution { catalog, placed }
    }

    /// The embedding numbers, in placement order.
    pub fn embeddings(&self) -> &'a [u32] {
        self.placed
    }

    /// The embedding numbers, sorted: the same for every solver that finds this solution, in
    /// whatever order it placed them.
    pub fn embedding_set(&self) -> Vec<u32> {
        let mut set = self.placed.to_vec();
        set.sort_unstable();
        set
    }

    /// The catalog of the puzzle solved.
    pub fn catalog(&self) -> &'a Catalog {
        self.catalog
    }

    /// Each placed embedding with its piece and cells, in placement order.
    pub fn placements(&self) -> impl Iterator<Item = Placement<'a>> + 'a {
        let catalog = self.catalog;
        self.placed.iter().map(move |&e| Placement {
            embedding: e,
            piece: catalog.piece_of(e),
            cells: catalog.cells_of(e).map(|at| catalog.point(at)).collect(),
        })
    }

    /// The solution laid out on the box's block, to draw.
    pub fn picture(&self) -> Picture {
        let catalog = self.catalog;
        let volume: u32 = catalog.extents.iter().product();
        let mut slots = vec![Slot::Outside; volume as usize];
        for &at in catalog.cells.iter() {
            slots[at as usize] = Slot::Empty;
        }
        let mut copies = (b'a'..=b'z').cycle().map(char::from);
        let placed_pieces: Vec<Option<&str>> =
            self.placed.iter().map(|&e| catalog.piece_of(e)).collect();
        for (placement, (&e, &piece)) in self.placed.iter().zip(&placed_pieces).enumerate() {
            // A piece placed more than once is one of a bag's copies.
            let single =
                piece.filter(|p| placed_pieces.iter().filter(|&&q| q == Some(p)).count() == 1);
            let letter = match single {
                Some(name) => name.chars().next().unwrap_or('?'),
                None => copies.next().unwrap_or('?'),
            };
            let piece = catalog.piece_index(e);
            for at in catalog.cells_of(e) {
                slots[at as usize] = Slot::Placed {
                    placement,
                    piece,
                    letter,
                };
            }
        }
        Picture {
            extents: catalog.extents.to_vec(),
            slots,
        }
    }
}

/// A solution laid out on its box's block, position by position in reading order (last axis
/// fastest): what a drawing, in text or in SVG, is made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The size of the block along each axis.
    pub extents: Vec<u32>,
    /// What each position of the block holds.
    pub slots: Vec<Slot>,
}

/// What one position of a [`Picture`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Not part of the box (a hole, or outside its drawing).
    Outside,
    /// A cell no placement covers.
    Empty,
    /// A cell covered by a placement.
    Placed {
        /// The placement's place in the solution (0 for the first placed).
        placement: usize,
        /// The piece's number among the puzzle's named pieces, if the placement names one (a
        /// copy of a bag's kind names none).
        piece: Option<u32>,
        /// The letter it is drawn with: the first of its piece's name, or `a`, `b`, ... for
        /// one of several copies.
        letter: char,
    },
}

impl Picture {
    /// The letter each position is drawn with: its piece's, `.` for an empty cell, a space
    /// outside the box.
    pub fn letter(&self, at: usize) -> char {
        match self.slots[at] {
            Slot::Outside => ' ',
            Slot::Empty => '.',
            Slot::Placed { letter, .. } => letter,
        }
    }

    /// The width (last axis) and height (the axis before it) of one 2-D layer.
    pub fn layer_size(&self) -> (usize, usize) {
        let n = self.extents.len();
        let width = self.extents.last().copied().unwrap_or(1).max(1) as usize;
        let height = if n >= 2 {
            self.extents[n - 2] as usize
        } else {
            1
        };
        (width, height)
    }
}

/// Draws the box with each cell showing the first letter of its piece's name, `.` for an
/// uncovered cell and a space for a hole. Boxes of more than two dimensions are drawn as their
/// two-dimensional layers, one after another, separated by blank lines. An abstract puzzle's
/// solution is its embeddings, one a line, as sets of aspect names.
impl fmt::Display for Solution<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.catalog.extents.is_empty() {
            for &e in self.placed {
                writeln!(f, "{{{}}}", self.catalog.describe(e))?;
            }
            return Ok(());
        }
        let picture = self.picture();
        let (width, height) = picture.layer_size();
        for l in 0..picture.slots.len() / (width * height) {
            if l > 0 {
                writeln!(f)?;
            }
            for r in 0..height {
                let start = (l * height + r) * width;
                let line: String = (start..start + width)
                    .map(|at| picture.letter(at))
                    .collect();
                writeln!(f, "{}", line.trim_end())?;
            }
        }
        Ok(())
    }
}
