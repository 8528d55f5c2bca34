//! A solution as the workshop's view in three dimensions draws it: for each piece, in the order
//! placed, its colour, its faces' triangles, its spheres, and the lines of its creases, with one
//! sphere's triangles for every sphere, as JSON, from the solids of [`super::mesh`]. The page
//! keeps no geometry of its own.

use serde_json::{json, Value};

use puzzlec::disassembly::{cells_in, Separation};
use puzzlec::{Catalog, Lattice, Picture, Solution};

use super::mesh::{distance, dot, scale_by, sub, unit_sphere, view, Assembly, Vector};
use super::Palette;

/// The scene of a solution's picture, `None` where its lattice gives its cells no solid: the
/// pieces' `parts` (each with `placement`, `piece` (its kind's name, if it has one), `colour`,
/// `centre`, `explosion` (how far it moves apart at a factor of 1), `positions` (three numbers a
/// corner, three corners a triangle, counter-clockwise seen from outside), `balls` (a sphere's
/// centre and radius, four numbers each) and `lines` (three numbers a point, two points a
/// line)), the `sphere` every ball is drawn as (`positions` of a sphere of radius 1 about the
/// origin, each also its normal), the `centre` of all cells and the `radius` that holds them all
/// about it.
pub fn scene(catalog: &Catalog, picture: &Picture) -> Option<Value> {
    let assembly = Assembly::of(picture, &Palette::new(catalog))?;
    let centre = assembly.centre();
    let mut radius: f64 = 0.0;
    let explosion = assembly.explosion(1.0);
    let parts: Vec<Value> = (assembly.parts.iter().zip(&explosion))
        .map(|(part, away)| {
            let body = &part.body;
            let triangles = body.flat_triangles();
            for p in triangles.iter().flatten() {
                radius = radius.max(distance(*p, centre));
            }
            for &(c, r) in &body.balls {
                radius = radius.max(distance(c, centre) + r);
            }
            let balls: Vec<f32> = (body.balls.iter())
                .flat_map(|&(c, r)| [c[0], c[1], c[2], r])
                .map(|x| x as f32)
                .collect();
            let lines: Vec<f32> = (body.creases().iter())
                .flat_map(|e| e.map(|v| body.vertices[v as usize]))
                .flat_map(|p| p.map(|x| x as f32))
                .collect();
            json!({
                "placement": part.placement,
                "piece": part.piece.and_then(|k| catalog.kinds.get(k as usize)).map(|k| &*k.name),
                "colour": part.colour.hex(),
                "centre": body.centre(),
                "explosion": away,
                "positions": flat(&triangles),
                "balls": balls,
                "lines": lines,
            })
        })
        .collect();
    let (sphere, _) = unit_sphere();
    Some(json!({
        "parts": parts,
        "sphere": { "positions": flat(sphere) },
        "centre": centre,
        "radius": radius,
    }))
}

/// A disassembly of a solution as the view plays it, its pieces sliding in `space` (the
/// lattice of [`Rules::slides_in`](puzzlec::disassembly::Rules::slides_in)): its `moves` in the
/// order made ([`Separation::in_order`]), each with the `pieces` that move (by `placement`, as
/// the scene's parts), their `direction` (its number among the space's slides), `distance`
/// (in steps; `null` where they leave the rest for good) and `by`, how far they move in the
/// scene's frame, which for pieces that leave is far enough that they clear every other piece
/// by [`CLEAR`] steps, and `radius`, the distance from the scene's centre that holds every
/// piece after it; and the `radius` that holds them after every move. `None` where the space gives its cells no solid.
pub fn playback(solution: &Solution<'_>, space: Lattice, separation: &Separation) -> Option<Value> {
    let centre_of = |p: &[i32]| space.solid(p).map(|s| view(s.centre()));
    // Each piece's cells' centres, moved as the pieces move.
    let mut pieces: Vec<Vec<Vector>> = (cells_in(solution, space).iter())
        .map(|cells| {
            cells
                .iter()
                .map(|c| centre_of(c))
                .collect::<Option<Vec<_>>>()
        })
        .collect::<Option<_>>()?;
    let all: Vec<Vector> = pieces.iter().flatten().copied().collect();
    let n = all.len().max(1) as f64;
    let middle = [0, 1, 2].map(|a| all.iter().map(|c| c[a]).sum::<f64>() / n);
    let reach = |pieces: &[Vec<Vector>]| {
        (pieces.iter().flatten())
            .map(|&c| distance(c, middle))
            .fold(0.0, f64::max)
    };
    let mut radius = reach(&pieces) + 1.0;
    // A step's vector in the scene, from any cell: the slides translate the lattice.
    let origin = pieces.first().and_then(|p| p.first()).copied()?;
    let start = cells_in(solution, space).into_iter().flatten().next()?;
    let steps: Vec<Vector> = (space.slides().iter())
        .map(|step| {
            let moved: Vec<i32> = start.iter().zip(step).map(|(a, b)| a + b).collect();
            Some(sub(centre_of(&moved)?, origin))
        })
        .collect::<Option<_>>()?;
    let mut moves = Vec::new();
    for m in separation.in_order() {
        let step = *steps.get(m.direction)?;
        let distance = match m.distance {
            Some(d) => f64::from(d),
            None => clearing(&pieces, &m.pieces, step),
        };
        let by = scale_by(step, distance);
        for &p in &m.pieces {
            for c in pieces.get_mut(p)? {
                *c = [c[0] + by[0], c[1] + by[1], c[2] + by[2]];
            }
        }
        // Half a cell's room about the farthest centre.
        let now = reach(&pieces) + 1.0;
        radius = radius.max(now);
        moves.push(json!({
            "pieces": m.pieces,
            "direction": m.direction,
            "distance": m.distance,
            "by": by,
            "radius": now,
        }));
    }
    Some(json!({ "moves": moves, "radius": radius }))
}

/// The steps of air between a part that leaves and every other piece once it has gone.
pub const CLEAR: f64 = 2.0;

/// How many steps along `step` the pieces `moving` go to leave every other piece behind by
/// [`CLEAR`] steps, measured between their cells' centres along the step.
fn clearing(pieces: &[Vec<Vector>], moving: &[usize], step: Vector) -> f64 {
    let length = dot(step, step);
    let along = |c: &Vector| dot(*c, step) / length;
    let (mut least, mut most) = (f64::INFINITY, f64::NEG_INFINITY);
    for (p, cells) in pieces.iter().enumerate() {
        for c in cells {
            if moving.contains(&p) {
                least = least.min(along(c));
            } else {
                most = most.max(along(c));
            }
        }
    }
    ((most - least).ceil() + 1.0).max(0.0) + CLEAR
}

/// Triangles' corners as a flat list of numbers, as a WebGL buffer takes them, to the precision
/// of a 32-bit float.
fn flat(triangles: &[[Vector; 3]]) -> Vec<f32> {
    (triangles.iter().flatten())
        .flat_map(|p| p.map(|x| x as f32))
        .collect()
}
