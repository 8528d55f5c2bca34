//! Random token streams into the macro's parser and the compiler behind it: every one is a
//! puzzle or errors at its tokens, and never a panic (which the macro would report as an
//! internal error). The streams are built from the words, literals and groups of the puzzle
//! language, so that most get past the first token.

use std::panic::{catch_unwind, AssertUnwindSafe};

use proptest::prelude::*;
use puzzlec::compiler::{emit, parse, Puzzle};

/// A token tree of the puzzle language's vocabulary, as text.
fn tree() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        4 => prop::sample::select(vec![
            "mod", "box", "pieces", "pentominoes", "symmetry", "reduced", "all", "order",
            "rows", "columns", "auto", "prune", "holes", "regions", "off", "cache", "on",
            "restrict", "eliminate", "true", "false", "reflect", "x", "F", "I", "L", "P", "X",
            "A", "B", "aspects", "embeddings", "optional", "disconnected", "layers", "sharing",
        ])
        .prop_map(str::to_owned),
        3 => prop::sample::select(vec![":", ",", ";", "#", "!", "..", "-", "=", "|"])
            .prop_map(str::to_owned),
        3 => "[.#x ]{0,6}".prop_map(|s| format!("{s:?}")),
        2 => (0u32..12).prop_map(|n| n.to_string()),
        1 => (-3i32..70_000).prop_map(|n| n.to_string()),
    ];
    leaf.prop_recursive(4, 48, 8, |inner| {
        (
            prop::sample::select(vec![("{", "}"), ("[", "]"), ("(", ")")]),
            prop::collection::vec(inner, 0..8),
        )
            .prop_map(|((open, close), items)| format!("{open} {} {close}", items.join(" ")))
    })
}

/// A stream: `mod NAME { ... }` most of the time, anything else now and then.
fn stream() -> impl Strategy<Value = String> {
    let body = || prop::collection::vec(tree(), 0..12).prop_map(|t| t.join(" "));
    prop_oneof![
        4 => body().prop_map(|b| format!("mod p {{ {b} }}")),
        1 => body(),
    ]
}

/// A stream that reads as the language's entries, `key: value,`, for the parts past the
/// first few tokens.
fn entries() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "box",
        "pieces",
        "symmetry",
        "order",
        "prune",
        "cache",
        "restrict",
        "eliminate",
        "reflect",
        "aspects",
        "embeddings",
        "optional",
        "sharing",
    ]);
    prop::collection::vec((key, tree()), 0..6).prop_map(|entries| {
        let body: Vec<String> = entries.iter().map(|(k, v)| format!("{k}: {v},")).collect();
        format!("mod p {{ {} }}", body.join(" "))
    })
}

fn never_panics(text: &str) {
    let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() else {
        return;
    };
    let runtime = quote::quote!(::puzzlec_runtime);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let Ok(puzzles) = parse::parse(tokens) else {
            return;
        };
        for p in puzzles.into_iter().filter(|p| p.complete) {
            if let Ok(puzzle) = Puzzle::new(&p.description) {
                if puzzle.check_native().is_ok() {
                    let _ = emit::module(&p.header, &runtime, &puzzle);
                }
            }
        }
    }));
    assert!(outcome.is_ok(), "the compiler panicked on:\n{text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_token_streams_never_panic(text in stream()) {
        never_panics(&text);
    }

    #[test]
    fn random_entries_never_panic(text in entries()) {
        never_panics(&text);
    }
}
