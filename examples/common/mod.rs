//! What the examples share: solving a puzzle, drawing a few solutions, the count and the time.

use std::ops::ControlFlow;
use std::time::Instant;

use puzzle::Solver;

/// Solves one puzzle, draws its first `show` solutions, and prints the count and the time.
/// Returns the count.
pub fn report(name: &str, solver: &dyn Solver, show: usize) -> u64 {
    let start = Instant::now();
    let mut found = 0u64;
    let _ = solver.solve(&mut |s| {
        found += 1;
        if found as usize <= show {
            println!("{name}, solution {found}:\n{s}");
        }
        ControlFlow::Continue(())
    });
    println!(
        "{name}: {found} solutions in {:.3} s\n",
        start.elapsed().as_secs_f64()
    );
    found
}

/// How many solutions to draw: the first argument, or `default`.
pub fn show(default: usize) -> usize {
    std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}
