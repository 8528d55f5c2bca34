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
    // Every solution is another program: a solver of its own (built now, or on an earlier run
    // of the tests into the same directory).
    let binary = |stderr: &[u8]| {
        let stderr = text(stderr);
        let start = stderr.rfind('(').expect("the solver's path") + 1;
        let end = stderr[start..].find(')').expect("the solver's path") + start;
        stderr[start..end].to_owned()
    };
    assert_ne!(binary(&all.stderr), binary(&reduced.stderr));
}
