//! Running the `puzzle` command as a user would, from `puzzles/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's puzzle files.
pub fn puzzles() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles")
}

/// Runs the command with these arguments (file names relative to `puzzles/`), without colour
/// and with native solvers cached in the test's own directory.
pub fn puzzle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(args)
        .current_dir(puzzles())
        .env("NO_COLOR", "1")
        .env(
            "PUZZLE_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("native"),
        )
        .output()
        .expect("the command runs")
}
