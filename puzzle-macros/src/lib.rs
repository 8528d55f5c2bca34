//! The `puzzle!` procedural macro. It only parses tokens ([`parse`]) and turns the compiled
//! program into tokens ([`emit`]); everything in between is `puzzle-runtime`'s library code.
//!
//! Use it through the `puzzle` crate, which documents the syntax.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use quote::quote;
use syn::parse::Parser;

mod emit;
mod parse;

/// Compiles packing puzzles into specialised solvers; see the `puzzle` crate for the syntax.
///
/// The generated code refers to the runtime as `::puzzle_runtime`.
#[proc_macro]
pub fn puzzle(input: TokenStream) -> TokenStream {
    expand(quote!(::puzzle_runtime), input.into()).into()
}

/// The same as [`puzzle!`], with the path to the runtime first, in parentheses. The `puzzle`
/// crate's `puzzle!` calls it with `$crate::...`, so users need not depend on the runtime.
#[doc(hidden)]
#[proc_macro]
pub fn puzzle_with_runtime(input: TokenStream) -> TokenStream {
    let input = TokenStream2::from(input);
    let mut tokens = input.into_iter();
    match tokens.next() {
        Some(proc_macro2::TokenTree::Group(g)) => expand(g.stream(), tokens.collect()).into(),
        _ => syn::Error::new(
            proc_macro2::Span::call_site(),
            "expected the runtime path in parentheses",
        )
        .to_compile_error()
        .into(),
    }
}

/// Parses, checks and emits every puzzle of the input; all errors become `compile_error!`s.
fn expand(runtime: TokenStream2, input: TokenStream2) -> TokenStream2 {
    let puzzles = match parse::puzzles.parse2(input) {
        Ok(puzzles) => puzzles,
        Err(e) => return e.to_compile_error(),
    };
    let mut out = TokenStream2::new();
    for p in puzzles {
        let mut errors = p.errors;
        let compiled = if p.complete {
            match puzzle_runtime::Puzzle::new(&p.description) {
                Ok(puzzle) => Some(puzzle),
                Err(found) => {
                    errors.extend(
                        found
                            .into_iter()
                            .map(|e| syn::Error::new(p.spans.span(e.loc), e.kind.to_string())),
                    );
                    None
                }
            }
        } else {
            None
        };
        match compiled {
            Some(puzzle) if errors.is_empty() => {
                out.extend(emit::module(&p.header, &runtime, &puzzle));
            }
            _ => {
                out.extend(errors.iter().map(syn::Error::to_compile_error));
                out.extend(emit::fallback(&p.header, &runtime));
            }
        }
    }
    out
}
