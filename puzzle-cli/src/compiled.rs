//! Puzzles compiled for the run-time engine, kept between runs: the [`Runnable`] part of a
//! compiled puzzle saved in the cache directory under its text, so that the next run of the
//! same puzzle by the same program (a count run again, `puzzle run` on the next shard of units)
//! loads it and starts the search at once instead of compiling again.
//!
//! The cache is only ever a shortcut: an entry that cannot be read, is damaged or names
//! another search is compiled again and written anew, and an entry that cannot be written is
//! left unwritten.

use std::io::Write;
use std::path::Path;

use puzzle::compiler::Runnable;

use crate::cache;

/// The runnable puzzle saved for this text (the puzzle language) by this same program, if
/// one is and it reads back whole.
pub fn load(source: &str) -> Option<Runnable> {
    let bytes = std::fs::read(cache::entry("compiled", source)?).ok()?;
    Runnable::from_bytes(&bytes).ok()
}

/// Saves `runnable`, compiled from this text, for [`load`]; best effort (a cache that cannot
/// be written costs the next run a compile, nothing more).
pub fn save(source: &str, runnable: &Runnable) {
    if let Some(path) = cache::entry("compiled", source) {
        let _ = write_whole(&path, &runnable.to_bytes());
    }
}

/// Writes a file so that a reader finds all of it or none: into a file of its own beside it,
/// then renamed over it.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(path);
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let partial = dir.join(format!(".{name}.{}", std::process::id()));
    let written = std::fs::File::create(&partial).and_then(|mut file| file.write_all(bytes));
    match written.and_then(|()| std::fs::rename(&partial, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}
