//! Small random puzzles that are always well formed: a box with holes, cut into connected
//! pieces, so the areas match, every piece fits and at least one solution exists.

use puzzle::runtime::board::shape_of_rows;
use puzzle::{Description, OrderChoice, Symmetry};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random puzzle, kept as plain data so it can be written as macro input or as a description.
#[derive(Clone, Debug)]
pub struct RandomPuzzle {
    pub seed: u64,
    pub board: Vec<String>,
    pub pieces: Vec<(String, Vec<String>)>,
    pub reflect: bool,
    pub order: OrderChoice,
    pub sharing: bool,
    pub reduced: bool,
}

impl RandomPuzzle {
    /// The puzzle made from `seed` (the same on every machine).
    pub fn new(seed: u64) -> RandomPuzzle {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        loop {
            let puzzle = RandomPuzzle::draw(seed, &mut rng);
            // Interchangeable pieces multiply the solutions (k equal pieces: k! each); keep the
            // searches small.
            if puzzle.permutations() <= 48 {
                return puzzle;
            }
        }
    }

    /// How many ways the pieces of equal shape can be permuted.
    fn permutations(&self) -> u64 {
        let mut shapes: Vec<_> = self
            .pieces
            .iter()
            .map(|(_, rows)| shape_of_rows(rows).unwrap().orientations(true).remove(0))
            .collect();
        shapes.sort();
        shapes
            .chunk_by(|a, b| a == b)
            .map(|same| (1..=same.len() as u64).product::<u64>())
            .product()
    }

    fn draw(seed: u64, rng: &mut ChaCha8Rng) -> RandomPuzzle {
        let (rows, cols) = (rng.random_range(1..=4usize), rng.random_range(2..=5usize));
        let mut cell: Vec<Vec<bool>> = (0..rows)
            .map(|_| (0..cols).map(|_| rng.random_bool(0.85)).collect())
            .collect();
        cell[0][0] = true;
        // Cut the cells into connected pieces of 1 to 4 cells.
        let mut owner = vec![vec![usize::MAX; cols]; rows];
        let mut pieces: Vec<Vec<(usize, usize)>> = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if !cell[r][c] || owner[r][c] != usize::MAX {
                    continue;
                }
                let id = pieces.len();
                let target = rng.random_range(1..=4usize);
                let mut region = vec![(r, c)];
                owner[r][c] = id;
                while region.len() < target {
                    let frontier: Vec<(usize, usize)> = region
                        .iter()
                        .flat_map(|&(r, c)| {
                            [
                                (r.wrapping_sub(1), c),
                                (r + 1, c),
                                (r, c.wrapping_sub(1)),
                                (r, c + 1),
                            ]
                        })
                        .filter(|&(r, c)| {
                            r < rows && c < cols && cell[r][c] && owner[r][c] == usize::MAX
                        })
                        .collect();
                    if frontier.is_empty() {
                        break;
                    }
                    let (nr, nc) = frontier[rng.random_range(0..frontier.len())];
                    owner[nr][nc] = id;
                    region.push((nr, nc));
                }
                pieces.push(region);
            }
        }
        let board = cell
            .iter()
            .map(|line| line.iter().map(|&c| if c { '.' } else { '#' }).collect())
            .collect();
        let pieces = pieces
            .iter()
            .enumerate()
            .map(|(i, region)| (format!("P{i}"), drawing(region)))
            .collect();
        let order =
            [OrderChoice::Auto, OrderChoice::Rows, OrderChoice::Columns][rng.random_range(0..3)];
        RandomPuzzle {
            seed,
            board,
            pieces,
            reflect: rng.random_bool(0.8),
            order,
            sharing: rng.random_bool(0.7),
            reduced: rng.random_bool(0.4),
        }
    }

    /// The puzzle as a run-time description.
    pub fn description(&self) -> Description {
        let mut d = Description::new(format!("r{}", self.seed))
            .board(&self.board)
            .reflect(self.reflect)
            .order(self.order)
            .sharing(self.sharing);
        for (name, rows) in &self.pieces {
            d = d.piece(name, rows);
        }
        if self.reduced {
            d = d.symmetry(Symmetry::Reduced { piece: None });
        }
        d
    }

    /// The puzzle with pieces of the same shape declared as copies of one piece, and how many
    /// ways the pieces it merged could be named apart (each solution of the copies is that
    /// many solutions of the original).
    pub fn with_copies(&self) -> (Description, u64) {
        let mut kinds: Vec<(puzzle::runtime::geometry::Shape, &[String], u32)> = Vec::new();
        for (_, rows) in &self.pieces {
            let shape = shape_of_rows(rows)
                .unwrap()
                .orientations(self.reflect)
                .remove(0);
            match kinds.iter_mut().find(|(s, _, _)| *s == shape) {
                Some(kind) => kind.2 += 1,
                None => kinds.push((shape, rows, 1)),
            }
        }
        let mut d = Description::new(format!("c{}", self.seed))
            .board(&self.board)
            .reflect(self.reflect)
            .order(self.order)
            .sharing(self.sharing);
        let mut namings = 1;
        for (i, (_, rows, count)) in kinds.iter().enumerate() {
            d = d.piece(&format!("K{i}"), rows).copies(*count);
            namings *= (1..=u64::from(*count)).product::<u64>();
        }
        if self.reduced {
            d = d.symmetry(Symmetry::Reduced { piece: None });
        }
        (d, namings)
    }

    /// The puzzle as `puzzle!` input.
    pub fn macro_source(&self, module: &str) -> String {
        let quote = |rows: &[String]| {
            let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
            format!("[{}]", rows.join(", "))
        };
        let pieces: Vec<String> = self
            .pieces
            .iter()
            .map(|(name, rows)| format!("{name}: {}", quote(rows)))
            .collect();
        let order = match self.order {
            OrderChoice::Auto => "auto",
            OrderChoice::Rows => "rows",
            OrderChoice::Columns => "columns",
        };
        let symmetry = if self.reduced { "reduced" } else { "all" };
        format!(
            "    mod {module} {{\n        box: {},\n        pieces: {{ {} }},\n        reflect: {},\n        order: {order},\n        sharing: {},\n        symmetry: {symmetry},\n    }}\n",
            quote(&self.board),
            pieces.join(", "),
            self.reflect,
            self.sharing,
        )
    }
}

/// A region drawn as rows of `#` and `.`.
fn drawing(region: &[(usize, usize)]) -> Vec<String> {
    let r0 = region.iter().map(|p| p.0).min().unwrap();
    let c0 = region.iter().map(|p| p.1).min().unwrap();
    let r1 = region.iter().map(|p| p.0).max().unwrap();
    let c1 = region.iter().map(|p| p.1).max().unwrap();
    (r0..=r1)
        .map(|r| {
            (c0..=c1)
                .map(|c| if region.contains(&(r, c)) { '#' } else { '.' })
                .collect()
        })
        .collect()
}
