//! The 6x10 pentomino: 2339 solutions modulo symmetry, 9356 in all.
//!
//! ```text
//! cargo run --release --example pentomino_6x10              # a few solutions, the count, the time
//! cargo run --release --example pentomino_6x10 -- --all     # every solution, not one per class
//! cargo run --release --example pentomino_6x10 -- --print   # draw every solution
//! cargo run --release --example pentomino_6x10 -- --count   # the count only
//! ```

use std::ops::ControlFlow;
use std::time::Instant;

use clap::Parser;
use puzzle::puzzle;
use puzzle::search::SolveFn;

puzzle! {
    /// The 6x10 box and the twelve pentominoes, one solution per symmetry class (X is kept in
    /// one quarter of the box).
    mod reduced {
        box: [".........."; 6],
        pieces: pentominoes,
        symmetry: reduced,
    }

    /// The same puzzle, every solution.
    mod all {
        box: [".........."; 6],
        pieces: pentominoes,
    }
}

/// Solve the 6x10 pentomino with a solver compiled for it.
#[derive(Parser)]
struct Args {
    /// Find every solution instead of one per symmetry class.
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
}

fn main() {
    let args = Args::parse();
    let solve: SolveFn = if args.all {
        |v| all::solve(v)
    } else {
        |v| reduced::solve(v)
    };
    let what = if args.all {
        "solutions"
    } else {
        "solutions modulo symmetry"
    };
    let start = Instant::now();
    let found = if args.count {
        if args.all {
            all::count()
        } else {
            reduced::count()
        }
    } else {
        let show = if args.print { usize::MAX } else { args.show };
        let mut found = 0u64;
        let _ = solve(&mut |s| {
            found += 1;
            if found as usize <= show {
                println!("solution {found}:\n{s}");
            }
            ControlFlow::Continue(())
        });
        found
    };
    let elapsed = start.elapsed();
    if args.count {
        println!("{found}");
    } else {
        println!("{found} {what} in {:.3} s", elapsed.as_secs_f64());
    }
}
