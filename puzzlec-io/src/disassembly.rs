//! The assemblies a search finds, each taken apart, on every core, and shown in the search's
//! order: what the command's `--disassemble`, Python and the workshop share. The assemblies
//! are taken in batches, so that what is held is a batch's, never all of them.

use std::collections::{BTreeMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Mutex;

use puzzlec::disassembly::{Disassembler, DisassemblyError, Outcome, Rules};
use puzzlec::{Solution, Solver, Watch};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The assemblies taken apart at once: enough to keep every core busy, few enough that a
/// batch's solutions and answers are small.
const BATCH: usize = 256;

/// How the assemblies of a search came apart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Survey {
    /// The assemblies found.
    pub assemblies: u64,
    /// Those that come apart: the solutions.
    pub solutions: u64,
    /// Those whose disassembly reached the limit of states.
    pub undecided: u64,
    /// The solutions by level, the highest first.
    pub levels: BTreeMap<Level, u64>,
}

impl Survey {
    /// The highest level and how many solutions have it.
    pub fn highest(&self) -> Option<(&Level, u64)> {
        self.levels.iter().next().map(|(l, n)| (l, *n))
    }

    /// What was found, as a person reads it: the assemblies, the solutions among them (one
    /// said to be unique, none said to be none), and those left undecided at the limit of
    /// states (`states`, where known).
    pub fn found(&self, states: Option<u64>) -> String {
        let assemblies = match self.assemblies {
            1 => "1 assembly".to_owned(),
            a => format!("{a} assemblies"),
        };
        let found = match (self.assemblies, self.solutions) {
            (0, _) => "no assembly: the pieces never fill the box, so nothing comes apart".into(),
            (_, 0) if self.undecided > 0 => format!("{assemblies}, none found to come apart"),
            (_, 0) => format!("{assemblies}, none of which comes apart: no solution"),
            (_, 1) => format!("{assemblies}, 1 solution (unique): the one that comes apart"),
            (_, s) => format!("{assemblies}, {s} solutions (assemblies that come apart)"),
        };
        let limit = states.map_or(String::new(), |n| format!(" of {n} states"));
        match self.undecided {
            0 => found,
            n => format!(
                "{found}, {n} undecided (their disassembly reached the limit{limit}; --states \
                 raises it)"
            ),
        }
    }

    /// The solutions by level, the highest first (`levels: 98.2.4 x1, 1 x2`); `None` where
    /// there are none.
    pub fn levels_line(&self) -> Option<String> {
        let levels: Vec<String> = (self.levels.iter())
            .map(|(level, n)| format!("{} x{n}", level.0))
            .collect();
        (!levels.is_empty()).then(|| format!("levels: {}", levels.join(", ")))
    }

    /// Adds what another part of the same search found.
    pub fn add(&mut self, other: &Survey) {
        self.assemblies += other.assemblies;
        self.solutions += other.solutions;
        self.undecided += other.undecided;
        for (level, n) in &other.levels {
            *self.levels.entry(level.clone()).or_default() += n;
        }
    }
}

/// A level as BurrTools writes it (`98.2.4.2`), ordered the highest first: by the moves to
/// the first separation, then those after it, number by number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Level(pub String);

impl Level {
    fn numbers(&self) -> Vec<u64> {
        self.0.split('.').map(|n| n.parse().unwrap_or(0)).collect()
    }
}

impl Ord for Level {
    fn cmp(&self, other: &Level) -> std::cmp::Ordering {
        other
            .numbers()
            .cmp(&self.numbers())
            .then_with(|| self.0.cmp(&other.0))
    }
}

impl PartialOrd for Level {
    fn partial_cmp(&self, other: &Level) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Takes apart every assembly `solver` finds (as `watch` lets it: once it is stopped, the
/// disassemblies under way are given up and not counted), showing each with its outcome and
/// number (from 1) to `each`, in the search's order, until `each` breaks.
/// `states` bounds each assembly's disassembly.
///
/// The search goes on while the batches it found are taken apart: at most [`AHEAD`] batches
/// a thread are under way, and each is shown once those before it have been.
pub fn survey(
    solver: &dyn Solver,
    rules: &Rules,
    states: u64,
    watch: &Watch,
    each: &mut dyn FnMut(u64, &Solution<'_>, &Outcome) -> ControlFlow<()>,
) -> Result<Survey, DisassemblyError> {
    let catalog = solver.catalog();
    // One disassembler a thread, each keeping what it learns of the shapes.
    let threads = rayon::current_num_threads() + 1;
    let disassemblers: Vec<Mutex<Disassembler>> = (0..threads)
        .map(|_| Disassembler::new(catalog.lattice, rules.clone(), states).map(Mutex::new))
        .collect::<Result<_, _>>()?;
    let disassemblers = &disassemblers;
    let mut survey = Survey::default();
    let mut failure = None;
    rayon::in_place_scope(|scope| {
        let mut pending: VecDeque<Receiver<Taken>> = VecDeque::new();
        let mut batch: Vec<Vec<u32>> = Vec::with_capacity(BATCH);
        // Takes a batch apart, beside the search.
        let start = |batch: Vec<Vec<u32>>, pending: &mut VecDeque<Receiver<Taken>>| {
            let (send, taken) = mpsc::sync_channel(1);
            scope.spawn(move |_| {
                let outcomes = (batch.par_iter())
                    .map(|placed| {
                        let at = rayon::current_thread_index()
                            .map_or(threads - 1, |i| i % (threads - 1));
                        let mut d = disassemblers[at].lock().unwrap_or_else(|e| e.into_inner());
                        d.solution_until(&Solution::new(catalog, placed), watch.flag())
                    })
                    .collect();
                let _ = send.send((batch, outcomes));
            });
            pending.push_back(taken);
        };
        // Shows the oldest batch, once it is taken apart, helping with the work meanwhile.
        let mut show = |taken: Receiver<Taken>, survey: &mut Survey| -> ControlFlow<()> {
            let (batch, outcomes) = loop {
                match taken.try_recv() {
                    Ok(done) => break done,
                    Err(TryRecvError::Empty) => {
                        if rayon::yield_now() != Some(rayon::Yield::Executed) {
                            std::thread::sleep(WAIT);
                        }
                    }
                    Err(TryRecvError::Disconnected) => return ControlFlow::Break(()),
                }
            };
            for (placed, outcome) in batch.iter().zip(outcomes) {
                let outcome = match outcome {
                    Ok(Some(o)) => o,
                    // Stopped: what is not answered is not counted.
                    Ok(None) => return ControlFlow::Break(()),
                    Err(e) => {
                        failure = Some(e);
                        return ControlFlow::Break(());
                    }
                };
                survey.assemblies += 1;
                match &outcome {
                    Outcome::Apart(s) => {
                        survey.solutions += 1;
                        *survey.levels.entry(Level(s.level())).or_default() += 1;
                    }
                    Outcome::Stuck => {}
                    Outcome::Limit(_) => survey.undecided += 1,
                }
                each(survey.assemblies, &Solution::new(catalog, placed), &outcome)?;
            }
            ControlFlow::Continue(())
        };
        let mut flow = ControlFlow::Continue(());
        let _ = solver.solve_watched(watch, &mut |solution| {
            batch.push(solution.embeddings().to_vec());
            if batch.len() < BATCH {
                return ControlFlow::Continue(());
            }
            start(std::mem::take(&mut batch), &mut pending);
            while pending.len() > AHEAD * threads {
                let oldest = pending.pop_front().expect("batches are under way");
                flow = show(oldest, &mut survey);
                if flow.is_break() {
                    return flow;
                }
            }
            ControlFlow::Continue(())
        });
        if flow.is_continue() && !batch.is_empty() {
            start(batch, &mut pending);
        }
        while let (true, Some(oldest)) = (flow.is_continue(), pending.pop_front()) {
            flow = show(oldest, &mut survey);
        }
        // What is still under way once `each` has broken is let finish, unshown.
        drop(pending);
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(survey),
    }
}

/// A batch of assemblies and what each came to.
type Taken = (
    Vec<Vec<u32>>,
    Vec<Result<Option<Outcome>, DisassemblyError>>,
);

/// The batches a thread may have under way beside the search: enough that none waits for the
/// next, few enough that what is held stays a few batches'.
const AHEAD: usize = 2;

/// How long the thread that shows the batches waits, where it has nothing else to do, before
/// it looks again: a fraction of a batch's time.
const WAIT: std::time::Duration = std::time::Duration::from_micros(100);
