//! A solution as the workshop's view in three dimensions draws it: for each piece, in the order
//! placed, its colour, its faces' triangles, its spheres, and the lines of its creases, with one
//! sphere's triangles for every sphere, as JSON, from the solids of [`super::mesh`]. The page
//! keeps no geometry of its own.

use serde_json::{json, Value};

use puzzlec::{Catalog, Picture};

use super::mesh::{distance, unit_sphere, Assembly, Vector};
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

/// Triangles' corners as a flat list of numbers, as a WebGL buffer takes them, to the precision
/// of a 32-bit float.
fn flat(triangles: &[[Vector; 3]]) -> Vec<f32> {
    (triangles.iter().flatten())
        .flat_map(|p| p.map(|x| x as f32))
        .collect()
}
