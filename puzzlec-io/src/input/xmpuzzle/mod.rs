//! BurrTools' `.xmpuzzle` files: XML, gzip-compressed or plain, as BurrTools reads both.
//!
//! A file holds shapes (`<voxel x= y= z= type="0">` with one character per voxel, x fastest,
//! then y, then z: `#` filled, `_` empty, `+` variable) and problems (`<problem>`: its pieces,
//! `<shape id= count=>` in `<shapes>`, and the shape to fill, `<result id=>`). Three of its grids
//! are read (`BurrGrid`): cubes, triangular prisms and spheres. A flat problem of cubes
//! (every shape one voxel thick along z) becomes a 2-D puzzle whose pieces may be turned over;
//! any other a 3-D puzzle whose pieces may be turned over only where that is a rotation (each
//! piece is its own mirror image), as real pieces move. Solutions are counted once per symmetry
//! class, as BurrTools does, unless `--all`.

use std::io::Read;
use std::ops::Range;
use std::path::Path;

use puzzlec::compiler::description::{
    chars, BoardSpec, ColourSpec, Count, Drawing, Figure, Grid, Loc, PieceSpec, Row, ShapeSpec,
};
use puzzlec::compiler::geometry::Shape;
use puzzlec::compiler::{Description, Symmetry};
use puzzlec::disassembly::{LazyLayout, Rules};
use puzzlec::Lattice;
use roxmltree::{Document, Node};

mod layout;

use super::diagnostic::{Diagnostic, InputError, Lines};
use super::{name_from_path, Asking, Choice, Format, Loaded, Locs};

/// The grids of BurrTools this reader takes (`<gridType type=...>`): type 0 cubes, 1
/// triangular prisms, 2 spheres, 3 rhombic tetrahedra and 4 tetrahedra and octahedra, each
/// the language's lattice of that grid, which maps BurrTools' voxel (x, y, z) to its cell
/// (`Lattice::from_voxel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BurrGrid {
    Cubes,
    Prisms,
    Spheres,
    Rhombic,
    TetrahedraOctahedra,
}

impl BurrGrid {
    /// The grid of a `<gridType type=...>`, or what to say about a type this reader does not
    /// take.
    fn of(kind: Option<&str>) -> Result<BurrGrid, String> {
        match kind {
            Some("0") => Ok(BurrGrid::Cubes),
            Some("1") => Ok(BurrGrid::Prisms),
            Some("2") => Ok(BurrGrid::Spheres),
            Some("3") => Ok(BurrGrid::Rhombic),
            Some("4") => Ok(BurrGrid::TetrahedraOctahedra),
            kind => Err(format!(
                "`{}` is not a BurrTools grid type: expected 0 (cubes), 1 (triangular prisms), \
                 2 (spheres), 3 (rhombic tetrahedra) or 4 (tetrahedra and octahedra)",
                kind.unwrap_or("")
            )),
        }
    }

    /// The grid's lattice, in three axes.
    fn lattice(self) -> Lattice {
        match self {
            BurrGrid::Cubes => Lattice::cubic(3),
            BurrGrid::Prisms => Lattice::TriangularPrisms,
            BurrGrid::Spheres => Lattice::Spheres { dims: 3 },
            BurrGrid::Rhombic => Lattice::RhombicTetrahedra,
            BurrGrid::TetrahedraOctahedra => Lattice::TetrahedraOctahedra,
        }
    }

    /// The language's cell at voxel (x, y, z); `None` for a voxel that is no cell of the grid.
    fn cell(self, voxel: [i32; 3]) -> Option<Vec<i32>> {
        self.lattice().from_voxel(voxel)
    }

    /// The grid's name and number, and where its cells are, for a voxel filled off them.
    fn rule(self) -> (&'static str, &'static str) {
        let name = match self {
            BurrGrid::Cubes | BurrGrid::Prisms => "",
            BurrGrid::Spheres => "the sphere grid (type 2)",
            BurrGrid::Rhombic => "the grid of rhombic tetrahedra (type 3)",
            BurrGrid::TetrahedraOctahedra => "the grid of tetrahedra and octahedra (type 4)",
        };
        (name, self.lattice().voxel_rule().unwrap_or_default())
    }
}

/// The text of an element, where it has words.
fn words(node: Node) -> Option<String> {
    let words: String = (node.descendants())
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let words = words.trim();
    (!words.is_empty()).then(|| words.to_owned())
}

/// A shape as the file gives it.
struct Voxels {
    /// Its size along x, y and z.
    size: [i32; 3],
    /// Its name, if it has one.
    name: Option<String>,
    /// The filled voxels, as (x, y, z), each with the bytes of its character.
    filled: Vec<([i32; 3], Range<usize>)>,
    /// The empty voxels inside its block.
    empty: Vec<[i32; 3]>,
    /// The variable voxels (`+`): in a result, cells that may stay empty; in a piece, voxels
    /// BurrTools' solver leaves out.
    variable: Vec<([i32; 3], Range<usize>)>,
    /// The voxels of a colour (the number after a voxel's character, from 1), with where the
    /// number was written.
    colours: Vec<([i32; 3], u32, Range<usize>)>,
    /// Its weight (`weight=`, 1 where not given): in a disassembly the heavier side of a move
    /// stays.
    weight: i32,
    /// Its hotspot (`hx= hy= hz=`, the origin where not given): the voxel BurrTools places
    /// it by, which orders its placements.
    hotspot: [i32; 3],
    /// The element.
    range: Range<usize>,
}

/// Reads an `.xmpuzzle` file's bytes; `choice.problem` picks one of several problems, by
/// number (from 1) or by name.
pub fn read(path: &Path, bytes: &[u8], choice: &Choice) -> Result<Loaded, InputError> {
    let bytes = decompress(path, bytes)?;
    // BurrTools writes its comments in the 8-bit encoding of the machine it ran on, with no
    // declaration; such a file is read as Latin-1, where every byte is a character.
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    let mut reader = Reader {
        text: &text,
        mistakes: Vec::new(),
        warnings: Vec::new(),
        locs: Locs::new(0..0),
        asking: choice.asking,
        comment: None,
        disassembly: Rules::default(),
    };
    let description = reader.puzzle(path, choice.problem.as_deref());

    let Reader {
        mistakes,
        warnings,
        locs,
        comment,
        disassembly,
        ..
    } = reader;
    match description {
        Some(description) if mistakes.is_empty() => Ok(Loaded {
            path: path.to_owned(),
            format: Format::Xmpuzzle,
            description,
            locs: locs.into_ranges(),
            text,
            warnings,
            comment,
            disassembly,
        }),
        _ => Err(InputError::new(path, Some(&text), mistakes)),
    }
}

/// The XML, unpacked if it is gzip-compressed.
/// The most a gzip-compressed file may unpack to: far more than any puzzle needs, and a bound
/// on the memory a small file crafted to unpack for ever can take.
pub const MAX_UNPACKED: u64 = 64 << 20;

/// The problems of an `.xmpuzzle` file's bytes, in order, each with its name where it has
/// one: what a program offers to choose from. None where the file cannot be read.
pub fn problems(bytes: &[u8]) -> Vec<Option<String>> {
    let Ok(bytes) = decompress(Path::new("problems"), bytes) else {
        return Vec::new();
    };
    let text: String = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    let Ok(document) = Document::parse(&text) else {
        return Vec::new();
    };
    let problems = child(document.root_element(), "problems");
    (problems.into_iter())
        .flat_map(|p| children(p, "problem"))
        .map(|p| {
            p.attribute("name")
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
        })
        .collect()
}

fn decompress(path: &Path, bytes: &[u8]) -> Result<Vec<u8>, InputError> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes.to_vec());
    }
    let mut out = Vec::new();
    // One byte past the limit says the file unpacks to more than it.
    let read = flate2::read::GzDecoder::new(bytes)
        .take(MAX_UNPACKED + 1)
        .read_to_end(&mut out);
    if read.is_ok() && out.len() as u64 > MAX_UNPACKED {
        return Err(InputError::file(
            path,
            format!(
                "`{}` unpacks to more than {} MiB, the most a puzzle file may hold",
                path.display(),
                MAX_UNPACKED >> 20
            ),
        ));
    }
    read.map_err(|e| {
        InputError::file(
            path,
            format!(
                "`{}` is gzip-compressed but cannot be unpacked: {e}",
                path.display()
            ),
        )
    })?;
    Ok(out)
}

struct Reader<'t> {
    text: &'t str,
    mistakes: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    locs: Locs,
    /// How the reader's caller asks for a problem, for the message where none is chosen.
    asking: Asking,
    /// The puzzle's `<comment>`, where it has words.
    comment: Option<String>,
    /// What the chosen problem says of taking its assemblies apart.
    disassembly: Rules,
}

impl Reader<'_> {
    fn error(&mut self, range: Range<usize>, message: impl Into<String>) {
        self.mistakes.push(Diagnostic::at(range, message));
    }

    /// The puzzle of the chosen problem; `None` (with the mistakes recorded) if there is none.
    fn puzzle(&mut self, path: &Path, problem: Option<&str>) -> Option<Description> {
        let document = match Document::parse(self.text) {
            Ok(document) => document,
            Err(e) => {
                let pos = e.pos();
                let at = Lines::new(self.text).byte(pos.row as usize, pos.col as usize - 1);
                let message = format!("not well-formed XML: {e}");
                self.error(at..at, message);
                return None;
            }
        };
        let root = document.root_element();
        if root.tag_name().name() != "puzzle" {
            let found = root.tag_name().name().to_owned();
            self.error(
                root.range(),
                format!("expected a BurrTools puzzle (`<puzzle>`), found `<{found}>`"),
            );
            return None;
        }
        self.locs = Locs::new(start_tag(self.text, root));
        self.comment = child(root, "comment").and_then(words);
        // Files of old versions give no grid: cubes.
        let grid = match child(root, "gridType") {
            Some(node) => match BurrGrid::of(node.attribute("type")) {
                Ok(grid) => grid,
                Err(message) => {
                    self.error(start_tag(self.text, node), message);
                    BurrGrid::Cubes
                }
            },
            None => BurrGrid::Cubes,
        };
        let shapes: Vec<Option<Voxels>> = child(root, "shapes")
            .map(|s| children(s, "voxel").map(|v| self.voxels(v)).collect())
            .unwrap_or_default();
        let colour_count = child(root, "colors").map_or(0, |c| children(c, "color").count());
        for shape in shapes.iter().flatten() {
            self.on_grid(grid, shape);
            for (_, colour, at) in &shape.colours {
                if *colour as usize > colour_count {
                    let message = format!(
                        "colour {colour} is out of range: the file defines {colour_count} \
                         colour{} (`<colors>`)",
                        if colour_count == 1 { "" } else { "s" }
                    );
                    self.error(at.clone(), message);
                }
            }
        }
        let problems: Vec<Node<'_, '_>> = child(root, "problems")
            .map(|p| children(p, "problem").collect())
            .unwrap_or_default();
        let problem = self.problem(&problems, problem, root)?;
        // In a file of several problems the file's name alone does not say which was solved.
        let name = match problems.iter().position(|p| *p == problem) {
            Some(i) if problems.len() > 1 => {
                let label = match problem.attribute("name") {
                    Some(name) if !name.is_empty() => name.to_owned(),
                    _ => (i + 1).to_string(),
                };
                let stem = name_from_path(path);
                puzzlec::compiler::print::to_identifier(&format!("{stem} {label}"))
            }
            _ => name_from_path(path),
        };
        self.describe(name, (grid, colour_count), problem, &shapes)
    }

    /// The chosen problem.
    fn problem<'a, 'i>(
        &mut self,
        problems: &[Node<'a, 'i>],
        choice: Option<&str>,
        root: Node<'a, 'i>,
    ) -> Option<Node<'a, 'i>> {
        let names: Vec<String> = problems
            .iter()
            .enumerate()
            .map(|(i, p)| match p.attribute("name") {
                Some(name) if !name.is_empty() => format!("{} `{name}`", i + 1),
                _ => (i + 1).to_string(),
            })
            .collect();
        let whole = start_tag(self.text, root);
        match (problems, choice) {
            ([], _) => {
                self.error(whole, "the file has no problem (`<problem>`) to solve");
                None
            }
            ([only], None) => Some(*only),
            (_, None) => {
                self.mistakes.push(
                    Diagnostic::at(whole, format!("the file has {} problems", problems.len()))
                        .note(format!(
                            "choose one with {}: {}",
                            self.asking.problem,
                            names.join(", ")
                        )),
                );
                None
            }
            (_, Some(choice)) => {
                let by_number = choice
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| problems.get(i));
                let by_name = problems
                    .iter()
                    .find(|p| p.attribute("name") == Some(choice));
                match by_number.or(by_name) {
                    Some(p) => Some(*p),
                    None => {
                        self.mistakes.push(
                            Diagnostic::at(whole, format!("the file has no problem `{choice}`"))
                                .note(format!("its problems: {}", names.join(", "))),
                        );
                        None
                    }
                }
            }
        }
    }

    /// One shape; `None` (with the mistakes recorded) if it cannot be read.
    fn voxels(&mut self, node: Node<'_, '_>) -> Option<Voxels> {
        let tag = start_tag(self.text, node);
        let mut size = [0; 3];
        for (axis, name) in ["x", "y", "z"].iter().enumerate() {
            match node.attribute(*name).map(str::parse::<i32>) {
                Some(Ok(n)) if (1..=1000).contains(&n) => size[axis] = n,
                _ => {
                    self.error(
                        tag.clone(),
                        format!("a shape needs its size `{name}`, a whole number from 1 to 1000"),
                    );
                    return None;
                }
            }
        }
        if node.attribute("type").is_some_and(|t| t != "0") {
            self.error(tag, "only voxel spaces of type 0 are supported");
            return None;
        }
        let (content, start) = match node.first_child().filter(|c| c.is_text()) {
            Some(t) => (t.text().unwrap_or(""), t.range().start),
            None => ("", tag.end),
        };
        let volume = (size[0] * size[1] * size[2]) as usize;
        let mut filled = Vec::new();
        let mut empty = Vec::new();
        let mut variable = Vec::new();
        let mut colours: Vec<([i32; 3], u32, Range<usize>)> = Vec::new();
        // The last voxel read, which digits after it colour, and whether they have begun.
        let mut last: Option<[i32; 3]> = None;
        let mut colouring = false;
        let mut index = 0usize;
        let mut bad = false;
        for (at, c) in content.char_indices() {
            let range = start + at..start + at + c.len_utf8();
            let point = |i: usize| {
                let i = i as i32;
                [i % size[0], i / size[0] % size[1], i / (size[0] * size[1])]
            };
            if !c.is_ascii_digit() {
                colouring = false;
                last = matches!(c, '#' | '_' | '+').then(|| point(index));
            }
            match c {
                '#' | '_' | '+' if index >= volume => {
                    index += 1;
                }
                '#' => {
                    filled.push((point(index), range));
                    index += 1;
                }
                '_' => {
                    empty.push(point(index));
                    index += 1;
                }
                '+' => {
                    variable.push((point(index), range));
                    index += 1;
                }
                '0'..='9' => {
                    let digit = c.to_digit(10).unwrap_or(0);
                    match (last, colouring, colours.last_mut()) {
                        (Some(_), true, Some((_, colour, at))) => {
                            *colour = colour.saturating_mul(10).saturating_add(digit);
                            at.end = range.end;
                        }
                        (Some(p), _, _) => {
                            colours.push((p, digit, range));
                            colouring = true;
                        }
                        (None, ..) => {
                            self.error(range, "a colour number with no voxel before it");
                            bad = true;
                        }
                    }
                }
                c if c.is_whitespace() => {}
                c => {
                    self.error(
                        range,
                        format!("`{c}` is not a voxel: expected `#`, `_` or `+`"),
                    );
                    bad = true;
                }
            }
        }
        if index != volume && !content.is_empty() {
            let message = format!(
                "the shape has {index} voxels, but its size {} x {} x {} makes {volume}",
                size[0], size[1], size[2]
            );
            let end = start + content.len();
            self.error(start..end.max(start + 1).min(self.text.len()), message);
            bad = true;
        }
        let weight = match node.attribute("weight").map(str::parse::<i32>) {
            None => 1,
            Some(Ok(w)) => w,
            Some(Err(_)) => {
                self.error(tag.clone(), "`weight` must be a whole number");
                return None;
            }
        };
        let mut hotspot = [0; 3];
        for (axis, name) in ["hx", "hy", "hz"].iter().enumerate() {
            match node.attribute(*name).map(str::parse::<i32>) {
                None => {}
                Some(Ok(n)) if (-1000..=1000).contains(&n) => hotspot[axis] = n,
                Some(_) => {
                    self.error(
                        tag.clone(),
                        format!("`{name}` must be a whole number from -1000 to 1000"),
                    );
                    return None;
                }
            }
        }
        (!bad).then(|| Voxels {
            size,
            weight,
            hotspot,
            name: node
                .attribute("name")
                .filter(|n| !n.is_empty())
                .map(str::to_owned),
            filled,
            empty,
            variable,
            colours: colours.into_iter().filter(|c| c.1 > 0).collect(),
            range: tag,
        })
    }

    /// Records a filled voxel the grid has no cell at (on the sphere grid, one where x + y + z
    /// is odd), which BurrTools' editor cannot fill and its solver would pass over, so that a
    /// file of another grid read as this one is not silently solved without some of its
    /// cells.
    fn on_grid(&mut self, grid: BurrGrid, shape: &Voxels) {
        let off = (shape.filled.iter()).find(|(p, _)| grid.cell(*p).is_none());
        if let Some(([x, y, z], range)) = off {
            let count = (shape.filled.iter())
                .filter(|(p, _)| grid.cell(*p).is_none())
                .count();
            let (name, rule) = grid.rule();
            self.mistakes.push(
                Diagnostic::at(
                    range.clone(),
                    format!(
                        "the voxel at ({x}, {y}, {z}) is filled, but {name} has no cell there \
                         ({count} such in this shape)"
                    ),
                )
                .note(format!("{rule}: is the grid type right?")),
            );
        }
    }

    /// The colour pairs a problem allows (`<bitmap>`'s `<pair piece= result=>`, colours from
    /// 0 there), as (piece colour, box colour) from 1.
    /// The groups of a piece (`group=` for all its copies, or `<group group= count=>` each),
    /// as (group, copies); group 0 is none, as BurrTools has it.
    fn groups(&mut self, part: Node<'_, '_>, copies: u32) -> Vec<(u32, u32)> {
        let number = |this: &mut Self, node: Node<'_, '_>, name: &str| -> Option<u32> {
            let value = node.attribute(name)?;
            match value.parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    let range = start_tag(this.text, node);
                    this.error(range, format!("`{name}` must be a whole number"));
                    None
                }
            }
        };
        let mut groups = Vec::new();
        if let Some(g) = number(self, part, "group") {
            groups.push((g, copies));
        }
        for node in children(part, "group") {
            if let (Some(g), Some(n)) = (number(self, node, "group"), number(self, node, "count")) {
                groups.push((g, n));
            }
        }
        groups.retain(|&(g, n)| g != 0 && n != 0);
        groups
    }

    fn allowed_colours(&mut self, problem: Node<'_, '_>, count: usize) -> Vec<(u32, u32)> {
        let mut allowed = Vec::new();
        for pair in child(problem, "bitmap")
            .into_iter()
            .flat_map(|b| children(b, "pair"))
        {
            let colour = |name| pair.attribute(name).and_then(|v| v.parse::<u32>().ok());
            match (colour("piece"), colour("result")) {
                (Some(p), Some(r)) if (p as usize) < count && (r as usize) < count => {
                    allowed.push((p + 1, r + 1));
                }
                _ => {
                    let message = format!(
                        "a colour pair must give `piece` and `result`, each a colour from 0 to \
                         {} of the file's {count}",
                        count.saturating_sub(1)
                    );
                    self.error(start_tag(self.text, pair), message);
                }
            }
        }
        allowed
    }

    /// The problem as a description: its result shape the box, its parts the pieces.
    fn describe(
        &mut self,
        name: String,
        (grid, colour_count): (BurrGrid, usize),
        problem: Node<'_, '_>,
        shapes: &[Option<Voxels>],
    ) -> Option<Description> {
        let tag = start_tag(self.text, problem);
        let shape_at = |this: &mut Self, node: Node<'_, '_>| -> Option<usize> {
            let range = start_tag(this.text, node);
            match node.attribute("id").map(str::parse::<usize>) {
                Some(Ok(id)) if id < shapes.len() => Some(id),
                _ => {
                    let message = format!(
                        "`id` must name one of the file's {} shapes (from 0)",
                        shapes.len()
                    );
                    this.error(range, message);
                    None
                }
            }
        };
        let result = match child(problem, "result") {
            Some(r) => shape_at(self, r),
            None => {
                self.error(
                    tag.clone(),
                    "the problem has no result shape (`<result id=...>`)",
                );
                None
            }
        };
        let mut parts = Vec::new();
        for part in child(problem, "shapes")
            .into_iter()
            .flat_map(|s| children(s, "shape"))
        {
            let range = start_tag(self.text, part);
            let Some(id) = shape_at(self, part) else {
                continue;
            };
            let number = |text: &str| text.parse::<u32>().ok();
            let count = match (
                part.attribute("count"),
                part.attribute("min"),
                part.attribute("max"),
            ) {
                (Some(n), _, _) => number(n).map(Count::exactly),
                (None, Some(min), Some(max)) => number(min)
                    .zip(number(max))
                    .map(|(min, max)| Count { min, max }),
                _ => Some(Count::ONE),
            };
            match count {
                Some(c) if c.max == 0 => {
                    self.error(range, "a piece count of 0: leave the piece out instead");
                }
                Some(c) if c.min > c.max => {
                    self.error(range, "the piece's `min` is more than its `max`");
                }
                Some(c) => {
                    let groups = self.groups(part, c.max);
                    parts.push((id, c, range, groups));
                }
                None => self.error(range, "the count must be a whole number"),
            }
        }
        if parts.is_empty() && self.mistakes.is_empty() {
            self.error(tag.clone(), "the problem has no pieces");
        }
        let result = result?;
        let (Some(target), true) = (
            shapes[result].as_ref(),
            parts.iter().all(|p| shapes[p.0].is_some()),
        ) else {
            return None;
        };
        if !self.mistakes.is_empty() {
            return None;
        }
        // Flat: every shape of the problem one voxel thick along z, on the grid of cubes.
        let flat = grid == BurrGrid::Cubes
            && target.size[2] == 1
            && parts
                .iter()
                .all(|&(id, ..)| shapes[id].as_ref().is_some_and(|s| s.size[2] == 1));
        self.disassembly = Rules {
            space: flat.then(|| Lattice::cubic(3)),
            weights: (parts.iter())
                .map(|p| shapes[p.0].as_ref().map_or(1, |s| s.weight))
                .collect(),
            groups: parts.iter().map(|p| p.3.clone()).collect(),
            layout: None,
        };
        let axes = if flat { 2 } else { 3 };
        // A flat puzzle drops the layer.
        let point = |p: &[i32; 3]| -> Option<Vec<i32>> {
            let cell = grid.cell(*p)?;
            Some(cell[3 - axes..].to_vec())
        };
        let mut d = Description::new(name);
        d.loc = self.locs.loc(tag.clone());
        let box_loc = self.locs.loc(target.range.clone());
        d.grid = Grid::of(grid.lattice());
        let marked = |cells: &[([i32; 3], Range<usize>)], mark: u8| -> Vec<(Vec<i32>, u8)> {
            (cells.iter())
                .filter_map(|(p, _)| Some((grid.cell(*p)?, mark)))
                .collect()
        };
        // Where the drawn box's cells moved to, from their voxels' cells.
        let mut box_shift = vec![0; 3];
        if grid == BurrGrid::Cubes && target.variable.is_empty() {
            let extents = [target.size[2], target.size[1], target.size[0]];
            d.board = BoardSpec::Block {
                extents: extents[3 - axes..].iter().map(|&e| (e, box_loc)).collect(),
                loc: box_loc,
            };
            d.holes = (target.empty.iter())
                .filter_map(|p| Some((point(p)?, box_loc)))
                .collect();
        } else {
            let mut cells = marked(&target.filled, chars::BOX_CELL as u8);
            cells.extend(marked(&target.variable, chars::BOX_OPTIONAL as u8));
            let lattice = d.grid.lattice(3);
            let (figure, shift) = drawn_in_layers(lattice, cells, flat, box_loc);
            d.board = BoardSpec::Drawn(figure);
            box_shift = shift;
        }
        let coloured = target.colours.iter().chain(
            parts
                .iter()
                .flat_map(|&(id, ..)| shapes[id].iter().flat_map(|s| s.colours.iter())),
        );
        if coloured.count() > 0 {
            let box_cell = |p: &[i32; 3]| -> Option<Vec<i32>> {
                let cell = grid.cell(*p)?;
                let moved: Vec<i32> = cell.iter().zip(&box_shift).map(|(a, b)| a + b).collect();
                Some(moved[3 - axes..].to_vec())
            };
            let cells = (target.colours.iter())
                .filter_map(|(p, colour, _)| Some((box_cell(p)?, *colour)))
                .collect();
            let allowed = self.allowed_colours(problem, colour_count);
            d.colours = Some(ColourSpec {
                cells,
                pieces: Vec::new(),
                allowed,
                loc: self.locs.loc(tag.clone()),
            });
        }
        if let Some(max) = problem.attribute("maxHoles") {
            match max.parse::<u32>() {
                Ok(max) => d.max_empty = Some((max, self.locs.loc(tag.clone()))),
                Err(_) => self.error(tag.clone(), "`maxHoles` must be a whole number"),
            }
        }
        let burr = match grid {
            BurrGrid::Cubes => Some(layout::Grid::Cubes),
            BurrGrid::Prisms => Some(layout::Grid::Prisms),
            _ => None,
        };
        // A box past the compiler's volume is refused there; its turns are not worked out.
        let small =
            target.filled.len() + target.variable.len() <= puzzlec::compiler::limits::MAX_VOLUME;
        if let (Some(burr), true) = (burr, small) {
            // The box's voxels and the pieces' as BurrTools lays them, at the points of the
            // space the disassembly takes the puzzle's cells to.
            let box_cells: Vec<([i32; 3], bool)> = (target.filled.iter().map(|(v, _)| (*v, false)))
                .chain(target.variable.iter().map(|(v, _)| (*v, true)))
                .collect();
            let filled: Vec<Vec<[i32; 3]>> = (parts.iter())
                .map(|&(id, ..)| {
                    shapes[id]
                        .iter()
                        .flat_map(|s| s.filled.iter().map(|f| f.0))
                        .collect()
                })
                .collect();
            let hotspots: Vec<[i32; 3]> = (parts.iter())
                .map(|&(id, ..)| shapes[id].as_ref().map_or([0; 3], |s| s.hotspot))
                .collect();
            let counts: Vec<(u32, u32)> = parts.iter().map(|&(_, c, ..)| (c.min, c.max)).collect();
            let shift = box_shift.clone();
            // Worked out only for a disassembly: the turns cost more than reading the file.
            self.disassembly.layout = Some(LazyLayout::new(move || {
                let pieces: Vec<layout::Part<'_>> = (filled.iter().zip(&hotspots).zip(&counts))
                    .map(|((filled, &hotspot), &counts)| layout::Part {
                        filled,
                        hotspot,
                        counts,
                    })
                    .collect();
                layout::layout(burr, &box_cells, &pieces, |v| {
                    let cell = grid.cell(v).unwrap_or_else(|| v.to_vec());
                    cell.iter().zip(&shift).map(|(a, b)| a + b).collect()
                })
            }));
        }
        d.pieces_loc = self.locs.loc(tag);
        let mut achiral = true;
        let mut used_names = Vec::new();
        for (id, count, range, _) in parts {
            let shape = shapes[id].as_ref().expect("checked above");
            let name = piece_name(shape.name.as_deref(), id, &mut used_names);
            let loc = self.locs.loc(range.clone());
            let cells: Vec<(Vec<i32>, _)> = (shape.filled.iter())
                .filter_map(|(p, r)| Some((point(p)?, self.locs.loc(r.clone()))))
                .collect();
            if cells.is_empty() {
                self.error(shape.range.clone(), "a piece with no filled voxel");
                continue;
            }
            if let Some((_, at)) = shape.variable.first() {
                self.warnings.push(
                    Diagnostic::at(
                        at.clone(),
                        format!(
                            "piece `{name}`'s variable voxels (`+`) are left out, as BurrTools' \
                             solver leaves them: only its filled voxels are placed"
                        ),
                    )
                    .note("variable voxels shape the pieces BurrTools grows; in a piece they are empty"),
                );
            }
            let lattice = d.grid.lattice(axes);
            let geometry = Shape::new(lattice, cells.iter().map(|(p, _)| p.clone()));
            achiral = achiral && !geometry.is_chiral();
            if let Some(colours) = d.colours.as_mut() {
                let coloured = (shape.colours.iter())
                    .filter_map(|(p, colour, _)| Some((point(p)?, *colour)))
                    .collect();
                colours.pieces.push((name.clone(), coloured));
            }
            d.pieces.push(PieceSpec {
                name,
                loc,
                shape: ShapeSpec::Cells(cells),
                // BurrTools takes pieces in several parts; only those are marked, so that a
                // file printed in the language reads as one written by hand.
                allow_disconnected: !geometry.is_connected(),
                glyph: None,
                count: (count, loc),
            });
        }
        // A flat piece turns over in space; a solid one only where its mirror image is a turn.
        d.reflect = flat || achiral;
        d.symmetry = Symmetry::Reduced { piece: None };
        self.mistakes.is_empty().then_some(d)
    }
}

/// A box as the language draws it, in layers of rows (rows alone where `flat`), each cell
/// its mark (`.` a cell, `+` one that may stay empty) and a space nothing, moved to the
/// lattice's place for its shape so that every row and column is from 0. On the grid of
/// cubes, where every row is as long, a space is a hole (`#`).
fn drawn_in_layers(
    lattice: Lattice,
    cells: Vec<(Vec<i32>, u8)>,
    flat: bool,
    loc: Loc,
) -> (Figure, Vec<i32>) {
    let (mut points, marks): (Vec<Vec<i32>>, Vec<u8>) = cells.into_iter().unzip();
    let first = points.first().cloned().unwrap_or_else(|| vec![0; 3]);
    lattice.normalise(&mut points);
    let shift: Vec<i32> = match points.first() {
        Some(moved) => moved.iter().zip(&first).map(|(a, b)| a - b).collect(),
        None => vec![0; 3],
    };
    let extent = |axis: usize| points.iter().map(|c| c[axis] + 1).max().unwrap_or(0);
    let (layers, rows, width) = (extent(0), extent(1), extent(2));
    let cubic = matches!(lattice, Lattice::Cubic { .. });
    let blank = if cubic { chars::BOX_HOLE as u8 } else { b' ' };
    let fill = if cubic { width as usize } else { 0 };
    let mut text = vec![vec![vec![blank; fill]; rows as usize]; layers as usize];
    for (c, &mark) in points.iter().zip(&marks) {
        let row = &mut text[c[0] as usize][c[1] as usize];
        let column = c[2] as usize;
        if row.len() <= column {
            row.resize(column + 1, blank);
        }
        row[column] = mark;
    }
    let mut layers = text.into_iter().map(|rows| Drawing {
        rows: (rows.into_iter())
            .map(|r| Row {
                text: String::from_utf8(r).expect("ASCII"),
                loc,
            })
            .collect(),
        loc,
    });
    let figure = match flat {
        true => Figure::Rows(layers.next().unwrap_or_default()),
        false => Figure::Layers {
            layers: layers.map(Figure::Rows).collect(),
            loc,
        },
    };
    (figure, shift)
}

/// A piece's name: the shape's own where it is an identifier, else BurrTools' `S1`, `S2`, ...
/// (shape numbers from 1), never one already taken.
fn piece_name(name: Option<&str>, id: usize, used: &mut Vec<String>) -> String {
    let own = name.map(puzzlec::compiler::print::to_identifier);
    let mut candidate = own.unwrap_or_else(|| format!("S{}", id + 1));
    let mut n = 2;
    while used.contains(&candidate) {
        candidate = format!("S{}_{n}", id + 1);
        n += 1;
    }
    used.push(candidate.clone());
    candidate
}

/// The first child element named `name`.
fn child<'a, 'i: 'a>(node: Node<'a, 'i>, name: &'a str) -> Option<Node<'a, 'i>> {
    children(node, name).next()
}

/// The child elements named `name`.
fn children<'a, 'i: 'a>(
    node: Node<'a, 'i>,
    name: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.children()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

/// The bytes of an element's start tag (its whole range if the tag cannot be found).
fn start_tag(text: &str, node: Node<'_, '_>) -> Range<usize> {
    let range = node.range();
    match text.get(range.clone()).and_then(|t| t.find('>')) {
        Some(end) => range.start..range.start + end + 1,
        None => range,
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    /// A piece in two parts is taken, as BurrTools takes it, and only such a piece is marked
    /// as allowed to be disconnected.
    #[test]
    fn only_pieces_in_parts_are_marked_disconnected() {
        let text = r##"<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="3" y="1" z="1" type="0" name="Split">#_#</voxel>
<voxel x="2" y="1" z="1" type="0" name="Bar">##</voxel>
<voxel x="4" y="2" z="1" type="0" name="Box">########</voxel>
</shapes><problems><problem><shapes>
<shape id="0" count="2"/><shape id="1" count="2"/>
</shapes><result id="2"/><bitmap/><solutions/></problem></problems><comment/></puzzle>"##;
        let loaded = read(
            Path::new("parts.xmpuzzle"),
            text.as_bytes(),
            &Choice::default(),
        )
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let marked: Vec<(&str, bool)> = (loaded.description.pieces.iter())
            .map(|p| (p.name.as_str(), p.allow_disconnected))
            .collect();
        assert_eq!(marked, [("Split", true), ("Bar", false)]);
    }

    #[test]
    fn a_file_that_unpacks_past_the_limit_is_an_error() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..(MAX_UNPACKED >> 20) + 1 {
            gz.write_all(&zeros).unwrap();
        }
        let bytes = gz.finish().unwrap();
        let path = Path::new("bomb.xmpuzzle");
        let message = read(path, &bytes, &Choice::default())
            .unwrap_err()
            .render(false);
        assert!(
            message.contains("unpacks to more than 64 MiB, the most a puzzle file may hold"),
            "{message}"
        );
    }
}
