//! A compile someone may give up (Ctrl-C in Python, a page that moved on): the flag its long
//! stages look at as they go, each between steps of a few milliseconds at most. A stage that
//! sees it set ends early with an answer that is no answer, which the compile then discards.

use std::sync::atomic::{AtomicBool, Ordering};

/// The flag a compile looks at, or none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stop<'a>(Option<&'a AtomicBool>);

impl<'a> Stop<'a> {
    /// A compile nobody stops.
    pub const NEVER: Stop<'static> = Stop(None);

    /// A compile that stops once `flag` is set.
    pub fn when(flag: &'a AtomicBool) -> Stop<'a> {
        Stop(Some(flag))
    }

    /// Whether the compile was asked to stop.
    #[inline]
    pub fn stopped(self) -> bool {
        self.0.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}
