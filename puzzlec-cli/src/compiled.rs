//! Puzzles compiled for the run-time engine, kept between runs: the [`Runnable`] part of a
//! compiled puzzle saved in the cache directory under its text, so that the next run of the
//! same puzzle by the same program (a count run again, `puzzlec run` on the next shard of units)
//! loads it and starts the search at once instead of compiling again.
//!
//! The cache is only ever a shortcut: an entry that cannot be read, is damaged or names
//! another search is compiled again and written anew, and an entry that cannot be written is
//! left unwritten. It is kept within [`MAX_BYTES`]: after a write, the entries used longest ago
//! (a load marks an entry used) go first.

use std::io::Write;
use std::path::Path;
use std::time::SystemTime;

use puzzlec::compiler::Runnable;

use crate::cache;

/// The most bytes the compiled puzzles kept take: a few hundred puzzles of the size of the
/// 4x4x4 cubes (each about 1.4 MB), thousands of pentomino boxes.
pub const MAX_BYTES: u64 = 512 << 20;

/// The runnable puzzle saved for this text (the puzzle language) by this same program, if
/// one is and it reads back whole; marked used.
pub fn load(source: &str) -> Option<Runnable> {
    let path = cache::entry("compiled", source)?;
    let bytes = std::fs::read(&path).ok()?;
    let runnable = Runnable::from_bytes(&bytes).ok()?;
    let _ = std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|file| file.set_modified(SystemTime::now()));
    Some(runnable)
}

/// The most bytes one entry may take: a quarter of the cache, so that one large puzzle does
/// not push out every other. A puzzle past it (a box of tens of thousands of cells) is not
/// written at all: writing it costs a good part of its compile, and the trim after would
/// remove it again at once.
pub const MAX_ENTRY_BYTES: u64 = MAX_BYTES / 4;

/// Saves `runnable`, compiled from this text, for [`load`]; best effort (a cache that cannot
/// be written costs the next run a compile, nothing more). A puzzle larger than
/// [`MAX_ENTRY_BYTES`] is not kept.
pub fn save(source: &str, runnable: &Runnable) {
    let Some(path) = cache::entry("compiled", source) else {
        return;
    };
    let max = usize::try_from(MAX_ENTRY_BYTES).unwrap_or(usize::MAX);
    if let Some(bytes) = runnable.to_bytes_within(max) {
        if write_whole(&path, &bytes).is_ok() {
            let _ = trim(path.parent().unwrap_or(&path), MAX_BYTES);
        }
    }
}

/// Removes the entries of `dir` used longest ago until the rest take at most `max_bytes`.
fn trim(dir: &Path, max_bytes: u64) -> std::io::Result<()> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        if meta.is_file() {
            entries.push((meta.modified()?, meta.len(), entry.path()));
        }
    }
    let mut total: u64 = entries.iter().map(|&(_, len, _)| len).sum();
    entries.sort();
    for (_, len, path) in entries {
        if total <= max_bytes {
            break;
        }
        std::fs::remove_file(path)?;
        total -= len;
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use std::time::{Duration, SystemTime};

    #[test]
    fn the_entries_used_longest_ago_go_first() {
        let dir = std::env::temp_dir().join(format!("puzzle-trim-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let start = SystemTime::now() - Duration::from_secs(100);
        // Written in the order a, b, c, d, then a used again: b is the oldest.
        for (name, age) in [("a", 0), ("b", 10), ("c", 20), ("d", 30), ("a", 40)] {
            let path = dir.join(name);
            std::fs::write(&path, [0u8; 10]).unwrap();
            let file = std::fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(start + Duration::from_secs(age)).unwrap();
        }
        super::trim(&dir, 25).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["a", "d"]);
        super::trim(&dir, 100).unwrap();
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
