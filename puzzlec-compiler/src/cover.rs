//! The abstract puzzle `(A, E)`: aspects, embeddings, and which embeddings are allowed.

use std::fmt;
use std::sync::OnceLock;

/// An aspect: a cell of the box or a piece, numbered cells first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AspectId(pub u32);

/// An embedding: a placement, numbered by piece, then by its sorted list of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EmbeddingId(pub u32);

impl AspectId {
    /// The number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl EmbeddingId {
    /// The number as an index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for EmbeddingId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An exact-cover problem: a solution is a set of allowed embeddings that covers every aspect
/// exactly once, or at most once for an optional aspect, or exactly `n` times for an aspect of
/// multiplicity `n` (a bag: the piece aspect of `n` identical copies, held as a counter), or,
/// for a bag with a range of copies, from its least to its multiplicity times.
///
/// A secondary aspect may have colours (Knuth's colour controls): each colour `c` of an item
/// `x` is an optional aspect of its own, `x:c`, that an embedding names instead of `x`. It
/// *needs* `x:c` free and *takes* `x` and `x`'s other colours, so embeddings that agree on `x`'s
/// colour may share it, and one that names `x` plainly takes `x` and all its colours. Where
/// there are no colours, an embedding needs and takes its aspects.
///
/// Forbidden embeddings keep their numbers, so a restricted puzzle numbers its embeddings as the
/// unrestricted one does (the report's `0 18 10` names embeddings of the full table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    aspect_names: Vec<String>,
    embeddings: Vec<Vec<AspectId>>,
    allowed: Vec<bool>,
    optional: Vec<bool>,
    multiplicity: Vec<u32>,
    least: Vec<u32>,
    /// For each aspect, the item whose colour it is, if it is a colour.
    item_of: Vec<Option<AspectId>>,
    /// For each aspect, its colours (empty for most).
    colours: Vec<Vec<AspectId>>,
    /// [`Cover::columns`], once asked for: the estimator and the search's tables both read
    /// them, and a burr's take a pass over every embedding.
    columns: Remembered<Vec<u32>>,
}

/// A value worked out from the rest of a struct when first asked for, and forgotten whenever
/// the rest changes: no part of the struct's value (any two are equal).
#[derive(Clone, Debug, Default)]
struct Remembered<T>(OnceLock<T>);

impl<T> PartialEq for Remembered<T> {
    fn eq(&self, _: &Remembered<T>) -> bool {
        true
    }
}

impl<T> Eq for Remembered<T> {}

impl Cover {
    /// A puzzle with the named aspects and these embeddings (each a set of aspects, sorted here),
    /// all allowed.
    pub fn new(aspect_names: Vec<String>, embeddings: Vec<Vec<AspectId>>) -> Cover {
        let embeddings: Vec<Vec<AspectId>> = embeddings
            .into_iter()
            .map(|mut e| {
                e.sort_unstable();
                e.dedup();
                e
            })
            .collect();
        debug_assert!(embeddings
            .iter()
            .flatten()
            .all(|a| a.index() < aspect_names.len()));
        let allowed = vec![true; embeddings.len()];
        let optional = vec![false; aspect_names.len()];
        let multiplicity = vec![1; aspect_names.len()];
        let least = multiplicity.clone();
        let item_of = vec![None; aspect_names.len()];
        let colours = vec![Vec::new(); aspect_names.len()];
        Cover {
            aspect_names,
            embeddings,
            allowed,
            optional,
            multiplicity,
            least,
            item_of,
            colours,
            columns: Remembered::default(),
        }
    }

    /// Makes an aspect optional: covered at most once instead of exactly once.
    pub fn set_optional(&mut self, a: AspectId) {
        self.columns = Remembered::default();
        self.optional[a.index()] = true;
    }

    /// Adds an optional aspect, the last by number, to these embeddings: of the embeddings
    /// that hold it, at most one is in a solution.
    pub fn add_optional(&mut self, name: String, embeddings: &[EmbeddingId]) -> AspectId {
        self.columns = Remembered::default();
        let a = AspectId(self.aspect_names.len() as u32);
        self.aspect_names.push(name);
        self.optional.push(true);
        self.multiplicity.push(1);
        self.least.push(1);
        self.item_of.push(None);
        self.colours.push(Vec::new());
        for e in embeddings {
            // The largest number: the aspects stay sorted.
            self.embeddings[e.index()].push(a);
        }
        a
    }

    /// Makes the optional aspect `a` a colour of the optional aspect `item`: the embeddings
    /// that name `a` give `item` that colour.
    pub fn set_colour(&mut self, a: AspectId, item: AspectId) {
        debug_assert!(self.is_optional(a) && self.is_optional(item) && a != item);
        debug_assert!(self.item_of[item.index()].is_none() && self.colours[a.index()].is_empty());
        self.columns = Remembered::default();
        self.item_of[a.index()] = Some(item);
        self.colours[item.index()].push(a);
    }

    /// Whether some aspect has colours.
    pub fn has_colours(&self) -> bool {
        self.item_of.iter().any(Option::is_some)
    }

    /// The item whose colour `a` is, if it is one.
    pub fn item_of(&self, a: AspectId) -> Option<AspectId> {
        self.item_of[a.index()]
    }

    /// The aspects an embedding takes out of the free set, sorted: its aspects, but for a
    /// colour `x:c`, `x` and its other colours instead, and for an item with colours, all of
    /// them too. Without colours, its aspects.
    pub fn takes(&self, e: EmbeddingId) -> Vec<AspectId> {
        let mut taken = Vec::with_capacity(self.aspects(e).len());
        for &a in self.aspects(e) {
            match self.item_of[a.index()] {
                Some(x) => {
                    taken.push(x);
                    taken.extend(self.colours[x.index()].iter().filter(|&&c| c != a));
                }
                None => {
                    taken.push(a);
                    taken.extend(&self.colours[a.index()]);
                }
            }
        }
        taken.sort_unstable();
        taken
    }

    /// Makes an exact aspect a bag: covered exactly `n` times.
    pub fn set_multiplicity(&mut self, a: AspectId, n: u32) {
        self.columns = Remembered::default();
        self.multiplicity[a.index()] = n;
        self.least[a.index()] = n;
    }

    /// Lets a bag be covered as few as `n` times (at most its multiplicity): a range of copies.
    pub fn set_least(&mut self, a: AspectId, n: u32) {
        debug_assert!(n <= self.multiplicity[a.index()]);
        self.columns = Remembered::default();
        self.least[a.index()] = n;
    }

    /// How many times an aspect may be covered at most (1 unless it is a bag).
    pub fn multiplicity(&self, a: AspectId) -> u32 {
        self.multiplicity[a.index()]
    }

    /// How many times a bag must be covered at least: its multiplicity unless it holds a
    /// range of copies. (An optional aspect's is 1: it is covered once or left out.)
    pub fn least(&self, a: AspectId) -> u32 {
        self.least[a.index()]
    }

    /// Whether some aspect is a bag.
    pub fn has_bags(&self) -> bool {
        self.multiplicity.iter().any(|&n| n > 1)
    }

    /// Whether an aspect need not be covered.
    pub fn is_optional(&self, a: AspectId) -> bool {
        self.optional[a.index()]
    }

    /// The number of aspects.
    pub fn aspect_count(&self) -> usize {
        self.aspect_names.len()
    }

    /// The number of embeddings, forbidden ones included.
    pub fn embedding_count(&self) -> usize {
        self.embeddings.len()
    }

    /// The most embeddings one path of a search can place ([`Info::depth`]): each takes a
    /// required aspect, which is taken once or as often as its bag holds, and none is placed
    /// twice.
    ///
    /// [`Info::depth`]: puzzlec_runtime::Info::depth
    pub fn depth(&self) -> usize {
        let required = |a: &AspectId| !self.is_optional(*a);
        let takes_optional_only = self
            .allowed()
            .any(|e| !self.embeddings[e.index()].iter().any(required));
        let by_aspects: usize = (self.all_aspects().filter(required))
            .map(|a| self.multiplicity(a) as usize)
            .sum();
        match takes_optional_only {
            true => self.allowed_count(),
            false => by_aspects.min(self.allowed_count()),
        }
    }

    /// The number of allowed embeddings.
    pub fn allowed_count(&self) -> usize {
        self.allowed.iter().filter(|&&a| a).count()
    }

    /// A person's name for an aspect.
    pub fn aspect_name(&self, a: AspectId) -> &str {
        &self.aspect_names[a.index()]
    }

    /// The aspects of an embedding, sorted by number.
    pub fn aspects(&self, e: EmbeddingId) -> &[AspectId] {
        &self.embeddings[e.index()]
    }

    /// Whether an embedding may be used.
    pub fn is_allowed(&self, e: EmbeddingId) -> bool {
        self.allowed[e.index()]
    }

    /// Forbids an embedding.
    pub fn forbid(&mut self, e: EmbeddingId) {
        self.columns = Remembered::default();
        self.allowed[e.index()] = false;
    }

    /// Every aspect.
    pub fn all_aspects(&self) -> impl Iterator<Item = AspectId> {
        (0..self.aspect_names.len() as u32).map(AspectId)
    }

    /// The allowed embeddings, by number.
    pub fn allowed(&self) -> impl Iterator<Item = EmbeddingId> + '_ {
        (0..self.embeddings.len() as u32)
            .map(EmbeddingId)
            .filter(|&e| self.is_allowed(e))
    }

    /// For each aspect, how many allowed embeddings contain it.
    pub fn uses(&self) -> Vec<usize> {
        let mut uses = vec![0; self.aspect_count()];
        for e in self.allowed() {
            for a in self.aspects(e) {
                uses[a.index()] += 1;
            }
        }
        uses
    }

    /// Each aspect's column: the aspects held once and required, as a solution covers them,
    /// that lie in the same allowed embeddings (two cells of a piece that no placement parts)
    /// share a number; every other aspect has one of its own. Numbered from 0 in the order of
    /// the columns' first aspects.
    pub fn columns(&self) -> &[u32] {
        self.columns.0.get_or_init(|| self.count_columns())
    }

    /// [`Cover::columns`], worked out.
    fn count_columns(&self) -> Vec<u32> {
        // Each aspect's allowed embeddings, in order, the lists laid end to end: one
        // allocation where a list each is thousands (a burr's cells).
        let mut start = vec![0usize; self.aspect_count() + 1];
        for e in self.allowed() {
            for &a in self.aspects(e) {
                start[a.index() + 1] += 1;
            }
        }
        for a in 0..self.aspect_count() {
            start[a + 1] += start[a];
        }
        let mut takers = vec![0u32; start[self.aspect_count()]];
        let mut next_of = start.clone();
        for e in self.allowed() {
            for &a in self.aspects(e) {
                takers[next_of[a.index()]] = e.0;
                next_of[a.index()] += 1;
            }
        }
        let once = |a: AspectId| {
            !self.is_optional(a)
                && (self.least(a), self.multiplicity(a)) == (1, 1)
                && self.item_of(a).is_none()
        };
        let mut numbered = rustc_hash::FxHashMap::with_capacity_and_hasher(
            self.aspect_count(),
            Default::default(),
        );
        let mut next = 0;
        let mut new = || {
            next += 1;
            next - 1
        };
        (self.all_aspects())
            .map(|a| match once(a) {
                true => *numbered
                    .entry(&takers[start[a.index()]..start[a.index() + 1]])
                    .or_insert_with(&mut new),
                false => new(),
            })
            .collect()
    }

    /// For each aspect, whether it repeats a column before it in `sequence` ([`Cover::columns`]).
    /// A search that chooses the aspect with the fewest embeddings, ties to the first, never
    /// chooses a repeat (it has the same count, later), and covers it exactly once when it
    /// covers the first: Knuth's columns that copy each other, merged.
    pub fn repeats(&self, sequence: &[AspectId]) -> Vec<bool> {
        let columns = self.columns();
        let mut seen = vec![false; self.aspect_count()];
        let mut repeats = vec![false; self.aspect_count()];
        for &a in sequence {
            let column = columns[a.index()] as usize;
            repeats[a.index()] = std::mem::replace(&mut seen[column], true);
        }
        repeats
    }

    /// Whether `solution` is a set of distinct allowed embeddings covering every aspect as
    /// often as it must be.
    pub fn is_solution(&self, solution: &[EmbeddingId]) -> bool {
        let mut covered = vec![0; self.aspect_count()];
        for (i, &e) in solution.iter().enumerate() {
            if e.index() >= self.embeddings.len()
                || !self.is_allowed(e)
                || solution[..i].contains(&e)
            {
                return false;
            }
            for a in self.aspects(e) {
                covered[a.index()] += 1;
            }
        }
        if self.has_colours() {
            // No embedding needs an aspect another takes; a colour may be needed often, and a
            // bag is counted below.
            let taken: Vec<Vec<AspectId>> = solution.iter().map(|&e| self.takes(e)).collect();
            let bag = |a: &AspectId| self.multiplicity(*a) > 1 || self.least(*a) == 0;
            for (i, &e) in solution.iter().enumerate() {
                for (j, taken) in taken.iter().enumerate() {
                    let clash = |a: &AspectId| !bag(a) && taken.contains(a);
                    if i != j && self.aspects(e).iter().any(clash) {
                        return false;
                    }
                }
            }
        }
        (0..self.aspect_count()).all(|a| {
            if self.item_of[a].is_some() {
                return true;
            }
            let (least, most) = (self.least[a], self.multiplicity[a]);
            (least..=most).contains(&covered[a]) || (self.optional[a] && covered[a] == 0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_repeated_later_is_a_repeat_unless_optional_or_a_bag() {
        // Aspects 0, 1 and 3 are in embeddings 0 and 1 alone; 2 in 1 and 2.
        let a = AspectId;
        let mut cover = Cover::new(
            (0..5).map(|n| n.to_string()).collect(),
            vec![
                vec![a(0), a(1), a(3)],
                vec![a(0), a(1), a(2), a(3)],
                vec![a(2), a(4)],
            ],
        );
        let sequence: Vec<AspectId> = cover.all_aspects().collect();
        assert_eq!(cover.repeats(&sequence), [false, true, false, true, false]);
        // The first of the copies in the sequence is the one kept.
        let backwards: Vec<AspectId> = sequence.iter().rev().copied().collect();
        assert_eq!(cover.repeats(&backwards), [true, true, false, false, false]);
        cover.set_optional(a(1));
        cover.set_multiplicity(a(3), 2);
        assert_eq!(cover.repeats(&sequence), [false; 5]);
    }

    #[test]
    fn exact_cover_check() {
        let a = |n| AspectId(n);
        let mut cover = Cover::new(
            vec!["x".into(), "y".into(), "P".into()],
            vec![vec![a(0), a(2)], vec![a(1)], vec![a(2), a(1)]],
        );
        assert_eq!(cover.aspects(EmbeddingId(2)), &[a(1), a(2)]);
        assert!(cover.is_solution(&[EmbeddingId(0), EmbeddingId(1)]));
        assert!(!cover.is_solution(&[EmbeddingId(0), EmbeddingId(2)]));
        assert!(!cover.is_solution(&[EmbeddingId(1)]));
        cover.forbid(EmbeddingId(1));
        assert!(!cover.is_solution(&[EmbeddingId(0), EmbeddingId(1)]));
        assert_eq!(cover.uses(), vec![1, 1, 2]);
    }

    #[test]
    fn a_bag_is_covered_as_often_as_its_multiplicity() {
        let a = |n| AspectId(n);
        // Cells x, y; two copies of piece P.
        let mut cover = Cover::new(
            vec!["x".into(), "y".into(), "P".into()],
            vec![vec![a(0), a(2)], vec![a(1), a(2)]],
        );
        assert!(!cover.is_solution(&[EmbeddingId(0), EmbeddingId(1)]));
        cover.set_multiplicity(a(2), 2);
        assert!(cover.has_bags());
        assert!(cover.is_solution(&[EmbeddingId(0), EmbeddingId(1)]));
        assert!(!cover.is_solution(&[EmbeddingId(0)]));
        assert!(!cover.is_solution(&[EmbeddingId(0), EmbeddingId(0)]));
    }
}
