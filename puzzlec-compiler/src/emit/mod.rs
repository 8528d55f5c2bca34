//! The Rust back end: a compiled [`Puzzle`] to the module `puzzle!` expands into. It prints the
//! program and the plan and decides nothing: every choice was made by the stages before it.
//!
//! The module holds `SOLVER` (a [`puzzlec_runtime::Solver`]), its tables `INFO`,
//! `CATALOG` and `PROCESSOR`, `solve_with` for a search into any sink with a copy of the program
//! made for it, and a hidden `program` module with the procedures. Everything is named by
//! absolute path, so the module needs no `use` in the user's crate.

mod fewest_program;
mod lookup;
mod procedures;
mod state;
mod tables;

use proc_macro2::TokenStream;
use puzzlec_runtime::Solver;
use quote::quote;

use crate::parse::Header;
use crate::plan::Search;
use crate::puzzle::Puzzle;

/// The expansion of a puzzle that compiled; `runtime` is the path of the run-time crate.
pub fn module(header: &Header, runtime: &TokenStream, puzzle: &Puzzle) -> TokenStream {
    let info = tables::info(runtime, puzzle.info());
    let catalog = tables::catalog(runtime, puzzle.catalog());
    let processor = tables::processor(runtime, puzzle);
    let code = tables::option(processor.as_ref().map(|_| quote!(&PROCESSOR)));
    let processor = match processor {
        Some(code) => quote! {
            /// The same program as code for the puzzle processor: run it with
            /// `processor::Machine`, list it with `PROCESSOR.listing(&CATALOG)`.
            pub static PROCESSOR: ::std::sync::LazyLock<#runtime::processor::Code> = #code;
        },
        None => {
            let note = puzzle
                .code_error()
                .map(|e| e.to_string())
                .unwrap_or_default();
            quote! {
                /// None: this puzzle has no processor code (see the deprecation note).
                #[deprecated(note = #note)]
                pub const PROCESSOR: #runtime::processor::NoCode = #runtime::processor::NoCode;
            }
        }
    };
    let check = tables::option(puzzle.symmetry_check().map(|_| quote!(&program::CHECK)));
    let compiled = puzzle.compiled();
    let program = match &compiled.plan.search {
        Search::Fewest(fewest) => fewest_program::module(runtime, compiled, fewest),
        Search::Scan(scan) => procedures::module(runtime, compiled, scan),
    };
    items(
        header, runtime, &info, &catalog, &code, &check, processor, program,
    )
}

/// The expansion for a puzzle with errors: the same public names, so that the user sees no
/// follow-on errors, with no program behind them (the errors stop the build).
pub fn fallback(header: &Header, runtime: &TokenStream) -> TokenStream {
    let info = quote! {
        #runtime::Info {
            name: ::std::borrow::Cow::Borrowed(""),
            fingerprint: 0,
            aspects: 0,
            embeddings: 0,
            allowed: 0,
            eliminated: 0,
            depth: 0,
            procedures: 0,
            words: 0,
            order: ::std::borrow::Cow::Borrowed(""),
            estimate: 0.0,
            symmetry: #runtime::SymmetryInfo {
                group_order: 1,
                mirror_twins: ::std::borrow::Cow::Borrowed(&[]),
                piece: ::core::option::Option::None,
                second_piece: ::core::option::Option::None,
                group: #runtime::SymmetryGroup {
                    cells: ::std::borrow::Cow::Borrowed(&[]),
                    kinds: ::std::borrow::Cow::Borrowed(&[]),
                },
            },
            prune: #runtime::PruneKind::Off,
            cache: ::core::option::Option::None,
            dead_ends: false,
            fewest_fits: None,
            fewest_embeddings: false,
            plan: ::std::borrow::Cow::Borrowed(""),
        }
    };
    let catalog = quote! {
        #runtime::Catalog {
            name: ::std::borrow::Cow::Borrowed(""),
            lattice: #runtime::Lattice::Cubic { dims: 0 },
            extents: ::std::borrow::Cow::Borrowed(&[]),
            cells: ::std::borrow::Cow::Borrowed(&[]),
            names: ::std::borrow::Cow::Borrowed(&[]),
            pieces: 0,
            embedding_aspects: ::std::borrow::Cow::Borrowed(&[]),
            embedding_starts: ::std::borrow::Cow::Borrowed(&[0]),
            kinds: ::std::borrow::Cow::Borrowed(&[]),
        }
    };
    let processor = quote! {
        /// The processor code (none: the puzzle has errors).
        pub static PROCESSOR: ::std::sync::LazyLock<#runtime::processor::Code> =
            ::std::sync::LazyLock::new(|| ::core::unreachable!("the puzzle has errors"));
    };
    let none = tables::option(None);
    let program = quote! {
        #[doc(hidden)]
        mod program {
            pub(super) fn run(_: #runtime::Run<'_, '_>) -> ::core::ops::ControlFlow<()> {
                ::core::unreachable!("the puzzle has errors")
            }
            pub(super) fn run_with<S: #runtime::search::Sink + ?Sized>(_: &mut S) -> ::core::ops::ControlFlow<()> {
                ::core::unreachable!("the puzzle has errors")
            }
            pub(super) fn run_unit(_: &#runtime::Unit, _: #runtime::Run<'_, '_>) -> ::core::ops::ControlFlow<()> {
                ::core::unreachable!("the puzzle has errors")
            }
        }
    };
    items(
        header, runtime, &info, &catalog, &none, &none, processor, program,
    )
}

/// The module and its public items.
#[allow(clippy::too_many_arguments)]
fn items(
    header: &Header,
    runtime: &TokenStream,
    info: &TokenStream,
    catalog: &TokenStream,
    code: &TokenStream,
    check: &TokenStream,
    processor: TokenStream,
    program: TokenStream,
) -> TokenStream {
    let Header { attrs, vis, name } = header;
    quote! {
        #(#attrs)*
        #vis mod #name {
            /// The solver (`puzzlec::Solver`): `count`, `count_parallel`, `solve`, `units`,
            /// `run_unit`, ...
            pub static SOLVER: #runtime::NativeSolver = #runtime::NativeSolver::new(
                &INFO,
                &CATALOG,
                #code,
                #check,
                program::run,
                program::run_unit,
            );

            /// Facts about the puzzle and how its program runs.
            pub static INFO: #runtime::Info = #info;

            /// The box, the aspects and the embedding table, to read solutions with.
            pub static CATALOG: #runtime::Catalog = #catalog;

            #processor

            /// Runs the search into `sink` with a copy of the program made for that sink (the
            /// solver's own searches share two copies between them); `Break` from the sink
            /// stops it.
            pub fn solve_with<S: #runtime::search::Sink + ?Sized>(sink: &mut S) -> ::core::ops::ControlFlow<()> {
                program::run_with(sink)
            }

            #program
        }
    }
}
