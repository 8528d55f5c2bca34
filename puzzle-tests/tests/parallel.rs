//! All cores: work units cut at a fixed depth, counted, collected and shown in parallel, the
//! same as the serial search; a unit runs alone by number.

use std::ops::ControlFlow;

use puzzle::puzzle;
use puzzle::runtime::parallel::{self, Unit};
use puzzle::runtime::search::{collect, CachedCounter, Counter};

puzzle! {
    mod p6x10 { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }
    mod p6x10_all { box: [".........."; 6], pieces: pentominoes }
    /// The 8x8 with a hole: a symmetry check, which each unit must apply.
    mod p8x8 {
        box: ["........"; 8],
        holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
        pieces: pentominoes,
        symmetry: reduced,
    }
    mod p10x3x2 { box: 10 x 3 x 2, pieces: pentominoes, symmetry: reduced }
    /// Bags and a `q` of three words.
    mod bags { box: 1 x 130, pieces: { 64 x D: ["##"], 2 x M: ["#"] } }
}

#[test]
fn parallel_counts_are_the_serial_counts() {
    assert_eq!(p6x10::count_parallel(), 2339);
    assert_eq!(p6x10_all::count_parallel(), 9356);
    assert_eq!(p8x8::count_parallel(), 65);
    assert_eq!(p10x3x2::count_parallel(), 12);
    assert_eq!(bags::count_parallel(), 2145);
    // The same on one thread and on three.
    assert_eq!(parallel::with_threads(1, p6x10::count_parallel), 2339);
    assert_eq!(parallel::with_threads(3, p6x10::count_parallel), 2339);
}

#[test]
fn parallel_counts_nest() {
    // A count on all cores inside another, on the same pool: the inner one's threads are busy
    // with the outer one's units, and each must still get its share of both.
    let units = p8x8::units();
    for threads in [1, 2, 3] {
        let total = parallel::with_threads(threads, || {
            parallel::count(&units[..6], CachedCounter::without_cache(), |_, counter| {
                counter.solutions += p10x3x2::count_parallel()
            })
        });
        assert_eq!(total, 6 * 12, "{threads} threads");
    }
}

#[test]
fn parallel_solutions_come_in_the_serial_order() {
    assert_eq!(p6x10::collect_parallel(), collect(|v| p6x10::solve(v)));
    assert_eq!(p8x8::collect_parallel(), collect(|v| p8x8::solve(v)));
    assert_eq!(bags::collect_parallel(), collect(|v| bags::solve(v)));
}

/// A visitor that keeps each solution's embeddings and drawing.
fn record(
    seen: &mut Vec<(Vec<u32>, String)>,
) -> impl FnMut(&puzzle::runtime::Solution<'_>) -> ControlFlow<()> + '_ {
    |s| {
        seen.push((s.embeddings().to_vec(), s.to_string()));
        ControlFlow::Continue(())
    }
}

#[test]
fn solve_parallel_shows_solutions_in_the_serial_order() {
    let mut serial = Vec::new();
    assert!(p8x8::solve(record(&mut serial)).is_continue());
    assert_eq!(serial.len(), 65);
    let mut parallel = Vec::new();
    assert!(p8x8::solve_parallel(record(&mut parallel)).is_continue());
    assert_eq!(parallel, serial);
    // A pool of one thread must run the units itself while it waits for them.
    let mut one = Vec::new();
    let flow = parallel::with_threads(1, || p8x8::solve_parallel(record(&mut one)));
    assert!(flow.is_continue());
    assert_eq!(one, serial);
}

#[test]
fn solve_parallel_stops_when_the_visitor_breaks() {
    let serial = collect(|v| p6x10::solve(v));
    for threads in [1, 2, 3] {
        let mut first = Vec::new();
        let flow = parallel::with_threads(threads, || {
            p6x10::solve_parallel(|s| {
                first.push(s.embeddings().to_vec());
                match first.len() {
                    10 => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                }
            })
        });
        assert!(flow.is_break());
        assert_eq!(first, serial[..10], "on {threads} threads");
    }
}

#[test]
fn units_are_numbered_and_run_alone() {
    let units: Vec<Unit> = p6x10::units();
    assert!(units.len() >= parallel::TARGET_UNITS, "{}", units.len());
    assert_eq!(units, p6x10::units(), "the same units every time");
    assert!(units.iter().enumerate().all(|(i, u)| u.id == i));
    // Every unit alone, summed: the whole count.
    let total: u64 = units
        .iter()
        .map(|unit| {
            let mut counter = Counter::default();
            let _ = p6x10::run_unit(unit, &mut counter);
            counter.solutions
        })
        .sum();
    assert_eq!(total, 2339);
}
