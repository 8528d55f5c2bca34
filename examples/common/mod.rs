//! What the examples share: solving a puzzle, drawing a few solutions, the count and the time.
//! Each example uses what it needs of it.

#![allow(dead_code)]

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use puzzlec::{Solution, Solver};

/// Solves one puzzle, draws its first `show` solutions, and prints the count and the time.
/// Returns the count; ends the program quietly if standard output is closed (`| head`).
pub fn report(name: &str, solver: &dyn Solver, show: usize) -> u64 {
    let start = Instant::now();
    let mut out = io::stdout().lock();
    let written = draw(
        solver,
        false,
        show,
        &|n| format!("{name}, solution {n}:"),
        &mut out,
    )
    .and_then(|found| {
        let time = start.elapsed().as_secs_f64();
        writeln!(out, "{name}: {found} solutions in {time:.3} s\n")?;
        Ok(found)
    });
    match written {
        Ok(found) => found,
        Err(e) => {
            drop(out);
            std::process::exit(exit_code(Err(e)))
        }
    }
}

/// Finds every solution (with `all`, each class's members after the one found) and draws the
/// first `show` to `out`, each under `heading(n)`;
/// returns how many there are, or the error that stopped the drawing (and the search).
pub fn draw(
    solver: &dyn Solver,
    all: bool,
    show: usize,
    heading: &dyn Fn(u64) -> String,
    out: &mut dyn Write,
) -> io::Result<u64> {
    let (mut found, mut failed) = (0u64, None);
    let mut each = |s: &Solution<'_>| {
        found += 1;
        if found as usize <= show {
            if let Err(e) = writeln!(out, "{}\n{s}", heading(found)) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    };
    let _ = match all {
        true => solver.solve_all(&mut each),
        false => solver.solve(&mut each),
    };
    failed.map_or(Ok(found), Err)
}

/// How an example that wrote to standard output ends: a reader that stopped reading
/// (`| head`) is no failure, any other error is.
pub fn exit(result: io::Result<()>) -> ExitCode {
    ExitCode::from(exit_code(result) as u8)
}

fn exit_code(result: io::Result<()>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

/// How many solutions to draw: the first argument, or `default`.
pub fn show(default: usize) -> usize {
    std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}
