use std::collections::BTreeSet;

use super::spheres::to_cubic;
use super::*;

fn normalised(lattice: Lattice, cells: &[[i32; 2]]) -> Vec<Point> {
    let mut cells: Vec<Point> = cells.iter().map(|c| c.to_vec()).collect();
    lattice.normalise(&mut cells);
    cells.sort();
    cells
}

#[test]
fn a_cubic_cell_touches_two_cells_per_axis() {
    let square = Lattice::cubic(2);
    let next: Vec<Point> = square.neighbours(&[1, 1]).collect();
    assert_eq!(next, [[0, 1], [2, 1], [1, 0], [1, 2]]);
    assert_eq!(square.most_neighbours(), 4);
    assert_eq!(Lattice::cubic(3).most_neighbours(), 6);
}

#[test]
fn cubic_motions_and_translations() {
    assert_eq!(Lattice::cubic(2).motions().len(), 8);
    assert_eq!(Lattice::cubic(3).motions().len(), 48);
    assert!(Lattice::cubic(3).motions()[0].is_identity());
    // A domino lying along the rows of a 2x3 block: two rows, two places in each.
    let t = Lattice::cubic(2).translations(&[vec![0, 0], vec![0, 1]], &[2, 3]);
    assert_eq!(t, [[0, 0], [0, 1], [1, 0], [1, 1]]);
    let upright = [vec![0, 0], vec![1, 0], vec![2, 0]];
    assert!(Lattice::cubic(2).translations(&upright, &[2, 3]).is_empty());
    assert_eq!(
        normalised(Lattice::cubic(2), &[[2, 5], [3, 4]]),
        [[0, 1], [1, 0]]
    );
}

#[test]
fn motions_count_and_parity() {
    assert_eq!(Motion::all(2).len(), 8);
    assert_eq!(Motion::all(3).len(), 48);
    assert_eq!(Motion::all(4).len(), 384);
    for dims in 1..=4 {
        let all = Motion::all(dims);
        assert!(all[0].is_identity());
        assert_eq!(all.iter().filter(|m| m.is_proper()).count() * 2, all.len());
    }
}

#[test]
fn motion_within_a_box() {
    let flip_rows = Motion::signed(vec![0, 1], vec![true, false]);
    let cells = [vec![0, 2]];
    let cubic = Lattice::cubic(2);
    let image = cubic.images_in_block(&flip_rows, &cells, &[2, 3]);
    assert_eq!(image, Some(vec![vec![1, 2]]));
    let transpose = Motion::signed(vec![1, 0], vec![false, false]);
    assert_eq!(cubic.images_in_block(&transpose, &cells, &[2, 3]), None);
    let image = cubic.images_in_block(&transpose, &cells, &[3, 3]);
    assert_eq!(image, Some(vec![vec![2, 0]]));
}

#[test]
fn triangles_alternate_and_touch_three() {
    let t = Lattice::Triangular;
    // (0, 0) points up: it touches its row and the triangle below it.
    let up: BTreeSet<Point> = t.neighbours(&[0, 0]).collect();
    assert_eq!(up, BTreeSet::from([vec![0, -1], vec![0, 1], vec![1, 0]]));
    let down: BTreeSet<Point> = t.neighbours(&[1, 0]).collect();
    assert_eq!(down, BTreeSet::from([vec![1, -1], vec![1, 1], vec![0, 0]]));
    // Touching is mutual everywhere, negative coordinates too.
    for r in -3..3 {
        for c in -3..3 {
            for n in t.neighbours(&[r, c]) {
                assert!(t.neighbours(&n).any(|m| m == [r, c]), "{r} {c} {n:?}");
            }
        }
    }
    assert_eq!(t.most_neighbours(), 3);
}

#[test]
fn hexagons_sit_on_even_points_and_touch_six() {
    let h = Lattice::Hexagonal;
    assert!(h.is_cell(&[0, 0]) && h.is_cell(&[1, 1]) && h.is_cell(&[-1, 3]));
    assert!(!h.is_cell(&[0, 1]) && !h.is_cell(&[-1, 0]));
    let next: Vec<Point> = h.neighbours(&[1, 1]).collect();
    assert_eq!(next.len(), 6);
    assert!(next.iter().all(|n| h.is_cell(n)));
    assert_eq!(h.most_neighbours(), 6);
}

/// Each motion maps cells to cells, keeps touching cells touching, and the rotations are
/// half of twelve distinct motions.
#[test]
fn plane_motions_are_the_twelve_of_the_hexagon() {
    for lattice in [Lattice::Triangular, Lattice::Hexagonal] {
        let motions = lattice.motions();
        assert_eq!(motions.len(), 12);
        assert!(motions[0].is_identity());
        assert_eq!(motions.iter().filter(|m| m.is_proper()).count(), 6);
        let cells: Vec<Point> = (-4..4)
            .flat_map(|r| (-4..4).map(move |c| vec![r, c]))
            .filter(|p| lattice.is_cell(p))
            .collect();
        let mut images = BTreeSet::new();
        for m in &motions {
            let moved: Vec<Point> = cells.iter().map(|p| m.apply(p).unwrap()).collect();
            assert!(moved.iter().all(|p| lattice.is_cell(p)));
            for (p, image) in cells.iter().zip(&moved) {
                for n in lattice.neighbours(p) {
                    let n_image = m.apply(&n).unwrap();
                    assert!(lattice.neighbours(image).any(|x| x == n_image));
                }
            }
            images.insert(moved);
        }
        assert_eq!(images.len(), 12, "{lattice:?}");
        // Six sixths of a turn come back.
        let turn = &motions[1];
        let mut p = vec![1, 1];
        for _ in 0..6 {
            p = turn.apply(&p).unwrap();
        }
        assert_eq!(p, [1, 1]);
    }
}

/// The prisms touch five, their motions are the triangles' with the layers reversed or
/// not, and a flat polyiamond lies in them.
#[test]
fn triangular_prisms() {
    let p = Lattice::TriangularPrisms;
    assert_eq!(p.most_neighbours(), 5);
    for l in -2..2 {
        for r in -2..2 {
            for c in -2..2 {
                for n in p.neighbours(&[l, r, c]) {
                    assert!(p.neighbours(&n).any(|m| m == [l, r, c]));
                }
            }
        }
    }
    let motions = p.motions();
    assert_eq!(motions.len(), 24);
    assert!(motions[0].is_identity());
    assert_eq!(motions.iter().filter(|m| m.is_proper()).count(), 12);
    for m in &motions {
        for cell in [[0, 0, 0], [1, 2, 1], [-1, -1, 2]] {
            let image = m.apply(&cell).unwrap();
            for n in p.neighbours(&cell) {
                let n_image = m.apply(&n).unwrap();
                assert!(p.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
            }
        }
    }
    // A shape's images are its cells' own, whichever triangle it starts with.
    let shape = [vec![0, 0, 1], vec![0, 0, 2], vec![1, 0, 1]];
    for m in &motions {
        let pointwise: Option<Vec<Point>> = shape.iter().map(|c| m.apply(c)).collect();
        assert_eq!(m.apply_all(&shape), pointwise);
    }
    let images: BTreeSet<Point> = motions
        .iter()
        .map(|m| m.apply(&[1, 0, 1]).unwrap())
        .collect();
    assert_eq!(images.iter().filter(|q| q[0] == -1).count(), 6);
    assert_eq!(Lattice::Triangular.with_dims(3), Some(p));
    assert_eq!(p.layer(), Some(Lattice::Triangular));
    // Translations keep row + column even, and any layer.
    let t = p.translations(&[vec![0, 0, 1]], &[2, 2, 2]);
    assert_eq!(t, [[0, 0, 0], [0, 1, -1], [1, 0, 0], [1, 1, -1]]);
    let mut cells = vec![vec![3, 3, 4]];
    p.normalise(&mut cells);
    assert_eq!(cells, [[0, 0, 1]]);
}

#[test]
fn plane_translations_keep_the_parity() {
    let t = Lattice::Triangular;
    // A down triangle is normalised to column 1 of row 0, and moves to the down triangles.
    assert_eq!(normalised(t, &[[3, 4]]), [[0, 1]]);
    assert_eq!(normalised(t, &[[3, 5]]), [[0, 0]]);
    let places = t.translations(&[vec![0, 1]], &[2, 3]);
    let moved: Vec<Point> = places.iter().map(|d| vec![d[0], 1 + d[1]]).collect();
    assert_eq!(moved, [[0, 1], [1, 0], [1, 2]]);
    let h = Lattice::Hexagonal;
    assert_eq!(normalised(h, &[[5, 3], [5, 5]]), [[0, 0], [0, 2]]);
    // A domino of hexagons in a row fits a 2x5 block at (0, 0), (0, 2), (1, 1).
    assert_eq!(
        h.translations(&[vec![0, 0], vec![0, 2]], &[2, 5]),
        [[0, 0], [0, 2], [1, 1]]
    );
}

/// Each side of a cell's outline is a side of the cell across it, drawn the other way.
#[test]
fn outlines_meet_their_neighbours() {
    for lattice in [Lattice::cubic(2), Lattice::Triangular, Lattice::Hexagonal] {
        let cell = if lattice == Lattice::Hexagonal {
            [2, 2]
        } else {
            [2, 3]
        };
        let outline = lattice.outline(&cell).unwrap();
        assert_eq!(outline.len(), lattice.most_neighbours());
        let across: BTreeSet<Point> = outline.iter().map(|(_, p)| p.clone()).collect();
        assert_eq!(across, lattice.neighbours(&cell).collect());
        for (i, (corner, next)) in outline.iter().enumerate() {
            let end = outline[(i + 1) % outline.len()].0;
            let theirs = lattice.outline(next).unwrap();
            let j = theirs.iter().position(|(_, p)| p == &cell[..]).unwrap();
            let (a, b) = (theirs[j].0, theirs[(j + 1) % theirs.len()].0);
            let close = |p: [f64; 2], q: [f64; 2]| (p[0] - q[0]).abs() + (p[1] - q[1]).abs() < 1e-9;
            assert!(
                close(*corner, b) && close(end, a),
                "{lattice:?} {cell:?} {next:?}"
            );
        }
    }
    assert!(Lattice::cubic(3).outline(&[0, 0, 0]).is_none());
}

#[test]
fn plane_images_in_a_block() {
    // A hexagon of six triangles maps onto itself under every motion.
    let t = Lattice::Triangular;
    let hexagon: Vec<Point> = [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]
        .iter()
        .map(|c| c.to_vec())
        .collect();
    for m in t.motions() {
        let images = t.images_in_block(&m, &hexagon, &[2, 3]).unwrap();
        let set: BTreeSet<&Point> = images.iter().collect();
        assert_eq!(set, hexagon.iter().collect(), "{m:?}");
    }
}

/// Each sphere touches twelve, mutually; the motions are 240, half of them rotations,
/// the cube's 48 among them keeping touching spheres touching everywhere, and a sixth of
/// a turn takes a triangle of spheres lying in a hexagonal plane to spheres.
#[test]
fn spheres() {
    let s = Lattice::Spheres { dims: 3 };
    assert_eq!(s.most_neighbours(), 12);
    for l in -2..2 {
        for r in -2..2 {
            for c in -2..2 {
                let next: BTreeSet<Point> = s.neighbours(&[l, r, c]).collect();
                assert_eq!(next.len(), 12);
                for n in &next {
                    assert!(s.neighbours(n).any(|m| m == [l, r, c]));
                    // Touching spheres are one sphere apart, as the cube's axes measure.
                    let d: Vec<i32> = (to_cubic(n).iter().zip(to_cubic(&[l, r, c])))
                        .map(|(a, b)| a - b)
                        .collect();
                    assert_eq!(d.iter().map(|x| x * x).sum::<i32>(), 2);
                }
            }
        }
    }
    let motions = s.motions();
    assert_eq!(motions.len(), 240);
    assert!(motions[0].is_identity());
    assert_eq!(motions.iter().filter(|m| m.is_proper()).count(), 120);
    let everywhere: Vec<&Motion> = (motions.iter())
        .filter(|m| {
            [[0, 0, 1], [0, 1, 0], [1, 0, 0]]
                .iter()
                .all(|p| m.apply(p).is_some())
        })
        .collect();
    assert_eq!(everywhere.len(), 48);
    for m in &everywhere {
        for cell in [[0, 0, 0], [1, 2, 1], [-1, -1, 2]] {
            let image = m.apply(&cell).unwrap();
            for n in s.neighbours(&cell) {
                let n_image = m.apply(&n).unwrap();
                assert!(s.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
            }
        }
    }
    // A hook of four spheres lying in a hexagonal plane, a row of three and one more at
    // a sixth of a turn, has no symmetry: turned and reflected it lies 48 ways (each of
    // the four planes, twelve ways in each), and the rotations alone reach all of them,
    // where the cube's own rotations reach half.
    let hook = [vec![0, 0, 0], vec![0, 0, 1], vec![0, 0, 2], vec![1, 0, 2]];
    let shapes = |motions: &mut dyn Iterator<Item = &Motion>| {
        let mut shapes = BTreeSet::new();
        for m in motions {
            if let Some(mut images) = m.apply_all(&hook) {
                s.normalise(&mut images);
                images.sort();
                shapes.insert(images);
            }
        }
        shapes.len()
    };
    assert_eq!(shapes(&mut motions.iter()), 48);
    assert_eq!(shapes(&mut motions.iter().filter(|m| m.is_proper())), 48);
    let cube_rotations = everywhere.iter().copied().filter(|m| m.is_proper());
    assert_eq!(shapes(&mut cube_rotations.into_iter()), 24);
    // A square of four lies in a square plane, and only the cube's motions keep it whole.
    let square = [vec![0, 0, 0], vec![0, 0, 1], vec![0, 1, 0], vec![0, 1, 1]];
    let kept = motions.iter().filter(|m| m.apply_all(&square).is_some());
    assert_eq!(kept.count(), 48);
    let layer = Lattice::Spheres { dims: 2 };
    assert_eq!(layer.with_dims(3), Some(s));
    assert_eq!(layer.embed(&[1, 2], 3), [0, 1, 2]);
    assert_eq!(layer.motions().len(), 8);
    assert_eq!(layer.most_neighbours(), 4);
}

/// A square pyramid of spheres, layers of 3 x 3, 2 x 2 and 1, has the eight motions of a
/// square.
#[test]
fn a_pyramid_of_spheres_has_the_square_symmetries() {
    let s = Lattice::Spheres { dims: 3 };
    let pyramid: Vec<Point> = (0..3)
        .flat_map(|l| (0..3 - l).flat_map(move |r| (0..3 - l).map(move |c| vec![l, r, c])))
        .collect();
    let set: BTreeSet<&Point> = pyramid.iter().collect();
    let symmetries = (s.motions().iter())
        .filter_map(|m| s.images_in_block(m, &pyramid, &[3, 3, 3]))
        .filter(|images| images.iter().collect::<BTreeSet<_>>() == set)
        .count();
    assert_eq!(symmetries, 8);
}

/// Each cube of the rhombic tetrahedra's grid holds 24, each touching four, mutually;
/// the cube's 48 motions about its centre keep them touching; a whole cube is its own
/// image under each; translations are by whole cubes.
#[test]
fn rhombic_tetrahedra() {
    let r = Lattice::RhombicTetrahedra;
    assert_eq!(r.most_neighbours(), 4);
    let block: Vec<Point> = (0..125)
        .map(|i| unlinear(&[5, 5, 5], i))
        .filter(|p| r.is_cell(p))
        .collect();
    assert_eq!(block.len(), 24);
    for cell in &block {
        let shifted: Point = cell.iter().map(|x| x - 5).collect();
        for c in [cell, &shifted] {
            let next: Vec<Point> = r.neighbours(c).collect();
            assert_eq!(next.len(), 4);
            for n in &next {
                assert!(r.is_cell(n), "{c:?} {n:?}");
                assert!(r.neighbours(n).any(|m| m == *c), "{c:?} {n:?}");
            }
        }
        // Three of the four are in the same cube, one across its face.
        let inside = r.neighbours(cell).filter(|n| block.contains(n)).count();
        assert_eq!(inside, 3, "{cell:?}");
    }
    let motions = r.motions();
    assert_eq!(motions.len(), 48);
    assert!(motions[0].is_identity());
    let whole: BTreeSet<&Point> = block.iter().collect();
    for m in &motions {
        let images = m.apply_all(&block).unwrap();
        assert_eq!(images.iter().collect::<BTreeSet<_>>(), whole, "{m:?}");
        for cell in &block {
            let image = m.apply(cell).unwrap();
            for n in r.neighbours(cell) {
                let n_image = m.apply(&n).unwrap();
                assert!(r.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
            }
        }
    }
    let mut cells = vec![vec![7, 8, 12], vec![7, 6, 12]];
    r.normalise(&mut cells);
    assert_eq!(cells, [[2, 3, 2], [2, 1, 2]]);
    assert_eq!(
        r.translations(&[vec![2, 1, 0]], &[5, 5, 10]),
        [[0, 0, 0], [0, 0, 5]]
    );
}

/// Each cube of the tetrahedra and octahedra's grid holds five, each touching four,
/// mutually; the cube's 48 motions about a corner of the cubes keep them touching; the
/// translations keep each cube's kind.
#[test]
fn tetrahedra_and_octahedra() {
    let t = Lattice::TetrahedraOctahedra;
    assert_eq!(t.most_neighbours(), 4);
    let block: Vec<Point> = (0..216)
        .map(|i| unlinear(&[6, 6, 6], i))
        .filter(|p| t.is_cell(p))
        .collect();
    assert_eq!(block.len(), 8 * 5);
    let motions = t.motions();
    assert_eq!(motions.len(), 48);
    assert!(motions[0].is_identity());
    for cell in &block {
        let next: Vec<Point> = t.neighbours(cell).collect();
        assert_eq!(next.len(), 4);
        for n in &next {
            assert!(t.is_cell(n), "{cell:?} {n:?}");
            assert!(t.neighbours(n).any(|m| m == *cell), "{cell:?} {n:?}");
        }
        for m in &motions {
            let image = m.apply(cell).unwrap();
            assert!(t.is_cell(&image), "{m:?} {cell:?}");
            for n in &next {
                let n_image = m.apply(n).unwrap();
                assert!(t.neighbours(&image).any(|x| x == n_image), "{m:?} {cell:?}");
            }
        }
    }
    // A move by one cube changes the cubes' kinds; by two, or one along each of two axes,
    // it keeps them.
    assert!(!t.keeps(&[0, 0, 3]) && t.keeps(&[0, 0, 6]) && t.keeps(&[3, 3, 0]));
    let mut cells = vec![vec![4, 4, 4]];
    t.normalise(&mut cells);
    assert!(
        t.is_cell(&cells[0]) && cells[0].iter().all(|&x| x < 6),
        "{cells:?}"
    );
}

/// The cells of a block of `extents` positions on `lattice`.
fn cells_of(lattice: Lattice, extents: &[i32]) -> Vec<Point> {
    let count: i32 = extents.iter().product();
    (0..count)
        .map(|i| unlinear(extents, i))
        .filter(|p| lattice.is_cell(p))
        .collect()
}

/// A face's corners as points, rounded so that two cells' copies of one corner compare equal.
fn face_points(solid: &Solid, face: &Face) -> Vec<[i64; 3]> {
    let Solid::Polyhedron { corners, .. } = solid else {
        unreachable!("a face is a polyhedron's");
    };
    (face.corners.iter())
        .map(|&k| corners[k].map(|x| (x * 1e6).round() as i64))
        .collect()
}

/// Each face of each cell is a face of the cell across it too, with the same corners the other
/// way round (so that the faces between cells can be left out and what is left is closed and
/// faces out), each cell's faces enclose its share of space, and cells of a block fill it.
#[test]
fn solids_meet_their_neighbours_face_to_face_and_fill_space() {
    let row = 3f64.sqrt() / 2.0;
    let lattices = [
        (Lattice::cubic(3), vec![2, 3, 3], 1.0),
        (Lattice::cubic(2), vec![3, 3], 1.0),
        (Lattice::TriangularPrisms, vec![2, 3, 4], row / 2.0),
        (Lattice::Triangular, vec![3, 4], row / 2.0),
        (Lattice::Hexagonal, vec![3, 6], row),
        (Lattice::RhombicTetrahedra, vec![10, 5, 5], 1.0 / 24.0),
        (Lattice::TetrahedraOctahedra, vec![6, 6, 3], 0.0),
    ];
    for (lattice, extents, each) in lattices {
        let cells = cells_of(lattice, &extents);
        let mut volume = 0.0;
        for cell in &cells {
            let solid = lattice.solid(cell).expect("a cell is a solid");
            let Solid::Polyhedron { faces, .. } = &solid else {
                panic!("{lattice:?}: a polyhedron");
            };
            let v = solid.volume();
            assert!(v > 0.0, "{lattice:?} {cell:?}: faces turned in ({v})");
            if each > 0.0 {
                assert!(
                    (v - each).abs() < 1e-9,
                    "{lattice:?} {cell:?}: {v}, not {each}"
                );
            }
            volume += v;
            let neighbours: BTreeSet<Point> = lattice.neighbours(cell).collect();
            let mut across_seen = BTreeSet::new();
            for face in faces {
                let Some(other) = &face.across else {
                    assert_eq!(lattice.dims(), 2, "{lattice:?}: a face with no cell across");
                    continue;
                };
                assert!(neighbours.contains(other), "{lattice:?} {cell:?} {other:?}");
                across_seen.insert(other.clone());
                let mine = face_points(&solid, face);
                let theirs = lattice.solid(other).expect("a neighbour is a solid");
                let Solid::Polyhedron { faces: back, .. } = &theirs else {
                    unreachable!()
                };
                let back = back
                    .iter()
                    .find(|f| f.across.as_ref() == Some(cell))
                    .unwrap_or_else(|| panic!("{lattice:?} {other:?} has no face to {cell:?}"));
                let mut theirs = face_points(&theirs, back);
                theirs.reverse();
                // The same cycle, the other way round: equal up to where it starts.
                let start = theirs.iter().position(|p| *p == mine[0]);
                let start = start.unwrap_or_else(|| panic!("{lattice:?} {cell:?}: {mine:?}"));
                theirs.rotate_left(start);
                assert_eq!(mine, theirs, "{lattice:?} {cell:?} / {other:?}");
            }
            assert_eq!(across_seen, neighbours, "{lattice:?} {cell:?}");
        }
        // Whole cubes of the fine grids fill their cubes.
        if let Some(side) = lattice.cube_side() {
            let cubes: i32 = extents.iter().map(|e| e / side).product();
            assert!(
                (volume - f64::from(cubes)).abs() < 1e-9,
                "{lattice:?}: {volume}"
            );
        }
    }
    // A tetrahedron of the fifth grid is a third of its cube, a corner a sixth.
    let t = Lattice::TetrahedraOctahedra;
    assert!((t.solid(&[1, 1, 1]).unwrap().volume() - 1.0 / 3.0).abs() < 1e-9);
    let corner = (cells_of(t, &[3, 3, 3]).into_iter()).find(|p| p != &[1, 1, 1]);
    assert!((t.solid(&corner.unwrap()).unwrap().volume() - 1.0 / 6.0).abs() < 1e-9);
}

/// Spheres touch the twelve around them, a diameter from each.
#[test]
fn spheres_touch_at_a_diameter() {
    let s = Lattice::Spheres { dims: 3 };
    let centre = |p: &[i32]| match s.solid(p) {
        Some(Solid::Sphere { centre, radius }) => {
            assert_eq!(radius, 0.5);
            centre
        }
        other => panic!("{other:?}"),
    };
    let c = centre(&[1, 1, 1]);
    for n in s.neighbours(&[1, 1, 1]) {
        let d = minus(centre(&n), c);
        assert!((dot(d, d) - 1.0).abs() < 1e-9, "{n:?}");
    }
}

/// A slide keeps the lattice: cells go to cells and neighbours to neighbours; the directions
/// come in pairs, each the other way round; and there are as many as BurrTools moves along
/// where it has the grid (the tetrahedra and octahedra's also along the axes).
#[test]
fn slides_keep_the_lattice() {
    for (lattice, count) in [
        (Lattice::cubic(2), 4),
        (Lattice::cubic(3), 6),
        (Lattice::Triangular, 6),
        (Lattice::TriangularPrisms, 8),
        (Lattice::Hexagonal, 6),
        (Lattice::Spheres { dims: 3 }, 12),
        (Lattice::RhombicTetrahedra, 6),
        (Lattice::TetrahedraOctahedra, 18),
    ] {
        let slides = lattice.slides();
        assert_eq!(slides.len(), count, "{lattice:?}");
        let extents = vec![6; lattice.dims()];
        for t in &slides {
            let back: Point = t.iter().map(|x| -x).collect();
            assert!(slides.contains(&back), "{lattice:?} {t:?}");
            for cell in cells_of(lattice, &extents) {
                let moved: Point = cell.iter().zip(t).map(|(x, d)| x + d).collect();
                assert!(lattice.is_cell(&moved), "{lattice:?} {cell:?} + {t:?}");
                for n in lattice.neighbours(&cell) {
                    let n_moved: Point = n.iter().zip(t).map(|(x, d)| x + d).collect();
                    assert!(lattice.neighbours(&moved).any(|m| m == n_moved));
                }
            }
        }
    }
}

/// BurrTools' voxels are the lattice's cells in its own coordinates.
#[test]
fn voxels_are_cells() {
    assert_eq!(Lattice::cubic(3).from_voxel([1, 2, 3]), Some(vec![3, 2, 1]));
    assert_eq!(
        Lattice::TriangularPrisms.from_voxel([1, 2, 3]),
        Some(vec![3, -2, 1])
    );
    let s = Lattice::Spheres { dims: 3 };
    assert_eq!(s.from_voxel([1, 1, 1]), None);
    let p = s.from_voxel([2, 4, 2]).unwrap();
    assert_eq!(to_cubic(&p), [2, 4, 2]);
    assert_eq!(Lattice::RhombicTetrahedra.from_voxel([2, 2, 2]), None);
    assert_eq!(
        Lattice::RhombicTetrahedra.from_voxel([2, 1, 0]),
        Some(vec![0, 1, 2])
    );
    assert!(Lattice::TetrahedraOctahedra.from_voxel([1, 1, 1]).is_some());
    assert_eq!(Lattice::Hexagonal.from_voxel([0, 0, 0]), None);
}

/// A cell's sweep holds where it slides to and nothing it only touches; a cell passes into
/// another exactly where the other, sliding back, passes into it; and each sweep is the same
/// one period along.
#[test]
fn sweeps_hold_the_cells_passed_into() {
    let cube = Lattice::cubic(3);
    assert_eq!(cube.sweep(&[2, 2, 2], &[0, 0, 1]), vec![vec![2, 2, 3]]);
    // A triangle sliding two columns along its row passes through the one beside it.
    let prisms = Lattice::TriangularPrisms;
    assert_eq!(
        prisms.sweep(&[0, 0, 0], &[0, 0, 2]),
        vec![vec![0, 0, 1], vec![0, 0, 2]]
    );
    for lattice in [
        Lattice::cubic(2),
        Lattice::cubic(3),
        Lattice::Triangular,
        Lattice::TriangularPrisms,
        Lattice::Hexagonal,
        Lattice::Spheres { dims: 3 },
        Lattice::RhombicTetrahedra,
        Lattice::TetrahedraOctahedra,
    ] {
        let period = lattice.period();
        let extents = vec![period; lattice.dims()];
        for step in lattice.slides() {
            let back: Point = step.iter().map(|x| -x).collect();
            for cell in cells_of(lattice, &extents) {
                let to: Point = cell.iter().zip(&step).map(|(a, b)| a + b).collect();
                let sweep = lattice.sweep(&cell, &step);
                assert!(sweep.contains(&to), "{lattice:?} {cell:?} {step:?}");
                assert!(!sweep.contains(&cell));
                for other in &sweep {
                    assert!(
                        lattice.sweep(other, &back).contains(&cell),
                        "{lattice:?} {cell:?} {step:?} {other:?}"
                    );
                }
                let moved: Point = cell.iter().map(|x| x + period).collect();
                let shifted: Vec<Point> = (sweep.iter())
                    .map(|p| p.iter().map(|x| x + period).collect())
                    .collect();
                assert_eq!(lattice.sweep(&moved, &step), shifted, "{lattice:?}");
            }
        }
    }
}

/// A block's positions that touch a position are those of the cells its cell touches, in
/// the order of the lattice's steps, on the cubic lattices too (worked out from the position).
#[test]
fn the_neighbours_in_a_block_are_the_cells_touching() {
    for (lattice, extents) in [
        (Lattice::cubic(1), vec![5]),
        (Lattice::cubic(2), vec![3, 4]),
        (Lattice::cubic(3), vec![2, 3, 4]),
        (Lattice::Triangular, vec![3, 5]),
    ] {
        let signed: Vec<i32> = extents.iter().map(|&e| e as i32).collect();
        let volume: u32 = extents.iter().product();
        for at in 0..volume {
            let p = unlinear(&signed, at as i32);
            let expected: Vec<u32> = (lattice.neighbours(&p))
                .filter(|n| n.iter().zip(&signed).all(|(&x, &e)| (0..e).contains(&x)))
                .map(|n| (n.iter().zip(&extents)).fold(0, |at, (&x, &e)| at * e + x as u32))
                .collect();
            let found: Vec<u32> = lattice.neighbours_in_block(&extents, at).collect();
            assert_eq!(found, expected, "{lattice:?} {extents:?} at {at}");
        }
    }
}
