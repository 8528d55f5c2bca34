//! Fingerprints that change when the search does. For each reference puzzle the file
//! `fingerprints.txt` beside this one keeps the fingerprint and a digest of the search: every
//! move of the whole search in order (placements, the pruning check's refusals, solutions kept
//! by the symmetry check) and the listing of its work units. A change that alters a search but
//! not its fingerprint would let `--resume` and `merge` add units of two different trees, so it
//! fails here with the rules to raise.
//!
//! After a deliberate change, `FINGERPRINTS=overwrite cargo test -p puzzlec-tests --test
//! fingerprints` writes the file anew; read its diff before committing.

use std::fmt::Write as _;
use std::ops::ControlFlow;

use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::Puzzle;
use puzzlec::search::{Recorder, Sink};
use puzzlec::{Run, Solver};

/// The reference puzzles: between them every rule of `puzzlec_runtime::rules` and every part of
/// a plan (2-D and 3-D boxes, abstract puzzles, copies, bags, counts of times, optional pieces,
/// a free set of several words), each searched whole in well under a second.
const REFERENCE: &str = r####"
    /// Holes on a bit board, looked up by tables, one solution per class.
    mod plane { box: 3 x 20, pieces: pentominoes, symmetry: reduced, prune: holes }
    /// A search large enough for the pair test and for judging how the lookups check.
    mod pairs { box: 5 x 12, pieces: pentominoes, symmetry: reduced }
    mod regions { box: 4 x 15, pieces: pentominoes, symmetry: reduced, prune: regions }
    mod holed {
        box: 8 x 8,
        holes: [(3, 3), (3, 4), (4, 3), (4, 4)],
        pieces: pentominoes,
        symmetry: reduced,
        prune: regions,
    }
    mod solid {
        box: 3 x 3 x 3, reflect: false, symmetry: reduced, pieces: soma, dead_ends: off,
        prune: holes,
    }
    /// A box searched by the fewest placements, the cells of a piece no placement parts
    /// never chosen.
    mod fewest_box { box: 3 x 3 x 3, reflect: false, symmetry: reduced, pieces: soma, order: fewest }
    mod dead_ends {
        box: 3 x 3 x 3, reflect: false, symmetry: reduced, pieces: soma, dead_ends: on,
        fewest_fits: off,
    }
    mod fewest_fits {
        box: 3 x 3 x 3, reflect: false, symmetry: reduced, pieces: soma, dead_ends: on,
        fewest_fits: on,
    }
    mod dead_ends_plane { box: 3 x 20, pieces: pentominoes, symmetry: reduced, dead_ends: on }
    mod copies { box: ["......"; 4], pieces: { 3 x D: ["##"], 6 x L: ["##", "#."] } }
    mod bags {
        box: ["....."; 4],
        pieces: { 1..=3 x L: ["###", "#.."], 0..=6 x D: ["##"], 0..=1 x S: ["##.", ".##"] },
        symmetry: reduced,
    }
    mod optional {
        box: ["....."; 5],
        pieces: { 0..=1 x pentominoes },
        order: [pieces, rows],
        cache: on,
    }
    /// More than 128 cells: `q` in words, the hole test by tables.
    mod words { box: ["................"; 9], pieces: { 36 x D: ["##", "##"] }, prune: holes }
    /// Colours: options that agree on a colour share the item.
    mod colours {
        aspects: [a, b, c, x, y],
        optional: [x, y],
        embeddings: [[a, b, x: 0, y: 0], [a, c, x: 1, y: 1], [b, x: 1], [c, y: 1], [c, y], [b], [a]],
    }
    /// Counts of times: aspects covered a range of times, some no times, and a colour.
    mod counts {
        aspects: [2 x a, 1..=3 x b, 0..=2 x c, d, x],
        optional: [x],
        embeddings: [[a, b], [a, c, x: 0], [a, d], [b, c, x: 0], [b], [c, d, x: 1], [a], [b, x]],
    }
    mod queens {
        aspects: [r0, r1, r2, r3, r4, r5, c0, c1, c2, c3, c4, c5,
            d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10],
        optional: [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10,
            a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10],
        embeddings: [
            [r0, c0, d0, a5], [r0, c1, d1, a4], [r0, c2, d2, a3], [r0, c3, d3, a2], [r0, c4, d4, a1], [r0, c5, d5, a0],
            [r1, c0, d1, a6], [r1, c1, d2, a5], [r1, c2, d3, a4], [r1, c3, d4, a3], [r1, c4, d5, a2], [r1, c5, d6, a1],
            [r2, c0, d2, a7], [r2, c1, d3, a6], [r2, c2, d4, a5], [r2, c3, d5, a4], [r2, c4, d6, a3], [r2, c5, d7, a2],
            [r3, c0, d3, a8], [r3, c1, d4, a7], [r3, c2, d5, a6], [r3, c3, d6, a5], [r3, c4, d7, a4], [r3, c5, d8, a3],
            [r4, c0, d4, a9], [r4, c1, d5, a8], [r4, c2, d6, a7], [r4, c3, d7, a6], [r4, c4, d8, a5], [r4, c5, d9, a4],
            [r5, c0, d5, a10], [r5, c1, d6, a9], [r5, c2, d7, a8], [r5, c3, d8, a7], [r5, c4, d9, a6], [r5, c5, d10, a5],
        ],
        symmetry: reduced,
    }
"####;

/// The units each search is cut into for its digest.
const UNITS: usize = 40;

/// FNV-1a, as the compiler's fingerprints: the same digest on every machine and Rust.
#[derive(Clone, Copy)]
struct Digest(u64);

impl Digest {
    fn new() -> Digest {
        Digest(0xcbf2_9ce4_8422_2325)
    }

    fn number(&mut self, n: u64) {
        for byte in n.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Every move of a search, into a digest: the tree itself.
struct Trace(Digest);

impl Sink for Trace {
    fn place(&mut self, embedding: u32) {
        self.0.number(1 << 32 | u64::from(embedding));
    }
    fn unplace(&mut self) {
        self.0.number(2);
    }
    fn solution(&mut self) -> ControlFlow<()> {
        self.0.number(3);
        ControlFlow::Continue(())
    }
    fn pruned(&mut self) {
        self.0.number(4);
    }
}

/// The digest of a puzzle's search: its moves, then its units.
fn digest(puzzle: &Puzzle) -> u64 {
    let mut trace = Trace(Digest::new());
    let mut recorder = Recorder::new().observe(&mut trace);
    let _ = puzzle.run(Run::Record(&mut recorder));
    // The recorder shows the observer the solutions the symmetry check kept.
    let solutions = recorder.solutions;
    drop(recorder);
    let mut d = trace.0;
    d.number(solutions);
    for unit in puzzle.units_for(UNITS) {
        d.number(unit.id as u64);
        d.number(u64::from(unit.next));
        d.number(unit.placed.len() as u64);
        unit.placed.iter().for_each(|&e| d.number(u64::from(e)));
        d.number(unit.q.len() as u64);
        unit.q.iter().for_each(|&w| d.number(w));
    }
    d.0
}

/// One line of the file: a puzzle's name, fingerprint and digest.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    name: String,
    fingerprint: u64,
    digest: u64,
}

fn read(text: &str) -> Vec<Line> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let hex = |w: &str| u64::from_str_radix(w, 16).expect("a hexadecimal number");
            assert_eq!(
                words.len(),
                3,
                "a line of name, fingerprint and digest: {l}"
            );
            Line {
                name: words[0].to_owned(),
                fingerprint: hex(words[1]),
                digest: hex(words[2]),
            }
        })
        .collect()
}

#[test]
fn a_search_changes_only_with_its_fingerprint() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fingerprints.txt");
    let kept = read(&std::fs::read_to_string(path).unwrap_or_default());
    let mut now = Vec::new();
    let mut failures = Vec::new();
    for parsed in parse_str(REFERENCE).expect("the reference puzzles parse") {
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let puzzle = Puzzle::new(&parsed.description).expect("a reference puzzle compiles");
        let line = Line {
            name: puzzle.info().name.to_string(),
            fingerprint: puzzle.info().fingerprint,
            digest: digest(&puzzle),
        };
        let rules: Vec<String> = puzzle
            .plan()
            .rules()
            .iter()
            .map(|r| r.to_string())
            .collect();
        let rules = rules.join(", ");
        let Line {
            name,
            fingerprint,
            digest,
        } = &line;
        match kept.iter().find(|k| k.name == *name) {
            None => failures.push(format!("`{name}` is not in the file")),
            Some(k) if k == &line => {}
            Some(k) if k.fingerprint == *fingerprint => failures.push(format!(
                "the search of `{name}` changed (digest {digest:016x}, was {:016x}) but its fingerprint did not ({fingerprint:016x}): raise the version of the rule you changed in `puzzlec_runtime::rules` (its plan follows {rules}), or name what changed in the fingerprint (`Plan::fingerprint_of`)",
                k.digest
            )),
            Some(k) if k.digest == *digest => failures.push(format!(
                "the fingerprint of `{name}` changed ({fingerprint:016x}, was {:016x}) but its search did not: units cut before the change will be refused (its plan follows {rules})",
                k.fingerprint
            )),
            Some(_) => failures.push(format!(
                "the search of `{name}` changed, and its fingerprint with it (its plan follows {rules})"
            )),
        }
        now.push(line);
    }
    if std::env::var("FINGERPRINTS").as_deref() == Ok("overwrite") {
        let mut text = String::from(
            "# The fingerprint and the digest of the search of each puzzle of `fingerprints.rs`.\n",
        );
        for l in &now {
            let _ = writeln!(text, "{} {:016x} {:016x}", l.name, l.fingerprint, l.digest);
        }
        std::fs::write(path, text).expect("the file is written");
        return;
    }
    assert!(
        failures.is_empty(),
        "{}\n(after a deliberate change: FINGERPRINTS=overwrite cargo test -p puzzlec-tests --test fingerprints)",
        failures.join("\n")
    );
}

#[test]
fn every_rule_is_followed_by_some_reference_puzzle() {
    use puzzlec::rules;
    let mut followed = Vec::new();
    for parsed in parse_str(REFERENCE).expect("the reference puzzles parse") {
        let puzzle = Puzzle::new(&parsed.description).expect("a reference puzzle compiles");
        followed.extend(puzzle.plan().rules());
        if puzzle.symmetry_check().is_some() {
            followed.push(rules::SYMMETRY_CHECK);
        }
    }
    let all = [
        rules::SEARCH,
        rules::HOLES,
        rules::PAIRS,
        rules::REGIONS,
        rules::DEAD_ENDS,
        rules::FEWEST_FITS,
        rules::CHOICE,
        rules::SYMMETRY_CHECK,
    ];
    for rule in all {
        assert!(
            followed.contains(&rule),
            "no reference puzzle follows {rule}"
        );
    }
}

/// What the choice of order decides, the order and (by its estimate) the failure cache's
/// size, each names another search: a puzzle whose race ends another way, or whose estimate
/// sizes another cache, gets another fingerprint.
#[test]
fn the_order_and_the_caches_size_are_in_the_fingerprint() {
    let fingerprint = |source: &str| {
        let parsed = parse_str(source).expect("parses");
        Puzzle::new(&parsed[0].description)
            .expect("compiles")
            .info()
            .fingerprint
    };
    let rows = fingerprint("mod p { box: 4 x 15, pieces: pentominoes, order: rows }");
    let columns = fingerprint("mod p { box: 4 x 15, pieces: pentominoes, order: columns }");
    assert_ne!(rows, columns);
    let plain = "mod p { box: 4 x 15, pieces: pentominoes, order: columns, cache: on }";
    let small = "mod p { box: 4 x 15, pieces: pentominoes, order: columns, cache: on, \
                 tuning: { placements_per_slot: 1000 } }";
    let slots = |source: &str| {
        let parsed = parse_str(source).expect("parses");
        Puzzle::new(&parsed[0].description)
            .expect("compiles")
            .plan()
            .cache_table()
            .map(|c| c.bits)
    };
    assert_ne!(slots(plain), slots(small), "the tuning sizes another cache");
    assert_ne!(fingerprint(plain), fingerprint(small));
}
