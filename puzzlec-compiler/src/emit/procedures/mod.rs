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
use crate::plan::{BitBoard, Check, Checking, FitsTables, Pruning, Repr, Scan};
use crate::program::{Body, DeadEnd, Next, Node};
use crate::puzzle::Compiled;
use puzzlec_runtime::__private::Regions;

mod checks;
mod choice;
mod entries;
mod helpers;
mod lookups;
mod trees;

use checks::*;
pub(crate) use entries::runs;
use entries::*;
use helpers::*;
use lookups::*;

/// The module that holds the program of the scan `scan`.
pub fn module(runtime: &TokenStream, compiled: Compiled<'_>, scan: &Scan) -> TokenStream {
    let plan = compiled.plan;
    let state = State {
        layout: &plan.layout,
    };
    let procedures = compiled.program.procedures();
    let sentinel = compiled.program.sentinel();
    let mut emitter = Emitter {
        runtime,
        compiled,
        scan,
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
    let per_part = compiled.tuning.procedures_per_part;
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
            let cover = compiled.cover;
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
                        match scan.fitting.looks_up(placements) {
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
                    match scan.cache.filter(|c| position >= c.from) {
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
    let dead_ends: Vec<&DeadEnd> = (compiled.program.dead_ends().iter())
        .filter(|d| !d.roots.is_empty())
        .collect();
    for (i, chunk) in dead_ends.chunks(per_part).enumerate() {
        let functions: Vec<TokenStream> = chunk
            .iter()
            .map(|dead_end| {
                let position = compiled.order.position(dead_end.cell);
                emitter.position = position;
                emitter.floor = Position(0);
                emitter.bits.insert(position);
                let roots: Vec<TokenStream> =
                    dead_end.roots.iter().map(|n| emitter.root(n)).collect();
                let name = format_ident!("dead_end_{}", position.0);
                let doc = format!(
                    "Covers cell {} as a dead end, going on at the procedure at `at`.",
                    compiled.cover.aspect_name(dead_end.cell)
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
    emitter.bits.extend(scan.quotas.iter().map(|q| q.position));
    let bits = emitter.bits.iter().map(|&p| state.consts(p));
    let solution_q = match scan.quotas.is_empty() {
        true => quote!(_),
        false => quote!(q),
    };
    let quotas = (!scan.quotas.is_empty()).then(|| {
        let over = scan
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
    let puzzle_const = scan.cache.map(|_| {
        quote! {
            /// This puzzle's fingerprint, which owns the failure cache's entries.
            const PUZZLE: u64 = #fingerprint;
        }
    });
    let entries = entries(runtime, compiled, &state, &emitter);
    let check = compiled.check.map(|check| {
        let check = super::tables::symmetry_check(runtime, check);
        quote! {
            /// The check that finishes the symmetry reduction.
            pub(super) static CHECK: #runtime::symmetry::SymmetryCheck = #check;
        }
    });
    let regions = match &scan.pruning {
        Pruning::Regions(Check {
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

/// The name of the function for the procedure at a position: `solve_K`, or `solution` for
/// the sentinel.
fn name_of(position: Position, sentinel: Position) -> proc_macro2::Ident {
    match position >= sentinel {
        true => format_ident!("solution"),
        false => format_ident!("solve_{}", position.0),
    }
}

/// Prints the trees of the procedures, and records which helpers they call.
struct Emitter<'a> {
    runtime: &'a TokenStream,
    /// What is printed.
    compiled: Compiled<'a>,
    /// The scan's plan.
    scan: &'a Scan,
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
}
