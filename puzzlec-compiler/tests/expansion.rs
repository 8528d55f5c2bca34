//! What `puzzle!` expands to: one snapshot per feature of the generated code, each from a small
//! puzzle (review a change with `cargo insta review`, or accept all with
//! `INSTA_UPDATE=always cargo test -p puzzlec-compiler --test expansion`).

use proc_macro2::TokenStream;
use puzzlec_compiler::{emit, parse, Puzzle};
use quote::quote;

/// The expansion of the puzzles in `source`, formatted.
fn expanded(source: &str) -> String {
    prettyplease::unparse(&expansion(source))
}

fn expansion(source: &str) -> syn::File {
    let mut out = TokenStream::new();
    for p in parse::parse_str(source).unwrap() {
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        let puzzle = Puzzle::new(&p.description).unwrap();
        out.extend(emit::module(&p.header, &quote!(::puzzlec_runtime), &puzzle));
    }
    syn::parse2(out).unwrap()
}

/// The expansion of a large puzzle with the procedures of its first module part only: the
/// others are alike.
fn trimmed(source: &str) -> String {
    let mut file = expansion(source);
    for item in &mut file.items {
        let syn::Item::Mod(module) = item else {
            continue;
        };
        for item in &mut module.content.as_mut().unwrap().1 {
            let syn::Item::Mod(program) = item else {
                continue;
            };
            let items = &mut program.content.as_mut().unwrap().1;
            items.retain(|item| match item {
                syn::Item::Mod(part) => part.ident == "part_0",
                syn::Item::Use(used) => quote!(#used).to_string().contains("part_0"),
                _ => true,
            });
        }
    }
    prettyplease::unparse(&file)
}

/// The report's small puzzle, restricted: `q` is a `u64`, nothing to prune (a piece of one
/// cell fills any hole), the failure cache from a quarter of the procedures on.
#[test]
fn a_u64_and_the_failure_cache() {
    insta::assert_snapshot!(expanded(
        r###"
        /// The report's small puzzle, restricted.
        mod small {
            box: ["...", "..."],
            pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
            order: columns,
            eliminate: false,
            restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
        }
        "###
    ));
}

/// 66 cells: `q` is a `u128`, and the hole test runs on a bit board, through one entry per
/// procedure that placements go on to.
#[test]
fn a_u128_and_holes_on_a_bit_board() {
    insta::assert_snapshot!(trimmed(
        "mod bars { box: 1 x 66, pieces: { 22 x T: [\"###\"] }, cache: off, prune: holes }"
    ));
}

/// The five tetrominoes in a 4x5 box: the procedures of eight placements or more find those
/// that fit by a table lookup per four bits of `q` they need, the smaller ones by tests.
#[test]
fn placements_found_by_lookup() {
    insta::assert_snapshot!(trimmed(
        "mod tetrominoes { box: 4 x 5, pieces: polyominoes(4), cache: off, prune: holes }"
    ));
}

/// 130 cells: `q` is an array of words, the hole test is written out as masks per word, and
/// the cache key leaves out the words covered by the time the cache is consulted.
#[test]
fn words_and_holes_by_masks() {
    insta::assert_snapshot!(trimmed(
        "mod long { box: 1 x 129, pieces: { 43 x I: [\"###\"] }, cache: on, prune: holes }"
    ));
}

/// Copies of two kinds: a bag each, a counter field of `q`; no processor code.
#[test]
fn bags() {
    insta::assert_snapshot!(expanded(
        "mod row { box: [\"......\"], pieces: { 2 x D: [\"##\"], 2 x M: [\"#\"] } }"
    ));
}

/// Ranges of copies: a bag whose least is checked where a solution is reached, and a piece
/// that may be left out (an optional aspect).
#[test]
fn ranges_of_copies() {
    insta::assert_snapshot!(expanded(
        "mod small { box: [\"...\", \"...\"], pieces: { 1..=3 x D: [\"##\"], 0..=2 x M: [\"#\"], 0..=1 x V: [\"##\", \"#.\"] } }"
    ));
}

/// Pruning by regions on a bit board, and (more than 128 cells) by the flood fill's tables.
#[test]
fn regions_on_a_bit_board_and_by_tables() {
    insta::assert_snapshot!(
        "regions_on_a_bit_board",
        expanded(
            "mod square { box: [\"....\"; 4], pieces: { 2 x L: [\"###\", \"#..\"], 4 x D: [\"##\"] }, prune: regions }"
        )
    );
    insta::assert_snapshot!(
        "regions_by_tables",
        trimmed(
            "mod long { box: 1 x 129, pieces: { 43 x I: [\"###\"] }, eliminate: false, prune: regions }"
        )
    );
}

/// Symmetry reduction of identical copies: the check every solution goes through.
#[test]
fn a_symmetry_check() {
    insta::assert_snapshot!(expanded(
        "mod dominoes { box: [\"....\"; 3], pieces: { 6 x D: [\"##\"] }, symmetry: reduced }"
    ));
}

/// Dead ends first: a cell with one free neighbour is covered before the scan's next cell, by
/// its own tree of placements, which goes on with the procedure of the caller's position.
#[test]
fn dead_ends_first() {
    insta::assert_snapshot!(expanded(
        "mod strip { box: [\"....\", \"....\"], pieces: { 2 x L: [\"##\", \"#.\"], D: [\"##\"] }, dead_ends: on }"
    ));
}

/// The cell with the fewest fits covered next while more than two fifths of the cells are
/// free: its tables, and the choice after the dead ends.
#[test]
fn the_fewest_fits_first() {
    insta::assert_snapshot!(expanded(
        "mod strip { box: [\"....\", \"....\"], pieces: { L: [\"##\", \"#.\"], J: [\"##\", \".#\"], D: [\"##\"] }, dead_ends: on, fewest_fits: on }"
    ));
}

/// A puzzle without a box: an optional aspect, whose procedure also goes on uncovered.
#[test]
fn an_abstract_puzzle() {
    insta::assert_snapshot!(expanded(
        "mod path { aspects: [a, b, c, d], optional: [c], embeddings: [[a, b], [b, c], [c, d], [a], [d]] }"
    ));
}

/// The same puzzle searched in the order of its aspects: the program's procedures.
#[test]
fn an_abstract_puzzle_in_its_listed_order() {
    insta::assert_snapshot!(expanded(
        "mod path { aspects: [a, b, c, d], optional: [c], embeddings: [[a, b], [b, c], [c, d], [a], [d]], order: listed }"
    ));
}

/// A puzzle with mistakes: the same public names, with no program behind them.
#[test]
fn the_fallback_module() {
    let parsed = parse::parse_str("pub mod broken { box: [\"..\"], pieces: { A: [\"#\"] } }")
        .unwrap()
        .remove(0);
    assert!(Puzzle::new(&parsed.description).is_err());
    let module = emit::fallback(&parsed.header, &quote!(::puzzlec_runtime));
    insta::assert_snapshot!(prettyplease::unparse(&syn::parse2(module).unwrap()));
}

/// The pentomino boxes: expanding twice gives the same text (nothing depends on hash order or
/// the machine), and the size of the expansion.
#[test]
fn expansions_are_deterministic() {
    for (name, source) in [
        (
            "6x10",
            "mod p { box: [\"..........\"; 6], pieces: pentominoes, symmetry: reduced }",
        ),
        (
            "5x4x3",
            "mod p { box: 5 x 4 x 3, pieces: pentominoes, symmetry: reduced }",
        ),
    ] {
        let text = expanded(source);
        assert_eq!(text, expanded(source));
        println!("{name} expansion: {} lines", text.lines().count());
    }
}
