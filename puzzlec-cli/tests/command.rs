//! The `puzzlec` command as a user runs it: every file of `puzzles/` gives the count its example
//! or the published figure gives, on both engines; every output checked for what it must hold;
//! every kind of bad input a clear error at its place, with exit code 2.

mod common;

use common::{puzzle, puzzles};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use serde_json::Value;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The number `--count` prints, checking the run succeeded.
fn count(args: &[&str]) -> u64 {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--count");
    let output = puzzle(&all);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{args:?}: {}", stdout(&output)))
}

#[test]
fn every_puzzle_file_gives_its_examples_count() {
    let cases: &[(&[&str], u64)] = &[
        (&["pentomino_6x10.puzzle"], 2339),
        (&["pentomino_6x10.puzzle", "--all"], 9356),
        (&["pentomino_rectangles.puzzle", "--puzzle", "p3x20"], 2),
        (&["pentomino_rectangles.puzzle", "--puzzle", "p4x15"], 368),
        (&["pentomino_rectangles.puzzle", "--puzzle", "p5x12"], 1010),
        (&["pentomino_8x8_hole.puzzle"], 65),
        (&["pentomino_8x8_corners.puzzle"], 2170),
        (&["pentomino_3d.puzzle", "--puzzle", "p10x3x2"], 12),
        (&["pentomino_3d.puzzle", "--puzzle", "p6x5x2"], 264),
        (&["pentomino_4d.puzzle"], 0),
        (&["domino_3x4.puzzle", "--puzzle", "all"], 11),
        (&["domino_3x4.puzzle", "--puzzle", "reduced"], 5),
        (&["simple_puzzle.puzzle"], 3),
        (&["dodecahedron.puzzle"], 125),
        (&["queens_8.puzzle"], 92),
    ];
    for (args, expected) in cases {
        assert_eq!(count(args), *expected, "{args:?}");
    }
}

/// The search tree's placements, from `--stats`.
fn placements(args: &[&str]) -> u64 {
    let mut args = args.to_vec();
    args.extend(["--stats", "--threads", "1"]);
    let output = puzzle(&args);
    let text = stdout(&output);
    let line = (text.lines())
        .find_map(|l| l.strip_prefix("placements: "))
        .unwrap_or_else(|| panic!("no placements in {text}"));
    line.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn dlx_files_are_searched_by_the_item_with_the_fewest_options() {
    // The trees of Knuth's `dlx1`, which counts their nodes with the root: 180 for this
    // sudoku (whose listed order takes over 10^8 placements), 327,813 for the 12 queens (a
    // set of embeddings in a few words), 812,657 for any nine pentominoes in 5x9 (in 22).
    let suite = "../puzzlec-bench/dlx";
    let sudoku = format!("{suite}/sudoku_hardest_01.dlx");
    assert_eq!(count(&[&sudoku]), 1);
    assert_eq!(placements(&["solve", &sudoku]), 179);
    let queens = format!("{suite}/queens_12.dlx");
    assert_eq!(count(&[&queens]), 14_200);
    assert_eq!(placements(&["solve", &queens]), 327_812);
    let nine = format!("{suite}/pentominoes_5x9.dlx");
    assert_eq!(count(&[&nine]), 23_608);
    assert_eq!(placements(&["solve", &nine]), 812_656);
    // Bounds: Knuth's `dlx3` counts 3,110,940 (OEIS A001499) in 8,857,320 nodes; the count
    // by the memo, the tree walked without it.
    let marks = format!("{suite}/marks_7x7.dlx");
    assert_eq!(count(&[&marks]), 3_110_940);
    assert_eq!(placements(&["solve", &marks]), 8_857_319);
}

#[test]
fn dlx_files_give_the_published_counts() {
    assert_eq!(count(&["queens_8.dlx"]), 92);
    assert_eq!(count(&["knuth_example.dlx"]), 1);
    // Colours (Knuth's `dlx2` counts 60; `puzzlec-tests/tests/colours.rs` counts them apart).
    assert_eq!(count(&["word_squares.dlx"]), 60);
    // Multiplicities (Knuth's `dlx3` counts 2,040, OEIS A001499's figure).
    assert_eq!(count(&["marks_5x5.dlx"]), 2040);
    // The one solution is the options `a d f`, `b g` and `c e`.
    let output = puzzle(&["solve", "knuth_example.dlx", "--json"]);
    let line: Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    let sets: BTreeSet<BTreeSet<String>> = (line["embeddings"].as_array().unwrap().iter())
        .map(|e| {
            (e.as_array().unwrap().iter())
                .map(|a| a.as_str().unwrap().to_owned())
                .collect()
        })
        .collect();
    let expected: BTreeSet<BTreeSet<String>> = [&["a", "d", "f"][..], &["b", "g"], &["c", "e"]]
        .iter()
        .map(|s| s.iter().map(|a| (*a).to_owned()).collect())
        .collect();
    assert_eq!(sets, expected);
}

#[test]
fn xmpuzzle_files_give_the_published_counts_plain_and_gzipped() {
    for file in ["pentominoes.xmpuzzle", "pentominoes_gzip.xmpuzzle"] {
        assert_eq!(count(&[file, "--problem", "1"]), 2339, "{file}");
        assert_eq!(count(&[file, "--problem", "6x10", "--all"]), 9356, "{file}");
    }
    assert_eq!(count(&["pentominoes.xmpuzzle", "--problem", "5x4x3"]), 3940);
    // A range of copies: each pentomino at most once.
    assert_eq!(
        count(&["pentominoes.xmpuzzle", "--problem", "5x8 any"]),
        3408
    );
    for file in ["soma.xmpuzzle", "soma_gzip.xmpuzzle"] {
        assert_eq!(count(&[file, "--all"]), 11520, "{file}");
        // The published 240: the screw pieces are each other's mirror images, so a
        // reflection with the two swapped is a symmetry too.
        assert_eq!(count(&[file]), 240, "{file}");
    }
    // Files of BurrTools' prism and sphere grids, written for this project: the counts of
    // BurrTools' `burrTxt` on the same files.
    assert_eq!(count(&["prisms.xmpuzzle"]), 966);
    assert_eq!(count(&["prisms.xmpuzzle", "--all"]), 11592);
    assert_eq!(count(&["spheres.xmpuzzle"]), 2);
    assert_eq!(count(&["spheres.xmpuzzle", "--all"]), 2 * 24);
    // Rhombic tetrahedra, 24 to a cube, in two cubes: pairs and triples of them.
    assert_eq!(count(&["rhombic.xmpuzzle", "--problem", "pairs"]), 193);
    assert_eq!(count(&["rhombic.xmpuzzle", "--problem", "triples"]), 4);
    // Tetrahedra and octahedra in eight cubes: a tetrahedron with a corner, two corners.
    assert_eq!(count(&["octahedra.xmpuzzle"]), 22);
    // Colour constraints: L trominoes on a checkerboard, a red corner only on red and a blue
    // one only on blue (burrTxt counts the same).
    assert_eq!(count(&["colours.xmpuzzle", "--problem", "red"]), 0);
    assert_eq!(count(&["colours.xmpuzzle", "--problem", "mixed"]), 4);
    assert_eq!(count(&["colours.xmpuzzle", "--problem", "plain"]), 4);
    // Variable voxels: cells that may stay empty, flat and in a cage of cubes.
    assert_eq!(count(&["variable.xmpuzzle", "--problem", "flat"]), 4);
    assert_eq!(count(&["variable.xmpuzzle", "--problem", "cage"]), 2198);
    // In a piece they are left out, as BurrTools' solver leaves them, and said so.
    let variable = std::fs::read_to_string(puzzles().join("variable.xmpuzzle")).unwrap();
    let grown = variable.replace(
        "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"Domino\">##",
        "<voxel x=\"3\" y=\"1\" z=\"1\" type=\"0\" name=\"Domino\">##+",
    );
    let grown = bad("grown.xmpuzzle", grown.as_bytes());
    let output = puzzle(&["solve", grown.to_str().unwrap(), "--problem", "flat"]);
    assert!(
        stdout(&output).contains(": 4 solutions"),
        "{}",
        stdout(&output)
    );
    assert!(
        stderr(&output).contains("piece `Domino`'s variable voxels (`+`) are left out"),
        "{}",
        stderr(&output)
    );
    let several = puzzle(&["solve", "pentominoes.xmpuzzle"]);
    assert_eq!(several.status.code(), Some(2));
    assert!(
        stderr(&several).contains("1 `6x10`, 2 `5x4x3`"),
        "{}",
        stderr(&several)
    );
    // The summary names the problem solved, not only the file.
    let chosen = puzzle(&["solve", "pentominoes.xmpuzzle", "--problem", "5x8 any"]);
    assert!(
        stdout(&chosen).starts_with("pentominoes_5x8_any: 3408 solutions"),
        "{}",
        stdout(&chosen)
    );
}

/// Checks that each JSON line is an exact cover of the 6x10 box by the twelve pentominoes.
#[test]
fn json_lines_are_exact_covers() {
    let output = puzzle(&["solve", "pentomino_6x10.puzzle", "--json", "--limit", "40"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 40);
    for (n, line) in lines.iter().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["puzzle"], "pentomino_6x10");
        assert_eq!(v["solution"], n as u64 + 1);
        let placements = v["placements"].as_array().unwrap();
        assert_eq!(placements.len(), 12);
        let mut cells = BTreeSet::new();
        let mut pieces = BTreeSet::new();
        for p in placements {
            assert!(pieces.insert(p["piece"].as_str().unwrap().to_owned()));
            let covered = p["cells"].as_array().unwrap();
            assert_eq!(covered.len(), 5);
            for c in covered {
                let (r, c) = (c[0].as_u64().unwrap(), c[1].as_u64().unwrap());
                assert!(r < 6 && c < 10);
                assert!(cells.insert((r, c)), "cell ({r}, {c}) covered twice");
            }
        }
        assert_eq!(cells.len(), 60);
    }
    assert!(
        stderr(&output).contains("40 solutions"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_svg_gallery_has_a_group_per_solution_and_a_filled_cell_per_cell() {
    let svg = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gallery.svg");
    let _ = std::fs::remove_file(&svg);
    let file = svg.to_str().unwrap();
    let output = puzzle(&[
        "solve",
        "pentomino_3d.puzzle",
        "--puzzle",
        "p10x3x2",
        "--svg",
        file,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.trim_end().ends_with("</svg>"));
    // The head, written last into the room kept for it, gives the count, and only spaces
    // stand between it and the first solution.
    assert!(text.contains("<title>p10x3x2: 12 solutions</title>"));
    let background = "fill=\"white\"/>\n";
    let (_, rest) = text.split_once(background).unwrap();
    let (gap, _) = rest
        .split_once("<g class=\"solution\" id=\"solution-1\"")
        .unwrap();
    assert!(gap.chars().all(|c| c == ' '), "{gap:?}");
    assert_eq!(text.matches("<g class=\"solution\"").count(), 12);
    assert_eq!(text.matches("<g ").count(), text.matches("</g>").count());
    // Each solution seen as a solid, its faces shaded and the hidden ones left out: of a box
    // of 10 x 3 x 2 cubes, the top (3 x 2), the front (10 x 2) and the right side (10 x 3),
    // a square of a cube each.
    let faces = text.matches("<polygon class=\"face\"").count();
    assert_eq!(faces, 12 * (6 + 20 + 30), "{faces}");
    // Beside it its layers, each labelled where it lies.
    assert_eq!(text.matches(">z = 0 (bottom)</text>").count(), 12);
    assert_eq!(text.matches(">z = 9 (top)</text>").count(), 12);
    // Each square a polygon of four corners, as the lattice outlines it.
    let squares = (text.split("<polygon class=\"cell\" points=\"").skip(1))
        .filter(|p| p.split('"').next().unwrap().split(' ').count() == 4)
        .count();
    assert_eq!(squares, 12 * 60);
    // Every cell is filled in its piece's colour: no empty (white) cell in a solution.
    assert!(!text.contains("fill=\"white\" stroke"));
}

/// Triangles and hexagons are drawn in their own shapes: a polygon of three or six corners a
/// cell, with a thick line along every side where two pieces meet.
#[test]
fn the_svg_gallery_draws_triangles_and_hexagons() {
    for (file, name, cells, corners) in [
        ("hexiamonds.puzzle", "hexiamonds_coin", 72, 3),
        ("tetrahexes.puzzle", "tetrahexes_coin", 28, 6),
    ] {
        let svg = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.svg"));
        let _ = std::fs::remove_file(&svg);
        let path = svg.to_str().unwrap();
        let output = puzzle(&[
            "solve", file, "--puzzle", name, "--limit", "4", "--svg", path,
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains(&format!("<title>{name}: 4 solutions</title>")));
        let polygons: Vec<&str> = (text.split("<polygon class=\"cell\" points=\"").skip(1))
            .map(|rest| rest.split('"').next().unwrap())
            .collect();
        assert_eq!(polygons.len(), 4 * cells, "{name}");
        assert!(
            polygons.iter().all(|p| p.split(' ').count() == corners),
            "{name}"
        );
        assert!(!text.contains("<rect class=\"cell\""));
        assert!(!text.contains("fill=\"white\" stroke"));
    }
}

/// Spheres are drawn as circles, layer by layer, each layer half a sphere down and to the right
/// of the one it rests on.
#[test]
fn the_svg_gallery_draws_spheres_as_circles() {
    let svg = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pyramid_3.svg");
    let _ = std::fs::remove_file(&svg);
    let path = svg.to_str().unwrap();
    let output = puzzle(&[
        "solve",
        "spheres.puzzle",
        "--puzzle",
        "pyramid_3",
        "--limit",
        "1",
        "--svg",
        path,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&svg).unwrap();
    let centres: Vec<(f64, f64)> = (text.split("<circle class=\"cell\" cx=\"").skip(1))
        .map(|rest| {
            let mut numbers = rest.split('"').step_by(2).map(|n| n.parse().unwrap());
            (numbers.next().unwrap(), numbers.next().unwrap())
        })
        .collect();
    assert_eq!(centres.len(), 14);
    // The pyramid seen whole, each sphere shaded, as well as layer by layer.
    assert_eq!(text.matches("<circle class=\"ball\"").count(), 14);
    assert!(text.contains(">z = 2 (top)</text>"));
    // The top sphere sits a sphere's width (20) below the bottom layer's first row.
    let top = centres.last().unwrap();
    assert_eq!(top.1 - centres[0].1, 20.0);
    assert!(!text.contains("<rect class=\"cell\""));
    assert!(!text.contains("<polygon"));
}

#[test]
fn an_svg_file_that_cannot_be_made_fails_before_the_search() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no such directory");
    let file = dir.join("gallery.svg");
    let output = puzzle(&[
        "solve",
        "pentomino_6x10.puzzle",
        "--limit",
        "2",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("gallery.svg"),
        "{}",
        stderr(&output)
    );
    // Nothing was drawn: the run stopped before searching, not after.
    assert_eq!(stdout(&output), "");
}

#[test]
fn drawings_show_letters_and_colours_when_asked() {
    let output = puzzle(&["solve", "pentomino_6x10.puzzle", "--limit", "2"]);
    let text = stdout(&output);
    assert!(text.starts_with("#1\n"), "{text}");
    let first: Vec<&str> = text.lines().skip(1).take(6).collect();
    assert!(first.iter().all(|l| l.len() == 10), "{first:?}");
    let letters: BTreeSet<char> = first.iter().flat_map(|l| l.chars()).collect();
    assert_eq!(letters.len(), 12);
    assert!(text.contains("2 solutions"), "{text}");
    assert!(text.contains("stopped at the limit"), "{text}");
    assert!(!text.contains('\u{1b}'));
    let coloured = puzzle(&[
        "solve",
        "pentomino_6x10.puzzle",
        "--limit",
        "1",
        "--color",
        "always",
    ]);
    assert!(
        stdout(&coloured).contains("\u{1b}[48;5;"),
        "{}",
        stdout(&coloured)
    );
    let layered = puzzle(&[
        "solve",
        "pentomino_3d.puzzle",
        "--puzzle",
        "p10x3x2",
        "--limit",
        "1",
    ]);
    // Ten layers of 3 x 2, each headed by its place on the first axis.
    let first = stdout(&layered)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    assert!(first.starts_with("(0, _, _)   (1, _, _)"), "{first}");
    assert!(first.ends_with("(9, _, _)"), "{first}");
}

#[test]
fn a_limit_with_count_prints_the_number_alone() {
    assert_eq!(count(&["soma.xmpuzzle", "--limit", "3"]), 3);
    assert_eq!(count(&["queens_8.dlx", "--limit", "1000"]), 92);
}

#[test]
fn the_default_output_is_the_count_and_the_time() {
    let output = puzzle(&["solve", "pentomino_8x8_hole.puzzle"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(
        text.starts_with("square: 65 solutions (one per symmetry class; 8 symmetries) in "),
        "{text}"
    );
}

#[test]
fn progress_is_logged_by_the_weight_of_the_work() {
    let output = puzzle(&["solve", "pentomino_6x10.puzzle", "--progress", "log"]);
    let log = stderr(&output);
    let lines: Vec<&str> = log.lines().filter(|l| l.starts_with("progress:")).collect();
    assert!(!lines.is_empty() && lines.len() <= 20, "{log}");
    assert!(lines.last().unwrap().contains("100%"), "{log}");
}

#[test]
fn statistics_come_from_the_search_that_counts_on_every_core() {
    // The whole tree of the 6x10's search, as the serial `Solver::stats` gives it.
    let depths =
        "placements by depth: 7 97 969 2696 4362 12100 45983 147923 321351 329960 49617 2339";
    for args in [
        &["--threads", "2"][..],
        &["--threads", "1"],
        &["--limit", "1"],
    ] {
        let mut all = vec![
            "solve",
            "pentomino_6x10.puzzle",
            "--stats",
            "--color",
            "never",
        ];
        all.extend_from_slice(args);
        let output = puzzle(&all);
        let out = stdout(&output);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert!(out.contains("placements: 917404 ("), "{args:?}: {out}");
        assert!(out.contains(depths), "{args:?}: {out}");
        let solutions = match args[0] {
            "--limit" => "1 solution (",
            _ => "2339 solutions (",
        };
        assert!(out.contains(solutions), "{args:?}: {out}");
    }
}

#[test]
fn the_help_shows_examples_with_files_that_exist() {
    let help = stdout(&puzzle(&["--help"]));
    let files: Vec<&str> = help
        .split_whitespace()
        .filter_map(|w| w.strip_prefix("puzzles/"))
        .collect();
    assert!(files.len() >= 4, "{help}");
    for file in files {
        assert!(puzzles().join(file).is_file(), "{file}");
    }
    for command in ["solve", "rust", "units", "run", "merge"] {
        let help = stdout(&puzzle(&[command, "--help"]));
        assert!(help.contains("Examples:"), "{help}");
    }
}

#[test]
fn rust_prints_a_program_for_any_format() {
    let output = puzzle(&["rust", "soma.xmpuzzle"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    // The file's comment is kept, above the puzzle.
    assert!(
        text.contains("puzzle! {\n    // Piet Hein's Soma cube: 11520 solutions,"),
        "{text}"
    );
    assert!(text.contains("\n    mod soma {\n"), "{text}");
    assert!(text.contains("reflect: false,"), "{text}");
    // The Soma pieces are whole: nothing says they may come apart.
    assert!(!text.contains("disconnected"), "{text}");
    assert!(text.contains("soma::SOLVER.count_parallel()"), "{text}");
    // What the language has no words for is said where the puzzle is printed.
    let output = puzzle(&["rust", "key_in_frame.xmpuzzle"]);
    let text = stdout(&output);
    assert!(text.contains("Not in the language"), "{text}");
    assert!(text.contains("Frame weighs 2."), "{text}");
    // Colours by coordinates are drawn as digits, and the text counts as the file does.
    let output = puzzle(&["rust", "colours.xmpuzzle", "--problem", "mixed"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains(r#"box: ["121212", "212121", "121212"],"#),
        "{text}"
    );
    assert!(text.contains("colours: { 1: [1], 2: [2] },"), "{text}");
    let body = text
        .split("puzzle! {")
        .nth(1)
        .and_then(|t| t.split("\n}\n").next());
    let printed = bad(
        "mixed.puzzle",
        body.expect("a puzzle in the program").as_bytes(),
    );
    assert_eq!(count(&[printed.to_str().unwrap()]), 4);
    // A rectangle is written as its row repeated.
    let output = puzzle(&["rust", "pentomino_6x10.puzzle"]);
    let text = stdout(&output);
    assert!(text.contains(r#"box: [".........."; 6],"#), "{text}");
}

/// Runs a bad input, expecting exit code 2 and each of `expected` in the report.
/// Each command whose output a reader may stop reading (`| head`) ends quietly and
/// successfully when it does: here the reader is gone before the command writes a byte.
#[test]
fn a_reader_that_stops_reading_is_no_failure() {
    let commands: &[&[&str]] = &[
        &["rust", "soma.xmpuzzle"],
        &["solve", "pentomino_6x10.puzzle", "--limit", "20"],
        &["solve", "pentomino_6x10.puzzle", "--limit", "20", "--json"],
        &["units", "pentomino_6x10.puzzle"],
    ];
    for args in commands {
        let mut child = common::command()
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the command runs");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("the command ends");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output), "", "{args:?}");
    }
}

fn refused(file: &Path, args: &[&str], expected: &[&str]) {
    let mut all = vec!["solve", file.to_str().unwrap()];
    all.extend_from_slice(args);
    let output = puzzle(&all);
    let report = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{all:?}: {report}");
    for e in expected {
        assert!(report.contains(e), "{all:?}: `{e}` not in\n{report}");
    }
    assert!(!report.contains("panicked"), "{report}");
}

/// A file of bad input in the test's directory.
fn bad(name: &str, contents: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn bad_files_are_clear_errors_at_their_place() {
    let gz = std::fs::read(puzzles().join("soma_gzip.xmpuzzle")).unwrap();
    refused(
        &bad("truncated.xmpuzzle", &gz[..gz.len() / 2]),
        &[],
        &["gzip-compressed but cannot be unpacked"],
    );
    refused(
        &bad(
            "broken.xmpuzzle",
            b"<puzzle version=\"2\">\n<shapes>\n</puzzle>\n",
        ),
        &[],
        &["not well-formed XML", "broken.xmpuzzle:3:"],
    );
    let soma = std::fs::read_to_string(puzzles().join("soma.xmpuzzle")).unwrap();
    refused(
        &bad(
            "grid.xmpuzzle",
            soma.replace("gridType type=\"0\"", "gridType type=\"5\"")
                .as_bytes(),
        ),
        &[],
        &["`5` is not a BurrTools grid type", "grid.xmpuzzle:3:1"],
    );
    // Cubes read as rhombic tetrahedra: most of their voxels are no tetrahedron.
    refused(
        &bad(
            "rhombic.xmpuzzle",
            soma.replace("gridType type=\"0\"", "gridType type=\"3\"")
                .as_bytes(),
        ),
        &[],
        &["is filled, but the grid of rhombic tetrahedra (type 3) has no cell there"],
    );
    // Prisms read as spheres: their filled voxels where x + y + z is odd are no spheres.
    let prisms = std::fs::read_to_string(puzzles().join("prisms.xmpuzzle")).unwrap();
    refused(
        &bad(
            "spheres.xmpuzzle",
            prisms
                .replace("gridType type=\"1\"", "gridType type=\"2\"")
                .as_bytes(),
        ),
        &[],
        &[
            "the voxel at (1, 0, 0) is filled, but the sphere grid (type 2) has no cell there \
             (13 such in this shape)",
            "spheres.xmpuzzle:3:36",
        ],
    );
    refused(
        &bad(
            "short.xmpuzzle",
            soma.replace(">###_</voxel>", ">###</voxel>").as_bytes(),
        ),
        &[],
        &[
            "the shape has 3 voxels, but its size 2 x 2 x 1 makes 4",
            "short.xmpuzzle:6:",
        ],
    );
    let colours = std::fs::read_to_string(puzzles().join("colours.xmpuzzle")).unwrap();
    refused(
        &bad(
            "colour.xmpuzzle",
            colours
                .replace("name=\"Red\">#1#", "name=\"Red\">#3#")
                .as_bytes(),
        ),
        &["--problem", "red"],
        &[
            "colour 3 is out of range: the file defines 2 colours (`<colors>`)",
            "colour.xmpuzzle:4:",
        ],
    );
    refused(
        &bad(
            "pair.xmpuzzle",
            colours
                .replace("<pair piece=\"0\" result=\"0\"/>", "<pair piece=\"0\" result=\"2\"/>")
                .as_bytes(),
        ),
        &["--problem", "red"],
        &["a colour pair must give `piece` and `result`, each a colour from 0 to 1 of the file's 2"],
    );
    // A domino with one end red turned end for end is the same cells coloured otherwise, and
    // where red may lie on both colours both fit each place.
    refused(
        &bad(
            "twins.xmpuzzle",
            colours
                .replace(
                    "<pair piece=\"0\" result=\"0\"/>",
                    "<pair piece=\"0\" result=\"0\"/><pair piece=\"0\" result=\"1\"/>",
                )
                .replace(
                    "<voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\" name=\"Red\">#1##_",
                    "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"Red\">#1#",
                )
                .replace(
                    "<shape id=\"1\" count=\"6\"/>",
                    "<shape id=\"1\" count=\"9\"/>",
                )
                .as_bytes(),
        ),
        &["--problem", "red"],
        &["piece `Red` has two orientations on the same cells with other colours"],
    );
    let variable = std::fs::read_to_string(puzzles().join("variable.xmpuzzle")).unwrap();
    refused(
        &bad(
            "maxholes.xmpuzzle",
            variable
                .replace(
                    "<problem name=\"flat\">",
                    "<problem name=\"flat\" maxHoles=\"5\">",
                )
                .as_bytes(),
        ),
        &["--problem", "flat"],
        &[
            "`max_empty` is 5, but the box has 4 cells that may stay empty (`+`)",
            "maxholes.xmpuzzle:9:1",
        ],
    );
    refused(
        &bad(
            "ranges.xmpuzzle",
            variable
                .replace(
                    "<problem name=\"flat\">",
                    "<problem name=\"flat\" maxHoles=\"2\">",
                )
                .replace(
                    "<shape id=\"2\" count=\"1\"/>",
                    "<shape id=\"2\" min=\"0\" max=\"2\"/>",
                )
                .as_bytes(),
        ),
        &["--problem", "flat"],
        &["`max_empty` bounds the empty cells only where every piece comes in an exact number"],
    );
    refused(
        &bad(
            "noresult.xmpuzzle",
            soma.replace("<result id=\"7\"/>", "").as_bytes(),
        ),
        &[],
        &["the problem has no result shape"],
    );
    refused(
        &bad(
            "zero.xmpuzzle",
            soma.replace(
                "<shape id=\"2\" count=\"1\"/>",
                "<shape id=\"2\" count=\"0\"/>",
            )
            .as_bytes(),
        ),
        &[],
        &["a piece count of 0"],
    );
    refused(
        &bad("unknown.dlx", b"a b c\na b\nc d\n"),
        &[],
        &["option names `d`, which is not an item", "unknown.dlx:3:3"],
    );
    refused(&bad("empty.dlx", b""), &[], &["names no items"]);
    refused(
        &bad("colours.dlx", b"a b | x\na:1 x:1\nb x:2\n"),
        &[],
        &[
            "`a:1` gives the primary item `a` a colour",
            "colours.dlx:2:1",
        ],
    );
    refused(
        &bad("nomod.puzzle", b"tiles {\n  box: [\"..\"],\n}\n"),
        &[],
        &["write `mod tiles { ... }`", "nomod.puzzle:1:1"],
    );
    refused(
        &bad(
            "seventh.puzzle",
            b"// A puzzle\n// with a mistake\n// on line 7.\nmod p {\n    box: [\"...\"],\n    pieces: { A: [\"###\"] },\n    symmetry: reducd,\n}\n",
        ),
        &[],
        &["seventh.puzzle:7:15", "reducd", "reduced"],
    );
    refused(
        Path::new("no/such/file.puzzle"),
        &[],
        &["cannot read `no/such/file.puzzle`"],
    );
    refused(&puzzles(), &[], &["is a directory"]);
    refused(
        &bad("plain.txt", b"mod p {}"),
        &[],
        &["no extension that names a format"],
    );
}

#[test]
fn compile_errors_point_into_the_file() {
    refused(
        &bad(
            "areas.puzzle",
            b"mod p {\n    box: [\"....\"],\n    pieces: { A: [\"###\"] },\n}\n",
        ),
        &[],
        &[
            "the pieces have 3 cells in all, but the box has 4 cells",
            "areas.puzzle:3:5",
        ],
    );
}

/// Runs the command with `input` on its standard input.
fn puzzle_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = common::command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().expect("the command ends")
}

#[test]
fn standard_input_is_read_for_a_file_named_dash() {
    let dlx = std::fs::read(puzzles().join("queens_8.dlx")).unwrap();
    let output = puzzle_with_stdin(&["solve", "-", "--format", "dlx", "--count"], &dlx);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), "92");
    // BurrTools files come gzipped as often as not.
    let soma = std::fs::read(puzzles().join("soma_gzip.xmpuzzle")).unwrap();
    let output = puzzle_with_stdin(&["solve", "-", "--format", "xmpuzzle", "--count"], &soma);
    assert_eq!(stdout(&output).trim(), "240", "{}", stderr(&output));
    // Mistakes point into standard input, and a format must be named.
    let output = puzzle_with_stdin(&["solve", "-", "--format", "dlx"], b"a b\na c\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--> stdin:2:3"),
        "{}",
        stderr(&output)
    );
    let output = puzzle_with_stdin(&["solve", "-"], &dlx);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--format"), "{}", stderr(&output));
}

#[test]
fn a_compiled_puzzle_is_kept_for_the_next_run_and_a_damaged_one_compiled_again() {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("compiled-cache");
    let _ = std::fs::remove_dir_all(&cache);
    let run = |args: &[&str]| {
        let output = common::command()
            .env("PUZZLEC_CACHE", &cache)
            .args(args)
            .output()
            .expect("the command runs");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        stdout(&output)
    };
    let entries = || -> Vec<(PathBuf, Vec<u8>)> {
        let mut found = Vec::new();
        for version in std::fs::read_dir(&cache).expect("the cache is made") {
            let dir = version.expect("an entry").path().join("compiled");
            for entry in std::fs::read_dir(dir).expect("compiled puzzles are kept") {
                let path = entry.expect("an entry").path();
                let bytes = std::fs::read(&path).expect("a kept puzzle reads");
                found.push((path, bytes));
            }
        }
        found.sort();
        found
    };
    let solve = ["solve", "pentomino_6x10.puzzle", "--json", "--limit", "20"];
    let first = run(&solve);
    let kept = entries();
    assert_eq!(kept.len(), 1, "one puzzle, one entry");
    // Run again: the entry is read, not written again (a write renames a new file over it,
    // a load only marks it used), and the solutions are the same.
    #[cfg(unix)]
    let file = |path: &Path| {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::metadata(path).expect("the entry is there");
        (meta.ino(), meta.modified().expect("a time"))
    };
    #[cfg(unix)]
    let written = file(&kept[0].0);
    assert_eq!(run(&solve), first);
    assert_eq!(entries(), kept);
    #[cfg(unix)]
    {
        let (inode, used) = file(&kept[0].0);
        assert_eq!(inode, written.0, "the entry was written again");
        assert!(used >= written.1, "the entry is marked used");
    }
    // Every solution of the 6x10 comes from its classes: the same puzzle, the same entry.
    assert_eq!(
        run(&["solve", "pentomino_6x10.puzzle", "--all", "--count"]).trim(),
        "9356"
    );
    assert_eq!(entries(), kept);
    // Another puzzle is another entry: the 3x4 dominoes reduced, and for every solution the
    // same without the reduction, which restricts no piece (copies alone).
    let dominoes = ["solve", "domino_3x4.puzzle", "--puzzle", "reduced"];
    let every = [&dominoes[..], &["--all", "--count"]].concat();
    assert_eq!(run(&every).trim(), "11");
    let both = entries();
    assert_eq!(both.len(), 3);
    // Damaged entries are compiled again and written anew, as they were.
    for (path, bytes) in &both {
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 0x55;
        std::fs::write(path, damaged).expect("the entry is writable");
    }
    assert_eq!(run(&solve), first);
    assert_eq!(run(&every).trim(), "11");
    assert_eq!(entries(), both);
}

#[test]
fn counts_pass_two_to_the_64_and_a_count_past_the_largest_is_an_error() {
    // The domino tilings of 4 by 48 (OEIS A005178), past u64::MAX, counted by the memo.
    let dominoes = |n: usize| {
        let rows = format!("[\"{}\"; 4]", ".".repeat(n));
        format!(
            "mod d {{ box: {rows}, pieces: {{ {} x D: [\"##\"] }} }}\n",
            2 * n
        )
    };
    let path = bad("dominoes_4x48.puzzle", dominoes(48).as_bytes());
    let output = puzzle(&["solve", path.to_str().unwrap(), "--count"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), "3057856106268358639861");
    // 4 by 100 has some 10^45: no number is printed, an error says why.
    let path = bad("dominoes_4x100.puzzle", dominoes(100).as_bytes());
    let output = puzzle(&["solve", path.to_str().unwrap(), "--count"]);
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert_eq!(stdout(&output), "");
    assert!(
        stderr(&output).contains("the most a count holds (2^128 - 1)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn thresholds_are_set_on_the_command_line() {
    let domino = puzzles().join("domino_3x4.puzzle");
    let domino = domino.to_str().unwrap();
    let plan = |args: &[&str]| {
        let mut all = vec!["solve", domino, "--puzzle", "all", "--stats"];
        all.extend(args);
        let output = puzzle(&all);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    // The memo's bound, as the plan states it; the same count.
    let raised = plan(&["--tuning", "memo_bytes=1073741824"]);
    assert!(
        raised.contains("within `memo_bytes` 1073741824"),
        "{raised}"
    );
    assert!(plan(&[]).contains("within `memo_bytes` 67108864"));
    assert_eq!(
        count(&[
            "domino_3x4.puzzle",
            "--puzzle",
            "all",
            "--tuning",
            "memo_bytes=4096"
        ]),
        11
    );
    // An unknown name, or a value the threshold does not take: a usage error.
    for (arg, says) in [
        (
            "memo_byte=5",
            "unknown threshold `memo_byte`; the thresholds are probes",
        ),
        ("memo_bytes=x", "`x` is not a number"),
        (
            "memo_bytes=0",
            "`memo_bytes` takes a whole number of at least 1",
        ),
        ("memo_bytes", "write NAME=VALUE"),
    ] {
        let output = puzzle(&["solve", domino, "--tuning", arg]);
        assert_eq!(output.status.code(), Some(2), "{arg}");
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
    }
}

#[test]
fn statistics_of_a_count_by_the_memo_say_that_they_walk_the_tree() {
    let domino = puzzles().join("domino_3x4.puzzle");
    let domino = domino.to_str().unwrap();
    // Statistics walk the tree without the memo, and say so first.
    let output = puzzle(&["solve", domino, "--puzzle", "all", "--stats"]);
    assert!(
        stderr(&output)
            .contains("warning: --stats walks the whole search tree, without the counting memo"),
        "{}",
        stderr(&output)
    );
    let six = puzzles().join("pentomino_6x10.puzzle");
    let output = puzzle(&["solve", six.to_str().unwrap(), "--stats"]);
    assert!(
        !stderr(&output).contains("counting memo"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn more_threads_than_any_machine_is_a_usage_error() {
    // A pool of a hundred thousand threads would take the address space before its first unit.
    let output = puzzle(&[
        "solve",
        "pentomino_6x10.puzzle",
        "--count",
        "--threads",
        "100000",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("at most 1024 threads"),
        "{}",
        stderr(&output)
    );
    assert_eq!(count(&["pentomino_6x10.puzzle", "--threads", "1024"]), 2339);
}

/// The command's output of `--disassemble`, checking the run succeeded.
fn disassembled(args: &[&str]) -> String {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.extend(["--disassemble", "--progress", "never"]);
    let output = puzzle(&all);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

/// Assemblies taken apart give the solutions and levels of BurrTools' `burrTxt -d` on the same
/// files (written for this project): the key in its frame 4 assemblies, two at level 1.2 and
/// two at 1; every Soma cube and every prism puzzle comes apart at once.
#[test]
fn disassembly_gives_burrtxts_solutions_and_levels() {
    let key = disassembled(&["key_in_frame.xmpuzzle"]);
    assert!(key.contains("4 assemblies, 4 solutions"), "{key}");
    assert!(key.contains("levels: 1.2 x2, 1 x2"), "{key}");
    assert!(key.contains("#1 level 1.2"), "{key}");
    let soma = disassembled(&["soma.xmpuzzle"]);
    assert!(soma.contains("240 assemblies, 240 solutions"), "{soma}");
    assert!(soma.contains("levels: 1 x240"), "{soma}");
    let prisms = disassembled(&["prisms.xmpuzzle"]);
    assert!(prisms.contains("966 assemblies, 966 solutions"), "{prisms}");
    let count = disassembled(&["key_in_frame.xmpuzzle", "--count"]);
    assert_eq!(count.trim(), "4");
    let deep = disassembled(&["key_in_frame.xmpuzzle", "--min-moves", "1", "--limit", "1"]);
    assert!(deep.starts_with("#1 level 1.2\n"), "{deep}");
    // What a designer is told: one solution, none, no assembly at all, or an answer the
    // limit of states kept back.
    let pelikan = disassembled(&["pelikan_burr.xmpuzzle"]);
    assert!(
        pelikan.contains("12 assemblies, 1 solution (unique)"),
        "{pelikan}"
    );
    // BurrTools lays the assembly before taking it apart: its level is BurrTools' own.
    assert!(pelikan.contains("#2 level 98.2.4.2\n"), "{pelikan}");
    assert!(pelikan.contains("levels: 98.2.4.2 x1"), "{pelikan}");
    // Complete: every separation of the fewest moves, the highest level, beside BurrTools'.
    let complete = disassembled(&["pelikan_burr.xmpuzzle", "--complete"]);
    let line = complete.lines().next().unwrap_or_default();
    assert!(
        line == "#2 level 98.2.5.3 (first found: 98.2.4.2)",
        "{complete}"
    );
    assert!(complete.contains("1 of them at a higher level than BurrTools' first separation"));
    let stuck = disassembled(&["closed_box.xmpuzzle"]);
    assert!(
        stuck.contains("267 assemblies, none of which comes apart: no solution"),
        "{stuck}"
    );
    let none = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no_assembly.xmpuzzle");
    // A row of three and an L of three, in two rows of three: each fits, not both.
    let l_in_a_row = r#"<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="3" y="2" z="1" name="Rows" type="0">######</voxel>
<voxel x="3" y="1" z="1" name="I" type="0">###</voxel>
<voxel x="2" y="2" z="1" name="L" type="0">###_</voxel>
</shapes><problems><problem name="Rows"><shapes><shape id="1" count="1"/>
<shape id="2" count="1"/></shapes><result id="0"/><bitmap/></problem></problems></puzzle>"#;
    std::fs::write(&none, l_in_a_row).unwrap();
    let none = disassembled(&[none.to_str().unwrap()]);
    assert!(
        none.contains("no assembly: the pieces never fill the box"),
        "{none}"
    );
    let all = [
        "solve",
        "pelikan_burr.xmpuzzle",
        "--disassemble",
        "--states",
        "1000",
    ];
    let output = puzzle(&all);
    assert!(output.status.success());
    assert!(
        stdout(&output).contains("none found to come apart, 1 undecided"),
        "{}",
        stdout(&output)
    );
    assert!(
        stderr(&output).contains("assembly 2 is undecided: its disassembly reached 1000 states")
    );
    // The grids where BurrTools' own disassembler stops.
    let octahedra = disassembled(&["octahedra.xmpuzzle"]);
    assert!(octahedra.contains("solutions"), "{octahedra}");
}

/// Each solution's disassembly as JSON: its moves take the pieces apart one separation at a
/// time, so that an assembly of n pieces has n - 1 moves that take a group away for good, and
/// every move names pieces of the solution and a direction of the lattice.
#[test]
fn disassembly_json_lists_the_moves() {
    let output = disassembled(&["key_in_frame.xmpuzzle", "--json"]);
    let lines: Vec<Value> = (output.lines())
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 4);
    for line in &lines {
        let pieces = line["placements"].as_array().expect("placements").len();
        let moves = line["moves"].as_array().expect("moves");
        let away = moves.iter().filter(|m| m["distance"].is_null()).count();
        assert_eq!(away, pieces - 1, "{line}");
        for m in moves {
            assert!(m["pieces"].as_array().is_some_and(|p| !p.is_empty()));
            assert_eq!(m["direction"].as_array().map(Vec::len), Some(3), "{m}");
        }
        let level = line["level"].as_str().expect("level");
        assert!(level == "1" || level == "1.2", "{level}");
    }
}
