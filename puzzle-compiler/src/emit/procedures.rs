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

use super::state::{Need, State};
use crate::cover::EmbeddingId;
use crate::order::Position;
use crate::plan::{BitBoard, Check, Plan, PrunePlan, Repr};
use crate::program::{Body, Node};
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
        bits: BTreeSet::new(),
        helpers: Helpers::default(),
    };
    let q_ty = state.ty();
    let mut parts = Vec::new();
    let mut used = Helpers::default();
    let positions: Vec<usize> = (0..procedures.len()).collect();
    // Procedures in several modules: rustc gives each module a codegen unit of its own, so
    // that the optimiser works on them in parallel. The placements' helpers are written in
    // the module that calls them, so that the optimiser sees each one's callers (and drops
    // what a sink ignores, such as the embedding a counter does not record).
    for (i, chunk) in positions.chunks(PROCEDURES_PER_PART).enumerate() {
        let mut trees = Vec::new();
        let functions: Vec<TokenStream> = chunk
        .iter()
        .map(|&k| (k, &procedures[k]))
        .map(|(k, procedure)| {
            let position = Position(k as u32);
            emitter.position = position;
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
                    let roots: Vec<TokenStream> = roots.iter().map(|n| emitter.root(n)).collect();
                    // An optional aspect may also stay uncovered.
                    let end = procedure.optional.then(|| quote!(#next(q, sink)?;));
                    let is_covered = state.is_covered(position);
                    let tree = format_ident!("tree_{}", k);
                    trees.push(quote! {
                        /// The tree of the procedure at this position, apart from its entry so
                        /// that the entry's quick ways out stay cheap.
                        #[inline(never)]
                        fn #tree<S: #runtime::search::Sink + ?Sized>(q: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
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
                                #runtime::__private::remembered(PUZZLE, &#key, sink, |sink| #tree(q, sink))
                            }
                        }
                        None => quote! {
                            if #is_covered {
                                return #next(q, sink);
                            }
                            #tree(q, sink)
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
        let helpers = emitter.helpers();
        used.merge(std::mem::take(&mut emitter.helpers));
        let name = format_ident!("part_{}", i);
        parts.push(quote! {
            mod #name {
                use super::*;
                #(#functions)*
                #(#trees)*
                #helpers
            }
            use #name::*;
        });
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

/// Procedures per module.
const PROCEDURES_PER_PART: usize = 8;

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
            #first(#full, sink)
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
            let q = from_words(&unit.q);
            match unit.next {
                #(#resume)*
                _ => solution(q, sink),
            }
        }

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
    /// The procedure being printed.
    position: Position,
    /// The positions whose bit constants are used.
    bits: BTreeSet<Position>,
    /// The helpers the placements call.
    helpers: Helpers,
}

/// The helpers the placements call, by target procedure.
#[derive(Default)]
pub(super) struct Helpers {
    /// `place_K`: a placement without a check.
    places: BTreeSet<Position>,
    /// `leaf_K`: a placement without a check, with its last aspects to test.
    leaves: BTreeSet<Position>,
    /// `hole_K` and `enter_K`: a placement with the hole test on the bit board.
    holes: BTreeSet<Position>,
    /// `regions_K` and `fill_K`: a placement with the region check on the bit board.
    regions: BTreeSet<Position>,
}

impl Helpers {
    fn merge(&mut self, other: Helpers) {
        self.places.extend(other.places);
        self.leaves.extend(other.leaves);
        self.holes.extend(other.holes);
        self.regions.extend(other.regions);
    }
}

impl Emitter<'_> {
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
    fn leaf(&mut self, need: Need, e: EmbeddingId, next: Position) -> TokenStream {
        let target = next.min(self.sentinel);
        let mask = self.state.need_mask(&need);
        let named = |kind: &str| format_ident!("{kind}_{}", target.0);
        let word = match self.plan.layout.repr {
            Repr::Words(_) => {
                let w = need.word;
                quote!(#w,)
            }
            Repr::U64 | Repr::U128 => TokenStream::new(),
        };
        let e_lit = e.0;
        let position = self.position.0;
        let plan = self.plan;
        // Cells before this procedure's are covered: no hole or region lies there.
        let border = |regions: &Regions| -> Vec<u32> {
            let border = regions.border(e.0).iter().copied();
            border.filter(|&c| c >= position).collect()
        };
        let (check, regions) = match &plan.prune {
            PrunePlan::Off => (None, false),
            PrunePlan::Holes(check) => (Some(check), false),
            PrunePlan::Regions(check) => (Some(check), true),
        };
        let cells = check.map(|c| border(&c.regions)).unwrap_or_default();
        match check {
            Some(Check {
                board: Some(board), ..
            }) if !cells.is_empty() => {
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
                quote!(#helper(q, #word #mask, #border, #e_lit, sink)?;)
            }
            Some(Check {
                regions: tables,
                board: None,
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
                            #place(q, #e_lit, sink)?;
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
                quote!(#leaf(q, #word #mask, #e_lit, sink)?;)
            }
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
        let at = self.position.0;
        // A neighbour before this procedure, or in the placement, is known to be covered.
        let known = |n: u32| n < at || inside.contains(&n);
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
        let places = used.places.iter().map(|&k| {
            let (name, next, at) = (
                format_ident!("place_{}", k.0),
                name_of(k, self.sentinel),
                k.0,
            );
            quote! {
                #[inline(never)]
                fn #name<#sink>(q: #q_ty, e: u32, sink: &mut S) -> #flow {
                    go(q, e, sink, #at, #next)
                }
            }
        });
        // The inlined test at a placement: take the last aspects' bits and call the helper.
        let guarded = |name: Ident, callee: Ident, border: Option<&TokenStream>| {
            let (param, arg) = match border {
                Some(word) => (quote!(border: #word,), quote!(border,)),
                None => (quote!(), quote!()),
            };
            quote! {
                #[inline(always)]
                fn #name<#sink>(q: #q_ty, #word_param #param e: u32, sink: &mut S) -> #flow {
                    if #test {
                        #skip
                    }
                    #take
                    let flow = #callee(q, #arg e, sink);
                    if sink.may_stop() { flow } else { ::core::ops::ControlFlow::Continue(()) }
                }
            }
        };
        let leaves = used.leaves.iter().map(|&k| {
            guarded(
                format_ident!("leaf_{}", k.0),
                format_ident!("place_{}", k.0),
                None,
            )
        });
        let board = self.plan.prune.check().and_then(|c| c.board.as_ref());
        let word = board.map(board_word);
        // A pruning helper: the inlined test, then (once per target) the check and the placement.
        let pruned = |k: Position, prefix: &str, entry: &str, fails: TokenStream| {
            let (name, enter) = (
                format_ident!("{prefix}_{}", k.0),
                format_ident!("{entry}_{}", k.0),
            );
            let (next, at) = (name_of(k, self.sentinel), k.0);
            let test = guarded(name, enter.clone(), word.as_ref());
            quote! {
                #test

                #[inline(never)]
                fn #enter<#sink>(q: #q_ty, border: #word, e: u32, sink: &mut S) -> #flow {
                    if #fails {
                        sink.pruned();
                        #skip
                    }
                    go(q, e, sink, #at, #next)
                }
            }
        };
        let holes =
            (used.holes.iter()).map(|&k| pruned(k, "hole", "enter", quote!(holes_left(q, border))));
        let regions = (used.regions.iter())
            .map(|&k| pruned(k, "regions", "fill", quote!(!regions_allow(q, border))));
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
            quote! {
                /// Places `e`, whose aspects are taken, and goes on with `next`, the procedure
                /// at position `at`, unless the sink cuts the search here.
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
            }
        });
        let board = self.plan.prune.check().and_then(|c| c.board.as_ref());
        let check = match (&self.plan.prune, board) {
            (PrunePlan::Holes(_), Some(board)) if !used.holes.is_empty() => {
                Some(board_check(runtime, state, board, None))
            }
            (PrunePlan::Regions(check), Some(board)) if !used.regions.is_empty() => {
                Some(board_check(runtime, state, board, Some(&check.regions)))
            }
            _ => None,
        };
        quote! {
            #go
            #check
        }
    }
}

/// The check on the bit board, as one function: the hole test (inlined: a few shifts), or
/// the region check (`regions`: not inlined, it loops).
fn board_check(
    runtime: &TokenStream,
    state: &State<'_>,
    board: &BitBoard,
    regions: Option<&Regions>,
) -> TokenStream {
    let q_ty = state.ty();
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
    let k = board.steps.len();
    let cells = board_literal(board, board.cells);
    match regions {
        None => quote! {
            /// Whether a free cell of `border` is walled in.
            #[inline]
            fn holes_left(q: #q_ty, border: #word) -> bool {
                const STEPS: [(u32, #word); #k] = [#(#steps),*];
                #runtime::__private::board_holes(&STEPS, #cells, #free, border)
            }
        },
        Some(r) => {
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
