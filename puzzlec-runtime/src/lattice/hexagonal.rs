//! Hexagons in the plane (polyhexes), at the points (row, column) where row + column is even:
//! a space between two in a row and each row half a hexagon from the next, as a drawing shows
//! them. A hexagon touches the two beside it in its row (two columns away) and two in each row
//! next to it (one column away); a translation keeps row + column even; the motions are the
//! twelve of a hexagon about its centre.

use super::{Point, Solid};

/// The steps from a hexagon to the six it touches, in (row, column), the doubled columns of
/// the hexagonal lattice.
pub(super) const STEPS: [[i32; 2]; 6] = [[0, -2], [0, 2], [-1, -1], [-1, 1], [1, -1], [1, 1]];

/// Where the hexagons are.
pub(super) const RULE: &str = "hexagons sit at the points (row, column) where row + column is even";

/// Whether (row, column) is a hexagon's point.
pub(super) fn is_cell(p: &[i32]) -> bool {
    (p[0] + p[1]) % 2 == 0
}

/// A hexagon's outline as drawn (x to the right, y down, pointy-topped and one wide, so a side
/// is 1/sqrt(3) and a row 3/4 of a hexagon's height below the last): its corners in order,
/// each with the hexagon across the side to the next.
pub(super) fn outline(r: i32, c: i32) -> Vec<([f64; 2], Point)> {
    let (rf, cf) = (f64::from(r), f64::from(c));
    let at = |dr: i32, dc: i32| vec![r + dr, c + dc];
    let row = 3f64.sqrt() / 2.0;
    let side = 1.0 / 3f64.sqrt();
    let (x, y) = (cf / 2.0 + 0.5, rf * row + side);
    vec![
        ([x, y - side], at(-1, 1)),
        ([x + 0.5, y - side / 2.0], at(0, 2)),
        ([x + 0.5, y + side / 2.0], at(1, 1)),
        ([x, y + side], at(1, -1)),
        ([x - 0.5, y + side / 2.0], at(0, -2)),
        ([x - 0.5, y - side / 2.0], at(-1, -1)),
    ]
}

/// A hexagon's tile one deep.
pub(super) fn solid(cell: &[i32]) -> Option<Solid> {
    let [r, c] = *cell else {
        return None;
    };
    Some(Solid::extruded(&outline(r, c), 0.0, |p| p, |_| None))
}

/// A hexagon at (row, column) in coordinates along two axes sixty degrees apart (along the
/// row, and down to the right), in which a sixth of a turn about the origin is `(q, s) -> (-s,
/// q + s)` and a reflection `(q, s) -> (s, q)`: its centre.
pub(super) fn to_axial(r: i32, c: i32) -> [i32; 2] {
    [(c - r) / 2, r]
}

/// The hexagon at axial coordinates `[q, s]` ([`to_axial`]'s inverse).
pub(super) fn from_axial([q, s]: [i32; 2]) -> [i32; 2] {
    [s, 2 * q + s]
}
