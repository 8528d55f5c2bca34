//! `--native`: a solver built with cargo for the one puzzle finds the same solutions in the
//! same order as the run-time engine, and a second run reuses the build.

mod common;

use common::puzzle;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn native_solvers_agree_with_the_run_time_engine_and_are_built_once() {
    for (file, extra) in [
        ("pentomino_6x10.puzzle", &[][..]),
        ("queens_8.dlx", &[][..]),
        ("domino_3x4.puzzle", &["--puzzle", "all"][..]),
    ] {
        let mut args = vec!["solve", file, "--json", "--limit", "200"];
        args.extend_from_slice(extra);
        let walked = puzzle(&args);
        assert!(walked.status.success(), "{file}: {}", text(&walked.stderr));
        args.push("--native");
        let native = puzzle(&args);
        assert!(native.status.success(), "{file}: {}", text(&native.stderr));
        assert_eq!(text(&native.stdout), text(&walked.stdout), "{file}");
        assert!(!text(&native.stdout).is_empty());
        let again = puzzle(&args);
        assert!(
            text(&again.stderr).contains("reusing the native solver"),
            "{file}: {}",
            text(&again.stderr)
        );
        assert_eq!(text(&again.stdout), text(&walked.stdout), "{file}");
    }
    let mut count = vec!["solve", "pentomino_6x10.puzzle", "--native", "--count"];
    let reduced = puzzle(&count);
    assert_eq!(text(&reduced.stdout).trim(), "2339");
    count.push("--all");
    let all = puzzle(&count);
    assert_eq!(text(&all.stdout).trim(), "9356");
    // Every solution comes from the classes the same program finds: its solver again.
    let binary = |stderr: &[u8]| {
        let stderr = text(stderr);
        let start = stderr.rfind('(').expect("the solver's path") + 1;
        let end = stderr[start..].find(')').expect("the solver's path") + start;
        stderr[start..end].to_owned()
    };
    assert!(text(&all.stderr).contains("reusing the native solver"));
    assert_eq!(binary(&all.stderr), binary(&reduced.stderr));
}

/// `puzzlec rust --crate`: the crate written builds with cargo as it stands (beside the native
/// solvers, in their target directory, so that the `puzzlec` crate is built once for both)
/// and counts what the command counts.
#[test]
fn a_puzzle_written_as_a_crate_builds_and_counts_what_the_command_counts() {
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join("crates/soma");
    let _ = std::fs::remove_dir_all(&dir);
    let wrote = puzzle(&["rust", "soma.xmpuzzle", "--crate", dir.to_str().unwrap()]);
    assert!(wrote.status.success(), "{}", text(&wrote.stderr));
    assert!(
        text(&wrote.stderr).contains("Cargo.toml"),
        "{}",
        text(&wrote.stderr)
    );
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("a manifest");
    assert!(
        manifest.contains("[dependencies]\npuzzlec = { version = "),
        "{manifest}"
    );
    // The versions the project is tested with, as the native solvers have them.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("the lock file");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let ran = std::process::Command::new(cargo)
        .args(["run", "--release", "--quiet"])
        .current_dir(&dir)
        .env(
            "CARGO_TARGET_DIR",
            tmp.join("native")
                .join(env!("CARGO_PKG_VERSION"))
                .join("target"),
        )
        .output()
        .expect("cargo runs");
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let counted = puzzle(&["solve", "soma.xmpuzzle", "--count"]);
    let count = text(&counted.stdout).trim().to_owned();
    assert!(
        text(&ran.stdout).starts_with(&format!("{count} solutions in ")),
        "{} against {count}",
        text(&ran.stdout)
    );
    // A second time over the same files is no change; over a person's edit, a refusal.
    let again = puzzle(&["rust", "soma.xmpuzzle", "--crate", dir.to_str().unwrap()]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    std::fs::write(dir.join("src/main.rs"), "fn main() {}\n").expect("an edit");
    let refused = puzzle(&["rust", "soma.xmpuzzle", "--crate", dir.to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("is there already and is not this crate's"),
        "{}",
        text(&refused.stderr)
    );
}
