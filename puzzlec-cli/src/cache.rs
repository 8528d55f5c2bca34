//! The command's cache directory, and the entries in it that a puzzle's text finds: the native
//! solver built for it ([`crate::native`]) and the puzzle compiled for the run-time engine
//! ([`crate::compiled`]). An entry is named by a hash of the text and of this program's
//! executable, so that a program built anew, whose compiler may make another program of the
//! same text, finds none of the entries an older build made.

use std::path::PathBuf;

/// The directory everything is cached in: `$PUZZLEC_CACHE`, else `puzzlec` in the user's cache
/// directory (`$XDG_CACHE_HOME`, `~/.cache`), else the system's temporary directory; within it
/// a directory per version of this program.
pub fn dir() -> PathBuf {
    let root = match std::env::var_os("PUZZLEC_CACHE") {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
            .unwrap_or_else(std::env::temp_dir)
            .join("puzzlec"),
    };
    root.join(env!("CARGO_PKG_VERSION"))
}

/// Where the entry of a puzzle's text (in the puzzle language) is kept among `kind`: a file
/// named by a hash of the text and of this program's executable (its path, size and time).
/// `None` where the executable cannot be found, so that nothing is cached under a key that
/// cannot tell builds apart.
pub fn entry(kind: &str, source: &str) -> Option<PathBuf> {
    use std::hash::{Hash, Hasher};
    let exe = std::env::current_exe().ok()?;
    let meta = std::fs::metadata(&exe).ok()?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (source, exe, meta.len(), meta.modified().ok()).hash(&mut hasher);
    Some(dir().join(kind).join(format!("{:016x}", hasher.finish())))
}
