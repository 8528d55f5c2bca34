//! The stack a search runs on. Every engine goes one call deeper with each placement (the
//! generated procedures call the next, the walker and the search by the fewest embeddings
//! recurse), so a search as deep as the limits allow (a box of 65,536 cells, each its own
//! piece) needs tens of megabytes of stack, where a thread has 2 MiB (8 MiB the main one). A
//! search whose depth could outgrow what is left of its thread's stack runs on a stack of its
//! own, made for it on the same thread (no sink need be sent anywhere) and freed when it ends.

/// The stack one placement may take, with room to spare: the walker's deepest frames take
/// under 2 KiB a placement in an optimised build, a generated solver's less; an unoptimised
/// build takes several times as much. Only what a search touches is ever backed by memory, so
/// room to spare costs address space alone.
const PER_PLACEMENT: usize = match cfg!(debug_assertions) {
    true => 32 << 10,
    false => 4 << 10,
};

/// The stack a search needs beyond its placements: the sink, the entry, a visitor's drawing.
const BASE: usize = 1 << 20;

/// Runs `search`, whose paths hold at most `depth` placements ([`crate::Info::depth`]), on
/// this thread's stack where what is left of it is enough, else on a stack made for it.
pub fn deep<R>(depth: usize, search: impl FnOnce() -> R) -> R {
    let needed = depth.saturating_mul(PER_PLACEMENT).saturating_add(BASE);
    match stacker::remaining_stack() {
        Some(left) if left >= needed => search(),
        _ => stacker::grow(needed, search),
    }
}
