//! Property tests on random puzzles (2-D and 3-D boxes with holes, copies and bags, every
//! option) compiled at run time: the program finds exactly the reference backtracker's
//! solutions, sharing, pruning and the failure cache change nothing but work, elimination
//! loses nothing, and symmetry reduction finds one solution per class.

use proptest::prelude::*;
use puzzlec::compiler::symmetry::Reduction;
use puzzlec::compiler::{Cache, Description, EmbeddingId, Puzzle, Symmetry};
use puzzlec::Solver;
use puzzlec_tests::random::RandomPuzzle;
use puzzlec_tests::sorted_sets;

/// A random puzzle compiled at run time.
fn compiled(random: &RandomPuzzle) -> Puzzle {
    Puzzle::new(&random.description()).unwrap()
}

/// Whether every solution found is an exact cover of the puzzle.
fn exact(p: &Puzzle, found: &[Vec<u32>]) -> bool {
    found.iter().all(|s| {
        let set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
        p.cover().is_solution(&set)
    })
}
/// An abstract puzzle from a seed: a few aspects, some optional, and random embeddings.
fn random_abstract(seed: u64, sharing: bool, cache: Cache) -> Option<Puzzle> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = rng.random_range(2..=9usize);
    let names: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let optional: Vec<&str> = names
        .iter()
        .filter(|_| rng.random_bool(0.3))
        .map(String::as_str)
        .collect();
    let embeddings: Vec<Vec<&str>> = (0..rng.random_range(1..=14))
        .map(|_| {
            let mut e: Vec<&str> = names
                .iter()
                .filter(|_| rng.random_bool(0.35))
                .map(String::as_str)
                .collect();
            if e.is_empty() {
                e.push(&names[rng.random_range(0..n)]);
            }
            e
        })
        .collect();
    let aspects: Vec<&str> = names.iter().map(String::as_str).collect();
    let embeddings: Vec<&[&str]> = embeddings.iter().map(Vec::as_slice).collect();
    let d = Description::new("abstract")
        .abstract_puzzle(&aspects, &optional, &embeddings)
        .sharing(sharing)
        .cache(cache);
    // An exact aspect in no embedding is an error, and a fair outcome of the dice.
    Puzzle::new(&d).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn abstract_puzzles_with_optional_aspects(seed: u64, sharing: bool, cached: bool) {
        let cache = if cached { Cache::On } else { Cache::Off };
        let Some(p) = random_abstract(seed, sharing, cache) else { return Ok(()) };
        let found = p.collect();
        prop_assert!(exact(&p, &found));
        prop_assert_eq!(sorted_sets(&found), p.reference_solution_sets());
        // The count skips what the failure cache knows: an optional aspect listed early leaves
        // free sets that come back at different procedures.
        prop_assert_eq!(p.count(), found.len() as u128);
        prop_assert_eq!(p.count_parallel(), found.len() as u128);
    }

    /// A description printed in the puzzle language (what the `puzzlec` command hands to a
    /// native build) reads back as the same puzzle: the same facts and fingerprint, the same
    /// solutions in the same order.
    #[test]
    fn printed_descriptions_read_back_as_the_same_puzzle(seed: u64) {
        let random = RandomPuzzle::new(seed);
        let d = random.description();
        let text = puzzlec::compiler::print::source(&d).unwrap();
        let parsed = puzzlec::compiler::parse::parse_str(&text).unwrap();
        prop_assert!(parsed[0].errors.is_empty(), "{}", text);
        let (a, b) = (Puzzle::new(&d).unwrap(), Puzzle::new(&parsed[0].description).unwrap());
        prop_assert_eq!(a.info(), b.info(), "{}", text);
        prop_assert_eq!(a.collect(), b.collect());
    }

    #[test]
    fn program_finds_the_reference_solutions(seed: u64) {
        let random = RandomPuzzle::new(seed);
        let p = compiled(&random);
        let found = p.collect();
        prop_assert!(exact(&p, &found));
        prop_assert_eq!(sorted_sets(&found), p.reference_solution_sets());
        // A box cut into its pieces always has a solution, and its class is found.
        prop_assert!(!found.is_empty());
        // The count, on one core and on all, skipping what the failure cache knows.
        prop_assert_eq!(p.count(), found.len() as u128);
        prop_assert_eq!(p.count_parallel(), found.len() as u128);
    }

    #[test]
    fn sharing_changes_code_not_solutions(seed: u64) {
        let random = RandomPuzzle::new(seed);
        let shared = compiled(&random.with("sharing", "true"));
        let unshared = compiled(&random.with("sharing", "false"));
        prop_assert!(shared.program().counts().tests <= unshared.program().counts().tests);
        prop_assert_eq!(sorted_sets(&shared.collect()), sorted_sets(&unshared.collect()));
    }

    #[test]
    fn pruning_and_the_cache_change_the_work_not_the_solutions(seed: u64) {
        // The cell with the fewest fits is chosen only with the hole test, in another order.
        let random = RandomPuzzle::new(seed).with("fewest_fits", "off");
        // A scan named: the pruning runs in the scan's procedures, which the search by the
        // fewest embeddings has not (and `auto` may choose it with the pruning off).
        let unscanned = (random.options.iter())
            .any(|(k, v)| *k == "order" && (v == "auto" || v == "fewest"));
        let random = match unscanned {
            true => random.with("order", "columns"),
            false => random,
        };
        let plain = compiled(&random.with("prune", "off"));
        let want = plain.collect();
        let tally = plain.tally();
        for prune in ["holes", "regions"] {
            let pruned = compiled(&random.with("prune", prune));
            prop_assert_eq!(pruned.collect(), want.clone());
            prop_assert!(pruned.tally().placements <= tally.placements);
        }
        for cache in ["on", "off"] {
            let p = compiled(&random.with("cache", cache));
            prop_assert_eq!(p.count(), want.len() as u128);
        }
    }

    #[test]
    fn reduction_finds_one_solution_per_class(seed: u64) {
        let random = RandomPuzzle::new(seed);
        let all = compiled(&random.with("symmetry", "all"));
        let reduced = compiled(&random.with("symmetry", "reduced"));
        let found = reduced.collect();
        let Some(reduction) = reduced.reduction() else {
            // No symmetry: every solution is its own class.
            prop_assert_eq!(found.len() as u64, all.reference_count());
            return Ok(());
        };
        classes_make_every_solution(reduction, &found, all.reference_count())?;
        members_are_all_solutions(&reduced, &all)?;
    }

    #[test]
    fn ranges_of_copies_find_every_choice_of_numbers(seed: u64) {
        // A puzzle whose pieces' numbers are ranges has the solutions of the exact puzzles of
        // every choice of numbers within them, compiled without ranges, together.
        let random = RandomPuzzle::new(seed);
        // Ranges multiply the solutions: keep the boxes small.
        prop_assume!(random.cells.iter().filter(|&&c| c).count() <= 9);
        let random = random.with("symmetry", "all").with_ranges();
        // A choice of numbers may leave a cell no placement covers: no solution.
        let want: u64 = random
            .choices()
            .iter()
            .map(|exact| Puzzle::new(&exact.description()).map_or(0, |p| p.reference_count()))
            .sum();
        let ranged = compiled(&random);
        let found = ranged.collect();
        prop_assert_eq!(found.len() as u64, want);
        prop_assert_eq!(ranged.reference_count(), want);
        // Counts skip what the failure cache knows, also where the pieces, which may be left
        // out, come before the cells.
        for order in ["auto", "[pieces, auto]"] {
            let p = compiled(&random.with("order", order).with("cache", "on"));
            prop_assert_eq!(p.count(), u128::from(want), "order: {}", order);
        }
        prop_assert!(exact(&ranged, &found));
        let distinct: std::collections::BTreeSet<Vec<u32>> = found
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.sort_unstable();
                s
            })
            .collect();
        prop_assert_eq!(distinct.len(), found.len());
        let reduced = compiled(&random.with("symmetry", "reduced"));
        let kept = reduced.collect();
        match reduced.reduction() {
            Some(reduction) => classes_make_every_solution(reduction, &kept, want)?,
            None => prop_assert_eq!(kept.len() as u64, want),
        }
    }

    #[test]
    fn cells_that_may_stay_empty_are_every_filling(seed: u64) {
        // A box with cells that may stay empty has the solutions of the exact boxes of every
        // set of them covered that the pieces' area makes, compiled without such cells,
        // together.
        let random = RandomPuzzle::new(seed).with("symmetry", "all").with_optional();
        prop_assume!(random.cells.iter().filter(|&&c| c).count() <= 14);
        let want: u64 = (random.fillings().iter())
            .map(|exact| Puzzle::new(&exact.description()).map_or(0, |p| p.reference_count()))
            .sum();
        let Ok(open) = Puzzle::new(&random.description()) else {
            // A piece may fit nowhere once a cell is a hole: then no filling has a solution.
            prop_assert_eq!(want, 0);
            return Ok(());
        };
        let found = open.collect();
        prop_assert_eq!(found.len() as u64, want);
        prop_assert_eq!(open.reference_count(), want);
        prop_assert_eq!(open.count(), u128::from(want));
        prop_assert!(exact(&open, &found));
        let reduced = compiled(&random.with("symmetry", "reduced"));
        let kept = reduced.collect();
        match reduced.reduction() {
            Some(reduction) => classes_make_every_solution(reduction, &kept, want)?,
            None => prop_assert_eq!(kept.len() as u64, want),
        }
    }

    #[test]
    fn copies_find_each_solution_once(seed: u64) {
        // The same puzzle with every piece named apart, and with pieces of one shape declared
        // as copies (no aspect for one kind, a bag each for several).
        let random = RandomPuzzle::new(seed).with("symmetry", "all");
        let merged = random.merged();
        let apart = compiled(&random.apart());
        let copies = compiled(&merged);
        let found = copies.collect();
        prop_assert_eq!(found.len() as u64 * merged.namings(), apart.reference_count());
        prop_assert_eq!(copies.reference_count(), found.len() as u64);
        prop_assert_eq!(sorted_sets(&found), copies.reference_solution_sets());
        prop_assert!(exact(&copies, &found));
        // Counted by the counting memo (copies and no symmetry check keep counts), on one core
        // and on all, also where the pieces, which may be left out, come before the cells.
        let want = u128::from(apart.reference_count() / merged.namings());
        for order in ["auto", "[pieces, auto]"] {
            let memo = compiled(&merged.with("cache", "on").with("order", order));
            let counts = memo.info().cache.is_some_and(|c| c.counts);
            prop_assert!(counts || merged.namings() == 1, "order: {}", order);
            prop_assert_eq!(memo.count(), want, "order: {}", order);
            prop_assert_eq!(memo.count_parallel(), want, "order: {}", order);
        }
        let reduced = compiled(&merged.with("symmetry", "reduced"));
        if let Some(reduction) = reduced.reduction() {
            classes_make_every_solution(reduction, &reduced.collect(), copies.reference_count())?;
        }
    }

    #[test]
    fn elimination_loses_no_solution(seed: u64) {
        let random = RandomPuzzle::new(seed).with("symmetry", "all");
        let kept = compiled(&random.with("eliminate", "false"));
        let eliminated = compiled(&random.with("eliminate", "true"));
        prop_assert_eq!(kept.reference_solution_sets(), eliminated.reference_solution_sets());
        // Modulo symmetry the representatives may differ, not their number.
        let reduced = |eliminate| {
            compiled(&random.with("eliminate", eliminate).with("symmetry", "reduced")).count()
        };
        prop_assert_eq!(reduced("false"), reduced("true"));
        prop_assert_eq!(
            eliminated.cover().allowed_count() + eliminated.eliminated(),
            kept.cover().allowed_count()
        );
    }

    #[test]
    fn symmetries_found_from_the_embeddings_alone(seed: u64) {
        // A box puzzle forgotten into a list of aspects and embeddings: the symmetries found
        // from the list include the box's, and reduce exactly.
        let random = RandomPuzzle::new(seed).with("symmetry", "all");
        let boxed = compiled(&random);
        let listed = Puzzle::new(&as_abstract(&boxed, Symmetry::All)).unwrap();
        let reduced = Puzzle::new(&as_abstract(&boxed, Symmetry::Reduced { piece: None })).unwrap();
        let found = reduced.collect();
        let Some(reduction) = reduced.reduction() else {
            prop_assert_eq!(found.len() as u64, listed.reference_count());
            return Ok(());
        };
        let by_box = compiled(&random.with("symmetry", "reduced"));
        let identity: Vec<u32> = (0..boxed.cover().embedding_count() as u32).collect();
        for image in by_box.reduction().iter().flat_map(|r| r.images.iter()) {
            prop_assert!(*image == identity || reduction.images.contains(image));
        }
        classes_make_every_solution(reduction, &found, listed.reference_count())?;
        members_are_all_solutions(&reduced, &listed)?;
    }
}

/// The members of the classes a reduced puzzle finds, as the run time lists them from the
/// symmetries its module records (`Solver::solve_all`, `Solver::count_all`), are exactly the
/// solutions of the same puzzle unreduced.
fn members_are_all_solutions(reduced: &Puzzle, all: &Puzzle) -> Result<(), TestCaseError> {
    let mut members = Vec::new();
    let _ = reduced.solve_all(&mut |s| {
        members.push(s.embeddings().to_vec());
        std::ops::ControlFlow::Continue(())
    });
    prop_assert_eq!(sorted_sets(&members), all.reference_solution_sets());
    prop_assert_eq!(reduced.count_all(), members.len() as u128);
    // A class's size, from the symmetries that fix its solution, is its members' number.
    let orbits = reduced.orbits();
    for found in reduced.collect() {
        prop_assert_eq!(orbits.size(&found), orbits.members(&found).len() as u64);
    }
    // Listed as the front ends list every solution: the same members in the same order.
    let mut listed = Vec::new();
    let _ = reduced.solve_watched(true, &puzzlec::Watch::new(), &mut |s| {
        listed.push(s.embeddings().to_vec());
        std::ops::ControlFlow::Continue(())
    });
    prop_assert_eq!(listed, members);
    Ok(())
}

/// The aspects and embeddings of a compiled puzzle as an abstract description.
fn as_abstract(p: &Puzzle, symmetry: Symmetry) -> Description {
    let cover = p.cover();
    let names: Vec<&str> = (0..cover.aspect_count() as u32)
        .map(|a| cover.aspect_name(puzzlec::compiler::AspectId(a)))
        .collect();
    let embeddings: Vec<Vec<&str>> = (0..cover.embedding_count() as u32)
        .map(|e| {
            cover
                .aspects(EmbeddingId(e))
                .iter()
                .map(|&a| cover.aspect_name(a))
                .collect()
        })
        .collect();
    let embeddings: Vec<&[&str]> = embeddings.iter().map(Vec::as_slice).collect();
    Description::new("listed")
        .abstract_puzzle(&names, &[], &embeddings)
        .symmetry(symmetry)
}

/// Each class has as many solutions as the group has elements, divided by the symmetries that
/// fix its solutions; together the classes `found` make all `count` solutions, and no solution
/// found is an image of another.
fn classes_make_every_solution(
    reduction: &Reduction,
    found: &[Vec<u32>],
    count: u64,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(reduction.class_members(found), count);
    let sets: std::collections::BTreeSet<Vec<u32>> = found
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect();
    for s in &sets {
        for image in reduction.images.iter() {
            let mut i: Vec<u32> = s.iter().map(|&e| image[e as usize]).collect();
            i.sort_unstable();
            prop_assert!(
                i == *s || !sets.contains(&i),
                "{:?} and its image {:?}",
                s,
                i
            );
        }
    }
    Ok(())
}

proptest! {
    // Each case doubles its puzzle: fewer cases keep the suite's time.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mirror_twins_make_one_class_with_their_mirror_image(seed: u64) {
        // Pieces only turned, each beside its mirror image: a reflection of the box is a
        // symmetry once it swaps the twins, and each class is still found once.
        let random = RandomPuzzle::new(seed);
        prop_assume!(random.cells.iter().filter(|&&c| c).count() <= 8);
        let twins = random.with_mirror_twins();
        let all = compiled(&twins.with("symmetry", "all"));
        let reduced = compiled(&twins.with("symmetry", "reduced"));
        let found = reduced.collect();
        prop_assert_eq!(reduced.reference_count(), found.len() as u64);
        prop_assert!(exact(&reduced, &found));
        let reduction = reduced.reduction().expect("the box's mirror is a symmetry");
        // The mirror through the middle of the doubled axis maps the drawn solution onto a
        // solution: the group holds a reflection, with the twins of chiral pieces swapped.
        prop_assert!(reduction.group_order >= 2);
        classes_make_every_solution(reduction, &found, all.reference_count())?;
        members_are_all_solutions(&reduced, &all)?;
    }
}
