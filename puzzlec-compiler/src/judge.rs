//! The stage between the plan and the engines: the one decision of a plan that needs a
//! search. How often the pruning check refuses the placements it checks, measured by the start
//! of the search itself (the walker following the plan as it stands), decides how the lookups
//! run the check (`Checking`); only this stage makes an [`Unjudged`] plan a [`Plan`], so the
//! plan never walks and the walker never plans.

use std::ops::ControlFlow;

use puzzlec_runtime::search::Sink;

use crate::order::Order;
use crate::plan::{size, Checking, Decision, Plan, Pruning, Unjudged};
use crate::program::Program;
use crate::tuning::Tuning;
use crate::walk::{run, Start, Walkable};

/// The finished plan: how the lookups run the check, where they write it inline (on a bit
/// board, not fused with the dead ends' test) and the search is estimated at `estimate`
/// placements, at least [`Tuning::heavy_checks_from`], from the share of the placements it
/// checks that the check refuses at the start of the search, walked with this plan; as
/// placed elsewhere; with the program it runs. A search by the fewest embeddings has no
/// lookups to judge, nor a program.
pub fn judge(
    unjudged: Unjudged,
    order: &Order,
    embeddings: usize,
    estimate: f64,
    tuning: &Tuning,
) -> (Plan, Option<Program>) {
    let plan = unjudged.plan();
    let Some(scan) = plan.scan() else {
        return unjudged.judged(None);
    };
    let inline = scan.checks_inline();
    let why = if !inline {
        "the check is not written inline in lookups".to_owned()
    } else if estimate < tuning.heavy_checks_from {
        format!(
            "estimate {} < `heavy_checks_from` {}",
            size(estimate),
            size(tuning.heavy_checks_from)
        )
    } else {
        let walkable = Walkable::new(unjudged.program(), order, plan, embeddings, tuning);
        let refused = refused_share(&walkable, plan, tuning.judging_placements);
        let holes = matches!(scan.pruning, Pruning::Holes { .. });
        let steps = scan.pruning.board().map_or(0, |b| b.steps.len());
        let checking = Checking::for_refused(refused, holes, steps, tuning);
        let decision = judged(checking, refused, steps, tuning);
        return unjudged.judged(Some((checking, decision)));
    };
    let decision = Decision::new("checking", "as placed", why);
    unjudged.judged(Some((Checking::AsPlaced, decision)))
}

/// The record of a judged check: the share refused and the thresholds it was compared with.
fn judged(checking: Checking, refused: f64, steps: usize, tuning: &Tuning) -> Decision {
    let chosen = match checking {
        Checking::AsPlaced => "as placed",
        Checking::First => "every fit before placing",
        Checking::FromCounts => "every fit before placing, from counted neighbours",
    };
    let why = format!(
        "{refused:.3} of the first {} placements refused, `check_first_from` {}; a board of {steps} steps, `counts_from_steps` {}",
        tuning.judging_placements, tuning.check_first_from, tuning.counts_from_steps
    );
    Decision::new("checking", chosen, why)
}

/// The share of the placements the plan's check refuses among those it checks, over the first
/// `placements` placements of the search (the whole search, if smaller).
fn refused_share(walkable: &Walkable, plan: &Plan, placements: u64) -> f64 {
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
    use puzzlec_runtime::Solver;

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
            Some(p.program()),
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
