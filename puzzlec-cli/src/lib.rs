//! The `puzzlec` command: packing puzzles read from the files people already have, solved on the
//! run-time engine or on a native solver built for the one puzzle, and shown as a person or a
//! script wants them.
//!
//! - [`driver`]: one run of any [`Solver`]: the count, solutions drawn or listed, statistics,
//!   [`progress`].
//! - [`native`]: a native solver built on demand with cargo; its program is
//!   [`native_main`] on the puzzle's `SOLVER`. [`compiled`]: the puzzle compiled for the
//!   run-time engine, kept for the next run. Both are found by the puzzle's text in the
//!   [`cache`] directory.
//! - [`serve`]: `puzzlec serve`, the workshop page and its local web server.
//! - [`work`]: the search shared out as numbered units: listed, and run a shard at a time
//!   into result files that survive a crash.
//!
//! The readers of puzzle files, the drawing of solutions and the result files with their merge
//! are `puzzlec_io`'s, which the Python package and the server share.
//!
//! Without the `compiler` feature this library is the driver alone, which is what a native
//! solver links.

#[cfg(feature = "compiler")]
pub mod cache;
#[cfg(feature = "compiler")]
pub mod compiled;
pub mod driver;
#[cfg(feature = "compiler")]
pub mod native;
pub mod progress;
#[cfg(feature = "serve")]
pub mod serve;
pub mod work;

use std::process::ExitCode;

use clap::Parser;
use puzzlec::Solver;

/// A native solver's command line: the driver's options, or one of the work-sharing commands.
#[derive(Parser, Debug)]
#[command(
    about = "A native solver built by `puzzlec --native` for one puzzle.",
    args_conflicts_with_subcommands = true
)]
struct NativeArgs {
    #[command(subcommand)]
    work: Option<NativeWork>,
    #[command(flatten)]
    run: driver::RunArgs,
}

/// What `puzzlec units` and `puzzlec run` ask of a native solver.
#[derive(clap::Subcommand, Debug)]
enum NativeWork {
    /// List the work units as JSON lines.
    Units(work::ListArgs),
    /// Run units into a result file.
    Run(work::RunUnitsArgs),
}

/// The program of a native solver: runs `solver` with the options on the command line, once it
/// has checked that the macro compiled the puzzle the `puzzlec` command compiled (the same
/// `fingerprint`). Exit codes: 0 done, 1 an output could not be written or a result file is
/// not this puzzle's, 3 the two compilers disagree.
pub fn native_main(solver: &dyn Solver, fingerprint: u64) -> ExitCode {
    let args = NativeArgs::parse();
    let found = solver.info().fingerprint;
    if found != fingerprint {
        eprintln!(
            "error: the native solver compiled a different program (fingerprint {found:#018x}) than the run-time compiler ({fingerprint:#018x}); this is a bug, please report it with the puzzle"
        );
        return ExitCode::from(3);
    }
    // A reader that has seen enough (`| head`) is no failure.
    let quiet = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::BrokenPipe => Ok(()),
        _ => Err(e.to_string()),
    };
    let done = match &args.work {
        None => driver::run(solver, &args.run, &Default::default())
            .map(drop)
            .or_else(quiet),
        Some(NativeWork::Units(list)) => {
            let rules = Default::default();
            work::list(solver, list, &rules, &mut std::io::stdout().lock()).or_else(quiet)
        }
        Some(NativeWork::Run(run)) => work::run(solver, run, &Default::default())
            .map(|summary| work::report(&summary, run))
            .map_err(|e| e.to_string()),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
