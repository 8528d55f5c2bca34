//! The `puzzle!` procedural macro. It only parses tokens (`parse`) and turns the compiled
//! program into tokens (`emit`); everything in between is `puzzle-runtime`'s library code.
//!
//! Use it through the `puzzle` crate, which documents the syntax.

use std::panic::AssertUnwindSafe;

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

/// Runs the pipeline; a panic in it (a bug, never the user's mistake) is caught so that the
/// user still gets a compile error rather than a crashed macro.
fn compile(
    description: &puzzle_runtime::Description,
) -> Result<Result<puzzle_runtime::Puzzle, puzzle_runtime::Errors>, String> {
    std::panic::catch_unwind(AssertUnwindSafe(|| {
        puzzle_runtime::Puzzle::new(description)
    }))
    .map_err(internal_message)
}

/// The message for a panic caught in the pipeline.
fn internal_message(panic: Box<dyn std::any::Any + Send>) -> String {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!("internal error in the puzzle compiler (please report it with this puzzle): {what}")
}

fn internal_error(header: &parse::Header, panic: Box<dyn std::any::Any + Send>) -> syn::Error {
    syn::Error::new(header.name.span(), internal_message(panic))
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
            match compile(&p.description) {
                Err(internal) => {
                    errors.push(syn::Error::new(p.header.name.span(), internal));
                    None
                }
                Ok(Ok(puzzle)) => Some(puzzle),
                Ok(Err(found)) => {
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
        let module = match compiled {
            Some(puzzle) if errors.is_empty() => std::panic::catch_unwind(AssertUnwindSafe(|| {
                emit::module(&p.header, &runtime, &puzzle)
            }))
            .map_err(|panic| errors.push(internal_error(&p.header, panic)))
            .ok(),
            _ => None,
        };
        match module {
            Some(module) => out.extend(module),
            _ => {
                out.extend(errors.iter().map(syn::Error::to_compile_error));
                out.extend(emit::fallback(&p.header, &runtime));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expansion of `input`, formatted.
    fn expanded(input: &str) -> String {
        let tokens = expand(quote!(::puzzle_runtime), input.parse().unwrap());
        prettyplease::unparse(&syn::parse2(tokens).unwrap())
    }

    const SMALL: &str = r###"
        /// The report's small puzzle, restricted.
        mod small {
            box: ["...", "..."],
            pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
            order: columns,
        eliminate: false,
            restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
        }
    "###;

    #[test]
    fn small_puzzle_expansion_matches_snapshot() {
        let text = expanded(SMALL);
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots/small.rs");
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        let snapshot = std::fs::read_to_string(path).unwrap();
        assert!(
            text == snapshot,
            "expansion changed: review it and run `UPDATE_SNAPSHOTS=1 cargo test -p puzzle-macros`"
        );
    }

    #[test]
    fn pentomino_6x10_expansion_is_deterministic() {
        let input =
            r###"mod p { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }"###;
        let text = expanded(input);
        assert_eq!(text, expanded(input));
        // The chosen order places X first, then the cells: one function for X and one per
        // cell, then the sentinel; the other pieces need none (they follow from the cells).
        assert!(text.contains("ORDER: &str = \"X, then columns\""));
        assert_eq!(text.matches("pub(super) fn solve_").count(), 61);
        assert_eq!(text.matches("pub(super) fn solution").count(), 1);
        // A scan down columns of 6 cells: a narrow frontier, so `count` keeps a failure cache.
        assert!(text.contains("failure::remembered") && text.contains("FailureCache::for_puzzle("));
        let eliminated: usize = text
            .split("ELIMINATED_EMBEDDING_COUNT: usize = ")
            .nth(1)
            .and_then(|rest| rest.split("usize").next())
            .and_then(|n| n.parse().ok())
            .expect("the count of eliminated embeddings");
        // The 4 X's next to a corner are eliminated, and the reduction keeps 7 of the other 28.
        // Placements in the program name their embedding by number (`run_unit` replays `e`):
        // written out, or passed to the entry of the next procedure, which tests for holes.
        let written = text
            .match_indices("sink.place(")
            .filter(|(at, m)| text[at + m.len()..].starts_with(|c: char| c.is_ascii_digit()))
            .count();
        let entered = text
            .match_indices("enter_")
            .filter(|(at, m)| {
                let call = text[at + m.len()..].split(';').next().unwrap_or_default();
                call.contains("(q, ") && call.ends_with(", sink)?")
            })
            .count();
        assert!(written > 0 && entered > 0);
        let placements = written + entered;
        assert_eq!(placements, 2056 - eliminated - (28 - 7));
        println!("6x10 expansion: {} lines", text.lines().count());
    }

    #[test]
    fn solid_expansion_size() {
        let text =
            expanded(r###"mod p { box: 5 x 4 x 3, pieces: pentominoes, symmetry: reduced }"###);
        // A function per cell at least, the symmetry check, and hole tests on the bit board.
        assert!(text.matches("pub(super) fn solve_").count() >= 60);
        assert!(text.contains("static CHECK"));
        assert!(text.contains("fn holes_left") && text.contains("if holes_left(q, border)"));
        // Placements call the entry of the procedure they go on to, which tests for holes.
        assert!(text.contains("fn enter_") && text.contains("sink)?;"));
        // A frontier of 12 cells: free sets seldom repeat, and `count` keeps no cache.
        assert!(!text.contains("failure::remembered") && text.contains("without_cache()"));
        println!("5x4x3 expansion: {} lines", text.lines().count());
    }

    #[test]
    fn the_failure_cache_key_leaves_out_covered_words() {
        // 264 cells and 4 bars: the cache is consulted from position 66 on, where the first
        // word of the free set is all covered.
        let bar = "[\"###########\"; 6]";
        let text = expanded(&format!(
            "mod p {{ box: [\"{}\"; 11], pieces: {{ A: {bar}, B: {bar}, C: {bar}, D: {bar} }}, cache: on }}",
            ".".repeat(24)
        ));
        assert!(text.contains("q: [u64; 5usize]"));
        let key = "PUZZLE,\n                &[q[1usize], q[2usize], q[3usize], q[4usize]],";
        assert!(text.contains(key));
    }

    #[test]
    fn errors_become_compile_errors_and_a_fallback_module() {
        let text = expand(
            quote!(::puzzle_runtime),
            "mod m { box: [\"..\"], pieces: { A: [\"#\"] } }"
                .parse()
                .unwrap(),
        )
        .to_string();
        assert!(text.contains("compile_error"));
        assert!(text.contains("the pieces have 1 cells in all, but the box has 2 cells"));
        assert!(text.contains("pub fn count"));
    }
}
