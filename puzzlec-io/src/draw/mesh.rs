//! Pieces as solids: the surface of each piece, made of its cells' solids as the lattice gives
//! them ([`Lattice::solid`]) with the faces between two of its own cells left out, so that what
//! is left is closed and faces out. One source for every picture in three dimensions: the SVG's
//! view ([`super::svg`]), the workshop's ([`Assembly`] as JSON) and the files for printing
//! ([`super::stl`]).
//!
//! Everything here is in the *view frame*: x to the right along the columns, y away from the
//! viewer against the rows, z up along the layers, in units of a cell's side (a cube's, a
//! triangle's, a sphere's diameter). It is the box as its drawing reads, each layer seen from
//! above with its first row at the back and the first layer at the bottom; the lattice's own
//! frame (y along the rows) is its mirror image, so each face's corners are turned round to
//! stay counter-clockwise seen from outside.

use std::collections::{BTreeSet, HashMap};

use puzzlec::lattice::{unlinear, Point, Solid};
use puzzlec::{Catalog, Lattice, Picture, Slot};

use super::{Colour, Palette};

/// A point or a direction in the view frame.
pub type Vector = [f64; 3];

/// How finely a sphere is cut into triangles: each of an icosahedron's faces into this power of
/// four (1,280 triangles a sphere), fine enough that a printed sphere shows no flats.
const SPHERE_DETAIL: u32 = 3;

/// A face on a body's surface: a convex polygon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facet {
    /// Its corners, indices into the body's vertices, counter-clockwise seen from outside.
    pub corners: Vec<u32>,
    /// The cell it belongs to, an index into the body's cells.
    pub cell: u32,
    /// The lattice's point across it (a cell of another piece, or none), if the lattice has
    /// one there.
    pub across: Option<Point>,
}

/// A piece's solid.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The corners of the faces.
    pub vertices: Vec<Vector>,
    /// The faces on the surface.
    pub faces: Vec<Facet>,
    /// The spheres, on the spheres' lattice, whose cells touch at points: their centres and
    /// radius.
    pub balls: Vec<(Vector, f64)>,
    /// The centre of each cell, as the lattice places it.
    pub cells: Vec<Vector>,
    /// Each cell's point of the lattice.
    pub points: Vec<Point>,
}

impl Body {
    /// The solid of the cells at `points` of `lattice`; `None` where the lattice gives its cells
    /// no solid (the cubic lattice of more than three axes).
    pub fn of(lattice: Lattice, points: &[Point]) -> Option<Body> {
        let own: BTreeSet<&[i32]> = points.iter().map(|p| &p[..]).collect();
        let mut body = Body {
            vertices: Vec::new(),
            faces: Vec::new(),
            balls: Vec::new(),
            cells: Vec::new(),
            points: points.to_vec(),
        };
        let mut welded: HashMap<[i64; 3], u32> = HashMap::new();
        for point in points {
            let cell = body.cells.len() as u32;
            let solid = lattice.solid(point)?;
            body.cells.push(view(solid.centre()));
            match solid {
                Solid::Sphere { centre, radius } => body.balls.push((view(centre), radius)),
                Solid::Polyhedron { corners, faces } => {
                    for face in faces {
                        if face.across.as_deref().is_some_and(|a| own.contains(a)) {
                            continue;
                        }
                        // The mirror turns the order round.
                        let corners = (face.corners.iter().rev())
                            .map(|&k| body.weld(&mut welded, view(corners[k])))
                            .collect();
                        body.faces.push(Facet {
                            corners,
                            cell,
                            across: face.across,
                        });
                    }
                }
            }
        }
        Some(body)
    }

    /// The vertex at `at`, one for all the faces that meet there.
    fn weld(&mut self, welded: &mut HashMap<[i64; 3], u32>, at: Vector) -> u32 {
        *welded.entry(key(at)).or_insert_with(|| {
            self.vertices.push(at);
            self.vertices.len() as u32 - 1
        })
    }

    /// The solid of an embedding's cells, where the puzzle has a box.
    pub fn of_embedding(catalog: &Catalog, e: u32) -> Option<Body> {
        let extents: Vec<i32> = catalog.extents.iter().map(|&x| x as i32).collect();
        let points: Vec<Point> = (catalog.cells_of(e))
            .map(|at| unlinear(&extents, at as i32))
            .collect();
        Body::of(catalog.lattice, &points)
    }

    /// The least corner of the box around it.
    pub fn low(&self) -> Vector {
        self.bounds().0
    }

    /// The least and the greatest corner of the box around it.
    pub fn bounds(&self) -> (Vector, Vector) {
        let mut low = [f64::MAX; 3];
        let mut high = [f64::MIN; 3];
        let mut take = |p: Vector, r: f64| {
            for a in 0..3 {
                low[a] = low[a].min(p[a] - r);
                high[a] = high[a].max(p[a] + r);
            }
        };
        for &v in &self.vertices {
            take(v, 0.0);
        }
        for &(c, r) in &self.balls {
            take(c, r);
        }
        (low, high)
    }

    /// The mean of its cells' centres, from which an exploded view moves it.
    pub fn centre(&self) -> Vector {
        let n = self.cells.len().max(1) as f64;
        [0, 1, 2].map(|a| self.cells.iter().map(|c| c[a]).sum::<f64>() / n)
    }

    /// The same body moved by `by`.
    pub fn moved(mut self, by: Vector) -> Body {
        for v in self.vertices.iter_mut().chain(&mut self.cells) {
            *v = add(*v, by);
        }
        for (c, _) in &mut self.balls {
            *c = add(*c, by);
        }
        self
    }

    /// The same body with its surface moved in by `by` everywhere, so that two bodies that
    /// touched have twice `by` between them (room for a printed puzzle to go together). Each
    /// vertex moves to where it lies `by` inside each plane of its faces; where more than three
    /// planes meet at a vertex (a tetrahedron's apex, a saddle) that cannot hold for all, and
    /// it moves to the point nearest doing so (least squares). Each sphere's radius shrinks by
    /// `by`.
    pub fn shrunk(mut self, by: f64) -> Body {
        if by == 0.0 {
            return self;
        }
        let mut normals: Vec<Vec<Vector>> = vec![Vec::new(); self.vertices.len()];
        for Facet { corners, .. } in &self.faces {
            let n = normal(&self.vertices, corners);
            for &v in corners {
                let seen = &mut normals[v as usize];
                if !seen.iter().any(|m| dot(*m, n) > 1.0 - 1e-9) {
                    seen.push(n);
                }
            }
        }
        for (v, ns) in self.vertices.iter_mut().zip(&normals) {
            *v = add(*v, offset(ns, by));
        }
        for (_, r) in &mut self.balls {
            *r -= by;
        }
        self
    }

    /// The surface as triangles, each counter-clockwise seen from outside: the faces fanned
    /// from their first corners, each sphere an icosahedron's faces cut finer and pushed out
    /// onto the sphere, then scaled so that it encloses as much as the sphere does.
    pub fn triangles(&self) -> Vec<[Vector; 3]> {
        let mut out = self.flat_triangles();
        let (unit, scale) = unit_sphere();
        for &(centre, radius) in &self.balls {
            for t in unit {
                out.push(t.map(|p| add(centre, scale_by(p, radius * scale))));
            }
        }
        out
    }

    /// The faces as triangles, each counter-clockwise seen from outside, fanned from their first
    /// corners: the surface but for the spheres.
    pub fn flat_triangles(&self) -> Vec<[Vector; 3]> {
        let mut out = Vec::new();
        for Facet { corners, .. } in &self.faces {
            let first = self.vertices[corners[0] as usize];
            for pair in corners[1..].windows(2) {
                out.push([
                    first,
                    self.vertices[pair[0] as usize],
                    self.vertices[pair[1] as usize],
                ]);
            }
        }
        out
    }

    /// The edges along which two of its faces meet at an angle (or a face meets none), each
    /// once, as pairs of vertices: the lines a drawing marks, leaving out those between faces
    /// of two cells that lie in one plane.
    pub fn creases(&self) -> Vec<[u32; 2]> {
        let mut sides: HashMap<[u32; 2], Vec<Vector>> = HashMap::new();
        for Facet { corners, .. } in &self.faces {
            let n = normal(&self.vertices, corners);
            for (k, &a) in corners.iter().enumerate() {
                let b = corners[(k + 1) % corners.len()];
                sides.entry([a.min(b), a.max(b)]).or_default().push(n);
            }
        }
        let mut out: Vec<[u32; 2]> = (sides.into_iter())
            .filter(|(_, ns)| ns.len() != 2 || dot(ns[0], ns[1]) < 1.0 - 1e-9)
            .map(|(edge, _)| edge)
            .collect();
        out.sort_unstable();
        out
    }

    /// The volume it encloses, by the divergence theorem over its triangles.
    pub fn volume(&self) -> f64 {
        volume(&self.triangles())
    }
}

/// The volume a closed surface of outward triangles encloses.
pub fn volume(triangles: &[[Vector; 3]]) -> f64 {
    triangles
        .iter()
        .map(|[a, b, c]| dot(*a, cross(*b, *c)))
        .sum::<f64>()
        / 6.0
}

/// A placed piece of an [`Assembly`].
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// Its place in the solution (0 for the first placed): the search's order.
    pub placement: usize,
    /// The number of its kind among the puzzle's kinds, if it has one.
    pub piece: Option<u32>,
    /// Its colour.
    pub colour: Colour,
    /// Its solid, where it lies in the box.
    pub body: Body,
}

/// A solution as solids: each placed piece's body where it lies, in the order placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Assembly {
    /// The pieces, by their place in the solution.
    pub parts: Vec<Part>,
}

impl Assembly {
    /// A solution's picture as solids, coloured by `palette`; `None` where the lattice gives its
    /// cells no solid.
    pub fn of(picture: &Picture, palette: &Palette) -> Option<Assembly> {
        let extents: Vec<i32> = picture.extents.iter().map(|&x| x as i32).collect();
        let colours = palette.placements(picture);
        let mut cells: Vec<(Option<u32>, Vec<Point>)> = vec![(None, Vec::new()); colours.len()];
        for (at, slot) in picture.slots.iter().enumerate() {
            if let Slot::Placed {
                placement, piece, ..
            } = *slot
            {
                cells[placement].0 = piece;
                cells[placement].1.push(unlinear(&extents, at as i32));
            }
        }
        let parts = (cells.into_iter().zip(colours).enumerate())
            .map(|(placement, ((piece, points), colour))| {
                Some(Part {
                    placement,
                    piece,
                    colour,
                    body: Body::of(picture.lattice, &points)?,
                })
            })
            .collect::<Option<Vec<Part>>>()?;
        Some(Assembly { parts })
    }

    /// The mean of all cells' centres.
    pub fn centre(&self) -> Vector {
        let cells: Vec<Vector> = (self.parts.iter())
            .flat_map(|p| p.body.cells.iter().copied())
            .collect();
        let n = cells.len().max(1) as f64;
        [0, 1, 2].map(|a| cells.iter().map(|c| c[a]).sum::<f64>() / n)
    }

    /// How far each piece moves in a view exploded by `factor`: straight away from the
    /// assembly's centre, by `factor` times its own centre's distance from it and half a cell
    /// more, so that the pieces in the middle come away too.
    pub fn explosion(&self, factor: f64) -> Vec<Vector> {
        let centre = self.centre();
        (self.parts.iter())
            .map(|p| {
                let away = sub(p.body.centre(), centre);
                let length = dot(away, away).sqrt();
                if length < 1e-9 {
                    return [0.0; 3];
                }
                scale_by(away, factor * (1.0 + 0.5 / length))
            })
            .collect()
    }
}

/// The view frame's point for the lattice frame's: the mirror that puts the first row at the
/// back.
pub fn view([x, y, z]: Vector) -> Vector {
    [x, -y, z]
}

/// A point rounded to a millionth of a cell, so that corners that meet are one vertex.
fn key(p: Vector) -> [i64; 3] {
    p.map(|x| (x * 1e6).round() as i64)
}

/// How far a vertex moves for its faces' planes (their outward `normals`, each once) to move in
/// by `by`: the least-squares solution of `n · d = -by` for every normal.
fn offset(normals: &[Vector], by: f64) -> Vector {
    // The normal equations, (Σ n nᵀ + εI) d = -by Σ n: ε keeps the system solvable where the
    // normals span less than space (a vertex amid one plane, or along one edge) and there
    // picks the shortest move.
    let mut m = [[0.0; 3]; 3];
    let mut rhs = [0.0; 3];
    for n in normals {
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += n[i] * n[j];
            }
            rhs[i] -= by * n[i];
        }
    }
    for (i, row) in m.iter_mut().enumerate() {
        row[i] += 1e-9;
    }
    solve(m, rhs)
}

/// The solution of `m x = rhs` by Cramer's rule (`m` is symmetric and positive definite).
fn solve(m: [[f64; 3]; 3], rhs: Vector) -> Vector {
    let det = |m: [[f64; 3]; 3]| dot(m[0], cross(m[1], m[2]));
    let whole = det(m);
    [0, 1, 2].map(|col| {
        let mut with = m;
        for (row, r) in with.iter_mut().zip(rhs) {
            row[col] = r;
        }
        det(with) / whole
    })
}

/// The unit outward normal of a face (its corners counter-clockwise seen from outside), by
/// Newell's method.
pub fn normal(vertices: &[Vector], corners: &[u32]) -> Vector {
    let mut n = [0.0; 3];
    for (k, &a) in corners.iter().enumerate() {
        let p = vertices[a as usize];
        let q = vertices[corners[(k + 1) % corners.len()] as usize];
        n[0] += (p[1] - q[1]) * (p[2] + q[2]);
        n[1] += (p[2] - q[2]) * (p[0] + q[0]);
        n[2] += (p[0] - q[0]) * (p[1] + q[1]);
    }
    let length = dot(n, n).sqrt();
    scale_by(n, 1.0 / length)
}

/// A sphere of radius 1 as outward triangles, and the factor that makes it enclose as much as
/// the sphere does: worked out once.
pub fn unit_sphere() -> (&'static [[Vector; 3]], f64) {
    static SPHERE: std::sync::OnceLock<(Vec<[Vector; 3]>, f64)> = std::sync::OnceLock::new();
    let (triangles, scale) = SPHERE.get_or_init(|| {
        let t = (1.0 + 5f64.sqrt()) / 2.0;
        let corners: Vec<Vector> = [
            [-1.0, t, 0.0],
            [1.0, t, 0.0],
            [-1.0, -t, 0.0],
            [1.0, -t, 0.0],
            [0.0, -1.0, t],
            [0.0, 1.0, t],
            [0.0, -1.0, -t],
            [0.0, 1.0, -t],
            [t, 0.0, -1.0],
            [t, 0.0, 1.0],
            [-t, 0.0, -1.0],
            [-t, 0.0, 1.0],
        ]
        .iter()
        .map(|&p| unit(p))
        .collect();
        const FACES: [[usize; 3]; 20] = [
            [0, 11, 5],
            [0, 5, 1],
            [0, 1, 7],
            [0, 7, 10],
            [0, 10, 11],
            [1, 5, 9],
            [5, 11, 4],
            [11, 10, 2],
            [10, 7, 6],
            [7, 1, 8],
            [3, 9, 4],
            [3, 4, 2],
            [3, 2, 6],
            [3, 6, 8],
            [3, 8, 9],
            [4, 9, 5],
            [2, 4, 11],
            [6, 2, 10],
            [8, 6, 7],
            [9, 8, 1],
        ];
        let mut triangles: Vec<[Vector; 3]> = FACES.iter().map(|f| f.map(|k| corners[k])).collect();
        for _ in 0..SPHERE_DETAIL {
            // Each triangle into four, the new corners at its sides' midpoints pushed out onto
            // the sphere: a side's midpoint is the same for the two triangles on it.
            triangles = (triangles.iter())
                .flat_map(|&[a, b, c]| {
                    let [ab, bc, ca] = [(a, b), (b, c), (c, a)].map(|(p, q)| unit(add(p, q)));
                    [[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]
                })
                .collect();
        }
        let sphere = 4.0 / 3.0 * std::f64::consts::PI;
        let scale = (sphere / volume(&triangles)).cbrt();
        (triangles, scale)
    });
    (triangles, *scale)
}

fn unit(p: Vector) -> Vector {
    scale_by(p, 1.0 / dot(p, p).sqrt())
}

fn add(a: Vector, b: Vector) -> Vector {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// The difference `a - b`.
pub fn sub(a: Vector, b: Vector) -> Vector {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `a` made `k` times as long.
pub fn scale_by(a: Vector, k: f64) -> Vector {
    a.map(|x| x * k)
}

/// The distance between two points.
pub fn distance(a: Vector, b: Vector) -> f64 {
    let d = sub(a, b);
    dot(d, d).sqrt()
}

/// The dot product.
pub fn dot(a: Vector, b: Vector) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The cross product.
pub fn cross(a: Vector, b: Vector) -> Vector {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each directed edge of the triangles, with its vertices welded, and how often it occurs.
    fn edges(triangles: &[[Vector; 3]]) -> HashMap<([i64; 3], [i64; 3]), usize> {
        let mut edges = HashMap::new();
        for t in triangles {
            for k in 0..3 {
                *edges.entry((key(t[k]), key(t[(k + 1) % 3]))).or_default() += 1;
            }
        }
        edges
    }

    fn closed(triangles: &[[Vector; 3]]) -> bool {
        let edges = edges(triangles);
        edges
            .iter()
            .all(|(&(a, b), &n)| n == 1 && edges.get(&(b, a)) == Some(&1))
    }

    #[test]
    fn a_tromino_of_cubes_is_closed_and_holds_three() {
        let cells = [vec![0, 0, 0], vec![0, 0, 1], vec![0, 1, 1]];
        let body = Body::of(Lattice::cubic(3), &cells).unwrap();
        // The three cubes' 18 squares less the two pairs between them.
        assert_eq!(body.faces.len(), 14);
        assert!(closed(&body.triangles()));
        assert!((body.volume() - 3.0).abs() < 1e-9);
        // The L's outline, 8 sides of a cube, along the top and the bottom, and its 6 corners
        // upright; the lines between two cubes' squares in one plane are not creases.
        assert_eq!(body.creases().len(), 22);
    }

    #[test]
    fn a_sphere_holds_what_a_sphere_holds() {
        let body = Body::of(Lattice::Spheres { dims: 3 }, &[vec![0, 0, 0]]).unwrap();
        let triangles = body.triangles();
        assert_eq!(triangles.len(), 20 * 4usize.pow(SPHERE_DETAIL));
        assert!(closed(&triangles));
        let sphere = std::f64::consts::PI / 6.0;
        assert!((body.volume() - sphere).abs() < 1e-9, "{}", body.volume());
    }

    #[test]
    fn shrinking_a_cube_keeps_it_a_cube() {
        let body = Body::of(Lattice::cubic(3), &[vec![0, 0, 0], vec![0, 0, 1]]).unwrap();
        let shrunk = body.shrunk(0.1);
        assert!(closed(&shrunk.triangles()));
        assert!(
            (shrunk.volume() - 0.8 * 0.8 * 1.8).abs() < 1e-6,
            "{}",
            shrunk.volume()
        );
    }
}
