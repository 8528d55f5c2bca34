//! Work shared out beyond one machine. The search is cut into units numbered in the serial
//! search's order ([`Solver::units_for`]); the same puzzle gives the same units, with the same
//! ids, on every machine and on both engines. A run takes a shard of them (`--shard K/N`: the
//! ids `K-1`, `K-1+N`, ...; round robin, so that each shard gets its share of the large units
//! that come first) or a range, and appends a line per finished unit to its result file
//! (`puzzlec_io::results`); `--resume` skips the units already there, and its `merge` proves
//! that every unit was counted exactly once before it gives a total.
//!
//! The tools that spread the shards over machines are existing ones (GNU parallel, Slurm job
//! arrays): this module gives them stable ids, durable results and a merge they can trust.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use puzzlec::disassembly::{self, Disassembler, DisassemblyError, Outcome, Rules};
use puzzlec::symmetry::Orbits;
use puzzlec::{parallel, Run, Solution, Solver, Unit};
use serde_json::json;

use puzzlec_io::disassembly::{Level, Survey};
use puzzlec_io::draw;
use puzzlec_io::results::{self, hex, Appender, Record, WorkError};

/// A shard of the units: `K/N`, the `K`th of `N` (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which, from 1.
    pub index: usize,
    /// Of how many.
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let wrong = || format!("`{s}` is not a shard: expected K/N with 1 <= K <= N, e.g. 3/8");
        let (k, n) = s.split_once('/').ok_or_else(wrong)?;
        let (index, count) = (
            k.trim().parse().map_err(|_| wrong())?,
            n.trim().parse().map_err(|_| wrong())?,
        );
        match (1..=count).contains(&index) {
            true => Ok(Shard { index, count }),
            false => Err(wrong()),
        }
    }
}

/// A range of unit ids, `A-B` (both included) or one id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ids {
    /// The first.
    pub first: usize,
    /// The last.
    pub last: usize,
}

impl FromStr for Ids {
    type Err = String;

    fn from_str(s: &str) -> Result<Ids, String> {
        let wrong = || {
            format!(
                "`{s}` is not a range of units: expected A-B (both included) or one id, e.g. 0-99"
            )
        };
        let (a, b) = s.split_once('-').unwrap_or((s, s));
        let (first, last) = (
            a.trim().parse().map_err(|_| wrong())?,
            b.trim().parse().map_err(|_| wrong())?,
        );
        match first <= last {
            true => Ok(Ids { first, last }),
            false => Err(wrong()),
        }
    }
}

/// How the search is cut: the options `units` and `run` share.
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct CutArgs {
    /// Cut the search into at least N units where it can (deeper cuts give more; the ids
    /// depend on it, so every run and listing of one count must use the same N).
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub target: Option<usize>,
}

/// A number of units: 1 or more.
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse() {
        Ok(0) | Err(_) => Err(format!(
            "`{s}` is not a number of units: expected 1 or more"
        )),
        Ok(n) => Ok(n),
    }
}

impl CutArgs {
    fn units(&self, solver: &dyn Solver) -> Vec<Unit> {
        solver.units_for(self.target.unwrap_or(parallel::TARGET_UNITS))
    }

    fn to_args(&self, args: &mut Vec<String>) {
        if let Some(n) = self.target {
            args.push(format!("--target={n}"));
        }
    }
}

/// What is done with each unit's solutions: the options `units` and `run` share, since the
/// fingerprint names it.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct AnalysisArgs {
    /// Count every solution, rather than one per symmetry class: each unit's solutions with
    /// the others of their classes, and the fingerprint says so, so that these counts never
    /// add to one per class.
    #[arg(long, conflicts_with = "disassemble")]
    pub all: bool,
    /// Take each assembly apart, as `solve --disassemble` does: a unit's line holds its
    /// assemblies, those that come apart and their levels, and the fingerprint names the
    /// analysis and its limit of states, so that its results never add to a count's.
    #[arg(long)]
    pub disassemble: bool,
    /// The most states one assembly's disassembly may reach before it is given up (and
    /// counted undecided).
    #[arg(long, value_name = "N", default_value_t = disassembly::STATES, requires = "disassemble")]
    pub states: u64,
}

impl Default for AnalysisArgs {
    fn default() -> AnalysisArgs {
        AnalysisArgs {
            all: false,
            disassemble: false,
            states: disassembly::STATES,
        }
    }
}

impl AnalysisArgs {
    /// What a run of a puzzle whose assemblies come apart under `rules` does.
    fn analysis<'r>(&self, rules: &'r Rules) -> Analysis<'r> {
        match (self.disassemble, self.all) {
            (false, false) => Analysis::Count,
            (false, true) => Analysis::CountAll,
            (true, _) => Analysis::Disassembly {
                rules,
                states: self.states,
            },
        }
    }

    fn to_args(&self, args: &mut Vec<String>) {
        if self.all {
            args.push("--all".to_owned());
        }
        if self.disassemble {
            args.push("--disassemble".to_owned());
            args.push(format!("--states={}", self.states));
        }
    }
}

/// What a run does with each unit's solutions, decided once.
#[derive(Clone, Copy, Debug)]
enum Analysis<'r> {
    /// Counts them.
    Count,
    /// Counts every solution: each found with the others of its class.
    CountAll,
    /// Takes each apart under `rules`, within `states` states.
    Disassembly { rules: &'r Rules, states: u64 },
}

impl Analysis<'_> {
    /// The fingerprint of the run: the puzzle's, or that of its disassembly.
    fn fingerprint(self, solver: &dyn Solver) -> String {
        let puzzle = solver.info().fingerprint;
        hex(match self {
            Analysis::Count => puzzle,
            Analysis::CountAll => match solver.info().symmetry.group_order {
                // Nothing reduced: the same count as the puzzle's own.
                1 => puzzle,
                _ => puzzlec::symmetry::every_solution_fingerprint(puzzle),
            },
            Analysis::Disassembly { rules, states } => rules.fingerprint(puzzle, states),
        })
    }

    /// A disassembler for a thread, where the run takes assemblies apart.
    fn disassembler(self, solver: &dyn Solver) -> Result<Option<Disassembler>, DisassemblyError> {
        match self {
            Analysis::Count | Analysis::CountAll => Ok(None),
            Analysis::Disassembly { rules, states } => {
                Disassembler::new(solver.catalog().lattice, rules.clone(), states).map(Some)
            }
        }
    }
}

/// Which units a run takes and where it writes.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct RunUnitsArgs {
    /// Run the Kth of N shards of the units (K from 1): ids K-1, K-1+N, K-1+2N, ...
    #[arg(long, value_name = "K/N", conflicts_with = "units")]
    pub shard: Option<Shard>,
    /// Run the units with these ids: A-B (both included), or one id.
    #[arg(long, value_name = "A-B")]
    pub units: Option<Ids>,
    /// Append a JSON line per finished unit to FILE.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Go on with FILE: skip the units it already holds (a torn last line is cut off).
    #[arg(long)]
    pub resume: bool,
    /// Write each unit's solutions into its line, not only their number.
    #[arg(long)]
    pub solutions: bool,
    /// How the search is cut.
    #[command(flatten)]
    pub cut: CutArgs,
    /// What is done with the solutions.
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// Threads to run on (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
}

impl RunUnitsArgs {
    /// The same options as command-line arguments, to hand to a native solver.
    pub fn to_args(&self) -> Vec<String> {
        let mut args = vec!["run".to_owned()];
        if let Some(s) = self.shard {
            args.push(format!("--shard={}/{}", s.index, s.count));
        }
        if let Some(ids) = self.units {
            args.push(format!("--units={}-{}", ids.first, ids.last));
        }
        args.extend(["--out".to_owned(), self.out.display().to_string()]);
        for (set, flag) in [(self.resume, "--resume"), (self.solutions, "--solutions")] {
            if set {
                args.push(flag.to_owned());
            }
        }
        self.cut.to_args(&mut args);
        self.analysis.to_args(&mut args);
        args.push(format!("--threads={}", self.threads));
        args
    }
}

/// How to list the units.
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct ListArgs {
    /// How the search is cut.
    #[command(flatten)]
    pub cut: CutArgs,
    /// What is done with the solutions.
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// Threads to estimate on (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
}

impl ListArgs {
    /// The same options as command-line arguments, to hand to a native solver.
    pub fn to_args(&self) -> Vec<String> {
        let mut args = vec!["units".to_owned()];
        self.cut.to_args(&mut args);
        self.analysis.to_args(&mut args);
        args.push(format!("--threads={}", self.threads));
        args
    }
}

/// Writes the units as JSON lines: id, depth, the estimate of the size of its search, and the
/// fingerprint of the run (the puzzle's, or that of its disassembly under `rules`).
pub fn list(
    solver: &dyn Solver,
    args: &ListArgs,
    rules: &Rules,
    out: &mut dyn Write,
) -> io::Result<()> {
    let units = args.cut.units(solver);
    let weights = parallel::with_threads(args.threads, || solver.unit_weights(&units));
    let fingerprint = args.analysis.analysis(rules).fingerprint(solver);
    for (unit, weight) in units.iter().zip(weights) {
        let line = json!({
            "id": unit.id,
            "depth": unit.placed.len(),
            "estimate": weight.round(),
            "fingerprint": fingerprint,
        });
        writeln!(out, "{line}")?;
    }
    out.flush()
}

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSummary {
    /// The units the puzzle has.
    pub units: usize,
    /// The units the run was asked for.
    pub asked: usize,
    /// Of those, the ones the result file already held.
    pub skipped: usize,
    /// The solutions of the units run now (their assemblies, where they were taken apart).
    pub solutions: u128,
    /// How they came apart, where they were taken apart.
    pub disassembly: Option<Survey>,
    /// The time taken, in seconds.
    pub seconds: f64,
}

/// Runs the units `args` asks for on all cores, appending a record per finished unit to the
/// result file; where asked, each assembly is taken apart under `rules`.
pub fn run(
    solver: &dyn Solver,
    args: &RunUnitsArgs,
    rules: &Rules,
) -> Result<RunSummary, WorkError> {
    let start = Instant::now();
    let analysis = args.analysis.analysis(rules);
    // A puzzle whose pieces do not slide is refused before any unit runs.
    analysis
        .disassembler(solver)
        .map_err(|e| WorkError::Analysis(e.to_string()))?;
    let units = args.cut.units(solver);
    let fingerprint = analysis.fingerprint(solver);
    let asked: Vec<&Unit> = match (args.shard, args.units) {
        (Some(s), _) => units.iter().skip(s.index - 1).step_by(s.count).collect(),
        (None, Some(ids)) if ids.last >= units.len() => {
            return Err(WorkError::Range {
                first: ids.first,
                last: ids.last,
                units: units.len(),
            })
        }
        (None, Some(ids)) => units[ids.first..=ids.last].iter().collect(),
        (None, None) => units.iter().collect(),
    };
    let (done, keep) = match results::read(&args.out) {
        Err(e) if results::is_missing(&e) => (BTreeSet::new(), None),
        Err(e) => return Err(e),
        Ok(r) if !args.resume && (!r.records.is_empty() || r.torn.is_some()) => {
            return Err(WorkError::Exists {
                path: args.out.clone(),
            })
        }
        Ok(r) => {
            if let Some(torn) = &r.torn {
                eprintln!(
                    "warning: {}:{}: a torn last line (a crash while it was written) is cut off; its unit runs again",
                    args.out.display(),
                    torn.line
                );
            }
            let other = r
                .records
                .iter()
                .find(|(_, rec)| rec.fingerprint != fingerprint || rec.units != units.len());
            if let Some((line, rec)) = other {
                return Err(WorkError::OtherPuzzle {
                    path: args.out.clone(),
                    line: *line,
                    found: rec.fingerprint.clone(),
                    units: rec.units,
                    expected: fingerprint,
                    expected_units: units.len(),
                });
            }
            let done = r.records.iter().map(|(_, rec)| rec.unit).collect();
            (done, r.torn.map(|t| t.offset))
        }
    };
    let todo: Vec<&Unit> = asked
        .iter()
        .copied()
        .filter(|u| !done.contains(&u.id))
        .collect();
    let out = Mutex::new(Appender::open(&args.out, keep)?);
    let failure = Mutex::new(None);
    let next = AtomicUsize::new(0);
    let surveyed = Mutex::new(None::<Survey>);
    // Where every solution is counted, each one found stands for its class.
    let orbits = matches!(analysis, Analysis::CountAll).then(|| solver.orbits());
    let solutions: u128 = parallel::with_threads(args.threads, || {
        let counter = solver.counter();
        rayon::broadcast(|_| {
            // A counter for each thread, whose cache (a memo's above all) outlives its units,
            // and a disassembler, which keeps what it learns of the shapes.
            let mut counter = counter.share();
            let mut disassembler = analysis.disassembler(solver).ok().flatten();
            let mut found = 0u128;
            while let Some(unit) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                // The run's fingerprint, which names the analysis.
                let mut record = match &mut disassembler {
                    None => run_unit(
                        solver,
                        unit,
                        &mut counter,
                        &orbits,
                        args.solutions,
                        units.len(),
                    ),
                    Some(d) => disassemble_unit(solver, unit, d, args.solutions, units.len()),
                };
                record.fingerprint.clone_from(&fingerprint);
                found = found.saturating_add(record.count);
                if let Some(survey) = &record.disassembly {
                    let mut all = surveyed.lock().expect("no survey panics");
                    all.get_or_insert_with(Survey::default).add(survey);
                }
                let written = out.lock().expect("no writer panics").append(&record);
                if let Err(e) = written {
                    // No later unit could be kept either: stop taking units.
                    failure.lock().expect("no writer panics").get_or_insert(e);
                    next.store(todo.len(), Ordering::Relaxed);
                }
            }
            found
        })
        .into_iter()
        .fold(0, u128::saturating_add)
    });
    if let Some(e) = failure.into_inner().expect("no writer panics") {
        return Err(e);
    }
    Ok(RunSummary {
        units: units.len(),
        asked: asked.len(),
        skipped: asked.len() - todo.len(),
        solutions,
        disassembly: surveyed.into_inner().expect("no survey panics"),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Runs one unit: counted with this thread's counter, or with its solutions kept; with
/// `orbits`, each solution found stands for its class.
fn run_unit(
    solver: &dyn Solver,
    unit: &Unit,
    counter: &mut puzzlec::search::CachedCounter,
    orbits: &Option<Orbits<'_>>,
    keep: bool,
    units: usize,
) -> Record {
    let start = Instant::now();
    let (count, placements, solutions) = match (keep, orbits) {
        (_, Some(orbits)) => {
            let catalog = solver.catalog();
            let mut count = 0u128;
            let mut shown = keep.then(Vec::new);
            let tally = solver.solve_unit(unit, None, &mut |s| {
                match &mut shown {
                    Some(shown) => {
                        let members = orbits.members(s.embeddings());
                        count += members.len() as u128;
                        shown.push(draw::json::value(s));
                        let others = members[1..].iter().map(|m| Solution::new(catalog, m));
                        shown.extend(others.map(|m| draw::json::value(&m)));
                    }
                    None => count += u128::from(orbits.size(s.embeddings())),
                }
                ControlFlow::Continue(())
            });
            (count, tally.placements, shown)
        }
        (false, None) => {
            let before = (counter.solutions(), counter.placements);
            let _ = solver
                .run_unit(unit, Run::Count(counter))
                .expect("a solver's own units are its own");
            let count = counter.solutions() - before.0;
            (count, counter.placements - before.1, None)
        }
        (true, None) => {
            // A record holds its unit's solutions: `--solutions` is for units that have few.
            let mut shown = Vec::new();
            let tally = solver.solve_unit(unit, None, &mut |s| {
                shown.push(draw::json::value(s));
                ControlFlow::Continue(())
            });
            (u128::from(tally.solutions), tally.placements, Some(shown))
        }
    };
    Record {
        puzzle: solver.info().name.to_string(),
        // The run's, set by the run.
        fingerprint: String::new(),
        units,
        unit: unit.id,
        count,
        placements,
        seconds: start.elapsed().as_secs_f64(),
        solutions,
        disassembly: None,
    }
}

/// Runs one unit, taking each of its assemblies apart with this thread's disassembler.
fn disassemble_unit(
    solver: &dyn Solver,
    unit: &Unit,
    disassembler: &mut Disassembler,
    keep: bool,
    units: usize,
) -> Record {
    let start = Instant::now();
    let mut survey = Survey::default();
    let mut shown = keep.then(Vec::new);
    let tally = solver.solve_unit(unit, None, &mut |s| {
        // The disassembler was made for this puzzle: its pieces are no more than it follows.
        let outcome = (disassembler.solution(s)).expect("a disassembler made for the puzzle");
        survey.assemblies += 1;
        match &outcome {
            Outcome::Apart(separation) => {
                survey.solutions += 1;
                *survey.levels.entry(Level(separation.level())).or_default() += 1;
                if let Some(shown) = &mut shown {
                    let space = disassembler.lattice();
                    let line =
                        draw::json::disassembly_line(s, space, survey.assemblies, separation);
                    shown.push(serde_json::from_str(&line).expect("a line of JSON"));
                }
            }
            Outcome::Stuck => {}
            Outcome::Limit(_) => survey.undecided += 1,
        }
        ControlFlow::Continue(())
    });
    Record {
        puzzle: solver.info().name.to_string(),
        fingerprint: String::new(),
        units,
        unit: unit.id,
        count: u128::from(tally.solutions),
        placements: tally.placements,
        seconds: start.elapsed().as_secs_f64(),
        solutions: shown,
        disassembly: Some(survey),
    }
}

/// Says on stderr what a run did.
pub fn report(summary: &RunSummary, args: &RunUnitsArgs) {
    let which = match (args.shard, args.units) {
        (Some(s), _) => format!("shard {}/{}", s.index, s.count),
        (None, Some(ids)) => format!("units {}-{}", ids.first, ids.last),
        (None, None) => "all units".to_owned(),
    };
    let skipped = match summary.skipped {
        0 => String::new(),
        n => format!(" ({n} already in the file, skipped)"),
    };
    let found = match &summary.disassembly {
        Some(survey) => survey.found(Some(args.analysis.states)),
        None => format!("{} solutions", summary.solutions),
    };
    eprintln!(
        "{which}: {} of {} units{skipped}; ran {} in {:.3} s: {found}; results in {}",
        summary.asked,
        summary.units,
        summary.asked - summary.skipped,
        summary.seconds,
        args.out.display()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_and_ranges_parse_or_say_what_is_expected() {
        assert_eq!("3/8".parse(), Ok(Shard { index: 3, count: 8 }));
        assert!("0/8".parse::<Shard>().unwrap_err().contains("K/N"));
        assert!("9/8".parse::<Shard>().is_err());
        assert!("3".parse::<Shard>().is_err());
        assert_eq!("4-9".parse(), Ok(Ids { first: 4, last: 9 }));
        assert_eq!("7".parse(), Ok(Ids { first: 7, last: 7 }));
        assert!("9-4".parse::<Ids>().unwrap_err().contains("A-B"));
    }
}
