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
    // Knuth's colours (`dlx2`, `ssxcc`): items that options of one colour share.
    write(&dir, "macmahon_4x6", &macmahon(4, 6, MACMAHON_4X6));
}

/// The count of [`macmahon`]'s 4x6 box, as Knuth's `dlx2` and `ssxcc` count it.
const MACMAHON_4X6: u64 = 106_624;

/// MacMahon's 24 squares in a `rows` x `columns` box (Knuth's colours): each square's edges
/// coloured from three colours, one square for each way up to rotation; placed turned any
/// way, edges that touch of one colour, the box's border all of colour 0. Cells and squares
/// are primary items; each inner edge a secondary one, coloured by the squares beside it.
fn macmahon(rows: usize, columns: usize, count: u64) -> String {
    // A square's colours clockwise from its top; each colouring once, by its least rotation.
    let turn = |[t, r, b, l]: [u8; 4]| [l, t, r, b];
    let mut squares: Vec<[u8; 4]> = Vec::new();
    for code in 0..81u32 {
        let square = [0, 1, 2, 3].map(|i| (code / 3u32.pow(i) % 3) as u8);
        let mut turns = vec![square];
        for _ in 0..3 {
            turns.push(turn(turns[turns.len() - 1]));
        }
        if turns.iter().all(|t| square <= *t) {
            squares.push(square);
        }
    }
    assert_eq!(squares.len(), 24, "MacMahon's squares");
    let mut out = format!(
        "| MacMahon's 24 squares (each way of colouring a square's edges from three colours, up \
         to rotation) in a {rows}x{columns} box, turned any way, edges that touch of one \
         colour, the border all colour 0 (Knuth's colours): {count} solutions.\n"
    );
    let cells = (0..rows).flat_map(|r| (0..columns).map(move |c| format!("r{r}c{c}")));
    let pieces = (0..squares.len()).map(|k| format!("s{k}"));
    // An edge right of (r, c) is `hRC`, below it `vRC`.
    let inner_h = (0..rows).flat_map(|r| (0..columns - 1).map(move |c| format!("h{r}_{c}")));
    let inner_v = (0..rows - 1).flat_map(|r| (0..columns).map(move |c| format!("v{r}_{c}")));
    let primary: Vec<String> = cells.chain(pieces).collect();
    let secondary: Vec<String> = inner_h.chain(inner_v).collect();
    let _ = writeln!(out, "{} | {}", primary.join(" "), secondary.join(" "));
    for (k, &square) in squares.iter().enumerate() {
        let mut ways = vec![square];
        for _ in 0..3 {
            let next = turn(ways[ways.len() - 1]);
            if !ways.contains(&next) {
                ways.push(next);
            }
        }
        for [t, r, b, l] in ways {
            for row in 0..rows {
                for col in 0..columns {
                    // Each side on the border must be colour 0; each inside, an edge item.
                    let sides = [
                        (row == 0, format!("v{}_{col}", row.wrapping_sub(1)), t),
                        (col == columns - 1, format!("h{row}_{col}"), r),
                        (row == rows - 1, format!("v{row}_{col}"), b),
                        (col == 0, format!("h{row}_{}", col.wrapping_sub(1)), l),
                    ];
                    if sides.iter().any(|(border, _, c)| *border && *c != 0) {
                        continue;
                    }
                    let edges = sides
                        .iter()
                        .filter(|(border, ..)| !border)
                        .map(|(_, edge, c)| format!(" {edge}:{c}"));
                    let _ = writeln!(out, "s{k} r{row}c{col}{}", edges.collect::<String>());
                }
            }
        }
    }
    out
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
