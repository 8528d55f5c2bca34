//! The `puzzlec` command. See `puzzlec --help`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use puzzlec::compiler::{print, Runnable, Symmetry};
use puzzlec::disassembly::Rules;
use puzzlec::{parallel, EverySolution, Solver};
use puzzlec_cli::compiled;
use puzzlec_cli::driver::{self, RunArgs};
use puzzlec_cli::native::{self, Build};
use puzzlec_cli::work;
use puzzlec_io::export::RustCrate;
use puzzlec_io::input::{self, Asking, Choice, Format, InputError, Loaded};
use puzzlec_io::results::merge::{self, Merged};

const SERVE_EXAMPLES: &str = "\
Examples:
  puzzlec serve                  the workshop at http://127.0.0.1:PORT/ (a free port)
  puzzlec serve --port 8080 --open
  puzzlec serve --host 0.0.0.0   every network this machine is on: anyone reaching it may use it";

const EXAMPLES: &str = "\
Examples:
  puzzlec solve puzzles/pentomino_6x10.puzzle              count (one per symmetry class)
  puzzlec solve puzzles/pentomino_6x10.puzzle --limit 3    draw the first three
  puzzlec solve puzzles/soma.xmpuzzle --svg soma.svg --limit 20
  puzzlec solve puzzles/queens_8.dlx --count                the number alone
  puzzlec solve puzzles/pentomino_3d.puzzle --puzzle p5x4x3 --native
                                                          a native solver, built once
  puzzlec rust puzzles/soma.xmpuzzle > src/main.rs          the same puzzle as Rust
  parallel -j 2 puzzlec run puzzles/pentomino_rectangles.puzzle --puzzle p5x12 \
      --shard {}/8 --out p5x12.{}.jsonl --resume ::: 1 2 3 4 5 6 7 8
  puzzlec merge p5x12.*.jsonl                               1010, once every unit is in";

/// Packing puzzles from files, solved by a program compiled for each puzzle.
///
/// Reads the puzzle language of `puzzle!` (.puzzle), BurrTools files (.xmpuzzle, plain or
/// gzip-compressed) and Knuth's DLX format for exact cover (.dlx). Mistakes in a file are
/// reported with their line and column, all at once, and exit with code 2.
#[derive(Parser, Debug)]
#[command(name = "puzzlec", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a puzzle: count its solutions, draw them, or write them as SVG or JSON.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Print a Rust program that solves the puzzle with `puzzle!`, or write it as a crate.
    #[command(after_help = RUST_EXAMPLES)]
    Rust(RustArgs),
    /// List the work units of a puzzle's search as JSON lines (id, depth, estimated size,
    /// fingerprint): the same ids on every machine and on both engines.
    #[command(after_help = UNITS_EXAMPLES)]
    Units(UnitsArgs),
    /// Run some of the work units (a shard, or a range of ids) on all cores, appending a
    /// JSON line per finished unit to a result file that survives a crash.
    #[command(after_help = RUN_EXAMPLES)]
    Run(RunArgsOfUnits),
    /// Add up result files, once they hold every unit of one puzzle exactly once; else list
    /// what is missing, duplicated or foreign, and exit with code 1.
    #[command(after_help = MERGE_EXAMPLES)]
    Merge(MergeArgs),
    /// Serve the workshop: a page to write, open and solve puzzles in the browser, on this
    /// machine's cores. Listens on this machine alone unless told otherwise.
    #[command(after_help = SERVE_EXAMPLES)]
    Serve(puzzlec_cli::serve::ServeArgs),
}

const UNITS_EXAMPLES: &str = "\
Examples:
  puzzlec units pentomino_3d.puzzle --puzzle p5x4x3 | head -3
  puzzlec units pentomino_6x10.puzzle --target 2000 --native";

const RUN_EXAMPLES: &str = "\
Examples:
  puzzlec run pentomino_3d.puzzle --puzzle p5x4x3 --shard 1/4 --out p5x4x3.1.jsonl
  puzzlec run pentomino_3d.puzzle --puzzle p5x4x3 --shard 1/4 --out p5x4x3.1.jsonl --resume
  puzzlec run pentomino_6x10.puzzle --units 0-99 --out first.jsonl --solutions --native";

const MERGE_EXAMPLES: &str = "\
Examples:
  puzzlec merge p5x4x3.*.jsonl
  puzzlec merge results/*.jsonl --count";

/// Which puzzle's units to list.
#[derive(Args, Debug)]
struct UnitsArgs {
    #[command(flatten)]
    input: InputArgs,
    /// List the native solver's units (built with cargo once); they are the run-time
    /// engine's.
    #[arg(long, conflicts_with = "disassemble")]
    native: bool,
    #[command(flatten)]
    list: work::ListArgs,
}

/// Which puzzle's units to run.
#[derive(Args, Debug)]
struct RunArgsOfUnits {
    #[command(flatten)]
    input: InputArgs,
    /// Run the units on a native solver (built with cargo once); the results are the
    /// run-time engine's, unit for unit.
    #[arg(long, conflicts_with = "disassemble")]
    native: bool,
    #[command(flatten)]
    run: work::RunUnitsArgs,
}

/// Which result files to add up.
#[derive(Args, Debug)]
struct MergeArgs {
    /// The result files of every shard.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the number of solutions alone, for scripts.
    #[arg(long)]
    count: bool,
}

const SOLVE_EXAMPLES: &str = "\
Examples:
  puzzlec solve pentomino_6x10.puzzle                        2339 solutions and the time
  puzzlec solve pentomino_6x10.puzzle --all --count          9356, the number alone
  puzzlec solve pentomino_6x10.puzzle --limit 2 --color always
  puzzlec solve soma.xmpuzzle --limit 12 --svg soma.svg
  puzzlec solve queens_8.dlx --json --limit 5
  puzzlec solve - --format dlx < queens_8.dlx                standard input
  puzzlec solve pentomino_3d.puzzle --puzzle p5x4x3 --native --progress log";

const RUST_EXAMPLES: &str = "\
Examples:
  puzzlec rust pentomino_6x10.puzzle > src/main.rs
  puzzlec rust soma.xmpuzzle --all --crate soma      soma/Cargo.toml and soma/src/main.rs
  cd soma && cargo run --release";

/// What `puzzlec rust` reads, and where it writes.
#[derive(Args, Debug)]
struct RustArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Write the puzzle with `symmetry: all`, so that the program's own search finds every
    /// solution (the program written takes `--all` as it stands, which finds them from one
    /// solution per class where the puzzle is reduced).
    #[arg(long)]
    all: bool,
    /// Write a crate into DIR (its `Cargo.toml`, with the dependency, and `src/main.rs`)
    /// rather than print the program. Files already there with other text are not overwritten.
    #[arg(long = "crate", value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Which puzzle to read.
#[derive(Args, Debug)]
struct InputArgs {
    /// The puzzle file, or `-` for standard input (with --format).
    file: PathBuf,
    /// Its format, if its extension does not say.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// The puzzle to solve, by name, in a file holding several.
    #[arg(long, value_name = "NAME")]
    puzzle: Option<String>,
    /// The problem to solve, by number (from 1) or name, in a BurrTools file holding several.
    #[arg(long, value_name = "N")]
    problem: Option<String>,
    /// Set a threshold by which the compiler decides how the search runs, as a puzzle's
    /// `tuning: { NAME: VALUE }` does (this wins): e.g. `memo_bytes=1073741824` for a counting
    /// memo of a GiB a thread. Repeat for several.
    #[arg(long, value_name = "NAME=VALUE", value_parser = threshold)]
    tuning: Vec<(String, f64)>,
}

/// A `--tuning` argument: a threshold's name and a value it takes.
fn threshold(arg: &str) -> Result<(String, f64), String> {
    let (name, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("`{arg}`: write NAME=VALUE, e.g. `memo_bytes=1073741824`"))?;
    let value: f64 = value
        .trim()
        .parse()
        .map_err(|_| format!("`{value}` is not a number"))?;
    let name = name.trim();
    puzzlec::compiler::Tuning::default()
        .set(name, value)
        .map_err(
            |e| match puzzlec::compiler::Tuning::names().any(|n| n == name) {
                true => e,
                false => format!(
                    "{e}; the thresholds are {}",
                    puzzlec::compiler::Tuning::names()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        )?;
    Ok((name.to_owned(), value))
}

/// How to solve it.
#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Build a native solver for this puzzle with cargo (once; later runs reuse it) and run it.
    /// Not with --disassemble, whose search runs on the run-time engine (the assemblies are
    /// found quickly; taking them apart is the work).
    #[arg(long, conflicts_with = "disassemble")]
    native: bool,
    #[command(flatten)]
    run: RunArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Solve(args) => solve(args),
        Command::Rust(args) => rust(args),
        Command::Units(args) => units(args),
        Command::Run(args) => run_units(args),
        Command::Merge(args) => merge(args),
        Command::Serve(args) => puzzlec_cli::serve::run(args)
            .map(|()| ExitCode::SUCCESS)
            .map_err(|e| Failure::Other(format!("the server stopped: {e}"))),
    };
    match result {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}

/// Why the command failed.
enum Failure {
    /// Mistakes in the input: exit code 2.
    Input(InputError),
    /// A data file (a result file) that is not what it should be: exit code 2.
    Data(String),
    /// Anything else: exit code 1.
    Other(String),
}

impl Failure {
    fn report(self) -> ExitCode {
        let mut err = anstream::stderr();
        match self {
            Failure::Input(e) => {
                let _ = write!(err, "{}", e.render(true));
                ExitCode::from(2)
            }
            Failure::Data(message) => {
                let _ = writeln!(err, "error: {message}");
                ExitCode::from(2)
            }
            Failure::Other(message) => {
                let _ = writeln!(err, "error: {message}");
                ExitCode::from(1)
            }
        }
    }
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::Input(e)
    }
}

/// The puzzle, read.
fn load(args: &InputArgs) -> Result<Loaded, Failure> {
    let choice = Choice {
        puzzle: args.puzzle.clone(),
        problem: args.problem.clone(),
        asking: Asking::COMMAND,
    };
    let mut loaded = input::read(&args.file, args.format, &choice)?;
    if let Some(warnings) = loaded.render_warnings(true) {
        let _ = write!(anstream::stderr(), "{warnings}");
    }
    for (name, value) in &args.tuning {
        // Checked as the argument was read.
        let set = loaded.description.tuning.set(name, *value);
        debug_assert!(set.is_ok(), "{set:?}");
    }
    Ok(loaded)
}

/// The puzzle in the puzzle language.
fn source(loaded: &Loaded) -> Result<String, Failure> {
    print::source(&loaded.description)
        .map_err(|e| Failure::Input(InputError::file(&loaded.path, e.to_string())))
}

fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let run = &args.run;
    let puzzle = match here_or_native(&args.input, args.native, run.all, run.threads, || {
        run.to_args()
    })? {
        Here(puzzle, rules) => (puzzle, rules),
        Ran(code) => return Ok(code),
    };
    output(driver::run(&*puzzle.0, &args.run, &puzzle.1).map(drop))
}

/// Where a command runs: here, on the puzzle compiled at run time, or on its native solver,
/// which has already run.
enum Engine {
    Here(Box<Runnable>, Rules),
    Ran(ExitCode),
}
use Engine::{Here, Ran};

/// Reads and compiles the puzzle on `threads` threads (0: one per core), or loads it as this
/// program compiled it before for the same text; with `native`, runs its native solver with
/// the arguments `native_args` gives: the one built before for the same text by this same
/// program, found at once, else one compiled and built now. Where `every` solution is asked
/// of a reduced puzzle, it is the puzzle as written where its classes give them all, and the
/// puzzle without the reduction where that search is no larger
/// ([`EverySolution`](puzzlec::EverySolution)).
fn here_or_native(
    input: &InputArgs,
    native: bool,
    every: bool,
    threads: usize,
    native_args: impl FnOnce() -> Vec<String>,
) -> Result<Engine, Failure> {
    let mut loaded = load(input)?;
    let rules = loaded.disassembly.clone();
    if every && loaded.description.symmetry != Symmetry::All {
        let declared = here(&loaded, threads)?;
        match declared.info().symmetry.every_solution() {
            EverySolution::Unreduced => loaded.description.symmetry = Symmetry::All,
            _ if !native => return Ok(Here(Box::new(declared), rules)),
            _ => {}
        }
    }
    if !native {
        return Ok(Here(Box::new(here(&loaded, threads)?), rules));
    }
    let text = source(&loaded);
    let build = match text.as_ref().ok().and_then(|text| native::built(text)) {
        Some(build) => build,
        None => {
            // The compiler's mistakes first: they say more than a text that cannot be printed.
            let puzzle = parallel::with_threads(threads, || loaded.compile_native())?;
            native::build(&text?, puzzle.info()).map_err(|e| Failure::Other(e.to_string()))?
        }
    };
    run_native(&build, native_args()).map(Ran)
}

/// The puzzle compiled for the run-time engine on `threads` threads: as this program compiled
/// it before for the same text, or now (and kept for the next run).
fn here(loaded: &Loaded, threads: usize) -> Result<Runnable, Failure> {
    let compile = || parallel::with_threads(threads, || loaded.compile());
    let Ok(text) = source(loaded) else {
        return Ok(compile()?.into_runnable());
    };
    if let Some(runnable) = compiled::load(&text) {
        return Ok(runnable);
    }
    let runnable = compile()?.into_runnable();
    compiled::save(&text, &runnable);
    Ok(runnable)
}

/// The outcome of writing to stdout: a reader that has seen enough (`| head`) is no failure.
fn output(written: std::io::Result<()>) -> Result<ExitCode, Failure> {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Failure::Other(e.to_string())),
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// Runs the puzzle's native solver with `args`; its exit code is this program's.
fn run_native(build: &Build, args: Vec<String>) -> Result<ExitCode, Failure> {
    announce(build);
    let status = native::run(build, &args).map_err(|e| Failure::Other(e.to_string()))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::from(1),
    })
}

/// Says on stderr whether the native solver was built now, and how long that took.
fn announce(build: &Build) {
    let mut err = anstream::stderr();
    let _ = match build.took {
        Some(took) => writeln!(
            err,
            "built the native solver in {:.1} s ({})",
            took.as_secs_f64(),
            build.binary.display()
        ),
        None => writeln!(
            err,
            "reusing the native solver built before ({})",
            build.binary.display()
        ),
    };
}

fn units(args: &UnitsArgs) -> Result<ExitCode, Failure> {
    let list = &args.list;
    match here_or_native(
        &args.input,
        args.native,
        list.analysis.all,
        list.threads,
        || list.to_args(),
    )? {
        Here(puzzle, rules) => output(work::list(
            &*puzzle,
            &args.list,
            &rules,
            &mut std::io::stdout().lock(),
        )),
        Ran(code) => Ok(code),
    }
}

fn run_units(args: &RunArgsOfUnits) -> Result<ExitCode, Failure> {
    let run = &args.run;
    let (puzzle, rules) = match here_or_native(
        &args.input,
        args.native,
        run.analysis.all,
        run.threads,
        || run.to_args(),
    )? {
        Here(puzzle, rules) => (puzzle, rules),
        Ran(code) => return Ok(code),
    };
    let summary =
        work::run(&*puzzle, &args.run, &rules).map_err(|e| Failure::Other(e.to_string()))?;
    work::report(&summary, &args.run);
    Ok(ExitCode::SUCCESS)
}

fn merge(args: &MergeArgs) -> Result<ExitCode, Failure> {
    match merge::merge(&args.files) {
        Err(e) => Err(Failure::Data(e.to_string())),
        Ok(Merged::Incomplete(problems)) => {
            eprintln!("{problems}");
            Ok(ExitCode::from(1))
        }
        // A sum stays at the largest count rather than wrap: that is a floor, not a count.
        Ok(Merged::Complete(total)) if total.solutions == u128::MAX => Err(Failure::Other(format!(
            "the count reached {}, the most a count holds (2^128 - 1): the puzzle has at least that many solutions",
            u128::MAX
        ))),
        Ok(Merged::Complete(total)) => {
            let mut out = std::io::stdout().lock();
            if let Some(survey) = &total.disassembly {
                let counted = match args.count {
                    true => writeln!(out, "{}", survey.solutions),
                    false => writeln!(
                        out,
                        "{}: {} from {} units, every one once (fingerprint {}); {:.3} s of search and disassembly (the longest unit {:.3} s){}",
                        total.puzzle,
                        survey.found(None),
                        total.units,
                        total.fingerprint,
                        total.seconds,
                        total.longest,
                        survey.levels_line().map(|l| format!("\n{l}")).unwrap_or_default()
                    ),
                };
                return output(counted);
            }
            output(match args.count {
                true => writeln!(out, "{}", total.solutions),
                false => writeln!(
                    out,
                    "{}: {} solutions from {} units, every one once (fingerprint {}); {} placements, {:.3} s of search (the longest unit {:.3} s)",
                    total.puzzle,
                    total.solutions,
                    total.units,
                    total.fingerprint,
                    total.placements,
                    total.seconds,
                    total.longest
                ),
            })
        }
    }
}

fn rust(args: &RustArgs) -> Result<ExitCode, Failure> {
    let mut loaded = load(&args.input)?;
    if args.all {
        loaded.description.symmetry = Symmetry::All;
    }
    let made = RustCrate::of(&loaded)?;
    let Some(dir) = &args.dir else {
        return output(write!(std::io::stdout().lock(), "{}", made.main));
    };
    made.write(dir).map_err(|e| Failure::Other(e.to_string()))?;
    eprintln!(
        "wrote {} and {}: `cargo run --release` there counts the solutions",
        dir.join("Cargo.toml").display(),
        dir.join("src/main.rs").display()
    );
    Ok(ExitCode::SUCCESS)
}
