//! Reading solutions: the [`Catalog`] that names what embeddings cover, and the [`Solution`]
//! that a search hands to its visitor.

use std::borrow::Cow;
use std::fmt;

use crate::lattice::Lattice;

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

/// A kind of piece: one piece, or the identical copies of one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Kind {
    /// Its name.
    pub name: Cow<'static, str>,
    /// The character it is drawn with, chosen by the compiler: its own where the puzzle gives
    /// one, else a letter of its name, else one no other kind has.
    pub glyph: char,
    /// One past its last embedding's number: embeddings are numbered kind by kind, so kind `k`
    /// has those from kind `k - 1`'s `end` (0 for the first) up to this.
    pub end: u32,
}

/// Everything needed to read a solution: the box's block, what each aspect is, and the aspects
/// of every embedding. Aspects are numbered cells first, then pieces, then any others. Static in
/// generated code, owned at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Catalog {
    /// The puzzle's name.
    pub name: Cow<'static, str>,
    /// The lattice the box is built on (the cubic one of no axes for an abstract puzzle).
    pub lattice: Lattice,
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
    /// The kinds of piece, in the order declared (none for an abstract puzzle).
    pub kinds: Cow<'static, [Kind]>,
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

    /// The kind of piece an embedding places, by its number among [`Catalog::kinds`] (none
    /// for an abstract puzzle's embeddings).
    pub fn kind_of(&self, e: u32) -> Option<usize> {
        let k = self.kinds.partition_point(|kind| kind.end <= e);
        (k < self.kinds.len()).then_some(k)
    }

    /// The name of the piece an embedding places (for a copy, its kind's), if it places one.
    pub fn piece_of(&self, e: u32) -> Option<&str> {
        self.kind_of(e).map(|k| &*self.kinds[k].name)
    }

    /// The number of the kind of piece an embedding places, if it places one.
    pub fn piece_index(&self, e: u32) -> Option<u32> {
        self.kind_of(e).map(|k| k as u32)
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

/// Solutions kept: each its embeddings, shown as [`Solution`] values of the puzzle's catalog.
#[derive(Clone, Debug)]
pub struct Solutions<'a> {
    catalog: &'a Catalog,
    placed: Vec<Vec<u32>>,
}

impl<'a> Solutions<'a> {
    /// The solutions made of each of `placed`, of the puzzle that `catalog` describes.
    pub fn new(catalog: &'a Catalog, placed: Vec<Vec<u32>>) -> Self {
        Solutions { catalog, placed }
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.placed.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// The solution at `index`, if there are that many.
    pub fn get(&self, index: usize) -> Option<Solution<'_>> {
        let placed = self.placed.get(index)?;
        Some(Solution::new(self.catalog, placed))
    }

    /// Each solution, in order.
    pub fn iter(&self) -> impl Iterator<Item = Solution<'_>> + '_ {
        self.placed.iter().map(|p| Solution::new(self.catalog, p))
    }

    /// Each solution's embeddings, in placement order.
    pub fn embeddings(&self) -> &[Vec<u32>] {
        &self.placed
    }

    /// The embeddings, given up.
    pub fn into_embeddings(self) -> Vec<Vec<u32>> {
        self.placed
    }
}

impl<'s> IntoIterator for &'s Solutions<'_> {
    type Item = Solution<'s>;
    type IntoIter = Box<dyn Iterator<Item = Solution<'s>> + 's>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
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

    /// The solution laid out on the box's block, to draw. Each cell shows its kind's glyph;
    /// copies of one kind that touch alternate between its upper and lower case where they
    /// can (a glyph without case cannot), so that one copy is told from the next.
    pub fn picture(&self) -> Picture {
        let catalog = self.catalog;
        let extents = &catalog.extents;
        let volume: u32 = extents.iter().product();
        let mut slots = vec![Slot::Outside; volume as usize];
        for &at in catalog.cells.iter() {
            slots[at as usize] = Slot::Empty;
        }
        let kinds: Vec<Option<usize>> = self.placed.iter().map(|&e| catalog.kind_of(e)).collect();
        // The copies placed of each kind (the last entry: of no kind), counted once: a large
        // box of one kind has tens of thousands.
        let unkind = catalog.kinds.len();
        let mut copies_of = vec![0usize; unkind + 1];
        for k in &kinds {
            copies_of[k.unwrap_or(unkind)] += 1;
        }
        for (placement, &e) in self.placed.iter().enumerate() {
            let piece = kinds[placement].map(|k| k as u32);
            let glyph = kinds[placement].map_or('?', |k| catalog.kinds[k].glyph);
            let copies = copies_of[kinds[placement].unwrap_or(unkind)];
            // The cases of the copies of this kind placed before that touch this one.
            let (mut upper, mut lower) = (false, false);
            if copies > 1 {
                for at in catalog.cells_of(e) {
                    for n in catalog.lattice.neighbours_in_block(extents, at) {
                        if let Slot::Placed {
                            piece: Some(p),
                            letter,
                            ..
                        } = slots[n as usize]
                        {
                            if Some(p) == piece {
                                upper |= letter.is_uppercase();
                                lower |= letter.is_lowercase();
                            }
                        }
                    }
                }
            }
            let letter = match (upper, lower) {
                (true, false) => glyph.to_lowercase().next().unwrap_or(glyph),
                (false, true) => glyph.to_uppercase().next().unwrap_or(glyph),
                _ => glyph,
            };
            for at in catalog.cells_of(e) {
                slots[at as usize] = Slot::Placed {
                    placement,
                    piece,
                    letter,
                };
            }
        }
        Picture {
            lattice: catalog.lattice,
            extents: extents.to_vec(),
            slots,
        }
    }
}

/// A solution laid out on its box's block, position by position in reading order (last axis
/// fastest): what a drawing, in text or in SVG, is made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The lattice the box is built on.
    pub lattice: Lattice,
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
        /// The number of the placement's kind of piece among [`Catalog::kinds`].
        piece: Option<u32>,
        /// The character it is drawn with: its kind's glyph, in the other case where it
        /// touches a copy of the same kind.
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

    /// The coordinates of layer `l` (layers in reading order) on the axes before the last two,
    /// with `_` for those two, e.g. `(1, _, _)`; `None` for a box of two axes or fewer.
    pub fn layer_label(&self, mut l: usize) -> Option<String> {
        let n = self.extents.len();
        if n < 3 {
            return None;
        }
        let mut coords = vec!["_".to_owned(); n];
        for axis in (0..n - 2).rev() {
            let extent = self.extents[axis].max(1) as usize;
            coords[axis] = (l % extent).to_string();
            l /= extent;
        }
        Some(format!("({})", coords.join(", ")))
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

/// Draws the box with each cell showing its piece's glyph (see [`Solution::picture`]), `.` for
/// an uncovered cell and a space for a hole, a line a row, with no newline after the last.
/// Boxes of more than two dimensions are drawn as their two-dimensional layers, one after
/// another, each headed by its coordinates on the axes before the last two, `_` for the two
/// drawn (rows, then columns): `(0, _, _)`. An abstract puzzle's solution is its embeddings,
/// one a line, as sets of aspect names.
impl fmt::Display for Solution<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut lines = Vec::new();
        if self.catalog.extents.is_empty() {
            for &e in self.placed {
                lines.push(format!("{{{}}}", self.catalog.describe(e)));
            }
            return f.write_str(&lines.join("\n"));
        }
        let picture = self.picture();
        let (width, height) = picture.layer_size();
        let layers = picture.slots.len() / (width * height);
        for l in 0..layers {
            if let Some(label) = picture.layer_label(l) {
                if l > 0 {
                    lines.push(String::new());
                }
                lines.push(label);
            }
            for r in 0..height {
                let start = (l * height + r) * width;
                let line: String = (start..start + width)
                    .map(|at| picture.letter(at))
                    .collect();
                lines.push(line.trim_end().to_owned());
            }
        }
        f.write_str(&lines.join("\n"))
    }
}
