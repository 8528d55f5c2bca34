//! The stack a search runs on. Every engine goes one call deeper with each placement (the
//! generated procedures call the next, the walker and the search by the fewest embeddings
//! recurse), so a search as deep as the limits allow (a box of 65,536 cells, each its own
//! piece) needs tens of megabytes of stack, where a thread has 2 MiB (8 MiB the main one). A
//! search whose depth could outgrow what is left of its thread's stack runs on a stack of its
//! own, made for it on the same thread (no sink need be sent anywhere) and freed when it ends.

use crate::tuning::{STACK_BASE as BASE, STACK_PER_PLACEMENT as PER_PLACEMENT};

/// Runs `search`, whose paths hold at most `depth` placements ([`crate::Info::depth`]), on
/// this thread's stack where what is left of it is enough, else on a stack made for it.
pub fn deep<R>(depth: usize, search: impl FnOnce() -> R) -> R {
    let needed = depth.saturating_mul(PER_PLACEMENT).saturating_add(BASE);
    match stacker::remaining_stack() {
        Some(left) if left >= needed => search(),
        _ => stacker::grow(needed, search),
    }
}
