//! A compiled puzzle: every stage of the pipeline run once, in order, each taking the previous
//! one's output. The macro emits Rust from it; at run time it is a [`Solver`] that walks the
//! same program with the same plan.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use puzzlec_runtime::processor::Code;
use puzzlec_runtime::search::{CachedCounter, Counter, Sink, Visit, Visitor};
use puzzlec_runtime::symmetry::{Checked, SymmetryCheck};
use puzzlec_runtime::{Catalog, Info, Run, Solver, SymmetryInfo, Unit, UnitError};

use crate::assemble::assemble;
use crate::board::Board;
use crate::catalog::catalog;
use crate::choose::{choose_reduced, Chosen};
use crate::cover::Cover;
use crate::description::Description;
use crate::error::{Error, ErrorKind, Errors};
use crate::limits::{MAX_NATIVE_NODES, MAX_NATIVE_WORDS};
use crate::lower::{lower, Lowered};
use crate::model::{Model, Piece, PieceId, Problem};
use crate::order::Order;
use crate::plan::{Outline, Plan, Search};
use crate::program::Program;
use crate::runnable::Runnable;
use crate::stop::Stop;
use crate::symmetry::{reduce, Reduced, Reduction};
use crate::tuning::Tuning;
use crate::walk::Walkable;
use crate::{eliminate, judge, reference};

/// What a back end that prints the program reads of a compiled puzzle: the program, the plan
/// it runs by, the order its positions follow, the exact-cover problem (its names and each
/// embedding's aspects), the symmetry check and the tuning; none of the stages before them.
#[derive(Clone, Copy, Debug)]
pub struct Compiled<'p> {
    /// The exact-cover problem.
    pub cover: &'p Cover,
    /// The aspect order.
    pub order: &'p Order,
    /// The program.
    pub program: &'p Program,
    /// How it runs.
    pub plan: &'p Plan,
    /// The check that finishes the symmetry reduction, where one is needed.
    pub check: Option<&'p SymmetryCheck>,
    /// The thresholds (the emitter's parts).
    pub tuning: &'p Tuning,
}

/// A compiled puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    model: Model,
    lowered: Lowered,
    eliminated: usize,
    reduction: Option<Reduction>,
    chosen: Chosen,
    /// The scan's program, made with the plan; a search by the fewest embeddings runs none,
    /// and the program of its order (the processor's code) is made when first asked for.
    program: OnceLock<Program>,
    /// The processor's code of that program, where the runnable keeps none.
    code: OnceLock<Option<Code>>,
    runnable: Runnable,
}

/// The mistakes of colours and of counts of times where the plan's outline has no search by
/// the required aspect with the fewest embeddings, the only one that follows them (the order
/// listed, its tables too large, or an embedding without a required aspect), each said at the
/// first colour or count with the outline's reason.
fn unfollowed(model: &Model, outline: &Outline) -> Vec<Error> {
    let Problem::Abstract(a) = &model.problem else {
        return Vec::new();
    };
    let Some(why) = outline.not_fewest() else {
        return Vec::new();
    };
    let cannot = format!("the search that covers the required aspect with the fewest embeddings first, which this puzzle cannot have: {why}");
    let colours = a.colour_loc.map(|loc| Error {
        kind: ErrorKind::Colours {
            reason: format!("colours are followed only by {cannot}"),
        },
        loc,
    });
    let counts = a.count_loc.map(|loc| Error {
        kind: ErrorKind::Counts {
            reason: format!("an aspect covered a number of times is followed only by {cannot}"),
        },
        loc,
    });
    colours.into_iter().chain(counts).collect()
}

impl Puzzle {
    /// Checks and compiles a description, reporting every mistake found.
    pub fn new(description: &Description) -> Result<Puzzle, Errors> {
        Puzzle::new_until(description, Stop::NEVER).expect("a compile nobody stops ends")
    }

    /// [`Puzzle::new`], given up soon after `stop` is set (within milliseconds: the long
    /// stages look at it as they go): `None` then.
    pub fn new_until(description: &Description, stop: Stop<'_>) -> Option<Result<Puzzle, Errors>> {
        let mut errors = Errors::default();
        // Checking and lowering both report what they find before either gives up.
        let model = Model::check(description, &mut errors);
        let lowered = model.as_ref().map(|model| lower(model, &mut errors));
        let (Some(model), Some(mut lowered), true) = (model, lowered, errors.is_empty()) else {
            return Some(Err(errors));
        };
        let eliminated = match &model.problem {
            Problem::Box(b) if model.options.eliminate => {
                eliminate::eliminate(&b.board, &b.pieces, &mut lowered, stop)
            }
            _ => 0,
        };
        if stop.stopped() {
            return None;
        }
        let tuning = &model.options.tuning;
        let ways = reduce(&model, lowered, &mut errors, tuning);
        if !errors.is_empty() {
            return Some(Err(errors));
        }
        let (
            Reduced {
                lowered,
                reduction,
                check,
            },
            chosen,
        ) = choose_reduced(&model, ways, tuning, stop);
        if stop.stopped() {
            return None;
        }
        let cover = &lowered.cover;
        let outline = Outline::new(&model, cover, &chosen, tuning);
        let unfollowed = unfollowed(&model, &outline);
        if !unfollowed.is_empty() {
            errors.0.extend(unfollowed);
            return Some(Err(errors));
        }
        let plan = outline.plan(&model, &lowered, &chosen, check.as_ref(), tuning);
        let (order, embeddings) = (&chosen.order, cover.embedding_count());
        if stop.stopped() {
            return None;
        }
        let (plan, program) = judge::judge(plan, order, embeddings, chosen.estimate, tuning);
        if stop.stopped() {
            return None;
        }
        let walkable = Walkable::new(program.as_ref(), order, &plan, embeddings, tuning);
        if stop.stopped() {
            return None;
        }
        let catalog = catalog(&model, &lowered);
        let code = program
            .as_ref()
            .and_then(|p| assemble(p, cover, order).ok());
        let info = info(
            &model,
            &lowered,
            eliminated,
            reduction.as_ref(),
            &chosen,
            &plan,
        );
        // The check runs with the program: the walker's part holds it, and only it.
        Some(Ok(Puzzle {
            model,
            lowered,
            eliminated,
            reduction,
            chosen,
            program: program.map_or_else(OnceLock::new, OnceLock::from),
            code: OnceLock::new(),
            runnable: Runnable {
                walkable,
                plan,
                catalog,
                code,
                check,
                info,
            },
        }))
    }

    /// The puzzle as checked.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The box (an abstract puzzle has none).
    pub fn board(&self) -> Option<&Board> {
        self.model.box_model().map(|b| &b.board)
    }

    /// The pieces, in declared order (an abstract puzzle has none).
    pub fn pieces(&self) -> &[Piece] {
        self.model.box_model().map_or(&[], |b| &b.pieces)
    }

    /// The exact-cover problem.
    pub fn cover(&self) -> &Cover {
        &self.lowered.cover
    }

    /// The exact-cover problem and where each piece's embeddings lie in it.
    pub fn lowered(&self) -> &Lowered {
        &self.lowered
    }

    /// The embedding numbers of a piece.
    pub fn piece_embeddings(&self, piece: PieceId) -> std::ops::Range<u32> {
        self.lowered.ranges[piece.index()].clone()
    }

    /// How many embeddings were forbidden at compile time because they cut off a region that
    /// no other pieces can fill.
    pub fn eliminated(&self) -> usize {
        self.eliminated
    }

    /// What the symmetry reduction did, if one was asked for and the puzzle has symmetries;
    /// the check that finishes it is the puzzle's [`Solver::symmetry_check`].
    pub fn reduction(&self) -> Option<&Reduction> {
        self.reduction.as_ref()
    }

    /// The aspect order.
    pub fn order(&self) -> &Order {
        &self.chosen.order
    }

    /// How the aspect order was chosen, with the candidates tried and the estimates of their
    /// searches.
    pub fn chosen(&self) -> &Chosen {
        &self.chosen
    }

    /// The program: the scan's, which it runs. A search by the fewest embeddings runs none
    /// (it runs from the plan's tables): its program is the one of its order that the
    /// processor's code runs ([`Solver::code`]), made when first asked for.
    pub fn program(&self) -> &Program {
        self.program.get_or_init(|| {
            let order = &self.chosen.order;
            Program::new(&self.model, &self.lowered, order, false)
        })
    }

    /// Whether the program is small enough to be emitted as Rust ([`MAX_NATIVE_NODES`]): the
    /// macro and native builds ask first, the run-time engine never needs to.
    pub fn check_native(&self) -> Result<(), Error> {
        if let Search::Fewest(fewest) = &self.plan().search {
            let words = fewest.tables.words_of_tables();
            return match words > MAX_NATIVE_WORDS {
                false => Ok(()),
                true => Err(Error {
                    kind: ErrorKind::TablesTooLargeForNative {
                        words,
                        limit: MAX_NATIVE_WORDS,
                    },
                    loc: self.model.loc,
                }),
            };
        }
        let counts = self.program().counts();
        match counts.tests + counts.places > MAX_NATIVE_NODES {
            false => Ok(()),
            true => Err(Error {
                kind: ErrorKind::TooLargeForNative {
                    tests: counts.tests,
                    places: counts.places,
                    limit: MAX_NATIVE_NODES,
                },
                loc: self.model.loc,
            }),
        }
    }

    /// The thresholds the compiler decided by.
    pub fn tuning(&self) -> &Tuning {
        &self.model.options.tuning
    }

    /// How the program runs.
    pub fn plan(&self) -> &Plan {
        &self.runnable.plan
    }

    /// What the run-time engine runs: the program laid out for walking, its plan, the catalog,
    /// the facts; a [`Solver`] that keeps none of the stages before them.
    pub fn runnable(&self) -> &Runnable {
        &self.runnable
    }

    /// [`Puzzle::runnable`], the rest dropped.
    pub fn into_runnable(self) -> Runnable {
        self.runnable
    }

    /// What the back ends that print the program read of it.
    pub fn compiled(&self) -> Compiled<'_> {
        Compiled {
            cover: &self.lowered.cover,
            order: &self.chosen.order,
            program: self.program(),
            plan: &self.runnable.plan,
            check: self.runnable.check.as_ref(),
            tuning: &self.model.options.tuning,
        }
    }

    /// Why the program has no processor code, when it has none (a bag needs a counter).
    pub fn code_error(&self) -> Option<puzzlec_runtime::processor::CodeError> {
        assemble(self.program(), &self.lowered.cover, &self.chosen.order).err()
    }

    /// The reference backtracker in `order`, through the symmetry check if there is one.
    fn reference(&self, order: &Order, sink: &mut impl Sink) -> ControlFlow<()> {
        let cover = self.cover();
        match self.symmetry_check() {
            Some(check) => {
                let depth = cover.aspect_count();
                reference::solve(cover, order, &mut Checked::new(check, depth, sink))
            }
            None => reference::solve(cover, order, sink),
        }
    }

    /// Counts the solutions with the reference backtracker, which shares no code with the
    /// program: what every engine is checked against.
    pub fn reference_count(&self) -> u64 {
        let mut counter = Counter::default();
        let _ = self.reference(self.order(), &mut counter);
        counter.solutions
    }

    /// Shows every solution the reference backtracker finds to `visitor`.
    pub fn reference_solve(&self, visitor: &mut Visitor<'_>) -> ControlFlow<()> {
        self.reference(
            self.order(),
            &mut Visit::new(&self.runnable.catalog, visitor),
        )
    }

    /// Every solution as its embedding numbers, sorted: a canonical form for comparing
    /// solvers. Found by the reference backtracker covering aspects by number, so that
    /// neither the program nor its order has a part in it.
    pub fn reference_solution_sets(&self) -> Vec<Vec<u32>> {
        let by_number = Order::by_number(self.cover().aspect_count());
        let mut all = Vec::new();
        let mut keep = |s: &puzzlec_runtime::Solution<'_>| {
            all.push(s.embedding_set());
            ControlFlow::Continue(())
        };
        let _ = self.reference(
            &by_number,
            &mut Visit::new(&self.runnable.catalog, &mut keep),
        );
        all.sort();
        all
    }
}

impl Solver for Puzzle {
    fn info(&self) -> &Info {
        self.runnable.info()
    }

    fn catalog(&self) -> &Catalog {
        self.runnable.catalog()
    }

    /// The runnable's; for a search by the fewest embeddings, whose runnable keeps none, the
    /// code of [`Puzzle::program`], made when first asked for.
    fn code(&self) -> Option<&Code> {
        if self.plan().fewest().is_none() {
            return self.runnable.code();
        }
        let (cover, order) = (&self.lowered.cover, &self.chosen.order);
        (self.code)
            .get_or_init(|| assemble(self.program(), cover, order).ok())
            .as_ref()
    }

    fn symmetry_check(&self) -> Option<&SymmetryCheck> {
        self.runnable.symmetry_check()
    }

    fn run(&self, run: Run<'_, '_>) -> ControlFlow<()> {
        self.runnable.run(run)
    }

    fn run_unit(&self, unit: &Unit, run: Run<'_, '_>) -> Result<ControlFlow<()>, UnitError> {
        self.runnable.run_unit(unit, run)
    }

    fn count_until(&self, counter: &mut CachedCounter, stop: &AtomicBool) -> ControlFlow<()> {
        self.runnable.count_until(counter, stop)
    }

    fn count_unit_until(
        &self,
        unit: &Unit,
        counter: &mut CachedCounter,
        stop: &AtomicBool,
    ) -> Result<ControlFlow<()>, UnitError> {
        self.runnable.count_unit_until(unit, counter, stop)
    }

    #[inline(never)]
    fn as_dyn(&self) -> &dyn Solver {
        self
    }
}

/// The facts a compiled puzzle publishes.
fn info(
    model: &Model,
    lowered: &Lowered,
    eliminated: usize,
    reduction: Option<&Reduction>,
    chosen: &Chosen,
    plan: &Plan,
) -> Info {
    let cover = &lowered.cover;
    let pieces = model.box_model().map_or(&[][..], |b| &b.pieces);
    let name = |p: Option<PieceId>| p.map(|p| Cow::Owned(pieces[p.index()].name.clone()));
    Info {
        name: Cow::Owned(model.name.clone()),
        fingerprint: plan.fingerprint,
        aspects: cover.aspect_count(),
        embeddings: cover.embedding_count(),
        allowed: cover.allowed_count(),
        eliminated,
        depth: cover.depth(),
        procedures: plan.sentinel.0,
        words: plan.unit_words(),
        order: Cow::Owned(chosen.label.clone()),
        estimate: chosen.estimate,
        symmetry: SymmetryInfo {
            group_order: reduction.map_or(1, |r| r.group_order),
            mirror_twins: Cow::Owned(reduction.map_or(Vec::new(), |r| {
                let name = |p: PieceId| Cow::Owned(pieces[p.index()].name.clone());
                r.swaps.iter().map(|&(a, b)| (name(a), name(b))).collect()
            })),
            piece: name(reduction.and_then(|r| r.piece)),
            second_piece: name(reduction.and_then(|r| r.second)),
            group: reduction.map_or_else(Default::default, |r| r.group.clone()),
        },
        prune: plan
            .scan()
            .map_or(puzzlec_runtime::PruneKind::Off, |s| s.pruning.kind()),
        cache: plan.cache_table().map(|c| c.info()),
        dead_ends: plan.scan().is_some_and(|s| s.dead_ends.is_some()),
        fewest_fits: plan
            .scan()
            .and_then(|s| s.fewest_fits.as_ref())
            .map(|f| f.above),
        fewest_embeddings: plan.fewest().is_some(),
        plan: Cow::Owned(plan.decisions.iter().map(|d| format!("{d}\n")).collect()),
    }
}
