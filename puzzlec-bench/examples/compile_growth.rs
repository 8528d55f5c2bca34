//! How the compile grows with the puzzle: boxes of monominoes, dominoes and P pentominoes from
//! 10x10 to 256x256, each compiled for the run-time engine (parsed text to runnable program, as
//! `puzzlec solve` does before its search), on one thread. Prints a table of the placements, the
//! median time, the time per placement and the growth: the exponent `k` of `time ~ placements^k`
//! from the row before (1 is linear).
//!
//! ```sh
//! cargo run --release -p puzzlec-bench --example compile_growth            # every family
//! cargo run --release -p puzzlec-bench --example compile_growth -- dominoes 64
//! ```
//!
//! The first argument keeps one family (`monominoes`, `dominoes`, `pentominoes`), the second
//! the largest side.

use std::time::{Duration, Instant};

use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::Puzzle;

/// The sides measured.
const SIDES: [usize; 6] = [10, 16, 32, 64, 128, 256];

/// A family of boxes: its name and the puzzle text of an `n`-by-`n` box (or the nearest box
/// that its pieces can fill).
struct Family {
    name: &'static str,
    text: fn(usize) -> String,
}

const FAMILIES: [Family; 3] = [
    Family {
        name: "monominoes",
        text: |n| {
            format!(
                "mod m {{ box: {n} x {n}, pieces: {{ {} x M: [\"#\"] }} }}",
                n * n
            )
        },
    },
    Family {
        name: "dominoes",
        text: |n| {
            format!(
                "mod d {{ box: {n} x {n}, pieces: {{ {} x D: [\"##\"] }} }}",
                n * n / 2
            )
        },
    },
    Family {
        name: "pentominoes",
        // The P pentomino in all eight orientations; the second side rounded down to a
        // multiple of five so that the copies fill the box.
        text: |n| {
            let m = n - n % 5;
            format!(
                "mod p {{ box: {n} x {m}, pieces: {{ {} x P }} }}",
                n * m / 5
            )
        },
    },
];

fn main() {
    let mut args = std::env::args().skip(1);
    let only = args.next();
    let largest: usize = args.next().map_or(256, |s| s.parse().expect("a side"));
    // One thread, as the figures are compared with one another and with other runs.
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global()
        .expect("the global pool is set once");
    println!(
        "{:<12} {:>9} {:>11} {:>11} {:>10} {:>7}",
        "family", "box", "placements", "compile", "per place", "growth"
    );
    for family in FAMILIES
        .iter()
        .filter(|f| only.as_deref().is_none_or(|o| o == f.name))
    {
        let mut before: Option<(f64, f64)> = None;
        for &n in SIDES.iter().filter(|&&n| n <= largest) {
            let text = (family.text)(n);
            let side = text.split("box: ").nth(1).and_then(|s| s.split(',').next());
            let side = side.unwrap_or("").replace(' ', "");
            let (placements, time) = match measure(&text) {
                Ok(measured) => measured,
                // Past the compiler's limits (the P pentomino in 256x255 has more placements
                // than a puzzle may): said, and the family ends.
                Err(error) => {
                    println!("{:<12} {side:>9} {error}", family.name);
                    break;
                }
            };
            let seconds = time.as_secs_f64();
            let growth = before.map_or(String::new(), |(p, t)| {
                format!("{:.2}", (seconds / t).ln() / (placements as f64 / p).ln())
            });
            println!(
                "{:<12} {side:>9} {:>11} {:>9.1}ms {:>8.2}µs {:>7}",
                family.name,
                placements,
                seconds * 1e3,
                seconds * 1e6 / placements as f64,
                growth
            );
            before = Some((placements as f64, seconds));
        }
    }
}

/// The placements of the puzzle and the median time of its compile: five runs, or three where
/// one takes more than a second; or why it does not compile.
fn measure(text: &str) -> Result<(usize, Duration), String> {
    let compile = || {
        let start = Instant::now();
        let parsed = parse_str(text).map_err(|e| e.to_string())?;
        let puzzle = Puzzle::new(&parsed[0].description).map_err(|e| e.to_string())?;
        let time = start.elapsed();
        Ok::<_, String>((puzzle.cover().embedding_count(), time))
    };
    let (placements, first) = compile()?;
    let runs = if first > Duration::from_secs(1) { 3 } else { 5 };
    let mut times = vec![first];
    for _ in 1..runs {
        times.push(compile()?.1);
    }
    times.sort();
    Ok((placements, times[times.len() / 2]))
}
