//! Taking an assembly apart: whether its pieces can be slid out of one another, by how few
//! moves, and in what order; an assembly that comes apart is a *solution* in BurrTools' sense.
//!
//! A move slides one group of pieces any number of steps along one of the lattice's
//! directions ([`Lattice::slides`]), without turning, and without any piece passing into
//! another on the way ([`Lattice::sweep`]). The search is BurrTools' (after Bill Cutler's
//! analysis of six-piece burrs): breadth first from the assembled state, so that the moves to
//! the first separation are the fewest; the groups that can move are found from how far each
//! piece can slide past each other along each direction; the first group
//! that can leave splits the pieces in two, and each part is taken apart the same way. The
//! moves of each state are tried in BurrTools' order, and an assembly lies as BurrTools lays
//! it where its [`Rules`] have a [`Layout`], so that where several separations are equally
//! short, the one taken is BurrTools' own, and so is the [level](Separation::level) it writes
//! (`98.2.4.2`: 98 moves to the first separation, then those of the parts).
//!
//! Two copies of a kind lying the same way only trade places: a state is kept with its copies
//! in order of position, so that the states that differ by which copy is where are searched
//! once (BurrTools searches each; a box of sliding blocks has several of one size), and the
//! groups are found without closing the limits under chains as BurrTools does (the groups come
//! out the same). The answers are BurrTools' all the same.
//!
//! What BurrTools' problems say of their pieces is followed ([`Rules`]): a piece's weight
//! decides which side of a move is said to move (the heavier stays), and pieces in a group
//! need not come apart.

mod front;
mod grouping;
mod layout;
mod movement;
mod search;

use std::fmt;
use std::sync::atomic::AtomicBool;

use crate::fingerprint::Fingerprint;
use crate::lattice::{Lattice, Point};
use crate::solution::Solution;

use grouping::Grouping;
use layout::Laying;
pub use layout::{Layout, LazyLayout};
use movement::{Movement, Position, ShapeId};
use search::{Halt, Scratch, Search};

/// What BurrTools' problems say of each kind of piece that bears on taking an assembly apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// The lattice pieces slide in, where not the puzzle's own: BurrTools' flat problems are
    /// squares to solve but cubes to take apart (a piece may lift off).
    pub space: Option<Lattice>,
    /// Each kind's weight (1 where not given): of the two sides of a move, the one holding
    /// the heaviest piece is said to stay, the other to move.
    pub weights: Vec<i32>,
    /// Each kind's groups, as (group, copies it may hold): a part of an assembly that cannot
    /// be taken apart is still part of a solution where it can be one group's (every group a
    /// number from 1).
    pub groups: Vec<Vec<(u32, u32)>>,
    /// How an assembly is laid before it is taken apart, where the way it lies is to be
    /// BurrTools' (`None`: as found).
    pub layout: Option<LazyLayout>,
}

impl Rules {
    /// The lattice the pieces of a puzzle on `lattice` slide in.
    pub fn slides_in(&self, lattice: Lattice) -> Lattice {
        self.space.unwrap_or(lattice)
    }

    /// The fingerprint of taking apart, under these rules and within `states` states each,
    /// the assemblies of the puzzle whose fingerprint is `puzzle`: never the puzzle's own, so
    /// that a unit of a disassembly is never added to a count's, nor one of another limit.
    pub fn fingerprint(&self, puzzle: u64, states: u64) -> u64 {
        let mut f = Fingerprint::new();
        f.text(concat!("disassembly ", env!("CARGO_PKG_VERSION")));
        f.number(puzzle);
        f.number(states);
        f.text(&format!("{:?}", self.space));
        f.numbers(self.weights.iter().map(|&w| i64::from(w) as u64));
        f.number(self.groups.len() as u64);
        for groups in &self.groups {
            f.numbers(
                groups
                    .iter()
                    .flat_map(|&(g, n)| [u64::from(g), u64::from(n)]),
            );
        }
        f.text(&format!("{:?}", self.layout));
        f.finish()
    }

    /// The weight of kind `k`.
    fn weight(&self, k: usize) -> i32 {
        self.weights.get(k).copied().unwrap_or(1)
    }

    /// The groups of kind `k`.
    fn groups(&self, k: usize) -> &[(u32, u32)] {
        self.groups.get(k).map_or(&[], Vec::as_slice)
    }
}

/// One move of a disassembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The pieces that move, by their numbers in the assembly.
    pub pieces: Vec<usize>,
    /// The direction, by its number among the lattice's [`slides`](Lattice::slides).
    pub direction: usize,
    /// How many steps the pieces slide; `None` where they leave the rest for good.
    pub distance: Option<u32>,
}

/// How a group of pieces comes apart: the moves to its first separation, and how each part
/// comes apart after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Separation {
    /// The pieces, by their numbers in the assembly.
    pub pieces: Vec<usize>,
    /// The moves, the last taking one part away from the other.
    pub moves: Vec<Move>,
    /// How the part that stays comes apart; `None` for a single piece or a group.
    pub stayed: Option<Box<Separation>>,
    /// How the part taken away comes apart; `None` for a single piece or a group.
    pub removed: Option<Box<Separation>>,
}

impl Separation {
    /// The level as BurrTools writes it: the moves to the first separation, then the level of
    /// the part that stays and of the part taken away, each only where somewhere in it a
    /// separation takes more than one move (`98.2.4.2`, `1`).
    pub fn level(&self) -> String {
        let mut out = self.moves.len().to_string();
        for part in [&self.stayed, &self.removed].into_iter().flatten() {
            if part.has_several_moves() {
                out.push('.');
                out.push_str(&part.level());
            }
        }
        out
    }

    /// The moves of the whole disassembly.
    pub fn total_moves(&self) -> usize {
        self.moves.len()
            + [&self.stayed, &self.removed]
                .into_iter()
                .flatten()
                .map(|p| p.total_moves())
                .sum::<usize>()
    }

    /// The moves to the first separation.
    pub fn first_moves(&self) -> usize {
        self.moves.len()
    }

    /// The moves of the whole disassembly in the order they are made: those to the first
    /// separation, then the part that stays, then the part taken away, each the same way.
    pub fn in_order(&self) -> Vec<&Move> {
        let mut out: Vec<&Move> = self.moves.iter().collect();
        for part in [&self.stayed, &self.removed].into_iter().flatten() {
            out.extend(part.in_order());
        }
        out
    }

    /// The same separation with each piece `p` numbered `to[p]`.
    fn renumber(&mut self, to: &[usize]) {
        for p in &mut self.pieces {
            *p = to[*p];
        }
        for m in &mut self.moves {
            for p in &mut m.pieces {
                *p = to[*p];
            }
        }
        for part in [&mut self.stayed, &mut self.removed].into_iter().flatten() {
            part.renumber(to);
        }
    }

    /// The same separation with each direction `d` made `to(d)`.
    fn redirect(&mut self, to: &dyn Fn(usize) -> usize) {
        for m in &mut self.moves {
            m.direction = to(m.direction);
        }
        for part in [&mut self.stayed, &mut self.removed].into_iter().flatten() {
            part.redirect(to);
        }
    }

    fn has_several_moves(&self) -> bool {
        self.moves.len() > 1
            || [&self.stayed, &self.removed]
                .into_iter()
                .flatten()
                .any(|p| p.has_several_moves())
    }
}

/// What a disassembly found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The assembly comes apart, so.
    Apart(Separation),
    /// It does not: some part of it cannot be taken apart and is no group.
    Stuck,
    /// The limit of states was reached before an answer (the states reached).
    Limit(u64),
}

impl Outcome {
    /// The separation, where the assembly comes apart.
    pub fn separation(&self) -> Option<&Separation> {
        match self {
            Outcome::Apart(s) => Some(s),
            Outcome::Stuck | Outcome::Limit(_) => None,
        }
    }
}

/// Why assemblies of a puzzle cannot be taken apart by this analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DisassemblyError {
    /// The lattice's cells have no solids to slide (the square and cubic lattice of other than
    /// two or three axes, or a puzzle without a box).
    NoSolids(Lattice),
    /// More pieces than the analysis follows.
    TooManyPieces(usize),
}

impl fmt::Display for DisassemblyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DisassemblyError::NoSolids(lattice) => write!(
                f,
                "pieces of {} axes do not slide: disassembly needs cells in the plane or in \
                 space",
                lattice.dims()
            ),
            DisassemblyError::TooManyPieces(n) => write!(
                f,
                "an assembly of {n} pieces: disassembly follows at most {MAX_PIECES}"
            ),
        }
    }
}

impl std::error::Error for DisassemblyError {}

pub use crate::tuning::DISASSEMBLY_STATES as STATES;

/// The most pieces an assembly may have: a group of them is one word.
pub const MAX_PIECES: usize = 64;

/// Takes assemblies of one puzzle apart, keeping what it learns of its pieces' shapes from one
/// to the next (so one per thread).
pub struct Disassembler {
    movement: Movement,
    rules: Rules,
    limit: u64,
    complete: bool,
    /// What the search works in, kept for the next assembly.
    scratch: Vec<Scratch>,
    /// The rules' layout, made ready for the shapes seen.
    laying: Option<Laying>,
}

impl Disassembler {
    /// A disassembler of pieces on `lattice` under `rules`, reaching at most `limit` states in
    /// one assembly's disassembly.
    /// The pieces slide in `rules.space` where it is given: the puzzle's cells then are cells
    /// of it ([`Lattice::embed`]).
    pub fn new(
        lattice: Lattice,
        rules: Rules,
        limit: u64,
    ) -> Result<Disassembler, DisassemblyError> {
        let lattice = rules.slides_in(lattice);
        if matches!(lattice, Lattice::Cubic { dims } if !(2..=3).contains(&dims)) {
            return Err(DisassemblyError::NoSolids(lattice));
        }
        let mut movement = Movement::new(lattice);
        let laying = (rules.layout.as_ref()).map(|l| Laying::new(l.get(), &mut movement));
        Ok(Disassembler {
            movement,
            rules,
            limit,
            complete: false,
            scratch: Vec::new(),
            laying,
        })
    }

    /// The same disassembler, but complete: it takes every separation of the fewest moves,
    /// each part the same way, and keeps the one of the highest level (the first of them in
    /// BurrTools' order); its answer does not depend on the order of the pieces nor on how
    /// the assembly is turned, where BurrTools' first separation may.
    pub fn complete(mut self) -> Disassembler {
        self.complete = true;
        self
    }

    /// The lattice the pieces slide in: the puzzle's, or the space of its [`Rules`]. A move's
    /// direction is the number of its step among this lattice's [`slides`](Lattice::slides).
    pub fn lattice(&self) -> Lattice {
        self.movement.lattice()
    }

    /// Takes apart the assembly of these pieces, each its kind and its cells, in BurrTools'
    /// order of pieces (kind by kind).
    pub fn disassemble(
        &mut self,
        pieces: &[(usize, Vec<Point>)],
    ) -> Result<Outcome, DisassemblyError> {
        let never = AtomicBool::new(false);
        let outcome = self.disassemble_until(pieces, &never)?;
        Ok(outcome.expect("a search nobody stops ends with an answer"))
    }

    /// [`disassemble`](Self::disassemble), given up (`None`) soon after `stop` is set.
    pub fn disassemble_until(
        &mut self,
        pieces: &[(usize, Vec<Point>)],
        stop: &AtomicBool,
    ) -> Result<Option<Outcome>, DisassemblyError> {
        if pieces.len() > MAX_PIECES {
            return Err(DisassemblyError::TooManyPieces(pieces.len()));
        }
        let kinds: Vec<usize> = pieces.iter().map(|(k, _)| *k).collect();
        let placed = (pieces.iter())
            .map(|(_, cells)| self.movement.shape(cells))
            .collect();
        Ok(self.search(&kinds, placed, stop))
    }

    /// The disassembly of pieces of these kinds, each its shape and where it lies, laid as the
    /// rules' layout says; the answer's pieces numbered and its directions as given.
    fn search(
        &mut self,
        kinds: &[usize],
        placed: Vec<(ShapeId, Position)>,
        stop: &AtomicBool,
    ) -> Option<Outcome> {
        let laid = (self.laying.as_mut()).and_then(|l| l.lay(kinds, &placed, &mut self.movement));
        let Some(laid) = laid else {
            return self.search_as(kinds, placed, stop);
        };
        let mut outcome = self.search_as(&laid.kinds, laid.placed, stop);
        if let (Some(Outcome::Apart(separation)), Some(laying)) = (&mut outcome, &self.laying) {
            if let Some(turn) = laid.turn {
                separation.redirect(&|d| laying.direction_back(turn, d));
            }
            separation.renumber(&laid.found);
        }
        outcome
    }

    /// The disassembly of pieces of these kinds, each its shape and where it lies, as they
    /// lie.
    fn search_as(
        &mut self,
        kinds: &[usize],
        placed: Vec<(ShapeId, Position)>,
        stop: &AtomicBool,
    ) -> Option<Outcome> {
        // BurrTools counts an assembly of one piece no solution: nothing comes apart.
        if kinds.len() < 2 {
            return Some(Outcome::Stuck);
        }
        let (shapes, start): (Vec<ShapeId>, Vec<Position>) = placed.into_iter().unzip();
        let weights: Vec<i32> = kinds.iter().map(|&k| self.rules.weight(k)).collect();
        let mut search = Search {
            movement: &mut self.movement,
            shapes: &shapes,
            weights: &weights,
            kinds,
            grouping: Grouping::new(&self.rules),
            limit: self.limit,
            states: 0,
            stop,
            complete: self.complete,
            scratch: &mut self.scratch,
            depth: 0,
        };
        let all: Vec<usize> = (0..kinds.len()).collect();
        match search.disassemble(&all, &start) {
            Ok(Some(separation)) => Some(Outcome::Apart(separation)),
            Ok(None) => Some(Outcome::Stuck),
            Err(Halt::Limit) => Some(Outcome::Limit(search.states)),
            Err(Halt::Stopped) => None,
        }
    }

    /// Takes apart a solution of a puzzle, its pieces taken in BurrTools' order (kind by kind,
    /// the copies of a kind in the order of their embeddings); the pieces of the answer are
    /// numbered as the solution's [`placements`](Solution::placements).
    pub fn solution(&mut self, solution: &Solution<'_>) -> Result<Outcome, DisassemblyError> {
        let never = AtomicBool::new(false);
        let outcome = self.solution_until(solution, &never)?;
        Ok(outcome.expect("a search nobody stops ends with an answer"))
    }

    /// [`solution`](Self::solution), given up (`None`) soon after `stop` is set.
    pub fn solution_until(
        &mut self,
        solution: &Solution<'_>,
        stop: &AtomicBool,
    ) -> Result<Option<Outcome>, DisassemblyError> {
        let catalog = solution.catalog();
        // BurrTools' order: kind by kind, each kind's copies by embedding.
        let mut pieces: Vec<(usize, u32, usize)> = (solution.embeddings().iter())
            .enumerate()
            .filter_map(|(at, &e)| Some((catalog.kind_of(e)?, e, at)))
            .collect();
        if pieces.len() > MAX_PIECES {
            return Err(DisassemblyError::TooManyPieces(pieces.len()));
        }
        pieces.sort_unstable();
        // Each cell as a position of the space, without a point made of it: an assembly's
        // pieces are mostly shapes seen before, found by their cells as they lie.
        let extents = &catalog.extents;
        let added = self.lattice().dims().saturating_sub(extents.len());
        let mut cells: Vec<Position> = Vec::new();
        let placed = (pieces.iter())
            .map(|&(_, e, _)| {
                cells.clear();
                cells.extend(catalog.cells_of(e).map(|mut linear| {
                    let mut at = [0; movement::AXES];
                    for (x, &extent) in at[added..added + extents.len()]
                        .iter_mut()
                        .zip(extents.iter())
                        .rev()
                    {
                        *x = (linear % extent) as i32;
                        linear /= extent;
                    }
                    at
                }));
                self.movement.shape_of(&mut cells)
            })
            .collect();
        let kinds: Vec<usize> = pieces.iter().map(|p| p.0).collect();
        let mut outcome = self.search(&kinds, placed, stop);
        if let Some(Outcome::Apart(separation)) = &mut outcome {
            let placement: Vec<usize> = pieces.iter().map(|p| p.2).collect();
            separation.renumber(&placement);
        }
        Ok(outcome)
    }
}

/// The cells of each of a solution's placements as points of `space`, the lattice its pieces
/// slide in ([`Rules::slides_in`]): a plane's cells are those of the first layer of space, as
/// their solids are ([`Lattice::solid`]) and as BurrTools' flat problems lie.
pub fn cells_in(solution: &Solution<'_>, space: Lattice) -> Vec<Vec<Point>> {
    let dims = space.dims();
    (solution.placements())
        .map(|p| {
            (p.cells.iter())
                .map(|c| {
                    let added = dims.saturating_sub(c.len());
                    let c = c.iter().map(|&x| x as i32);
                    std::iter::repeat_n(0, added).chain(c).collect()
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests;
