//! Colours (Knuth's colour controls, his DLX2): an optional aspect that embeddings give a
//! colour, shared by those that agree on it, on both engines, against an independent count and
//! the reference backtracker.

use proptest::prelude::*;
use puzzlec::compiler::description::{AbstractSpec, EmbeddedAspect};
use puzzlec::compiler::{Cache, Description, EmbeddingId, Puzzle};
use puzzlec::{puzzle, Solver};
use puzzlec_tests::{check_solutions, engines_agree};

/// The words of [`word_squares`].
const WORDS: [&str; 15] = [
    "ape", "are", "art", "ate", "ear", "eat", "era", "pea", "per", "pet", "rap", "rat", "tap",
    "tar", "tea",
];

puzzle! {
    /// Word squares: three rows and three columns, each a word of `WORDS` (a word may be used
    /// twice). Each row and column is a required aspect; each cell an optional one, coloured
    /// by its letter, so that a row and a column share a cell where they agree on its letter.
    mod word_squares {
        aspects: [r0, r1, r2, c0, c1, c2, x00, x01, x02, x10, x11, x12, x20, x21, x22],
        optional: [x00, x01, x02, x10, x11, x12, x20, x21, x22],
        embeddings: [
            // ape
            [r0, x00: a, x01: p, x02: e], [r1, x10: a, x11: p, x12: e], [r2, x20: a, x21: p, x22: e],
            [c0, x00: a, x10: p, x20: e], [c1, x01: a, x11: p, x21: e], [c2, x02: a, x12: p, x22: e],
            // are
            [r0, x00: a, x01: r, x02: e], [r1, x10: a, x11: r, x12: e], [r2, x20: a, x21: r, x22: e],
            [c0, x00: a, x10: r, x20: e], [c1, x01: a, x11: r, x21: e], [c2, x02: a, x12: r, x22: e],
            // art
            [r0, x00: a, x01: r, x02: t], [r1, x10: a, x11: r, x12: t], [r2, x20: a, x21: r, x22: t],
            [c0, x00: a, x10: r, x20: t], [c1, x01: a, x11: r, x21: t], [c2, x02: a, x12: r, x22: t],
            // ate
            [r0, x00: a, x01: t, x02: e], [r1, x10: a, x11: t, x12: e], [r2, x20: a, x21: t, x22: e],
            [c0, x00: a, x10: t, x20: e], [c1, x01: a, x11: t, x21: e], [c2, x02: a, x12: t, x22: e],
            // ear
            [r0, x00: e, x01: a, x02: r], [r1, x10: e, x11: a, x12: r], [r2, x20: e, x21: a, x22: r],
            [c0, x00: e, x10: a, x20: r], [c1, x01: e, x11: a, x21: r], [c2, x02: e, x12: a, x22: r],
            // eat
            [r0, x00: e, x01: a, x02: t], [r1, x10: e, x11: a, x12: t], [r2, x20: e, x21: a, x22: t],
            [c0, x00: e, x10: a, x20: t], [c1, x01: e, x11: a, x21: t], [c2, x02: e, x12: a, x22: t],
            // era
            [r0, x00: e, x01: r, x02: a], [r1, x10: e, x11: r, x12: a], [r2, x20: e, x21: r, x22: a],
            [c0, x00: e, x10: r, x20: a], [c1, x01: e, x11: r, x21: a], [c2, x02: e, x12: r, x22: a],
            // pea
            [r0, x00: p, x01: e, x02: a], [r1, x10: p, x11: e, x12: a], [r2, x20: p, x21: e, x22: a],
            [c0, x00: p, x10: e, x20: a], [c1, x01: p, x11: e, x21: a], [c2, x02: p, x12: e, x22: a],
            // per
            [r0, x00: p, x01: e, x02: r], [r1, x10: p, x11: e, x12: r], [r2, x20: p, x21: e, x22: r],
            [c0, x00: p, x10: e, x20: r], [c1, x01: p, x11: e, x21: r], [c2, x02: p, x12: e, x22: r],
            // pet
            [r0, x00: p, x01: e, x02: t], [r1, x10: p, x11: e, x12: t], [r2, x20: p, x21: e, x22: t],
            [c0, x00: p, x10: e, x20: t], [c1, x01: p, x11: e, x21: t], [c2, x02: p, x12: e, x22: t],
            // rap
            [r0, x00: r, x01: a, x02: p], [r1, x10: r, x11: a, x12: p], [r2, x20: r, x21: a, x22: p],
            [c0, x00: r, x10: a, x20: p], [c1, x01: r, x11: a, x21: p], [c2, x02: r, x12: a, x22: p],
            // rat
            [r0, x00: r, x01: a, x02: t], [r1, x10: r, x11: a, x12: t], [r2, x20: r, x21: a, x22: t],
            [c0, x00: r, x10: a, x20: t], [c1, x01: r, x11: a, x21: t], [c2, x02: r, x12: a, x22: t],
            // tap
            [r0, x00: t, x01: a, x02: p], [r1, x10: t, x11: a, x12: p], [r2, x20: t, x21: a, x22: p],
            [c0, x00: t, x10: a, x20: p], [c1, x01: t, x11: a, x21: p], [c2, x02: t, x12: a, x22: p],
            // tar
            [r0, x00: t, x01: a, x02: r], [r1, x10: t, x11: a, x12: r], [r2, x20: t, x21: a, x22: r],
            [c0, x00: t, x10: a, x20: r], [c1, x01: t, x11: a, x21: r], [c2, x02: t, x12: a, x22: r],
            // tea
            [r0, x00: t, x01: e, x02: a], [r1, x10: t, x11: e, x12: a], [r2, x20: t, x21: e, x22: a],
            [c0, x00: t, x10: e, x20: a], [c1, x01: t, x11: e, x21: a], [c2, x02: t, x12: e, x22: a],
        ],
    }
}

/// [`word_squares`] built at run time.
fn word_squares_description() -> Description {
    let cell = |i: usize, j: usize, letter: u8| EmbeddedAspect {
        aspect: (format!("x{i}{j}"), Default::default()),
        colour: Some(((letter as char).to_string(), Default::default())),
    };
    let mut embeddings = Vec::new();
    for w in WORDS.map(str::as_bytes) {
        for i in 0..3 {
            let mut e = vec![EmbeddedAspect::plain((format!("r{i}"), Default::default()))];
            e.extend((0..3).map(|j| cell(i, j, w[j])));
            embeddings.push((e, Default::default()));
        }
        for j in 0..3 {
            let mut e = vec![EmbeddedAspect::plain((format!("c{j}"), Default::default()))];
            e.extend((0..3).map(|i| cell(i, j, w[i])));
            embeddings.push((e, Default::default()));
        }
    }
    let named = |n: String| (n, Default::default());
    let lines = ["r0", "r1", "r2", "c0", "c1", "c2"].map(|n| named(n.to_owned()));
    let cells: Vec<_> = (0..9)
        .map(|k| named(format!("x{}{}", k / 3, k % 3)))
        .collect();
    let mut d = Description::new("word_squares");
    d.abstract_puzzle = Some(AbstractSpec {
        aspects: lines.into_iter().chain(cells.clone()).collect(),
        optional: cells,
        embeddings,
        ..Default::default()
    });
    d
}

#[test]
fn word_squares_share_the_letters_they_agree_on() {
    // Counted apart from any cover: every choice of three rows whose columns are words too.
    let words: Vec<&[u8]> = WORDS.iter().map(|w| w.as_bytes()).collect();
    let mut squares = 0;
    for a in &words {
        for b in &words {
            for c in &words {
                let column = |j: usize| [a[j], b[j], c[j]];
                squares += u128::from((0..3).all(|j| words.contains(&&column(j)[..])));
            }
        }
    }
    // Knuth's `dlx2` counts 60 on the same file.
    assert_eq!(squares, 60);
    assert_eq!(word_squares::SOLVER.count(), squares);
    assert_eq!(word_squares::SOLVER.count_parallel(), squares);
    let walked = Puzzle::new(&word_squares_description()).unwrap();
    assert_eq!(walked.reference_count(), 60);
    assert!(walked.info().fewest_embeddings);
    engines_agree(&word_squares::SOLVER, &walked);
    assert_eq!(
        check_solutions(&word_squares::SOLVER, word_squares_description()),
        60
    );
    // The processor takes what it tests, so a colour has no code.
    assert!(word_squares::SOLVER.code().is_none());
    let why = walked.code_error().unwrap().to_string();
    assert!(why.contains("`x00` has colours"), "{why}");
}

/// A random abstract puzzle whose optional aspects embeddings give one of a few colours, or
/// none; each embedding takes a required aspect (as the search that follows colours needs).
fn random_coloured(seed: u64, cache: Cache) -> Option<Puzzle> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (required, optional) = (rng.random_range(1..=6usize), rng.random_range(1..=4usize));
    let named = |n: String| (n, Default::default());
    let embeddings = (0..rng.random_range(1..=16))
        .map(|_| {
            let mut e = vec![EmbeddedAspect::plain(named(format!(
                "p{}",
                rng.random_range(0..required)
            )))];
            for k in 0..required {
                if rng.random_bool(0.2) && e[0].aspect.0 != format!("p{k}") {
                    e.push(EmbeddedAspect::plain(named(format!("p{k}"))));
                }
            }
            for k in 0..optional {
                if rng.random_bool(0.5) {
                    continue;
                }
                let colour = match rng.random_range(0..4) {
                    0 => None,
                    c => Some(named(c.to_string())),
                };
                e.push(EmbeddedAspect {
                    aspect: named(format!("s{k}")),
                    colour,
                });
            }
            (e, Default::default())
        })
        .collect();
    let mut d = Description::new("coloured").cache(cache);
    d.abstract_puzzle = Some(puzzlec_tests::random_spec(required, optional, embeddings));
    // A required aspect in no embedding is an error, and a fair outcome of the dice.
    Puzzle::new(&d).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The search by the fewest embeddings finds exactly the reference backtracker's
    /// solutions, each a cover in which no embedding needs what another takes, and counts them
    /// alike with or without the cache, on one core and all.
    #[test]
    fn colours_are_shared_by_the_embeddings_that_agree_on_them(seed: u64, cached: bool) {
        let cache = if cached { Cache::On } else { Cache::Off };
        let Some(p) = random_coloured(seed, cache) else { return Ok(()) };
        prop_assert!(p.info().fewest_embeddings);
        let found = p.collect();
        for s in &found {
            let set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            prop_assert!(p.cover().is_solution(&set), "{s:?}");
        }
        prop_assert_eq!(puzzlec_tests::sorted_sets(&found), p.reference_solution_sets());
        prop_assert_eq!(p.count(), found.len() as u128);
        prop_assert_eq!(p.count_parallel(), found.len() as u128);
    }
}

#[test]
fn colours_the_search_cannot_follow_are_an_error() {
    // An embedding of optional aspects alone: the search by the fewest embeddings would never
    // place it, so the listed order would be kept, and it does not follow colours.
    let text = "mod lone { aspects: [a, x], optional: [x], embeddings: [[a, x: red], [x: blue]] }";
    let parsed = puzzlec::compiler::parse::parse_str(text).unwrap();
    let errors = Puzzle::new(&parsed[0].description).unwrap_err();
    let [error] = errors.0.as_slice() else {
        panic!("{errors:?}");
    };
    let message = error.to_string();
    assert!(
        message.starts_with("colours are followed only by the search that covers the required aspect with the fewest embeddings first, which this puzzle cannot have"),
        "{message}"
    );
    assert!(
        message.contains("an embedding takes no required aspect"),
        "{message}"
    );
}

#[test]
fn the_fingerprint_names_the_colours() {
    // The same aspects and embeddings, each colour `x:c` an optional aspect of its own that no
    // embedding may share: another search, so another fingerprint.
    let coloured = word_squares_description();
    let mut plain = coloured.clone();
    let spec = plain.abstract_puzzle.as_mut().unwrap();
    for (members, _) in &mut spec.embeddings {
        for m in members.iter_mut() {
            if let Some((colour, _)) = m.colour.take() {
                let name = format!("{}:{colour}", m.aspect.0);
                if !spec.aspects.iter().any(|(n, _)| *n == name) {
                    spec.aspects.push((name.clone(), Default::default()));
                    spec.optional.push((name.clone(), Default::default()));
                }
                m.aspect.0 = name;
            }
        }
    }
    let (coloured, plain) = (
        Puzzle::new(&coloured).unwrap(),
        Puzzle::new(&plain).unwrap(),
    );
    assert_eq!(
        coloured.cover().aspect_count(),
        plain.cover().aspect_count()
    );
    assert_eq!(
        coloured.cover().embedding_count(),
        plain.cover().embedding_count()
    );
    assert_ne!(coloured.info().fingerprint, plain.info().fingerprint);
    // Without sharing, a row and a column never agree on a cell: other solutions.
    assert_eq!(coloured.count(), 60);
    assert_ne!(plain.count(), 60);
}
