use super::*;

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
