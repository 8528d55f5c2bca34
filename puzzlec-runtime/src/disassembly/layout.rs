//! How an assembly lies before it is taken apart. Where several separations are equally
//! short, the one the search takes first depends on the order of its moves, and so on how the
//! assembly lies: the same assembly turned may come apart at another level (`98.2.4` against
//! `98.2.4.2`). BurrTools lays each assembly it finds in one of its images under the turns
//! that leave the box as it is, the least by an order on its pieces' placements, and numbers
//! the copies of a kind by their placements too; a [`Layout`] says how, so that an assembly
//! found another way lies as BurrTools' does and comes apart the same way.
//!
//! A piece's placement is the number of the way it lies (among the ways its kind can lie, the
//! least number of those that give the same cells) and where its anchor is, a point that moves
//! with the piece (BurrTools' hotspot). An assembly is the smaller of two when, kind by kind
//! and copy by copy, its first different placement is: the smaller number, then the smaller
//! coordinates, in the order of coordinates the layout gives; a piece not placed is greater
//! than any. One piece, the pivot, may be compared before the others.

use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::lattice::{Lattice, Motion, Point};

use super::movement::{add, sub, Movement, Position, ShapeId, AXES};

/// A piece's placement as the layout orders them: its way's number, then its anchor's
/// coordinates, the least first; a piece not placed is [`UNPLACED`], after every placed one.
type Key = (u8, [i32; AXES]);

/// The placement of a piece that is not placed: after every placed one.
const UNPLACED: Key = (u8::MAX, [0; AXES]);

/// How assemblies of one puzzle are laid before they are taken apart: the least of their
/// images under the box's turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Each kind's ways of lying, in the order they are numbered: its cells, and its anchor.
    ways: Vec<Vec<(Vec<Point>, Point)>>,
    /// Each kind's least and greatest number of copies.
    counts: Vec<(u32, u32)>,
    /// The kind whose one piece is compared first, if any.
    pivot: Option<usize>,
    /// The coordinates placements are ordered by, each a sum of a point's coordinates times
    /// these (the rows of a matrix).
    order: [[i32; AXES]; AXES],
    /// The box's cells, each `true` where it may stay empty, in order.
    cells: Vec<(Point, bool)>,
    /// The turns that leave the box as it is, the identity aside: each a motion of the
    /// lattice, then a translation.
    turns: Vec<(Motion, Point)>,
}

impl Layout {
    /// The layout of assemblies on `lattice` of a box of cells (each `true` where the cell may
    /// stay empty, which a turn must take to such a cell), of pieces of kinds that lie
    /// `ways` (each kind's, numbered in order: cells and anchor; a way that lies as one before
    /// it is left to the first), each kind between `counts` copies, `pivot` compared first,
    /// placements ordered by the coordinates `order`. The box's turns are the lattice's motions
    /// that take its cells onto themselves. BurrTools' reader makes one of each of its
    /// problems on the grids it takes apart (`puzzlec_io`).
    pub fn new(
        lattice: Lattice,
        cells: &[(Point, bool)],
        ways: Vec<Vec<(Vec<Point>, Point)>>,
        mut counts: Vec<(u32, u32)>,
        pivot: Option<usize>,
        order: [[i32; AXES]; AXES],
    ) -> Layout {
        // A kind without a count has none: an assembly with a piece of it lies as found.
        counts.resize(ways.len(), (0, 0));
        let pivot = pivot.filter(|&k| k < ways.len());
        let mut own: Vec<(Point, bool)> = cells.to_vec();
        own.sort_unstable();
        let points: Vec<Point> = own.iter().map(|(p, _)| p.clone()).collect();
        let from = lattice.normalising_shift(&points).unwrap_or_default();
        let turns = (lattice.motions().into_iter())
            .filter(|m| !m.is_identity())
            .filter_map(|m| {
                let images = m.apply_all(&points)?;
                let to = lattice.normalising_shift(&images)?;
                // The image of p: m(p), moved so that the box's image lies where the box does.
                let shift: Point = to.iter().zip(&from).map(|(a, b)| a - b).collect();
                let mut turned: Vec<(Point, bool)> = (images.into_iter().zip(&own))
                    .map(|(p, &(_, optional))| (plus(&p, &shift), optional))
                    .collect();
                turned.sort_unstable();
                (turned == own).then_some((m, shift))
            })
            .collect();
        Layout {
            ways,
            counts,
            pivot,
            order,
            cells: own,
            turns,
        }
    }

    /// The number of turns that leave the box as it is, the identity aside: with none, every
    /// assembly lies as found.
    pub fn turns(&self) -> usize {
        self.turns.len()
    }
}

/// A [`Layout`] worked out when a disassembly first asks for it: a reader makes one for each
/// problem it reads, and working out the box's and the pieces' turns costs more than reading
/// the file, which a count or a listing never needs. It prints, and compares, as the layout.
#[derive(Clone)]
pub struct LazyLayout(Arc<Later>);

struct Later {
    make: Box<dyn Fn() -> Layout + Send + Sync>,
    made: OnceLock<Arc<Layout>>,
}

impl LazyLayout {
    /// The layout `make` makes, made once, when first asked for.
    pub fn new(make: impl Fn() -> Layout + Send + Sync + 'static) -> LazyLayout {
        LazyLayout(Arc::new(Later {
            make: Box::new(make),
            made: OnceLock::new(),
        }))
    }

    /// The layout, made now if it has not been.
    pub fn get(&self) -> Arc<Layout> {
        Arc::clone(self.0.made.get_or_init(|| Arc::new((self.0.make)())))
    }
}

impl From<Layout> for LazyLayout {
    fn from(layout: Layout) -> LazyLayout {
        let layout = Arc::new(layout);
        let made = OnceLock::from(Arc::clone(&layout));
        LazyLayout(Arc::new(Later {
            make: Box::new(move || Layout::clone(&layout)),
            made,
        }))
    }
}

impl fmt::Debug for LazyLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

impl PartialEq for LazyLayout {
    fn eq(&self, other: &LazyLayout) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.get() == other.get()
    }
}

impl Eq for LazyLayout {}

/// The image of translation `b` under a turn whose images of `period` times each axis's unit
/// are `columns`.
fn translated(columns: &[[i32; AXES]; AXES], period: i32, b: Position) -> Position {
    std::array::from_fn(|i| {
        let sum: i32 = (0..AXES).map(|a| columns[a][i] * b[a]).sum();
        if period == 1 {
            sum
        } else {
            sum / period
        }
    })
}

/// `p + d`.
fn plus(p: &[i32], d: &[i32]) -> Point {
    p.iter().zip(d).map(|(a, b)| a + b).collect()
}

fn position(p: &[i32]) -> Position {
    let mut out = [0; AXES];
    out[..p.len()].copy_from_slice(p);
    out
}

/// What a turn does to a shape: the shape it becomes, and where that lies when the shape
/// lies at the lattice's place for it (a shape lying `b` from there goes to this plus the
/// turn's image of `b`).
#[derive(Clone, Copy)]
struct Image {
    shape: ShapeId,
    base: Position,
    /// The key of the image of the shape lying at the lattice's place for it, as a piece of
    /// the first kind the shape is a way of (the key of one lying `b` from there adds the
    /// turn's image of `b` in the order's coordinates), with its kind.
    key: Option<(usize, Key)>,
}

/// A piece of an assembly as the layout compares them: its kind, its placement, and its
/// number as found.
type Keyed = (usize, Key, usize);

/// A layout made ready for one disassembler's shapes, with what it learns of them kept.
pub(super) struct Laying {
    layout: Arc<Layout>,
    /// For each shape (by number) that is a way some kind lies: each such kind, the way's
    /// number and its anchor from where the shape lies.
    ways: Vec<Vec<(usize, u8, Position)>>,
    /// For each turn, its image of a translation (a translation is taken to one), as `period`
    /// times it: the images of `period` times each axis's unit, in columns; the translations
    /// of the lattice include every multiple of the period.
    translations: Vec<[[i32; AXES]; AXES]>,
    period: i32,
    /// For each shape (by number), what each turn does to it, as found (`None` inside: the
    /// image is no shape of the lattice).
    images: Vec<Option<Option<Image>>>,
    /// For each turn, for each direction of the turned assembly, the direction it is in the
    /// assembly as found.
    back: Vec<Vec<usize>>,
    /// Whether each turn is a rotation (else a reflection).
    proper: Vec<bool>,
    /// For each kind, the kind its mirror images are (itself where it is its own mirror
    /// image; `None` where no kind is).
    mirrored: Vec<Option<usize>>,
    /// The pieces of an image, and of the least so far, kept between assemblies.
    turned: Vec<Keyed>,
    best: Vec<Keyed>,
}

/// An assembly as found: each piece's shape and where it lies, and its kind.
#[derive(Clone, Copy)]
struct Found<'a> {
    placed: &'a [(ShapeId, Position)],
    found: &'a [usize],
}

/// The order the images of one assembly are compared in: each kind (the pivot's first) with
/// the range of its pieces in `members`.
struct Plan {
    visit: Vec<(usize, std::ops::Range<usize>)>,
    members: Vec<usize>,
}

/// An assembly as the layout lays it: the turn (`None`, as found), each piece's kind, shape
/// and where it lies, in the layout's order of pieces, and for each, its number as found.
pub(super) struct Laid {
    pub(super) turn: Option<usize>,
    pub(super) kinds: Vec<usize>,
    pub(super) placed: Vec<(ShapeId, Position)>,
    pub(super) found: Vec<usize>,
}

impl Laying {
    /// `layout` ready for the shapes of `movement`.
    pub(super) fn new(layout: Arc<Layout>, movement: &mut Movement) -> Laying {
        let mut ways: Vec<Vec<(usize, u8, Position)>> = Vec::new();
        for (kind, kind_ways) in layout.ways.iter().enumerate() {
            for (number, (cells, anchor)) in kind_ways.iter().enumerate() {
                let (shape, base) = movement.shape(cells);
                let shape = shape as usize;
                if ways.len() <= shape {
                    ways.resize_with(shape + 1, Vec::new);
                }
                if !ways[shape].iter().any(|w| w.0 == kind) {
                    ways[shape].push((kind, number as u8, sub(position(anchor), base)));
                }
            }
        }
        let lattice = movement.lattice();
        let dims = lattice.dims();
        let period = lattice.period();
        let q = (layout.cells.first()).map_or_else(|| vec![0; dims], |c| c.0.clone());
        let translations: Vec<[[i32; AXES]; AXES]> = (layout.turns.iter())
            .map(|(motion, _)| {
                let mut columns = [[0; AXES]; AXES];
                let from = motion.apply(&q).map(|p| position(&p));
                for (a, column) in columns.iter_mut().enumerate().take(dims) {
                    let mut to = q.clone();
                    to[a] += period;
                    if let (Some(to), Some(from)) = (motion.apply(&to), from) {
                        *column = sub(position(&to), from);
                    }
                }
                columns
            })
            .collect();
        // A kind's mirror images: its first way reflected, and the kind that lies so (its own
        // first).
        let reflection = lattice.motions().into_iter().find(|m| !m.is_proper());
        let mirrored = (layout.ways.iter().enumerate())
            .map(|(kind, kind_ways)| {
                let (cells, _) = kind_ways.first()?;
                let image = reflection.as_ref()?.apply_all(cells)?;
                let (shape, _) = movement.shape(&image);
                let ways = ways.get(shape as usize)?;
                let own = ways.iter().find(|w| w.0 == kind).or_else(|| ways.first());
                own.map(|w| w.0)
            })
            .collect();
        // For each turn, the direction of the assembly as found whose step it takes to each
        // direction's: a motion of the lattice takes its slides to slides.
        let steps: Vec<Position> = lattice.slides().iter().map(|s| position(s)).collect();
        let back = (translations.iter())
            .map(|columns| {
                (steps.iter().enumerate())
                    .map(|(d, step)| {
                        (steps.iter())
                            .position(|e| translated(columns, period, *e) == *step)
                            .unwrap_or(d)
                    })
                    .collect()
            })
            .collect();
        let proper = layout.turns.iter().map(|(m, _)| m.is_proper()).collect();
        Laying {
            layout,
            ways,
            translations,
            period,
            images: Vec::new(),
            back,
            proper,
            mirrored,
            turned: Vec::new(),
            best: Vec::new(),
        }
    }

    /// The direction, in the assembly as found, of direction `d` of the assembly turned by
    /// `turn`.
    pub(super) fn direction_back(&self, turn: usize, d: usize) -> usize {
        self.back[turn][d]
    }

    /// The image of translation `b` under turn `t`.
    fn moved(&self, t: usize, b: Position) -> Position {
        translated(&self.translations[t], self.period, b)
    }

    /// What turn `t` does to `shape`.
    fn image(&mut self, shape: ShapeId, t: usize, movement: &mut Movement) -> Option<Image> {
        let turns = self.layout.turns.len();
        let at = shape as usize * turns + t;
        if let Some(&Some(image)) = self.images.get(at) {
            return image;
        }
        let dims = movement.lattice().dims();
        let (motion, shift) = &self.layout.turns[t];
        let turned: Option<Vec<Point>> = (movement.cells(shape).iter())
            .map(|c| Some(plus(&motion.apply(&c[..dims])?, shift)))
            .collect();
        let first_kind = self.first_kind(shape);
        let image = turned.map(|turned| {
            let (image, base) = movement.shape(&turned);
            let key = first_kind.and_then(|k| self.key(image, base, k));
            Image {
                shape: image,
                base,
                key,
            }
        });
        if self.images.len() <= at {
            self.images.resize((shape as usize + 1) * turns, None);
        }
        self.images[at] = Some(image);
        image
    }

    /// The first kind `shape` is a way of, whose key a shape's [`Image`] keeps.
    fn first_kind(&self, shape: ShapeId) -> Option<usize> {
        let ways = self.ways.get(shape as usize)?;
        ways.first().map(|w| w.0)
    }

    /// The way `shape` is for a piece of kind `kind`, or for a kind whose pieces are its
    /// mirror images: (kind, number, anchor from where the shape lies).
    fn way(&self, shape: ShapeId, kind: usize) -> Option<(usize, u8, Position)> {
        let ways = self.ways.get(shape as usize)?;
        (ways.iter().find(|w| w.0 == kind))
            .or_else(|| ways.first())
            .copied()
    }

    /// The key of a piece of `kind` lying as `shape` at `base`, with the kind it is.
    fn key(&self, shape: ShapeId, base: Position, kind: usize) -> Option<(usize, Key)> {
        let (kind, number, anchor) = self.way(shape, kind)?;
        let at = add(anchor, base);
        let order = &self.layout.order;
        let coordinates = order.map(|row| row.iter().zip(&at).map(|(a, b)| a * b).sum());
        Some((kind, (number, coordinates)))
    }

    /// Whether each kind's copies among these pieces (in order of kind) are within its
    /// counts.
    fn counted(&self, keyed: &[Keyed]) -> bool {
        let mut at = 0;
        for (kind, &(least, most)) in self.layout.counts.iter().enumerate() {
            let from = at;
            while at < keyed.len() && keyed[at].0 == kind {
                at += 1;
            }
            let n = (at - from) as u32;
            if n < least || n > most {
                return false;
            }
        }
        at == keyed.len()
    }

    /// Whether the assembly of pieces `a` is before that of `b` (each in order of kind and
    /// placement): the pivot's placement first, then slot by slot, kind by kind, a slot a
    /// kind's copies do not fill after every placement.
    fn before(&self, a: &[Keyed], b: &[Keyed]) -> bool {
        if let Some(k) = self.layout.pivot {
            let of = |x: &[Keyed]| x.iter().find(|p| p.0 == k).map_or(UNPLACED, |p| p.1);
            let (pa, pb) = (of(a), of(b));
            if pa != pb {
                return pa < pb;
            }
        }
        for i in 0..a.len().max(b.len()) {
            // A list that ends has only empty slots left: after every placement.
            match (a.get(i), b.get(i)) {
                (Some(x), Some(y)) if (x.0, x.1) == (y.0, y.1) => {}
                (Some(x), Some(y)) => return (x.0, x.1) < (y.0, y.1),
                (Some(_), None) => return true,
                (None, _) => return false,
            }
        }
        false
    }

    /// The assembly of pieces of these kinds lying so, as the layout lays it; `None` where a
    /// piece does not lie as its kind's ways say, or a kind's count is not as the layout's
    /// (then it is taken apart as found).
    pub(super) fn lay(
        &mut self,
        kinds: &[usize],
        placed: &[(ShapeId, Position)],
        movement: &mut Movement,
    ) -> Option<Laid> {
        let mut best = std::mem::take(&mut self.best);
        let mut turned = std::mem::take(&mut self.turned);
        best.clear();
        for (i, (&(shape, base), &kind)) in placed.iter().zip(kinds).enumerate() {
            let (kind, key) = self.key(shape, base, kind)?;
            best.push((kind, key, i));
        }
        best.sort_unstable();
        if !self.counted(&best) {
            return None;
        }
        let mut best_turn = None;
        // Each piece's kind as found: its image's under a rotation, and under a reflection
        // the kind of its mirror images.
        let found: Vec<usize> = {
            let mut found = vec![0; placed.len()];
            for p in &best {
                found[p.2] = p.0;
            }
            found
        };
        let assembly = Found {
            placed,
            found: &found,
        };
        // The order an image's pieces are compared in, under a rotation and a reflection.
        let plans = [self.plan(&found, true), self.plan(&found, false)];
        for t in 0..self.layout.turns.len() {
            let proper = self.proper[t];
            let Some(plan) = &plans[usize::from(!proper)] else {
                continue;
            };
            if self.compare(t, plan, &best, assembly, movement, &mut turned) != Some(Ordering::Less)
            {
                continue;
            }
            if !self.image_whole(t, assembly, movement, &mut turned) || !self.counted(&turned) {
                continue;
            }
            std::mem::swap(&mut best, &mut turned);
            best_turn = Some(t);
        }
        let mut laid = Laid {
            turn: best_turn,
            kinds: Vec::with_capacity(placed.len()),
            placed: Vec::with_capacity(placed.len()),
            found: Vec::with_capacity(placed.len()),
        };
        for &(kind, _, i) in &best {
            let (shape, base) = placed[i];
            let (shape, base) = match best_turn {
                None => (shape, base),
                Some(t) => self.image_at(shape, base, t, movement)?,
            };
            laid.kinds.push(kind);
            laid.placed.push((shape, base));
            laid.found.push(i);
        }
        self.best = best;
        self.turned = turned;
        Some(laid)
    }

    /// The order in which the images of an assembly of pieces of kinds `found` under a
    /// rotation (`proper`) or a reflection are compared with another: kind by kind as
    /// BurrTools' slots are (the pivot's first), each kind's pieces; `None` where the images
    /// are of no assembly (a piece's mirror images are no kind's, or a kind's count is out of
    /// its bounds).
    fn plan(&self, found: &[usize], proper: bool) -> Option<Plan> {
        let mut members: Vec<(usize, usize)> = Vec::with_capacity(found.len());
        for (i, &kind) in found.iter().enumerate() {
            let kind = match proper {
                true => kind,
                false => self.mirrored[kind]?,
            };
            members.push((kind, i));
        }
        members.sort_unstable();
        let mut kinds: Vec<usize> = members
            .iter()
            .map(|m| m.0)
            .chain(found.iter().copied())
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        if let Some(k) = self.layout.pivot {
            kinds.insert(0, k);
        }
        let mut visit = Vec::with_capacity(kinds.len());
        for k in kinds {
            let from = members.partition_point(|m| m.0 < k);
            let to = members.partition_point(|m| m.0 <= k);
            let (least, most) = self.layout.counts[k];
            if ((to - from) as u32) < least || ((to - from) as u32) > most {
                return None;
            }
            visit.push((k, from..to));
        }
        Some(Plan {
            visit,
            members: members.into_iter().map(|m| m.1).collect(),
        })
    }

    /// How the image of the assembly under turn `t` compares with `best` (pieces of kinds
    /// `found`), in the order of `plan`, so that an image is mostly told after by its first
    /// kind's pieces alone; `None` where a piece's image is no way of any kind.
    fn compare(
        &mut self,
        t: usize,
        plan: &Plan,
        best: &[Keyed],
        assembly: Found<'_>,
        movement: &mut Movement,
        turned: &mut Vec<Keyed>,
    ) -> Option<Ordering> {
        let Found { placed, found } = assembly;
        for (k, members) in &plan.visit {
            turned.clear();
            for &i in &plan.members[members.clone()] {
                let (shape, base) = placed[i];
                let (kind, key) = self.image_key(shape, base, found[i], t, movement)?;
                if kind != *k {
                    // Not the kind its kind's mirror images are: compared whole.
                    return self.compare_whole(t, best, assembly, movement, turned);
                }
                turned.push((kind, key, i));
            }
            turned.sort_unstable();
            // A slot a kind's copies leave empty comes after every placement.
            let theirs = {
                let from = best.partition_point(|p| p.0 < *k);
                let to = best.partition_point(|p| p.0 <= *k);
                &best[from..to]
            };
            for j in 0..turned.len().max(theirs.len()) {
                let ours = turned.get(j).map_or(UNPLACED, |p| p.1);
                let other = theirs.get(j).map_or(UNPLACED, |p| p.1);
                match ours.cmp(&other) {
                    Ordering::Equal => {}
                    order => return Some(order),
                }
            }
        }
        Some(Ordering::Equal)
    }

    /// [`compare`](Self::compare) by the whole image.
    fn compare_whole(
        &mut self,
        t: usize,
        best: &[Keyed],
        assembly: Found<'_>,
        movement: &mut Movement,
        turned: &mut Vec<Keyed>,
    ) -> Option<Ordering> {
        if !self.image_whole(t, assembly, movement, turned) || !self.counted(turned) {
            return None;
        }
        Some(match self.before(turned, best) {
            true => Ordering::Less,
            false => Ordering::Greater,
        })
    }

    /// The image of the whole assembly under turn `t`, in order of kind and placement, in
    /// `turned`; `false` where a piece's image is no way of any kind.
    fn image_whole(
        &mut self,
        t: usize,
        assembly: Found<'_>,
        movement: &mut Movement,
        turned: &mut Vec<Keyed>,
    ) -> bool {
        turned.clear();
        let Found { placed, found } = assembly;
        for (i, (&(shape, base), &kind)) in placed.iter().zip(found).enumerate() {
            let Some((kind, key)) = self.image_key(shape, base, kind, t, movement) else {
                return false;
            };
            turned.push((kind, key, i));
        }
        turned.sort_unstable();
        true
    }

    /// Where a piece lying as `shape` at `base` lies after turn `t`: its shape and base.
    fn image_at(
        &mut self,
        shape: ShapeId,
        base: Position,
        t: usize,
        movement: &mut Movement,
    ) -> Option<(ShapeId, Position)> {
        let image = self.image(shape, t, movement)?;
        Some((image.shape, add(image.base, self.moved(t, base))))
    }

    /// The kind and key of a piece of `kind` lying as `shape` at `base` after turn `t`.
    fn image_key(
        &mut self,
        shape: ShapeId,
        base: Position,
        kind: usize,
        t: usize,
        movement: &mut Movement,
    ) -> Option<(usize, Key)> {
        let first_kind = self.first_kind(shape);
        let image = self.image(shape, t, movement)?;
        match (image.key, first_kind == Some(kind)) {
            (Some((kind, (number, at))), true) => {
                let moved = self.moved(t, base);
                let order = &self.layout.order;
                let by = order.map(|row| row.iter().zip(&moved).map(|(a, b)| a * b).sum::<i32>());
                Some((kind, (number, std::array::from_fn(|i| at[i] + by[i]))))
            }
            _ => {
                let (shape, base) = self.image_at(shape, base, t, movement)?;
                self.key(shape, base, kind)
            }
        }
    }
}
