use std::collections::HashMap;

use super::*;
use crate::lattice::Motion;

/// The cells of a block of `x` by `y` by `z` cubes from the origin, as (layer, row, column).
fn block(x: i32, y: i32, z: i32) -> Vec<Point> {
    let mut out = Vec::new();
    for l in 0..z {
        for r in 0..y {
            for c in 0..x {
                out.push(vec![l, r, c]);
            }
        }
    }
    out
}

fn without(cells: Vec<Point>, gone: &[Point]) -> Vec<Point> {
    cells.into_iter().filter(|c| !gone.contains(c)).collect()
}

fn disassembler(rules: Rules) -> Disassembler {
    Disassembler::new(Lattice::cubic(3), rules, 1_000_000).unwrap()
}

/// A frame four cubes long with an L-shaped channel, a key at its closed end and a lid on its
/// open one: the lid lifts off (one move), then the key slides along the channel and out of
/// it (two): level 1.2, as `burrTxt -d` says of the same puzzle
/// (`puzzles/key_in_frame.xmpuzzle`).
#[test]
fn a_key_slides_out_along_its_channel_once_the_lid_is_off() {
    let key = vec![1, 1, 1];
    let lid = vec![2, 1, 2];
    let frame = without(block(4, 3, 3), &[key.clone(), lid.clone(), vec![1, 1, 2]]);
    let pieces = vec![(0, frame), (1, vec![key]), (2, vec![lid])];
    let outcome = disassembler(Rules::default()).disassemble(&pieces).unwrap();
    let separation = outcome.separation().expect("it comes apart");
    assert_eq!(separation.level(), "1.2");
    assert_eq!(separation.moves.len(), 1);
    assert_eq!(separation.moves[0].pieces, vec![2]);
    assert_eq!(separation.moves[0].distance, None);
    let stayed = separation.stayed.as_ref().expect("frame and key");
    assert_eq!(stayed.pieces, vec![0, 1]);
    let steps: Vec<(Vec<usize>, Option<u32>)> = (stayed.moves.iter())
        .map(|m| (m.pieces.clone(), m.distance))
        .collect();
    assert_eq!(steps, vec![(vec![1], Some(1)), (vec![1], None)]);
    assert_eq!(separation.total_moves(), 3);
}

/// A cube shut in a hollow box cannot come out; where the box and the cube are one group, an
/// assembly whose lid lifts off them is still a solution; the whole assembly stuck is none,
/// groups or not.
#[test]
fn a_piece_shut_in_is_stuck_unless_it_is_a_group() {
    let inside = vec![1, 1, 1];
    let shell = without(block(3, 3, 3), std::slice::from_ref(&inside));
    let two = vec![(0, shell.clone()), (1, vec![inside.clone()])];
    let grouped = Rules {
        groups: vec![vec![(1, 1)], vec![(1, 1)]],
        ..Rules::default()
    };
    assert_eq!(
        disassembler(Rules::default()).disassemble(&two),
        Ok(Outcome::Stuck)
    );
    assert_eq!(
        disassembler(grouped.clone()).disassemble(&two),
        Ok(Outcome::Stuck)
    );
    let lid: Vec<Point> = (0..3)
        .flat_map(|r| (0..3).map(move |c| vec![3, r, c]))
        .collect();
    let three = vec![(0, shell), (1, vec![inside]), (2, lid)];
    assert_eq!(
        disassembler(Rules::default()).disassemble(&three),
        Ok(Outcome::Stuck)
    );
    let outcome = disassembler(grouped).disassemble(&three).unwrap();
    assert_eq!(
        outcome.separation().map(Separation::level),
        Some("1".to_owned())
    );
}

/// Of the two sides of a move, the heavier stays: the lid leaves a heavy frame, but a light
/// frame leaves a heavy lid.
#[test]
fn the_heavier_side_of_a_move_stays() {
    let base = block(2, 1, 1);
    let top: Vec<Point> = vec![vec![1, 0, 0], vec![1, 0, 1]];
    let pieces = vec![(0, base), (1, top)];
    let moved = |weights: Vec<i32>| {
        let rules = Rules {
            weights,
            ..Rules::default()
        };
        let outcome = disassembler(rules).disassemble(&pieces).unwrap();
        outcome.separation().map(|s| s.moves[0].pieces.clone())
    };
    assert_eq!(moved(vec![2, 1]), Some(vec![1]));
    assert_eq!(moved(vec![1, 2]), Some(vec![0]));
}

/// A disassembly that would reach more states than allowed stops and says how many it
/// reached; a lattice without solids and too many pieces are refused.
#[test]
fn limits_are_said() {
    let key = vec![1, 1, 1];
    let lid = vec![2, 1, 2];
    let frame = without(block(4, 3, 3), &[key.clone(), lid.clone(), vec![1, 1, 2]]);
    let pieces = vec![(0, frame), (1, vec![key]), (2, vec![lid])];
    let mut d = Disassembler::new(Lattice::cubic(3), Rules::default(), 0).unwrap();
    assert!(matches!(d.disassemble(&pieces), Ok(Outcome::Limit(0))));
    assert!(matches!(
        Disassembler::new(Lattice::cubic(4), Rules::default(), 10),
        Err(DisassemblyError::NoSolids(_))
    ));
    let many: Vec<(usize, Vec<Point>)> = (0..65).map(|i| (0, vec![vec![0, 0, i]])).collect();
    assert_eq!(
        disassembler(Rules::default()).disassemble(&many),
        Err(DisassemblyError::TooManyPieces(65))
    );
}

/// On the prisms a triangle sliding along its row passes through the triangle beside it, so
/// that one holds it; the triangle one row down does not.
#[test]
fn a_triangle_is_held_by_the_one_it_would_pass_through() {
    let mut d = Disassembler::new(Lattice::TriangularPrisms, Rules::default(), 1000).unwrap();
    let pieces = vec![(0, vec![vec![0, 0, 0]]), (1, vec![vec![0, 0, 1]])];
    let outcome = d.disassemble(&pieces).unwrap();
    let first = &outcome.separation().expect("apart").moves[0];
    // Not along the row (direction 2 and 3, two columns a step): up or down a layer.
    assert!(first.direction < 2, "{first:?}");
}

/// A small generator of numbers for the random assemblies (xorshift), so that the cases are
/// the same on every run.
struct Numbers(u64);

impl Numbers {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The cells of a block of `extents` on `lattice`: a frame of its cells on the block's faces
/// with two holes to leave by or its last face open, and inside it `parts` connected pieces grown from random
/// cells, a cell or two left empty.
fn random_assembly(
    lattice: Lattice,
    extents: &[i32],
    parts: usize,
    numbers: &mut Numbers,
) -> Vec<Vec<Point>> {
    let count: i32 = extents.iter().product();
    let cells: Vec<Point> = (0..count)
        .map(|i| crate::lattice::unlinear(extents, i))
        .filter(|p| lattice.is_cell(p))
        .collect();
    let on_frame = |p: &Point| p.iter().zip(extents).any(|(&x, &e)| x == 0 || x == e - 1);
    let (mut frame, mut free): (Vec<Point>, Vec<Point>) = cells.into_iter().partition(on_frame);
    // Two ways out through the frame, or its last face open.
    if numbers.below(2) == 0 {
        let last = extents.len() - 1;
        frame.retain(|p| p[last] != extents[last] - 1);
    }
    for _ in 0..2 {
        if !frame.is_empty() {
            let at = numbers.below(frame.len());
            frame.swap_remove(at);
        }
    }
    for _ in 0..2 {
        if !free.is_empty() {
            let at = numbers.below(free.len());
            free.swap_remove(at);
        }
    }
    let mut pieces: Vec<Vec<Point>> = vec![frame];
    for _ in 0..parts {
        if free.is_empty() {
            break;
        }
        let seed = free.swap_remove(numbers.below(free.len()));
        pieces.push(vec![seed]);
    }
    // Each piece in turn takes a free cell next to it, until none can.
    let mut grew = true;
    while grew {
        grew = false;
        for piece in pieces.iter_mut().skip(1) {
            let next = (piece.iter())
                .flat_map(|c| lattice.neighbours(c).collect::<Vec<_>>())
                .find(|n| free.contains(n));
            if let Some(n) = next {
                free.retain(|f| *f != n);
                piece.push(n);
                grew = true;
            }
        }
    }
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// Whether the cells of `moving`, slid `by` steps along `step` (a step at a time, each step
/// swept), pass into none of `others`; the sweeps kept in `sweeps`.
fn slides(
    lattice: Lattice,
    sweeps: &mut HashMap<(Point, Point), Vec<Point>>,
    (moving, others): (&[Point], &[Point]),
    step: &[i32],
    by: i32,
) -> bool {
    (0..by).all(|t| {
        moving.iter().all(|c| {
            let at: Point = c.iter().zip(step).map(|(x, s)| x + t * s).collect();
            let sweep = (sweeps.entry((at.clone(), step.to_vec())))
                .or_insert_with(|| lattice.sweep(&at, step));
            sweep.iter().all(|w| !others.contains(w))
        })
    })
}

/// The fewest moves to a first separation of the pieces, by a search of every state that
/// moves any group of them any distance along any direction (not the groups' closures, nor
/// the limits between pieces): `None` where no state reached lets a group leave.
fn brute_force(lattice: Lattice, pieces: &[Vec<Point>]) -> Option<usize> {
    let n = pieces.len();
    let span = 2
        + (pieces.iter().flatten())
            .flat_map(|c| c.iter().map(|x| x.abs()))
            .max()
            .unwrap_or(0);
    let cells = |offsets: &[Point], group: &[usize]| -> Vec<Point> {
        (group.iter())
            .flat_map(|&i| {
                pieces[i]
                    .iter()
                    .map(move |c| c.iter().zip(&offsets[i]).map(|(x, o)| x + o).collect())
            })
            .collect()
    };
    let start: Vec<Point> = vec![vec![0; lattice.dims()]; n];
    let key = |offsets: &[Point]| -> Vec<Point> {
        (offsets.iter())
            .map(|o| o.iter().zip(&offsets[0]).map(|(a, b)| a - b).collect())
            .collect()
    };
    let mut sweeps = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    seen.insert(key(&start));
    let mut front = vec![start];
    for depth in 1.. {
        let mut next = Vec::new();
        for offsets in &front {
            for set in 1..(1u32 << n) - 1 {
                let group: Vec<usize> = (0..n).filter(|i| set >> i & 1 == 1).collect();
                let rest: Vec<usize> = (0..n).filter(|i| set >> i & 1 == 0).collect();
                let (moving, others) = (cells(offsets, &group), cells(offsets, &rest));
                for step in lattice.slides() {
                    // Far enough to have passed every other cell: gone.
                    let apart = (&moving[..], &others[..]);
                    if slides(lattice, &mut sweeps, apart, &step, 2 * span) {
                        return Some(depth);
                    }
                    let mut by = 1;
                    while by < 2 * span && slides(lattice, &mut sweeps, apart, &step, by) {
                        let mut moved = offsets.clone();
                        for &i in &group {
                            for (x, s) in moved[i].iter_mut().zip(&step) {
                                *x += by * s;
                            }
                        }
                        if seen.insert(key(&moved)) {
                            next.push(moved);
                        }
                        by += 1;
                    }
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        front = next;
    }
    None
}

/// Each part of a separation, where the moves before its own leave it, separates first in the
/// moves a search of every state finds.
fn parts_as_near(lattice: Lattice, cells: &[Vec<Point>], separation: &Separation) {
    let mut now = cells.to_vec();
    let slides = lattice.slides();
    for m in &separation.moves[..separation.moves.len() - 1] {
        let by = m.distance.expect("only the last move leaves") as i32;
        for &p in &m.pieces {
            for c in &mut now[p] {
                for (x, s) in c.iter_mut().zip(&slides[m.direction]) {
                    *x += by * s;
                }
            }
        }
    }
    for part in [&separation.stayed, &separation.removed]
        .into_iter()
        .flatten()
    {
        let pieces: Vec<Vec<Point>> = part.pieces.iter().map(|&p| now[p].clone()).collect();
        assert_eq!(
            brute_force(lattice, &pieces),
            Some(part.first_moves()),
            "{pieces:?}"
        );
        parts_as_near(lattice, &now, part);
    }
}

/// On random assemblies of every lattice the moves to the first separation, and to each
/// part's, are those of a search of every state by every group; an assembly of two pieces
/// without a separation is stuck.
#[test]
fn the_first_separation_is_as_near_as_a_search_of_every_state_finds() {
    let mut numbers = Numbers(0x9e37_79b9_7f4a_7c15);
    let cases = [
        (Lattice::cubic(2), vec![5, 5]),
        (Lattice::cubic(2), vec![4, 6]),
        (Lattice::cubic(3), vec![3, 4, 4]),
        (Lattice::Triangular, vec![4, 7]),
        (Lattice::Hexagonal, vec![5, 9]),
        (Lattice::TriangularPrisms, vec![3, 4, 5]),
        (Lattice::Spheres { dims: 3 }, vec![3, 4, 4]),
    ];
    let (mut apart, mut stuck) = (0, 0);
    for (lattice, extents) in &cases {
        for round in 0..8 {
            let parts = 2 + round % 3;
            let assembly = random_assembly(*lattice, extents, parts, &mut numbers);
            if assembly.len() < 2 {
                continue;
            }
            let pieces: Vec<(usize, Vec<Point>)> = assembly.iter().cloned().enumerate().collect();
            let mut d = Disassembler::new(*lattice, Rules::default(), 1_000_000).unwrap();
            let ours = d.disassemble(&pieces).unwrap();
            let expected = brute_force(*lattice, &assembly);
            match &ours {
                Outcome::Apart(s) => {
                    apart += 1;
                    assert_eq!(Some(s.first_moves()), expected, "{lattice:?} {assembly:?}");
                    parts_as_near(*lattice, &assembly, s);
                }
                Outcome::Stuck => {
                    stuck += 1;
                    // Two pieces that separate are apart; with more, a part may be stuck.
                    if assembly.len() == 2 {
                        assert_eq!(expected, None, "{lattice:?} {assembly:?}");
                    }
                }
                Outcome::Limit(_) => panic!("{lattice:?} {assembly:?}"),
            }
        }
    }
    assert!(apart > 15 && stuck > 3, "{apart} apart, {stuck} stuck");
}

/// Copies of a kind lying the same way are one: a closed box of fourteen squares and two
/// holes has 120 states (where the holes are) with the squares as copies, far more than a
/// limit of a thousand as fourteen kinds; the answer is the same, stuck.
#[test]
fn copies_that_only_trade_places_are_one_state() {
    let inside: Vec<Point> = (1..5)
        .flat_map(|r| (1..5).map(move |c| vec![r, c]))
        .collect();
    let frame: Vec<Point> = (0..6)
        .flat_map(|r| (0..6).map(move |c| vec![r, c]))
        .filter(|p| !inside.contains(p))
        .collect();
    let squares = &inside[..14];
    let assembly = |copies: bool| -> Vec<(usize, Vec<Point>)> {
        let mut pieces = vec![(0, frame.clone())];
        for (k, c) in squares.iter().enumerate() {
            pieces.push((if copies { 1 } else { k + 1 }, vec![c.clone()]));
        }
        pieces
    };
    let mut d = Disassembler::new(Lattice::cubic(2), Rules::default(), 1000).unwrap();
    assert_eq!(d.disassemble(&assembly(true)), Ok(Outcome::Stuck));
    assert!(matches!(
        d.disassemble(&assembly(false)),
        Ok(Outcome::Limit(1000))
    ));
}

/// A complete disassembly's level depends neither on how the assembly is turned nor on the
/// order its pieces are given in, as BurrTools' first separation may: on random framed
/// assemblies of five lattices, every turn (and mirror) of the lattice, with the pieces in
/// reverse order, comes apart at the same highest level, as near as the first separation and
/// at least as high.
#[test]
fn the_highest_level_is_the_same_however_the_assembly_is_turned() {
    let mut numbers = Numbers(0x2545_f491_4f6c_dd1d);
    let cases = [
        (Lattice::cubic(2), vec![5, 5]),
        (Lattice::cubic(3), vec![3, 4, 4]),
        (Lattice::Triangular, vec![4, 7]),
        (Lattice::Hexagonal, vec![5, 9]),
        (Lattice::TriangularPrisms, vec![3, 4, 5]),
    ];
    let level = |s: &Separation| -> Vec<usize> {
        s.level().split('.').map(|n| n.parse().unwrap()).collect()
    };
    let mut compared = 0;
    for (lattice, extents) in &cases {
        for round in 0..6 {
            let assembly = random_assembly(*lattice, extents, 3 + round % 2, &mut numbers);
            let pieces: Vec<(usize, Vec<Point>)> = assembly.iter().cloned().enumerate().collect();
            let made = || Disassembler::new(*lattice, Rules::default(), 1_000_000).unwrap();
            let Outcome::Apart(first) = made().disassemble(&pieces).unwrap() else {
                continue;
            };
            let Outcome::Apart(highest) = made().complete().disassemble(&pieces).unwrap() else {
                panic!("{lattice:?}: the complete search finds no separation: {assembly:?}");
            };
            assert_eq!(highest.first_moves(), first.first_moves());
            assert!(level(&highest) >= level(&first), "{lattice:?} {assembly:?}");
            for motion in lattice.motions() {
                let mut turned: Vec<(usize, Vec<Point>)> = (pieces.iter())
                    .map(|(k, cells)| {
                        (
                            *k,
                            motion.apply_all(cells).expect("a motion of the lattice"),
                        )
                    })
                    .collect();
                turned.reverse();
                let Outcome::Apart(again) = made().complete().disassemble(&turned).unwrap() else {
                    panic!("{lattice:?}: turned, it does not come apart: {assembly:?}");
                };
                assert_eq!(again.level(), highest.level(), "{lattice:?} {assembly:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "{compared} turned assemblies compared");
}

/// The fine grids and the spheres, where BurrTools' own disassembler stops: a piece shut in a
/// closed frame is stuck, and on random assemblies the moves to the first separation and to
/// each part's are those of a search of every state by every group.
#[test]
fn the_grids_burrtools_cannot_take_apart_come_apart_as_a_search_of_every_state_says() {
    let mut numbers = Numbers(0x853c_49e6_748f_ea9b);
    let cases = [
        (Lattice::Spheres { dims: 3 }, vec![4, 4, 4]),
        (Lattice::RhombicTetrahedra, vec![10, 10, 5]),
        (Lattice::TetrahedraOctahedra, vec![6, 6, 6]),
    ];
    let (mut apart, mut shut) = (0, 0);
    for (lattice, extents) in &cases {
        // A piece shut in: every cell of the block on its faces is the frame's, the rest one
        // piece.
        let count: i32 = extents.iter().product();
        let (frame, inside): (Vec<Point>, Vec<Point>) = (0..count)
            .map(|i| crate::lattice::unlinear(extents, i))
            .filter(|p| lattice.is_cell(p))
            .partition(|p| p.iter().zip(extents).any(|(&x, &e)| x == 0 || x == e - 1));
        if !inside.is_empty() {
            let pieces = [(0, frame), (1, inside)];
            let mut d = Disassembler::new(*lattice, Rules::default(), 100_000).unwrap();
            assert_eq!(d.disassemble(&pieces), Ok(Outcome::Stuck), "{lattice:?}");
            shut += 1;
        }
        for round in 0..6 {
            let assembly = random_assembly(*lattice, extents, 2 + round % 2, &mut numbers);
            if assembly.len() < 2 {
                continue;
            }
            let pieces: Vec<(usize, Vec<Point>)> = assembly.iter().cloned().enumerate().collect();
            let mut d = Disassembler::new(*lattice, Rules::default(), 1_000_000).unwrap();
            if let Outcome::Apart(s) = d.disassemble(&pieces).unwrap() {
                apart += 1;
                let expected = brute_force(*lattice, &assembly);
                assert_eq!(Some(s.first_moves()), expected, "{lattice:?} {assembly:?}");
                parts_as_near(*lattice, &assembly, &s);
            }
        }
    }
    assert!(shut == 3 && apart >= 5, "{shut} shut in, {apart} apart");
}

/// Whether the moves of `separation` take the pieces lying at `now` apart, each sliding into
/// no other piece of its group on the way, the last of each group sliding clear of them.
fn holds(lattice: Lattice, separation: &Separation, now: &mut [Vec<Point>]) -> bool {
    let slides_of = lattice.slides();
    let span = 2
        + (now.iter().flatten())
            .flat_map(|c| c.iter().map(|x| 2 * x.abs()))
            .max()
            .unwrap_or(0);
    let mut sweeps = HashMap::new();
    for m in &separation.moves {
        let cells = |pieces: &mut dyn Iterator<Item = &usize>| -> Vec<Point> {
            pieces.flat_map(|&p| now[p].clone()).collect()
        };
        let moving = cells(&mut m.pieces.iter());
        let others = cells(&mut separation.pieces.iter().filter(|p| !m.pieces.contains(p)));
        let step = &slides_of[m.direction];
        let by = m.distance.map_or(span, |d| d as i32);
        if !slides(lattice, &mut sweeps, (&moving, &others), step, by) {
            return false;
        }
        if m.distance.is_some() {
            for &p in &m.pieces {
                for c in &mut now[p] {
                    for (x, s) in c.iter_mut().zip(step) {
                        *x += by * s;
                    }
                }
            }
        }
    }
    [&separation.stayed, &separation.removed]
        .into_iter()
        .flatten()
        .all(|part| holds(lattice, part, now))
}

/// Laid as a [`Layout`] says, an assembly comes apart the same way however it is found turned
/// in its box, and the moves, said of the assembly as it was found, take it apart: on random
/// assemblies of cubes and prisms, each piece numbered by the lattice's rotations, the box's
/// every turn of each, its pieces given in reverse order, comes apart at the same level.
#[test]
fn a_laid_assembly_comes_apart_alike_however_it_is_found_turned() {
    let mut numbers = Numbers(0x5851_f42d_4c95_7f2d);
    let cases = [
        (Lattice::cubic(3), vec![3, 4, 4], 10),
        (Lattice::TriangularPrisms, vec![3, 4, 6], 10),
    ];
    let (mut compared, mut differed) = (0, 0);
    for (lattice, extents, rounds) in &cases {
        let count: i32 = extents.iter().product();
        let block: Vec<Point> = (0..count)
            .map(|i| crate::lattice::unlinear(extents, i))
            .filter(|p| lattice.is_cell(p))
            .collect();
        let from = lattice.normalising_shift(&block).unwrap();
        let mut block_sorted = block.clone();
        block_sorted.sort();
        // The box's turns: each rotation, moved back onto the box where that makes it the box.
        let turns: Vec<(Motion, Point)> = (lattice.motions().into_iter())
            .filter(|m| m.is_proper())
            .filter_map(|m| {
                let images = m.apply_all(&block)?;
                let to = lattice.normalising_shift(&images)?;
                let shift: Point = to.iter().zip(&from).map(|(a, b)| a - b).collect();
                let mut moved: Vec<Point> = images
                    .iter()
                    .map(|p| p.iter().zip(&shift).map(|(a, b)| a + b).collect())
                    .collect();
                moved.sort();
                (moved == block_sorted).then_some((m, shift))
            })
            .collect();
        assert!(turns.len() > 1, "{lattice:?} {extents:?}");
        for round in 0..*rounds {
            let assembly = random_assembly(*lattice, extents, 3 + round % 2, &mut numbers);
            if assembly.len() < 3 {
                continue;
            }
            let ways = (assembly.iter())
                .map(|cells| {
                    (lattice.motions().into_iter())
                        .filter(|m| m.is_proper())
                        .map(|m| (m.apply_all(cells).unwrap(), m.apply(&cells[0]).unwrap()))
                        .collect()
                })
                .collect();
            let optional: Vec<(Point, bool)> = block.iter().map(|p| (p.clone(), true)).collect();
            let layout = Layout::new(
                *lattice,
                &optional,
                ways,
                vec![(1, 1); assembly.len()],
                Some(1),
                [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
            );
            // The rotations, and the reflections that leave the box as it is.
            assert!(layout.turns() + 1 >= turns.len());
            let rules = Rules {
                layout: Some(layout.into()),
                ..Rules::default()
            };
            let mut laid = Disassembler::new(*lattice, rules, 1_000_000).unwrap();
            let mut found = Disassembler::new(*lattice, Rules::default(), 1_000_000).unwrap();
            let pieces: Vec<(usize, Vec<Point>)> = assembly.iter().cloned().enumerate().collect();
            let Outcome::Apart(first) = laid.disassemble(&pieces).unwrap() else {
                continue;
            };
            assert!(
                holds(*lattice, &first, &mut assembly.clone()),
                "{assembly:?}"
            );
            for (motion, shift) in &turns {
                let mut turned: Vec<(usize, Vec<Point>)> = (pieces.iter())
                    .map(|(k, cells)| {
                        let cells = motion.apply_all(cells).unwrap();
                        let cells = cells
                            .iter()
                            .map(|p| p.iter().zip(shift).map(|(a, b)| a + b).collect())
                            .collect();
                        (*k, cells)
                    })
                    .collect();
                turned.reverse();
                let Outcome::Apart(again) = laid.disassemble(&turned).unwrap() else {
                    panic!("{lattice:?}: turned, it does not come apart: {assembly:?}");
                };
                assert_eq!(again.level(), first.level(), "{lattice:?} {assembly:?}");
                let mut now: Vec<Vec<Point>> = turned.iter().map(|t| t.1.clone()).collect();
                assert!(holds(*lattice, &again, &mut now), "{lattice:?} {turned:?}");
                // As found, without the layout, the turned assembly may come apart otherwise.
                if let Outcome::Apart(own) = found.disassemble(&turned).unwrap() {
                    differed += usize::from(own.level() != first.level());
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 50, "{compared} turned assemblies compared");
    // The layout is what makes them alike.
    assert!(
        differed > 0,
        "all {compared} come apart alike without the layout"
    );
}
