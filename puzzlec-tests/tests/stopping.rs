//! A run-time search given up mid-way (`Runnable::run_until`): Ctrl-C in Python, a stop button
//! on a page. Unset, the flag changes no count; set, the search ends after one look's worth of
//! placements, whichever engine and sink it runs with; and a counting memo keeps nothing of
//! the search it cut short, so the same counter counts right afterwards.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::Puzzle;
use puzzlec::search::{Recorder, Stopping};
use puzzlec::{Run, Solver};

fn compiled(source: &str) -> Puzzle {
    let parsed = parse_str(source).expect("the puzzle parses");
    Puzzle::new(&parsed[0].description).expect("the puzzle compiles")
}

/// Puzzles of every way the walker runs: a scan, by the fewest placements, with a symmetry
/// check, with a counting memo; and their counts.
fn puzzles() -> Vec<(Puzzle, u128)> {
    [
        (
            "mod p { box: 6 x 10, pieces: pentominoes, symmetry: reduced }",
            2339,
        ),
        (
            "mod p { box: 3 x 20, pieces: pentominoes, order: fewest }",
            8,
        ),
        (
            "mod p { box: 3 x 3 x 3, pieces: soma, reflect: false, symmetry: reduced }",
            240,
        ),
        // OEIS A004003: the domino tilings of the 8 by 8 square.
        (
            "mod p { box: 8 x 8, pieces: { 32 x D: [\"##\"] } }",
            12_988_816,
        ),
    ]
    .into_iter()
    .map(|(source, count)| (compiled(source), count))
    .collect()
}

#[test]
fn a_flag_never_set_changes_no_count() {
    let go_on = AtomicBool::new(false);
    for (puzzle, count) in puzzles() {
        let mut counter = puzzle.counter();
        let flow = puzzle
            .runnable()
            .run_until(Run::Count(&mut counter), &go_on);
        assert!(flow.is_continue(), "{}", puzzle.info().name);
        assert_eq!(counter.solutions(), count);
        // And unit by unit.
        let units = puzzle.units();
        let mut counter = puzzle.counter();
        for unit in &units {
            let flow = (puzzle.runnable())
                .run_unit_until(unit, Run::Count(&mut counter), &go_on)
                .unwrap();
            assert!(flow.is_continue());
        }
        assert_eq!(counter.solutions(), count);
    }
}

#[test]
fn a_flag_set_ends_the_search_at_the_first_look() {
    let stop = AtomicBool::new(true);
    let look = u64::from(Stopping::<Recorder<'_>>::LOOK_EVERY);
    // Searches of more placements than a look's worth, ended after that many.
    for source in [
        "mod p { box: 6 x 10, pieces: pentominoes }",
        "mod p { box: 4 x 15, pieces: pentominoes, order: fewest }",
        "mod p { box: 6 x 10, pieces: pentominoes, symmetry: reduced }",
    ] {
        let puzzle = compiled(source);
        let whole = puzzle.tally();
        assert!(whole.placements > 10 * look, "{source}");
        let mut counter = puzzle.counter();
        let flow = puzzle.runnable().run_until(Run::Count(&mut counter), &stop);
        assert!(flow.is_break(), "{source}");
        assert_eq!(counter.placements, look, "{source}");
        let mut recorder = Recorder::new();
        let flow = puzzle
            .runnable()
            .run_until(Run::Record(&mut recorder), &stop);
        assert!(flow.is_break(), "{source}");
        assert_eq!(recorder.placements, look, "{source}");
        // A recorder that looks at the flag itself stops any solver the same way: each unit
        // of a listing, on the walker here and on a native solver alike.
        let mut recorder = Recorder::new().stop_when(&stop);
        let flow = puzzle.run(Run::Record(&mut recorder));
        assert!(flow.is_break() && recorder.stopped(), "{source}");
        assert_eq!(recorder.placements, look, "{source}");
        let unit = &puzzle.units()[0];
        let shown = puzzle.solve_unit(unit, Some(&stop), &mut |_| ControlFlow::Continue(()));
        let whole = puzzle.solve_unit(unit, None, &mut |_| ControlFlow::Continue(()));
        let replayed = unit.placed.len() as u64;
        assert_eq!(
            shown.placements,
            whole.placements.min(replayed + look),
            "{source}"
        );
    }
}

#[test]
fn a_memo_remembers_nothing_of_a_search_cut_short() {
    // The 12 by 12 square's domino tilings (OEIS A004003), counted with a memo whose counts
    // would be wrong had it kept the part of a free set's search made before the stop, which
    // comes about halfway through.
    let puzzle = compiled("mod p { box: 12 x 12, pieces: { 72 x D: [\"##\"] } }");
    assert!(puzzle.info().cache.is_some_and(|c| c.counts));
    let mut counter = puzzle.counter();
    let stop = AtomicBool::new(true);
    let flow = puzzle.runnable().run_until(Run::Count(&mut counter), &stop);
    assert!(flow.is_break());
    let before = counter.solutions();
    assert!(before > 0, "the memo had counted some free sets whole");
    let go_on = AtomicBool::new(false);
    let flow = puzzle
        .runnable()
        .run_until(Run::Count(&mut counter), &go_on);
    assert!(flow.is_continue());
    assert_eq!(counter.solutions() - before, 53_060_477_521_960_000);
}

#[test]
fn a_compile_stops_where_it_is_asked_and_is_the_same_where_it_is_not() {
    use puzzlec::compiler::stop::Stop;
    let (set, unset) = (AtomicBool::new(true), AtomicBool::new(false));
    for source in [
        "mod p { box: 6 x 10, pieces: pentominoes }",
        "mod p { box: 3 x 3 x 3, pieces: soma, reflect: false, symmetry: reduced }",
        "mod p { aspects: [a, b, c], embeddings: [[a, b], [c], [a], [b, c]] }",
    ] {
        let parsed = parse_str(source).expect("the puzzle parses");
        let description = &parsed[0].description;
        let stopped = Puzzle::new_until(description, Stop::when(&set));
        assert!(
            stopped.is_none(),
            "{source}: {:?}",
            stopped.map(|r| r.err())
        );
        let unstopped = Puzzle::new_until(description, Stop::when(&unset))
            .expect("a compile not stopped ends")
            .expect("the puzzle compiles");
        let whole = Puzzle::new(description).expect("the puzzle compiles");
        assert_eq!(
            unstopped.info().fingerprint,
            whole.info().fingerprint,
            "{source}"
        );
        assert_eq!(unstopped.count(), whole.count(), "{source}");
    }
}
