//! The assemblies a search finds, each taken apart, on every core, and shown in the search's
//! order: what the command's `--disassemble`, Python and the workshop share. The assemblies
//! are taken in batches, so that what is held is a batch's, never all of them.

use std::collections::{BTreeMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Mutex;

use std::sync::atomic::AtomicBool;

use puzzlec::disassembly::{Disassembler, DisassemblyError, Outcome, Rules};
use puzzlec::{Lattice, Solution, Solver, Watch};
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
    /// In a complete survey, the solutions whose highest level is not that of the separation
    /// BurrTools' order finds first.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub differ: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// What one assembly came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// How it came apart, or not (in a complete survey, at its highest level).
    pub outcome: Outcome,
    /// In a complete survey, the level of the separation BurrTools' order finds first, where
    /// it is not the highest.
    pub first: Option<String>,
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
        let found = match self.differ {
            0 => found,
            n => format!("{found}, {n} of them at a higher level than BurrTools' first separation"),
        };
        match self.undecided {
            0 => found,
            n => format!(
                "{found}, {n} undecided (their disassembly reached the limit{limit}; --states \
                 raises it)"
            ),
        }
    }

    /// The solutions by level, the highest first (`levels: 98.2.4.2 x1, 1 x2`); `None` where
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
        self.differ += other.differ;
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
    fn numbers(&self) -> impl Iterator<Item = u64> + '_ {
        self.0.split('.').map(|n| n.parse().unwrap_or(0))
    }
}

impl Ord for Level {
    fn cmp(&self, other: &Level) -> std::cmp::Ordering {
        other
            .numbers()
            .cmp(self.numbers())
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
/// The search goes on while the batches it found are taken apart: at most a few batches
/// a thread are under way, and each is shown once those before it have been.
pub fn survey(
    solver: &dyn Solver,
    how: &How,
    watch: &Watch,
    each: &mut dyn FnMut(u64, &Solution<'_>, &Answer) -> ControlFlow<()>,
) -> Result<Survey, DisassemblyError> {
    let catalog = solver.catalog();
    // One disassembler a thread, each keeping what it learns of the shapes; a complete
    // survey's thread has a second, which finds BurrTools' first separation.
    let threads = rayon::current_num_threads() + 1;
    let disassemblers: Vec<Mutex<Disassemblers>> = (0..threads)
        .map(|_| how.disassemblers(catalog.lattice).map(Mutex::new))
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
                        d.answer(&Solution::new(catalog, placed), watch.flag())
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
                match &outcome.outcome {
                    Outcome::Apart(s) => {
                        survey.solutions += 1;
                        *survey.levels.entry(Level(s.level())).or_default() += 1;
                        survey.differ += u64::from(outcome.first.is_some());
                    }
                    Outcome::Stuck => {}
                    Outcome::Limit(_) => survey.undecided += 1,
                }
                each(survey.assemblies, &Solution::new(catalog, placed), &outcome)?;
            }
            ControlFlow::Continue(())
        };
        let mut flow = ControlFlow::Continue(());
        let _ = solver.solve_watched(how.all, watch, &mut |solution| {
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
type Taken = (Vec<Vec<u32>>, Vec<Result<Option<Answer>, DisassemblyError>>);

/// How a survey takes assemblies apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct How {
    /// What the puzzle's file says of its pieces.
    pub rules: Rules,
    /// The most states one assembly's disassembly may reach.
    pub states: u64,
    /// Whether every separation of the fewest moves is taken and the highest level kept
    /// ([`Disassembler::complete`]), each beside BurrTools' first.
    pub complete: bool,
    /// Whether every assembly is taken apart, each the search finds followed by the others of
    /// its class, rather than one per symmetry class.
    pub all: bool,
}

impl How {
    /// BurrTools' disassembly under `rules`, within `states` states.
    pub fn first(rules: Rules, states: u64) -> How {
        How {
            rules,
            states,
            complete: false,
            all: false,
        }
    }

    fn disassemblers(&self, lattice: Lattice) -> Result<Disassemblers, DisassemblyError> {
        let made = || Disassembler::new(lattice, self.rules.clone(), self.states);
        let complete = match self.complete {
            true => Some(made()?.complete()),
            false => None,
        };
        Ok(Disassemblers {
            first: made()?,
            complete,
        })
    }
}

/// A thread's disassemblers.
struct Disassemblers {
    first: Disassembler,
    complete: Option<Disassembler>,
}

impl Disassemblers {
    /// What the solution comes to (`None` once `stop` is set).
    fn answer(
        &mut self,
        solution: &Solution<'_>,
        stop: &AtomicBool,
    ) -> Result<Option<Answer>, DisassemblyError> {
        let Some(outcome) = self.first.solution_until(solution, stop)? else {
            return Ok(None);
        };
        let Some(complete) = &mut self.complete else {
            return Ok(Some(Answer {
                outcome,
                first: None,
            }));
        };
        let Some(highest) = complete.solution_until(solution, stop)? else {
            return Ok(None);
        };
        let first = match (&outcome, &highest) {
            (Outcome::Apart(a), Outcome::Apart(b)) if a.level() != b.level() => Some(a.level()),
            _ => None,
        };
        Ok(Some(Answer {
            outcome: highest,
            first,
        }))
    }
}

/// The batches a thread may have under way beside the search: enough that none waits for the
/// next, few enough that what is held stays a few batches'.
const AHEAD: usize = 2;

/// How long the thread that shows the batches waits, where it has nothing else to do, before
/// it looks again: a fraction of a batch's time.
const WAIT: std::time::Duration = std::time::Duration::from_micros(100);
