//! Every limit the compiler holds a puzzle to, in one place: each bounds what input could make
//! the compiler, or rustc compiling what it emits, run away, and each is an error that names
//! it and says what to do, never a silent cut.

/// The most axes a box may have. The rotations and reflections of a piece in `n` axes number
/// `2^n n!` and are all tried: 46,080 in 6 axes, ten million in 8.
pub const MAX_AXES: usize = 6;

/// The most embeddings (placements of pieces) a puzzle may have: about a hundred times the
/// pentominoes' in a 6x10 box, and far past what a search over them could finish.
pub const MAX_EMBEDDINGS: usize = 1 << 18;

/// The most tests and placements the program of a native solver (what `puzzle!` emits) may
/// have: about fifteen times the 6x10 pentomino's, for which rustc takes seconds. Past it
/// rustc would take minutes to hours; the run-time engine runs such a puzzle as it is.
pub const MAX_NATIVE_NODES: usize = 100_000;

/// The most words of tables a native solver searched by the fewest embeddings may hold (its
/// program is its tables): a million, eight megabytes of literals, which rustc reads in
/// seconds. Past it the run-time engine runs the puzzle, from the same tables.
pub const MAX_NATIVE_WORDS: usize = 1 << 20;

/// The largest box, in positions of its block: far more than any puzzle this method solves.
pub const MAX_VOLUME: usize = 1 << 16;

/// How far from the origin a piece's coordinate may lie; far enough for any real piece, near
/// enough that no arithmetic on coordinates can overflow.
pub const MAX_COORDINATE: i32 = 1 << 16;

/// The most rows `["row"; N]` may make; a larger box would not compile in reasonable time.
pub const MAX_REPEAT: usize = 4096;

/// The most symmetry images (symmetries times embeddings) a reduction may keep: each solution
/// is compared with its image under every symmetry, and the images are static data in the
/// generated code.
pub const MAX_IMAGES: usize = 1 << 20;

/// The most images of embeddings under a box's symmetries the reduction computes (each
/// symmetry maps every embedding): a 4x4x4 cube's 48 symmetries of 20,000 placements are a
/// sixteenth of it.
pub const MAX_BOX_IMAGES: usize = 1 << 24;
