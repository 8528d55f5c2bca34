//! Solutions as an SVG gallery, readable at a glance: each solution a group, its cells filled in
//! their piece's colour on a thin grid, thick lines where two pieces meet and around the box;
//! the layers of a 3-D box side by side. Every cell is drawn in the shape its lattice gives it:
//! squares, triangles and hexagons by their outlines (`Lattice::outline`), spheres as circles
//! where their solids' centres lie (`Lattice::solid`). An abstract puzzle's solutions are listed
//! as text.

use std::io::{self, Seek, SeekFrom, Write};

use puzzlec::lattice::Solid;
use puzzlec::{Catalog, Lattice, Picture, Slot, Solution};

use super::Palette;

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
        let catalog = solution.catalog();
        let picture = solution.picture();
        let lines: Vec<String> = if catalog.extents.is_empty() {
            (solution.embeddings().iter())
                .map(|&e| format!("{{{}}}", catalog.describe(e)))
                .collect()
        } else {
            Vec::new()
        };
        self.count += 1;
        let (x, y) = self.layout.place(size(&picture, &lines));
        let out = &mut self.out;
        let number = self.before + self.count;
        writeln!(
            out,
            r#"<g class="solution" id="solution-{number}" transform="translate({x} {y})">"#,
        )?;
        writeln!(out, r#"<text x="0" y="13" font-size="13">#{number}</text>"#)?;
        if lines.is_empty() && is_spheres(picture.lattice) {
            self::spheres(out, &picture, &self.palette)?;
        } else if lines.is_empty() {
            self::plane(out, &picture, &self.palette)?;
        } else {
            for (i, line) in lines.iter().enumerate() {
                writeln!(
                    out,
                    r#"<text x="0" y="{}" font-size="13" font-family="monospace">{}</text>"#,
                    TITLE + 14 * (i + 1),
                    escape(line)
                )?;
            }
        }
        writeln!(out, "</g>")
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

/// The width and height a solution takes.
fn size(picture: &Picture, lines: &[String]) -> (usize, usize) {
    if !lines.is_empty() {
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        return (longest * 8 + GAP, TITLE + 14 * lines.len() + 4);
    }
    let (w, h) = picture.layer_size();
    let layers = picture.slots.len() / (w * h);
    if is_spheres(picture.lattice) {
        let width = sphere_layer_width(w, layers);
        return (
            layers * width + (layers - 1) * GAP,
            TITLE + h * CELL + layers * CELL / 2,
        );
    }
    let [x, y] = plane_extent(picture);
    let width = (x * CELL as f64).ceil() as usize;
    (
        layers * width + (layers - 1) * GAP,
        TITLE + (y * CELL as f64).ceil() as usize,
    )
}

/// Whether the picture is of spheres, drawn as circles: cells without an outline.
fn is_spheres(lattice: Lattice) -> bool {
    matches!(lattice, Lattice::Spheres { .. })
}

/// The width of a layer of spheres as drawn: each layer half a sphere to the right of the one
/// below, where it rests, so every layer's frame is as wide as the last layer needs.
fn sphere_layer_width(w: usize, layers: usize) -> usize {
    w * CELL + (layers - 1) * CELL / 2
}

/// One solution of spheres, its layers side by side, each half a sphere down and to the right
/// of the one below as it rests in its hollows: each sphere a circle of its piece's colour, and
/// a bar between the centres of two touching spheres of one piece in a layer, so a piece reads
/// as one.
fn spheres(out: &mut dyn Write, picture: &Picture, palette: &Palette) -> io::Result<()> {
    let (w, h) = picture.layer_size();
    let layers = picture.slots.len() / (w * h);
    let width = sphere_layer_width(w, layers) + GAP;
    let half = CELL as f64 / 2.0;
    let lattice = picture.lattice;
    // Each layer apart, its spheres where they lie seen from above, a diameter a cell.
    let centre = |layer: usize, r: usize, c: usize| {
        let cell = [layer, r, c].map(|x| x as i32);
        let at = match lattice.solid(&cell[3 - lattice.dims()..]) {
            Some(Solid::Sphere { centre, .. }) => centre,
            _ => [c as f64 + 0.5, r as f64 + 0.5, 0.0],
        };
        (
            (layer * width) as f64 + at[0] * CELL as f64,
            TITLE as f64 + at[1] * CELL as f64,
        )
    };
    let in_layer = lattice.layer().unwrap_or(lattice);
    let slot = |layer: usize, r: usize, c: usize| picture.slots[(layer * h + r) * w + c];
    let mut bars = String::new();
    let mut circles = String::new();
    for layer in 0..layers {
        for r in 0..h {
            for c in 0..w {
                let here = slot(layer, r, c);
                let fill = match here {
                    Slot::Outside => continue,
                    Slot::Empty => "white".to_owned(),
                    Slot::Placed { .. } => palette.hex(here).unwrap_or_else(|| "white".to_owned()),
                };
                let (x, y) = centre(layer, r, c);
                circles.push_str(&format!(
                    r##"<circle class="cell" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="#222" stroke-width="1"/>"##,
                    half - 1.0
                ));
                circles.push('\n');
                // A bar to each sphere of its piece it touches in its layer, drawn from the
                // first of the two.
                for n in in_layer.neighbours(&[r as i32, c as i32]) {
                    let (r2, c2) = (n[0] as usize, n[1] as usize);
                    let later = n[0] >= 0 && n[1] >= 0 && (r2, c2) > (r, c);
                    let joined = later && r2 < h && c2 < w && matches!(here, Slot::Placed { .. });
                    if joined && !parts(here, slot(layer, r2, c2)) {
                        let (x2, y2) = centre(layer, r2, c2);
                        bars.push_str(&format!("M{x:.1} {y:.1}L{x2:.1} {y2:.1}"));
                    }
                }
            }
        }
    }
    out.write_all(circles.as_bytes())?;
    writeln!(
        out,
        r##"<path d="{bars}" stroke="#222" stroke-width="3" stroke-linecap="round" fill="none"/>"##
    )
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

/// One solution of squares, triangles or hexagons, its layers side by side: each cell its
/// polygon, and a thick line along each side that parts two pieces, or a cell from outside the
/// box.
fn plane(out: &mut dyn Write, picture: &Picture, palette: &Palette) -> io::Result<()> {
    let (w, h) = picture.layer_size();
    let layers = picture.slots.len() / (w * h);
    let Some(lattice) = picture.lattice.layer() else {
        return Ok(());
    };
    let width = (plane_extent(picture)[0] * CELL as f64).ceil() + GAP as f64;
    let mut thick = String::new();
    for layer in 0..layers {
        let slot = |p: &[i32]| -> Slot {
            let (r, c) = (p[0], p[1]);
            if r < 0 || c < 0 || r as usize >= h || c as usize >= w {
                return Slot::Outside;
            }
            picture.slots[(layer * h + r as usize) * w + c as usize]
        };
        let left = layer as f64 * width;
        let point = |[x, y]: [f64; 2]| (left + x * CELL as f64, TITLE as f64 + y * CELL as f64);
        for r in 0..h as i32 {
            for c in 0..w as i32 {
                let here = slot(&[r, c]);
                let fill = match here {
                    Slot::Outside => continue,
                    Slot::Empty => "white".to_owned(),
                    Slot::Placed { .. } => palette.hex(here).unwrap_or_else(|| "white".to_owned()),
                };
                let Some(outline) = lattice.outline(&[r, c]) else {
                    continue;
                };
                let corners: Vec<String> = (outline.iter())
                    .map(|&(corner, _)| {
                        let (x, y) = point(corner);
                        format!("{x:.2},{y:.2}")
                    })
                    .collect();
                writeln!(
                    out,
                    r##"<polygon class="cell" points="{}" fill="{fill}" stroke="#888" stroke-width="0.5"/>"##,
                    corners.join(" ")
                )?;
                // Each side is drawn by the cell on it, once by each of two cells: the thick
                // line where it parts them, drawn twice, is the same line.
                for (i, (corner, across)) in outline.iter().enumerate() {
                    if parts(here, slot(across)) {
                        let ((x0, y0), (x1, y1)) =
                            (point(*corner), point(outline[(i + 1) % outline.len()].0));
                        thick.push_str(&format!("M{x0:.2} {y0:.2}L{x1:.2} {y1:.2}"));
                    }
                }
            }
        }
    }
    writeln!(
        out,
        r##"<path d="{thick}" stroke="#222" stroke-width="2.5" stroke-linecap="round" fill="none"/>"##
    )
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
