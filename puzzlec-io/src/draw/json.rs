//! Solutions as JSON lines, for scripts: one object a solution, with the puzzle's name, the
//! solution's number (from 1, in the serial search's order) and its placements.

use puzzlec::disassembly::Separation;
use puzzlec::{Lattice, Solution};
use serde_json::{json, Value};

/// One solution as a line of JSON: `{"puzzle", "solution", "placements": [{"piece",
/// "cells"}]}` for a box (cells as coordinates, `piece` null for a copy of a bag's kind), or
/// `{"puzzle", "solution", "embeddings": [[aspect, ...]]}` for an abstract puzzle.
pub fn line(solution: &Solution<'_>, number: u64) -> String {
    let name = &solution.catalog().name;
    let value = match value(solution) {
        Value::Object(mut fields) => {
            fields.insert("puzzle".into(), json!(name));
            fields.insert("solution".into(), json!(number));
            Value::Object(fields)
        }
        other => other,
    };
    value.to_string()
}

/// One solution as a JSON object: `{"placements": [{"piece", "cells"}]}` for a box,
/// `{"embeddings": [[aspect, ...]]}` for an abstract puzzle.
pub fn value(solution: &Solution<'_>) -> Value {
    let catalog = solution.catalog();
    if catalog.extents.is_empty() {
        let embeddings: Vec<Value> = solution
            .embeddings()
            .iter()
            .map(|&e| {
                let names: Vec<String> = catalog
                    .embedding(e)
                    .iter()
                    .map(|&a| catalog.aspect_name(a))
                    .collect();
                json!(names)
            })
            .collect();
        json!({ "embeddings": embeddings })
    } else {
        let placements: Vec<Value> = solution
            .placements()
            .map(|p| json!({ "piece": p.piece, "cells": p.cells }))
            .collect();
        json!({ "placements": placements })
    }
}

/// A solution that comes apart as a line of JSON: the solution's line
/// ([`line()`]) with its `assembly` number, its `level` as BurrTools writes it, and `moves`,
/// the disassembly's moves in order, each `{"pieces", "direction", "distance"}`: the pieces
/// that move by their places in `placements` (from 0), the direction as the step of
/// `space` (the lattice the pieces slide in,
/// [`Rules::slides_in`](puzzlec::disassembly::Rules::slides_in)) they slide by, and the
/// steps (`null` where they leave the rest for good).
pub fn disassembly_line(
    solution: &Solution<'_>,
    space: Lattice,
    assembly: u64,
    separation: &Separation,
) -> String {
    let mut value = value(solution);
    if let Value::Object(fields) = &mut value {
        let slides = space.slides();
        fields.insert("puzzle".into(), json!(solution.catalog().name));
        fields.insert("assembly".into(), json!(assembly));
        fields.insert("level".into(), json!(separation.level()));
        let moves: Vec<Value> = (separation.in_order().into_iter())
            .map(|m| {
                json!({
                    "pieces": m.pieces,
                    "direction": slides.get(m.direction),
                    "distance": m.distance,
                })
            })
            .collect();
        fields.insert("moves".into(), json!(moves));
    }
    value.to_string()
}
