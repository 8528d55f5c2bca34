//! Solutions as an SVG gallery, readable at a glance and in print: each solution a group. A
//! solid (a box of three axes on any grid) is drawn as it is seen, from above the front and to
//! the right, its pieces' faces shaded by a light from the upper left, the faces hidden behind
//! others left out, dark lines where two faces meet at an angle, and its layers beside it, each
//! labelled where it lies (`z = 0 (bottom)`); on the grids whose cells are parts of cubes (the
//! rhombic tetrahedra, the tetrahedra and octahedra), whose layers are slices through cubes, the
//! same solid exploded instead. A plane box is its cells, filled in their piece's colour on a
//! thin grid, with thick lines where two pieces meet and around the box. Every cell has the
//! shape its lattice gives it (`Lattice::outline`, and `Lattice::solid` through [`super::mesh`]);
//! an abstract puzzle's solutions are listed as text.

use std::io::{self, Seek, SeekFrom, Write};

use puzzlec::lattice::Solid;
use puzzlec::{Catalog, Lattice, Picture, Slot, Solution};

use puzzlec::lattice::Point;

use super::mesh::{self, cross, dot, Assembly, Body, Part, Vector};
use super::{Colour, Palette};

/// The side of a cell.
const CELL: usize = 20;
/// Space between layers, and around each solution.
const GAP: usize = 12;
/// The margin of the card each solution is drawn on, which keeps its layers together.
const PAD: usize = 6;
/// Room for a solution's number above it.
const TITLE: usize = 18;
/// The widest a row of solutions may grow before the next row starts.
const MAX_WIDTH: usize = 1200;

/// An SVG gallery written as the solutions come, so that a long run holds none of them in
/// memory: each solution's group is written when it is added, and the opening tag, whose size
/// and count are known only at the end, is written last into room kept for it at the start.
pub struct Gallery<W: Write + Seek> {
    out: W,
    name: String,
    palette: Palette,
    /// Where the next solution goes, and how far the gallery reaches.
    layout: Layout,
    /// The solutions written.
    count: u64,
    /// The number the first solution is shown with, less one.
    before: u64,
}

impl<W: Write + Seek> Gallery<W> {
    /// A gallery for a puzzle's solutions, written to `out` from where it stands.
    pub fn new(mut out: W, catalog: &Catalog, palette: &Palette) -> io::Result<Gallery<W>> {
        let name = catalog.name.to_string();
        out.write_all(" ".repeat(room(&name)).as_bytes())?;
        Ok(Gallery {
            out,
            name,
            palette: palette.clone(),
            layout: Layout::new(),
            count: 0,
            before: 0,
        })
    }

    /// The same gallery, numbering its solutions from `first` (a page of a longer list).
    pub fn numbered_from(mut self, first: u64) -> Gallery<W> {
        self.before = first.saturating_sub(1);
        self
    }

    /// Writes a solution.
    pub fn add(&mut self, solution: &Solution<'_>) -> io::Result<()> {
        self.count += 1;
        let number = self.before + self.count;
        let drawing = drawing(solution, &self.palette, Detail::Full);
        let (x, y) = self.layout.place((drawing.width, TITLE + drawing.height));
        writeln!(
            self.out,
            r#"<g class="solution" id="solution-{number}" transform="translate({x} {y})">"#,
        )?;
        writeln!(
            self.out,
            r#"<text x="0" y="13" font-size="13">#{number}</text>"#
        )?;
        writeln!(self.out, r#"<g transform="translate(0 {TITLE})">"#)?;
        self.out.write_all(drawing.body.as_bytes())?;
        writeln!(self.out, "</g>\n</g>")
    }

    /// Closes the gallery, writes its head, and gives the writer back.
    pub fn finish(mut self) -> io::Result<W> {
        writeln!(self.out, "</svg>")?;
        let end = self.out.stream_position()?;
        let (width, height) = self.layout.extent();
        let text = head(&self.name, width, height, self.count);
        // The head fills its room with spaces, which SVG ignores between elements.
        let padding = room(&self.name) - text.len();
        self.out.rewind()?;
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(" ".repeat(padding).as_bytes())?;
        self.out.seek(SeekFrom::Start(end))?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// `solutions` (each its embeddings, in placement order) drawn as one gallery, numbered from
/// `first`, as the `--svg` option draws them.
pub fn gallery(catalog: &Catalog, solutions: &[&[u32]], first: u64) -> io::Result<String> {
    let palette = Palette::new(catalog);
    let mut gallery = Gallery::new(io::Cursor::new(Vec::new()), catalog, &palette)?;
    gallery = gallery.numbered_from(first);
    for placed in solutions {
        gallery.add(&Solution::new(catalog, placed))?;
    }
    let bytes = gallery.finish()?.into_inner();
    let svg = String::from_utf8(bytes).map_err(io::Error::other)?;
    Ok(svg.trim_start().to_owned())
}

/// One solution drawn as `detail` says, as an SVG of its own, without a number.
pub fn picture(solution: &Solution<'_>, palette: &Palette, detail: Detail) -> String {
    let drawing = drawing(solution, palette, detail);
    let (w, h) = (drawing.width + 2 * PAD, drawing.height + 2 * PAD);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n<g transform=\"translate({PAD} {PAD})\">\n{}</g>\n</svg>\n",
        drawing.body
    )
}

/// The side of a cell in a piece's picture.
const PIECE_CELL: f64 = 14.0;

/// A piece (the cells of embedding `e`) drawn on its own in `colour`, as a list of pieces
/// shows it: a solid seen from above the front, a plane piece flat; `None` where its lattice
/// gives its cells no shape.
pub fn piece(catalog: &Catalog, e: u32, colour: Colour) -> Option<String> {
    let extents: Vec<i32> = catalog.extents.iter().map(|&x| x as i32).collect();
    let points: Vec<Point> = (catalog.cells_of(e))
        .map(|at| puzzlec::lattice::unlinear(&extents, at as i32))
        .collect();
    let lattice = catalog.lattice;
    let (body, width, height) = if lattice.dims() == 3 {
        let part = Part {
            placement: 0,
            piece: None,
            colour,
            body: Body::of(lattice, &points)?,
        };
        let panel = solid_panel(&Assembly { parts: vec![part] }, &[], "", 0.0);
        (panel.body, panel.width, panel.height)
    } else {
        flat_piece(lattice, &points, colour)?
    };
    let scale = PIECE_CELL / SOLID_CELL;
    let (w, h) = (width * scale, height * scale);
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {width:.1} {height:.1}\">\n{body}</svg>\n"
    ))
}

/// A plane piece's cells as polygons (circles, for spheres) at the scale of a solid's view,
/// moved to the top left, with a thick line around it: its elements, width and height.
fn flat_piece(lattice: Lattice, points: &[Point], colour: Colour) -> Option<(String, f64, f64)> {
    let unit = SOLID_CELL;
    let own: std::collections::HashSet<&Point> = points.iter().collect();
    let mut shapes = Vec::new();
    for p in points {
        match (lattice.outline(p), lattice.solid(p)) {
            (Some(outline), _) => shapes.push((outline, None)),
            (None, Some(Solid::Sphere { centre, radius })) => {
                shapes.push((Vec::new(), Some(([centre[0], centre[1]], radius))));
            }
            _ => return None,
        }
    }
    let mut low = [f64::MAX; 2];
    let mut high = [f64::MIN; 2];
    for (outline, ball) in &shapes {
        let mut reach = |x: f64, y: f64| {
            low = [low[0].min(x), low[1].min(y)];
            high = [high[0].max(x), high[1].max(y)];
        };
        for ([x, y], _) in outline {
            reach(*x, *y);
        }
        if let Some(([x, y], r)) = ball {
            reach(x - r, y - r);
            reach(x + r, y + r);
        }
    }
    let margin = 2.0;
    let at = |[x, y]: [f64; 2]| ((x - low[0]) * unit + margin, (y - low[1]) * unit + margin);
    let mut body = String::new();
    let mut thick = String::new();
    for (outline, ball) in &shapes {
        if let Some((centre, r)) = ball {
            let (x, y) = at(*centre);
            body.push_str(&format!(
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{}\" stroke=\"#222\" stroke-width=\"1.2\"/>\n",
                r * unit - 0.6,
                colour.hex()
            ));
            continue;
        }
        let corners = polygon(outline.iter().map(|&(c, _)| at(c)));
        body.push_str(&format!(
            "<polygon points=\"{corners}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"0.6\"/>\n",
            colour.hex(),
            shaded(colour, 0.8)
        ));
        for (i, (corner, across)) in outline.iter().enumerate() {
            if !own.contains(across) {
                let ((x0, y0), (x1, y1)) = (at(*corner), at(outline[(i + 1) % outline.len()].0));
                thick.push_str(&format!("M{x0:.1} {y0:.1}L{x1:.1} {y1:.1}"));
            }
        }
    }
    body.push_str(&format!(
        "<path d=\"{thick}\" stroke=\"#222\" stroke-width=\"1.6\" stroke-linecap=\"round\" fill=\"none\"/>\n"
    ));
    let width = (high[0] - low[0]) * unit + 2.0 * margin;
    let height = (high[1] - low[1]) * unit + 2.0 * margin;
    Some((body, width, height))
}

/// The bytes kept for the head: as long as it can be, every number at its longest.
fn room(name: &str) -> usize {
    head(name, usize::MAX, usize::MAX, u64::MAX).len()
}

/// The opening tag, the title and the background: everything before the first solution.
fn head(name: &str, width: usize, height: usize, count: u64) -> String {
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#,
            "\n<title>{name}: {count} solutions</title>\n",
            r#"<rect width="100%" height="100%" fill="white"/>"#,
            "\n",
        ),
        width = width,
        height = height,
        name = escape(name),
        count = count,
    )
}

/// Solutions laid out in rows, left to right, a row as wide as fits.
struct Layout {
    x: usize,
    y: usize,
    row_height: usize,
    width: usize,
}

impl Layout {
    /// The step from one solution to the next: a gap and a card's two margins.
    const STEP: usize = GAP + 2 * PAD;

    fn new() -> Layout {
        Layout {
            x: Layout::STEP,
            y: Layout::STEP,
            row_height: 0,
            width: 0,
        }
    }

    /// Where a solution of this size goes.
    fn place(&mut self, (w, h): (usize, usize)) -> (usize, usize) {
        if self.x > Layout::STEP && self.x + w > MAX_WIDTH {
            self.x = Layout::STEP;
            self.y += self.row_height + Layout::STEP;
            self.row_height = 0;
        }
        let at = (self.x, self.y);
        self.x += w + Layout::STEP;
        self.width = self.width.max(self.x);
        self.row_height = self.row_height.max(h);
        at
    }

    /// The width and height of the whole gallery.
    fn extent(&self) -> (usize, usize) {
        (self.width, self.y + self.row_height + Layout::STEP)
    }
}

/// How much of a solution a drawing shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Everything: a solid's view in three dimensions and its layers, each labelled (or its
    /// view exploded, on the fine grids, whose layers are slices of cubes).
    Full,
    /// What reads at the size of a thumbnail: a solid's view alone.
    Thumbnail,
    /// A solid's layers alone (or its exploded view, on the fine grids), for a page that shows
    /// the solid in a view of its own.
    Layers,
}

/// A solution drawn: its elements, from (0, 0), and how far they reach.
pub struct Drawing {
    /// The SVG elements.
    pub body: String,
    /// The width they take.
    pub width: usize,
    /// The height they take.
    pub height: usize,
}

/// One solution drawn as `detail` says: solids in three dimensions where the lattice has them
/// (beside their layers), a plane's cells as polygons, an abstract puzzle's sets as text.
pub fn drawing(solution: &Solution<'_>, palette: &Palette, detail: Detail) -> Drawing {
    let catalog = solution.catalog();
    if catalog.extents.is_empty() {
        let lines: Vec<String> = (solution.embeddings().iter())
            .map(|&e| format!("{{{}}}", catalog.describe(e)))
            .collect();
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let mut body = String::new();
        for (i, line) in lines.iter().enumerate() {
            body.push_str(&format!(
                "<text x=\"0\" y=\"{}\" font-size=\"13\" font-family=\"monospace\">{}</text>\n",
                14 * (i + 1),
                escape(line)
            ));
        }
        return Drawing {
            body,
            width: longest * 8 + GAP,
            height: 14 * lines.len() + 4,
        };
    }
    let picture = solution.picture();
    let mut panels = Vec::new();
    let solid = (picture.lattice.dims() == 3)
        .then(|| Assembly::of(&picture, palette))
        .flatten();
    if let (Some(assembly), Detail::Full | Detail::Thumbnail) = (&solid, detail) {
        panels.push(solid_panel(assembly, &[], "assembled", SOLID_VIEW));
    }
    let fine = picture.lattice.cube_side().is_some();
    match (detail, &solid) {
        (Detail::Thumbnail, Some(_)) => {}
        (Detail::Full | Detail::Layers, Some(assembly)) if fine => {
            let moves = assembly.explosion(EXPLODE);
            panels.push(solid_panel(assembly, &moves, "exploded", SOLID_VIEW));
        }
        _ => panels.extend(layer_panels(&picture, palette)),
    }
    let labelled = panels.len() > 1;
    let mut body = String::new();
    let mut x = 0.0;
    let mut height: f64 = 0.0;
    for panel in &panels {
        let top = if labelled { LABEL } else { 0.0 };
        if labelled {
            body.push_str(&format!(
                "<text x=\"{x:.1}\" y=\"11\" font-size=\"11\" fill=\"#444\">{}</text>\n",
                escape(&panel.label)
            ));
        }
        body.push_str(&format!(
            "<g transform=\"translate({x:.1} {top})\">\n{}</g>\n",
            panel.body
        ));
        // A label wider than its panel (a narrow layer's) keeps the next one off it.
        let label = panel.label.chars().count() as f64 * LABEL_CHAR;
        x += panel.width.max(label) + GAP as f64;
        height = height.max(top + panel.height);
    }
    Drawing {
        body,
        width: (x - GAP as f64).max(0.0).ceil() as usize,
        height: height.ceil() as usize,
    }
}

/// Room above each panel for its label.
const LABEL: f64 = 15.0;
/// The width of a character of a label, at most.
const LABEL_CHAR: f64 = 6.5;
/// How far the exploded view moves each piece from the centre, as a multiple of its centre's
/// distance from it.
const EXPLODE: f64 = 0.9;
/// The side of a cell in the view in three dimensions.
const SOLID_CELL: f64 = 22.0;
/// The least length of a solid's view's longer side, that a small box (a cube of the fine
/// grids, the Soma cube) is seen as large as its layers.
const SOLID_VIEW: f64 = 170.0;

/// A part of a drawing, with the label it is shown under.
struct Panel {
    body: String,
    width: f64,
    height: f64,
    label: String,
}

/// Where the viewer looks from, in the view frame: to the right of the front and above, the
/// top, the front and the right side of a box in view, none edge-on.
fn eye() -> Vector {
    let (azimuth, elevation) = (35f64.to_radians(), 35f64.to_radians());
    [
        azimuth.sin() * elevation.cos(),
        -azimuth.cos() * elevation.cos(),
        elevation.sin(),
    ]
}

/// Where the light comes from: above, from the front left.
fn light() -> Vector {
    let l = [-0.45, -0.6, 1.0];
    let n = dot(l, l).sqrt();
    l.map(|x| x / n)
}

/// The brightness of a face facing `normal`: never so dark that its colour is lost.
fn brightness(normal: Vector) -> f64 {
    0.62 + 0.38 * dot(normal, light()).max(0.0)
}

/// A colour darkened to `k` of itself.
fn shaded(colour: Colour, k: f64) -> String {
    Colour(
        colour
            .0
            .map(|c| (f64::from(c) * k).round().min(255.0) as u8),
    )
    .hex()
}

/// A view of solids from the eye, faces hidden behind others left out: the cells drawn from the
/// farthest to the nearest, each's faces that look at the eye over what is behind them. On
/// every grid here that order is right: each two cells that meet are mirror images of each
/// other across their common face, so the nearer centre is on the viewer's side of it.
/// Its cells are drawn `SOLID_CELL` a side, or larger (up to three times) where that leaves the
/// view's longer side shorter than `least`.
fn solid_panel(assembly: &Assembly, moves: &[Vector], label: &str, least: f64) -> Panel {
    let eye = eye();
    let right = {
        let r = cross([-eye[0], -eye[1], -eye[2]], [0.0, 0.0, 1.0]);
        let n = dot(r, r).sqrt();
        r.map(|x| x / n)
    };
    let up = cross(right, [-eye[0], -eye[1], -eye[2]]);
    let unscaled = |p: Vector| [dot(p, right), -dot(p, up)];
    let parts: Vec<Body> = (assembly.parts.iter().enumerate())
        .map(|(i, part)| {
            part.body
                .clone()
                .moved(moves.get(i).copied().unwrap_or([0.0; 3]))
        })
        .collect();
    // The extent of the drawing.
    let mut low = [f64::MAX; 2];
    let mut high = [f64::MIN; 2];
    for body in &parts {
        let reach = (body.vertices.iter().map(|&v| (v, 0.0))).chain(body.balls.iter().copied());
        for (p, r) in reach {
            let [x, y] = unscaled(p);
            low = [low[0].min(x - r), low[1].min(y - r)];
            high = [high[0].max(x + r), high[1].max(y + r)];
        }
    }
    let longer = (high[0] - low[0]).max(high[1] - low[1]);
    let scale = (least / longer).clamp(SOLID_CELL, 3.0 * SOLID_CELL);
    let (low, high) = (low.map(|x| x * scale), high.map(|x| x * scale));
    let flat = |p: Vector| unscaled(p).map(|x| x * scale);
    if low[0] > high[0] {
        return Panel {
            body: String::new(),
            width: 0.0,
            height: 0.0,
            label: label.to_owned(),
        };
    }
    let margin = 2.0;
    let at = |p: Vector| {
        let [x, y] = flat(p);
        [x - low[0] + margin, y - low[1] + margin]
    };
    // Each cell of each piece, the farthest first.
    let mut cells: Vec<(f64, usize, u32)> = Vec::new();
    for (i, body) in parts.iter().enumerate() {
        for (c, &centre) in body.cells.iter().enumerate() {
            cells.push((dot(centre, eye), i, c as u32));
        }
    }
    cells.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let creases: Vec<std::collections::HashSet<[u32; 2]>> = parts
        .iter()
        .map(|b| b.creases().into_iter().collect())
        .collect();
    let occupied: std::collections::HashSet<&Point> =
        assembly.parts.iter().flat_map(|p| &p.body.points).collect();
    let mut faces_of: Vec<Vec<Vec<&Vec<u32>>>> = (parts.iter())
        .map(|b| vec![Vec::new(); b.cells.len()])
        .collect();
    for (i, body) in parts.iter().enumerate() {
        for facet in &body.faces {
            // Where the pieces lie together, a face against another piece's is out of sight.
            let covered =
                moves.is_empty() && facet.across.as_ref().is_some_and(|p| occupied.contains(p));
            if !covered {
                faces_of[i][facet.cell as usize].push(&facet.corners);
            }
        }
    }
    let mut body = String::new();
    for &(_, i, c) in &cells {
        let part = &assembly.parts[i];
        let solid = &parts[i];
        if let Some(&(centre, radius)) = solid.balls.get(c as usize) {
            let [x, y] = at(centre);
            let id = format!("ball-{}", &part.colour.hex()[1..]);
            body.push_str(&format!(
                concat!(
                    "<radialGradient id=\"{id}\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\">",
                    "<stop offset=\"0\" stop-color=\"{}\"/><stop offset=\"0.6\" stop-color=\"{}\"/>",
                    "<stop offset=\"1\" stop-color=\"{}\"/></radialGradient>",
                    "<circle class=\"ball\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"url(#{id})\" stroke=\"#222\" stroke-width=\"0.8\"/>\n"
                ),
                shaded(part.colour.lightened(0.08), 1.0),
                part.colour.hex(),
                shaded(part.colour, 0.62),
                id = id,
                x = x,
                y = y,
                r = radius * scale - 0.4,
            ));
            continue;
        }
        for corners in &faces_of[i][c as usize] {
            let normal = mesh::normal(&solid.vertices, corners);
            if dot(normal, eye) <= 1e-9 {
                continue;
            }
            let flat = polygon(corners.iter().map(|&v| {
                let [x, y] = at(solid.vertices[v as usize]);
                (x, y)
            }));
            let k = brightness(normal);
            let fill = shaded(part.colour, k);
            let seam = shaded(part.colour, k * 0.8);
            body.push_str(&format!(
                "<polygon class=\"face\" points=\"{flat}\" fill=\"{fill}\" stroke=\"{seam}\" stroke-width=\"0.6\" stroke-linejoin=\"round\"/>\n"
            ));
            let mut lines = String::new();
            for (k, &a) in corners.iter().enumerate() {
                let b = corners[(k + 1) % corners.len()];
                if creases[i].contains(&[a.min(b), a.max(b)]) {
                    let ([x0, y0], [x1, y1]) = (
                        at(solid.vertices[a as usize]),
                        at(solid.vertices[b as usize]),
                    );
                    lines.push_str(&format!("M{x0:.1} {y0:.1}L{x1:.1} {y1:.1}"));
                }
            }
            if !lines.is_empty() {
                body.push_str(&format!(
                    "<path d=\"{lines}\" stroke=\"#222\" stroke-width=\"1.4\" stroke-linecap=\"round\" fill=\"none\"/>\n"
                ));
            }
        }
    }
    Panel {
        body,
        width: high[0] - low[0] + 2.0 * margin,
        height: high[1] - low[1] + 2.0 * margin,
        label: label.to_owned(),
    }
}

/// Each layer of a box, as its own panel labelled with where it lies: `z = 0 (bottom)` and up
/// for a box of three axes, the coordinates of the axes not drawn beyond that.
fn layer_panels(picture: &Picture, palette: &Palette) -> Vec<Panel> {
    let (w, h) = picture.layer_size();
    let layers = picture.slots.len() / (w * h);
    let colours = palette.placements(picture);
    (0..layers)
        .map(|layer| {
            let label = match (picture.extents.len(), layer) {
                (0..=2, _) => String::new(),
                (3, 0) if layers > 1 => "z = 0 (bottom)".to_owned(),
                (3, l) if l + 1 == layers && layers > 1 => format!("z = {l} (top)"),
                (3, l) => format!("z = {l}"),
                _ => picture.layer_label(layer).unwrap_or_default(),
            };
            let mut body = String::new();
            let (width, height) = if is_spheres(picture.lattice) {
                sphere_layer(&mut body, picture, &colours, layer)
            } else {
                plane_layer(&mut body, picture, &colours, layer)
            };
            Panel {
                body,
                width,
                height,
                label,
            }
        })
        .collect()
}

/// Whether the picture is of spheres, drawn as circles: cells without an outline.
fn is_spheres(lattice: Lattice) -> bool {
    matches!(lattice, Lattice::Spheres { .. })
}

/// The fill of a position: its piece's colour, white for a cell left empty, `None` outside the
/// box.
fn fill(slot: Slot, colours: &[Colour]) -> Option<String> {
    match slot {
        Slot::Outside => None,
        Slot::Empty => Some("white".to_owned()),
        Slot::Placed { placement, .. } => Some(colours[placement].hex()),
    }
}

/// One layer of spheres, seen from above, where it lies: each layer half a sphere down and to
/// the right of the one below, as it rests in its hollows, so that every layer's frame is as
/// wide as the last one needs. Each sphere a circle of its piece's colour, and a bar between
/// the centres of two touching spheres of one piece, so that a piece reads as one.
fn sphere_layer(
    out: &mut String,
    picture: &Picture,
    colours: &[Colour],
    layer: usize,
) -> (f64, f64) {
    let (w, h) = picture.layer_size();
    let layers = picture.slots.len() / (w * h);
    let half = CELL as f64 / 2.0;
    let lattice = picture.lattice;
    let centre = |r: usize, c: usize| {
        let cell = [layer, r, c].map(|x| x as i32);
        let at = match lattice.solid(&cell[3 - lattice.dims()..]) {
            Some(Solid::Sphere { centre, .. }) => centre,
            _ => [c as f64 + 0.5, r as f64 + 0.5, 0.0],
        };
        (at[0] * CELL as f64, at[1] * CELL as f64)
    };
    let in_layer = lattice.layer().unwrap_or(lattice);
    let slot = |r: usize, c: usize| picture.slots[(layer * h + r) * w + c];
    let mut bars = String::new();
    for r in 0..h {
        for c in 0..w {
            let here = slot(r, c);
            let Some(fill) = fill(here, colours) else {
                continue;
            };
            let (x, y) = centre(r, c);
            out.push_str(&format!(
                "<circle class=\"cell\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"1\"/>\n",
                half - 1.0
            ));
            // A bar to each sphere of its piece it touches in its layer, drawn from the first
            // of the two.
            for n in in_layer.neighbours(&[r as i32, c as i32]) {
                let (r2, c2) = (n[0] as usize, n[1] as usize);
                let later = n[0] >= 0 && n[1] >= 0 && (r2, c2) > (r, c);
                let joined = later && r2 < h && c2 < w && matches!(here, Slot::Placed { .. });
                if joined && !parts(here, slot(r2, c2)) {
                    let (x2, y2) = centre(r2, c2);
                    bars.push_str(&format!("M{x:.1} {y:.1}L{x2:.1} {y2:.1}"));
                }
            }
        }
    }
    out.push_str(&format!(
        "<path d=\"{bars}\" stroke=\"#222\" stroke-width=\"3\" stroke-linecap=\"round\" fill=\"none\"/>\n"
    ));
    let width = w * CELL + (layers - 1) * CELL / 2;
    (width as f64, (h * CELL + (layers - 1) * CELL / 2) as f64)
}

/// The right and bottom edge of a layer's cells, in cell units.
fn plane_extent(picture: &Picture) -> [f64; 2] {
    let (w, h) = picture.layer_size();
    let Some(layer) = picture.lattice.layer() else {
        return [0.0, 0.0];
    };
    let corners = (0..h).flat_map(|r| (0..w).map(move |c| [r as i32, c as i32]));
    let mut extent = [0.0f64; 2];
    for p in corners {
        for (corner, _) in layer.outline(&p).unwrap_or_default() {
            extent = [extent[0].max(corner[0]), extent[1].max(corner[1])];
        }
    }
    extent
}

/// One layer of squares, triangles or hexagons: each cell its polygon, and a thick line along
/// each side that parts two pieces, or a cell from outside the box.
fn plane_layer(
    out: &mut String,
    picture: &Picture,
    colours: &[Colour],
    layer: usize,
) -> (f64, f64) {
    let (w, h) = picture.layer_size();
    let [width, height] = plane_extent(picture).map(|x| x * CELL as f64);
    let Some(lattice) = picture.lattice.layer() else {
        return (width, height);
    };
    let slot = |p: &[i32]| -> Slot {
        let (r, c) = (p[0], p[1]);
        if r < 0 || c < 0 || r as usize >= h || c as usize >= w {
            return Slot::Outside;
        }
        picture.slots[(layer * h + r as usize) * w + c as usize]
    };
    let point = |[x, y]: [f64; 2]| (x * CELL as f64, y * CELL as f64);
    let mut thick = String::new();
    for r in 0..h as i32 {
        for c in 0..w as i32 {
            let here = slot(&[r, c]);
            let Some(fill) = fill(here, colours) else {
                continue;
            };
            let Some(outline) = lattice.outline(&[r, c]) else {
                continue;
            };
            let corners = polygon(outline.iter().map(|&(corner, _)| point(corner)));
            out.push_str(&format!(
                "<polygon class=\"cell\" points=\"{corners}\" fill=\"{fill}\" stroke=\"#888\" stroke-width=\"0.5\"/>\n"
            ));
            // Each side is drawn by the cell on it, once by each of two cells: the thick line
            // where it parts them, drawn twice, is the same line.
            for (i, (corner, across)) in outline.iter().enumerate() {
                if parts(here, slot(across)) {
                    let ((x0, y0), (x1, y1)) =
                        (point(*corner), point(outline[(i + 1) % outline.len()].0));
                    thick.push_str(&format!("M{x0:.2} {y0:.2}L{x1:.2} {y1:.2}"));
                }
            }
        }
    }
    out.push_str(&format!(
        "<path d=\"{thick}\" stroke=\"#222\" stroke-width=\"2.5\" stroke-linecap=\"round\" fill=\"none\"/>\n"
    ));
    (width, height)
}

/// Points as a polygon's `points` attribute, to a hundredth of a unit.
fn polygon(corners: impl Iterator<Item = (f64, f64)>) -> String {
    let written: Vec<String> = corners.map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
    written.join(" ")
}

/// Whether a thick line goes between two positions.
fn parts(a: Slot, b: Slot) -> bool {
    match (a, b) {
        (Slot::Outside, Slot::Outside) => false,
        (Slot::Placed { placement: p, .. }, Slot::Placed { placement: q, .. }) => p != q,
        (Slot::Empty, Slot::Empty) => false,
        _ => true,
    }
}

/// Text escaped for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
