//! Every STL file the printer writes, read back by another crate's reader and checked: each
//! piece of every puzzle of the suite's files on every grid, and a solution of each, assembled,
//! exploded and with a gap. A piece's file must be closed and face out (each edge of exactly
//! two triangles, one each way) and enclose the volume of its cells, as the lattice gives them.
//! An assembled solution is its pieces' closed surfaces, which touch where the pieces do: each
//! edge is on as many triangles one way as the other, and the volume is its cells'; with a gap
//! between the pieces, each edge is on one triangle each way again.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use puzzlec::compiler::parse;
use puzzlec::lattice::unlinear;
use puzzlec::{Catalog, Solver};
use puzzlec_io::draw::stl::{Print, Printer};
use puzzlec_io::input::{self, xmpuzzle, Choice};

/// A directory of its own for one test's files, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("puzzlec-stl-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Each puzzle of the suite's files that has a box: its file and how to choose it.
fn puzzles() -> Vec<(PathBuf, Choice)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.to_string_lossy().to_string();
        if name.ends_with(".puzzle") {
            let text = fs::read_to_string(&path).unwrap();
            for p in parse::parse_str(&text).unwrap() {
                let choice = Choice {
                    puzzle: Some(p.header.name.to_string()),
                    ..Choice::default()
                };
                out.push((path.clone(), choice));
            }
        } else if name.ends_with(".xmpuzzle") {
            // A gzip file's problems are not listed: its first is read.
            let bytes = fs::read(&path).unwrap();
            for n in 1..=xmpuzzle::problems(&bytes).len().max(1) {
                let choice = Choice {
                    problem: Some(n.to_string()),
                    ..Choice::default()
                };
                out.push((path.clone(), choice));
            }
        }
    }
    out
}

/// What is wrong with an STL file, if anything: not closed, not facing out, or not enclosing
/// `volume` (in cells) at `size` millimetres a cell.
fn fault(path: &Path, volume: f64, size: f64, check: Check) -> Option<String> {
    let mut file = fs::File::open(path).unwrap();
    let mesh = stl_io::read_stl(&mut file).unwrap();
    let touching = check == Check::Touching;
    if let (false, Err(e)) = (touching, mesh.validate()) {
        return Some(format!("stl_io finds it open: {e}"));
    }
    // Each directed edge as often as the same edge the other way: once, but for an edge where
    // two cells of a piece meet along the edge alone (a Pelikan burr's stick has one), or where
    // pieces of a solution touch, which is on two triangles each way (or more, where more
    // pieces meet).
    let mut edges: HashMap<(usize, usize), usize> = HashMap::new();
    for face in &mesh.faces {
        let v = face.vertices;
        for k in 0..3 {
            *edges.entry((v[k], v[(k + 1) % 3])).or_default() += 1;
        }
    }
    for (&(a, b), &n) in &edges {
        let back = edges.get(&(b, a)).copied().unwrap_or(0);
        if back != n || (n > 2 && !touching) {
            return Some(format!(
                "edge {a}-{b} is on {n} triangles this way, {back} the other"
            ));
        }
    }
    let point = |i: usize| mesh.vertices[i].0.map(f64::from);
    let mut six = 0.0;
    for face in &mesh.faces {
        let [a, b, c] = face.vertices.map(point);
        six += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0]);
    }
    let enclosed = six / 6.0 / size.powi(3);
    let off = (enclosed - volume).abs() / volume;
    let wrong = if check == Check::Smaller {
        enclosed >= volume || enclosed <= 0.0
    } else {
        off > 1e-4
    };
    wrong.then(|| format!("encloses {enclosed} cells, not {volume}"))
}

/// What a file is checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    /// Closed surfaces apart, enclosing their cells exactly.
    Exact,
    /// Closed surfaces that may touch, enclosing their cells exactly.
    Touching,
    /// Closed surfaces apart, enclosing less than their cells (moved in by a gap).
    Smaller,
}

/// The volume of cells at block positions `at`, as the lattice's solids have it.
fn volume(catalog: &Catalog, at: impl Iterator<Item = u32>) -> f64 {
    let extents: Vec<i32> = catalog.extents.iter().map(|&x| x as i32).collect();
    at.map(|p| {
        let cell = unlinear(&extents, p as i32);
        catalog.lattice.solid(&cell).unwrap().volume()
    })
    .sum()
}

#[test]
fn every_piece_and_solution_of_the_suite_is_closed_and_holds_its_cells() {
    let scratch = Scratch::new("suite");
    let mut checked = 0;
    let mut grids = std::collections::BTreeSet::new();
    let mut faults = Vec::new();
    for (path, choice) in puzzles() {
        let loaded = input::read(&path, None, &choice).unwrap();
        let puzzle = loaded.compile().unwrap();
        let catalog = puzzle.catalog();
        if catalog.extents.is_empty() || catalog.extents.len() > 3 {
            continue;
        }
        grids.insert(format!("{:?}", catalog.lattice));
        let label = format!("{} {:?}", path.display(), choice.puzzle.or(choice.problem));
        let dir = scratch.0.join(checked.to_string());
        let printer = Printer::new(&dir, catalog, Print::default()).unwrap();
        let mut expected: HashMap<PathBuf, (f64, Check)> = HashMap::new();
        // Each kind's file, `piece-K-NAME.stl`, holds its first placement's cells.
        let starts: Vec<u32> = std::iter::once(0)
            .chain(catalog.kinds.iter().map(|k| k.end))
            .collect();
        for entry in fs::read_dir(&dir).unwrap() {
            let file = entry.unwrap().path();
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            let k: usize = name["piece-".len()..]
                .split('-')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let cells = volume(catalog, catalog.cells_of(starts[k - 1]));
            expected.insert(file, (cells, Check::Exact));
        }
        // Every kind placed somewhere has its file.
        let placed = catalog
            .kinds
            .iter()
            .zip(&starts)
            .filter(|(k, &s)| k.end > s);
        assert_eq!(expected.len(), placed.count(), "{label}");
        let first = puzzle.first(1);
        if let Some(solution) = first.get(0) {
            let file = printer.add(1, &solution).unwrap();
            let cells = solution
                .embeddings()
                .iter()
                .flat_map(|&e| catalog.cells_of(e));
            expected.insert(file, (volume(catalog, cells), Check::Touching));
        }
        let mut files: Vec<_> = expected.into_iter().collect();
        files.sort_by(|a, b| a.0.cmp(&b.0));
        for (file, (cells, check)) in files {
            assert!(file.exists(), "{label}: {} not written", file.display());
            if let Some(f) = fault(&file, cells, Print::default().size, check) {
                faults.push(format!("{label}: {}: {f}", file.display()));
            }
        }
        checked += 1;
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // Every grid with solids: squares, triangles, hexagons (as tiles), cubes, prisms, spheres,
    // rhombic tetrahedra, tetrahedra and octahedra.
    assert_eq!(grids.len(), 8, "{grids:?}");
    assert!(checked >= 20, "{checked}");
}

#[test]
fn a_gap_and_an_explosion_keep_every_piece_closed_and_smaller() {
    let scratch = Scratch::new("gap");
    for file in [
        "soma.xmpuzzle",
        "rhombic.xmpuzzle",
        "octahedra.xmpuzzle",
        "prisms.xmpuzzle",
        "spheres.xmpuzzle",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../puzzles")
            .join(file);
        let choice = Choice {
            problem: Some("1".to_owned()),
            ..Choice::default()
        };
        let puzzle = input::read(&path, None, &choice)
            .unwrap()
            .compile()
            .unwrap();
        let catalog = puzzle.catalog();
        let print = Print {
            size: 20.0,
            gap: 0.4,
            explode: 0.5,
        };
        let dir = scratch.0.join(file);
        let printer = Printer::new(&dir, catalog, print).unwrap();
        let first = puzzle.first(1);
        let solution = first.get(0).unwrap();
        let written = printer.add(1, &solution).unwrap();
        let cells = solution
            .embeddings()
            .iter()
            .flat_map(|&e| catalog.cells_of(e));
        let full = volume(catalog, cells);
        assert_eq!(
            fault(&written, full, print.size, Check::Smaller),
            None,
            "{file}"
        );
    }
}
