//! A compiled puzzle as the run-time engine runs it: the program laid out for walking, its
//! plan, the catalog that reads its solutions, its processor code, its symmetry check and the
//! facts it publishes; none of the stages that made them. It is a [`Solver`], and (with the
//! `serde` feature) it is saved as bytes and loaded again, so that a program that runs the same
//! puzzle again (the `puzzlec` command, a work unit on a cluster) need not compile it again.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use puzzlec_runtime::processor::Code;
use puzzlec_runtime::search::{CachedCounter, Sink, Stopping};
use puzzlec_runtime::symmetry::{Checked, SymmetryCheck};
use puzzlec_runtime::{Catalog, Info, Run, Solver, Unit, UnitError};

use crate::plan::Plan;
use crate::walk::{self, Start, Walkable};

/// A compiled puzzle's run-time part: everything the walker needs to run its program, and the
/// facts and catalog a [`Solver`] publishes.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Runnable {
    pub(crate) walkable: Walkable,
    pub(crate) plan: Plan,
    pub(crate) catalog: Catalog,
    /// The processor's code of the scan's program; none for a search by the fewest
    /// embeddings, which runs no program (`Puzzle::code` makes it of the program of its
    /// order when asked).
    pub(crate) code: Option<Code>,
    pub(crate) check: Option<SymmetryCheck>,
    pub(crate) info: Info,
}

impl Runnable {
    /// How the program runs.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Runs the program as [`Solver::run`] does, but gives the search up (with `Break`) once
    /// `stop` is set: the run-time engine looks at it every [`Stopping::LOOK_EVERY`]
    /// placements. What `run`'s sink holds after a stop is part of the tree, no answer.
    pub fn run_until(&self, run: Run<'_, '_>, stop: &AtomicBool) -> ControlFlow<()> {
        self.walk(Start::Root, &[], run, Some(stop))
    }

    /// Runs one of this puzzle's units as [`Solver::run_unit`] does, but gives the search up
    /// once `stop` is set, as [`Runnable::run_until`] does.
    pub fn run_unit_until(
        &self,
        unit: &Unit,
        run: Run<'_, '_>,
        stop: &AtomicBool,
    ) -> Result<ControlFlow<()>, UnitError> {
        unit.check(&self.info)?;
        Ok(self.walk(Self::start(unit), &unit.placed, run, Some(stop)))
    }

    fn start(unit: &Unit) -> Start<'_> {
        Start::Unit {
            q: &unit.q,
            next: unit.next,
        }
    }

    /// Runs the program from `start` (with `placed` made) for `run`, through the symmetry
    /// check if there is one, stopping once `stop` is set. A count is walked with its own
    /// sink's type, for speed; a record (solutions, statistics) as `dyn Sink`: each type a walk
    /// is made for is another copy of the whole walker in this crate, which the macro's users
    /// compile too. A plain count is walked as a stoppable one without a flag for the same
    /// reason: one copy, whose look at no flag costs a count down per placement.
    fn walk(
        &self,
        start: Start<'_>,
        placed: &[u32],
        run: Run<'_, '_>,
        stop: Option<&AtomicBool>,
    ) -> ControlFlow<()> {
        puzzlec_runtime::deep(self.info.depth, || self.walk_here(start, placed, run, stop))
    }

    /// [`Runnable::walk`] on this thread's stack.
    fn walk_here(
        &self,
        start: Start<'_>,
        placed: &[u32],
        run: Run<'_, '_>,
        stop: Option<&AtomicBool>,
    ) -> ControlFlow<()> {
        let (walkable, plan) = (&self.walkable, &self.plan);
        let aspects = self.info.aspects;
        match (run, &self.check) {
            (Run::Count(counter), None) => {
                let mut sink = Stopping::new(counter, stop);
                placed.iter().for_each(|&e| sink.place(e));
                walk::run(walkable, plan, start, &mut sink)
            }
            (Run::Count(counter), Some(check)) => {
                let mut checked = Checked::new(check, aspects, Stopping::new(counter, stop));
                placed.iter().for_each(|&e| checked.place(e));
                walk::run(walkable, plan, start, &mut checked)
            }
            (Run::Record(recorder), None) => {
                let mut stopping = Stopping::new(recorder, stop);
                placed.iter().for_each(|&e| stopping.place(e));
                let mut sink: &mut dyn Sink = &mut stopping;
                walk::run(walkable, plan, start, &mut sink)
            }
            (Run::Record(recorder), Some(check)) => {
                let mut checked = Checked::new(check, aspects, Stopping::new(recorder, stop));
                placed.iter().for_each(|&e| checked.place(e));
                let mut sink: &mut dyn Sink = &mut checked;
                walk::run(walkable, plan, start, &mut sink)
            }
        }
    }
}

impl Solver for Runnable {
    fn info(&self) -> &Info {
        &self.info
    }

    fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    fn code(&self) -> Option<&Code> {
        self.code.as_ref()
    }

    fn symmetry_check(&self) -> Option<&SymmetryCheck> {
        self.check.as_ref()
    }

    fn run(&self, run: Run<'_, '_>) -> ControlFlow<()> {
        self.walk(Start::Root, &[], run, None)
    }

    fn run_unit(&self, unit: &Unit, run: Run<'_, '_>) -> Result<ControlFlow<()>, UnitError> {
        unit.check(&self.info)?;
        Ok(self.walk(Self::start(unit), &unit.placed, run, None))
    }

    /// The walk looks at the flag as it goes ([`Runnable::run_until`]).
    fn count_until(&self, counter: &mut CachedCounter, stop: &AtomicBool) -> ControlFlow<()> {
        self.run_until(Run::Count(counter), stop)
    }

    /// The walk looks at the flag as it goes ([`Runnable::run_unit_until`]).
    fn count_unit_until(
        &self,
        unit: &Unit,
        counter: &mut CachedCounter,
        stop: &AtomicBool,
    ) -> Result<ControlFlow<()>, UnitError> {
        self.run_unit_until(unit, Run::Count(counter), stop)
    }

    #[inline(never)]
    fn as_dyn(&self) -> &dyn Solver {
        self
    }
}

#[cfg(feature = "serde")]
pub use saved::LoadError;

/// A runnable puzzle as bytes: a header that names the format and this compiler's version, a
/// checksum of the rest, then the parts in postcard's encoding. Bytes of another format or
/// version, or that do not match their checksum, are refused rather than read: a damaged file
/// must not become a search that walks out of its tables.
#[cfg(feature = "serde")]
mod saved {
    use std::hash::Hasher;

    use super::Runnable;

    /// What saved bytes start with: the format's name and version, and the compiler's.
    const MAGIC: &[u8] = concat!("puzzle runnable 16 ", env!("CARGO_PKG_VERSION"), "\n").as_bytes();

    /// Why saved bytes could not be loaded.
    #[derive(Debug, thiserror::Error)]
    pub enum LoadError {
        /// Not a runnable puzzle of this format and version.
        #[error("not a compiled puzzle saved by this version of the compiler")]
        Format,
        /// The checksum does not match: the bytes were damaged.
        #[error("the saved puzzle is damaged (its checksum does not match)")]
        Damaged,
        /// The parts could not be decoded, or do not belong together.
        #[error("the saved puzzle cannot be read: {0}")]
        Decode(String),
    }

    /// Bytes appended to a vector, up to a length: a longer encoding is an error.
    struct Capped {
        bytes: Vec<u8>,
        max: usize,
    }

    impl postcard::ser_flavors::Flavor for Capped {
        type Output = Vec<u8>;

        fn try_push(&mut self, byte: u8) -> postcard::Result<()> {
            self.try_extend(&[byte])
        }

        fn try_extend(&mut self, data: &[u8]) -> postcard::Result<()> {
            if data.len() > self.max.saturating_sub(self.bytes.len()) {
                return Err(postcard::Error::SerializeBufferFull);
            }
            self.bytes.extend_from_slice(data);
            Ok(())
        }

        fn finalize(self) -> postcard::Result<Vec<u8>> {
            Ok(self.bytes)
        }
    }

    /// A checksum of the encoded parts.
    fn checksum(bytes: &[u8]) -> u64 {
        let mut hasher = rustc_hash::FxHasher::default();
        hasher.write(bytes);
        hasher.write_usize(bytes.len());
        hasher.finish()
    }

    impl Runnable {
        /// The puzzle as bytes, for [`Runnable::from_bytes`] of the same compiler.
        pub fn to_bytes(&self) -> Vec<u8> {
            self.to_bytes_within(usize::MAX)
                .expect("a runnable puzzle encodes")
        }

        /// [`Runnable::to_bytes`], or `None` where they would be longer than `max`: made in one
        /// pass, and given up as they pass `max`, so that a cache that keeps entries up to a
        /// size neither encodes a puzzle twice nor holds more than `max` bytes of one it skips.
        pub fn to_bytes_within(&self, max: usize) -> Option<Vec<u8>> {
            let head = MAGIC.len() + 8;
            let mut bytes = Vec::with_capacity(4096);
            bytes.extend_from_slice(MAGIC);
            bytes.extend_from_slice(&[0; 8]);
            let mut bytes = postcard::serialize_with_flavor(self, Capped { bytes, max }).ok()?;
            let sum = checksum(&bytes[head..]);
            bytes[MAGIC.len()..head].copy_from_slice(&sum.to_le_bytes());
            Some(bytes)
        }

        /// The length of [`Runnable::to_bytes`]'s bytes, counted without making them: what a
        /// program keeping compiled puzzles weighs each by, as the memory a puzzle holds grows
        /// with it.
        pub fn encoded_len(&self) -> usize {
            let body = postcard::serialize_with_flavor::<_, postcard::ser_flavors::Size, usize>(
                self,
                postcard::ser_flavors::Size::default(),
            )
            .expect("a runnable puzzle encodes");
            MAGIC.len() + 8 + body
        }

        /// The puzzle that [`Runnable::to_bytes`] made these bytes of.
        pub fn from_bytes(bytes: &[u8]) -> Result<Runnable, LoadError> {
            let rest = bytes.strip_prefix(MAGIC).ok_or(LoadError::Format)?;
            let (sum, body) = rest.split_first_chunk::<8>().ok_or(LoadError::Format)?;
            if u64::from_le_bytes(*sum) != checksum(body) {
                return Err(LoadError::Damaged);
            }
            let runnable: Runnable =
                postcard::from_bytes(body).map_err(|e| LoadError::Decode(e.to_string()))?;
            if runnable.info.fingerprint != runnable.plan.fingerprint {
                return Err(LoadError::Decode(
                    "its facts and its plan name two searches".to_owned(),
                ));
            }
            Ok(runnable)
        }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use puzzlec_runtime::Solver;

    use super::{LoadError, Runnable};
    use crate::description::{Description, Symmetry};
    use crate::parse::parse_str;
    use crate::Puzzle;

    fn described(text: &str) -> Description {
        let mut parsed = parse_str(text).expect("the puzzle parses");
        parsed.remove(0).description
    }

    /// Puzzles whose plans hold each part a saved puzzle carries: the report's small puzzle,
    /// the 6x10 with its dead ends, fewest fits, lookups and failure cache, copies of two
    /// kinds, held in a bag and reduced by a symmetry check, and a box searched by the fewest
    /// embeddings (its tables' words saved as bytes).
    fn puzzles() -> Vec<Puzzle> {
        let report = Description::report_example().symmetry(Symmetry::Reduced { piece: None });
        let six_by_ten = described("mod p { box: 6 x 10, pieces: pentominoes }");
        let copies =
            described("mod d { box: 4 x 4, pieces: { 2 x L: [\"###\", \"#..\"], 2 x T: [\"###\", \".#.\"] }, symmetry: reduced }");
        let fewest = described("mod f { box: 4 x 6, pieces: { 2 x L: [\"###\", \"#..\"], 2 x T: [\"###\", \".#.\"], 4 x D: [\"##\"] }, order: fewest }");
        [report, six_by_ten, copies, fewest]
            .iter()
            .map(|d| Puzzle::new(d).expect("the puzzle compiles"))
            .collect()
    }

    #[test]
    fn a_saved_puzzle_loads_and_runs_as_it_was_compiled() {
        let puzzles = puzzles();
        assert!(puzzles.iter().any(|p| p.symmetry_check().is_some()));
        assert!(puzzles.iter().any(|p| p.plan().cache_table().is_some()));
        let bags = |p: &Puzzle| p.plan().layout.fields.iter().any(|f| f.bag.is_some());
        assert!(puzzles.iter().any(bags));
        assert!(puzzles.iter().any(|p| p.plan().fewest().is_some()));
        for puzzle in puzzles {
            let bytes = puzzle.runnable().to_bytes();
            let loaded = Runnable::from_bytes(&bytes).expect("the bytes load");
            let name = &puzzle.info().name;
            assert_eq!(loaded.info(), puzzle.info(), "{name}");
            assert_eq!(loaded.catalog(), puzzle.catalog(), "{name}");
            assert_eq!(loaded.symmetry_check(), puzzle.symmetry_check(), "{name}");
            assert_eq!(loaded.code(), puzzle.runnable().code(), "{name}");
            // A search by the fewest embeddings keeps no processor code, which its puzzle
            // makes when asked.
            let fewest = puzzle.plan().fewest().is_some();
            assert!(!fewest || loaded.code().is_none(), "{name}");
            assert_eq!(
                puzzle.code().is_some(),
                puzzle.code_error().is_none(),
                "{name}"
            );
            assert_eq!(loaded.collect(), puzzle.collect(), "{name}");
            assert_eq!(loaded.tally(), puzzle.tally(), "{name}");
            assert_eq!(loaded.count(), puzzle.count(), "{name}");
            assert_eq!(loaded.units_at(2), puzzle.units_at(2), "{name}");
            // The same puzzle makes the same bytes, as many as counted without making them.
            assert_eq!(loaded.to_bytes(), bytes, "{name}");
            assert_eq!(puzzle.runnable().encoded_len(), bytes.len(), "{name}");
            // Within a bound, the same bytes; past it, none.
            let within = puzzle.runnable().to_bytes_within(bytes.len());
            assert_eq!(within.as_deref(), Some(&bytes[..]), "{name}");
            assert_eq!(puzzle.runnable().to_bytes_within(bytes.len() - 1), None);
        }
    }

    #[test]
    fn damaged_or_foreign_bytes_are_refused() {
        let bytes = puzzles()[0].runnable().to_bytes();
        let mut damaged = bytes.clone();
        *damaged.last_mut().expect("bytes") ^= 1;
        assert!(matches!(
            Runnable::from_bytes(&damaged),
            Err(LoadError::Damaged)
        ));
        let cut = &bytes[..bytes.len() / 2];
        assert!(matches!(Runnable::from_bytes(cut), Err(LoadError::Damaged)));
        let mut foreign = bytes.clone();
        foreign[0] ^= 1;
        assert!(matches!(
            Runnable::from_bytes(&foreign),
            Err(LoadError::Format)
        ));
        assert!(matches!(Runnable::from_bytes(&[]), Err(LoadError::Format)));
    }
}
