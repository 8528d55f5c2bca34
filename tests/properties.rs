//! Property tests on random puzzles compiled at run time: the program finds exactly the
//! reference backtracker's solutions, sharing changes nothing but code, and symmetry reduction
//! finds one solution per class.

mod support;

use proptest::prelude::*;
use puzzle::runtime::search::{collect, Counter};
use puzzle::runtime::{EmbeddingId, ErrorKind};
use puzzle::{Puzzle, Symmetry};
use support::random::RandomPuzzle;
use support::sorted_sets;

/// The solutions the program finds, in the order it finds them.
fn walked(p: &Puzzle) -> Vec<Vec<u32>> {
    collect(|v| p.solve_program(v))
}

/// The puzzle, or `None` when only the symmetry request could not be honoured.
fn compile(random: &RandomPuzzle) -> Option<Puzzle> {
    match Puzzle::new(&random.description()) {
        Ok(p) => Some(p),
        Err(errors) => {
            assert!(random.reduced, "{:?}: {errors}", random);
            assert!(errors
                .0
                .iter()
                .all(|e| matches!(e.kind, ErrorKind::Symmetry { .. })));
            None
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn program_finds_the_reference_solutions(seed: u64) {
        let random = RandomPuzzle::new(seed);
        let Some(p) = compile(&random) else { return Ok(()) };
        let found = walked(&p);
        for s in &found {
            let set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            prop_assert!(p.cover().is_solution(&set));
        }
        prop_assert_eq!(sorted_sets(&found), p.solution_sets());
        // A box cut into its pieces always has a solution, unless symmetry moved it elsewhere.
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
        let Ok(reduced) = Puzzle::new(&description) else { return Ok(()) };
        let mut counter = Counter::default();
        let _ = reduced.run_program(&mut counter);
        // The restricted piece has no symmetric placement, so every class has one solution per
        // symmetry.
        let order = reduced.reduction().map_or(1, |r| r.group_order) as u64;
        prop_assert_eq!(counter.solutions * order, all.count());
    }
}
