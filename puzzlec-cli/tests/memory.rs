//! A listing holds memory bounded by what it keeps, never by how many solutions there are: the
//! first solution of the 10x10 box of dominoes (258,584,046,368 tilings) and a thousand of the
//! 30x30, through the command, the `Solver` trait and the workshop's server (whose Solve sends
//! the first solutions and counts on), each in a child process of its own, capped (so that a
//! failure cannot take the machine down) and measured.
//!
//! One test, so that the children run one after another: the peak resident memory of the
//! children waited for so far (`getrusage` of `RUSAGE_CHILDREN`) is then each one's own once it
//! is the largest, and every child is held to the bound as it ends.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;

use nix::sys::resource::{getrusage, UsageWho};
use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::Puzzle;
use puzzlec::{parallel, Solver};

/// What a listing may hold, in bytes of resident memory.
const BOUND: i64 = 256 << 20;

/// The address space a child may take, in KiB for `ulimit -v`: far past the bound, so that
/// only a runaway hits it (thread stacks and the allocator's arenas are address space too).
const CAP_KIB: u64 = 4 << 20;

/// The variable that makes this test's binary a child that lists through the `Solver` trait
/// (`d10`, `d30`) or through the server (`serve-d10`, `serve-d30`).
const CHILD: &str = "PUZZLE_MEMORY_CHILD";

const DOMINOES_10: &str = "mod d10 { box: 10 x 10, pieces: { 50 x D: [\"##\"] } }";
const DOMINOES_30: &str = "mod d30 { box: 30 x 30, pieces: { 450 x D: [\"##\"] } }";

/// `program` and `args` run as a child with its address space capped, to its end.
fn capped(program: &Path, args: &[&str], child: Option<&str>) -> String {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(program)
        .args(args)
        .env("NO_COLOR", "1")
        .env(
            "PUZZLEC_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("memory"),
        );
    if let Some(child) = child {
        command.env(CHILD, child);
    }
    let output = command.output().expect("the child runs");
    assert!(
        output.status.success(),
        "{} {args:?} failed: {}",
        program.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The largest peak resident memory of the children waited for so far, in bytes.
fn children_peak() -> i64 {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage answers");
    // Linux gives it in KiB.
    usage.max_rss() * 1024
}

fn written(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the puzzle is written");
    path
}

#[test]
fn listing_solutions_holds_memory_bounded_by_what_is_kept() {
    if let Ok(which) = std::env::var(CHILD) {
        return match which.strip_prefix("serve-") {
            Some(which) => list_through_the_server(which),
            None => list_through_the_trait(&which),
        };
    }
    let (d10, d30) = (
        written("d10.puzzle", DOMINOES_10),
        written("d30.puzzle", DOMINOES_30),
    );
    let (d10, d30) = (d10.to_str().unwrap(), d30.to_str().unwrap());
    let command = PathBuf::from(env!("CARGO_BIN_EXE_puzzlec"));
    let this = std::env::current_exe().expect("the test knows its binary");
    let filter = [
        "--exact",
        "--nocapture",
        "listing_solutions_holds_memory_bounded_by_what_is_kept",
    ];
    let runs: Vec<(&str, &Path, Vec<&str>, Option<&str>)> = vec![
        (
            "the command, one of the 10x10",
            &command,
            vec!["solve", d10, "--limit", "1", "--json"],
            None,
        ),
        (
            "the command, 1000 of the 30x30",
            &command,
            vec!["solve", d30, "--limit", "1000", "--json"],
            None,
        ),
        (
            "the trait, one of the 10x10",
            &this,
            filter.to_vec(),
            Some("d10"),
        ),
        (
            "the trait, 1000 of the 30x30",
            &this,
            filter.to_vec(),
            Some("d30"),
        ),
        (
            "the server, one of the 10x10",
            &this,
            filter.to_vec(),
            Some("serve-d10"),
        ),
        (
            "the server, 1000 of the 30x30",
            &this,
            filter.to_vec(),
            Some("serve-d30"),
        ),
    ];
    for (what, program, args, child) in runs {
        let out = capped(program, &args, child);
        let peak = children_peak();
        assert!(peak < BOUND, "{what}: a child held {} MiB", peak >> 20);
        println!("{what}: the largest child so far held {} MiB", peak >> 20);
        // What was listed: JSON lines of the solutions, or the child's own count of them.
        let lines = out.lines().filter(|l| l.starts_with('{')).count();
        let listed = match child {
            Some(_) => out
                .lines()
                .filter_map(|l| l.strip_prefix("listed "))
                .collect(),
            None => lines.to_string(),
        };
        let expected = if args.contains(&"1000") || child.is_some_and(|c| c.ends_with("d30")) {
            "1000"
        } else {
            "1"
        };
        assert_eq!(listed, expected, "{what}: {out}");
    }
}

/// The child's part: the listing through the `Solver` trait of the run-time engine, on every
/// core, stopped by its visitor.
fn list_through_the_trait(which: &str) {
    let (text, wanted, dominoes) = match which {
        "d10" => (DOMINOES_10, 1, 50),
        _ => (DOMINOES_30, 1000, 450),
    };
    let parsed = parse_str(text).expect("the puzzle parses");
    let puzzle = Puzzle::new(&parsed[0].description).expect("the puzzle compiles");
    let mut listed = 0;
    let flow = parallel::with_threads(0, || {
        puzzle.solve_parallel(&mut |s| {
            assert_eq!(s.embeddings().len(), dominoes);
            listed += 1;
            match listed < wanted {
                true => ControlFlow::Continue(()),
                false => ControlFlow::Break(()),
            }
        })
    });
    assert!(flow.is_break());
    println!("listed {listed}");
}

/// How many solutions the server's Solve must have counted past those it sent before the page
/// stops it: far more than a listing that kept them could hold in the bound.
const COUNTED_ON: u128 = 2_000_000;

/// The child's part: the workshop's server, in this process, asked by a page for the first
/// solutions (drawn and sent) while it counts the rest, and stopped by the page once it has
/// counted [`COUNTED_ON`] of them.
fn list_through_the_server(which: &str) {
    use futures_util::{SinkExt, StreamExt};
    use serde_json::{json, Value};
    use tokio_tungstenite::tungstenite::Message;

    let (text, wanted) = match which {
        "d10" => (DOMINOES_10, 1),
        _ => (DOMINOES_30, 1000),
    };
    let runtime = tokio::runtime::Runtime::new().expect("a runtime starts");
    let drawn = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let app = puzzlec_cli::serve::router(puzzlec_cli::serve::Shared::new(
            0,
            puzzlec_cli::serve::limits::KEPT_BYTES,
        ));
        tokio::spawn(async move { axum::serve(listener, app).await });
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{address}/api/session"))
                .await
                .expect("the socket opens");
        let ask = |request: Value| Message::Text(request.to_string().into());
        let search = json!({ "type": "search", "source": { "text": text }, "limit": wanted });
        socket
            .send(ask(search))
            .await
            .expect("the search is asked for");
        let mut drawn = 0;
        let mut stopping = false;
        while let Some(message) = socket.next().await {
            let Message::Text(text) = message.expect("the socket stays open") else {
                continue;
            };
            let event: Value = serde_json::from_str(&text).unwrap();
            match event["type"].as_str() {
                Some("solution") => drawn += 1,
                Some("progress") if !stopping => {
                    let counted: u128 = event["solutions"].as_str().unwrap().parse().unwrap();
                    if counted >= COUNTED_ON {
                        stopping = true;
                        let stop = json!({ "type": "stop" });
                        socket.send(ask(stop)).await.expect("the stop is asked for");
                    }
                }
                Some("done") => {
                    assert_eq!(event["stopped"], true, "{event}");
                    assert_eq!(event["sent"], drawn, "{event}");
                    break;
                }
                Some("rejected" | "refused") => panic!("the server refused: {event}"),
                _ => {}
            }
        }
        drawn
    });
    println!("listed {drawn}");
}
