//! Compile-time embedding elimination: a placement that, alone in the empty box, cuts off a
//! region of free cells whose size no choice among the other pieces adds up to can be in no
//! solution (in a solution, the other pieces tile each such region exactly). Such embeddings
//! are forbidden before the program is built, so the search never tries them: pockets in
//! corners and along edges, and more where the piece sizes leave gaps (all pentominoes: a region
//! must be a multiple of 5). A region holding a cell that may stay empty may be left partly
//! empty, and is not judged.

use std::collections::VecDeque;

use crate::board::Board;
use crate::cover::EmbeddingId;
use crate::lower::Lowered;
use crate::model::Piece;
use crate::stop::Stop;

/// Forbids every allowed embedding that cuts off a region no other pieces can fill, and
/// returns how many it forbade; or, where `stop` is set, gives up after the embedding it is
/// looking at.
pub fn eliminate(board: &Board, pieces: &[Piece], lowered: &mut Lowered, stop: Stop<'_>) -> usize {
    let cells = board.cells().len();
    let mut regions = Regions::new(board);
    // For each piece: which areas the other pieces (all copies but one of this one) can make.
    let fillable: Vec<Vec<bool>> = (0..pieces.len())
        .map(|without| sums(pieces, without, cells))
        .collect();
    let mut forbidden = 0;
    let mut inside = Vec::new();
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
            inside.clear();
            inside.extend(
                (lowered.cover.aspects(e).iter())
                    .map(|a| a.index())
                    .filter(|&a| a < cells),
            );
            let fits = regions.around(&inside, |size| fillable[piece][size]);
            if !fits {
                lowered.cover.forbid(e);
                forbidden += 1;
            }
        }
    }
    forbidden
}

/// The free regions a placement leaves, each judged by its size: found by flood fills from the
/// placement's border, run a cell at a time in turns, one per region (two that meet are one).
/// Once a part of the box has a single fill still going, its region is the rest of that part,
/// and is measured by what the others left: a placement in the middle of a large box costs a few
/// cells of search around it, not a walk over the box. A fill that reaches a cell that may stay
/// empty stops there: its region is never judged (a fill that meets it stops too). A neighbour
/// of the placement that may stay empty, or is beside a free one that may, starts no fill: a
/// box whose room is mostly such cells (a burr's cage) costs a look at the placement's border.
struct Regions<'b> {
    board: &'b Board,
    /// The cells next to cell `c`: `adjacent[first[c]..first[c + 1]]`, one vector for the
    /// box (the walks here are a few array reads a cell), those that may stay empty first and
    /// the others from `required[c]`.
    adjacent: Vec<u32>,
    first: Vec<u32>,
    required: Vec<u32>,
    /// The connected part of the box each cell lies in.
    part_of: Vec<u32>,
    /// Each part's cells, and how many of them may stay empty.
    parts: Vec<Part>,
    /// The fill that reached each cell first, if one has; `TAKEN` for the placement's cells.
    owner: Vec<u32>,
    /// The cells with an owner, to clear them for the next placement.
    owned: Vec<usize>,
    /// The fills of this placement, `fills[..going]`; those past it are kept for their
    /// queues' memory (a placement starts dozens of fills, and a compile millions).
    fills: Vec<Fill>,
    going: usize,
    /// The fills still taking turns.
    stepping: Vec<u32>,
    /// The state of each part the placement touches, by part.
    touched: Vec<Touched>,
    /// The parts the placement touches, to clear them for the next.
    parts_touched: Vec<u32>,
}

/// A connected part of the box.
#[derive(Clone, Copy)]
struct Part {
    cells: usize,
    optional: usize,
}

/// A flood fill from a cell beside the placement, breadth first: fills that start beside one
/// another meet within a few rings of the placement, where depth first they could wander
/// across the box before meeting.
#[derive(Default)]
struct Fill {
    /// The fill it joined on meeting it (itself while it goes on).
    joined: usize,
    queue: VecDeque<u32>,
    size: usize,
    /// Whether its region holds a free cell that may stay empty: it is not judged, and the
    /// fill stops stepping (a fill that ends is never open).
    open: bool,
    part: u32,
    done: bool,
}

/// A part's free cells around one placement, and what its fills have measured of them.
#[derive(Clone, Copy, Default)]
struct Touched {
    /// Whether `free` and `optional` have been set from the part for this placement.
    counted: bool,
    free: usize,
    optional: usize,
    /// Fills still going (each a region not yet whole).
    going: usize,
    measured: usize,
    /// Whether every region of the part has been judged.
    settled: bool,
    /// The fill its free neighbours in open regions share, once one has been met.
    open: Option<u32>,
}

const NO_FILL: u32 = u32::MAX;
const TAKEN: u32 = u32::MAX - 1;

impl<'b> Regions<'b> {
    fn new(board: &'b Board) -> Regions<'b> {
        let neighbours = board.neighbours();
        let cells = neighbours.len();
        let mut part_of = vec![u32::MAX; cells];
        let mut parts = Vec::new();
        let mut stack = Vec::new();
        for start in 0..cells {
            if part_of[start] != u32::MAX {
                continue;
            }
            let id = parts.len() as u32;
            let mut part = Part {
                cells: 0,
                optional: 0,
            };
            part_of[start] = id;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                part.cells += 1;
                part.optional += usize::from(board.is_optional(cell as u32));
                for &n in &neighbours[cell] {
                    if part_of[n as usize] == u32::MAX {
                        part_of[n as usize] = id;
                        stack.push(n as usize);
                    }
                }
            }
            parts.push(part);
        }
        // Each cell's neighbours that may stay empty first, then the others.
        let (mut adjacent, mut first, mut required) = (Vec::new(), vec![0], Vec::new());
        for around in &neighbours {
            let optional = |&&n: &&u32| board.is_optional(n);
            adjacent.extend(around.iter().filter(optional));
            required.push(adjacent.len() as u32);
            adjacent.extend(around.iter().filter(|n| !optional(n)));
            first.push(adjacent.len() as u32);
        }
        Regions {
            board,
            adjacent,
            first,
            required,
            part_of,
            touched: vec![Touched::default(); parts.len()],
            parts_touched: Vec::new(),
            parts,
            owner: vec![NO_FILL; cells],
            owned: Vec::new(),
            fills: Vec::new(),
            going: 0,
            stepping: Vec::new(),
        }
    }

    /// Whether `judge(size)` holds of every free region beside the cells `inside` that holds no
    /// cell that may stay empty; stops at the first that fails.
    fn around(&mut self, inside: &[usize], mut judge: impl FnMut(usize) -> bool) -> bool {
        for &c in inside {
            self.owner[c] = TAKEN;
        }
        for &c in inside {
            let touched = &mut self.touched[self.part_of[c] as usize];
            if !touched.counted {
                self.parts_touched.push(self.part_of[c]);
                let part = self.parts[self.part_of[c] as usize];
                *touched = Touched {
                    counted: true,
                    free: part.cells,
                    optional: part.optional,
                    ..Touched::default()
                };
            }
            touched.free -= 1;
            touched.optional -= usize::from(self.board.is_optional(c as u32));
        }
        // A fill from each free neighbour no fill has reached yet. The neighbours of a part
        // in open regions share one, which never steps: their regions are open, however
        // many, and where it is the one fill left going, the rest of the part is open too.
        for &c in inside {
            for k in self.first[c] as usize..self.first[c + 1] as usize {
                let start = self.adjacent[k] as usize;
                if self.owner[start] != NO_FILL {
                    continue;
                }
                let part = self.part_of[start];
                // A neighbour that may stay empty, or one beside a free cell that may, is in
                // an open region: it joins the part's open fill without a step (a burr's shell
                // beside its room). Another beside one a fill started from is in its region:
                // it joins that fill (a face of the placement makes one fill, not one a cell).
                let (low, mid) = (self.first[start] as usize, self.required[start] as usize);
                let high = self.first[start + 1] as usize;
                let open = self.board.is_optional(start as u32)
                    || (self.adjacent[low..mid].iter()).any(|&n| self.owner[n as usize] != TAKEN);
                let beside = match open {
                    true => None,
                    false => (self.adjacent[mid..high].iter())
                        .map(|&n| self.owner[n as usize])
                        .find(|&o| o != NO_FILL && o != TAKEN),
                };
                if let Some(fill) = beside {
                    self.owner[start] = fill;
                    self.owned.push(start);
                    let fill = &mut self.fills[fill as usize];
                    fill.queue.push_back(start as u32);
                    fill.size += 1;
                    fill.open |= open;
                    continue;
                }
                let part_open = &mut self.touched[part as usize].open;
                if let (true, Some(fill)) = (open, *part_open) {
                    self.owner[start] = fill;
                    self.owned.push(start);
                    continue;
                }
                let id = self.going;
                self.going += 1;
                if open {
                    *part_open = Some(id as u32);
                }
                if id == self.fills.len() {
                    self.fills.push(Fill::default());
                }
                self.owner[start] = id as u32;
                self.owned.push(start);
                self.touched[part as usize].going += 1;
                let fill = &mut self.fills[id];
                fill.queue.clear();
                fill.queue.push_back(start as u32);
                fill.joined = id;
                fill.size = 1;
                fill.open = open;
                fill.part = part;
                fill.done = false;
            }
        }
        let mut fits = true;
        for f in 0..self.going {
            let part = self.fills[f].part as usize;
            fits &= self.settle(part, &mut judge);
        }
        // The fills in turns, a cell each, until every part is settled or a region fails; a
        // fill that stops stepping never steps again, and is dropped from the turns.
        self.stepping.clear();
        self.stepping.extend(0..self.going as u32);
        while fits && !self.stepping.is_empty() {
            let mut kept = 0;
            for i in 0..self.stepping.len() {
                let f = self.stepping[i] as usize;
                let fill = &self.fills[f];
                // An open region (a cell that may stay empty) is not judged: its fill waits,
                // still going, for a fill that meets it, or for its part to settle.
                if fill.joined != f
                    || fill.done
                    || fill.open
                    || self.touched[fill.part as usize].settled
                {
                    continue;
                }
                fits = self.step(f, &mut judge);
                if !fits {
                    break;
                }
                self.stepping[kept] = f as u32;
                kept += 1;
            }
            self.stepping.truncate(kept);
        }
        // Cleared for the next placement.
        for &c in inside {
            self.owner[c] = NO_FILL;
        }
        for part in self.parts_touched.drain(..) {
            self.touched[part as usize] = Touched::default();
        }
        for c in self.owned.drain(..) {
            self.owner[c] = NO_FILL;
        }
        self.going = 0;
        fits
    }

    /// Fill `f` takes one more cell, or ends; false where a region is judged and fails.
    fn step(&mut self, f: usize, judge: &mut impl FnMut(usize) -> bool) -> bool {
        let part = self.fills[f].part as usize;
        let Some(cell) = self.fills[f].queue.pop_front() else {
            // The region is whole.
            let fill = &mut self.fills[f];
            fill.done = true;
            let touched = &mut self.touched[part];
            touched.going -= 1;
            touched.measured += fill.size;
            return judge(fill.size) && self.settle(part, judge);
        };
        for k in self.first[cell as usize] as usize..self.first[cell as usize + 1] as usize {
            let n = self.adjacent[k] as usize;
            match self.owner[n] {
                TAKEN => {}
                NO_FILL => {
                    self.owner[n] = f as u32;
                    self.owned.push(n);
                    let open = self.board.is_optional(n as u32);
                    let fill = &mut self.fills[f];
                    fill.queue.push_back(n as u32);
                    fill.size += 1;
                    fill.open |= open;
                }
                other => {
                    let met = self.joined(other as usize);
                    if met != f {
                        self.join(f, met);
                        // With one fill left going, its region is the rest of the part.
                        if !self.settle(part, judge) {
                            return false;
                        }
                        if self.touched[part].settled {
                            return true;
                        }
                    }
                }
            }
        }
        true
    }

    /// The fill that `f` has become part of.
    fn joined(&mut self, mut f: usize) -> usize {
        while self.fills[f].joined != f {
            let up = self.fills[f].joined;
            self.fills[f].joined = self.fills[up].joined;
            f = up;
        }
        f
    }

    /// Fill `other` joins `f`: they are one region.
    fn join(&mut self, f: usize, other: usize) {
        let (low, high) = (f.min(other), f.max(other));
        let (left, right) = self.fills.split_at_mut(high);
        let (fill, joined) = if f < other {
            (&mut left[low], &mut right[0])
        } else {
            (&mut right[0], &mut left[low])
        };
        joined.joined = f;
        // The longer queue is kept and the shorter appended to it; the other keeps its memory.
        if joined.queue.len() > fill.queue.len() {
            std::mem::swap(&mut joined.queue, &mut fill.queue);
        }
        fill.queue.extend(joined.queue.drain(..));
        fill.size += joined.size;
        fill.open |= joined.open;
        self.touched[fill.part as usize].going -= 1;
    }

    /// Where a part has at most one fill going, judges the region that fill would find (the
    /// part's free cells the others did not) and marks the part settled; false where it fails.
    fn settle(&mut self, part: usize, judge: &mut impl FnMut(usize) -> bool) -> bool {
        let touched = &mut self.touched[part];
        if touched.settled || touched.going > 1 {
            return true;
        }
        touched.settled = true;
        // The regions measured hold no cell that may stay empty: the rest holds every one.
        touched.going == 0 || touched.optional > 0 || judge(touched.free - touched.measured)
    }
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

    /// The placements a flood fill of every region beside each one forbids: the plain walk the
    /// fills in turns must agree with.
    fn forbidden_by_whole_walks(board: &Board, pieces: &[Piece], lowered: &Lowered) -> Vec<bool> {
        let cells = board.cells().len();
        let neighbours = board.neighbours();
        let mut forbidden = vec![false; lowered.cover.embedding_count()];
        for (piece, range) in lowered.ranges.iter().enumerate() {
            let fillable = sums(pieces, piece, cells);
            for e in range.clone().map(EmbeddingId) {
                let mut free = vec![true; cells];
                for a in lowered
                    .cover
                    .aspects(e)
                    .iter()
                    .filter(|a| a.index() < cells)
                {
                    free[a.index()] = false;
                }
                let mut seen = free.iter().map(|&f| !f).collect::<Vec<_>>();
                for start in 0..cells {
                    if seen[start] {
                        continue;
                    }
                    let (mut size, mut open, mut stack) = (0, false, vec![start]);
                    let mut beside = false;
                    seen[start] = true;
                    while let Some(c) = stack.pop() {
                        size += 1;
                        open |= board.is_optional(c as u32);
                        for &n in &neighbours[c] {
                            beside |= !free[n as usize];
                            if !seen[n as usize] {
                                seen[n as usize] = true;
                                stack.push(n as usize);
                            }
                        }
                    }
                    forbidden[e.index()] |= beside && !open && !fillable[size];
                }
            }
        }
        forbidden
    }

    #[test]
    fn the_fills_in_turns_forbid_what_whole_walks_do() {
        // Random boxes with holes (parts the box falls into), cells that may stay empty, and
        // pieces whose sizes leave gaps, from a fixed seed.
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut judged = 0;
        for _ in 0..300 {
            let (rows, columns) = (2 + next(6) as usize, 2 + next(7) as usize);
            let (holes, optional) = (next(4), next(6));
            let board: Vec<String> = (0..rows)
                .map(|_| {
                    (0..columns)
                        .map(|_| match next(12) {
                            n if n < holes => '#',
                            n if n < holes + optional => '+',
                            _ => '.',
                        })
                        .collect()
                })
                .collect();
            let required = board
                .iter()
                .flat_map(|r| r.chars())
                .filter(|&c| c == '.')
                .count();
            if required < 2 {
                continue;
            }
            let p = next(required as u64 / 5 + 1) as usize;
            let rest = required - 5 * p;
            let mut pieces = format!(
                "{p} x P: [\"##\", \"##\", \"#.\"], {} x D: [\"##\"]",
                rest / 2
            );
            if rest % 2 == 1 {
                pieces += ", 1 x T: [\"#\"]";
            }
            let rows: Vec<String> = board.iter().map(|r| format!("{r:?}")).collect();
            let text = format!(
                "mod t {{ box: [{}], pieces: {{ {pieces} }} }}",
                rows.join(", ")
            );
            let parsed = crate::parse::parse_str(&text).unwrap();
            let mut errors = Errors::default();
            let Some(model) = Model::check(&parsed[0].description, &mut errors) else {
                continue;
            };
            let mut lowered = lower::lower(&model, &mut errors);
            let b = model.box_model().unwrap();
            let expected = forbidden_by_whole_walks(&b.board, &b.pieces, &lowered);
            let count = eliminate(&b.board, &b.pieces, &mut lowered, Stop::NEVER);
            let found: Vec<bool> = (0..expected.len())
                .map(|e| !lowered.cover.is_allowed(EmbeddingId(e as u32)))
                .collect();
            assert_eq!(found, expected, "{text}");
            assert_eq!(count, expected.iter().filter(|&&f| f).count());
            judged += usize::from(count > 0);
        }
        assert!(judged > 50, "only {judged} boxes had a placement to forbid");
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
