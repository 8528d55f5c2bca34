//! A search or a compile running on threads of its own while the calling Python thread waits
//! with the interpreter's lock released: it wakes every [`POLL`] to pass on Ctrl-C (which
//! gives the work up where it is: the engines look at a stop flag as they go) and to report
//! progress. Every pool of threads is made for the call and ends with it, never rayon's
//! global one, whose threads a process forked by `multiprocessing` would not have: a child
//! that used it would wait for them for ever.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use puzzlec::{parallel, Watch};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a waiting call looks for Ctrl-C and reports progress: often enough that a person
/// sees the search stop at once, rarely enough to cost nothing.
pub const POLL: Duration = Duration::from_millis(50);

/// A search running on a thread of its own, with what it shares.
pub struct Running<T> {
    watch: Arc<Watch>,
    /// In a lock only so that the waiting thread may lend it to the closure it runs unlocked.
    result: Mutex<Receiver<T>>,
    thread: JoinHandle<()>,
}

impl<T: Send + 'static> Running<T> {
    /// Starts `search` on a thread of its own, on a pool of `threads` threads (0: one a core).
    pub fn start(threads: usize, search: impl FnOnce(&Watch) -> T + Send + 'static) -> Running<T> {
        let watch = Arc::new(Watch::new());
        let (send, result) = mpsc::channel();
        let theirs = Arc::clone(&watch);
        let thread = std::thread::spawn(move || {
            let found = parallel::with_threads(threads, || search(&theirs));
            let _ = send.send(found);
        });
        Running {
            watch,
            result: Mutex::new(result),
            thread,
        }
    }

    /// Waits for the result, the lock released, passing on Ctrl-C (the search then stops and
    /// `KeyboardInterrupt` is raised once its threads are done) and calling `progress` with
    /// each new `(done, units, solutions)`.
    pub fn wait(self, py: Python<'_>, progress: Option<&Bound<'_, PyAny>>) -> PyResult<T> {
        let mut reported = None;
        loop {
            let got = py.detach(|| {
                let result = self.result.lock().unwrap_or_else(|e| e.into_inner());
                result.recv_timeout(POLL)
            });
            match got {
                Ok(found) => {
                    let _ = self.thread.join();
                    if let Some(progress) = progress {
                        progress.call1(seen(&self.watch))?;
                    }
                    return Ok(found);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let why = match self.thread.join() {
                        Err(panic) => panic_message(&panic),
                        Ok(()) => "it ended without a result".to_owned(),
                    };
                    return Err(PyRuntimeError::new_err(format!(
                        "the search failed: {why} (a bug: please report it with the puzzle)"
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            let now = seen(&self.watch);
            let told = match progress {
                Some(progress) if reported != Some(now) => {
                    reported = Some(now);
                    progress.call1(now).map(drop)
                }
                _ => Ok(()),
            };
            if let Err(e) = told.and_then(|()| py.check_signals()) {
                self.watch.stop();
                let thread = self.thread;
                py.detach(move || thread.join().ok());
                return Err(e);
            }
        }
    }
}

/// What a progress callback is called with: `(done, units, solutions)`.
pub fn seen(watch: &Watch) -> (usize, usize, u128) {
    let seen = watch.seen();
    (seen.done, seen.units, seen.solutions)
}

/// What a panic said.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(s), _) => (*s).to_owned(),
        (_, Some(s)) => s.clone(),
        _ => "a panic".to_owned(),
    }
}
