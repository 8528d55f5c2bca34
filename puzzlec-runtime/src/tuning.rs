//! Every threshold by which the run time decides how a search runs on a machine, each with its
//! reason: how a search is cut into units and shared out, how much a listing holds, how often a
//! stoppable search looks at its flag, and how much stack a search is given. None shapes the
//! search tree (the compiler's `Tuning` does, per puzzle), so none is in a fingerprint; the
//! figures behind them are in the benchmark notes.

/// The units to aim for: enough that two to a few dozen threads stay busy to the end.
pub const TARGET_UNITS: usize = 512;

/// The most threads a search may be asked to run on: each reserves a stack, and more threads
/// than cores only share them, so a number past the largest machines' cores is a mistake
/// (a hundred thousand threads took the address space of a machine before its first unit).
pub const MAX_THREADS: usize = 1024;

/// The deepest cut tried when looking for enough units.
pub const MAX_DEPTH: usize = 8;

/// The estimated placements below which a search runs on one thread: sharing out the units and
/// waking the threads costs about as much as thirty thousand placements (the Soma cube's whole
/// search is eight thousand), so a search of a few times that gains little or nothing on more
/// cores.
pub const SERIAL_BELOW: f64 = 50_000.0;

/// The units a listing runs ahead of the one being shown, per thread, as far as
/// [`AHEAD_WORDS`] allows two batches to each: enough to keep every thread busy while an
/// early unit is slow (a survey's disassemblies wait on the listing, so that a slow unit
/// there idles the cores that take its assemblies apart; the bench notes have the cores kept
/// busy at 4, 16 and 64).
pub(crate) const AHEAD_PER_THREAD: usize = 64;

/// The words of solutions a unit ahead of its turn hands on at once: a batch holds at least one
/// solution, however large.
pub(crate) const BATCH_WORDS: usize = 1 << 13;

/// The words of solutions all the units ahead of their turn may hold together, 64 MiB: enough
/// that a unit with many solutions rarely waits for its turn, and a bound on what a listing
/// holds that does not grow with the solutions found or skipped.
pub(crate) const AHEAD_WORDS: usize = 1 << 24;

/// Placements between looks at a stop flag: a look is one atomic load, and the run-time engine
/// makes tens of millions of placements a second, so a stop is seen within about a millisecond
/// at a cost no measurement sees.
pub(crate) const LOOK_EVERY: u32 = 1 << 15;

/// Random descents per unit of Knuth's estimate of its size, for progress: the mean of a few
/// is close enough to weigh the units, and each costs a unit's cut per level.
pub(crate) const UNIT_PROBES: usize = 6;

/// The placements a watched search's weighing of its units may cost, at most: each of the
/// [`UNIT_PROBES`] descents of a unit runs a cut at each level, so it costs up to the square of
/// the search's depth. Past it, the progress counts units done instead of weighing them: a
/// 30x30 box of dominoes (depth 450, a thousand units) would weigh for about 10^9 placements,
/// half a minute before the first solution is shown; the pentomino boxes and Bedlam weigh in a
/// few million, well under it.
pub(crate) const WEIGHING_WORK: u64 = 1 << 26;

/// The stack one placement may take, with room to spare: the walker's deepest frames take
/// under 2 KiB a placement in an optimised build, a generated solver's less; an unoptimised
/// build takes several times as much. Only what a search touches is ever backed by memory, so
/// room to spare costs address space alone.
pub(crate) const STACK_PER_PLACEMENT: usize = match cfg!(debug_assertions) {
    true => 32 << 10,
    false => 4 << 10,
};

/// The stack a search needs beyond its placements: the sink, the entry, a visitor's drawing.
pub(crate) const STACK_BASE: usize = 1 << 20;

/// The stack of each thread of a pool the searches run on: that of a program's main thread,
/// room for searches [`STACK_PER_PLACEMENT`] allows some 1,800 placements deep, so that a
/// search of a few hundred aspects (a sudoku's 324) runs on its thread's own stack. On rayon's
/// default of 2 MiB, each run of such a search (a count cuts its units by running its top
/// several times) made and touched a stack of its own. Only what is touched is backed by
/// memory: the rest is address space.
pub(crate) const POOL_STACK: usize = 8 << 20;

/// The most slots a cache of failures takes, as a power of two (2 MiB for keys of one word):
/// its lookups land anywhere in it, so a table that stays in a core's cache is worth more than
/// the failures a larger one would remember.
pub(crate) const MAX_CACHE_BITS: u32 = 18;

/// The slots a counting memo starts with, as a power of two (4,096): it doubles when half its
/// slots are taken, up to the plan's size, so that its table is as large as the states the
/// search meets rather than its estimate of the tree. A table sized by the estimate, its
/// lookups anywhere in it, made a small count pay for its pages and cache misses (the bench
/// notes: a 7x7 board of marks counted in 0.11 s with a table of 2^21 slots, 0.03 s in 2^15).
pub(crate) const MEMO_START_BITS: u32 = 12;

/// The most words of a set of embeddings whose sets of takers the tables of the search by the
/// fewest embeddings keep whole, every bit's at the same width: the search then reads them at a
/// constant width, where a wider set is cheaper read from its first word with a taker.
pub const DENSE_SETS: usize = 4;

/// The states one assembly's disassembly may reach unless asked otherwise: a state holds its
/// pieces' positions in one of the three fronts the search keeps (twelve bytes a piece) and
/// how it was reached (24 bytes) for as long as the disassembly runs, so ten million states
/// of a dozen pieces take about a gigabyte at most, and a hard sliding-block box reaches a few
/// million.
pub const DISASSEMBLY_STATES: u64 = 10_000_000;

/// The most placements a solution may have for a class's size to be found by looking each
/// image of its embeddings up among them one by one (no allocation); a longer one is sorted
/// once and searched, so that a box of thousands of pieces does not cost their square a
/// symmetry.
pub(crate) const ORBIT_LOOKUP_SCAN: usize = 32;
