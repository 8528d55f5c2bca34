//! The 6x10 pentomino: 2339 solutions modulo symmetry, 9356 in all.
//!
//! ```text
//! cargo run --release --example pentomino_6x10              # a few solutions, the count, the time
//! cargo run --release --example pentomino_6x10 -- --all     # every solution, from the classes
//! cargo run --release --example pentomino_6x10 -- --print   # draw every solution
//! cargo run --release --example pentomino_6x10 -- --count   # the count only
//! cargo run --release --example pentomino_6x10 -- --stats   # the order, its estimate, the tree
//! cargo run --release --example pentomino_6x10 -- --threads 2   # count on 2 threads (0: all cores)
//! cargo run --release --example pentomino_6x10 -- --interpret          # also on the processor
//! cargo run --release --example pentomino_6x10 -- --write-code 6x10.txt   # processor code, text
//! cargo run --release --example pentomino_6x10 -- --write-binary 6x10.bin # 24-bit words
//! ```

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

mod common;

use clap::Parser;
use puzzlec::processor::instruction::{to_text, to_words, words_to_bytes};
use puzzlec::processor::{Code, Machine};
use puzzlec::search::Counter;
use puzzlec::{parallel, puzzle, Solver};

puzzle! {
    /// The 6x10 box and the twelve pentominoes, one solution per symmetry class (X is kept in
    /// one quarter of the box); every solution is each one found with the others of its class.
    mod reduced {
        box: [".........."; 6],
        pieces: pentominoes,
        symmetry: reduced,
    }
}

/// Solve the 6x10 pentomino with a solver compiled for it.
#[derive(Parser)]
struct Args {
    /// Find every solution instead of one per symmetry class: each solution the search finds,
    /// then the others of its class (the search and the processor's code stay the reduced
    /// puzzle's).
    #[arg(long)]
    all: bool,
    /// Draw every solution found.
    #[arg(long, conflicts_with = "count")]
    print: bool,
    /// Print the count only.
    #[arg(long)]
    count: bool,
    /// How many solutions to draw (without --print).
    #[arg(long, default_value_t = 3)]
    show: usize,
    /// Also count in parallel on this many threads (0: one per core), and print both times.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print the aspect order, the macro's estimate of its search and the placements made.
    #[arg(long)]
    stats: bool,
    /// Also count on the puzzle-processor interpreter, and print both times and the tests
    /// the program executed.
    #[arg(long)]
    interpret: bool,
    /// Write the processor code, one instruction a line, to this file.
    #[arg(long, value_name = "FILE")]
    write_code: Option<PathBuf>,
    /// Write the processor code as 24-bit words (3 bytes each, big-endian) to this file.
    #[arg(long, value_name = "FILE")]
    write_binary: Option<PathBuf>,
}

fn main() -> ExitCode {
    common::exit(run(&Args::parse()))
}

/// Everything the flags ask for, written to standard output.
fn run(args: &Args) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let solver: &dyn Solver = &reduced::SOLVER;
    let what = match args.all {
        true => "solutions",
        false => "solutions modulo symmetry",
    };
    let code = solver
        .code()
        .expect("a puzzle without bags has processor code");
    write_code(args, code, &mut out)?;
    let start = Instant::now();
    // A serial count: with `all`, the classes' sizes summed on this thread.
    let serial_count = || match args.all {
        true => parallel::with_threads(1, || solver.count_all()),
        false => solver.count(),
    };
    let found = if args.count {
        serial_count()
    } else {
        let show = if args.print { usize::MAX } else { args.show };
        let heading = |n| format!("solution {n}:");
        u128::from(common::draw(solver, args.all, show, &heading, &mut out)?)
    };
    let elapsed = start.elapsed();
    if args.count {
        writeln!(out, "{found}")?;
    } else {
        writeln!(out, "{found} {what} in {:.3} s", elapsed.as_secs_f64())?;
    }
    if let Some(threads) = args.threads {
        // Set beside a serial count, not the drawing search above, which visits every solution.
        let serial = match args.count {
            true => elapsed,
            false => {
                let start = Instant::now();
                serial_count();
                start.elapsed()
            }
        };
        let start = Instant::now();
        let count = parallel::with_threads(threads, || match args.all {
            true => solver.count_all(),
            false => solver.count_parallel(),
        });
        let parallel_time = start.elapsed();
        writeln!(
            out,
            "in parallel ({} threads): {count} {what} in {:.3} s ({:.2}x faster than a serial count, {:.3} s)",
            parallel::with_threads(threads, parallel::threads),
            parallel_time.as_secs_f64(),
            serial.as_secs_f64() / parallel_time.as_secs_f64(),
            serial.as_secs_f64(),
        )?;
    }
    if args.stats {
        let info = solver.info();
        let stats = solver.stats();
        let made = stats.total_placements();
        writeln!(
            out,
            "order: {}; placements estimated by the compiler {:.0}, made {made} ({:.2}x the estimate); pruned {}",
            info.order,
            info.estimate,
            made as f64 / info.estimate,
            stats.pruned
        )?;
        writeln!(out, "placements by depth: {:?}", stats.placements)?;
    }
    if args.interpret {
        let start = Instant::now();
        let mut counter = Counter::default();
        let mut machine = Machine::new(code).expect("the compiler's code is well formed");
        let _ = machine.run(&mut counter).expect("the compiler's code runs");
        let interpreted = start.elapsed();
        // The processor runs the native solver's program test by test, so its counts are the
        // tests the program makes (natively, chains of tests are merged).
        let executed = machine.executed();
        let tests = executed.ifs_true + executed.ifs_false;
        writeln!(
            out,
            "interpreter: {} solutions modulo symmetry in {:.3} s ({:.1}x the native time), {} \
             instructions executed: {tests} tests ({} passed, {:.1} per placement), {} placements",
            counter.solutions,
            interpreted.as_secs_f64(),
            interpreted.as_secs_f64() / elapsed.as_secs_f64(),
            executed.total(),
            executed.ifs_true,
            tests as f64 / executed.calls.max(1) as f64,
            executed.calls,
        )?;
    }
    Ok(())
}

/// Writes the code where the flags say.
fn write_code(args: &Args, code: &Code, out: &mut impl Write) -> io::Result<()> {
    if let Some(path) = &args.write_code {
        std::fs::write(path, to_text(&code.instructions)).map_err(|e| cannot_write(path, e))?;
        writeln!(
            out,
            "wrote {} instructions to {}",
            code.instructions.len(),
            path.display()
        )?;
    }
    if let Some(path) = &args.write_binary {
        let words = to_words(&code.instructions).map_err(io::Error::other)?;
        std::fs::write(path, words_to_bytes(&words)).map_err(|e| cannot_write(path, e))?;
        writeln!(out, "wrote {} words to {}", words.len(), path.display())?;
    }
    Ok(())
}

/// A file not written, named.
fn cannot_write(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
}
