//! The `puzzle` command. See `puzzle --help`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use puzzle::compiler::{print, Symmetry};
use puzzle::Solver;
use puzzle_cli::driver::{self, RunArgs};
use puzzle_cli::input::{self, Choice, Format, InputError, Loaded};
use puzzle_cli::native;

const EXAMPLES: &str = "\
Examples:
  puzzle solve puzzles/pentomino_6x10.puzzle              count (one per symmetry class)
  puzzle solve puzzles/pentomino_6x10.puzzle --limit 3    draw the first three
  puzzle solve puzzles/soma.xmpuzzle --svg soma.svg --limit 20
  puzzle solve puzzles/queens_8.dlx --count                the number alone
  puzzle solve puzzles/pentomino_3d.puzzle --puzzle p5x4x3 --native
                                                          a native solver, built once
  puzzle rust puzzles/soma.xmpuzzle > src/main.rs          the same puzzle as Rust";

/// Packing puzzles from files, solved by a program compiled for each puzzle.
///
/// Reads the puzzle language of `puzzle!` (.puzzle), BurrTools files (.xmpuzzle, plain or
/// gzip-compressed) and Knuth's DLX format for exact cover (.dlx). Mistakes in a file are
/// reported with their line and column, all at once, and exit with code 2.
#[derive(Parser, Debug)]
#[command(name = "puzzle", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a puzzle: count its solutions, draw them, or write them as SVG or JSON.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Print a Rust program that solves the puzzle with `puzzle!`.
    #[command(after_help = RUST_EXAMPLES)]
    Rust(InputArgs),
}

const SOLVE_EXAMPLES: &str = "\
Examples:
  puzzle solve pentomino_6x10.puzzle                        2339 solutions and the time
  puzzle solve pentomino_6x10.puzzle --all --count          9356, the number alone
  puzzle solve pentomino_6x10.puzzle --limit 2 --color always
  puzzle solve soma.xmpuzzle --limit 12 --svg soma.svg
  puzzle solve queens_8.dlx --json --limit 5
  puzzle solve pentomino_3d.puzzle --puzzle p5x4x3 --native --progress log";

const RUST_EXAMPLES: &str = "\
Examples:
  puzzle rust pentomino_6x10.puzzle > src/main.rs
  puzzle rust soma.xmpuzzle --all";

/// Which puzzle to read.
#[derive(Args, Debug)]
struct InputArgs {
    /// The puzzle file.
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
    /// Every solution, rather than one per symmetry class.
    #[arg(long)]
    all: bool,
}

/// How to solve it.
#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Build a native solver for this puzzle with cargo (once; later runs reuse it) and run it.
    #[arg(long)]
    native: bool,
    #[command(flatten)]
    run: RunArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Solve(args) => solve(args),
        Command::Rust(args) => rust(args),
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

/// The puzzle, read, with `--all` applied.
fn load(args: &InputArgs) -> Result<Loaded, Failure> {
    let choice = Choice {
        puzzle: args.puzzle.clone(),
        problem: args.problem.clone(),
    };
    let mut loaded = input::read(&args.file, args.format, &choice)?;
    if args.all {
        loaded.description.symmetry = Symmetry::All;
    }
    Ok(loaded)
}

/// The puzzle in the puzzle language.
fn source(loaded: &Loaded) -> Result<String, Failure> {
    print::source(&loaded.description)
        .map_err(|e| Failure::Input(InputError::file(&loaded.path, e.to_string())))
}

fn solve(args: &SolveArgs) -> Result<ExitCode, Failure> {
    let loaded = load(&args.input)?;
    let puzzle = loaded.compile()?;
    if !args.native {
        return driver::run(&puzzle, &args.run)
            .map(|_| ExitCode::SUCCESS)
            .map_err(|e| Failure::Other(e.to_string()));
    }
    let text = source(&loaded)?;
    let mut err = anstream::stderr();
    let build = native::build(&text, puzzle.info()).map_err(|e| Failure::Other(e.to_string()))?;
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
    let status = native::run(&build, &args.run).map_err(|e| Failure::Other(e.to_string()))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::from(1),
    })
}

fn rust(args: &InputArgs) -> Result<ExitCode, Failure> {
    let loaded = load(args)?;
    // Only a puzzle that compiles is worth printing.
    let puzzle = loaded.compile()?;
    let text = source(&loaded)?;
    let module = &puzzle.info().name;
    let body: String = text.lines().map(|l| format!("    {l}\n")).collect();
    println!(
        "//! {module}, from `{}`: `cargo run --release` in a crate that depends on `puzzle`.\n\
         \n\
         use puzzle::{{puzzle, Solver}};\n\
         \n\
         puzzle! {{\n{body}}}\n\
         \n\
         fn main() {{\n    \
         let start = std::time::Instant::now();\n    \
         let count = {module}::SOLVER.count_parallel();\n    \
         println!(\"{{count}} solutions in {{:.3}} s\", start.elapsed().as_secs_f64());\n\
         }}",
        loaded.path.display()
    );
    Ok(ExitCode::SUCCESS)
}
