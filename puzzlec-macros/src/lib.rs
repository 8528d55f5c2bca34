//! The `puzzle!` procedural macro: it hands its input to the puzzle compiler and returns what
//! the compiler emits, the solver or the errors at the user's tokens. Everything else is the
//! `puzzlec-compiler` crate, an ordinary library.
//!
//! Use it through the `puzzlec` crate, which documents the syntax.

use std::panic::AssertUnwindSafe;

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use puzzlec_compiler::{emit, parse, Errors, Puzzle};
use quote::quote;

/// Compiles packing puzzles into specialised solvers; see the `puzzlec` crate for the syntax.
///
/// The generated code refers to the runtime as `::puzzlec_runtime`.
#[proc_macro]
pub fn puzzle(input: TokenStream) -> TokenStream {
    expand(quote!(::puzzlec_runtime), input.into()).into()
}

/// The same as [`puzzle!`], with the path to the runtime first, in parentheses. The `puzzlec`
/// crate's `puzzle!` calls it with `$crate::...`, so users need not depend on the runtime.
#[doc(hidden)]
#[proc_macro]
pub fn puzzle_with_runtime(input: TokenStream) -> TokenStream {
    let mut tokens = TokenStream2::from(input).into_iter();
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

/// Parses, compiles and emits every puzzle of the input; every mistake becomes a
/// `compile_error!` at the user's tokens, beside a module with the promised names.
fn expand(runtime: TokenStream2, input: TokenStream2) -> TokenStream2 {
    let puzzles = match parse::parse(input) {
        Ok(puzzles) => puzzles,
        Err(e) => return e.to_compile_error(),
    };
    let mut out = TokenStream2::new();
    for p in puzzles {
        let mut errors = p.errors;
        let module = p.complete.then(|| {
            // A panic in the compiler is a bug, never the user's mistake: the user still gets
            // a compile error rather than a crashed macro.
            std::panic::catch_unwind(AssertUnwindSafe(|| {
                Puzzle::new(&p.description).and_then(|puzzle| {
                    puzzle.check_native().map_err(|e| Errors(vec![e]))?;
                    Ok(emit::module(&p.header, &runtime, &puzzle))
                })
            }))
        });
        match module {
            Some(Ok(Ok(module))) if errors.is_empty() => out.extend(module),
            Some(Ok(Err(found))) => errors.extend(
                found
                    .into_iter()
                    .map(|e| syn::Error::new(p.spans.span(e.loc), e.kind.to_string())),
            ),
            Some(Err(panic)) => errors.push(syn::Error::new(
                p.header.name.span(),
                internal_message(panic),
            )),
            _ => {}
        }
        if !errors.is_empty() {
            out.extend(errors.iter().map(syn::Error::to_compile_error));
            out.extend(emit::fallback(&p.header, &runtime));
        }
    }
    out
}

/// The message for a panic caught in the compiler.
fn internal_message(panic: Box<dyn std::any::Any + Send>) -> String {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!("internal error in the puzzle compiler (please report it with this puzzle): {what}")
}
