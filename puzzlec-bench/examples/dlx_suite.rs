//! Writes the DLX benchmark files: exact-cover problems in Knuth's DLX format, each with its
//! count in a comment, to time `puzzlec solve` beside Knuth's `dlx1` and `ssxcc` on the same
//! files.
//!
//! ```sh
//! cargo run --release -p puzzlec-bench --example dlx_suite -- puzzlec-bench/dlx
//! ```

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::{AspectId, Puzzle};
use puzzlec::runtime::Aspect;
use puzzlec::Solver;

/// The hardest sudokus Peter Norvig found, from <https://norvig.com/hardest.txt>: one solution
/// each.
const HARDEST: [&str; 11] = [
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4",
    "...57..3.1......2.7...234......8...4..7..4...49....6.5.42...3.....7..9....18.....",
    "7..1523........92....3.....1....47.8.......6............9...5.6.4.9.7...8....6.1.",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2",
    "...92......68.3...19..7...623..4.1....1...7....8.3..297...8..91...5.72......64...",
    ".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4.",
    "7.....4...2..7..8...3..8.799..5..3...6..2..9...1.97..6...3..9...3..4..6...9..1.35",
    "....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....",
];

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "dlx".to_owned()));
    std::fs::create_dir_all(&dir).expect("the directory is made");
    for (n, count) in [(12, 14_200), (13, 73_712), (14, 365_596)] {
        write(&dir, &format!("queens_{n}"), &queens(n, count));
    }
    for (n, count) in [(11, 35_584), (12, 216_288)] {
        write(&dir, &format!("langford_{n}"), &langford(n, count));
    }
    for (i, clues) in HARDEST.iter().enumerate() {
        write(
            &dir,
            &format!("sudoku_hardest_{:02}", i + 1),
            &sudoku(clues),
        );
    }
    write(
        &dir,
        "pentominoes_6x10",
        &from_box(
            "mod p { box: 6 x 10, pieces: pentominoes, symmetry: all, eliminate: false }",
            "The twelve pentominoes in a 6x10 box, every solution (2,339 up to symmetry, \
             each four times): 9,356.",
        ),
    );
    write(
        &dir,
        "pentominoes_5x9",
        &from_box(
            "mod p { box: 5 x 9, pieces: { 0..=1 x pentominoes }, symmetry: all, eliminate: false }",
            "Any nine of the twelve pentominoes in a 5x9 box (the pieces secondary items), \
             every solution: 23,608.",
        ),
    );
    // Knuth's multiplicities (`dlx3`): bounds on how often an item is covered.
    for (n, (least, most), count) in [(6, (2, 3), 96_777_350u64), (7, (2, 2), 3_110_940)] {
        write(
            &dir,
            &format!("marks_{n}x{n}"),
            &marks(n, least, most, count),
        );
    }
    for (rows, columns, count) in [(4, 10, 380_216u64), (5, 7, 111_722)] {
        write(
            &dir,
            &format!("pentominoes_twice_{rows}x{columns}"),
            &pentominoes_twice(rows, columns, count),
        );
    }
}

/// Marks on an `n`x`n` board, from `least` to `most` in each row and each column (Knuth's
/// multiplicities, `least:most|item`): each cell an option.
fn marks(n: usize, least: u32, most: u32, count: u64) -> String {
    let mut out = format!(
        "| From {least} to {most} marks in each row and each column of a {n}x{n} board (the \
         bounds are Knuth's multiplicities), each cell an option: {count} solutions.\n"
    );
    let bound = match least == most {
        true => format!("{most}|"),
        false => format!("{least}:{most}|"),
    };
    let lines: Vec<String> = (0..n)
        .map(|i| format!("{bound}r{i}"))
        .chain((0..n).map(|j| format!("{bound}c{j}")))
        .collect();
    let _ = writeln!(out, "{}", lines.join(" "));
    for i in 0..n {
        for j in 0..n {
            let _ = writeln!(out, "r{i} c{j}");
        }
    }
    out
}

/// The pentominoes in a box, each used at most twice (its item `0:2|`, Knuth's
/// multiplicities): the compiler's cover of the box with each piece once, every placement.
fn pentominoes_twice(rows: usize, columns: usize, count: u64) -> String {
    let source = format!(
        "mod p {{ box: {rows} x {columns}, pieces: {{ 0..=1 x pentominoes }}, symmetry: all, \
         eliminate: false }}"
    );
    let once = from_box(
        &source,
        &format!(
            "The pentominoes in a {rows}x{columns} box, each at most twice (its item `0:2|`), \
             every solution: {count}."
        ),
    );
    // The pieces, secondary items there, become primary ones taken from none to two times.
    let mut lines = once.lines();
    let (comment, items) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    let (cells, pieces) = items.split_once(" | ").unwrap_or((items, ""));
    let bounded: Vec<String> = pieces.split(' ').map(|p| format!("0:2|{p}")).collect();
    let mut out = format!("{comment}\n{cells} {}\n", bounded.join(" "));
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// Writes `text` to `dir/name.dlx`.
fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(format!("{name}.dlx"));
    std::fs::write(&path, text).expect("the file is written");
    // A reader that has seen enough (`| head`) is no failure.
    let _ = writeln!(std::io::stdout().lock(), "{}", path.display());
}

/// Knuth's n queens: ranks and files primary, the diagonals secondary.
fn queens(n: usize, count: u64) -> String {
    let mut out = format!(
        "| {n} queens: ranks and files primary (exactly once), the diagonals secondary (at most \
         once). {count} solutions.\n"
    );
    let names = |p: &'static str, k: usize| (0..k).map(move |i| format!("{p}{i}"));
    let primary: Vec<String> = names("r", n).chain(names("c", n)).collect();
    let secondary: Vec<String> = names("a", 2 * n - 1).chain(names("b", 2 * n - 1)).collect();
    let _ = writeln!(out, "{} | {}", primary.join(" "), secondary.join(" "));
    for r in 0..n {
        for c in 0..n {
            let _ = writeln!(out, "r{r} c{c} a{} b{}", r + c, r + n - 1 - c);
        }
    }
    out
}

/// Langford pairs: each `k` from 1 to `n` twice, `k` places apart, in `2n` slots.
fn langford(n: usize, count: u64) -> String {
    let mut out = format!(
        "| Langford pairs for n = {n}: each k from 1 to {n} in two slots k + 1 apart, every \
         arrangement (each with its reversal): {count} solutions.\n"
    );
    let digits = (1..=n).map(|k| format!("d{k}"));
    let slots = (1..=2 * n).map(|s| format!("s{s}"));
    let items: Vec<String> = digits.chain(slots).collect();
    let _ = writeln!(out, "{}", items.join(" "));
    for k in 1..=n {
        for s in 1..2 * n - k {
            let _ = writeln!(out, "d{k} s{s} s{}", s + k + 1);
        }
    }
    out
}

/// A sudoku: a cell's options are the digits its clue allows (all nine where it has none),
/// each covering its cell, its row's, column's and box's digit.
fn sudoku(clues: &str) -> String {
    let mut out = format!("| The sudoku {clues}: one solution.\n");
    let mut items = Vec::new();
    for (p, _) in [("p", 0), ("r", 1), ("c", 2), ("b", 3)] {
        for i in 0..9 {
            for j in 0..9 {
                items.push(match p {
                    "p" => format!("p{i}{j}"),
                    _ => format!("{p}{i}{}", j + 1),
                });
            }
        }
    }
    let _ = writeln!(out, "{}", items.join(" "));
    for (at, clue) in clues.chars().enumerate() {
        let (r, c) = (at / 9, at % 9);
        let b = r / 3 * 3 + c / 3;
        let digits: Vec<u32> = match clue.to_digit(10) {
            Some(d) if d > 0 => vec![d],
            _ => (1..=9).collect(),
        };
        for d in digits {
            let _ = writeln!(out, "p{r}{c} r{r}{d} c{c}{d} b{b}{d}");
        }
    }
    out
}

/// A box puzzle's exact cover, as the compiler lowers it (every placement: no symmetry
/// reduced, none eliminated): its cells named by row and column in hexadecimal (primary), its
/// pieces by name (primary, or secondary where they may be left out), an option per placement.
fn from_box(source: &str, comment: &str) -> String {
    let parsed = parse_str(source).expect("the puzzle parses");
    let puzzle = Puzzle::new(&parsed[0].description).expect("the puzzle compiles");
    let (catalog, cover) = (puzzle.catalog(), puzzle.cover());
    let name = |a: u32| match catalog.aspect(a) {
        Aspect::Cell(at) => {
            let p = catalog.point(at);
            format!("{:x}{:x}", p[0], p[1])
        }
        Aspect::Piece(name) | Aspect::Named(name) => name.to_string(),
    };
    let optional = |&a: &u32| cover.is_optional(AspectId(a));
    let aspects: Vec<u32> = (0..catalog.aspect_count() as u32).collect();
    let primary: Vec<String> = aspects
        .iter()
        .filter(|a| !optional(a))
        .map(|&a| name(a))
        .collect();
    let secondary: Vec<String> = aspects
        .iter()
        .filter(|a| optional(a))
        .map(|&a| name(a))
        .collect();
    let mut out = format!("| {comment}\n{}", primary.join(" "));
    if !secondary.is_empty() {
        let _ = write!(out, " | {}", secondary.join(" "));
    }
    out.push('\n');
    for e in 0..catalog.embedding_count() as u32 {
        let names: Vec<String> = catalog.embedding(e).iter().map(|&a| name(a)).collect();
        let _ = writeln!(out, "{}", names.join(" "));
    }
    out
}
