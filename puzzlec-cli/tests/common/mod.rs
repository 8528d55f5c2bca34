//! Running the `puzzlec` command as a user would, from `puzzles/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's puzzle files.
pub fn puzzles() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles")
}

/// The command, as a user would run it from `puzzles/`: without colour, and with native
/// solvers cached in the tests' own directory.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlec"));
    command.current_dir(puzzles()).env("NO_COLOR", "1").env(
        "PUZZLEC_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("native"),
    );
    command
}

/// Runs the command with these arguments (file names relative to `puzzles/`).
pub fn puzzle(args: &[&str]) -> Output {
    command().args(args).output().expect("the command runs")
}

/// Runs the project's script `contrib/{script}` that installs `what` where it is missing.
// Not every test file that shares this module installs something.
#[allow(dead_code)]
pub fn install(script: &str, what: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../contrib")
        .join(script);
    let installed = Command::new("bash").arg(path).output().expect("bash runs");
    assert!(
        installed.status.success(),
        "{what} is missing and contrib/{script} could not install it: {}",
        String::from_utf8_lossy(&installed.stderr)
    );
}
