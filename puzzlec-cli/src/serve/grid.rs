//! The grids as the page's drawing editor draws them, every rule the lattice's: which places of
//! a drawing are cells and the shape each is drawn in (`/api/grid`), and a piece drawn there
//! written as the language writes it, moved to the lattice's one place for its shape
//! (`/api/piece`). The page keeps no rule of a grid of its own.

use axum::extract::Query;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use puzzlec::compiler::description::Grid;
use puzzlec::compiler::piece_set::PieceSet;
use puzzlec::compiler::print::MAX_SKETCHED;
use puzzlec::lattice::{unlinear, Lattice, Point, Solid};
use puzzlec::Catalog;
use puzzlec_io::draw::{svg, Palette};
use serde::Deserialize;
use serde_json::{json, Value};

/// A drawing's size on a grid: `/api/grid?grid=triangular&layers=1&rows=5&columns=9`.
#[derive(Clone, Debug, Deserialize)]
pub struct Drawing {
    /// The grid's word in the language.
    pub grid: String,
    /// Layers, rows and columns of places.
    pub layers: u32,
    /// Rows of places in each layer.
    pub rows: u32,
    /// Places in each row.
    pub columns: u32,
}

/// A grid by its word, or what to say of one that is none.
fn grid(word: &str) -> Result<Grid, String> {
    (Grid::ALL.into_iter().find(|g| g.word() == word)).ok_or_else(|| {
        let words: Vec<&str> = Grid::ALL.iter().map(|g| g.word()).collect();
        format!("no grid {word:?}: one of {}", words.join(", "))
    })
}

/// A request refused, with why.
fn refused(message: String) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({ "error": message }))).into_response()
}

/// The lattice a drawing of `layers` layers is on: its grid's in three axes where it has
/// layers (or parts of cubes), else in the plane.
fn lattice_of(grid: Grid, layers: u32) -> Lattice {
    grid.lattice(if layers > 1 { 3 } else { 2 })
}

/// The point of a lattice at a drawing's place (layer, row, column).
fn point(lattice: Lattice, [l, r, c]: [i32; 3]) -> Point {
    match lattice.dims() {
        3 => vec![l, r, c],
        _ => vec![r, c],
    }
}

/// Every grid the language has, with what the editor needs to know of each: its word, how many
/// places a cube's side takes where cells are parts of cubes (the sizes then count cubes),
/// where its cells lie for a person, and the size of the piece drawer's empty grid (two cubes a
/// side on a fine grid, rows of half-width places wider).
pub async fn grids() -> Json<Value> {
    let grids: Vec<Value> = (Grid::ALL.iter())
        .map(|&g| {
            let side = g.cube_side().unwrap_or(1);
            // Where two columns are less than two cells apart (triangles, hexagons), a piece
            // takes more columns than rows.
            let left = |c: i32| {
                let outline = g.lattice(2).outline(&[0, c])?;
                Some(outline.iter().map(|(p, _)| p[0]).fold(f64::MAX, f64::min))
            };
            let half = matches!((left(0), left(2)), (Some(a), Some(b)) if b - a < 1.5);
            let piece = match (side, half) {
                (1, true) => [5, 9],
                (1, false) => [5, 5],
                (side, _) => [2 * side, 2 * side],
            };
            json!({
                "word": g.word(),
                "cube_side": side,
                "rule": g.rule(),
                "piece": piece,
                "sets": sets_of(g),
            })
        })
        .collect();
    Json(Value::Array(grids))
}

/// The built-in sets the editor offers, as the language writes them, largest families last.
pub const OFFERED_SETS: &[(&str, Option<u32>, Option<&str>)] = &[
    ("pentominoes", None, None),
    ("pentominoes", None, Some("one_sided")),
    ("tetrominoes", None, None),
    ("tetrominoes", None, Some("one_sided")),
    ("polyominoes", Some(6), None),
    ("soma", None, None),
    ("tetracubes", None, None),
    ("polycubes", Some(5), None),
    ("hexiamonds", None, None),
    ("hexiamonds", None, Some("one_sided")),
    ("polyiamonds", Some(7), None),
    ("tetrahexes", None, None),
    ("pentahexes", None, None),
];

/// The offered sets whose pieces lie on `grid`'s lattice (in the plane or in space), as the
/// language writes them: a set of squares offered on the hexagonal grid would only be refused.
fn sets_of(grid: Grid) -> Vec<String> {
    (OFFERED_SETS.iter())
        .filter(|&&(word, size, flag)| {
            PieceSet::named(word, size, flag).is_ok_and(|set| {
                let lattice = set.lattice();
                grid.lattice(lattice.dims()) == lattice
            })
        })
        .map(|&(word, size, flag)| match (size, flag) {
            (Some(n), _) => format!("{word}({n})"),
            (None, Some(flag)) => format!("{word}({flag})"),
            (None, None) => word.to_owned(),
        })
        .collect()
}

/// The places of a drawing that are cells, each with its shape in the units the editor draws
/// (a square's side, a triangle's, a hexagon's width, a sphere's diameter; half of one for a
/// fine grid's places), and the size of a layer.
pub async fn geometry(Query(drawing): Query<Drawing>) -> Response {
    let grid = match grid(&drawing.grid) {
        Ok(grid) => grid,
        Err(why) => return refused(why),
    };
    let places = u64::from(drawing.layers) * u64::from(drawing.rows) * u64::from(drawing.columns);
    if places > MAX_SKETCHED as u64 {
        return refused(format!(
            "a drawing of {places} places: at most {MAX_SKETCHED}"
        ));
    }
    let lattice = lattice_of(grid, drawing.layers);
    let plane = lattice.layer().unwrap_or(lattice);
    let unit = if grid.cube_side().is_some() { 0.5 } else { 1.0 };
    let mut shapes = Vec::new();
    let (mut width, mut height) = (0.0f64, 0.0f64);
    for l in 0..drawing.layers as i32 {
        for r in 0..drawing.rows as i32 {
            for c in 0..drawing.columns as i32 {
                if !lattice.is_cell(&point(lattice, [l, r, c])) {
                    continue;
                }
                let shape = match (plane.outline(&[r, c]), plane.solid(&[r, c])) {
                    (Some(outline), _) => {
                        let corners: Vec<[f64; 2]> = (outline.iter())
                            .map(|&([x, y], _)| [x * unit, y * unit])
                            .collect();
                        for [x, y] in &corners {
                            (width, height) = (width.max(*x), height.max(*y));
                        }
                        json!({ "points": corners })
                    }
                    (None, Some(Solid::Sphere { centre, radius })) => {
                        let [x, y, _] = centre.map(|v| v * unit);
                        (width, height) = (width.max(x + radius), height.max(y + radius));
                        json!({ "circle": [x, y, radius * unit] })
                    }
                    _ => continue,
                };
                shapes.push(json!([l, r, c, shape]));
            }
        }
    }
    Json(json!({ "width": width, "height": height, "places": shapes })).into_response()
}

/// A piece drawn in the editor: its grid, name, count as typed, and its cells as places
/// (layer, row, column).
#[derive(Clone, Debug, Deserialize)]
pub struct Drawn {
    /// The grid's word.
    pub grid: String,
    /// The piece's name.
    pub name: String,
    /// How many copies, as typed (empty or `1` for one).
    pub count: String,
    /// Layers of the drawing.
    pub layers: u32,
    /// Its cells.
    pub cells: Vec<[i32; 3]>,
}

/// The entry of a drawn piece, `COUNT x NAME: SHAPE`: on a fine grid its cells' coordinates,
/// elsewhere a drawing of them (layers where it has several), moved to the lattice's one
/// place for its shape (`Lattice::normalise`), so that a translation keeps what it must (a
/// triangle's direction, where hexagons are, each cube's kind); `null` for no cells.
pub async fn piece(Json(drawn): Json<Drawn>) -> Response {
    let grid = match grid(&drawn.grid) {
        Ok(grid) => grid,
        Err(why) => return refused(why),
    };
    let lattice = lattice_of(grid, drawn.layers);
    let mut cells: Vec<Point> = (drawn.cells.iter()).map(|&p| point(lattice, p)).collect();
    if cells.is_empty() || cells.len() > MAX_SKETCHED as usize {
        return Json(json!({ "entry": null })).into_response();
    }
    cells.sort();
    cells.dedup();
    lattice.normalise(&mut cells);
    let copies = match drawn.count.trim() {
        "" | "1" => String::new(),
        count => format!("{count} x "),
    };
    let shape = match grid.cube_side() {
        Some(_) => {
            let coordinates: Vec<String> = (cells.iter())
                .map(|p| {
                    let p: Vec<String> = p.iter().map(i32::to_string).collect();
                    format!("({})", p.join(", "))
                })
                .collect();
            format!("[{}]", coordinates.join(", "))
        }
        None => drawn_layers(lattice, &cells),
    };
    Json(json!({ "entry": format!("{copies}{}: {shape}", drawn.name) })).into_response()
}

/// Cells drawn as the language draws a shape: rows of `#` for a cell, `.` for a place of the
/// lattice not in it, a space for a point that is no place; one layer as a list of rows,
/// several as a list of such lists, on one line.
fn drawn_layers(lattice: Lattice, cells: &[Point]) -> String {
    let dims = lattice.dims();
    let high = |axis: usize| cells.iter().map(|p| p[axis]).max().unwrap_or(0);
    let (layers, rows, columns) = match dims {
        3 => (high(0) + 1, high(1) + 1, high(2) + 1),
        _ => (1, high(0) + 1, high(1) + 1),
    };
    let layer = |l: i32| {
        let rows: Vec<String> = (0..rows)
            .map(|r| {
                let row: String = (0..columns)
                    .map(|c| {
                        let p = point(lattice, [l, r, c]);
                        match (cells.contains(&p), lattice.is_cell(&p)) {
                            (true, _) => '#',
                            (false, true) => '.',
                            (false, false) => ' ',
                        }
                    })
                    .collect();
                format!("{row:?}")
            })
            .collect();
        format!("[{}]", rows.join(", "))
    };
    match layers {
        1 => layer(0),
        n => format!("[{}]", (0..n).map(layer).collect::<Vec<_>>().join(", ")),
    }
}

/// Each kind of a compiled puzzle's pieces as the editor's list shows it and its drawer opens
/// it: its `name`, a `picture` (SVG) in its colour, and its `cells` as the drawer's places
/// (layer, row, column), moved to the lattice's one place for their shape, with how many
/// `layers` of cubes the drawer needs for them; pictures and cells of its first placement in
/// the box, and none where it has none (a piece too large for the box).
pub fn kinds(catalog: &Catalog) -> Value {
    let palette = Palette::new(catalog);
    let extents: Vec<i32> = catalog.extents.iter().map(|&x| x as i32).collect();
    let side = catalog.lattice.cube_side().unwrap_or(1);
    let mut start = 0;
    let mut out = Vec::new();
    for (k, kind) in catalog.kinds.iter().enumerate() {
        let placed = (kind.end > start && !extents.is_empty()).then_some(start);
        start = kind.end;
        let Some(e) = placed else {
            out.push(json!({ "name": kind.name }));
            continue;
        };
        let mut cells: Vec<Point> = (catalog.cells_of(e))
            .map(|at| unlinear(&extents, at as i32))
            .collect();
        catalog.lattice.normalise(&mut cells);
        let places: Vec<[i32; 3]> = (cells.iter())
            .map(|p| match p[..] {
                [l, r, c] => [l, r, c],
                [r, c] => [0, r, c],
                _ => [0, 0, p.first().copied().unwrap_or(0)],
            })
            .collect();
        let layers = places.iter().map(|p| p[0] + 1).max().unwrap_or(1);
        let colour = palette.kind(k as u32);
        out.push(json!({
            "name": kind.name,
            "picture": svg::piece(catalog, e, colour),
            "cells": places,
            "layers": (layers + side - 1) / side,
        }));
    }
    Value::Array(out)
}
