//! Polyforms generated rather than drawn: every shape of `n` face-joined unit cells in a
//! lattice of some number of axes, each counted once up to the motions asked for. The counts
//! are known facts (the polyominoes of 1 to 8 cells, free: 1, 1, 2, 5, 12, 35, 108, 369;
//! one-sided: 1, 1, 2, 7, 18, 60, 196, 704; the polycubes of 1 to 6 cells up to rotation:
//! 1, 1, 2, 8, 29, 166), which the tests check.

use std::collections::BTreeSet;

use crate::geometry::Shape;
use puzzlec_runtime::lattice::Lattice;

/// Every polyform of `cells` cells of a lattice, up to its rotations and, with `reflect`, to
/// its reflections: each as its least orientation, in order. Grown a cell at a time from the
/// polyforms one smaller, so the work is about the number of polyforms found times their
/// size and neighbours.
pub fn polyforms(cells: usize, lattice: Lattice, reflect: bool) -> Vec<Shape> {
    let dims = lattice.dims();
    if cells == 0 || dims == 0 {
        return Vec::new();
    }
    let mut level: BTreeSet<Shape> = BTreeSet::from([Shape::new(lattice, [vec![0; dims]])]);
    for _ in 1..cells {
        let mut next = BTreeSet::new();
        for shape in &level {
            let have: BTreeSet<&[i32]> = shape.cells().iter().map(Vec::as_slice).collect();
            let grown: BTreeSet<Vec<i32>> = shape
                .cells()
                .iter()
                .flat_map(|c| lattice.neighbours(c).collect::<Vec<_>>())
                .filter(|n| !have.contains(n.as_slice()))
                .collect();
            for cell in grown {
                let bigger = Shape::new(lattice, shape.cells().iter().cloned().chain([cell]));
                next.insert(canonical(&bigger, reflect));
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

/// The least orientation of a shape: the same for every shape it can be turned (or, with
/// `reflect`, turned over) into.
fn canonical(shape: &Shape, reflect: bool) -> Shape {
    shape
        .orientations(reflect)
        .into_iter()
        .next()
        .expect("a shape has at least itself as an orientation")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(dims: usize, reflect: bool, up_to: usize) -> Vec<usize> {
        (1..=up_to)
            .map(|n| polyforms(n, Lattice::cubic(dims), reflect).len())
            .collect()
    }

    #[test]
    fn polyominoes_free_and_one_sided() {
        assert_eq!(counts(2, true, 8), [1, 1, 2, 5, 12, 35, 108, 369]);
        assert_eq!(counts(2, false, 8), [1, 1, 2, 7, 18, 60, 196, 704]);
    }

    #[test]
    fn polycubes_up_to_rotation() {
        assert_eq!(counts(3, false, 6), [1, 1, 2, 8, 29, 166]);
        // Turned over too, the chiral ones pair up: 7 tetracubes, 23 pentacubes.
        assert_eq!(counts(3, true, 5), [1, 1, 2, 7, 23]);
    }

    #[test]
    fn every_polyform_is_connected_and_of_its_size() {
        for shape in polyforms(5, Lattice::cubic(2), true) {
            assert_eq!(shape.len(), 5);
            assert!(shape.is_connected());
        }
    }
}
