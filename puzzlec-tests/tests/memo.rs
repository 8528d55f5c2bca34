//! The counting memo: where pieces come in copies, a count keeps the number of solutions below
//! each free set and adds it when the free set comes back, so that counts no enumeration could
//! finish take milliseconds. Every count here is a published figure or an independent
//! computation; both engines, one core and all.

use puzzlec::compiler::{Cache, Description, Puzzle};
use puzzlec::search::CachedCounter;
use puzzlec::{puzzle, Run, Solver};

puzzle! {
    mod d8x8 { box: ["........"; 8], pieces: { 32 x D: ["##"] } }
    mod d10x10 { box: [".........."; 10], pieces: { 50 x D: ["##"] } }
}

/// `2n` by `2n` dominoes, counted by the walker.
fn square(n: usize) -> Puzzle {
    let row = ".".repeat(n);
    Puzzle::new(
        &Description::new("square")
            .board(&vec![row.as_str(); n])
            .piece("D", &["##"])
            .copies((n * n / 2) as u32),
    )
    .unwrap()
}

/// Dominoes in a 4 by `n` box, counted by the walker.
fn four_by(n: usize) -> Puzzle {
    Puzzle::new(
        &Description::new("four_by")
            .block(&[4, n as i32])
            .piece("D", &["##"])
            .copies(2 * n as u32),
    )
    .unwrap()
}

/// The domino tilings of a 4 by `n` box (OEIS A005178), by its recurrence
/// a(n) = a(n-1) + 5 a(n-2) + a(n-3) - a(n-4), from 1, 1, 5, 11.
fn four_by_tilings(n: usize) -> u128 {
    let mut a: Vec<i128> = vec![1, 1, 5, 11];
    while a.len() <= n {
        let k = a.len();
        a.push(a[k - 1] + 5 * a[k - 2] + a[k - 3] - a[k - 4]);
    }
    u128::try_from(a[n]).unwrap()
}

#[test]
fn domino_tilings_of_squares_are_the_published_counts() {
    // OEIS A004003: the domino tilings of the 2n by 2n square.
    for info in [&d8x8::INFO, &d10x10::INFO] {
        assert!(info.cache.is_some_and(|c| c.counts), "{}", info.name);
    }
    assert_eq!(d8x8::SOLVER.count(), 12_988_816);
    assert_eq!(d8x8::SOLVER.count_parallel(), 12_988_816);
    assert_eq!(d10x10::SOLVER.count(), 258_584_046_368);
    assert_eq!(d10x10::SOLVER.count_parallel(), 258_584_046_368);
    assert_eq!(square(8).count(), 12_988_816);
    assert_eq!(square(10).count_parallel(), 258_584_046_368);
    assert_eq!(square(12).count(), 53_060_477_521_960_000);
}

#[test]
fn the_memo_spares_most_of_the_search() {
    // The 6x6 square's 6,728 tilings: with the memo, far fewer placements than the tree has.
    let memo = square(6);
    let tree = memo.tally();
    assert_eq!(tree.solutions, 6728);
    let mut counter = memo.counter();
    let _ = memo.run(Run::Count(&mut counter));
    assert_eq!(counter.solutions(), 6728);
    assert!(
        counter.placements * 20 < tree.placements,
        "{}",
        counter.placements
    );
    let credited = counter.cache().map_or(0, |c| c.credited());
    assert!(credited > 6000, "{credited}");
    // Without a cache, the count is the tree's, searched whole.
    let row = "......";
    let plain = Puzzle::new(
        &Description::new("square")
            .board(&[row; 6])
            .piece("D", &["##"])
            .copies(18)
            .cache(Cache::Off),
    )
    .unwrap();
    assert!(plain.info().cache.is_none());
    let mut counter = CachedCounter::for_puzzle(plain.info());
    let _ = plain.run(Run::Count(&mut counter));
    assert_eq!(
        (counter.solutions(), counter.placements),
        (6728, tree.placements)
    );
}

#[test]
fn counts_past_two_to_the_64_are_kept_whole() {
    for n in [1, 2, 3, 7, 20, 48, 60] {
        assert_eq!(four_by(n).count(), four_by_tilings(n), "4 by {n}");
    }
    assert!(four_by_tilings(48) > u128::from(u64::MAX));
    // Units of a count on all cores add up to the same.
    assert_eq!(four_by(60).count_parallel(), four_by_tilings(60));
}

#[test]
fn a_count_past_the_largest_says_so() {
    // The 4 by 100 box has some 10^45 tilings, past u128::MAX (about 3.4 * 10^38).
    let p = four_by(100);
    let mut counter = p.counter();
    let _ = p.run(Run::Count(&mut counter));
    assert!(counter.overflowed());
    assert_eq!(counter.solutions(), u128::MAX);
    assert_eq!(p.count(), u128::MAX);
    assert_eq!(p.count_parallel(), u128::MAX);
    // One short of it is a count like any other.
    let p = four_by(80);
    let mut counter = p.counter();
    let _ = p.run(Run::Count(&mut counter));
    assert!(!counter.overflowed());
    assert_eq!(counter.solutions(), four_by_tilings(80));
}

/// The tilings of an `rows` by `columns` box by tetrominoes in any of their 19 fixed
/// orientations, any number of each: a broken-profile count, the first free cell in row-major
/// order covered by each orientation anchored at its first cell, memoised on the filled cells.
fn tetromino_tilings(rows: usize, columns: usize) -> u128 {
    type Shape = Vec<(i32, i32)>;
    let one_sided: [Shape; 7] = [
        vec![(0, 0), (0, 1), (0, 2), (0, 3)],
        vec![(0, 0), (0, 1), (1, 0), (1, 1)],
        vec![(0, 0), (0, 1), (0, 2), (1, 1)],
        vec![(0, 1), (0, 2), (1, 0), (1, 1)],
        vec![(0, 0), (0, 1), (1, 1), (1, 2)],
        vec![(0, 0), (0, 1), (0, 2), (1, 0)],
        vec![(0, 0), (0, 1), (0, 2), (1, 2)],
    ];
    let mut fixed = std::collections::BTreeSet::new();
    for shape in one_sided {
        let mut cells = shape;
        for _ in 0..4 {
            cells = cells.iter().map(|&(r, c)| (c, -r)).collect();
            let mut anchored = cells.clone();
            anchored.sort_unstable();
            let (r0, c0) = anchored[0];
            fixed.insert(
                anchored
                    .iter()
                    .map(|&(r, c)| (r - r0, c - c0))
                    .collect::<Shape>(),
            );
        }
    }
    assert_eq!(fixed.len(), 19);
    fn count(
        filled: u64,
        all: u64,
        (rows, columns): (i32, i32),
        fixed: &std::collections::BTreeSet<Vec<(i32, i32)>>,
        memo: &mut std::collections::HashMap<u64, u128>,
    ) -> u128 {
        if filled == all {
            return 1;
        }
        if let Some(&n) = memo.get(&filled) {
            return n;
        }
        let first = (!filled).trailing_zeros() as i32;
        let (r, c) = (first / columns, first % columns);
        let mut total = 0;
        for shape in fixed {
            let mut mask = 0u64;
            let fits = shape.iter().all(|&(dr, dc)| {
                let (rr, cc) = (r + dr, c + dc);
                let inside = (0..rows).contains(&rr) && (0..columns).contains(&cc);
                let bit = 1u64 << (rr * columns + cc).clamp(0, 63);
                mask |= bit;
                inside && filled & bit == 0
            });
            if fits {
                total += count(filled | mask, all, (rows, columns), fixed, memo);
            }
        }
        memo.insert(filled, total);
        total
    }
    let all = u64::MAX >> (64 - rows * columns);
    let size = (rows as i32, columns as i32);
    count(0, all, size, &fixed, &mut std::collections::HashMap::new())
}

#[test]
fn tetrominoes_any_number_of_each_tile_a_square_as_counted_apart() {
    // Each of the seven one-sided tetrominoes as often as the box has room for: no piece is
    // counted, and the memo keys the cells alone.
    let tetrominoes = |rows: usize, columns: usize| {
        let mut d = Description::new("tetrominoes")
            .board(&vec![".".repeat(columns); rows])
            .reflect(false);
        for (name, drawing) in [
            ("I", &["####"][..]),
            ("O", &["##", "##"]),
            ("T", &["###", ".#."]),
            ("S", &[".##", "##."]),
            ("Z", &["##.", ".##"]),
            ("L", &["###", "#.."]),
            ("J", &["###", "..#"]),
        ] {
            d = d
                .piece(name, drawing)
                .copies_between(0, (rows * columns / 4) as u32);
        }
        Puzzle::new(&d).unwrap()
    };
    for (rows, columns) in [(4, 4), (4, 6), (6, 6), (8, 8)] {
        let p = tetrominoes(rows, columns);
        assert_eq!(
            p.info().aspects,
            rows * columns,
            "only the cells are aspects"
        );
        assert_eq!(
            p.count(),
            tetromino_tilings(rows, columns),
            "{rows} by {columns}"
        );
    }
    assert_eq!(tetromino_tilings(8, 8), 19_077_209_438);
}
