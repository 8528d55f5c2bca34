//! A puzzle with more than 128 aspects, so the free set is an array of words: the generated
//! solver agrees with the reference backtracker, and its public items are all documented.
#![deny(warnings, missing_docs)]

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use puzzlec::compiler::{Description, Puzzle};
use puzzlec::search::CachedCounter;
use puzzlec::{puzzle, Solver};
use puzzlec_tests::engines_agree;

puzzle! {
    /// An 11x12 box and four 11x3 bars: 132 cells and 4 pieces, 136 aspects.
    pub mod bars {
        box: ["............"; 11],
        pieces: {
            A: ["###########"; 3],
            B: ["###########"; 3],
            C: ["###########"; 3],
            D: ["###########"; 3],
        },
    }
}

puzzle! {
    /// An 11x24 box and four 11x6 bars, with a failure cache: 264 cells and 4 pieces, so that the cache's key leaves out the first word of the free
    /// set (every aspect there is covered by the time the cache is consulted).
    pub mod wide {
        box: ["........................"; 11],
        pieces: {
            A: ["###########"; 6],
            B: ["###########"; 6],
            C: ["###########"; 6],
            D: ["###########"; 6],
        },
        symmetry: reduced,
        cache: on,
        // Kept to the scan, whose failure cache this is about: the search by the fewest
        // embeddings keeps none; and to the order that meets the failures, chosen by every
        // walk of the estimates (a search this small would stop them early).
        tuning: { fewest_cost: 1e12, estimate_past: 1e12 },
    }
}

#[test]
fn a_failure_cache_over_several_words_keeps_the_count() {
    let wide = ["A", "B", "C", "D"].iter().fold(
        Description::new("wide").board(&["........................"; 11]),
        |d, name| d.piece(name, &["###########"; 6]),
    );
    let wide = wide
        .symmetry(puzzlec::compiler::Symmetry::Reduced { piece: None })
        .cache(puzzlec::compiler::Cache::On)
        .tuning(puzzlec::compiler::Tuning {
            fewest_cost: 1e12,
            estimate_past: 1e12,
            ..Default::default()
        });
    let reference = Puzzle::new(&wide).unwrap();
    let mut counter = puzzlec::search::Counter::default();
    let _ = wide::solve_with(&mut counter);
    assert_eq!(counter.solutions, reference.reference_count());
    // Upright side by side in any order, modulo the mirror.
    assert_eq!(counter.solutions, 4 * 3 * 2 / 2);
    // A bar lying across leaves 5 rows under it that nothing fills: failures the cache
    // remembers.
    let mut cached = CachedCounter::new(12);
    let _ = wide::solve_with(&mut cached);
    let skips = cached.cache().map_or(0, |cache| cache.skips());
    assert!(skips > 0);
    let want = u128::from(counter.solutions);
    assert_eq!(cached.solutions(), want);
    assert_eq!(wide::SOLVER.count(), want);
    assert_eq!(wide::SOLVER.count_parallel(), want);
    engines_agree(&wide::SOLVER, &reference);
}

fn runtime() -> Puzzle {
    let bar = ["###########"; 3];
    let d = Description::new("bars")
        .board(&["............"; 11])
        .piece("A", &bar)
        .piece("B", &bar)
        .piece("C", &bar)
        .piece("D", &bar);
    Puzzle::new(&d).unwrap()
}

#[test]
fn more_than_128_aspects() {
    assert_eq!(bars::INFO.aspects, 136);
    let reference = runtime();
    // The bars stand side by side in any of 4! orders.
    assert_eq!(reference.reference_count(), 24);
    let mut found = BTreeSet::new();
    let _ = bars::SOLVER.solve(&mut |s| {
        let set = s.embedding_set();
        let ids: Vec<_> = set
            .iter()
            .map(|&e| puzzlec::compiler::EmbeddingId(e))
            .collect();
        assert!(reference.cover().is_solution(&ids));
        found.insert(set);
        ControlFlow::Continue(())
    });
    assert_eq!(found.len(), 24);
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        reference.reference_solution_sets()
    );
    assert_eq!(bars::SOLVER.count(), 24);
}

#[test]
fn binary_form_refuses_more_than_128_aspects_but_text_and_interpreter_work() {
    use puzzlec::runtime::processor::instruction::{from_text, to_text, to_words};
    use puzzlec::runtime::processor::{Code, CodeError, Machine};
    use puzzlec::runtime::search::{collect, Visit};

    let error = to_words(&bars::PROCESSOR.instructions).unwrap_err();
    assert!(
        matches!(error, CodeError::AspectTooLarge { aspect, .. } if aspect >= 128),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.contains("7 bits for aspects (at most 128 aspects)"),
        "{message}"
    );

    let text = to_text(&bars::PROCESSOR.instructions);
    let code = Code {
        instructions: from_text(&text).unwrap().into(),
        ..(*bars::PROCESSOR).clone()
    };
    let mut machine = Machine::new(&code).unwrap();
    let interpreted = collect(|v| machine.run(&mut Visit::new(&bars::CATALOG, v)).unwrap());
    assert_eq!(interpreted, bars::SOLVER.collect());
    assert_eq!(interpreted.len(), 24);
}
