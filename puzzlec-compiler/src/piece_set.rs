//! `PieceSet`, a built-in set of pieces as a person names it: the words that name sets
//! (`pentominoes`, `polyominoes(N)`, `soma`, ...), the sizes and flags they take, and how a
//! set is written back. What each set's members are is `sets.rs`'s to say.

use std::fmt;

use puzzlec_runtime::lattice::Lattice;

/// A set of pieces the compiler generates, as written after `pieces:` or among the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceSet {
    /// Every polyform of `cells` cells of a lattice (squares, cubes, triangles or hexagons),
    /// once up to rotations and reflections, with the mirror twin of each chiral one beside
    /// it when `mirrors` is set.
    Polyforms {
        /// The lattice of the cells: the square lattice for polyominoes, the cubic for
        /// polycubes, the triangular for polyiamonds, the hexagonal for polyhexes.
        lattice: Lattice,
        /// The cells of each piece.
        cells: u32,
        /// Whether a chiral shape's mirror image is a piece of its own.
        mirrors: bool,
    },
    /// The Soma cube's pieces: the bent tricube and the six tetracubes that are not flat bars
    /// or squares, V L T Z A B P.
    Soma,
}

impl PieceSet {
    /// The twelve pentominoes, F I L N P T U V W X Y Z.
    pub const PENTOMINOES: PieceSet = PieceSet::Polyforms {
        lattice: SQUARES,
        cells: 5,
        mirrors: false,
    };

    /// The twelve pentominoes and the mirror images of the six chiral ones, `f l n p y z`:
    /// the pieces a bare letter names.
    pub const ONE_SIDED_PENTOMINOES: PieceSet = PieceSet::Polyforms {
        lattice: SQUARES,
        cells: 5,
        mirrors: true,
    };

    /// The words that name a set, for parsing and suggestions.
    pub const WORDS: [&'static str; 11] = [
        "pentominoes",
        "tetrominoes",
        "polyominoes",
        "polycubes",
        "tetracubes",
        "soma",
        "hexiamonds",
        "polyiamonds",
        "tetrahexes",
        "pentahexes",
        "polyhexes",
    ];

    /// Whether a piece's name without a shape is meant as a set: one of [`WORDS`](Self::WORDS),
    /// or a word like them (`hexominoes`), which is then an error that lists the sets.
    pub fn is_set_word(word: &str) -> bool {
        Self::WORDS.contains(&word)
            || ["ominoes", "cubes", "iamonds", "hexes"]
                .iter()
                .any(|end| word.ends_with(end))
    }

    /// The set a word names, given its arguments: `size` for `polyominoes(N)` and the like,
    /// and the flag (`one_sided` for the plane's sets, `free` for polycubes). An error says
    /// what the word takes.
    pub fn named(word: &str, size: Option<u32>, flag: Option<&str>) -> Result<PieceSet, SetError> {
        if word == "soma" {
            return match (size, flag) {
                (None, None) => Ok(PieceSet::Soma),
                _ => Err(SetError::Arguments {
                    usage: "`soma` (no arguments)",
                }),
            };
        }
        let family = (FAMILIES.iter())
            .find(|f| f.word == word)
            .ok_or(SetError::Unknown)?;
        let usage = family.usage;
        let cells = match (family.cells, size) {
            (Some(cells), None) | (None, Some(cells)) => cells,
            _ => return Err(SetError::Arguments { usage }),
        };
        let flagged = match flag {
            None => false,
            Some(f) if f == family.flag => true,
            Some(_) => return Err(SetError::Arguments { usage }),
        };
        let most = max_cells(family.lattice);
        if !(1..=most).contains(&cells) {
            return Err(SetError::Size { most });
        }
        // The plane's sets are free unless one-sided; polycubes keep mirror images apart
        // unless free.
        let mirrors = match family.flag {
            "free" => !flagged,
            _ => flagged,
        };
        Ok(PieceSet::Polyforms {
            lattice: family.lattice,
            cells,
            mirrors,
        })
    }

    /// The lattice of the set's pieces.
    pub fn lattice(self) -> Lattice {
        match self {
            PieceSet::Polyforms { lattice, .. } => lattice,
            PieceSet::Soma => CUBES,
        }
    }
}

/// What is wrong with a set as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The word names no set.
    Unknown,
    /// The arguments do not fit the set; `usage` shows what does.
    Arguments {
        /// How the set is written.
        usage: &'static str,
    },
    /// The size is 0 or past what the generator goes to.
    Size {
        /// The largest size.
        most: u32,
    },
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Unknown => write!(
                f,
                "unknown piece set; the sets are {}, or list the pieces in braces: `{{ A: [\"##\"], F, ... }}`",
                PieceSet::WORDS.map(|w| format!("`{w}`")).join(", ")
            ),
            SetError::Arguments { usage } => write!(f, "wrong arguments for this piece set; {usage}"),
            SetError::Size { most } => write!(
                f,
                "a generated piece set's pieces have 1 to {most} cells; larger sets are too many pieces for a puzzle"
            ),
        }
    }
}

/// The set as it is written in the puzzle language.
impl fmt::Display for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PieceSet::Polyforms {
            lattice,
            cells,
            mirrors,
        } = *self
        else {
            return f.write_str("soma");
        };
        let family = (FAMILIES.iter())
            .find(|family| family.lattice == lattice && family.cells.is_none_or(|c| c == cells))
            .expect("every lattice of a set has a family of any size");
        // The flag is written where it turns the family's default.
        let flagged = mirrors == (family.flag == "one_sided");
        let flag = flagged.then_some(family.flag);
        match (family.cells, flag) {
            (Some(_), None) => f.write_str(family.word),
            (Some(_), Some(flag)) => write!(f, "{}({flag})", family.word),
            (None, None) => write!(f, "{}({cells})", family.word),
            (None, Some(flag)) => write!(f, "{}({cells}, {flag})", family.word),
        }
    }
}

/// A family of sets named by one word: its lattice, its size where the word fixes it, and the
/// flag that turns its default about mirror images the other way.
struct Family {
    word: &'static str,
    lattice: Lattice,
    cells: Option<u32>,
    /// `one_sided` (the set is free unless flagged) or `free` (the set keeps mirror images
    /// apart unless flagged).
    flag: &'static str,
    usage: &'static str,
}

const fn family(
    word: &'static str,
    lattice: Lattice,
    cells: Option<u32>,
    flag: &'static str,
    usage: &'static str,
) -> Family {
    Family {
        word,
        lattice,
        cells,
        flag,
        usage,
    }
}

/// The lattices of the polyominoes and the polycubes.
pub(crate) const SQUARES: Lattice = Lattice::Cubic { dims: 2 };
pub(crate) const CUBES: Lattice = Lattice::Cubic { dims: 3 };

/// Every family, the ones of a fixed size before the general one of their lattice (so that a
/// set prints as its most particular name).
const FAMILIES: [Family; 10] = [
    family(
        "pentominoes",
        SQUARES,
        Some(5),
        "one_sided",
        "e.g. `pentominoes` or `pentominoes(one_sided)`",
    ),
    family(
        "tetrominoes",
        SQUARES,
        Some(4),
        "one_sided",
        "e.g. `tetrominoes` or `tetrominoes(one_sided)`",
    ),
    family(
        "polyominoes",
        SQUARES,
        None,
        "one_sided",
        "e.g. `polyominoes(6)` or `polyominoes(6, one_sided)`",
    ),
    family(
        "tetracubes",
        CUBES,
        Some(4),
        "free",
        "e.g. `tetracubes` or `tetracubes(free)`",
    ),
    family(
        "polycubes",
        CUBES,
        None,
        "free",
        "e.g. `polycubes(5)` or `polycubes(5, free)`",
    ),
    family(
        "hexiamonds",
        Lattice::Triangular,
        Some(6),
        "one_sided",
        "e.g. `hexiamonds` or `hexiamonds(one_sided)`",
    ),
    family(
        "polyiamonds",
        Lattice::Triangular,
        None,
        "one_sided",
        "e.g. `polyiamonds(5)` or `polyiamonds(5, one_sided)`",
    ),
    family(
        "tetrahexes",
        Lattice::Hexagonal,
        Some(4),
        "one_sided",
        "e.g. `tetrahexes` or `tetrahexes(one_sided)`",
    ),
    family(
        "pentahexes",
        Lattice::Hexagonal,
        Some(5),
        "one_sided",
        "e.g. `pentahexes` or `pentahexes(one_sided)`",
    ),
    family(
        "polyhexes",
        Lattice::Hexagonal,
        None,
        "one_sided",
        "e.g. `polyhexes(4)` or `polyhexes(4, one_sided)`",
    ),
];

/// The most cells of a generated polyform of a lattice, where the sets are already more
/// pieces than a puzzle could use: 704 one-sided octominoes, 166 hexacubes up to rotation,
/// 160 one-sided octiamonds, 147 one-sided hexahexes.
pub fn max_cells(lattice: Lattice) -> u32 {
    match lattice {
        Lattice::Cubic { dims: 2 } | Lattice::Triangular => 8,
        Lattice::Hexagonal | Lattice::TriangularPrisms => 6,
        Lattice::Cubic { .. }
        | Lattice::Spheres { .. }
        | Lattice::RhombicTetrahedra
        | Lattice::TetrahedraOctahedra => 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(word: &str, size: Option<u32>, flag: Option<&str>) -> PieceSet {
        PieceSet::named(word, size, flag).expect("a set")
    }

    #[test]
    fn sets_print_as_they_are_written() {
        for (word, size, flag, text) in [
            ("pentominoes", None, None, "pentominoes"),
            (
                "polyominoes",
                Some(5),
                Some("one_sided"),
                "pentominoes(one_sided)",
            ),
            ("polyominoes", Some(6), None, "polyominoes(6)"),
            ("polycubes", Some(4), None, "tetracubes"),
            ("polycubes", Some(5), Some("free"), "polycubes(5, free)"),
            ("soma", None, None, "soma"),
            ("polyiamonds", Some(6), None, "hexiamonds"),
            (
                "hexiamonds",
                None,
                Some("one_sided"),
                "hexiamonds(one_sided)",
            ),
            ("polyiamonds", Some(7), None, "polyiamonds(7)"),
            (
                "polyhexes",
                Some(4),
                Some("one_sided"),
                "tetrahexes(one_sided)",
            ),
            ("polyhexes", Some(6), None, "polyhexes(6)"),
        ] {
            assert_eq!(set(word, size, flag).to_string(), text);
        }
    }

    #[test]
    fn wrong_sets_are_errors() {
        assert_eq!(
            PieceSet::named("hexominoes", None, None),
            Err(SetError::Unknown)
        );
        assert!(matches!(
            PieceSet::named("polyominoes", None, None),
            Err(SetError::Arguments { .. })
        ));
        assert!(matches!(
            PieceSet::named("pentominoes", None, Some("free")),
            Err(SetError::Arguments { .. })
        ));
        assert_eq!(
            PieceSet::named("polycubes", Some(7), None),
            Err(SetError::Size { most: 6 })
        );
        assert_eq!(
            PieceSet::named("polyominoes", Some(0), None),
            Err(SetError::Size { most: 8 })
        );
        assert_eq!(
            PieceSet::named("polyhexes", Some(7), None),
            Err(SetError::Size { most: 6 })
        );
        assert!(matches!(
            PieceSet::named("hexiamonds", None, Some("free")),
            Err(SetError::Arguments { .. })
        ));
    }
}
