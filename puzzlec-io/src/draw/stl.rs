//! Pieces and solutions as binary STL, the files 3-D printers' slicers read: each piece of a
//! puzzle on its own, and each solution assembled (or exploded), from the solids of
//! [`super::mesh`]. Every file is closed and faces out (each edge of two triangles, one each
//! way), in millimetres, at a size per cell and with a gap between pieces that a person
//! chooses, lying on the plate (its least corner at the origin). A piece of the plane grids is
//! its tiles one cell deep. A piece of spheres is its balls, each a closed surface enclosing
//! a sphere's volume, two of one piece meeting at about a point as the spheres do: printed,
//! they are glued as wooden ones are.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use puzzlec::lattice::unlinear;
use puzzlec::{Catalog, Solution};

use super::mesh::{cross, dot, sub, Assembly, Body, Vector};
use super::Palette;

/// How the solids are printed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Print {
    /// The side of a cell, in millimetres (a cube's, a triangle's, a sphere's diameter).
    pub size: f64,
    /// The room between two pieces that touch, in millimetres: each piece's surface moves in
    /// by half of it, so that printed pieces go together.
    pub gap: f64,
    /// How far a solution's pieces move apart from its centre, as a multiple of each piece's
    /// distance from it (0: assembled).
    pub explode: f64,
}

impl Default for Print {
    /// Cells of 10 mm, no gap, assembled.
    fn default() -> Print {
        Print {
            size: 10.0,
            gap: 0.0,
            explode: 0.0,
        }
    }
}

impl Print {
    /// Why these options cannot be printed, if they cannot: a size that is not positive, or a
    /// gap or explosion that is negative or leaves nothing of a cell.
    pub fn check(&self) -> Result<(), String> {
        if !(self.size.is_finite() && self.size > 0.0) {
            return Err(format!(
                "the size of a cell must be more than 0 mm, not {}",
                self.size
            ));
        }
        if !(self.gap.is_finite() && (0.0..self.size / 2.0).contains(&self.gap)) {
            return Err(format!(
                "the gap must be at least 0 mm and less than half a cell ({} mm), not {}",
                self.size / 2.0,
                self.gap
            ));
        }
        if !(self.explode.is_finite() && self.explode >= 0.0) {
            return Err(format!(
                "the explosion must be 0 or more, not {}",
                self.explode
            ));
        }
        Ok(())
    }

    /// A body's triangles in millimetres, moved in by half the gap.
    fn triangles(&self, body: Body) -> Vec<[Vector; 3]> {
        let body = body.shrunk(self.gap / 2.0 / self.size);
        (body.triangles().into_iter())
            .map(|t| t.map(|p| p.map(|x| x * self.size)))
            .collect()
    }
}

/// A binary STL of `triangles` (each counter-clockwise seen from outside), moved so that their
/// least corner is at the origin, named `name` in its header.
pub fn write(out: &mut dyn Write, name: &str, triangles: &[[Vector; 3]]) -> io::Result<()> {
    let mut low = [f64::MAX; 3];
    for p in triangles.iter().flatten() {
        for a in 0..3 {
            low[a] = low[a].min(p[a]);
        }
    }
    let mut header = [b' '; 80];
    let title = format!("puzzlec {name}");
    // A header that began "solid" would read as a text STL to some readers.
    let title = title.as_bytes();
    header[..title.len().min(80)].copy_from_slice(&title[..title.len().min(80)]);
    out.write_all(&header)?;
    let count = u32::try_from(triangles.len()).map_err(io::Error::other)?;
    out.write_all(&count.to_le_bytes())?;
    let mut record = Vec::with_capacity(50);
    for t in triangles {
        let t = t.map(|p| [p[0] - low[0], p[1] - low[1], p[2] - low[2]]);
        let n = cross(sub(t[1], t[0]), sub(t[2], t[0]));
        let length = dot(n, n).sqrt();
        let n = if length > 0.0 {
            n.map(|x| x / length)
        } else {
            n
        };
        record.clear();
        for v in std::iter::once(n).chain(t) {
            for x in v {
                record.extend_from_slice(&(x as f32).to_le_bytes());
            }
        }
        record.extend_from_slice(&[0, 0]);
        out.write_all(&record)?;
    }
    Ok(())
}

/// Each kind of piece of a puzzle as it is first placed, as binary STL: its name, the name of
/// its file (`piece-K-NAME.stl`) and the file's bytes. An error where the puzzle has no solids
/// (an abstract one, or a box of more than three axes) or the print cannot be made.
pub fn pieces(catalog: &Catalog, print: Print) -> io::Result<Vec<(String, String, Vec<u8>)>> {
    print.check().map_err(io::Error::other)?;
    let extents: Vec<i32> = catalog.extents.iter().map(|&x| x as i32).collect();
    let first = catalog
        .cells
        .first()
        .map(|&at| unlinear(&extents, at as i32));
    if first.is_none_or(|cell| catalog.lattice.solid(&cell).is_none()) {
        return Err(io::Error::other(format!(
            "{} has no solids to print: its cells are not on a grid of at most three axes",
            catalog.name
        )));
    }
    let mut out = Vec::new();
    let mut start = 0;
    for (k, kind) in catalog.kinds.iter().enumerate() {
        if kind.end > start {
            if let Some(body) = Body::of_embedding(catalog, start) {
                let file = format!("piece-{}-{}.stl", k + 1, file_safe(&kind.name));
                let mut bytes = Vec::new();
                write(&mut bytes, &kind.name, &print.triangles(body))?;
                out.push((kind.name.to_string(), file, bytes));
            }
        }
        start = kind.end;
    }
    Ok(out)
}

/// A solution as binary STL, its pieces where they lie (or moved apart, as the print says).
pub fn solution(solution: &Solution<'_>, name: &str, print: Print) -> io::Result<Vec<u8>> {
    print.check().map_err(io::Error::other)?;
    let picture = solution.picture();
    let assembly = Assembly::of(&picture, &Palette::new(solution.catalog()))
        .ok_or_else(|| io::Error::other("the solution has no solids to print"))?;
    let moves = assembly.explosion(print.explode);
    let triangles: Vec<[Vector; 3]> = (assembly.parts.into_iter().zip(moves))
        .flat_map(|(part, by)| print.triangles(part.body.moved(by)))
        .collect();
    let mut bytes = Vec::new();
    write(&mut bytes, name, &triangles)?;
    Ok(bytes)
}

/// The files of a puzzle written into a directory: each kind of piece as it is first placed,
/// and each solution.
pub struct Printer {
    dir: PathBuf,
    print: Print,
}

impl Printer {
    /// A printer into `dir` (made if it is not there), which first writes each kind of piece
    /// of `catalog` ([`pieces`]).
    pub fn new(dir: &Path, catalog: &Catalog, print: Print) -> io::Result<Printer> {
        let pieces = pieces(catalog, print)?;
        fs::create_dir_all(dir)?;
        for (_, file, bytes) in pieces {
            fs::write(dir.join(file), bytes)?;
        }
        Ok(Printer {
            dir: dir.to_owned(),
            print,
        })
    }

    /// Writes solution `number` as `solution-NUMBER.stl` ([`solution`]), and gives its path.
    pub fn add(&self, number: u64, found: &Solution<'_>) -> io::Result<PathBuf> {
        let bytes = solution(found, &format!("solution {number}"), self.print)?;
        let path = self.dir.join(format!("solution-{number}.stl"));
        fs::write(&path, bytes)?;
        Ok(path)
    }
}

/// A name made fit for a file's: letters, digits, `-` and `_` kept, anything else `_`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
