//! Work shared out: shards run by GNU parallel and by the Slurm script merge to the published
//! counts on both engines; a killed run resumes and counts every unit once; result files that
//! do not add up are refused with a listing of what is wrong.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{command, puzzle};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory for one test's result files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("work")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the scratch directory can be made");
    dir
}

/// The result files `DIR/r.*.jsonl`, as arguments.
fn results(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = fs::read_dir(dir)
        .expect("the results are there")
        .map(|e| e.expect("a directory entry").path().display().to_string())
        .filter(|p| p.ends_with(".jsonl"))
        .collect();
    files.sort();
    files
}

/// `puzzlec merge --count` of the files: the count, or the listing of what is wrong.
fn merged(files: &[String]) -> Result<u64, String> {
    let mut args = vec!["merge", "--count"];
    args.extend(files.iter().map(String::as_str));
    let output = puzzle(&args);
    match output.status.code() {
        Some(0) => Ok(text(&output.stdout).trim().parse().expect("a count")),
        _ => Err(text(&output.stderr)),
    }
}

/// Each unit's count, from result files.
fn counts(files: &[String]) -> BTreeMap<u64, u64> {
    let mut counts = BTreeMap::new();
    for file in files {
        for line in fs::read_to_string(file).expect("a result file").lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("a record");
            let unit = record["unit"].as_u64().expect("a unit id");
            assert_eq!(counts.insert(unit, record["count"].as_u64().unwrap()), None);
        }
    }
    counts
}

/// GNU parallel, installed by the project's script where it is missing.
fn gnu_parallel() -> Command {
    let found = Command::new("parallel").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        common::install("install-parallel.sh", "GNU parallel");
    }
    let mut run = Command::new("parallel");
    run.current_dir(common::puzzles())
        .env("NO_COLOR", "1")
        .env(
            "PUZZLEC_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("native"),
        )
        .arg("--will-cite");
    run
}

#[test]
fn shards_run_by_gnu_parallel_merge_to_the_count_on_both_engines() {
    let mut per_unit = Vec::new();
    for engine in [&[][..], &["--native"][..]] {
        let dir = scratch(&format!("parallel{}", engine.len()));
        let out = format!("{}/r.{{}}.jsonl", dir.display());
        let mut parallel = gnu_parallel();
        parallel
            .args(["-j", "2", "--halt", "now,fail=1"])
            .arg(env!("CARGO_BIN_EXE_puzzlec"))
            .args(["run", "pentomino_rectangles.puzzle", "--puzzle", "p5x12"])
            .args(["--shard", "{}/8", "--out", &out, "--threads", "1"])
            .args(engine)
            .arg(":::")
            .args((1..=8).map(|k| k.to_string()));
        let done = parallel.output().expect("GNU parallel runs");
        assert!(done.status.success(), "{engine:?}: {}", text(&done.stderr));
        let files = results(&dir);
        assert_eq!(files.len(), 8);
        assert_eq!(merged(&files), Ok(1010), "{engine:?}");
        per_unit.push(counts(&files));
    }
    assert_eq!(per_unit[0], per_unit[1], "the engines' units count alike");
    // And the units themselves are the same, listed by either engine.
    let listed: Vec<String> = [&[][..], &["--native"][..]]
        .iter()
        .map(|engine| {
            let mut args = vec!["units", "pentomino_rectangles.puzzle", "--puzzle", "p5x12"];
            args.extend_from_slice(engine);
            let output = puzzle(&args);
            assert!(output.status.success(), "{}", text(&output.stderr));
            text(&output.stdout)
        })
        .collect();
    assert_eq!(listed[0], listed[1]);
    assert_eq!(listed[0].lines().count(), per_unit[0].len());
}

#[test]
fn the_slurm_script_runs_one_shard_per_array_task() {
    let dir = scratch("slurm");
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../contrib/slurm/puzzlec-array.sbatch");
    for task in 1..=4 {
        // What Slurm sets for each task of `sbatch --array=1-4`.
        let run = Command::new("bash")
            .arg(&script)
            .args(["pentomino_rectangles.puzzle", "--puzzle", "p5x12"])
            .current_dir(common::puzzles())
            .env("NO_COLOR", "1")
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", "4")
            .env("SLURM_CPUS_PER_TASK", "1")
            .env("PUZZLEC", env!("CARGO_BIN_EXE_puzzlec"))
            .env("RESULTS", &dir)
            .output()
            .expect("bash runs");
        assert!(run.status.success(), "task {task}: {}", text(&run.stderr));
    }
    let files = results(&dir);
    assert!(files.iter().all(|f| f.contains("pentomino_rectangles.")));
    assert_eq!(merged(&files), Ok(1010));
}

#[test]
fn a_killed_run_resumes_and_counts_every_unit_once() {
    let dir = scratch("resume");
    let out = dir.join("p5x4x3.jsonl");
    let args = |resume: bool| {
        let mut a = vec![
            "run",
            "pentomino_3d.puzzle",
            "--puzzle",
            "p5x4x3",
            "--threads",
            "1",
        ];
        a.extend(["--out", out.to_str().unwrap()]);
        if resume {
            a.push("--resume");
        }
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let mut child = command()
        .args(args(false))
        .stderr(Stdio::null())
        .spawn()
        .expect("the command starts");
    // Killed (SIGKILL) once some units are in: a crash part way.
    loop {
        let lines = fs::read_to_string(&out).map_or(0, |t| t.lines().count());
        if lines >= 20 {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it could be killed"
        );
        std::thread::yield_now();
    }
    child.kill().expect("the run can be killed");
    child.wait().unwrap();
    let before = fs::read_to_string(&out).unwrap().lines().count();
    // A crash in the middle of a line, too.
    fs::OpenOptions::new()
        .append(true)
        .open(&out)
        .unwrap()
        .write_all(br#"{"puzzle":"p5x4x3","fingerprint":"#)
        .unwrap();
    let files = vec![out.display().to_string()];
    let incomplete = merged(&files).unwrap_err();
    assert!(incomplete.contains("torn last line"), "{incomplete}");
    assert!(incomplete.contains("units missing"), "{incomplete}");
    let resumed = puzzle(&args(true).iter().map(String::as_str).collect::<Vec<_>>());
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let said = text(&resumed.stderr);
    assert!(said.contains("a torn last line"), "{said}");
    assert!(
        said.contains(&format!("({before} already in the file, skipped)")),
        "{said}"
    );
    assert_eq!(merged(&files), Ok(3940));
    let units = counts(&files);
    assert!(
        before < units.len(),
        "killed part way: {before} of {}",
        units.len()
    );
}

#[test]
fn results_that_do_not_add_up_are_listed_not_counted() {
    let dir = scratch("merge");
    let whole = dir.join("whole.jsonl");
    let run = puzzle(&[
        "run",
        "pentomino_rectangles.puzzle",
        "--puzzle",
        "p5x12",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let lines: Vec<String> = fs::read_to_string(&whole)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let write = |name: &str, lines: &[String], tail: &str| {
        let path = dir.join(name);
        fs::write(
            &path,
            lines.iter().map(|l| format!("{l}\n")).collect::<String>() + tail,
        )
        .unwrap();
        path.display().to_string()
    };
    let unit = |line: &str| -> u64 {
        serde_json::from_str::<serde_json::Value>(line).unwrap()["unit"]
            .as_u64()
            .unwrap()
    };
    let whole = whole.display().to_string();
    assert_eq!(merged(std::slice::from_ref(&whole)), Ok(1010));

    // A missing unit.
    let short = write("short.jsonl", &lines[1..], "");
    let listing = merged(&[short]).unwrap_err();
    assert!(
        listing.contains(&format!(
            "1 of {} units missing: {}",
            lines.len(),
            unit(&lines[0])
        )),
        "{listing}"
    );
    assert!(listing.contains("no count"), "{listing}");

    // A unit twice.
    let again = write("again.jsonl", &lines[..1], "");
    let listing = merged(&[whole.clone(), again.clone()]).unwrap_err();
    assert!(
        listing.contains(&format!("unit {} is there 2 times: ", unit(&lines[0]))),
        "{listing}"
    );
    assert!(listing.contains(&format!("{again}:1")), "{listing}");

    // A line from another puzzle.
    let other_run = dir.join("other.jsonl");
    let other = puzzle(&[
        "run",
        "pentomino_6x10.puzzle",
        "--units",
        "0",
        "--out",
        other_run.to_str().unwrap(),
    ]);
    assert!(other.status.success(), "{}", text(&other.stderr));
    let listing = merged(&[whole.clone(), other_run.display().to_string()]).unwrap_err();
    assert!(
        listing.contains("a unit of another puzzle or build (puzzle `pentomino_6x10`"),
        "{listing}"
    );

    // A torn last line: its unit is not counted.
    let torn = write(
        "torn.jsonl",
        &lines[..lines.len() - 1],
        &lines[lines.len() - 1][..30],
    );
    let listing = merged(std::slice::from_ref(&torn)).unwrap_err();
    assert!(
        listing.contains(&format!("{torn}:{}: a torn last line", lines.len())),
        "{listing}"
    );
    assert!(
        listing.contains(&format!("missing: {}", unit(&lines[lines.len() - 1]))),
        "{listing}"
    );

    // A whole line that is not a record is bad input: exit code 2, with its place.
    let bad = write("bad.jsonl", &lines[..2], "{\"unit\": \"seven\"}\n");
    let output = puzzle(&["merge", &bad]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains(&format!("{bad}:3:")),
        "{}",
        text(&output.stderr)
    );

    // Runs that would mix or lose results are refused.
    let output = puzzle(&[
        "run",
        "pentomino_rectangles.puzzle",
        "--puzzle",
        "p5x12",
        "--out",
        &whole,
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("already holds results; --resume"));
    let output = puzzle(&["run", "pentomino_6x10.puzzle", "--out", &whole, "--resume"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("results of another puzzle or build"));
    let output = puzzle(&[
        "run",
        "pentomino_6x10.puzzle",
        "--shard",
        "9/8",
        "--out",
        &whole,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("is not a shard"));
    let output = puzzle(&[
        "run",
        "pentomino_6x10.puzzle",
        "--units",
        "0-100000",
        "--out",
        "unused.jsonl",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("were asked for, but the puzzle has"));
}

#[test]
fn units_cut_under_another_rule_are_refused_by_resume_and_merge() {
    let dir = scratch("rules");
    // One puzzle, searched by two plans: the second covers dead ends first, a rule the first
    // does not follow, so the two cut their units from different trees.
    let file = |dead_ends: &str| {
        let path = dir.join(format!("strip_{dead_ends}.puzzle"));
        let text = format!(
            "mod strip {{ box: 3 x 20, pieces: pentominoes, symmetry: reduced, dead_ends: {dead_ends} }}"
        );
        fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let (before, after) = (file("off"), file("on"));
    let out = |name: &str| dir.join(name).display().to_string();
    let run = |puzzle_file: &str, out: &str, resume: bool| {
        let mut args = vec!["run", puzzle_file, "--target", "20", "--out", out];
        if resume {
            args.push("--resume");
        }
        puzzle(&args)
    };
    let (first, second) = (out("before.jsonl"), out("after.jsonl"));
    let done = run(&before, &first, false);
    assert!(done.status.success(), "{}", text(&done.stderr));
    // Resuming the file under the other rule is refused, and the file is left as it was.
    let kept = fs::read_to_string(&first).unwrap();
    let refused = run(&after, &first, true);
    assert!(!refused.status.success());
    let said = text(&refused.stderr);
    assert!(
        said.contains("holds results of another puzzle or build"),
        "{said}"
    );
    assert_eq!(fs::read_to_string(&first).unwrap(), kept);
    // Each run alone adds up to the count; together, the other rule's units are listed.
    let done = run(&after, &second, false);
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert_eq!(merged(std::slice::from_ref(&first)), Ok(2));
    assert_eq!(merged(std::slice::from_ref(&second)), Ok(2));
    let listing = merged(&[first, second]).unwrap_err();
    assert!(
        listing.contains("a unit of another puzzle or build"),
        "{listing}"
    );
}

/// Every solution shared out as work units: each unit counts the classes of its solutions,
/// and the shards merge to the whole count; the fingerprint says so, so that a unit of one per
/// class is never added to them, nor resumed into their file.
#[test]
fn every_solution_runs_as_work_units_from_the_classes() {
    let dir = scratch("all");
    let out = |name: &str| dir.join(name).display().to_string();
    let run = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "run",
            "pentomino_6x10.puzzle",
            "--target",
            "20",
            "--out",
            out,
        ];
        args.extend(extra);
        let output = puzzle(&args);
        (output.status.success(), text(&output.stderr))
    };
    let shards: Vec<String> = (1..=3).map(|k| out(&format!("all.{k}.jsonl"))).collect();
    for (k, file) in shards.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let (ok, said) = run(file, &["--all", "--shard", &shard]);
        assert!(ok, "{said}");
    }
    assert_eq!(merged(&shards), Ok(9356));
    // A unit counts four times its classes here (no 6x10 solution is symmetric).
    let reduced = out("reduced.jsonl");
    let (ok, said) = run(&reduced, &[]);
    assert!(ok, "{said}");
    let (every, one) = (counts(&shards), counts(std::slice::from_ref(&reduced)));
    assert_eq!(
        every.keys().collect::<Vec<_>>(),
        one.keys().collect::<Vec<_>>()
    );
    for (unit, n) in &one {
        assert_eq!(every[unit], 4 * n, "unit {unit}");
    }
    // The units list the other fingerprint, and neither count is added to the other.
    let listed = |extra: &[&str]| {
        let mut args = vec!["units", "pentomino_6x10.puzzle", "--target", "20"];
        args.extend(extra);
        let line = text(&puzzle(&args).stdout);
        let first: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
        first["fingerprint"].as_str().unwrap().to_owned()
    };
    assert_ne!(listed(&["--all"]), listed(&[]));
    let mixed = [shards[0].clone(), reduced.clone()];
    assert!(merged(&mixed)
        .unwrap_err()
        .contains("a unit of another puzzle or build"));
    let (ok, said) = run(&reduced, &["--all", "--resume"]);
    assert!(
        !ok && said.contains("holds results of another puzzle or build"),
        "{said}"
    );
}

/// Disassembly shared out as work units: the shards of a BurrTools problem's units, each
/// assembly taken apart, merge to the solutions and levels of `solve --disassemble`; their
/// fingerprint names the analysis and its limit of states, so that a count's units, or those
/// of another limit, are never added to them; the native engine, which reads no file's weights
/// and groups, is refused the analysis.
#[test]
fn disassembly_runs_as_work_units_and_merges_to_the_survey() {
    let dir = scratch("disassembly");
    let key = common::puzzles().join("key_in_frame.xmpuzzle");
    let key = key.display().to_string();
    let out = |name: &str| dir.join(name).display().to_string();
    let fingerprints = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["units", key.as_str()];
        all.extend_from_slice(args);
        let listed = puzzle(&all);
        assert!(listed.status.success(), "{}", text(&listed.stderr));
        (text(&listed.stdout).lines())
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["fingerprint"].to_string()
            })
            .collect()
    };
    let counted = fingerprints(&[]);
    let taken_apart = fingerprints(&["--disassemble"]);
    assert_eq!(counted.len(), taken_apart.len());
    assert_ne!(counted[0], taken_apart[0]);
    assert_ne!(
        fingerprints(&["--disassemble", "--states", "1000"])[0],
        taken_apart[0]
    );
    let mut shards = Vec::new();
    for k in 1..=2 {
        let file = out(&format!("r.{k}.jsonl"));
        let shard = format!("{k}/2");
        let args = [
            "run",
            &key,
            "--disassemble",
            "--shard",
            &shard,
            "--out",
            &file,
        ];
        let done = puzzle(&args);
        assert!(done.status.success(), "{}", text(&done.stderr));
        shards.push(file);
    }
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(String::as_str));
    let merged_text = puzzle(&args);
    assert!(
        merged_text.status.success(),
        "{}",
        text(&merged_text.stderr)
    );
    let said = text(&merged_text.stdout);
    assert!(
        said.contains("4 assemblies, 4 solutions (assemblies that come apart)"),
        "{said}"
    );
    assert!(said.contains("levels: 1.2 x2, 1 x2"), "{said}");
    assert_eq!(merged(&shards), Ok(4));
    // A count's units beside them are another search's.
    let count = out("count.jsonl");
    assert!(puzzle(&["run", &key, "--out", &count]).status.success());
    let listing = merged(&[shards[0].clone(), shards[1].clone(), count]).unwrap_err();
    assert!(
        listing.contains("a unit of another puzzle or build"),
        "{listing}"
    );
    let native = puzzle(&[
        "run",
        &key,
        "--native",
        "--disassemble",
        "--out",
        &out("n.jsonl"),
    ]);
    assert!(!native.status.success());
    assert!(
        text(&native.stderr).contains("cannot be used with"),
        "{}",
        text(&native.stderr)
    );
}
