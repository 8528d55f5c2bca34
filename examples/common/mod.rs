//! What the examples share: solving a puzzle, drawing a few solutions, the count and the time.

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use puzzle::Solver;

/// Solves one puzzle, draws its first `show` solutions, and prints the count and the time.
/// Returns the count; ends the program quietly if standard output is closed (`| head`).
pub fn report(name: &str, solver: &dyn Solver, show: usize) -> u64 {
    let start = Instant::now();
    let (mut found, mut out) = (0u64, std::io::stdout().lock());
    let flow = solver.solve(&mut |s| {
        found += 1;
        match found as usize > show || writeln!(out, "{name}, solution {found}:\n{s}").is_ok() {
            true => ControlFlow::Continue(()),
            false => ControlFlow::Break(()),
        }
    });
    let time = start.elapsed().as_secs_f64();
    if flow.is_break() || writeln!(out, "{name}: {found} solutions in {time:.3} s\n").is_err() {
        // Whoever read the output stopped reading: nothing more to say.
        std::process::exit(0);
    }
    found
}

/// How many solutions to draw: the first argument, or `default`.
pub fn show(default: usize) -> usize {
    std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}
