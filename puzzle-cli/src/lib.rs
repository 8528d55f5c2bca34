//! The `puzzle` command: packing puzzles read from the files people already have, solved on the
//! run-time engine or on a native solver built for the one puzzle, and shown as a person or a
//! script wants them.
//!
//! - [`input`]: the readers (the puzzle language, BurrTools `.xmpuzzle`, Knuth's DLX format),
//!   whose mistakes point into the file as rustc's do.
//! - [`driver`]: one run of any [`Solver`]: the count, solutions drawn ([`draw`]) or listed,
//!   statistics, [`progress`].
//! - [`native`]: a native solver built on demand with cargo; its program is
//!   [`native_main`] on the puzzle's `SOLVER`.
//!
//! Without the `compiler` feature this library is the driver alone, which is what a native
//! solver links.

pub mod draw;
pub mod driver;
#[cfg(feature = "compiler")]
pub mod input;
#[cfg(feature = "compiler")]
pub mod native;
pub mod progress;

use std::process::ExitCode;

use clap::Parser;
use puzzle::Solver;

/// A native solver's command line: the driver's options.
#[derive(Parser, Debug)]
#[command(about = "A native solver built by `puzzle --native` for one puzzle.")]
struct NativeArgs {
    #[command(flatten)]
    run: driver::RunArgs,
}

/// The program of a native solver: runs `solver` with the options on the command line, once it
/// has checked that the macro compiled the puzzle the `puzzle` command compiled (the same
/// `fingerprint`). Exit codes: 0 done, 1 an output could not be written, 3 the two compilers
/// disagree.
pub fn native_main(solver: &dyn Solver, fingerprint: u64) -> ExitCode {
    let args = NativeArgs::parse();
    let found = solver.info().fingerprint;
    if found != fingerprint {
        eprintln!(
            "error: the native solver compiled a different program (fingerprint {found:#018x}) than the run-time compiler ({fingerprint:#018x}); this is a bug, please report it with the puzzle"
        );
        return ExitCode::from(3);
    }
    match driver::run(solver, &args.run) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
