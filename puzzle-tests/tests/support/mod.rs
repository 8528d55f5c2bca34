//! Shared by the integration tests: a generator of small random puzzles.

// Each test crate uses only part of it.
#![allow(dead_code)]

pub mod random;

use puzzle::runtime::processor::instruction::{from_text, from_words, to_text, to_words};
use puzzle::runtime::processor::{Code, Machine};
use puzzle::runtime::search::{collect, SolveFn, Stats, Visit};
use puzzle::runtime::symmetry::{Checked, SymmetryCheck};
use puzzle::runtime::EmbeddingId;
use puzzle::Catalog;

/// Solutions as sorted sets of embeddings, sorted: what two solvers must agree on whatever
/// order they search in.
pub fn sorted_sets(solutions: &[Vec<u32>]) -> Vec<Vec<EmbeddingId>> {
    let mut sets: Vec<Vec<EmbeddingId>> = solutions
        .iter()
        .map(|s| {
            let mut set: Vec<EmbeddingId> = s.iter().map(|&e| EmbeddingId(e)).collect();
            set.sort_unstable();
            set
        })
        .collect();
    sets.sort();
    sets
}

/// A generated solver and its processor code, as the generated module publishes them.
pub struct Generated {
    /// A name for messages.
    pub name: String,
    /// The native `solve`.
    pub solve: SolveFn,
    /// The native `solve_with`, counting placements and pruned ones.
    pub tally: fn(&mut Stats),
    /// The processor code.
    pub code: &'static Code,
    /// The catalog.
    pub catalog: &'static Catalog,
    /// The symmetry check, if the reduction needs one.
    pub check: Option<&'static SymmetryCheck>,
}

/// Checks that the native solver, the interpreter running the text code and the interpreter
/// running the binary code find the same solutions in the same order, and that the interpreter
/// executes one `CALL` per native placement (more where the native solver pruned: the
/// processor does not). Returns the number of solutions.
pub fn processor_agrees(g: &Generated) -> usize {
    let native = collect(g.solve);
    let mut stats = Stats::default();
    (g.tally)(&mut stats);
    assert_eq!(stats.solutions, native.len() as u64, "{}", g.name);
    let text = from_text(&to_text(&g.code.instructions)).unwrap();
    let words = from_words(&to_words(&g.code.instructions).unwrap()).unwrap();
    for (form, instructions) in [("text", text), ("binary", words)] {
        let code = Code {
            instructions: instructions.into(),
            ..g.code.clone()
        };
        let mut machine = Machine::new(&code).unwrap();
        let depth = g.catalog.aspects.len();
        let found = collect(|v| {
            let visit = Visit::new(g.catalog, v);
            let result = match g.check {
                Some(check) => machine.run(&mut Checked::new(check, depth, visit)),
                None => machine.run(&mut { visit }),
            };
            result.unwrap()
        });
        assert!(
            found == native,
            "{}: {form} code finds other solutions",
            g.name
        );
        let executed = machine.executed();
        let placements = stats.total_placements();
        match stats.pruned {
            0 => assert_eq!(executed.calls, placements, "{}: {form} CALLs", g.name),
            _ => assert!(executed.calls > placements, "{}: {form} CALLs", g.name),
        }
        // The machine reports every solution its code finds; the check keeps one per class.
        if g.check.is_none() {
            assert_eq!(executed.solutions, stats.solutions, "{}: {form}", g.name);
        }
    }
    native.len()
}

/// Every solution of a generated solver, each checked against `description` compiled at run
/// time: an exact cover of allowed embeddings, and never found twice. The number found.
pub fn check_solutions(solve: SolveFn, description: puzzle::Description) -> usize {
    let runtime = puzzle::Puzzle::new(&description).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let _ = solve(&mut |s| {
        let set = s.embedding_set();
        assert!(
            runtime.cover().is_solution(&set),
            "not an exact cover: {set:?}"
        );
        assert!(seen.insert(set), "found twice");
        std::ops::ControlFlow::Continue(())
    });
    seen.len()
}

/// The `Generated` of a module that `puzzle!` made.
#[allow(unused_macros)]
macro_rules! generated {
    ($m:ident) => {
        $crate::support::Generated {
            name: stringify!($m).into(),
            solve: |v| $m::solve(v),
            tally: |t| {
                let _ = $m::solve_with(t);
            },
            code: &$m::PROCESSOR,
            catalog: &$m::CATALOG,
            check: $m::SYMMETRY_CHECK,
        }
    };
}
