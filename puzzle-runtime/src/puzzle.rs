//! The whole pipeline in one value: a description checked and compiled into an abstract puzzle,
//! an aspect order and a program. The macro builds it at compile time and emits Rust from it;
//! run-time users build it and search it with the reference backtracker or the program walker.

use std::borrow::Cow;
use std::ops::ControlFlow;

use crate::board::Board;
use crate::choose::{self, Chosen};
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::description::{AbstractSpec, Caching, Description, Pruning};
use crate::error::{ErrorKind, Errors};
use crate::lower::{self, Lowered, Piece};
use crate::order::Order;
use crate::processor::{Code, CodeError};
use crate::program::Program;
use crate::prune::Regions;
use crate::search::{Counter, Sink, Visit};
use crate::solution::{AspectInfo, Catalog, Solution};
use crate::symmetry::{self, Checked, Reduction, SymmetryCheck};
use crate::{eliminate, estimate, failure};
use crate::{reference, walk};

/// A compiled puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    name: String,
    /// The box; an abstract puzzle has none.
    board: Option<Board>,
    pieces: Vec<Piece>,
    lowered: Lowered,
    reduction: Option<Reduction>,
    order: Order,
    program: Program,
    catalog: Catalog,
    /// The pruning asked for and its tables.
    pruning: Pruning,
    regions: Option<Regions>,
    /// How the order was chosen.
    chosen: Chosen,
    /// How many embeddings elimination forbade.
    eliminated: usize,
    /// Whether `count` keeps a failure cache.
    remembers: bool,
}

impl Puzzle {
    /// Checks and compiles a description, reporting every mistake found.
    pub fn new(description: &Description) -> Result<Puzzle, Errors> {
        match &description.abstract_puzzle {
            Some(spec) => Puzzle::new_abstract(description, spec),
            None => Puzzle::new_box(description),
        }
    }

    /// An abstract puzzle: its aspects in the order given, its embeddings as listed.
    fn new_abstract(description: &Description, spec: &AbstractSpec) -> Result<Puzzle, Errors> {
        let mut errors = Errors::default();
        let cover = lower::abstract_cover(spec, &mut errors);
        let reduction = match errors.is_empty() {
            true => symmetry::reduce_abstract(description, &cover, &mut errors),
            false => None,
        };
        if matches!(description.prune, Pruning::Holes | Pruning::Regions) {
            errors.push(description.prune_loc, ErrorKind::PruneWithoutBox);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let order = Order::by_number(cover.aspect_count());
        let label = "the aspects as listed".to_owned();
        let estimate = estimate::placements(&cover, &order, choose::PROBES, estimate::SEED);
        let chosen = Chosen {
            order: order.clone(),
            candidates: vec![(label.clone(), estimate)],
            label,
            estimate,
        };
        let mut program = Program::build(&cover, &order, description.sharing);
        // Nothing is implied without a box's areas; only trailing passes go.
        program.drop_implied_tail(|_| false);
        let aspects = (0..cover.aspect_count() as u32)
            .map(|a| AspectInfo::Named {
                name: Cow::Owned(cover.aspect_name(AspectId(a)).to_owned()),
            })
            .collect();
        let catalog = Catalog {
            name: Cow::Owned(description.name.clone()),
            extents: Cow::Owned(Vec::new()),
            aspects: Cow::Owned(aspects),
            ..embedding_table(&cover)
        };
        Ok(Puzzle {
            name: description.name.clone(),
            board: None,
            pieces: Vec::new(),
            lowered: Lowered {
                cover,
                ranges: Vec::new(),
                piece_aspects: Vec::new(),
            },
            reduction,
            order,
            program,
            catalog,
            pruning: Pruning::Off,
            regions: None,
            chosen,
            eliminated: 0,
            // No box to judge by.
            remembers: description.cache != Caching::Off,
        })
    }

    /// A box puzzle: the box, the pieces and their placements.
    fn new_box(description: &Description) -> Result<Puzzle, Errors> {
        let mut errors = Errors::default();
        let board = Board::from_spec(&description.board, &description.holes, &mut errors);
        let dims = board.as_ref().map_or(2, Board::dims);
        let pieces = lower::pieces(description, dims, &mut errors);
        let Some(board) = board else {
            return Err(errors);
        };
        let area: usize = pieces
            .iter()
            .map(|p| p.shape.len() * p.count as usize)
            .sum();
        // Only compare areas when every piece was read, or the figure would mislead.
        if errors.is_empty() && area != board.cells().len() {
            let cells = board.cells().len();
            let kind = ErrorKind::AreaMismatch {
                pieces: area,
                cells,
            };
            errors.push(description.pieces_loc, kind);
        }
        let mut lowered = lower::cover(&board, &pieces, description.reflect, &mut errors);
        lower::restrict(description, &board, &pieces, &mut lowered, &mut errors);
        if errors.is_empty() {
            lower::check_coverable(description, &board, &lowered, &mut errors);
        }
        let eliminated = match errors.is_empty() && description.eliminate {
            true => eliminate::eliminate(&board, &pieces, &mut lowered),
            false => 0,
        };
        let reduction = if errors.is_empty() {
            symmetry::reduce(description, &board, &pieces, &mut lowered, &mut errors)
        } else {
            None
        };
        let chosen = match errors.is_empty() {
            true => choose::choose(description, &board, &pieces, &lowered, &mut errors),
            false => None,
        };
        let (Some(chosen), true) = (chosen, errors.is_empty()) else {
            return Err(errors);
        };
        let order = chosen.order.clone();
        let mut program = Program::build(&lowered.cover, &order, description.sharing);
        let cells = board.cells().len();
        let exact_pieces = lowered.every_piece_has_aspect();
        // Areas match and each piece is placed as often as it is declared, so once every cell
        // is covered every piece is placed, and the other way round: a trailing run of only
        // pieces, or only cells, needs no procedures. Copies without an aspect prove nothing.
        program.drop_implied_tail(|tail| {
            exact_pieces
                && (tail.iter().all(|a| a.index() >= cells)
                    || tail.iter().all(|a| a.index() < cells))
        });
        let catalog = catalog(&description.name, &board, &pieces, &lowered);
        let pruning = match description.prune {
            Pruning::Auto => Pruning::Holes,
            chosen => chosen,
        };
        let remembers = match description.cache {
            Caching::Auto => failure::frontier(&board, &order) <= failure::NARROW_FRONTIER,
            caching => caching == Caching::On,
        };
        let regions = (pruning != Pruning::Off).then(|| {
            let sizes: Vec<u32> = pieces.iter().map(|p| p.shape.len() as u32).collect();
            Regions::new(&board, &lowered.cover, &order, &sizes)
        });
        Ok(Puzzle {
            name: description.name.clone(),
            board: Some(board),
            pieces,
            lowered,
            reduction,
            order,
            program,
            catalog,
            pruning,
            regions,
            chosen,
            eliminated,
            remembers,
        })
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The box (an abstract puzzle has none).
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The pieces, in declared order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The abstract puzzle.
    pub fn cover(&self) -> &Cover {
        &self.lowered.cover
    }

    /// The range of embedding numbers of each piece.
    pub fn piece_embeddings(&self, piece: usize) -> std::ops::Range<u32> {
        self.lowered.ranges[piece].clone()
    }

    /// The aspect of a piece (identical copies have none).
    pub fn piece_aspect(&self, piece: usize) -> Option<AspectId> {
        self.lowered.piece_aspects.get(piece).copied().flatten()
    }

    /// What the symmetry reduction did, if one was asked for and the box has symmetries.
    pub fn reduction(&self) -> Option<&Reduction> {
        self.reduction.as_ref()
    }

    /// The aspect order.
    pub fn order(&self) -> &Order {
        &self.order
    }

    /// How the aspect order was chosen, with the candidates tried and the estimates of their
    /// searches (a puzzle without a box keeps the order its aspects were listed in).
    pub fn chosen(&self) -> &Chosen {
        &self.chosen
    }

    /// How many embeddings were forbidden at compile time because they cut off a region that
    /// no other pieces can fill.
    pub fn eliminated(&self) -> usize {
        self.eliminated
    }

    /// Whether `count` keeps a failure cache: as asked, or for `cache: auto`, where the scan's
    /// frontier is narrow ([`failure::frontier`]).
    pub fn remembers(&self) -> bool {
        self.remembers
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The program as puzzle-processor code; none for a puzzle with a bag (copies of several
    /// kinds of piece), which needs a counter.
    pub fn code(&self) -> Result<Code, CodeError> {
        Code::assemble(&self.program, self.cover(), &self.order)
    }

    /// The catalog that decodes solutions.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The pruning asked for, with the tables of its checks (none without pruning).
    pub fn pruning(&self) -> Option<(Pruning, &Regions)> {
        self.regions.as_ref().map(|r| (self.pruning, r))
    }

    /// The check that finishes the symmetry reduction, if it needs one.
    pub fn symmetry_check(&self) -> Option<&SymmetryCheck> {
        self.reduction.as_ref().and_then(|r| r.check.as_ref())
    }

    /// The reference backtracker in `order`, through the symmetry check if there is one.
    fn reference(&self, order: &Order, sink: &mut impl Sink) -> ControlFlow<()> {
        match self.symmetry_check() {
            Some(check) => {
                let depth = self.cover().aspect_count();
                reference::solve(self.cover(), order, &mut Checked::new(check, depth, sink))
            }
            None => reference::solve(self.cover(), order, sink),
        }
    }

    /// Counts the solutions with the reference backtracker, in the puzzle's aspect order.
    pub fn count(&self) -> u64 {
        let mut counter = Counter::default();
        let _ = self.reference(&self.order, &mut counter);
        counter.solutions
    }

    /// Shows every solution to `visitor`, found by the reference backtracker in the puzzle's
    /// aspect order.
    pub fn solve<F>(&self, visitor: F) -> ControlFlow<()>
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        self.reference(&self.order, &mut Visit::new(&self.catalog, visitor))
    }

    /// Shows every solution to `visitor`, found by running the program (so in the order the
    /// generated solver finds them).
    pub fn solve_program<F>(&self, visitor: F) -> ControlFlow<()>
    where
        F: FnMut(&Solution<'_>) -> ControlFlow<()>,
    {
        self.run_program(&mut Visit::new(&self.catalog, visitor))
    }

    /// Runs the program itself (the tree of tests the macro would emit) into `sink`; it finds
    /// the solutions in the order the generated solver does.
    pub fn run_program(&self, sink: &mut impl Sink) -> ControlFlow<()> {
        let (program, cover, order) = (&self.program, &self.lowered.cover, &self.order);
        match self.symmetry_check() {
            Some(check) => {
                let mut checked = Checked::new(check, cover.aspect_count(), sink);
                walk::run(program, cover, order, self.pruning(), &mut checked)
            }
            None => walk::run(program, cover, order, self.pruning(), sink),
        }
    }

    /// Every solution as its embedding numbers, sorted: a canonical form for comparing solvers.
    /// Found by the reference backtracker covering aspects by number, so that neither the
    /// program nor its order has a part in it.
    pub fn solution_sets(&self) -> Vec<Vec<EmbeddingId>> {
        let mut all = Vec::new();
        let by_number = Order::by_number(self.cover().aspect_count());
        let mut visit = Visit::new(&self.catalog, |s: &Solution<'_>| {
            all.push(s.embedding_set());
            ControlFlow::Continue(())
        });
        let _ = self.reference(&by_number, &mut visit);
        all.sort();
        all
    }
}

/// The catalog of a box puzzle.
fn catalog(name: &str, board: &Board, pieces: &[Piece], lowered: &Lowered) -> Catalog {
    let cover = &lowered.cover;
    let aspects = board
        .cells()
        .iter()
        .map(|p| AspectInfo::Cell {
            at: board.linear(p).expect("a cell lies in its box") as u32,
        })
        .chain(
            pieces
                .iter()
                .zip(&lowered.piece_aspects)
                .filter(|(_, aspect)| aspect.is_some())
                .map(|(p, _)| AspectInfo::Piece {
                    name: Cow::Owned(p.name.clone()),
                }),
        )
        .collect::<Vec<_>>();
    // The symmetry marks, after the pieces.
    let marks = (aspects.len()..cover.aspect_count()).map(|a| AspectInfo::Named {
        name: Cow::Owned(cover.aspect_name(AspectId(a as u32)).to_owned()),
    });
    let aspects: Vec<AspectInfo> = aspects.into_iter().chain(marks).collect();
    debug_assert_eq!(aspects.len(), cover.aspect_count());
    Catalog {
        name: Cow::Owned(name.to_owned()),
        extents: board.extents().iter().map(|&e| e as u32).collect(),
        aspects: Cow::Owned(aspects),
        ..embedding_table(cover)
    }
}

/// A catalog holding only the embedding table of `cover` (its other parts empty).
fn embedding_table(cover: &Cover) -> Catalog {
    let mut embedding_aspects = Vec::new();
    let mut embedding_starts = vec![0];
    for e in 0..cover.embedding_count() as u32 {
        embedding_aspects.extend(cover.aspects(EmbeddingId(e)).iter().map(|a| a.0));
        embedding_starts.push(embedding_aspects.len() as u32);
    }
    Catalog {
        name: Cow::Borrowed(""),
        extents: Cow::Borrowed(&[]),
        aspects: Cow::Borrowed(&[]),
        embedding_aspects: Cow::Owned(embedding_aspects),
        embedding_starts: Cow::Owned(embedding_starts),
    }
}
