//! Small random puzzles that are always well formed: a box (2-D or 3-D, with holes) cut into
//! connected pieces, so the areas match, every piece fits and at least one solution exists,
//! with random options: reflection, order (the pieces first, too), sharing, symmetry,
//! elimination, pruning, the failure cache, dead ends first, and pieces of one shape declared as copies (bags
//! where several kinds are).

use puzzlec::compiler::geometry::Shape;
use puzzlec::compiler::{parse, Description};
use puzzlec::Lattice;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random puzzle, kept as the text of `puzzle!` input, from which both the macro's and the
/// run time's puzzle are made (the run time parses it too).
#[derive(Clone, Debug)]
pub struct RandomPuzzle {
    /// The seed it was made from.
    pub seed: u64,
    /// The size of the box along each axis.
    pub extents: Vec<i32>,
    /// The cells of the block, in reading order.
    pub cells: Vec<bool>,
    /// Each piece: its name, its cells (as coordinates) and how many copies there are.
    pub pieces: Vec<(String, Vec<Vec<i32>>, u32)>,
    /// Where some piece's number is a range: the fewest copies of each piece (its count above
    /// is then the most); empty where every count is exact.
    pub fewest: Vec<u32>,
    /// The options, as `key: value` entries.
    pub options: Vec<(&'static str, String)>,
    /// For each position of the block, whether it is a cell that may stay empty (`+`); empty
    /// where none is.
    pub optional: Vec<bool>,
}

/// The tunings a random puzzle picks among (`Tuning`'s thresholds by name).
pub const TUNINGS: &[&str] = &[
    "{}",
    "{}",
    "{ heavy_checks_from: 0, check_first_from: 0, lookup_from: 1 }",
    "{ heavy_checks_from: 0, check_first_from: 0, counts_from_steps: 0, lookup_from: 1 }",
    "{ heavy_checks_from: 0, check_first_from: 0, counts_from_steps: 100, lookup_from: 1 }",
    "{ heavy_checks_from: 0, check_first_from: 1 }",
    "{ lookup_from: 1, cache_from_percent: 0 }",
    "{ lookup_from: 1000, scan_below: 1 }",
    "{ fewest_fits_percent: 0, scan_below: 100000, procedures_per_part: 1 }",
    "{ thick: 2, narrow_frontier: 100 }",
];

impl RandomPuzzle {
    /// The puzzle made from `seed` (the same on every machine).
    pub fn new(seed: u64) -> RandomPuzzle {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        loop {
            let puzzle = RandomPuzzle::draw(seed, &mut rng);
            // Pieces of one shape not declared as copies multiply the solutions (k of them:
            // k! each), and so do monominoes, which fill anything: keep the searches small.
            let monominoes: u32 = puzzle
                .pieces
                .iter()
                .filter(|(_, cells, _)| cells.len() == 1)
                .map(|&(_, _, n)| n)
                .sum();
            if puzzle.permutations() <= 48 && monominoes <= 2 {
                return puzzle;
            }
        }
    }

    /// How many ways the pieces of equal shape can be permuted.
    fn permutations(&self) -> u64 {
        let mut shapes: Vec<Shape> = self
            .pieces
            .iter()
            .flat_map(|(_, cells, count)| (0..*count).map(|_| canonical(cells)))
            .collect();
        shapes.sort();
        shapes
            .chunk_by(|a, b| a == b)
            .map(|same| (1..=same.len() as u64).product::<u64>())
            .product()
    }

    fn draw(seed: u64, rng: &mut ChaCha8Rng) -> RandomPuzzle {
        let solid = rng.random_bool(0.3);
        let extents: Vec<i32> = match solid {
            false => vec![rng.random_range(1..=4), rng.random_range(2..=5)],
            // At most 12 cells: 2 x 2 x 2 or 2 x 2 x 3, in any order.
            true => {
                let mut e = vec![2, 2, rng.random_range(2..=3)];
                let (i, j) = (rng.random_range(0..3), rng.random_range(0..3));
                e.swap(i, j);
                e
            }
        };
        let volume = extents.iter().product::<i32>() as usize;
        let mut cells: Vec<bool> = (0..volume).map(|_| rng.random_bool(0.85)).collect();
        cells[0] = true;
        // Cut the cells into connected pieces of 1 to 4 cells; now and then of 2 and 3 only,
        // so that shapes repeat (copies, and bags where several kinds do).
        let (small, large) = match (solid, rng.random_bool(0.3)) {
            (_, true) => (2, 3),
            (true, false) => (2, 4),
            (false, false) => (1, 4),
        };
        let mut owner = vec![usize::MAX; volume];
        let mut regions: Vec<Vec<usize>> = Vec::new();
        for start in 0..volume {
            if !cells[start] || owner[start] != usize::MAX {
                continue;
            }
            let id = regions.len();
            // Solid pieces of at least two cells: monominoes fill anything, and a solid box
            // of them has too many solutions to list.
            let target = rng.random_range(small..=large);
            let mut region = vec![start];
            owner[start] = id;
            while region.len() < target {
                let frontier: Vec<usize> = region
                    .iter()
                    .flat_map(|&c| neighbours(&extents, c))
                    .filter(|&n| cells[n] && owner[n] == usize::MAX)
                    .collect();
                if frontier.is_empty() {
                    break;
                }
                let next = frontier[rng.random_range(0..frontier.len())];
                owner[next] = id;
                region.push(next);
            }
            regions.push(region);
        }
        let reflect = rng.random_bool(0.8);
        // Pieces of one shape become copies, sometimes.
        let copies = rng.random_bool(0.5);
        let mut pieces: Vec<(String, Vec<Vec<i32>>, u32)> = Vec::new();
        for region in &regions {
            let points: Vec<Vec<i32>> = region.iter().map(|&c| point(&extents, c)).collect();
            let cells = canonical_cells(&points);
            let same = |other: &Vec<Vec<i32>>| {
                let mine = Shape::new(Lattice::cubic(cells[0].len()), cells.iter().cloned());
                let theirs = Shape::new(Lattice::cubic(other[0].len()), other.iter().cloned());
                mine.orientations(reflect).contains(&theirs)
            };
            match pieces.iter_mut().find(|(_, c, _)| copies && same(c)) {
                Some(kind) => kind.2 += 1,
                None => pieces.push((format!("P{}", pieces.len()), cells, 1)),
            }
        }
        let pick = |rng: &mut ChaCha8Rng, choices: &[&str]| {
            choices[rng.random_range(0..choices.len())].to_owned()
        };
        let options = vec![
            ("reflect", reflect.to_string()),
            (
                "order",
                pick(
                    rng,
                    &[
                        "auto",
                        "rows",
                        "columns",
                        "[pieces, auto]",
                        "fewest",
                        "[pieces, rows]",
                    ],
                ),
            ),
            ("sharing", rng.random_bool(0.7).to_string()),
            ("symmetry", pick(rng, &["all", "all", "reduced"])),
            ("eliminate", rng.random_bool(0.7).to_string()),
            ("prune", pick(rng, &["auto", "off", "holes", "regions"])),
            ("cache", pick(rng, &["auto", "on", "off"])),
            ("dead_ends", pick(rng, &["auto", "on", "off"])),
            ("fewest_fits", pick(rng, &["auto", "on", "off"])),
            // Thresholds that force each way the back ends can run a plan on puzzles this
            // small: every check heavy, checked first or as placed, from counts or not, every
            // procedure by lookups or none, the fewest fits all the way down, the cache from
            // the root, the walker's scans everywhere or nowhere, one procedure a part.
            ("tuning", pick(rng, TUNINGS)),
        ];
        // The search by the fewest embeddings runs none of the scan's checks: asking for one
        // with it is an error, so they are left to `auto`.
        let mut options = options;
        if options[1].1 == "fewest" {
            for (key, value) in &mut options {
                let scan_only = ["holes", "regions", "on"].contains(&value.as_str());
                if scan_only && ["prune", "dead_ends", "fewest_fits"].contains(key) {
                    *value = "auto".to_owned();
                }
            }
        }
        RandomPuzzle {
            seed,
            extents,
            cells,
            pieces,
            fewest: Vec::new(),
            options,
            optional: Vec::new(),
        }
    }

    /// The same puzzle with cells that may stay empty: now and then a cell of the box, and a
    /// hole or a new row of the block, marked `+`. The drawn solution is still one.
    pub fn with_optional(&self) -> RandomPuzzle {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x0b7);
        let mut p = self.clone();
        if rng.random_bool(0.5) {
            // A row of the block more, its positions holes now and then.
            let width = p.extents[p.extents.len() - 1] as usize;
            let layer: usize = p.extents[1..].iter().product::<i32>() as usize;
            let at = layer * p.extents[0] as usize;
            p.extents[0] += 1;
            p.cells.resize(at + layer, false);
            p.optional = vec![false; at];
            p.optional
                .extend((0..layer).map(|i| i < width || rng.random_bool(0.5)));
        } else {
            p.optional = vec![false; p.cells.len()];
        }
        for (optional, &cell) in p.optional.iter_mut().zip(&self.cells) {
            *optional |= rng.random_bool(if cell { 0.15 } else { 0.5 });
        }
        for (cell, &optional) in p.cells.iter_mut().zip(&p.optional) {
            *cell |= optional;
        }
        p
    }

    /// The exact puzzles a puzzle with cells that may stay empty stands for: one per set of
    /// them covered whose cells the pieces' make, the others holes.
    pub fn fillings(&self) -> Vec<RandomPuzzle> {
        let open: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.optional[i])
            .collect();
        let area: usize = (self.pieces.iter())
            .map(|(_, s, n)| s.len() * *n as usize)
            .sum();
        let fixed = self.cells.iter().filter(|&&c| c).count() - open.len();
        let mut out = Vec::new();
        for subset in 0u32..1 << open.len() {
            if fixed + subset.count_ones() as usize != area {
                continue;
            }
            let mut exact = self.clone();
            exact.optional.clear();
            for (bit, &i) in open.iter().enumerate() {
                exact.cells[i] = subset >> bit & 1 == 1;
            }
            out.push(exact);
        }
        out
    }

    /// The same puzzle with an option set to `value`.
    pub fn with(&self, key: &'static str, value: &str) -> RandomPuzzle {
        let mut p = self.clone();
        match p.options.iter_mut().find(|(k, _)| *k == key) {
            Some(option) => option.1 = value.to_owned(),
            None => p.options.push((key, value.to_owned())),
        }
        p
    }

    /// The same puzzle with every copy a piece of its own.
    pub fn apart(&self) -> RandomPuzzle {
        let mut p = self.clone();
        p.pieces = self
            .pieces
            .iter()
            .flat_map(|(name, cells, count)| {
                (0..*count).map(move |i| (format!("{name}_{i}"), cells.clone(), 1))
            })
            .collect();
        p
    }

    /// The same puzzle with the pieces of one shape (as the puzzle may turn them) declared as
    /// copies of one.
    pub fn merged(&self) -> RandomPuzzle {
        let reflect = self.option("reflect") == "true";
        let mut p = self.apart();
        let mut kinds: Vec<(String, Vec<Vec<i32>>, u32)> = Vec::new();
        for (_, cells, _) in &p.pieces {
            let shape = Shape::new(Lattice::cubic(cells[0].len()), cells.iter().cloned());
            let same = |other: &Vec<Vec<i32>>| {
                let other = Shape::new(Lattice::cubic(other[0].len()), other.iter().cloned());
                shape.orientations(reflect).contains(&other)
            };
            match kinds.iter_mut().find(|(_, c, _)| same(c)) {
                Some(kind) => kind.2 += 1,
                None => kinds.push((format!("K{}", kinds.len()), cells.clone(), 1)),
            }
        }
        p.pieces = kinds;
        p
    }

    /// The puzzle beside its mirror image, pieces only turned: the box doubled along its first
    /// axis with the second half the first one mirrored, and each piece (kind of copies) with
    /// a twin, its mirror image, named with a `m` after it. Solutions exist (the two halves
    /// filled as drawn), and a reflection of the box swaps each chiral piece with its twin.
    pub fn with_mirror_twins(&self) -> RandomPuzzle {
        let mut p = self.with("reflect", "false");
        let rows = self.cells.len() / self.extents[0] as usize;
        let halves = self.cells.chunks(rows);
        p.cells = halves
            .clone()
            .chain(halves.rev())
            .flatten()
            .copied()
            .collect();
        p.extents[0] *= 2;
        let twins: Vec<(String, Vec<Vec<i32>>, u32)> = self
            .pieces
            .iter()
            .map(|(name, cells, count)| {
                let mirrored: Vec<Vec<i32>> = cells
                    .iter()
                    .map(|c| {
                        std::iter::once(-c[0])
                            .chain(c[1..].iter().copied())
                            .collect()
                    })
                    .collect();
                (format!("{name}m"), canonical_cells(&mirrored), *count)
            })
            .collect();
        p.pieces.extend(twins);
        p
    }

    /// The same puzzle with ranges of copies: each piece's count made a range around it (one
    /// fewer or more, or both, now and then), and a spare of the first piece's shape that may
    /// be left out. The drawn solution is still one.
    pub fn with_ranges(&self) -> RandomPuzzle {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x5eed);
        let mut p = self.clone();
        p.fewest = p
            .pieces
            .iter_mut()
            .map(|(_, _, count)| {
                let fewest = *count - u32::from(rng.random_bool(0.4));
                *count += u32::from(rng.random_bool(0.4));
                fewest
            })
            .collect();
        let spare = p.pieces[0].1.clone();
        p.pieces.push(("Spare".to_owned(), spare, 1));
        p.fewest.push(0);
        p
    }

    /// The exact puzzles a puzzle with ranges stands for: one per choice of numbers within
    /// the ranges whose cells are the box's, with the pieces chosen 0 times left out.
    pub fn choices(&self) -> Vec<RandomPuzzle> {
        let cells = self.cells.iter().filter(|&&c| c).count();
        let mut out = Vec::new();
        let mut counts = self.fewest.clone();
        loop {
            let area: usize = counts
                .iter()
                .zip(&self.pieces)
                .map(|(&n, (_, shape, _))| n as usize * shape.len())
                .sum();
            if area == cells {
                let mut exact = self.clone();
                exact.fewest.clear();
                exact.pieces = self
                    .pieces
                    .iter()
                    .zip(&counts)
                    .filter(|(_, &n)| n > 0)
                    .map(|((name, shape, _), &n)| (name.clone(), shape.clone(), n))
                    .collect();
                out.push(exact);
            }
            // The next choice, as an odometer over the ranges.
            let Some(i) = (0..counts.len()).find(|&i| counts[i] < self.pieces[i].2) else {
                return out;
            };
            counts[i] += 1;
            counts[..i].copy_from_slice(&self.fewest[..i]);
        }
    }

    /// How many ways the copies can be named apart: each solution of the puzzle is that many
    /// solutions of [`RandomPuzzle::apart`].
    pub fn namings(&self) -> u64 {
        self.pieces
            .iter()
            .map(|&(_, _, count)| (1..=u64::from(count)).product::<u64>())
            .product()
    }

    /// An option's value.
    pub fn option(&self, key: &str) -> &str {
        self.options
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, v)| v.as_str())
    }

    /// The puzzle as `puzzle!` input: one module named `module`.
    pub fn source(&self, module: &str) -> String {
        let mut entries = vec![format!("box: {}", self.board())];
        let pieces: Vec<String> = self
            .pieces
            .iter()
            .enumerate()
            .map(|(i, (name, cells, count))| {
                let count = match self.fewest.get(i) {
                    Some(fewest) if fewest < count => format!("{fewest}..={count} x "),
                    _ if *count > 1 => format!("{count} x "),
                    _ => String::new(),
                };
                let cells: Vec<String> = cells
                    .iter()
                    .map(|c| {
                        let c: Vec<String> = c.iter().map(ToString::to_string).collect();
                        format!("({})", c.join(", "))
                    })
                    .collect();
                format!("{count}{name}: [{}]", cells.join(", "))
            })
            .collect();
        entries.push(format!("pieces: {{ {} }}", pieces.join(", ")));
        entries.extend(self.options.iter().map(|(k, v)| format!("{k}: {v}")));
        format!("mod {module} {{ {} }}", entries.join(", "))
    }

    /// The box: drawn for 2-D, and for 3-D where a cell may stay empty; else a block with
    /// holes.
    fn board(&self) -> String {
        if self.extents.len() == 3 && self.optional.contains(&true) {
            let (rows, width) = (self.extents[1] as usize, self.extents[2] as usize);
            let layers: Vec<String> = (0..self.cells.len() / (rows * width))
                .map(|l| {
                    let rows: Vec<String> = (0..rows)
                        .map(|r| self.row((l * rows + r) * width, width))
                        .collect();
                    format!("[{}]", rows.join(", "))
                })
                .collect();
            return format!("[{}]", layers.join(", "));
        }
        if self.extents.len() == 2 {
            let width = self.extents[1] as usize;
            let rows: Vec<String> = (0..self.extents[0] as usize)
                .map(|r| self.row(r * width, width))
                .collect();
            return format!("[{}]", rows.join(", "));
        }
        let sizes: Vec<String> = self.extents.iter().map(ToString::to_string).collect();
        let holes: Vec<String> = (0..self.cells.len())
            .filter(|&i| !self.cells[i])
            .map(|i| {
                let p: Vec<String> = point(&self.extents, i)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                format!("({})", p.join(", "))
            })
            .collect();
        match holes.is_empty() {
            true => sizes.join(" x "),
            false => format!("{}, holes: [{}]", sizes.join(" x "), holes.join(", ")),
        }
    }

    /// The row of the block's `width` positions from `start`, as a quoted drawing: `.` a cell,
    /// `+` one that may stay empty, `#` a hole.
    fn row(&self, start: usize, width: usize) -> String {
        let row: String = (start..start + width)
            .map(
                |i| match (self.cells[i], self.optional.get(i) == Some(&true)) {
                    (true, true) => '+',
                    (true, false) => '.',
                    (false, _) => '#',
                },
            )
            .collect();
        format!("{row:?}")
    }

    /// The puzzle as the run time reads it: its source, parsed.
    pub fn description(&self) -> Description {
        let parsed = parse::parse_str(&self.source(&format!("r{}", self.seed)))
            .expect("a random puzzle parses");
        let puzzle = parsed.into_iter().next().expect("one puzzle");
        assert!(puzzle.errors.is_empty(), "a random puzzle is well formed");
        puzzle.description
    }
}

/// The coordinates of position `i` of a block in reading order.
fn point(extents: &[i32], mut i: usize) -> Vec<i32> {
    let mut p = vec![0; extents.len()];
    for (x, &e) in p.iter_mut().zip(extents).rev() {
        *x = (i % e as usize) as i32;
        i /= e as usize;
    }
    p
}

/// The positions of a block next to position `i`, on the cubic lattice the generated puzzles
/// are drawn on.
fn neighbours(extents: &[i32], i: usize) -> Vec<usize> {
    let p = point(extents, i);
    let inside = |n: &Vec<i32>| n.iter().zip(extents).all(|(x, e)| (0..*e).contains(x));
    (Lattice::cubic(p.len()).neighbours(&p))
        .filter(inside)
        .map(|n| {
            n.iter()
                .zip(extents)
                .fold(0, |acc, (&x, &e)| acc * e as usize + x as usize)
        })
        .collect()
}

/// A piece's cells moved to the origin.
fn canonical_cells(points: &[Vec<i32>]) -> Vec<Vec<i32>> {
    Shape::new(Lattice::cubic(points[0].len()), points.iter().cloned())
        .cells()
        .to_vec()
}

/// A piece's shape up to every motion: the least of its orientations.
fn canonical(cells: &[Vec<i32>]) -> Shape {
    Shape::new(Lattice::cubic(cells[0].len()), cells.iter().cloned())
        .orientations(true)
        .remove(0)
}
