//! Aspects covered a number of times (Knuth's multiplicities, his DLX3): a required aspect
//! covered from a least to a most times, each set of embeddings found once, on both engines,
//! against independent counts and the reference backtracker.

use proptest::prelude::*;
use puzzlec::compiler::description::{AbstractSpec, Cache, Count, EmbeddedAspect};
use puzzlec::compiler::{Description, EmbeddingId, Puzzle};
use puzzlec::{puzzle, Solver};
use puzzlec_tests::{check_solutions, engines_agree};

puzzle! {
    /// Marks on a 5x5 board, two in each row and two in each column: the 0-1 matrices with
    /// every line summing to 2 (OEIS A001499: 2,040 for n = 5).
    mod two_per_line {
        aspects: [2 x r0, 2 x r1, 2 x r2, 2 x r3, 2 x r4, 2 x c0, 2 x c1, 2 x c2, 2 x c3, 2 x c4],
        embeddings: [
            [r0, c0], [r0, c1], [r0, c2], [r0, c3], [r0, c4],
            [r1, c0], [r1, c1], [r1, c2], [r1, c3], [r1, c4],
            [r2, c0], [r2, c1], [r2, c2], [r2, c3], [r2, c4],
            [r3, c0], [r3, c1], [r3, c2], [r3, c3], [r3, c4],
            [r4, c0], [r4, c1], [r4, c2], [r4, c3], [r4, c4],
        ],
    }
}

puzzle! {
    /// One mark in each column of a 4x4 board, at most two in a row: a ranged count whose
    /// least is 0.
    mod at_most_two {
        aspects: [0..=2 x r0, 0..=2 x r1, 0..=2 x r2, 0..=2 x r3, c0, c1, c2, c3],
        embeddings: [
            [r0, c0], [r0, c1], [r0, c2], [r0, c3],
            [r1, c0], [r1, c1], [r1, c2], [r1, c3],
            [r2, c0], [r2, c1], [r2, c2], [r2, c3],
            [r3, c0], [r3, c1], [r3, c2], [r3, c3],
        ],
    }
}

/// The board of `n` rows and columns of [`two_per_line`] and [`at_most_two`] built at run
/// time, each row covered `rows` times and each column `columns`.
fn board(n: usize, rows: Count, columns: Count) -> Description {
    let named = |s: String| (s, Default::default());
    let lines: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain((0..n).map(|j| format!("c{j}")))
        .collect();
    let embeddings = (0..n * n)
        .map(|k| {
            let e = [format!("r{}", k / n), format!("c{}", k % n)];
            (
                e.map(|a| EmbeddedAspect::plain(named(a))).to_vec(),
                Default::default(),
            )
        })
        .collect();
    let counts = (lines.iter().enumerate())
        .map(|(i, l)| {
            (
                named(l.clone()),
                if i < n { rows } else { columns },
                Default::default(),
            )
        })
        .collect();
    let mut d = Description::new("board");
    d.abstract_puzzle = Some(AbstractSpec {
        aspects: lines.into_iter().map(named).collect(),
        embeddings,
        counts,
        ..Default::default()
    });
    d
}

#[test]
fn every_line_holds_as_many_marks_as_it_must() {
    let two = Count::exactly(2);
    assert_eq!(two_per_line::SOLVER.count(), 2040);
    assert_eq!(two_per_line::SOLVER.count_parallel(), 2040);
    let walked = Puzzle::new(&board(5, two, two)).unwrap();
    assert!(walked.info().fewest_embeddings);
    assert_eq!(walked.reference_count(), 2040);
    engines_agree(&two_per_line::SOLVER, &walked);
    assert_eq!(
        check_solutions(&two_per_line::SOLVER, board(5, two, two)),
        2040
    );
    // Counted apart from any cover: each column's row, no row more than twice.
    let columns = 4u32;
    let rows_of = |f: u32| (0..columns).map(move |j| f >> (2 * j) & 3);
    let expected = (0..1u32 << (2 * columns))
        .filter(|&f| (0..4).all(|r| rows_of(f).filter(|&x| x == r).count() <= 2))
        .count() as u128;
    assert_eq!(expected, 204);
    assert_eq!(at_most_two::SOLVER.count(), expected);
    let ranged = board(4, Count { min: 0, max: 2 }, Count::ONE);
    let walked = Puzzle::new(&ranged).unwrap();
    engines_agree(&at_most_two::SOLVER, &walked);
    assert_eq!(u128::from(walked.reference_count()), expected);
    assert_eq!(check_solutions(&at_most_two::SOLVER, ranged), 204);
    // The processor has no code for a count of times.
    assert!(two_per_line::SOLVER.code().is_none());
}

/// A random abstract puzzle whose required aspects may each be covered a range of times, with
/// optional aspects and colours among them (as Knuth's `dlx3` takes both): up to `required`
/// required aspects and `embeddings` embeddings, each taking another required aspect than
/// its first with probability `more`.
fn random_counted(
    seed: u64,
    required: usize,
    embeddings: std::ops::RangeInclusive<usize>,
    more: f64,
) -> Option<Puzzle> {
    // A required aspect in no embedding is an error, and a fair outcome of the dice.
    Puzzle::new(&random_description(seed, required, embeddings, more)).ok()
}

/// The description of [`random_counted`]'s puzzle.
fn random_description(
    seed: u64,
    required: usize,
    embeddings: std::ops::RangeInclusive<usize>,
    more: f64,
) -> Description {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (required, optional) = (rng.random_range(1..=required), rng.random_range(0..=3usize));
    let named = |n: String| (n, Default::default());
    let coloured = rng.random_bool(0.3);
    let embeddings = (0..rng.random_range(embeddings))
        .map(|_| {
            let first = rng.random_range(0..required);
            let mut e = vec![EmbeddedAspect::plain(named(format!("p{first}")))];
            for k in (0..required).filter(|&k| k != first) {
                if rng.random_bool(more) {
                    e.push(EmbeddedAspect::plain(named(format!("p{k}"))));
                }
            }
            for k in 0..optional {
                if rng.random_bool(0.4) {
                    let colour = (coloured && rng.random_bool(0.6))
                        .then(|| named(rng.random_range(0..2).to_string()));
                    e.push(EmbeddedAspect {
                        aspect: named(format!("s{k}")),
                        colour,
                    });
                }
            }
            (e, Default::default())
        })
        .collect();
    let mut counts = Vec::new();
    for k in 0..required {
        if rng.random_bool(0.5) {
            let max = rng.random_range(1..=3);
            let min = rng.random_range(0..=max);
            counts.push((
                named(format!("p{k}")),
                Count { min, max },
                Default::default(),
            ));
        }
    }
    let mut d = Description::new("counted");
    d.abstract_puzzle = Some(AbstractSpec {
        counts,
        ..puzzlec_tests::random_spec(required, optional, embeddings)
    });
    d
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The search by the fewest embeddings finds exactly the reference backtracker's
    /// solutions, each set of embeddings once, each a cover that takes every aspect as often
    /// as it must, and counts them alike on one core and all.
    #[test]
    fn counted_aspects_are_covered_from_their_least_to_their_most(seed: u64) {
        let Some(p) = random_counted(seed, 6, 1..=14, 0.3) else { return Ok(()) };
        prop_assert!(p.info().fewest_embeddings);
        let found = p.collect();
        for s in &found {
            let set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            prop_assert!(p.cover().is_solution(&set), "{s:?}");
        }
        let sets = puzzlec_tests::sorted_sets(&found);
        prop_assert_eq!(sets.len(), found.len(), "a set found twice");
        prop_assert_eq!(sets, p.reference_solution_sets());
        prop_assert_eq!(p.count(), found.len() as u128);
        prop_assert_eq!(p.count_parallel(), found.len() as u128);
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// On larger puzzles (sets of embeddings of one to five words, each size a search of its
    /// own), a count by the memo, which keys the whole state, equals the count of the same
    /// search without a cache, on one core and on all; the first solutions listed are covers.
    #[test]
    fn a_count_by_the_memo_equals_the_search_without_one(seed: u64) {
        let d = random_description(seed, 12, 40..=300, 0.2);
        let Ok(p) = Puzzle::new(&d) else { return Ok(()) };
        let memo = p.count();
        // Past a few million solutions the search without the memo is the test's time.
        if memo > 3_000_000 {
            return Ok(());
        }
        let plain = Puzzle::new(&Description { cache: Cache::Off, ..d }).unwrap();
        prop_assert!(plain.info().cache.is_none());
        prop_assert_eq!(plain.count(), memo);
        prop_assert_eq!(p.count_parallel(), memo);
        for s in &p.first(100) {
            let set: Vec<EmbeddingId> = s.embeddings().iter().map(|&e| EmbeddingId(e)).collect();
            prop_assert!(p.cover().is_solution(&set), "{set:?}");
        }
    }
}

#[test]
fn a_count_with_bags_keeps_a_memo_of_its_states() {
    let two = Count::exactly(2);
    // OEIS A001499: 0-1 matrices with every line summing to 2, for n = 6 and 7 (the 7x7
    // board's tree is 8.9 million placements, which the memo spares).
    for (n, count) in [(6, 67_950), (7, 3_110_940)] {
        let p = Puzzle::new(&board(n, two, two)).unwrap();
        let cache = p.info().cache.expect("a count keeps a cache");
        assert!(cache.counts);
        assert_eq!(cache.words, 2, "q and the live set, a word each");
        assert_eq!(p.count(), count);
    }
}

#[test]
fn counts_the_search_cannot_follow_are_an_error() {
    // An embedding of optional aspects alone: the search by the fewest embeddings would never
    // place it, so the listed order would be kept, and it does not follow counts.
    let text = "mod lone { aspects: [2 x a, x], optional: [x], embeddings: [[a, x], [a], [x]] }";
    let parsed = puzzlec::compiler::parse::parse_str(text).unwrap();
    let errors = Puzzle::new(&parsed[0].description).unwrap_err();
    let [error] = errors.0.as_slice() else {
        panic!("{errors:?}");
    };
    let message = error.to_string();
    assert!(
        message.starts_with("an aspect covered a number of times is followed only by the search that covers the required aspect with the fewest embeddings first, which this puzzle cannot have"),
        "{message}"
    );
}

#[test]
fn the_fingerprint_names_the_counts() {
    let two = board(4, Count::exactly(2), Count::exactly(2));
    let ranged = board(4, Count { min: 1, max: 2 }, Count { min: 1, max: 2 });
    let (two, ranged) = (Puzzle::new(&two).unwrap(), Puzzle::new(&ranged).unwrap());
    assert_ne!(two.info().fingerprint, ranged.info().fingerprint);
    assert!(ranged.count() > two.count());
}
