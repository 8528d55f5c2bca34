//! Running a compiled puzzle for a person or a script: the count and the time, solutions drawn
//! in the terminal, as an SVG gallery or as JSON lines, statistics, and progress. One driver for
//! every engine: it takes any [`Solver`], the run-time `Puzzle` or a native solver built on
//! demand, so both show the same solutions in the same order.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use clap::ValueEnum;
use puzzlec::disassembly::{Outcome, Rules};
use puzzlec::search::Stats;
use puzzlec::{parallel, Solver, Watch};

use crate::progress::{self, Shown};
use puzzlec_io::disassembly;
use puzzlec_io::draw::stl::{Print, Printer};
use puzzlec_io::draw::{self, Palette};

/// When to do something that suits a terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum When {
    /// When the stream is a terminal (and, for colour, `NO_COLOR` is not set).
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl When {
    fn word(self) -> &'static str {
        match self {
            When::Auto => "auto",
            When::Always => "always",
            When::Never => "never",
        }
    }
}

/// What a run shows: the options the `puzzlec` command and a native solver share.
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct RunArgs {
    /// Stop after N solutions, and draw them (list them with --json, count them with --count).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub limit: Option<u64>,
    /// Every solution, rather than one per symmetry class where the puzzle is reduced: each
    /// solution the reduced search finds, then the others of its class, so that the search is
    /// no larger (a reduction that restricts no piece is searched without it).
    #[arg(long)]
    pub all: bool,
    /// Print the number of solutions alone, for scripts.
    #[arg(long, conflicts_with_all = ["stats", "json", "draw"])]
    pub count: bool,
    /// Draw every solution found in the terminal.
    #[arg(long)]
    pub draw: bool,
    /// Write the solutions found (up to --limit) to FILE as an SVG gallery.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write each piece, and each solution found (up to --limit), into DIR as binary STL for
    /// printing: piece-K-NAME.stl and solution-N.stl.
    #[arg(long, value_name = "DIR")]
    pub stl: Option<PathBuf>,
    /// The side of a cell in the STL files, in millimetres (a cube's, a triangle's, a
    /// sphere's diameter).
    #[arg(long, value_name = "MM", default_value_t = Print::default().size, requires = "stl")]
    pub stl_size: f64,
    /// Room between two pieces in the STL files, in millimetres: each piece's surface moves in
    /// by half of it, so that printed pieces go together.
    #[arg(long, value_name = "MM", default_value_t = Print::default().gap, requires = "stl")]
    pub stl_gap: f64,
    /// Move a solution's pieces apart in its STL file: each by F times its distance from the
    /// centre, and half a cell more (0: assembled).
    #[arg(long, value_name = "F", default_value_t = Print::default().explode, requires = "stl")]
    pub stl_explode: f64,
    /// Print the solutions found as JSON, one a line, instead of drawing them.
    #[arg(long)]
    pub json: bool,
    /// Take each assembly apart by sliding its pieces (BurrTools' disassembly): the solutions
    /// are the assemblies that come apart, each with its level (the moves to the first
    /// separation, then those of the parts: `98.2.4.2`), and the levels found are counted.
    #[arg(long)]
    pub disassemble: bool,
    /// With --disassemble, show only the solutions whose first separation takes at least N
    /// moves.
    #[arg(long, value_name = "N", requires = "disassemble")]
    pub min_moves: Option<usize>,
    /// The most states one assembly's disassembly may reach before it is given up and said so.
    #[arg(long, value_name = "N", default_value_t = puzzlec::disassembly::STATES, requires = "disassemble")]
    pub states: u64,
    /// With --disassemble, take every separation of the fewest moves, each part the same way,
    /// and show each solution at its highest level, beside BurrTools' (that of the first
    /// separation in its order of moves) where they differ.
    #[arg(long, requires = "disassemble")]
    pub complete: bool,
    /// Print the order chosen, the compiler's estimate and the placements at each depth.
    #[arg(long)]
    pub stats: bool,
    /// Colour the pieces: auto (when stdout is a terminal and NO_COLOR is not set), always or
    /// never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = When::Auto)]
    pub color: When,
    /// Progress on stderr: auto (a bar when stderr is a terminal and the run takes more than a
    /// second), log (a line as each twentieth of the estimated work is passed, looked at five
    /// times a second, and at the end) or never.
    #[arg(long, value_enum, value_name = "HOW", default_value_t = Shown::Auto)]
    pub progress: Shown,
    /// Threads to run on (0: one per core), at most 1024.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = threads)]
    pub threads: usize,
}

/// A number of solutions to stop at: 1 or more.
fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("a limit of 0 would stop before the first solution: give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e}: give a whole number, 1 or more")),
    }
}

impl RunArgs {
    /// The same options as command-line arguments, to hand to another program.
    pub fn to_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(n) = self.limit {
            args.extend(["--limit".to_owned(), n.to_string()]);
        }
        for (set, flag) in [
            (self.all, "--all"),
            (self.count, "--count"),
            (self.draw, "--draw"),
            (self.json, "--json"),
            (self.stats, "--stats"),
            (self.disassemble, "--disassemble"),
        ] {
            if set {
                args.push(flag.to_owned());
            }
        }
        if self.disassemble {
            args.push(format!("--states={}", self.states));
            if let Some(n) = self.min_moves {
                args.push(format!("--min-moves={n}"));
            }
        }
        if let Some(svg) = &self.svg {
            args.extend(["--svg".to_owned(), svg.display().to_string()]);
        }
        if let Some(stl) = &self.stl {
            args.extend(["--stl".to_owned(), stl.display().to_string()]);
            args.push(format!("--stl-size={}", self.stl_size));
            args.push(format!("--stl-gap={}", self.stl_gap));
            args.push(format!("--stl-explode={}", self.stl_explode));
        }
        args.extend([
            format!("--color={}", self.color.word()),
            format!("--progress={}", self.progress.word()),
            format!("--threads={}", self.threads),
        ]);
        args
    }

    /// Whether the run needs the solutions themselves, not only their number.
    fn wants_solutions(&self) -> bool {
        self.limit.is_some() || self.draw || self.json || self.svg.is_some() || self.stl.is_some()
    }

    /// How the STL files are printed.
    pub fn print(&self) -> Print {
        Print {
            size: self.stl_size,
            gap: self.stl_gap,
            explode: self.stl_explode,
        }
    }
}

/// What a run found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// The solutions found.
    pub solutions: u128,
    /// Whether the run stopped at the limit (there may be more).
    pub stopped: bool,
    /// The time the search took, in seconds.
    pub seconds: f64,
}

/// Runs a solver as the options say, writing to stdout (and progress to stderr); `rules` say
/// how its assemblies come apart, where the options ask.
pub fn run(solver: &dyn Solver, args: &RunArgs, rules: &Rules) -> io::Result<Summary> {
    parallel::with_threads(args.threads, || run_here(solver, args, rules))
}

fn run_here(solver: &dyn Solver, args: &RunArgs, rules: &Rules) -> io::Result<Summary> {
    let colour = match args.color {
        When::Auto => anstream::AutoStream::choice(&io::stdout()),
        When::Always => anstream::ColorChoice::Always,
        When::Never => anstream::ColorChoice::Never,
    };
    let styled = colour != anstream::ColorChoice::Never;
    let stdout = io::stdout();
    // Into a file or a pipe the output goes in blocks, not a write a line (a survey writes
    // hundreds of thousands of lines, on the thread that hands out the work); to a terminal,
    // each line as it is found.
    let mut out: Box<dyn Write> = match styled || stdout.is_terminal() {
        true => Box::new(anstream::AutoStream::new(stdout.lock(), colour)),
        false => Box::new(BufWriter::new(stdout.lock())),
    };
    let summary = run_to(solver, args, rules, &mut out, styled);
    out.flush()?;
    summary
}

/// [`run_here`], writing to `out` (styled or not).
fn run_to(
    solver: &dyn Solver,
    args: &RunArgs,
    rules: &Rules,
    out: &mut dyn Write,
    styled: bool,
) -> io::Result<Summary> {
    let start = Instant::now();
    // With statistics wanted, the count comes from the same search.
    let stats_alone = args.stats && !args.wants_solutions() && !args.all;
    // The tree is walked as it is: a memo's counts say nothing of the placements.
    if stats_alone && solver.info().cache.is_some_and(|c| c.counts) {
        let estimate = solver.info().estimate;
        let _ = writeln!(
            anstream::stderr(),
            "warning: --stats walks the whole search tree, without the counting memo that makes the count quick: the compiler estimates {estimate:.2e} placements"
        );
    }
    // Estimating the units' sizes costs a little: only for progress that may be shown.
    let shown = match args.progress {
        Shown::Auto => io::stderr().is_terminal(),
        Shown::Log => true,
        Shown::Never => false,
    };
    let (watch, mode) = match shown {
        true => (Watch::weighed(), args.progress),
        false => (Watch::new(), Shown::Never),
    };
    let mut stats = None;
    if args.disassemble {
        let searched = progress::shown(&watch, mode, || {
            disassemble(solver, args, rules, &watch, out, styled)
        });
        let mut summary = searched?;
        summary.seconds = start.elapsed().as_secs_f64();
        return Ok(summary);
    }
    let searched = progress::shown(&watch, mode, || {
        if args.wants_solutions() {
            return solve(solver, args, &watch, out, styled);
        }
        let solutions = match stats_alone {
            true => {
                let all = unstopped(solver.stats_watched(&watch));
                let solutions = u128::from(all.solutions);
                stats = Some(all);
                solutions
            }
            false => unstopped(solver.count_watched(args.all, &watch)),
        };
        Ok(Summary {
            solutions,
            stopped: false,
            seconds: 0.0,
        })
    });
    let mut summary = searched?;
    summary.seconds = start.elapsed().as_secs_f64();
    // A count stays at the largest it holds rather than wrap: that is a floor, not a count.
    if summary.solutions == u128::MAX {
        return Err(io::Error::other(format!(
            "the count reached {}, the most a count holds (2^128 - 1): the puzzle has at least that many solutions",
            u128::MAX
        )));
    }
    if args.count {
        writeln!(out, "{}", summary.solutions)?;
        return Ok(summary);
    }
    if args.stats {
        let stats = stats.unwrap_or_else(|| solver.stats_parallel());
        print_stats(solver, &stats, out)?;
    }
    let info = solver.info();
    let twins: Vec<String> = (info.symmetry.mirror_twins.iter())
        .map(|(a, b)| format!("{a}/{b}"))
        .collect();
    let group = match twins.as_slice() {
        [] => format!("{} symmetries", info.symmetry.group_order),
        _ => format!(
            "{} symmetries, mirror twins {} swapped by reflections",
            info.symmetry.group_order,
            twins.join(", ")
        ),
    };
    let what = match (summary.solutions, info.symmetry.group_order, args.all) {
        (1, 1, _) => "solution".to_owned(),
        (_, 1, _) => "solutions".to_owned(),
        (1, _, false) => format!("solution (one per symmetry class; {group})"),
        (_, _, false) => format!("solutions (one per symmetry class; {group})"),
        (1, _, true) => format!("solution (every solution, from its class; {group})"),
        (_, _, true) => format!("solutions (every solution, from their classes; {group})"),
    };
    let stop = if summary.stopped {
        ", stopped at the limit"
    } else {
        ""
    };
    let line = format!(
        "{}: {} {what} in {:.3} s{stop}",
        info.name, summary.solutions, summary.seconds
    );
    // With JSON on stdout, the summary goes to stderr so that stdout stays JSON.
    if args.json {
        eprintln!("{line}");
    } else {
        writeln!(out, "{line}")?;
    }
    Ok(summary)
}

/// Finds the solutions (up to the limit) in the serial search's order, showing each as the
/// options say.
fn solve(
    solver: &dyn Solver,
    args: &RunArgs,
    watch: &Watch,
    out: &mut dyn Write,
    styled: bool,
) -> io::Result<Summary> {
    let catalog = solver.catalog();
    let palette = Palette::new(catalog);
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    // The file is made before the search, so that a path that cannot be written fails at
    // once rather than after a long run.
    let mut svg = match &args.svg {
        Some(path) => {
            let gallery = File::create(path)
                .and_then(|file| draw::svg::Gallery::new(BufWriter::new(file), catalog, &palette))
                .map_err(|e| with_path(e, path))?;
            Some((path, gallery))
        }
        None => None,
    };
    let stl = match &args.stl {
        Some(dir) => Some(Printer::new(dir, catalog, args.print()).map_err(|e| with_path(e, dir))?),
        None => None,
    };
    let mut failure = None;
    let draw_text = !args.json && !args.count && (args.draw || args.limit.is_some());
    let flow = solver.solve_watched(args.all, watch, &mut |solution| {
        found += 1;
        let shown = if args.json {
            writeln!(out, "{}", draw::json::line(solution, found))
        } else if draw_text {
            writeln!(out, "#{found}").and_then(|()| {
                draw::text::write(out, solution, &palette, styled)?;
                writeln!(out)
            })
        } else {
            Ok(())
        };
        let shown = match &mut svg {
            Some((path, gallery)) => {
                shown.and_then(|()| gallery.add(solution).map_err(|e| with_path(e, path)))
            }
            None => shown,
        };
        let shown = match (&stl, &args.stl) {
            (Some(printer), Some(dir)) => shown.and_then(|()| {
                printer
                    .add(found, solution)
                    .map(drop)
                    .map_err(|e| with_path(e, dir))
            }),
            _ => shown,
        };
        match shown {
            Ok(()) if found < limit => ControlFlow::Continue(()),
            Ok(()) => ControlFlow::Break(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    // The gallery is closed even after a failure elsewhere (a closed pipe), so that it shows
    // what was found; the first failure is the one reported.
    let closed = svg.map_or(Ok(()), |(path, gallery)| {
        gallery.finish().map(drop).map_err(|e| with_path(e, path))
    });
    if let Some(e) = failure {
        return Err(e);
    }
    closed?;
    Ok(Summary {
        solutions: u128::from(found),
        stopped: flow.is_break() && found >= limit && args.limit.is_some(),
        seconds: 0.0,
    })
}

/// Takes apart every assembly found, showing the solutions (those that come apart, up to the
/// limit) with their levels as the options say, then the assemblies, the solutions and their
/// levels.
fn disassemble(
    solver: &dyn Solver,
    args: &RunArgs,
    rules: &Rules,
    watch: &Watch,
    out: &mut dyn Write,
    styled: bool,
) -> io::Result<Summary> {
    let start = Instant::now();
    let catalog = solver.catalog();
    let palette = Palette::new(catalog);
    let limit = args.limit.unwrap_or(u64::MAX);
    let least = args.min_moves.unwrap_or(0);
    let draw_text = !args.json && !args.count && (args.draw || args.limit.is_some());
    let space = rules.slides_in(catalog.lattice);
    let mut shown = 0u64;
    let mut failure = None;
    let how = disassembly::How {
        rules: rules.clone(),
        states: args.states,
        complete: args.complete,
        all: args.all,
    };
    let survey = disassembly::survey(solver, &how, watch, &mut |n, solution, answer| {
        // Where a complete search's highest level is not BurrTools' first, both are said.
        let first = (answer.first.as_ref()).map_or(String::new(), |l| format!(" (first found: {l})"));
        let separation = match &answer.outcome {
            Outcome::Apart(s) if s.first_moves() >= least => s,
            Outcome::Limit(states) if !args.count => {
                let _ = writeln!(
                    anstream::stderr(),
                    "warning: assembly {n} is undecided: its disassembly reached {states} states (--states)"
                );
                return ControlFlow::Continue(());
            }
            _ => return ControlFlow::Continue(()),
        };
        shown += 1;
        let written = if args.json {
            writeln!(out, "{}", draw::json::disassembly_line(solution, space, n, separation))
        } else if draw_text {
            writeln!(out, "#{n} level {}{first}", separation.level()).and_then(|()| {
                draw::text::write(out, solution, &palette, styled)?;
                writeln!(out)
            })
        } else if !args.count {
            writeln!(out, "#{n} level {}{first}", separation.level())
        } else {
            Ok(())
        };
        match written {
            Ok(()) if shown < limit => ControlFlow::Continue(()),
            Ok(()) => ControlFlow::Break(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    })
    .map_err(|e| io::Error::other(e.to_string()))?;
    if let Some(e) = failure {
        return Err(e);
    }
    let seconds = start.elapsed().as_secs_f64();
    if args.count {
        writeln!(out, "{}", survey.solutions)?;
    } else {
        let line = format!(
            "{}: {} in {seconds:.3} s",
            catalog.name,
            survey.found(Some(args.states))
        );
        let levels = survey.levels_line().unwrap_or_default();
        if args.json {
            eprintln!("{line}");
            if !levels.is_empty() {
                eprintln!("{levels}");
            }
        } else {
            writeln!(out, "{line}")?;
            if !levels.is_empty() {
                writeln!(out, "{levels}")?;
            }
        }
    }
    Ok(Summary {
        solutions: u128::from(survey.solutions),
        stopped: shown >= limit && args.limit.is_some(),
        seconds,
    })
}

/// The answer of a search whose watch nobody stops.
fn unstopped<T>(answer: Option<T>) -> T {
    answer.expect("the command's searches are stopped by nobody")
}

/// An I/O error that names the file.
fn with_path(e: io::Error, path: &std::path::Path) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// The order, the estimate, and the search tree's placements by depth.
fn print_stats(solver: &dyn Solver, stats: &Stats, out: &mut dyn Write) -> io::Result<()> {
    let info = solver.info();
    let dead_ends = match info.dead_ends {
        true => ", dead ends first",
        false => "",
    };
    let fewest_fits = match info.fewest_fits {
        Some(above) => format!(", then the cell with the fewest fits while over {above} are free"),
        None => String::new(),
    };
    let fewest = match info.fewest_embeddings {
        true => ", the required aspect with the fewest embeddings first",
        false => "",
    };
    writeln!(out, "order: {}{dead_ends}{fewest_fits}{fewest}", info.order)?;
    writeln!(
        out,
        "aspects: {}, embeddings: {} ({} used, {} eliminated at compile time)",
        info.aspects, info.embeddings, info.allowed, info.eliminated
    )?;
    writeln!(
        out,
        "placements: {} (the compiler estimated {:.0}), {} pruned",
        stats.total_placements(),
        info.estimate,
        stats.pruned
    )?;
    let depths: Vec<String> = stats.placements.iter().map(u64::to_string).collect();
    writeln!(out, "placements by depth: {}", depths.join(" "))?;
    writeln!(out, "plan:")?;
    for decision in info.plan.lines() {
        writeln!(out, "  {decision}")?;
    }
    Ok(())
}

/// A number of threads from `--threads`: 0 (one per core) up to [`parallel::MAX_THREADS`].
fn threads(given: &str) -> Result<usize, String> {
    let threads: usize = given.parse().map_err(|e| format!("{e}"))?;
    match threads <= parallel::MAX_THREADS {
        true => Ok(threads),
        false => Err(format!(
            "at most {} threads (0: one per core)",
            parallel::MAX_THREADS
        )),
    }
}
