//! A [`Description`] back in the puzzle language: what a program prints for a puzzle read from
//! another format, and what it hands to `puzzle!` to build a native solver. Reading the text
//! back ([`crate::parse::parse_str`]) gives the same puzzle: the same fingerprint, the same
//! solutions in the same order.

use std::fmt::Write;

use std::collections::BTreeMap;

use crate::description::{
    chars, BoardSpec, Cache, Count, DeadEnds, Description, Drawing, FewestFits, Figure, Grid, Lead,
    Loc, OrderChoice, PieceSpec, Prune, ShapeSpec, Symmetry,
};

/// Why a description has no text in the puzzle language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    /// A puzzle or piece name that is not a Rust identifier (the language writes them bare).
    #[error("`{name}` cannot name a {what} in the puzzle language: a name is a Rust identifier such as `{suggestion}`")]
    Name {
        /// The name.
        name: String,
        /// What it names.
        what: &'static str,
        /// An identifier made from it.
        suggestion: String,
    },
    /// A named scan with the pieces first chosen automatically: the language names a scan
    /// together with the pieces that come first.
    #[error(
        "a fixed scan with the pieces first left to the chooser has no form in the puzzle language"
    )]
    Order,
    /// A colour the puzzle language cannot draw: it writes colours as the digits `1` to `9`.
    #[error("the puzzle has colour {colour}, and the puzzle language draws colours as the digits 1 to 9")]
    Colour {
        /// The colour.
        colour: u32,
    },
    /// A cell that may stay empty given a colour: the language draws it `+`, with no colour.
    #[error("the box's cell ({cell}) may stay empty and has colour {colour}, which the puzzle language cannot draw: it draws such a cell `+`, of no colour")]
    ColouredOptional {
        /// The cell.
        cell: String,
        /// Its colour.
        colour: u32,
    },
    /// A figure of one axis given colours: the language draws a coloured box or piece in rows.
    #[error("the puzzle colours a {what} of one axis, which the puzzle language cannot draw")]
    ColouredLine {
        /// What has the colours.
        what: &'static str,
    },
    /// What a drawing editor cannot hold: it draws a box in rows or layers of rows, and leaves
    /// colours, restrictions and abstract puzzles to the text.
    #[error("the drawing editor cannot show {what}: edit it in the text")]
    Unsketched {
        /// What it cannot show.
        what: &'static str,
    },
    /// A required aspect in no embedding where the description allows it (a DLX file's
    /// primary item in no option): the language refuses such a puzzle.
    #[error("required aspect `{aspect}` is in no embedding, so the puzzle has no solution, and the puzzle language refuses such a puzzle")]
    Uncovered {
        /// The aspect.
        aspect: String,
    },
}

/// The puzzle as `mod NAME { ... }`, one entry a line, only what differs from the defaults.
pub fn source(d: &Description) -> Result<String, PrintError> {
    let mut out = String::new();
    let name = identifier(&d.name, "puzzle")?;
    let _ = writeln!(out, "mod {name} {{");
    match &d.abstract_puzzle {
        Some(spec) => {
            if spec.uncovered_allowed {
                let covered = |name: &str| {
                    (spec.optional.iter()).any(|(n, _)| n == name)
                        || (spec.counts.iter()).any(|((n, _), c, _)| n == name && c.min == 0)
                        || (spec.embeddings.iter())
                            .any(|(members, _)| members.iter().any(|m| m.aspect.0 == name))
                };
                if let Some((aspect, _)) = spec.aspects.iter().find(|(n, _)| !covered(n)) {
                    let aspect = aspect.clone();
                    return Err(PrintError::Uncovered { aspect });
                }
            }
            let names = |list: &[(String, _)]| -> String {
                let names: Vec<String> = list.iter().map(|(n, _)| aspect(n)).collect();
                format!("[{}]", names.join(", "))
            };
            // An aspect covered other than once, with its count, as the list takes it.
            let counted: Vec<String> = (spec.aspects.iter())
                .map(|(n, _)| {
                    let count = (spec.counts.iter()).find(|((c, _), ..)| c == n);
                    match count {
                        Some((_, count, _)) => format!("{count} x {}", aspect(n)),
                        None => aspect(n),
                    }
                })
                .collect();
            let _ = writeln!(out, "    aspects: [{}],", counted.join(", "));
            if !spec.optional.is_empty() {
                let _ = writeln!(out, "    optional: {},", names(&spec.optional));
            }
            let _ = writeln!(out, "    embeddings: [");
            for (members, _) in &spec.embeddings {
                let members: Vec<String> = (members.iter())
                    .map(|m| match &m.colour {
                        Some((colour, _)) => format!("{}: {}", aspect(&m.aspect.0), aspect(colour)),
                        None => aspect(&m.aspect.0),
                    })
                    .collect();
                let _ = writeln!(out, "        [{}],", members.join(", "));
            }
            let _ = writeln!(out, "    ],");
        }
        None => {
            boxed(&mut out, d)?;
        }
    }
    options(&mut out, d)?;
    out.push_str("}\n");
    Ok(out)
}

/// The box, the holes, the pieces and the restrictions.
fn boxed(out: &mut String, d: &Description) -> Result<(), PrintError> {
    if d.grid != Grid::Square {
        let _ = writeln!(out, "    grid: {},", d.grid.word());
    }
    let coloured = d.colours.as_ref().map_or(&[][..], |c| &c.cells[..]);
    // Cells given colours by coordinates are drawn with their digits, in a drawing of the box
    // that also shows its holes.
    let holes_drawn = !coloured.is_empty();
    match &d.board {
        _ if holes_drawn => {
            let mut figure = match &d.board {
                BoardSpec::Drawn(figure) => figure.clone(),
                BoardSpec::Block { extents, .. } => block_figure(d, extents)?,
            };
            for (p, _) in &d.holes {
                put(&mut figure, p, chars::BOX_HOLE);
            }
            for (p, colour) in coloured {
                if put(&mut figure, p, digit(*colour)?) == Some(chars::BOX_OPTIONAL) {
                    let cell = p.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
                    let colour = *colour;
                    return Err(PrintError::ColouredOptional { cell, colour });
                }
            }
            let _ = writeln!(out, "    box: {},", drawn(&figure, 1, Rows::Repeated));
        }
        BoardSpec::Block { extents, .. } => {
            let sizes: Vec<String> = extents.iter().map(|(n, _)| n.to_string()).collect();
            let _ = writeln!(out, "    box: {},", sizes.join(" x "));
        }
        BoardSpec::Drawn(figure) => {
            let _ = writeln!(out, "    box: {},", drawn(figure, 1, Rows::Repeated));
        }
    }
    if let Some(spec) = &d.colours {
        let mut by_piece: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for &(piece, on) in &spec.allowed {
            by_piece.entry(piece).or_default().push(on.to_string());
        }
        let entries: Vec<String> = (by_piece.iter())
            .map(|(piece, on)| format!("{piece}: [{}]", on.join(", ")))
            .collect();
        match entries.is_empty() {
            true => out.push_str("    colours: {},\n"),
            false => {
                let _ = writeln!(out, "    colours: {{ {} }},", entries.join(", "));
            }
        }
    }
    if !d.holes.is_empty() && !holes_drawn {
        let holes: Vec<String> = d.holes.iter().map(|(p, _)| point(p)).collect();
        let _ = writeln!(out, "    holes: [{}],", holes.join(", "));
    }
    if let Some((max, _)) = d.max_empty {
        let _ = writeln!(out, "    max_empty: {max},");
    }
    let entries = piece_entries(d)?;
    match entries.as_slice() {
        [(whole, true, _)] => {
            let _ = writeln!(out, "    pieces: {whole},");
        }
        _ => {
            let _ = writeln!(out, "    pieces: {{");
            for (entry, _, _) in entries {
                let _ = writeln!(out, "        {entry},");
            }
            let _ = writeln!(out, "    }},");
        }
    }
    if !d.restrictions.is_empty() {
        let _ = writeln!(out, "    restrict: {{");
        for r in &d.restrictions {
            let name = identifier(&r.piece, "piece")?;
            let drawings: Vec<String> = r
                .placements
                .iter()
                .map(|f| drawn(f, 3, Rows::Listed))
                .collect();
            let _ = writeln!(out, "        {name}: [");
            for drawing in drawings {
                let _ = writeln!(out, "            {drawing},");
            }
            let _ = writeln!(out, "        ],");
        }
        let _ = writeln!(out, "    }},");
    }
    Ok(())
}

/// The options that differ from their defaults.
fn options(out: &mut String, d: &Description) -> Result<(), PrintError> {
    let defaults = Description::new(&d.name);
    if d.reflect != defaults.reflect {
        let _ = writeln!(out, "    reflect: {},", d.reflect);
    }
    let word = match &d.symmetry {
        Symmetry::All => None,
        Symmetry::Reduced { .. } => Some("reduced"),
        Symmetry::Rotations { .. } => Some("rotations"),
    };
    if let Some(word) = word {
        match d.symmetry.piece() {
            None => {
                let _ = writeln!(out, "    symmetry: {word},");
            }
            Some((name, _)) => {
                let name = identifier(name, "piece")?;
                let _ = writeln!(out, "    symmetry: {word}({name}),");
            }
        }
    }
    if let Some(order) = order(d.order, &d.lead)? {
        let _ = writeln!(out, "    order: {order},");
    }
    if d.sharing != defaults.sharing {
        let _ = writeln!(out, "    sharing: {},", d.sharing);
    }
    if d.eliminate != defaults.eliminate {
        let _ = writeln!(out, "    eliminate: {},", d.eliminate);
    }
    let prune = match d.prune {
        Prune::Auto => None,
        Prune::Off => Some("off"),
        Prune::Holes => Some("holes"),
        Prune::Regions => Some("regions"),
    };
    let cache = match d.cache {
        Cache::Auto => None,
        Cache::On => Some("on"),
        Cache::Off => Some("off"),
    };
    let dead_ends = match d.dead_ends {
        DeadEnds::Auto => None,
        DeadEnds::On => Some("on"),
        DeadEnds::Off => Some("off"),
    };
    let fewest_fits = match d.fewest_fits {
        FewestFits::Auto => None,
        FewestFits::On => Some("on"),
        FewestFits::Off => Some("off"),
    };
    // Each written only where it is not `auto`, the default.
    let options = [
        ("prune", prune),
        ("cache", cache),
        ("dead_ends", dead_ends),
        ("fewest_fits", fewest_fits),
    ];
    for (key, value) in options {
        if let Some(value) = value {
            let _ = writeln!(out, "    {key}: {value},");
        }
    }
    if d.tuning != defaults.tuning {
        let _ = writeln!(out, "    tuning: {},", d.tuning);
    }
    Ok(())
}

/// A box puzzle as a drawing editor holds it, to draw and write back: the box drawn with its
/// holes, each entry of the pieces as the language writes it, the two options the editor sets,
/// and the other options' entries as they are written, which it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sketch {
    /// The puzzle's name.
    pub name: String,
    /// The grid.
    pub grid: Grid,
    /// The box: layers of rows (one layer in the plane), `.` a cell, `#` a hole, `+` a cell
    /// that may stay empty, a space nothing.
    pub board: Vec<Vec<String>>,
    /// The entries of the pieces: a set (`pentominoes`, `2 x tetrominoes`) or one piece
    /// (`A: ["##", "#."]`).
    pub pieces: Vec<String>,
    /// How many of the puzzle's pieces (its kinds, in order) each entry declares: a set's
    /// members, or one.
    pub declares: Vec<usize>,
    /// Whether pieces may be turned over.
    pub reflect: bool,
    /// Whether one solution per symmetry class is asked (`symmetry: reduced`).
    pub reduced: bool,
    /// The other options' entries (`order: rows`), without the trailing comma.
    pub options: Vec<String>,
}

/// The most places a sketch's box is drawn with: an editor draws each, and past this many the
/// drawing helps nobody, while a box given by its sizes (`2000 x 2000 x 2000`) could ask for
/// billions.
pub const MAX_SKETCHED: i64 = 1 << 16;

/// `d` as a [`Sketch`], or why a drawing editor cannot hold it.
pub fn sketch(d: &Description) -> Result<Sketch, PrintError> {
    let unsketched = |what| Err(PrintError::Unsketched { what });
    if d.abstract_puzzle.is_some() {
        return unsketched("an abstract puzzle");
    }
    if d.colours.is_some() {
        return unsketched("colours");
    }
    if !d.restrictions.is_empty() {
        return unsketched("restricted placements");
    }
    if d.max_empty.is_some() {
        return unsketched("a bound on the cells left empty");
    }
    let mut figure = match &d.board {
        BoardSpec::Drawn(figure) => figure.clone(),
        BoardSpec::Block { extents, .. } => {
            let side = i64::from(d.grid.cube_side().unwrap_or(1));
            let places = (extents.iter())
                .try_fold(1i64, |n, (e, _)| n.checked_mul(i64::from(*e).max(0) * side));
            if places.is_none_or(|n| n > MAX_SKETCHED) {
                return unsketched("a box of more places than an editor draws");
            }
            block_figure(d, extents)?
        }
    };
    for (p, _) in &d.holes {
        put(&mut figure, p, chars::BOX_HOLE);
    }
    let rows = |f: &Figure| match f {
        Figure::Rows(drawing) => Some(drawing.rows.iter().map(|r| r.text.clone()).collect()),
        Figure::Layers { .. } => None,
    };
    let board: Option<Vec<Vec<String>>> = match &figure {
        Figure::Rows(_) => rows(&figure).map(|r| vec![r]),
        Figure::Layers { layers, .. } => layers.iter().map(rows).collect(),
    };
    let Some(board) = board else {
        return unsketched("a box of more than three axes");
    };
    let entries = piece_entries(d)?;
    let declares = entries.iter().map(|(_, _, n)| *n).collect();
    let pieces = entries.into_iter().map(|(e, _, _)| e).collect();
    let mut written = String::new();
    options(&mut written, d)?;
    let options = (written.lines())
        .map(|l| l.trim().trim_end_matches(',').to_owned())
        .filter(|l| !l.starts_with("reflect:") && l != "symmetry: reduced")
        .collect();
    Ok(Sketch {
        name: d.name.clone(),
        grid: d.grid,
        board,
        pieces,
        declares,
        reflect: d.reflect,
        reduced: matches!(d.symmetry, Symmetry::Reduced { piece: None }),
        options,
    })
}

/// The `order` entry, or `None` for the default.
fn order(scan: OrderChoice, lead: &Lead) -> Result<Option<String>, PrintError> {
    let scan_word = match scan {
        OrderChoice::Auto => "auto",
        OrderChoice::Rows => "rows",
        OrderChoice::Columns => "columns",
        OrderChoice::Listed => "listed",
        OrderChoice::Fewest => "fewest",
    };
    Ok(match (scan, lead) {
        (OrderChoice::Auto, Lead::Auto) => None,
        (_, Lead::Auto) => return Err(PrintError::Order),
        (OrderChoice::Auto, Lead::None) => Some("[auto, pieces]".to_owned()),
        (_, Lead::None) => Some(scan_word.to_owned()),
        (_, Lead::All) => Some(format!("[pieces, {scan_word}]")),
        (_, Lead::Named(names)) => {
            let mut parts = Vec::new();
            for (name, _) in names {
                parts.push(identifier(name, "piece")?);
            }
            parts.push(scan_word.to_owned());
            Some(format!("[{}]", parts.join(", ")))
        }
    })
}

/// The entries of `pieces: { ... }`: a whole built-in set, in order, as its word (flagged
/// `true` when it is written once, so that it may stand for the whole list), else each piece;
/// each with how many pieces it declares.
fn piece_entries(d: &Description) -> Result<Vec<(String, bool, usize)>, PrintError> {
    let mut out = Vec::new();
    let mut rest = &d.pieces[..];
    while let Some(first) = rest.first() {
        if let ShapeSpec::Member(set) = first.shape {
            let members = set.members();
            let run = rest.get(..members.len()).filter(|run| {
                run.iter().zip(&members).all(|(p, m)| {
                    p.name == m.name
                        && p.shape == first.shape
                        && p.count.0 == first.count.0
                        && !p.allow_disconnected
                        && p.glyph.is_none()
                })
            });
            if run.is_some() {
                let once = first.count.0 == Count::ONE;
                let copies = if once {
                    String::new()
                } else {
                    format!("{} x ", first.count.0)
                };
                out.push((format!("{copies}{set}"), once, members.len()));
                rest = &rest[members.len()..];
                continue;
            }
        }
        out.push((piece(d, first)?, false, 1));
        rest = &rest[1..];
    }
    Ok(out)
}

/// One piece: `#[allow(disconnected)]? (COUNT x)? NAME (: SHAPE)?`.
fn piece(d: &Description, p: &PieceSpec) -> Result<String, PrintError> {
    let mut out = String::new();
    if p.allow_disconnected {
        out.push_str("#[allow(disconnected)] ");
    }
    if let Some((glyph, _)) = p.glyph {
        let _ = write!(out, "#[glyph({glyph:?})] ");
    }
    if p.count.0 != Count::ONE {
        let _ = write!(out, "{} x ", p.count.0);
    }
    out.push_str(&identifier(&p.name, "piece")?);
    match &p.shape {
        ShapeSpec::Builtin => {}
        ShapeSpec::Drawing(figure) => {
            let _ = write!(out, ": {}", drawn(figure, 2, Rows::Listed));
        }
        ShapeSpec::Cells(cells) => {
            let coloured = (d.colours.iter())
                .flat_map(|spec| &spec.pieces)
                .find(|(name, c)| *name == p.name && !c.is_empty());
            match coloured {
                Some((_, coloured)) => {
                    let figure = coloured_piece(d.grid, cells, coloured)?;
                    let _ = write!(out, ": {}", drawn(&figure, 2, Rows::Listed));
                }
                None => {
                    let cells: Vec<String> = cells.iter().map(|(c, _)| point(c)).collect();
                    let _ = write!(out, ": [{}]", cells.join(", "));
                }
            }
        }
        ShapeSpec::Member(set) => {
            // A member without the rest of its set is written out as its cells.
            if let Some(m) = set.members().into_iter().find(|m| m.name == p.name) {
                let cells: Vec<String> = m.shape.cells().iter().map(|c| point(c)).collect();
                let _ = write!(out, ": [{}]", cells.join(", "));
            }
        }
    }
    Ok(out)
}

/// How a drawing's equal rows are written.
#[derive(Clone, Copy, PartialEq)]
enum Rows {
    /// Each one: a piece or a placement reads best drawn out.
    Listed,
    /// As one row and how often it repeats, where all are equal: a box that is a rectangle.
    Repeated,
}

/// A figure: a 2-D drawing on one line, layers one to a line at `indent` levels.
fn drawn(figure: &Figure, indent: usize, rows: Rows) -> String {
    match figure {
        Figure::Rows(drawing) => {
            let texts: Vec<String> = drawing
                .rows
                .iter()
                .map(|r| format!("{:?}", r.text))
                .collect();
            match texts.as_slice() {
                [first, rest @ ..]
                    if rows == Rows::Repeated
                        && !rest.is_empty()
                        && rest.iter().all(|r| r == first) =>
                {
                    format!("[{first}; {}]", texts.len())
                }
                _ => format!("[{}]", texts.join(", ")),
            }
        }
        Figure::Layers { layers, .. } => {
            let inner = "    ".repeat(indent + 1);
            let mut out = String::from("[\n");
            for layer in layers {
                let _ = writeln!(out, "{inner}{},", drawn(layer, indent + 1, rows));
            }
            out.push_str(&"    ".repeat(indent));
            out.push(']');
            out
        }
    }
}

/// The digit that draws `colour`.
fn digit(colour: u32) -> Result<char, PrintError> {
    match char::from_digit(colour, 10) {
        Some(ch) if colour != 0 => Ok(ch),
        _ => Err(PrintError::Colour { colour }),
    }
}

/// A figure `extents` large, each position drawn as `mark` says: rows in two axes, layers of
/// them in more.
fn figure_of(extents: &[i32], mark: &dyn Fn(&[i32]) -> char) -> Figure {
    match extents {
        [rows, columns] => Figure::Rows(Drawing::from_rows(
            &(0..*rows)
                .map(|r| (0..*columns).map(|c| mark(&[r, c])).collect::<String>())
                .collect::<Vec<_>>(),
        )),
        [layers, rest @ ..] => Figure::Layers {
            layers: (0..*layers)
                .map(|l| {
                    figure_of(rest, &|p: &[i32]| {
                        let at: Vec<i32> = std::iter::once(l).chain(p.iter().copied()).collect();
                        mark(&at)
                    })
                })
                .collect(),
            loc: Default::default(),
        },
        [] => Figure::Rows(Drawing::from_rows(&[String::new()])),
    }
}

/// A box given by its sizes drawn out: on a grid of parts of cubes, every part of its cubes.
fn block_figure(d: &Description, extents: &[(i32, Loc)]) -> Result<Figure, PrintError> {
    if extents.len() < 2 {
        return Err(PrintError::ColouredLine { what: "box" });
    }
    let scale = d.grid.cube_side().unwrap_or(1);
    let sizes: Vec<i32> = extents.iter().map(|(n, _)| n * scale).collect();
    let lattice = d.grid.lattice(sizes.len());
    Ok(figure_of(&sizes, &|p| match lattice.is_cell(p) {
        true => chars::BOX_CELL,
        false => ' ',
    }))
}

/// Puts `ch` at `p` of `figure`, whose position it is; the character it replaces.
fn put(figure: &mut Figure, p: &[i32], ch: char) -> Option<char> {
    match (figure, p) {
        (Figure::Layers { layers, .. }, [l, rest @ ..]) => {
            put(layers.get_mut(usize::try_from(*l).ok()?)?, rest, ch)
        }
        (Figure::Rows(drawing), [r, c]) => {
            let row = drawing.rows.get_mut(usize::try_from(*r).ok()?)?;
            let mut text: Vec<char> = row.text.chars().collect();
            let at = text.get_mut(usize::try_from(*c).ok()?)?;
            let was = std::mem::replace(at, ch);
            row.text = text.into_iter().collect();
            Some(was)
        }
        _ => None,
    }
}

/// A piece given by coordinates, some coloured, drawn: `#` for a cell of no colour and its
/// digit for a coloured one, moved as the lattice moves it to its place.
fn coloured_piece(
    grid: Grid,
    cells: &[(Vec<i32>, Loc)],
    coloured: &[(Vec<i32>, u32)],
) -> Result<Figure, PrintError> {
    let dims = cells.first().map_or(0, |(c, _)| c.len());
    if dims < 2 {
        return Err(PrintError::ColouredLine { what: "piece" });
    }
    let lattice = grid.lattice(dims);
    let mut moved: Vec<Vec<i32>> = cells.iter().map(|(c, _)| c.clone()).collect();
    let shift = lattice.normalising_shift(&moved).unwrap_or_default();
    lattice.normalise(&mut moved);
    let extents: Vec<i32> = (0..dims)
        .map(|axis| moved.iter().map(|c| c[axis] + 1).max().unwrap_or(1))
        .collect();
    let mut colours = Vec::new();
    for (p, colour) in coloured {
        let at: Vec<i32> = p.iter().zip(&shift).map(|(a, b)| a + b).collect();
        colours.push((at, digit(*colour)?));
    }
    let empty = match grid {
        Grid::Square => chars::PIECE_EMPTY,
        _ => ' ',
    };
    Ok(figure_of(
        &extents,
        &|p| match colours.iter().find(|(at, _)| at == p) {
            Some((_, d)) => *d,
            None if moved.iter().any(|c| c == p) => chars::PIECE_CELL,
            None => empty,
        },
    ))
}

/// `(x, y, ...)`.
fn point(p: &[i32]) -> String {
    let coordinates: Vec<String> = p.iter().map(i32::to_string).collect();
    format!("({})", coordinates.join(", "))
}

/// An aspect's name: bare where the language reads it back as written, else a string.
fn aspect(name: &str) -> String {
    let number = !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit());
    if is_identifier(name) || number {
        name.to_owned()
    } else {
        format!("{name:?}")
    }
}

/// `name`, if it is an identifier the language reads as a name.
fn identifier(name: &str, what: &'static str) -> Result<String, PrintError> {
    if is_identifier(name) {
        Ok(name.to_owned())
    } else {
        Err(PrintError::Name {
            name: name.to_owned(),
            what,
            suggestion: to_identifier(name),
        })
    }
}

/// Whether `name` is a Rust identifier that is not a keyword.
pub fn is_identifier(name: &str) -> bool {
    // Every keyword is ASCII letters, at most eight of them, and lower case but for `Self`:
    // a name of identifier characters that is longer, or holds a digit or another capital,
    // is no keyword. Such names (`p00`, `r1c1v9`) are most of a large exact-cover file's, and
    // asking the parser of each costs more than the rest of printing it.
    let ascii = name
        .bytes()
        .enumerate()
        .all(|(i, b)| b == b'_' || b.is_ascii_alphabetic() || (i > 0 && b.is_ascii_digit()));
    let no_keyword = name.len() > 8
        || name.bytes().any(|b| b.is_ascii_digit())
        || (name != "Self" && name.bytes().any(|b| b.is_ascii_uppercase()));
    if ascii && no_keyword {
        return true;
    }
    syn::parse_str::<syn::Ident>(name).is_ok()
}

/// An identifier made from `name`: characters an identifier cannot hold become `_`, and a
/// name that starts with a digit or is a keyword gets a leading `P`.
pub fn to_identifier(name: &str) -> String {
    let mut id: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if id.is_empty() || id == "_" {
        return "P".to_owned();
    }
    if !is_identifier(&id) {
        id.insert(0, 'P');
    }
    if is_identifier(&id) {
        id
    } else {
        "P".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_str;
    use crate::piece_set::PieceSet;
    use crate::Puzzle;

    #[test]
    fn identifiers_are_told_as_the_parser_tells_them() {
        let names = [
            "p00",
            "r1c1v9",
            "Self",
            "self",
            "SELF",
            "continue",
            "continues",
            "abstract",
            "Abstract",
            "_",
            "__",
            "_1",
            "1a",
            "a-b",
            "a b",
            "",
            "x",
            "X",
            "fn",
            "Fn",
            "yield",
            "dyn",
            "union",
            "café",
            "a1_",
            "typeof",
            "override8",
            "Σ",
        ];
        for name in names {
            let parsed = syn::parse_str::<syn::Ident>(name).is_ok();
            assert_eq!(is_identifier(name), parsed, "{name:?}");
        }
    }

    /// The description printed and read back gives the same puzzle.
    fn round_trip(d: &Description) -> String {
        let text = source(d).unwrap();
        let parsed = parse_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(parsed.len(), 1);
        let back = &parsed[0].description;
        let (a, b) = (Puzzle::new(d).unwrap(), Puzzle::new(back).unwrap());
        use puzzlec_runtime::Solver;
        assert_eq!(a.info(), b.info(), "{text}");
        text
    }

    fn sketched(text: &str) -> Result<Sketch, PrintError> {
        sketch(&parse_str(text).unwrap()[0].description)
    }

    #[test]
    fn a_sketch_draws_the_box_and_lists_the_entries() {
        let s = sketched(
            "mod p { box: 3 x 4, holes: [(1, 1)], pieces: { 2 x tetrominoes, A: [\"##\"] }, \
             reflect: false, symmetry: reduced, order: rows }",
        )
        .unwrap();
        assert_eq!(s.board, vec![vec!["....", ".#..", "...."]]);
        assert_eq!(s.pieces, ["2 x tetrominoes", "A: [\"##\"]"]);
        assert!(!s.reflect && s.reduced);
        assert_eq!(s.options, ["order: rows"]);
        let s =
            sketched("mod q { box: [[\"..\", \".#\"], [\"..\", \"..\"]], pieces: soma }").unwrap();
        assert_eq!(s.board, vec![vec!["..", ".#"], vec!["..", ".."]]);
        assert_eq!(
            (s.pieces.as_slice(), s.reflect, s.reduced),
            (&["soma".to_owned()][..], true, false)
        );
        let s =
            sketched("mod r { grid: hexagonal, box: [\" . .\", \". . .\"], pieces: tetrahexes }");
        assert_eq!(s.unwrap().grid, Grid::Hexagonal);
        let abstract_puzzle = sketched("mod a { aspects: [x, y], embeddings: [[x, y]] }");
        assert!(matches!(
            abstract_puzzle,
            Err(PrintError::Unsketched { .. })
        ));
        let four = sketched("mod f { box: 2 x 2 x 2 x 2, pieces: { 8 x D: [\"##\"] } }");
        assert!(matches!(four, Err(PrintError::Unsketched { .. })));
        let huge = sketched("mod h { box: 2000 x 2000 x 2000, pieces: soma }");
        assert!(matches!(huge, Err(PrintError::Unsketched { .. })));
    }

    #[test]
    fn a_box_with_every_option_reads_back() {
        let d = Description::report_example()
            .order(OrderChoice::Columns)
            .eliminate(false)
            .sharing(false)
            .prune(Prune::Off)
            .cache(Cache::On)
            .restrict("C", &[&[".#.", "##."], &["..#", ".##"]]);
        let text = round_trip(&d);
        assert!(text.contains("order: columns,"), "{text}");
        let d = Description::new("cube")
            .block(&[2, 2, 2])
            .holes(&[&[1, 1, 1]])
            .piece_cells("L", &[&[0, 0, 0], &[1, 0, 0], &[0, 1, 0]])
            .piece("D", &["##"])
            .copies(2)
            .reflect(false)
            .symmetry(Symmetry::Reduced {
                piece: Some(("L".to_owned(), Default::default())),
            })
            .pieces_first(true);
        let text = round_trip(&d);
        assert!(text.contains("2 x D: [\"##\"]"), "{text}");
        assert!(text.contains("order: [pieces, auto],"), "{text}");
    }

    #[test]
    fn layers_and_the_pentominoes_read_back() {
        let d = Description::new("p")
            .layers(&[&["....", "...."], &["....", "#..#"]])
            .piece("P", &["##", "##", "#."])
            .piece("S", &["#.", "##", ".#"])
            .piece("L", &["####", "#..."])
            .lead(Lead::Named(vec![("S".to_owned(), Default::default())]));
        round_trip(&d);
        let d = Description::new("p6x10")
            .board(&[".........."; 6])
            .pentominoes()
            .symmetry(Symmetry::Reduced { piece: None });
        let text = round_trip(&d);
        assert!(text.contains("pieces: pentominoes,"), "{text}");
        assert!(text.contains(r#"box: [".........."; 6],"#), "{text}");
    }

    #[test]
    fn plane_grids_read_back() {
        let d = Description::new("hexiamonds")
            .grid(Grid::Triangular)
            .board(&[
                "  ...........",
                " .............",
                "......   ......",
                "......   ......",
                " .............",
                "  ...........",
            ])
            .set(PieceSet::named("hexiamonds", None, None).unwrap())
            .symmetry(Symmetry::Reduced { piece: None });
        let text = round_trip(&d);
        assert!(text.contains("grid: triangular,"), "{text}");
        // A set with a piece left out is written as its pieces, the members by their cells.
        let mut part = Description::new("tetrahexes")
            .grid(Grid::Hexagonal)
            .board(&[". . . .", " . . . .", "  . . . ."])
            .set(PieceSet::named("tetrahexes", None, None).unwrap());
        part.pieces.truncate(3);
        let text = round_trip(&part);
        assert!(text.contains("grid: hexagonal,"), "{text}");
    }

    /// Colours given by coordinates (a BurrTools file's) are written as digits in drawings of
    /// the box, holes and all, and of the coloured pieces; what may cover what as `colours`.
    #[test]
    fn colours_read_back_as_digits() {
        let mut d = Description::new("coloured")
            .block(&[4, 4])
            .holes(&[&[1, 1]])
            .piece_cells("R", &[&[0, 0], &[0, 1], &[1, 0]])
            .copies(2)
            .piece_cells("P", &[&[0, 0], &[0, 1], &[1, 1]])
            .piece_cells("L", &[&[4, 4], &[5, 4], &[6, 4], &[6, 5]])
            .piece_cells("D", &[&[0, 0], &[0, 1]])
            .symmetry(Symmetry::Reduced { piece: None });
        d.colours = Some(crate::description::ColourSpec {
            cells: vec![(vec![0, 0], 1), (vec![2, 3], 2), (vec![2, 0], 1)],
            pieces: vec![
                ("R".to_owned(), vec![(vec![0, 0], 1)]),
                ("L".to_owned(), vec![(vec![6, 5], 2)]),
            ],
            allowed: vec![(1, 1), (2, 2), (2, 1)],
            loc: Loc::default(),
        });
        let text = round_trip(&d);
        assert!(
            text.contains(r##"box: ["1...", ".#..", "1..2", "...."],"##),
            "{text}"
        );
        assert!(text.contains("colours: { 1: [1], 2: [2, 1] },"), "{text}");
        assert!(text.contains(r##"2 x R: ["1#", "#."]"##), "{text}");
        assert!(text.contains(r##"L: ["#.", "#.", "#2"]"##), "{text}");
        assert!(text.contains("P: [(0, 0), (0, 1), (1, 1)]"), "{text}");
        assert!(!text.contains("holes"), "{text}");
        // No constraints given, none allowed: every coloured cell takes only pieces of no colour.
        d.colours.as_mut().unwrap().allowed.clear();
        assert!(round_trip(&d).contains("colours: {},"));
        // Past the digits, no text.
        d.colours.as_mut().unwrap().cells[0].1 = 12;
        assert_eq!(source(&d), Err(PrintError::Colour { colour: 12 }));
        // Nor for a cell that may stay empty with a colour (a BurrTools file's coloured `+`),
        // which a digit would make a cell to cover.
        d.colours.as_mut().unwrap().cells[0].1 = 1;
        d.board = BoardSpec::Drawn(Figure::Rows(Drawing::from_rows(&["+...", ".#..", "...."])));
        d.holes.clear();
        let cell = "0, 0".to_owned();
        assert_eq!(
            source(&d),
            Err(PrintError::ColouredOptional { cell, colour: 1 })
        );
    }

    #[test]
    fn built_in_sets_read_back_as_written() {
        let d = Description::new("mixed")
            .block(&[2, 2, 5])
            .set(PieceSet::named("polyominoes", Some(3), None).unwrap())
            .builtin("I")
            .set(PieceSet::named("polyominoes", Some(2), None).unwrap())
            .set(PieceSet::named("polyominoes", Some(1), None).unwrap());
        let mut d = d.reflect(false);
        d.pieces[0].count.0 = Count::exactly(2);
        d.pieces[1].count.0 = Count::exactly(2);
        let text = round_trip(&d);
        assert!(
            text.contains(
                "2 x polyominoes(3),\n        I,\n        polyominoes(2),\n        polyominoes(1),"
            ),
            "{text}"
        );
        let soma = Description::new("soma")
            .block(&[3, 3, 3])
            .set(PieceSet::Soma)
            .reflect(false);
        assert!(round_trip(&soma).contains("pieces: soma,"));
        // A set with a piece left out is written as its pieces, the members by their cells.
        let mut part = soma.clone();
        part.pieces.remove(0);
        part.holes = vec![
            (vec![0, 0, 0], Default::default()),
            (vec![1, 0, 0], Default::default()),
            (vec![0, 1, 0], Default::default()),
        ];
        let text = round_trip(&part);
        assert!(
            text.contains("L: [(0, 0, 0), (0, 1, 0), (1, 0, 0), (2, 0, 0)],"),
            "{text}"
        );
    }

    #[test]
    fn abstract_puzzles_read_back_with_any_names() {
        let d = Description::new("odd").abstract_puzzle(
            &["a", "r1c2", "7", "with space", "0"],
            &["0"],
            &[
                &["a", "r1c2"],
                &["7", "with space", "0"],
                &["a", "7", "with space"],
                &["r1c2"],
            ],
        );
        let text = round_trip(&d);
        assert!(text.contains("\"with space\""), "{text}");
        for (order, word) in [
            (OrderChoice::Listed, "listed"),
            (OrderChoice::Fewest, "fewest"),
        ] {
            let text = round_trip(&d.clone().order(order));
            assert!(text.contains(&format!("order: {word},")), "{text}");
        }
        // Colours, of any name, read back as the same puzzle.
        let text = "mod c { aspects: [a, b, x, \"y z\"], optional: [x, \"y z\"], embeddings: [[a, x: red, \"y z\": 1], [b, x: red], [b, \"y z\": \"two words\"]] }";
        let parsed = parse_str(text).unwrap();
        let printed = round_trip(&parsed[0].description);
        assert!(printed.contains("[a, x: red, \"y z\": 1],"), "{printed}");
        assert!(
            printed.contains("[b, \"y z\": \"two words\"],"),
            "{printed}"
        );
        // Counts of times, a name that is a number among them.
        let text =
            "mod n { aspects: [2 x a, 0..=3 x 7, 7x, c], embeddings: [[a, 7], [a, \"7x\", c]] }";
        let parsed = parse_str(text).unwrap();
        let printed = round_trip(&parsed[0].description);
        assert!(
            printed.contains("aspects: [2 x a, 0..=3 x 7, \"7x\", c],"),
            "{printed}"
        );
    }

    #[test]
    fn names_the_language_cannot_hold_are_errors() {
        let d = Description::new("two words")
            .piece("A", &["#"])
            .board(&["."]);
        assert!(
            matches!(source(&d), Err(PrintError::Name { suggestion, .. }) if suggestion == "two_words")
        );
        let d = Description::report_example()
            .order(OrderChoice::Rows)
            .lead(Lead::Auto);
        assert_eq!(source(&d), Err(PrintError::Order));
        assert_eq!(to_identifier("3d"), "P3d");
        assert_eq!(to_identifier("fn"), "Pfn");
        assert_eq!(to_identifier("-"), "P");
    }
}
