//! What the integration tests share: checks that hold a solver to something independent (the
//! reference backtracker, the exact-cover check, the processor code it was made with), and a
//! generator of small random puzzles. The tests themselves are in `tests/`.

pub mod fuzzing;
pub mod random;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use puzzlec::compiler::description::{AbstractSpec, NamedSet};
use puzzlec::compiler::{Description, Puzzle};
use puzzlec::processor::instruction::{from_text, from_words, to_text, to_words};
use puzzlec::processor::{Code, Machine};
use puzzlec::search::{collect, Visit};
use puzzlec::symmetry::Checked;
use puzzlec::Solver;

/// A random abstract puzzle's spec: required aspects `p0`.. and optional ones `s0`.. (listed
/// after them), with these embeddings; a test adds the rest.
pub fn random_spec(required: usize, optional: usize, embeddings: Vec<NamedSet>) -> AbstractSpec {
    let named = |n: String| (n, Default::default());
    let secondary: Vec<_> = (0..optional).map(|k| named(format!("s{k}"))).collect();
    AbstractSpec {
        aspects: (0..required)
            .map(|k| named(format!("p{k}")))
            .chain(secondary.clone())
            .collect(),
        optional: secondary,
        embeddings,
        ..Default::default()
    }
}

/// Solutions as sorted sets of embeddings, sorted: what two solvers must agree on whatever
/// order they search in.
pub fn sorted_sets(solutions: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut sets: Vec<Vec<u32>> = solutions
        .iter()
        .map(|s| {
            let mut set = s.clone();
            set.sort_unstable();
            set
        })
        .collect();
    sets.sort();
    sets
}

/// Checks that a solver and the interpreter running its processor code, in the text form and
/// in the binary form where the code has one, find the same solutions in the same order, and
/// that the interpreter makes one `CALL` per placement of the solver's search (more where the
/// solver pruned: the processor does not). A solver that covers dead ends first searches in
/// another order: then the two must find the same set. Returns the number of solutions.
pub fn processor_agrees(solver: &dyn Solver) -> usize {
    let name = &solver.info().name;
    let native = solver.collect();
    let stats = solver.stats();
    assert_eq!(stats.solutions, native.len() as u64, "{name}");
    let code = solver
        .code()
        .expect("a puzzle without bags has processor code");
    let mut forms = vec![("text", from_text(&to_text(&code.instructions)).unwrap())];
    // The binary form holds 128 aspects and 14-bit jumps at most.
    if let Ok(words) = to_words(&code.instructions) {
        forms.push(("binary", from_words(&words).unwrap()));
    }
    for (form, instructions) in forms {
        let code = Code {
            instructions: instructions.into(),
            ..code.clone()
        };
        let mut machine = Machine::new(&code).unwrap();
        let depth = solver.catalog().aspect_count();
        let found = collect(|v| {
            let visit = Visit::new(solver.catalog(), v);
            let result = match solver.symmetry_check() {
                Some(check) => machine.run(&mut Checked::new(check, depth, visit)),
                None => machine.run(&mut { visit }),
            };
            result.unwrap()
        });
        let executed = machine.executed();
        if solver.info().dead_ends || solver.info().fewest_embeddings {
            // The processor has no dead-end step nor counts of embeddings: it searches in the
            // order's scan alone.
            let same = sorted_sets(&found) == sorted_sets(&native);
            assert!(same, "{name}: {form} code finds other solutions");
        } else {
            assert!(found == native, "{name}: {form} code finds other solutions");
            let placements = stats.total_placements();
            match stats.pruned {
                0 => assert_eq!(executed.calls, placements, "{name}: {form} CALLs"),
                _ => assert!(executed.calls > placements, "{name}: {form} CALLs"),
            }
        }
        // The machine reports every solution its code finds; the check keeps one per class.
        if solver.symmetry_check().is_none() {
            assert_eq!(executed.solutions, stats.solutions, "{name}: {form}");
        }
    }
    native.len()
}

/// Every solution of a solver, each checked against `description` compiled at run time: an
/// exact cover of allowed embeddings, and never found twice. The number found.
pub fn check_solutions(solver: &dyn Solver, description: Description) -> usize {
    let runtime = Puzzle::new(&description).unwrap();
    let mut seen = BTreeSet::new();
    let _ = solver.solve(&mut |s| {
        let set: Vec<_> = s
            .embedding_set()
            .into_iter()
            .map(puzzlec::compiler::EmbeddingId)
            .collect();
        assert!(
            runtime.cover().is_solution(&set),
            "not an exact cover: {set:?}"
        );
        assert!(seen.insert(set), "found twice");
        ControlFlow::Continue(())
    });
    seen.len()
}

/// Checks that two solvers search alike: the same solutions in the same order, the same
/// statistics, and the same work units (ids, placements, free sets) that give the same counts
/// run on either.
pub fn engines_agree(native: &dyn Solver, walked: &dyn Solver) {
    let name = &native.info().name;
    assert_eq!(
        native.info().fingerprint,
        walked.info().fingerprint,
        "{name}"
    );
    assert_eq!(native.collect(), walked.collect(), "{name}: solutions");
    let stats = native.stats();
    assert_eq!(stats, walked.stats(), "{name}: statistics");
    // On all cores, from the search above the units and each unit's: the same figures.
    assert_eq!(
        native.stats_parallel(),
        stats,
        "{name}: statistics on all cores"
    );
    assert_eq!(
        walked.stats_parallel(),
        stats,
        "{name}: walked on all cores"
    );
    assert_eq!(native.units_and_stats().0, native.units(), "{name}: units");
    assert_eq!(native.count(), walked.count(), "{name}: counts");
    let units = native.units();
    assert_eq!(units, walked.units(), "{name}: units");
    for unit in &units {
        let mut a = native.counter();
        let mut b = walked.counter();
        let _ = native.run_unit(unit, puzzlec::Run::Count(&mut a)).unwrap();
        let _ = walked.run_unit(unit, puzzlec::Run::Count(&mut b)).unwrap();
        assert_eq!(a.solutions(), b.solutions(), "{name}: unit {}", unit.id);
    }
}
