//! Property tests on random puzzles compiled at run time: the program finds exactly the
//! reference backtracker's solutions, sharing changes nothing but code, and symmetry reduction
//! finds one solution per class.

mod support;

use proptest::prelude::*;
use puzzle::runtime::search::collect;
use puzzle::runtime::EmbeddingId;
use puzzle::{Pruning, Puzzle, Symmetry};
use support::random::RandomPuzzle;
use support::sorted_sets;

/// The solutions the program finds, in the order it finds them.
fn walked(p: &Puzzle) -> Vec<Vec<u32>> {
    collect(|v| p.solve_program(v))
}

/// An abstract puzzle from a seed: a few aspects, some optional, and random embeddings.
fn random_abstract(seed: u64, sharing: bool) -> Option<Puzzle> {
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
    let d = puzzle::Description::new("abstract")
        .abstract_puzzle(&aspects, &optional, &embeddings)
        .sharing(sharing);
    // An exact aspect in no embedding is an error, and a fair outcome of the dice.
    Puzzle::new(&d).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn abstract_puzzles_with_optional_aspects(seed: u64, sharing: bool) {
        let Some(p) = random_abstract(seed, sharing) else { return Ok(()) };
        let found = walked(&p);
        for s in &found {
            let set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            prop_assert!(p.cover().is_solution(&set));
        }
        prop_assert_eq!(sorted_sets(&found), p.solution_sets());
    }

    #[test]
    fn program_finds_the_reference_solutions(seed: u64) {
        let p = Puzzle::new(&RandomPuzzle::new(seed).description()).unwrap();
        let found = walked(&p);
        for s in &found {
            let set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            prop_assert!(p.cover().is_solution(&set));
        }
        prop_assert_eq!(sorted_sets(&found), p.solution_sets());
        // A box cut into its pieces always has a solution, and its class is found.
        prop_assert!(!found.is_empty());
    }

    #[test]
    fn sharing_changes_code_not_solutions(seed: u64) {
        let random = RandomPuzzle { reduced: false, ..RandomPuzzle::new(seed) };
        let shared = Puzzle::new(&random.description().sharing(true)).unwrap();
        let unshared = Puzzle::new(&random.description().sharing(false)).unwrap();
        prop_assert!(shared.program().stats().tests <= unshared.program().stats().tests);
        prop_assert_eq!(sorted_sets(&walked(&shared)), sorted_sets(&walked(&unshared)));
    }

    #[test]
    fn reduction_finds_one_solution_per_class(seed: u64) {
        let random = RandomPuzzle { reduced: false, ..RandomPuzzle::new(seed) };
        let all = Puzzle::new(&random.description()).unwrap();
        let description = random.description().symmetry(Symmetry::Reduced { piece: None });
        let reduced = Puzzle::new(&description).unwrap();
        let found = walked(&reduced);
        let Some(reduction) = reduced.reduction() else {
            // No symmetry: every solution is its own class.
            prop_assert_eq!(found.len() as u64, all.count());
            return Ok(());
        };
        classes_make_every_solution(reduction, &found, all.count())?;
    }

    #[test]
    fn copies_find_each_solution_once(seed: u64) {
        // The same puzzle with equal pieces named apart, and declared as copies (no aspect for
        // one kind, bags for several).
        let random = RandomPuzzle { reduced: false, ..RandomPuzzle::new(seed) };
        let named = Puzzle::new(&random.description()).unwrap();
        let (description, namings) = random.with_copies();
        let copies = Puzzle::new(&description).unwrap();
        let found = walked(&copies);
        prop_assert_eq!(found.len() as u64 * namings, named.count());
        prop_assert_eq!(copies.count(), found.len() as u64);
        prop_assert_eq!(sorted_sets(&found), copies.solution_sets());
        for s in &found {
            let set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            prop_assert!(copies.cover().is_solution(&set));
        }
        let reduced = Puzzle::new(&description.symmetry(Symmetry::Reduced { piece: None })).unwrap();
        if let Some(reduction) = reduced.reduction() {
            classes_make_every_solution(reduction, &walked(&reduced), copies.count())?;
        }
    }

    #[test]
    fn pruning_keeps_every_solution_in_order(seed: u64) {
        let random = RandomPuzzle::new(seed);
        let plain = Puzzle::new(&random.description()).unwrap();
        let pruned = Puzzle::new(&random.description().prune(Pruning::Regions)).unwrap();
        prop_assert_eq!(walked(&pruned), walked(&plain));
        // With copies too (bags count their pieces, so sizes repeat).
        let (copies, _) = random.with_copies();
        let plain = Puzzle::new(&copies).unwrap();
        let pruned = Puzzle::new(&copies.prune(Pruning::Regions)).unwrap();
        prop_assert_eq!(walked(&pruned), walked(&plain));
    }

    #[test]
    fn elimination_loses_no_solution(seed: u64) {
        let random = RandomPuzzle { reduced: false, ..RandomPuzzle::new(seed) };
        let kept = Puzzle::new(&random.description().eliminate(false)).unwrap();
        let eliminated = Puzzle::new(&random.description()).unwrap();
        prop_assert_eq!(kept.solution_sets(), eliminated.solution_sets());
        // Modulo symmetry the representatives may differ, not their number.
        let reduced = |d: puzzle::Description| {
            Puzzle::new(&d.symmetry(Symmetry::Reduced { piece: None })).unwrap().count()
        };
        prop_assert_eq!(
            reduced(random.description().eliminate(false)),
            reduced(random.description())
        );
        prop_assert_eq!(
            eliminated.cover().allowed_count() + eliminated.eliminated(),
            kept.cover().allowed_count()
        );
    }

    #[test]
    fn symmetries_found_from_the_embeddings_alone(seed: u64) {
        // A box puzzle forgotten into a list of aspects and embeddings: the symmetries found
        // from the list include the box's, and reduce exactly.
        let random = RandomPuzzle { reduced: false, ..RandomPuzzle::new(seed) };
        let boxed = Puzzle::new(&random.description()).unwrap();
        let listed = Puzzle::new(&as_abstract(&boxed, Symmetry::All)).unwrap();
        let reduced = Puzzle::new(&as_abstract(&boxed, Symmetry::Reduced { piece: None })).unwrap();
        let found = walked(&reduced);
        let Some(reduction) = reduced.reduction() else {
            prop_assert_eq!(found.len() as u64, listed.count());
            return Ok(());
        };
        let by_box = Puzzle::new(&random.description().symmetry(Symmetry::Reduced { piece: None }))
            .unwrap();
        let identity: Vec<u32> = (0..boxed.cover().embedding_count() as u32).collect();
        for image in by_box.reduction().iter().flat_map(|r| &r.images) {
            prop_assert!(*image == identity || reduction.images.contains(image));
        }
        classes_make_every_solution(reduction, &found, listed.count())?;
    }
}

/// The aspects and embeddings of a compiled puzzle as an abstract description.
fn as_abstract(p: &Puzzle, symmetry: Symmetry) -> puzzle::Description {
    let cover = p.cover();
    let names: Vec<&str> = (0..cover.aspect_count() as u32)
        .map(|a| cover.aspect_name(puzzle::runtime::AspectId(a)))
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
    puzzle::Description::new("listed")
        .abstract_puzzle(&names, &[], &embeddings)
        .symmetry(symmetry)
}

/// Each class has as many solutions as the group has elements, divided by the symmetries that
/// fix its solutions; together the classes `found` make all `count` solutions, and no solution
/// found is an image of another.
fn classes_make_every_solution(
    reduction: &puzzle::runtime::symmetry::Reduction,
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
        for image in &reduction.images {
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
