//! The one decision of the plan that needs a search: how often the pruning check refuses the
//! placements it checks, measured by the start of the search itself (the walker following the
//! plan as it stands), which decides how the lookups run the check (`Checking`).

use std::ops::ControlFlow;

use puzzle_runtime::search::Sink;

use crate::walk::{run, Start, Walkable};

use super::Plan;

/// The share of the placements the plan's check refuses among those it checks, over the first
/// `placements` placements of the search (the whole search, if smaller).
pub fn refused_share(walkable: &Walkable, plan: &Plan, placements: u64) -> f64 {
    let mut probe = Probe {
        budget: placements,
        placed: 0,
        refused: 0,
    };
    // As `dyn Sink`: the walker made for it is the one every sink but a count's shares.
    let mut sink: &mut dyn Sink = &mut probe;
    let _ = run(walkable, plan, Start::Root, &mut sink);
    probe.refused as f64 / (probe.placed + probe.refused).max(1) as f64
}

/// Counts the placements made and refused, and stops the search after a budget of them.
struct Probe {
    budget: u64,
    placed: u64,
    refused: u64,
}

impl Sink for Probe {
    fn place(&mut self, _: u32) {
        self.placed += 1;
    }
    fn unplace(&mut self) {}
    fn solution(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn pruned(&mut self) {
        self.refused += 1;
    }
    fn cut(&mut self) -> bool {
        self.placed >= self.budget
    }
    fn unit(&mut self, _: &[u64], _: u32) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

#[cfg(test)]
mod tests {
    use puzzle_runtime::Solver;

    use crate::description::{Description, Prune};
    use crate::tuning::Tuning;
    use crate::walk::Walkable;
    use crate::Puzzle;

    #[test]
    fn the_probe_finds_the_share_of_placements_the_check_refuses() {
        let d = Description::new("p").block(&[3, 20]).pentominoes();
        let p = Puzzle::new(&d.prune(Prune::Holes)).unwrap();
        let tuning = Tuning::default();
        let walkable = Walkable::new(
            p.program(),
            p.order(),
            p.plan(),
            p.info().embeddings,
            &tuning,
        );
        // With a budget past the whole search, the whole search's share.
        let stats = p.stats();
        assert!(stats.pruned > 0);
        let whole = stats.pruned as f64 / (stats.pruned + stats.total_placements()) as f64;
        assert_eq!(super::refused_share(&walkable, p.plan(), u64::MAX), whole);
        // With a smaller one, the share of the placements up to the budget.
        let mut first = 0.0;
        for budget in [1, 10, 100] {
            let share = super::refused_share(&walkable, p.plan(), budget);
            assert!((0.0..1.0).contains(&share), "{budget}: {share}");
            first = share;
        }
        assert_ne!(first, whole);
    }
}
