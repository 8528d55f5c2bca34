//! The program as Rust: one function per procedure, the placements' helpers, the pruning
//! checks, and the entries that run the search from its root or from a unit.
//!
//! A procedure's tree is printed as nested tests. A chain of tests that each guard one
//! further test of the same word is one test of all their bits, and a chain that ends in a
//! placement is one call of the target procedure's placement helper: `place_7(q, B3 | B9, 80,
//! sink)?` tests the last aspects, takes them, places embedding 80 and goes on at position 7.

use std::collections::BTreeSet;

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

use super::lookup::Lookup;
use super::state::{Need, State};
use crate::cover::EmbeddingId;
use crate::order::Position;
use crate::plan::{BitBoard, Check, Checking, FitsPlan, Plan, PrunePlan, Repr};
use crate::program::{Body, DeadEnd, Next, Node};
use crate::puzzle::Puzzle;
use puzzle_runtime::__private::Regions;
use puzzle_runtime::Solver;

/// The module that holds the program.
pub fn module(runtime: &TokenStream, puzzle: &Puzzle) -> TokenStream {
    let plan = puzzle.plan();
    let state = State {
        layout: &plan.layout,
    };
    let procedures = puzzle.program().procedures();
    let sentinel = puzzle.program().sentinel();
    let mut emitter = Emitter {
        runtime,
        puzzle,
        plan,
        state: &state,
        sentinel,
        position: Position(0),
        floor: Position(0),
        bits: BTreeSet::new(),
        helpers: Helpers::default(),
    };
    let q_ty = state.ty();
    let mut parts = Vec::new();
    let mut used = Helpers::default();
    let positions: Vec<usize> = (0..procedures.len()).collect();
    let per_part = puzzle.tuning().procedures_per_part;
    // Procedures in several modules: rustc gives each module a codegen unit of its own, so
    // that the optimiser works on them in parallel. The placements' helpers are written in
    // the module that calls them, so that the optimiser sees each one's callers (and drops
    // what a sink ignores, such as the embedding a counter does not record).
    for (i, chunk) in positions.chunks(per_part).enumerate() {
        let mut trees = Vec::new();
        let functions: Vec<TokenStream> = chunk
        .iter()
        .map(|&k| (k, &procedures[k]))
        .map(|(k, procedure)| {
            let position = Position(k as u32);
            emitter.position = position;
            emitter.floor = position;
            emitter.bits.insert(position);
            let name = name_of(position, sentinel);
            let next = name_of(Position(position.0 + 1), sentinel);
            let cover = puzzle.cover();
            let doc = format!(
                "`Solve` for aspect {} ({}), position {k}.",
                procedure.aspect.0,
                cover.aspect_name(procedure.aspect)
            );
            let body = match &procedure.body {
                Body::Require => {
                    let is_free = state.is_free(position);
                    quote! {
                        if #is_free {
                            return ::core::ops::ControlFlow::Continue(());
                        }
                        #next(q, sink)
                    }
                }
                Body::Pass => quote!(#next(q, sink)),
                Body::Place(roots) => {
                    let placements = roots.iter().map(Node::placements).sum();
                    // An optional aspect may also stay uncovered.
                    let end = procedure.optional.then(|| quote!(#next(q, sink)?;));
                    // Where a lookup finds the placements that fit, the entry finds them, and
                    // goes no further when none does: before the cache's memory is read.
                    let (found, roots): (Option<Found>, Vec<TokenStream>) =
                        match plan.fitting.looks_up(placements) {
                            true => {
                                let (found, visit) = emitter.lookup(roots);
                                (Some(found), vec![visit])
                            }
                            false => (None, roots.iter().map(|n| emitter.root(n)).collect()),
                        };
                    let (find, fit_param, fit_arg) = match found {
                        Some(Found { find, words }) => {
                            let none = match procedure.optional {
                                true => quote!(#next(q, sink)),
                                false => quote!(::core::ops::ControlFlow::Continue(())),
                            };
                            let find = quote! {
                                #find
                                if fit == [0; #words] {
                                    return #none;
                                }
                            };
                            (find, quote!(fit: [u64; #words],), quote!(fit,))
                        }
                        None => (quote!(), quote!(), quote!()),
                    };
                    let is_covered = state.is_covered(position);
                    let tree = format_ident!("tree_{}", k);
                    trees.push(quote! {
                        /// The tree of the procedure at this position, apart from its entry so
                        /// that the entry's quick ways out stay cheap.
                        #[inline(never)]
                        fn #tree<S: #runtime::search::Sink + ?Sized>(q: #q_ty, #fit_param sink: &mut S) -> ::core::ops::ControlFlow<()> {
                            #(#roots)*
                            #end
                            ::core::ops::ControlFlow::Continue(())
                        }
                    });
                    match plan.cache.filter(|c| position >= c.from) {
                        // Skipped where the cache knows the free set fails; remembered where
                        // the search below it reached no solution.
                        Some(cache) => {
                            let key = state.key(cache.key);
                            quote! {
                                if #is_covered {
                                    return #next(q, sink);
                                }
                                #find
                                #runtime::__private::remembered(PUZZLE, &#key, sink, |sink| #tree(q, #fit_arg sink))
                            }
                        }
                        None => quote! {
                            if #is_covered {
                                return #next(q, sink);
                            }
                            #find
                            #tree(q, #fit_arg sink)
                        },
                    }
                }
            };
            quote! {
                #[doc = #doc]
                pub(super) fn #name<S: #runtime::search::Sink + ?Sized>(q: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
                    #body
                }
            }
        })
        .collect();
        let items = quote!(#(#functions)* #(#trees)*);
        parts.push(emitter.part(format_ident!("part_{}", i), items, &mut used));
    }
    // A dead end that no placement covers leaves the search to the dispatcher's default arm.
    let dead_ends: Vec<&DeadEnd> = (puzzle.program().dead_ends().iter())
        .filter(|d| !d.roots.is_empty())
        .collect();
    for (i, chunk) in dead_ends.chunks(per_part).enumerate() {
        let functions: Vec<TokenStream> = chunk
            .iter()
            .map(|dead_end| {
                let position = puzzle.order().position(dead_end.cell);
                emitter.position = position;
                emitter.floor = Position(0);
                emitter.bits.insert(position);
                let roots: Vec<TokenStream> =
                    dead_end.roots.iter().map(|n| emitter.root(n)).collect();
                let name = format_ident!("dead_end_{}", position.0);
                let doc = format!(
                    "Covers cell {} as a dead end, going on at the procedure at `at`.",
                    puzzle.cover().aspect_name(dead_end.cell)
                );
                quote! {
                    #[doc = #doc]
                    #[inline(never)]
                    pub(super) fn #name<S: #runtime::search::Sink + ?Sized>(q: #q_ty, sink: &mut S, at: u32) -> ::core::ops::ControlFlow<()> {
                        #(#roots)*
                        ::core::ops::ControlFlow::Continue(())
                    }
                }
            })
            .collect();
        let items = quote!(#(#functions)*);
        parts.push(emitter.part(format_ident!("dead_ends_{}", i), items, &mut used));
    }
    let shared = emitter.shared(runtime, &used);
    emitter.bits.extend(plan.quotas.iter().map(|q| q.position));
    let bits = emitter.bits.iter().map(|&p| state.consts(p));
    let solution_q = match plan.quotas.is_empty() {
        true => quote!(_),
        false => quote!(q),
    };
    let quotas = (!plan.quotas.is_empty()).then(|| {
        let over = plan
            .quotas
            .iter()
            .map(|q| state.more_left_than(q.position, q.left));
        quote! {
            // A bag with more copies left than a solution may leave: not a solution.
            if #(#over)||* {
                return ::core::ops::ControlFlow::Continue(());
            }
        }
    });
    let fingerprint = plan.fingerprint;
    let puzzle_const = plan.cache.map(|_| {
        quote! {
            /// This puzzle's fingerprint, which owns the failure cache's entries.
            const PUZZLE: u64 = #fingerprint;
        }
    });
    let entries = entries(runtime, puzzle, &state);
    let check = puzzle.symmetry_check().map(|check| {
        let check = super::tables::symmetry_check(runtime, check);
        quote! {
            /// The check that finishes the symmetry reduction.
            pub(super) static CHECK: #runtime::symmetry::SymmetryCheck = #check;
        }
    });
    let regions = match &plan.prune {
        PrunePlan::Regions(Check {
            regions,
            board: None,
            ..
        }) => {
            let table = super::tables::regions(runtime, regions);
            Some(quote! {
                /// The tables of the region check's flood fill.
                static REGIONS: #runtime::__private::Regions = #table;
            })
        }
        _ => None,
    };
    quote! {
        /// The program: one function per procedure, in aspect order, then the sentinel.
        #[doc(hidden)]
        mod program {
            #(#bits)*
            #puzzle_const
            #check
            #regions
            #entries
            #(#parts)*
            /// The sentinel: every aspect is covered.
            fn solution<S: #runtime::search::Sink + ?Sized>(#solution_q: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
                #quotas
                #runtime::__private::reach(sink);
                sink.solution()
            }
            #shared
        }
    }
}

/// The name of the function for the procedure at a position: `solve_K`, or `solution` for
/// the sentinel.
fn name_of(position: Position, sentinel: Position) -> proc_macro2::Ident {
    match position >= sentinel {
        true => format_ident!("solution"),
        false => format_ident!("solve_{}", position.0),
    }
}

/// The program's entries: the whole search, into either kind of sink the run time asks for
/// or into any sink, and the search from a unit.
fn entries(runtime: &TokenStream, puzzle: &Puzzle, state: &State<'_>) -> TokenStream {
    let sentinel = puzzle.program().sentinel();
    let first = name_of(Position(0), sentinel);
    let full = state.full();
    let q_ty = state.ty();
    let from_words = state.rebuild(runtime);
    let aspects = puzzle.info().aspects;
    // Where the reduction needs its check, every search goes through it.
    let checked = puzzle.symmetry_check().map(|_| {
        quote! {
            let sink = &mut #runtime::symmetry::Checked::new(&CHECK, #aspects, sink);
        }
    });
    let resume = (0..sentinel.0).map(|k| {
        let name = name_of(Position(k), sentinel);
        quote!(#k => #name(q, sink),)
    });
    // Where the plan covers dead ends first, every search starts with them, then with the cell
    // with the fewest fits where the plan chooses it.
    let chooses = puzzle.plan().fewest_fits.is_some();
    let choice_root = chooses.then(|| quote!(0 if chooses(q, 0) => fewest_fits(q, sink, 0),));
    let choice_unit =
        chooses.then(|| quote!(0 if chooses(q, unit.next) => fewest_fits(q, sink, unit.next),));
    let (root, unit) = match puzzle.plan().dead_ends {
        Some(_) => (
            quote! {
                let q = #full;
                match dead_ends(q) {
                    #choice_root
                    0 => #first(q, sink),
                    ends => dead_end(ends.trailing_zeros(), q, sink, 0),
                }
            },
            quote! {
                let q = from_words(&unit.q);
                match dead_ends(q) {
                    #choice_unit
                    0 => resume(unit.next, q, sink),
                    ends => dead_end(ends.trailing_zeros(), q, sink, unit.next),
                }
            },
        ),
        None => (
            quote!(#first(#full, sink)),
            quote!(resume(unit.next, from_words(&unit.q), sink)),
        ),
    };
    let resume = quote! {
        /// The procedure at position `at`, or the sentinel past the last: where a unit
        /// resumes, and where a dead end's placements go on.
        #[inline]
        fn resume<S: #runtime::search::Sink + ?Sized>(at: u32, q: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
            match at {
                #(#resume)*
                _ => solution(q, sink),
            }
        }
    };
    quote! {
        /// The whole search, into the sink a run asks for: one copy of the program counts,
        /// one records everything else.
        pub(super) fn run(run: #runtime::Run<'_, '_>) -> ::core::ops::ControlFlow<()> {
            match run {
                #runtime::Run::Count(counter) => run_with(counter),
                #runtime::Run::Record(recorder) => run_with(recorder),
            }
        }

        /// The whole search, into `sink`.
        pub(super) fn run_with<S: #runtime::search::Sink + ?Sized>(sink: &mut S) -> ::core::ops::ControlFlow<()> {
            #checked
            #root
        }

        /// The search from a unit (checked by the caller), into the sink a run asks for.
        pub(super) fn run_unit(unit: &#runtime::Unit, run: #runtime::Run<'_, '_>) -> ::core::ops::ControlFlow<()> {
            match run {
                #runtime::Run::Count(counter) => unit_with(unit, counter),
                #runtime::Run::Record(recorder) => unit_with(unit, recorder),
            }
        }

        /// A unit's placements replayed into `sink`, then the search below them.
        fn unit_with<S: #runtime::search::Sink + ?Sized>(unit: &#runtime::Unit, sink: &mut S) -> ::core::ops::ControlFlow<()> {
            #checked
            for &e in &unit.placed {
                #runtime::search::Sink::place(sink, e);
            }
            #unit
        }

        #resume

        /// `q` from the words a unit keeps.
        fn from_words(words: &[u64]) -> #q_ty {
            #from_words
        }
    }
}

/// Prints the trees of the procedures, and records which helpers they call.
struct Emitter<'a> {
    runtime: &'a TokenStream,
    puzzle: &'a Puzzle,
    plan: &'a Plan,
    state: &'a State<'a>,
    sentinel: Position,
    /// The procedure being printed, or the cell of the dead end.
    position: Position,
    /// The cells before this position are known to be covered: the procedure's own position,
    /// 0 in a dead end's tree (whose caller may lie anywhere before it).
    floor: Position,
    /// The positions whose bit constants are used.
    bits: BTreeSet<Position>,
    /// The helpers the placements call.
    helpers: Helpers,
}

/// The helpers the placements call, by target procedure (`K`, or `caller` for the dead ends'
/// placements, which take the caller's position as an argument).
#[derive(Default)]
pub(super) struct Helpers {
    /// `place_K`: a placement without a check.
    places: BTreeSet<Next>,
    /// `leaf_K`: a placement without a check, with its last aspects to test.
    leaves: BTreeSet<Next>,
    /// `hole_K` and `enter_K`: a placement with the hole test on the bit board.
    holes: BTreeSet<Next>,
    /// `regions_K` and `fill_K`: a placement with the region check on the bit board.
    regions: BTreeSet<Next>,
    /// Whether a procedure's lookup calls the bit board's check itself.
    checks: bool,
    /// Whether a procedure's lookup counts the free cells' neighbours once and checks each
    /// placement from the counts (`free_counts` and `holes_placed`).
    counts: bool,
}

/// The name of a helper of `kind` for a target.
fn helper_name(kind: &str, target: Next) -> Ident {
    match target {
        Next::At(k) => format_ident!("{kind}_{}", k.0),
        Next::Caller => format_ident!("{kind}_caller"),
    }
}

impl Helpers {
    fn merge(&mut self, other: Helpers) {
        self.places.extend(other.places);
        self.leaves.extend(other.leaves);
        self.holes.extend(other.holes);
        self.regions.extend(other.regions);
        self.checks |= other.checks;
        self.counts |= other.counts;
    }
}

impl Emitter<'_> {
    /// A module of the program holding `items` and the helpers they call, whose helpers join
    /// those `used` so far.
    fn part(&mut self, name: Ident, items: TokenStream, used: &mut Helpers) -> TokenStream {
        let helpers = self.helpers();
        used.merge(std::mem::take(&mut self.helpers));
        quote! {
            mod #name {
                use super::*;
                #items
                #helpers
            }
            use #name::*;
        }
    }

    /// A root of the procedure: it tests the procedure's own aspect, which the procedure has
    /// just found free, so it only takes it.
    fn root(&mut self, node: &Node) -> TokenStream {
        match node {
            Node::Test { aspect, children } => {
                let position = self.puzzle.order().position(*aspect);
                debug_assert_eq!(position, self.position);
                let take = self.state.take(position);
                let children = self.nodes(children);
                quote!({ #take #children })
            }
            Node::Place { .. } => self.node(node),
        }
    }

    fn nodes(&mut self, nodes: &[Node]) -> TokenStream {
        let nodes = nodes.iter().map(|n| self.node(n));
        nodes.collect()
    }

    fn node(&mut self, node: &Node) -> TokenStream {
        match node {
            Node::Place { embedding, next } => self.leaf(self.need(&[]), *embedding, *next),
            Node::Test { aspect, children } => {
                let p = self.puzzle.order().position(*aspect);
                self.bits.insert(p);
                if self.state.is_bag(p) {
                    // A bag's counter cannot be tested with other bits.
                    let (is_free, take) = (self.state.is_free(p), self.state.take(p));
                    let children = self.nodes(children);
                    return quote!(if #is_free { #take #children });
                }
                // The longest chain of single tests of plain bits in the same word.
                let word = self.state.word_index(p);
                let mut run = vec![p];
                let mut children = children.as_slice();
                while let [Node::Test {
                    aspect,
                    children: below,
                }] = children
                {
                    let next = self.puzzle.order().position(*aspect);
                    if self.state.is_bag(next) || self.state.word_index(next) != word {
                        break;
                    }
                    self.bits.insert(next);
                    run.push(next);
                    children = below;
                }
                let need = Need {
                    word,
                    positions: run,
                };
                if let [Node::Place { embedding, next }] = children {
                    return self.leaf(need, *embedding, *next);
                }
                let (test, take) = self.state.need(&need);
                let children = self.nodes(children);
                quote!(if #test { #take #children })
            }
        }
    }

    fn need(&self, positions: &[Position]) -> Need {
        Need {
            word: 0,
            positions: positions.to_vec(),
        }
    }

    /// A placement: its last aspects `need` tested and taken, the plan's pruning check, the
    /// placement, and the search going on at `next`.
    fn leaf(&mut self, need: Need, e: EmbeddingId, next: Next) -> TokenStream {
        let target = match next {
            Next::At(p) => Next::At(p.min(self.sentinel)),
            Next::Caller => Next::Caller,
        };
        let mask = self.state.need_mask(&need);
        let named = |kind: &str| helper_name(kind, target);
        // A dead end's placements pass on the position of the procedure that called it.
        let at = matches!(target, Next::Caller).then(|| quote!(, at));
        let word = match self.plan.layout.repr {
            Repr::Words(_) => {
                let w = need.word;
                quote!(#w,)
            }
            Repr::U64 | Repr::U128 => TokenStream::new(),
        };
        let e_lit = e.0;
        let plan = self.plan;
        let (check, regions) = match &plan.prune {
            PrunePlan::Off => (None, false),
            PrunePlan::Holes(check) => (Some(check), false),
            PrunePlan::Regions(check) => (Some(check), true),
        };
        let cells = check.map(|c| self.border(c, e)).unwrap_or_default();
        match check {
            // Pairs walled in are looked for anywhere, so after every placement; a hole or a
            // region, only where the placement has a free cell next to it.
            Some(Check {
                board: Some(board),
                pairs,
                ..
            }) if !cells.is_empty() || *pairs => {
                let border = Literal::u128_unsuffixed(board.mask(cells));
                let helper = match regions {
                    true => {
                        self.helpers.regions.insert(target);
                        named("regions")
                    }
                    false => {
                        self.helpers.holes.insert(target);
                        named("hole")
                    }
                };
                quote!(#helper(q, #word #mask, #border, #e_lit, sink #at)?;)
            }
            Some(Check {
                regions: tables,
                board: None,
                ..
            }) if !cells.is_empty() => {
                // No bit board: the check written out at the placement.
                self.helpers.places.insert(target);
                let place = named("place");
                let (test, take) = self.test_need(&need);
                let (check, pruned) = match regions {
                    true => {
                        let words = self.state.words();
                        (quote!(REGIONS.allows(&#words, #e_lit)), TokenStream::new())
                    }
                    false => (self.hole_masks(tables, e, &cells), quote!(!)),
                };
                quote! {
                    if #test {
                        #take
                        if #pruned(#check) {
                            #place(q, #e_lit, sink #at)?;
                        } else {
                            sink.pruned();
                        }
                    }
                }
            }
            _ => {
                self.helpers.places.insert(target);
                self.helpers.leaves.insert(target);
                let leaf = named("leaf");
                quote!(#leaf(q, #word #mask, #e_lit, sink #at)?;)
            }
        }
    }

    /// The cells next to placement `e` that the check after it looks at: those before this
    /// procedure's are covered, and no hole or region lies there.
    fn border(&self, check: &Check, e: EmbeddingId) -> Vec<u32> {
        let border = check.regions.border(e.0).iter().copied();
        border.filter(|&c| c >= self.floor.0).collect()
    }

    /// A procedure's tree as a lookup (`Fitting::Tables`): the placements that fit found at
    /// once (in the procedure's entry), then each of them in the tree's order, its check, and
    /// on to its target (in its tree).
    fn lookup(&mut self, roots: &[Node]) -> (Found, TokenStream) {
        let mut leaves = Vec::new();
        for root in roots {
            self.leaves(root, 0, &mut leaves);
        }
        let layout = &self.plan.layout;
        let own = 1u128 << layout.fields[self.position.index()].offset;
        let masks: Vec<u128> = leaves.iter().map(|&(mask, _, _)| mask).collect();
        let lookup = Lookup::new(&masks, own);
        let n = leaves.len();
        let check = self.plan.prune.check();
        let board = check.and_then(|c| c.board.as_ref());
        let fused = self.plan.fuses_dead_ends();
        // The procedures the placements go on with, each named once; a placement says which.
        let mut targets: Vec<Next> = Vec::new();
        let mut target_of = Vec::with_capacity(n);
        for &(_, _, next) in &leaves {
            let Next::At(p) = next else {
                unreachable!("a procedure's placements go on at a position")
            };
            let target = Next::At(p.min(self.sentinel));
            target_of.push(match targets.iter().position(|&t| t == target) {
                Some(t) => t as u16,
                None => {
                    targets.push(target);
                    targets.len() as u16 - 1
                }
            });
        }
        let calls: Vec<TokenStream> = targets
            .iter()
            .map(|&target| match fused {
                // The hole test finds the dead ends on its way, in the placement's entry.
                true => {
                    self.helpers.holes.insert(target);
                    let enter = helper_name("enter", target);
                    quote!(#enter(q, BORDERS[j], EMBEDDINGS[j], sink))
                }
                false => {
                    self.helpers.places.insert(target);
                    let place = helper_name("place", target);
                    quote!(#place(q, EMBEDDINGS[j], sink))
                }
            })
            .collect();
        let dispatch = match calls.split_last() {
            Some((call, [])) => call.clone(),
            Some((last, calls)) => {
                let arms = (0..calls.len() as u16).map(Literal::u16_suffixed);
                quote!(match TARGETS[j] { #(#arms => #calls,)* _ => #last })
            }
            None => unreachable!("a procedure's tree places something"),
        };
        let q_ty = self.state.ty();
        let masks = masks.iter().map(|&m| Literal::u128_unsuffixed(m));
        let embeddings = leaves.iter().map(|&(_, e, _)| e.0);
        let (borders, checked_first, checked_as_placed) = match board {
            Some(board) => {
                let check = check.expect("a board is a check's");
                let word = board_word(board);
                let checks_first = !fused && self.plan.checking.first();
                let counted = !fused && self.plan.checking == Checking::FromCounts;
                let (table, fails) = match counted {
                    true => {
                        self.helpers.counts = true;
                        let reach: Vec<Vec<u128>> = (leaves.iter())
                            .map(|&(mask, _, _)| board.reach((mask >> board.offset) & board.cells))
                            .collect();
                        let width = reach.iter().map(Vec::len).max().unwrap_or(1);
                        let reach = reach.iter().map(|words| {
                            let words = (0..width)
                                .map(|k| board_literal(board, words.get(k).copied().unwrap_or(0)));
                            quote!([#(#words),*])
                        });
                        let floor = board_literal(board, board.from(self.floor.0));
                        (
                            quote!(const REACH: [[#word; #width]; #n] = [#(#reach),*];),
                            quote!(holes_placed(&counts, &REACH[j], #floor)),
                        )
                    }
                    false => {
                        self.helpers.checks |= !fused;
                        let borders = leaves.iter().map(|&(_, e, _)| {
                            Literal::u128_unsuffixed(board.mask(self.border(check, e)))
                        });
                        let fails = match &self.plan.prune {
                            PrunePlan::Regions(_) => fails_regions(quote!(BORDERS[j])),
                            _ => fails_holes(quote!(BORDERS[j])),
                        };
                        (quote!(const BORDERS: [#word; #n] = [#(#borders),*];), fails)
                    }
                };
                let as_placed = (!fused && !checks_first).then(|| {
                    quote! {
                        if #fails {
                            sink.pruned();
                            continue;
                        }
                    }
                });
                // Every placement that fits checked before any is placed, with no branch on
                // the outcome: the placements the check refuses leave `fit`.
                let first = checks_first.then(|| {
                    let (counts, after) = match counted {
                        true => (quote!(let counts = free_counts(q);), TokenStream::new()),
                        false => (TokenStream::new(), quote!(let q = q ^ MASKS[j];)),
                    };
                    quote! {
                        #counts
                        let mut fit = fit;
                        for (w, word) in fit.iter_mut().enumerate() {
                            let before = *word;
                            let mut rest = before;
                            while rest != 0 {
                                let bit = rest.trailing_zeros();
                                rest &= rest - 1;
                                let j = w * 64 + bit as usize;
                                #after
                                let fails = #fails;
                                *word &= !(u64::from(fails) << bit);
                            }
                            for _ in 0..(before ^ *word).count_ones() {
                                sink.pruned();
                            }
                        }
                    }
                });
                (Some(table), first, as_placed)
            }
            None => (None, None, None),
        };
        let targets =
            (targets.len() > 1).then(|| quote!(const TARGETS: [u16; #n] = [#(#target_of),*];));
        let words = lookup.words;
        let nibbles = lookup.nibbles.len();
        let tables = lookup.nibbles.iter().map(|nibble| {
            let entries = nibble.allows.iter().map(|a| quote!([#(#a),*]));
            quote!([#(#entries),*])
        });
        // Each nibble read from the word of `q` that holds it.
        let halves = self.plan.layout.repr == Repr::U128;
        let split = halves.then(|| quote!(let (low, high) = (q as u64, (q >> 64) as u64);));
        let lookups = lookup.nibbles.iter().enumerate().map(|(i, nibble)| {
            let (word, shift) = match (halves, nibble.shift >= 64) {
                (false, _) => (quote!(q), nibble.shift),
                (true, false) => (quote!(low), nibble.shift),
                (true, true) => (quote!(high), nibble.shift - 64),
            };
            // No shift by zero: it would draw a lint.
            let shifted = match shift {
                0 => word,
                _ => quote!((#word >> #shift)),
            };
            let allows = quote!(ALLOWS[#i][(#shifted & 15) as usize]);
            let each = (0..words).map(|w| quote!(fit[#w] &= #allows[#w];));
            quote!(#(#each)*)
        });
        let all = &lookup.all;
        let find = quote! {
            /// For each nibble of `q` the placements need, which placements each of its
            /// values allows.
            static ALLOWS: [[[u64; #words]; 16]; #nibbles] = [#(#tables),*];
            let fit = {
                #split
                let mut fit: [u64; #words] = [#(#all),*];
                #(#lookups)*
                fit
            };
        };
        let visit = quote! {
            {
                const MASKS: [#q_ty; #n] = [#(#masks),*];
                const EMBEDDINGS: [u32; #n] = [#(#embeddings),*];
                #borders
                #targets
                #checked_first
                for (w, mut word) in fit.into_iter().enumerate() {
                    while word != 0 {
                        let j = w * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let q = q ^ MASKS[j];
                        #checked_as_placed
                        let flow = #dispatch;
                        if sink.may_stop() {
                            flow?;
                        }
                    }
                }
            }
        };
        (Found { find, words }, visit)
    }

    /// The placements below `node` in the tree's order, each with its aspects' bits in `q`
    /// (those of the tests above it, in `mask`) and where it goes on.
    fn leaves(&self, node: &Node, mask: u128, out: &mut Vec<(u128, EmbeddingId, Next)>) {
        match node {
            Node::Test { aspect, children } => {
                let p = self.puzzle.order().position(*aspect);
                let mask = mask | 1 << self.plan.layout.fields[p.index()].offset;
                children.iter().for_each(|c| self.leaves(c, mask, out));
            }
            Node::Place { embedding, next } => out.push((mask, *embedding, *next)),
        }
    }

    /// The test and take of a need, `true` and nothing for an empty one.
    fn test_need(&self, need: &Need) -> (TokenStream, TokenStream) {
        match need.positions.is_empty() {
            true => (quote!(true), TokenStream::new()),
            false => self.state.need(need),
        }
    }

    /// Whether placing `e` left a hole among the border cells `cells`, written out as one mask
    /// test per cell (its bit set, its neighbours' clear): the check where `q` has no bit
    /// board. A cell's bit is its position (cells come before any bag).
    fn hole_masks(&self, regions: &Regions, e: EmbeddingId, cells: &[u32]) -> TokenStream {
        let inside: Vec<u32> = self
            .puzzle
            .cover()
            .aspects(e)
            .iter()
            .map(|&a| self.puzzle.order().position(a).0)
            .collect();
        let floor = self.floor.0;
        // A neighbour before this procedure, or in the placement, is known to be covered.
        let known = |n: u32| n < floor || inside.contains(&n);
        let word_of = |p: u32| match self.plan.layout.repr {
            Repr::U64 | Repr::U128 => (0, p),
            Repr::Words(_) => (p / 64, p % 64),
        };
        let tests = cells.iter().map(|&c| {
            let mut words: std::collections::BTreeMap<u32, (u128, u128)> = Default::default();
            let (w, b) = word_of(c);
            let entry = words.entry(w).or_default();
            entry.0 |= 1 << b;
            entry.1 |= 1 << b;
            for &n in regions.neighbours(c).iter().filter(|&&n| !known(n)) {
                let (w, b) = word_of(n);
                words.entry(w).or_default().0 |= 1 << b;
            }
            let parts = words.into_iter().map(|(w, (mask, bit))| {
                let (word, mask, bit) = match self.plan.layout.repr {
                    Repr::Words(_) => {
                        let w = w as usize;
                        let (mask, bit) = (mask as u64, bit as u64);
                        let (mask, bit) =
                            (Literal::u64_unsuffixed(mask), Literal::u64_unsuffixed(bit));
                        (quote!(q[#w]), mask, bit)
                    }
                    Repr::U64 | Repr::U128 => (
                        quote!(q),
                        Literal::u128_unsuffixed(mask),
                        Literal::u128_unsuffixed(bit),
                    ),
                };
                quote!(#word & #mask == #bit)
            });
            quote!((#(#parts)&&*))
        });
        quote!(#(#tests)||*)
    }

    /// The helpers the placements call, one of each kind per target procedure `K`: the
    /// placement itself (`place_K`, `enter_K` with the hole test, `fill_K` with the region
    /// check) is written once per target, not at every placement, which keeps the procedures
    /// small enough for the instruction cache; the last aspects' tests (`leaf_K`, `hole_K`,
    /// `regions_K`) are inlined at the placements.
    fn helpers(&self) -> TokenStream {
        let state = self.state;
        let q_ty = state.ty();
        let (word_param, test, take) = match self.plan.layout.repr {
            Repr::U64 | Repr::U128 => (
                quote!(need: #q_ty,),
                quote!(q & need != need),
                quote!(let q = q ^ need;),
            ),
            Repr::Words(_) => (
                quote!(w: usize, need: u64,),
                quote!(q[w] & need != need),
                quote!(let mut q = q; q[w] ^= need;),
            ),
        };
        let runtime = &self.runtime;
        let sink = quote!(S: #runtime::search::Sink + ?Sized);
        let flow = quote!(::core::ops::ControlFlow<()>);
        let skip = quote!(return ::core::ops::ControlFlow::Continue(()););
        let used = &self.helpers;
        // Where a placement goes on: the target's position and procedure, or the caller's
        // (a parameter `at` more), resumed by position.
        let target = |k: Next| match k {
            Next::At(p) => {
                let (at, next) = (p.0, name_of(p, self.sentinel));
                (
                    TokenStream::new(),
                    TokenStream::new(),
                    quote!(#at),
                    quote!(#next),
                )
            }
            Next::Caller => (
                quote!(, at: u32),
                quote!(, at),
                quote!(at),
                quote!(|q, sink| resume(at, q, sink)),
            ),
        };
        let places = used.places.iter().map(|&k| {
            let name = helper_name("place", k);
            let (param, _, at, next) = target(k);
            quote! {
                #[inline(never)]
                fn #name<#sink>(q: #q_ty, e: u32, sink: &mut S #param) -> #flow {
                    go(q, e, sink, #at, #next)
                }
            }
        });
        // The inlined test at a placement: take the last aspects' bits and call the helper.
        let guarded = |name: Ident, callee: Ident, border: Option<&TokenStream>, k: Next| {
            let (param, arg) = match border {
                Some(word) => (quote!(border: #word,), quote!(border,)),
                None => (quote!(), quote!()),
            };
            let (at_param, at_arg, _, _) = target(k);
            quote! {
                #[inline(always)]
                fn #name<#sink>(q: #q_ty, #word_param #param e: u32, sink: &mut S #at_param) -> #flow {
                    if #test {
                        #skip
                    }
                    #take
                    let flow = #callee(q, #arg e, sink #at_arg);
                    if sink.may_stop() { flow } else { ::core::ops::ControlFlow::Continue(()) }
                }
            }
        };
        let leaves = used
            .leaves
            .iter()
            .map(|&k| guarded(helper_name("leaf", k), helper_name("place", k), None, k));
        let board = self.plan.prune.check().and_then(|c| c.board.as_ref());
        let word = board.map(board_word);
        // A pruning helper: the inlined test, then (once per target) the check and the placement.
        let pruned = |k: Next, prefix: &str, entry: &str, fails: TokenStream| {
            let (name, enter) = (helper_name(prefix, k), helper_name(entry, k));
            let (param, _, at, next) = target(k);
            let test = guarded(name, enter.clone(), word.as_ref(), k);
            // The hole test finds the dead ends on its way, where they are on the same board.
            let body = match self.plan.fuses_dead_ends() {
                true if prefix == "hole" => quote! {
                    let ::core::option::Option::Some(ends) = holes_or_dead_ends(q, border) else {
                        sink.pruned();
                        #skip
                    };
                    go_with(q, e, sink, #at, #next, ends)
                },
                _ => quote! {
                    if #fails {
                        sink.pruned();
                        #skip
                    }
                    go(q, e, sink, #at, #next)
                },
            };
            quote! {
                #test

                #[inline(never)]
                fn #enter<#sink>(q: #q_ty, border: #word, e: u32, sink: &mut S #param) -> #flow {
                    #body
                }
            }
        };
        let holes =
            (used.holes.iter()).map(|&k| pruned(k, "hole", "enter", fails_holes(quote!(border))));
        let regions = (used.regions.iter())
            .map(|&k| pruned(k, "regions", "fill", fails_regions(quote!(border))));
        quote! {
            #(#places)*
            #(#leaves)*
            #(#holes)*
            #(#regions)*
        }
    }

    /// What the helpers of every module share: placing itself, and the pruning check.
    fn shared(&self, runtime: &TokenStream, used: &Helpers) -> TokenStream {
        let state = self.state;
        let q_ty = state.ty();
        let words = state.words();
        let sink = quote!(S: #runtime::search::Sink + ?Sized);
        let flow = quote!(::core::ops::ControlFlow<()>);
        let any = !(used.places.is_empty() && used.holes.is_empty() && used.regions.is_empty());
        let go = any.then(|| {
            let next = quote!(::core::ops::FnOnce(#q_ty, &mut S) -> #flow);
            match &self.plan.dead_ends {
                None => quote! {
                    /// Places `e`, whose aspects are taken, and goes on with `next`, the
                    /// procedure at position `at`, unless the sink cuts the search here.
                    #[inline(always)]
                    fn go<#sink>(q: #q_ty, e: u32, sink: &mut S, at: u32, next: impl #next) -> #flow {
                        sink.place(e);
                        let flow = if sink.cut() {
                            sink.unit(&#words, at)
                        } else {
                            next(q, sink)
                        };
                        sink.unplace();
                        flow
                    }
                },
                Some(board) => {
                    let word = board_word(board);
                    let choice = self.plan.fewest_fits.as_ref().map(|_| {
                        quote!(else if chooses(q, at) { fewest_fits(q, sink, at) })
                    });
                    quote! {
                        /// Places `e`, whose aspects are taken, and goes on with `next`, the
                        /// procedure at position `at`, after the dead ends; unless the sink cuts
                        /// the search here.
                        #[inline(always)]
                        fn go<#sink>(q: #q_ty, e: u32, sink: &mut S, at: u32, next: impl #next) -> #flow {
                            go_with(q, e, sink, at, next, dead_ends(q))
                        }

                        /// [`go`] with the dead ends `ends` of `q` found.
                        #[inline(always)]
                        fn go_with<#sink>(q: #q_ty, e: u32, sink: &mut S, at: u32, next: impl #next, ends: #word) -> #flow {
                            sink.place(e);
                            let flow = if sink.cut() {
                                sink.unit(&#words, at)
                            } else if ends != 0 {
                                dead_end(ends.trailing_zeros(), q, sink, at)
                            } #choice else {
                                next(q, sink)
                            };
                            sink.unplace();
                            flow
                        }
                    }
                }
            }
        });
        let dead_ends = self.plan.dead_ends.as_ref().map(|board| {
            let dead_ends = self.puzzle.program().dead_ends();
            let arms = dead_ends.iter().filter(|d| !d.roots.is_empty()).map(|d| {
                let position = self.puzzle.order().position(d.cell).0;
                let (bit, name) = (
                    position - board.offset,
                    format_ident!("dead_end_{}", position),
                );
                quote!(#bit => #name(q, sink, at),)
            });
            let (word, free, steps) = board_parts(state, board);
            let k = board.steps.len();
            let cells = board_literal(board, board.cells);
            quote! {
                /// The dead ends of `q` to cover first (its free cells with one free neighbour,
                /// those in a pocket or a corridor first).
                #[inline(always)]
                fn dead_ends(q: #q_ty) -> #word {
                    const STEPS: [(u32, #word); #k] = [#(#steps),*];
                    #runtime::__private::board_dead_ends(&STEPS, #cells, #free)
                }

                /// Covers the dead end at bit `bit` of the board, going on at the procedure at
                /// `at`.
                #[inline(never)]
                fn dead_end<#sink>(bit: u32, q: #q_ty, sink: &mut S, at: u32) -> #flow {
                    match bit {
                        #(#arms)*
                        _ => ::core::ops::ControlFlow::Continue(()),
                    }
                }
            }
        });
        let board = self.plan.prune.check().and_then(|c| c.board.as_ref());
        let check = match (&self.plan.prune, board) {
            (PrunePlan::Holes(_), Some(board))
                if !used.holes.is_empty() || used.checks || used.counts =>
            {
                let pairs = self.plan.prune.check().is_some_and(|c| c.pairs);
                let fused = self.plan.fuses_dead_ends().then(|| {
                    let (word, free, steps) = board_parts(state, board);
                    let (k, cells) = (board.steps.len(), board_literal(board, board.cells));
                    quote! {
                        /// The dead ends of `q`, unless the hole test fails next to `border`.
                        #[inline]
                        fn holes_or_dead_ends(q: #q_ty, border: #word) -> ::core::option::Option<#word> {
                            const STEPS: [(u32, #word); #k] = [#(#steps),*];
                            #runtime::__private::board_holes_or_dead_ends(&STEPS, #cells, #free, border, #pairs)
                        }
                    }
                });
                let checked = !used.holes.is_empty() || used.checks;
                let check = (checked && !self.plan.fuses_dead_ends())
                    .then(|| board_check(runtime, state, board, BoardCheck::Holes(pairs)));
                let counted = used
                    .counts
                    .then(|| board_counted(runtime, state, board, pairs));
                Some(quote!(#check #fused #counted))
            }
            (PrunePlan::Regions(check), Some(board)) if !used.regions.is_empty() || used.checks => {
                Some(board_check(
                    runtime,
                    state,
                    board,
                    BoardCheck::Regions(&check.regions),
                ))
            }
            _ => None,
        };
        let fewest_fits = (self.plan.fewest_fits.as_ref())
            .zip(self.plan.dead_ends.as_ref())
            .map(|(fits, board)| fewest_fits(runtime, state, fits, board));
        quote! {
            #go
            #check
            #dead_ends
            #fewest_fits
        }
    }
}

/// The choice of the cell with the fewest fits: whether the search makes it, and the cell's
/// placements, each checked for holes (anywhere on the board: a hole is only ever made next
/// to the last placement) and going on as a dead end's do.
fn fewest_fits(
    runtime: &TokenStream,
    state: &State<'_>,
    fits: &FitsPlan,
    board: &BitBoard,
) -> TokenStream {
    let q_ty = state.ty();
    let (word, free, steps) = board_parts(state, board);
    let steps_len = steps.len();
    let cells = board_literal(board, board.cells);
    let sink = quote!(S: #runtime::search::Sink + ?Sized);
    let flow = quote!(::core::ops::ControlFlow<()>);
    let (from, above) = (fits.from.0, fits.above);
    let (cells_n, runs_n) = (fits.cells.len(), fits.runs.len());
    let (embeddings_n, masks_n) = (fits.embeddings.len(), fits.masks.len());
    let starts = &fits.cells;
    let embeddings = &fits.embeddings;
    let runs = fits.runs.iter().map(|run| {
        let (needs, start, end) = (Literal::u128_unsuffixed(run.needs), run.start, run.end);
        quote!(Run { needs: #needs, start: #start, end: #end })
    });
    let masks = fits
        .masks
        .iter()
        .map(|&mask| Literal::u128_unsuffixed(mask));
    let doc = format!(
        "Whether the search going on at `at` covers next the cell with the fewest fits: \
         past the pieces placed first, while more than {above} cells are free."
    );
    quote! {
        #[doc = #doc]
        #[inline(always)]
        fn chooses(q: #q_ty, at: u32) -> bool {
            at >= #from && (#free & #cells).count_ones() > #above
        }

        /// Covers the free cell that the fewest placements fit, going on at the procedure at
        /// `at`; none where a free cell fits nothing.
        #[inline(never)]
        fn fewest_fits<#sink>(q: #q_ty, sink: &mut S, at: u32) -> #flow {
            use #runtime::__private::Run;
            static CELLS: [u32; #cells_n] = [#(#starts),*];
            static RUNS: [Run<#q_ty>; #runs_n] = [#(#runs),*];
            static EMBEDDINGS: [u32; #embeddings_n] = [#(#embeddings),*];
            static MASKS: [#q_ty; #masks_n] = [#(#masks),*];
            // Each entry's cells, read from its embedding's mask when the program is compiled.
            static BOARD: [#word; #embeddings_n] = {
                let mut board = [0; #embeddings_n];
                let mut i = 0;
                while i < #embeddings_n {
                    let q = MASKS[EMBEDDINGS[i] as usize];
                    board[i] = #free & #cells;
                    i += 1;
                }
                board
            };
            let fits = #runtime::__private::Fits {
                cells: &CELLS,
                runs: &RUNS,
                embeddings: &EMBEDDINGS,
                board: &BOARD,
            };
            const STEPS: [(u32, #word); #steps_len] = [#(#steps),*];
            let free = #free;
            let hemmed = #runtime::__private::board_hemmed_in(&STEPS, #cells, free);
            let ::core::option::Option::Some(bit) = (match hemmed {
                [0, 0] => fits.fewest(free & #cells, q),
                _ => fits.fewest_of(hemmed, free, q),
            }) else {
                return ::core::ops::ControlFlow::Continue(());
            };
            for e in fits.fitting(bit, free, q) {
                let q = q ^ MASKS[e as usize];
                let ::core::option::Option::Some(ends) = holes_or_dead_ends(q, #cells) else {
                    sink.pruned();
                    continue;
                };
                let flow = go_with(q, e, sink, at, |q, sink| resume(at, q, sink), ends);
                if sink.may_stop() {
                    flow?;
                }
            }
            ::core::ops::ControlFlow::Continue(())
        }
    }
}

/// The placements of a procedure that fit its free set, as its entry finds them by lookup.
struct Found {
    /// Statements that leave in `fit: [u64; words]` one bit per placement that fits, in the
    /// tree's order.
    find: TokenStream,
    /// The words of `fit`.
    words: usize,
}

/// Whether the hole test fails for `q` after a placement with this border on the bit board
/// (the function `board_check` writes).
fn fails_holes(border: TokenStream) -> TokenStream {
    quote!(holes_left(q, #border))
}

/// Whether the region check fails for `q` after a placement with this border on the bit board.
fn fails_regions(border: TokenStream) -> TokenStream {
    quote!(!regions_allow(q, #border))
}

/// Which check a bit board's function makes.
enum BoardCheck<'a> {
    /// The hole test, with pairs of free cells walled in together where they are holes.
    Holes(bool),
    /// The region check with these tables.
    Regions(&'a Regions),
}

/// The check on the bit board, as one function: the hole test (inlined: a few shifts), or
/// the region check (not inlined, it loops).
fn board_check(
    runtime: &TokenStream,
    state: &State<'_>,
    board: &BitBoard,
    check: BoardCheck<'_>,
) -> TokenStream {
    let q_ty = state.ty();
    let (word, free, steps) = board_parts(state, board);
    let k = board.steps.len();
    let cells = board_literal(board, board.cells);
    match check {
        BoardCheck::Holes(pairs) => {
            let doc = match pairs {
                true => " Whether a free cell of `border` is walled in, or two anywhere together.",
                false => " Whether a free cell of `border` is walled in.",
            };
            quote! {
                #[doc = #doc]
                #[inline]
                fn holes_left(q: #q_ty, border: #word) -> bool {
                    const STEPS: [(u32, #word); #k] = [#(#steps),*];
                    #runtime::__private::board_holes(&STEPS, #cells, #free, border, #pairs)
                }
            }
        }
        BoardCheck::Regions(r) => {
            let (smallest, divisor, cap) = (r.smallest, r.divisor, r.cap);
            quote! {
                /// Whether the regions of free cells touching `border` could still be filled.
                #[inline(never)]
                fn regions_allow(q: #q_ty, border: #word) -> bool {
                    const STEPS: [(u32, #word); #k] = [#(#steps),*];
                    #runtime::__private::board_allows(&STEPS, #cells, [#smallest, #divisor, #cap], #free, border)
                }
            }
        }
    }
}

/// The hole test from one count of the free cells' neighbours per procedure call: the count
/// (`free_counts`), and the test of each placement from it (`holes_placed`), given the
/// placement's reach (`BitBoard::reach`) and the cells from the procedure's position on.
fn board_counted(
    runtime: &TokenStream,
    state: &State<'_>,
    board: &BitBoard,
    pairs: bool,
) -> TokenStream {
    let q_ty = state.ty();
    let (word, free, steps) = board_parts(state, board);
    let k = board.steps.len();
    let cells = board_literal(board, board.cells);
    let doc = match pairs {
        true => " Whether the placement of `reach` leaves a free cell of `floor` walled in next to it, or two free cells anywhere together, from the free cells' `counts` before it.",
        false => " Whether the placement of `reach` leaves a free cell of `floor` walled in next to it, from the free cells' `counts` before it.",
    };
    quote! {
        /// The free cells of `q` by how many free neighbours each has, from one to `N`.
        #[inline]
        fn free_counts<const N: usize>(q: #q_ty) -> [#word; N] {
            const STEPS: [(u32, #word); #k] = [#(#steps),*];
            #runtime::__private::board_free_counts(&STEPS, #cells, #free)
        }

        #[doc = #doc]
        #[inline]
        fn holes_placed<const N: usize>(counts: &[#word; N], reach: &[#word; N], floor: #word) -> bool {
            const STEPS: [(u32, #word); #k] = [#(#steps),*];
            #runtime::__private::board_holes_placed(&STEPS, counts, reach, floor, #pairs)
        }
    }
}

/// What a check on a bit board is written with: the board's word, the free cells of `q` as
/// that word, and the steps as literals.
fn board_parts(
    state: &State<'_>,
    board: &BitBoard,
) -> (TokenStream, TokenStream, Vec<TokenStream>) {
    let word = board_word(board);
    let offset = board.offset;
    // Neither a shift by zero nor a cast to `q`'s own type is written: they would draw lints.
    let shifted = match offset {
        0 => quote!(q),
        _ => quote!((q >> #offset)),
    };
    let free = match board.fits_u64() == matches!(state.layout.repr, Repr::U64) {
        true => shifted,
        false => quote!(#shifted as #word),
    };
    let steps = board.steps.iter().map(|&(s, from)| {
        let from = board_literal(board, from);
        quote!((#s, #from))
    });
    (word, free, steps.collect())
}

/// The integer a bit board is held in: `u64` where it fits.
fn board_word(board: &BitBoard) -> TokenStream {
    match board.fits_u64() {
        true => quote!(u64),
        false => quote!(u128),
    }
}

/// A mask of a bit board, as a literal of its word type.
fn board_literal(board: &BitBoard, mask: u128) -> Literal {
    match board.fits_u64() {
        true => Literal::u64_suffixed(mask as u64),
        false => Literal::u128_suffixed(mask),
    }
}
