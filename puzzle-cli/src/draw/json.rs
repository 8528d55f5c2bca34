//! Solutions as JSON lines, for scripts: one object a solution, with the puzzle's name, the
//! solution's number (from 1, in the serial search's order) and its placements.

use puzzle::Solution;
use serde_json::{json, Value};

/// One solution as a line of JSON: `{"puzzle", "solution", "placements": [{"piece",
/// "cells"}]}` for a box (cells as coordinates, `piece` null for a copy of a bag's kind), or
/// `{"puzzle", "solution", "embeddings": [[aspect, ...]]}` for an abstract puzzle.
pub fn line(solution: &Solution<'_>, number: u64) -> String {
    let catalog = solution.catalog();
    let value = if catalog.extents.is_empty() {
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
        json!({ "puzzle": catalog.name, "solution": number, "embeddings": embeddings })
    } else {
        let placements: Vec<Value> = solution
            .placements()
            .map(|p| json!({ "piece": p.piece, "cells": p.cells }))
            .collect();
        json!({ "puzzle": catalog.name, "solution": number, "placements": placements })
    };
    value.to_string()
}
