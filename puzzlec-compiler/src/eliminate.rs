//! Compile-time embedding elimination: a placement that, alone in the empty box, cuts off a
//! region of free cells whose size no choice among the other pieces adds up to can be in no
//! solution (in a solution, the other pieces tile each such region exactly). Such embeddings
//! are forbidden before the program is built, so the search never tries them: pockets in
//! corners and along edges, and more where the piece sizes leave gaps (all pentominoes: a region
//! must be a multiple of 5). A region holding a cell that may stay empty may be left partly
//! empty, and is not judged.

use crate::board::Board;
use crate::cover::EmbeddingId;
use crate::lower::Lowered;
use crate::model::Piece;
use crate::stop::Stop;

/// Forbids every allowed embedding that cuts off a region no other pieces can fill, and
/// returns how many it forbade; or, where `stop` is set, gives up after the embedding it is
/// looking at (each costs at most a walk over the box).
pub fn eliminate(board: &Board, pieces: &[Piece], lowered: &mut Lowered, stop: Stop<'_>) -> usize {
    let cells = board.cells().len();
    let neighbours: Vec<Vec<usize>> = (board.neighbours().into_iter())
        .map(|next_to| next_to.into_iter().map(|c| c as usize).collect())
        .collect();
    // For each piece: which areas the other pieces (all copies but one of this one) can make.
    let fillable: Vec<Vec<bool>> = (0..pieces.len())
        .map(|without| sums(pieces, without, cells))
        .collect();
    let mut taken = vec![false; cells];
    let mut seen = vec![false; cells];
    let (mut stack, mut visited) = (Vec::with_capacity(cells), Vec::with_capacity(cells));
    let mut forbidden = 0;
    for (piece, range) in lowered.ranges.clone().into_iter().enumerate() {
        // Where the other pieces make every area a placement of this one may leave, it leaves
        // no region they cannot fill (a box of monominoes, say): nothing to look at.
        let largest = cells.saturating_sub(pieces[piece].shape.len());
        if fillable[piece][..=largest].iter().all(|&f| f) {
            continue;
        }
        for e in range.map(EmbeddingId) {
            if stop.stopped() {
                return forbidden;
            }
            if !lowered.cover.is_allowed(e) {
                continue;
            }
            let inside: Vec<usize> = lowered
                .cover
                .aspects(e)
                .iter()
                .map(|a| a.index())
                .filter(|&a| a < cells)
                .collect();
            inside.iter().for_each(|&c| taken[c] = true);
            visited.drain(..).for_each(|c: usize| seen[c] = false);
            let mut fits = true;
            'border: for &c in &inside {
                for &start in &neighbours[c] {
                    if taken[start] || seen[start] {
                        continue;
                    }
                    // The region of free cells around `start`, counted whole.
                    seen[start] = true;
                    visited.push(start);
                    stack.push(start);
                    let (mut size, mut open) = (0, false);
                    while let Some(cell) = stack.pop() {
                        size += 1;
                        open |= board.is_optional(cell as u32);
                        for &n in &neighbours[cell] {
                            if !taken[n] && !seen[n] {
                                seen[n] = true;
                                visited.push(n);
                                stack.push(n);
                            }
                        }
                    }
                    if !open && !fillable[piece][size] {
                        fits = false;
                        break 'border;
                    }
                }
            }
            inside.iter().for_each(|&c| taken[c] = false);
            if !fits {
                lowered.cover.forbid(e);
                forbidden += 1;
            }
        }
    }
    forbidden
}

/// Which totals from 0 to `limit` the pieces make, using up to every copy of each but one copy
/// of piece `without`: a subset sum over the pieces' sizes.
fn sums(pieces: &[Piece], without: usize, limit: usize) -> Vec<bool> {
    let mut made = vec![false; limit + 1];
    made[0] = true;
    for (i, piece) in pieces.iter().enumerate() {
        let mut copies = (piece.count.max - u32::from(i == without)) as usize;
        // The copies in groups of 1, 2, 4, ... and the rest, whose sums make every number of
        // copies: a pass a group rather than a pass a copy (a box of 65,536 monominoes).
        let mut group = 1;
        while copies > 0 {
            let take = group.min(copies);
            let size = take.saturating_mul(piece.shape.len());
            for total in (size..=limit).rev() {
                made[total] |= made[total - size];
            }
            copies -= take;
            group *= 2;
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::{Count, Description, Loc};
    use crate::error::Errors;
    use crate::figure::shape_of_rows;
    use crate::lower;
    use crate::model::Model;

    fn piece(name: &str, rows: &[&str], count: u32) -> Piece {
        Piece {
            name: name.into(),
            loc: Loc::default(),
            shape: shape_of_rows(rows).unwrap(),
            count: Count::exactly(count),
            glyph: None,
        }
    }

    #[test]
    fn the_reports_middle_domino_is_eliminated() {
        // 2x3 with A (1 cell), B (2), C (3): B standing on cells 1 and 4 leaves {0, 3} and
        // {2, 5}, two regions of 2 cells, and A and C make 0, 1, 3 or 4.
        let d = Description::report_example();
        let mut errors = Errors::default();
        let model = Model::check(&d, &mut errors).unwrap();
        let mut lowered = lower::lower(&model, &mut errors);
        let b = model.box_model().unwrap();
        assert_eq!(eliminate(&b.board, &b.pieces, &mut lowered, Stop::NEVER), 1);
        // Embedding 9 is B on {1, 4} (in the report's numbering).
        assert!(!lowered.cover.is_allowed(EmbeddingId(9)));
        assert_eq!(lowered.cover.allowed_count(), 20);
    }

    #[test]
    fn subset_sums_count_copies() {
        let pieces = [piece("D", &["##"], 3), piece("M", &["#"], 1)];
        // Without one D: two D and the M: 0, 1, 2, 3, 4, 5.
        let made = sums(&pieces, 0, 7);
        assert_eq!(made, [true, true, true, true, true, true, false, false]);
        // Without the M: 0, 2, 4, 6.
        let made = sums(&pieces, 1, 7);
        assert_eq!(made, [true, false, true, false, true, false, true, false]);
    }
}
