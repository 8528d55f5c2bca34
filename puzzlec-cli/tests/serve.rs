//! `puzzlec serve`'s requests, as a careless or hostile page makes them: malformed puzzles and
//! requests, boards past the compiler's limits, bodies past the server's, many requests at
//! once, and pages that go away mid-search. The server answers each (or refuses it), never
//! crashes or hangs, and keeps no search running for a page that is gone.

use std::future::Future;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use proptest::prelude::*;
use puzzlec_cli::serve::{limits, router, Shared};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Far longer than any step takes.
const PATIENCE: Duration = Duration::from_secs(60);

/// The server on a free port of this machine, on the test's runtime, with what it shares.
async fn server() -> (String, Shared) {
    server_keeping(limits::KEPT_BYTES).await
}

/// The server, keeping compiled puzzles of at most `kept_bytes`.
async fn server_keeping(kept_bytes: usize) -> (String, Shared) {
    let shared = Shared::new(2, kept_bytes);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let app = router(shared.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (address, shared)
}

/// `future`, or a failed test once [`PATIENCE`] has passed.
async fn patiently<T>(what: &str, future: impl Future<Output = T>) -> T {
    tokio::time::timeout(PATIENCE, future)
        .await
        .unwrap_or_else(|_| panic!("{what} took longer than {PATIENCE:?}"))
}

/// A raw HTTP/1.1 request: the status and the body of the answer.
async fn request(address: &str, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // A body past the limit may be refused before it is all read.
    let _ = stream.write_all(body).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let at = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(answer.len(), |i| i + 4);
    (status, answer[at..].to_vec())
}

/// A POST of `body` as JSON to `path`: the status and the body of the answer.
async fn post(address: &str, path: &str, body: &Value) -> (u16, Vec<u8>) {
    request(address, "POST", path, body.to_string().as_bytes()).await
}

/// `POST /api/compile` of `source`: the status and the answer.
async fn compile(address: &str, source: &Value) -> (u16, Value) {
    let (status, body) = post(address, "/api/compile", source).await;
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

const SIX_BY_TEN: &str =
    "mod p { box: [\"..........\"; 6], pieces: pentominoes, symmetry: reduced }";
const LONG: &str =
    "mod long { box: 5 x 18, pieces: pentominoes(one_sided), reflect: false, symmetry: reduced }";

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A page's socket.
async fn page(address: &str) -> Socket {
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/api/session"))
        .await
        .expect("the socket opens");
    socket
}

/// Sends a request on a page's socket.
async fn ask(socket: &mut Socket, request: Value) {
    socket
        .send(Message::Text(request.to_string().into()))
        .await
        .expect("the request is sent");
}

/// The next event on a page's socket of type `kind`.
async fn heard(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let message = socket.next().await.expect("the socket is open").unwrap();
        if let Message::Text(text) = message {
            let event: Value = serde_json::from_str(&text).unwrap();
            if event["type"] == kind {
                return event;
            }
        }
    }
}

/// Waits until every search has ended and given its permit back.
async fn no_search_runs(shared: &Shared) {
    patiently("the searches' end", async {
        while shared.searches.available_permits() < limits::MAX_SEARCHES {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_puzzle_is_checked_and_its_mistakes_placed() {
    let (address, _) = server().await;
    let (status, answer) = compile(&address, &json!({ "text": SIX_BY_TEN })).await;
    assert_eq!(status, 200);
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["info"]["embeddings"], 2056);
    let whole = json!({ "line": 1, "column": 1, "end_line": 1, "end_column": SIX_BY_TEN.chars().count() + 1 });
    assert_eq!(
        answer["puzzles"],
        json!([{ "pick": "p", "label": "p", "written": whole }])
    );
    let broken =
        "mod p {\n    box: [\"...\"; 6],\n    pieces: pentominos,\n    symetry: reduced,\n}";
    let (status, answer) = compile(&address, &json!({ "text": broken })).await;
    assert_eq!(status, 200);
    assert_eq!(answer["ok"], false);
    let errors = answer["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2, "{answer}");
    assert_eq!(
        (&errors[0]["line"], &errors[0]["column"]),
        (&json!(3), &json!(13))
    );
    assert_eq!(
        (&errors[0]["end_line"], &errors[0]["end_column"]),
        (&json!(3), &json!(23))
    );
    assert_eq!(errors[1]["line"], 4);
    assert!(answer["report"].as_str().unwrap().contains("2 errors"));
    // A text that reads but does not compile is drawn beside its mistake.
    let short =
        "mod mine { box: 2 x 6, pieces: { L: [\"####\", \"#...\"], P: [\"##\", \"##\", \"#.\"] } }";
    let (_, answer) = compile(&address, &json!({ "text": short })).await;
    assert_eq!(answer["ok"], false, "{answer}");
    assert_eq!(answer["sketch"]["name"], "mine", "{answer}");
    assert_eq!(answer["sketch"]["pieces"].as_array().map(Vec::len), Some(2));
    assert_eq!(answer["reduced"], false);
}

/// The stretch of `text` that `written` names: lines and columns from 1, in characters.
fn stretch(text: &str, written: &Value) -> String {
    let at = |line: &str, column: &str| {
        let (line, column) = (
            written[line].as_u64().unwrap(),
            written[column].as_u64().unwrap(),
        );
        let before: usize = (text.split_inclusive('\n').take(line as usize - 1))
            .map(|l| l.chars().count())
            .sum();
        before + column as usize - 1
    };
    let chars: Vec<char> = text.chars().collect();
    chars[at("line", "column")..at("end_line", "end_column")]
        .iter()
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn each_puzzle_of_a_text_says_where_it_is_written() {
    let (address, _) = server().await;
    let a = "mod a { box: [\"..\"], pieces: { D: [\"##\"] } }";
    let b = "mod b {\n    box: [\"..\"], // « deux »\n    pieces: { D: [\"##\"] },\n}";
    // Columns count characters: « and » are two bytes each.
    let text = format!("// Deux dominos.\n/* « a » */ {a}\n/// B.\npub {b}\n");
    let (status, answer) = compile(&address, &json!({ "text": text })).await;
    assert_eq!(status, 200);
    let puzzles = answer["puzzles"].as_array().unwrap();
    let written: Vec<String> = puzzles
        .iter()
        .map(|p| stretch(&text, &p["written"]))
        .collect();
    assert_eq!(written, [a, b]);
}

#[tokio::test(flavor = "multi_thread")]
async fn boards_and_bodies_past_the_limits_are_refused() {
    let (address, _) = server().await;
    // Past the compiler's limits: a mistake, at the box.
    let huge = "mod p { box: 2000 x 2000 x 2000, pieces: pentominoes }";
    let (status, answer) =
        patiently("a huge box", compile(&address, &json!({ "text": huge }))).await;
    assert_eq!((status, &answer["ok"]), (200, &json!(false)), "{answer}");
    assert!(answer["errors"][0]["line"].is_number(), "{answer}");
    // Past the server's: refused before it is read.
    let text = format!("// {}\n{SIX_BY_TEN}", "x".repeat(limits::MAX_REQUEST));
    let (status, _) = compile(&address, &json!({ "text": text })).await;
    assert_eq!(status, 413);
    // Requests that are not the server's.
    let (status, _) = request(&address, "POST", "/api/compile", b"{ not json").await;
    assert_eq!(status, 400);
    let (status, answer) = compile(&address, &json!({ "text": SIX_BY_TEN, "format": "zip" })).await;
    assert_eq!(status, 400);
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .contains("unknown format"));
    let (status, _) = request(&address, "GET", "/page/../../Cargo.toml", b"").await;
    assert_eq!(status, 404);
    // A gallery of solutions that are not the puzzle's.
    let gallery = json!({ "source": { "text": SIX_BY_TEN }, "solutions": [[0, 0], [1_000_000]] });
    let (status, body) = post(&address, "/api/gallery", &gallery).await;
    assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
    // Nor are two placements on one cell, however few: the first two both cover a corner.
    for solutions in [json!([[0, 1]]), json!([[1_000_000]])] {
        let gallery = json!({ "source": { "text": SIX_BY_TEN }, "solutions": solutions });
        let (status, body) = post(&address, "/api/gallery", &gallery).await;
        let answer: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(status, 400, "{answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(
            message.starts_with("solution 1 is not one of this puzzle's: "),
            "{message}"
        );
    }
    // And the server still answers.
    let (status, answer) = compile(&address, &json!({ "text": SIX_BY_TEN })).await;
    assert_eq!((status, &answer["ok"]), (200, &json!(true)));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_solves_and_hears_every_solution_it_asked_for() {
    let (address, shared) = server().await;
    let mut socket = page(&address).await;
    let source = json!({ "text": SIX_BY_TEN });
    ask(
        &mut socket,
        json!({ "type": "search", "source": source, "limit": 5 }),
    )
    .await;
    let started = patiently("the start", heard(&mut socket, "started")).await;
    assert_eq!(started["info"]["name"], "p");
    let mut drawn = 0;
    let done = patiently("the solutions", async {
        loop {
            let message = socket.next().await.unwrap().unwrap();
            let Message::Text(text) = message else {
                continue;
            };
            let event: Value = serde_json::from_str(&text).unwrap();
            match event["type"].as_str() {
                Some("solution") => {
                    drawn += 1;
                    assert!(event["svg"].as_str().unwrap().starts_with("<svg"));
                }
                Some("done") => return event,
                _ => {}
            }
        }
    })
    .await;
    assert_eq!(drawn, 5);
    assert_eq!(
        (&done["solutions"], &done["sent"]),
        (&json!("2339"), &json!(5))
    );
    ask(
        &mut socket,
        json!({ "type": "search", "source": source, "mode": "count" }),
    )
    .await;
    let done = patiently("the count", heard(&mut socket, "done")).await;
    assert_eq!(done["solutions"], "2339");
    ask(
        &mut socket,
        json!({ "type": "search", "source": source, "mode": "stats" }),
    )
    .await;
    let done = patiently("the statistics", heard(&mut socket, "done")).await;
    let by_depth = done["stats"]["by_depth"].as_array().unwrap();
    assert_eq!(by_depth.len(), 12, "a placement for each of the 12 pieces");
    // Every solution, from the classes of the same search: listed, counted and in the
    // statistics.
    let every = json!({ "text": SIX_BY_TEN, "all": true });
    for mode in ["solutions", "count", "stats"] {
        let search = json!({ "type": "search", "source": every, "mode": mode, "limit": 5 });
        ask(&mut socket, search).await;
        let done = patiently("every solution", heard(&mut socket, "done")).await;
        assert_eq!(done["solutions"], "9356", "{mode}");
    }
    no_search_runs(&shared).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_search_stops_when_asked_and_when_its_page_goes() {
    let (address, shared) = server().await;
    let long = json!({ "type": "search", "source": { "text": LONG }, "mode": "count" });
    // Stopped by the page.
    let mut socket = page(&address).await;
    ask(&mut socket, long.clone()).await;
    patiently("the progress", heard(&mut socket, "progress")).await;
    ask(&mut socket, json!({ "type": "stop" })).await;
    let done = patiently("the stop", heard(&mut socket, "done")).await;
    assert_eq!(done["stopped"], true);
    assert!(
        done.get("solutions").is_none(),
        "a stopped count is no count"
    );
    no_search_runs(&shared).await;
    // A new search stops the one before.
    ask(&mut socket, long.clone()).await;
    patiently("the progress", heard(&mut socket, "progress")).await;
    ask(
        &mut socket,
        json!({ "type": "search", "source": { "text": SIX_BY_TEN }, "mode": "count" }),
    )
    .await;
    let done = patiently("the next count", heard(&mut socket, "done")).await;
    assert_eq!(done["solutions"], "2339");
    no_search_runs(&shared).await;
    // The page goes mid-search: so does its search.
    ask(&mut socket, long.clone()).await;
    patiently("the progress", heard(&mut socket, "progress")).await;
    assert!(shared.searches.available_permits() < limits::MAX_SEARCHES);
    drop(socket);
    no_search_runs(&shared).await;
    // And one that closes properly.
    let mut socket = page(&address).await;
    ask(&mut socket, long).await;
    patiently("the progress", heard(&mut socket, "progress")).await;
    socket.close(None).await.unwrap();
    no_search_runs(&shared).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn many_pages_and_requests_at_once_are_all_answered() {
    let (address, shared) = server().await;
    // Pages that each start a search at once: as many run as the limit lets, the rest are
    // told the machine is busy; none is left without an answer.
    let pages = (0..8).map(|_| {
        let address = address.clone();
        tokio::spawn(async move {
            let mut socket = page(&address).await;
            ask(
                &mut socket,
                json!({ "type": "search", "source": { "text": LONG }, "mode": "count" }),
            )
            .await;
            let answer = loop {
                let message = socket.next().await.unwrap().unwrap();
                let Message::Text(text) = message else {
                    continue;
                };
                let event: Value = serde_json::from_str(&text).unwrap();
                if event["type"] == "progress" || event["type"] == "rejected" {
                    break event;
                }
            };
            (socket, answer)
        })
    });
    let mut sockets = Vec::new();
    let (mut running, mut busy) = (0, 0);
    for page in pages {
        let (socket, answer) = patiently("a page's answer", page).await.unwrap();
        match answer["type"].as_str() {
            Some("progress") => running += 1,
            _ => {
                assert_eq!(answer["busy"], true, "{answer}");
                busy += 1;
            }
        }
        sockets.push(socket);
    }
    assert_eq!(
        (running, busy),
        (limits::MAX_SEARCHES, 8 - limits::MAX_SEARCHES)
    );
    // Checks at once, of good and bad texts, while the searches run.
    let checks = (0..40).map(|i| {
        let address = address.clone();
        let text = match i % 2 {
            0 => format!("mod p{i} {{ box: 4 x {}, pieces: tetrominoes }}", 5 + i % 3),
            _ => format!("mod p{i} {{ box: 4 x 5, pieces: {{ A: [\"#{i}\"] }} }}"),
        };
        tokio::spawn(async move { compile(&address, &json!({ "text": text })).await })
    });
    for check in checks {
        let (status, answer) = patiently("a check", check).await.unwrap();
        assert_eq!(status, 200);
        assert!(answer["ok"].is_boolean(), "{answer}");
    }
    drop(sockets);
    no_search_runs(&shared).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn requests_on_a_socket_that_are_not_requests_are_refused() {
    let (address, shared) = server().await;
    let mut socket = page(&address).await;
    for garbage in [
        "not json",
        "{}",
        "{\"type\": \"launch\"}",
        "{\"type\": \"search\"}",
        "{\"type\": \"search\", \"source\": {\"text\": 5}}",
    ] {
        socket.send(Message::Text(garbage.into())).await.unwrap();
        let refused = patiently("a refusal", heard(&mut socket, "refused")).await;
        assert!(
            refused["message"]
                .as_str()
                .unwrap()
                .contains("not a request"),
            "{refused}"
        );
    }
    // A puzzle with mistakes is rejected with them; a binary message is ignored.
    socket
        .send(Message::Binary(vec![0, 1, 2].into()))
        .await
        .unwrap();
    let broken = json!({ "type": "search", "source": { "text": "mod p { box: 3 x 3 }" } });
    ask(&mut socket, broken).await;
    let rejected = patiently("a rejection", heard(&mut socket, "rejected")).await;
    assert!(
        rejected["errors"].as_array().is_some_and(|e| !e.is_empty()),
        "{rejected}"
    );
    // A message past the limit closes the socket; the server goes on.
    let huge = "x".repeat(limits::MAX_REQUEST + 1);
    let _ = socket.send(Message::Text(huge.into())).await;
    let closed = patiently("the close", async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed);
    let mut socket = page(&address).await;
    let count = json!({ "type": "search", "source": { "text": SIX_BY_TEN }, "mode": "count" });
    ask(&mut socket, count).await;
    let done = patiently("a count", heard(&mut socket, "done")).await;
    assert_eq!(done["solutions"], "2339");
    no_search_runs(&shared).await;
}

/// Texts near a good puzzle: a good one with bytes changed, cut, or doubled.
fn near_puzzles() -> impl Strategy<Value = String> {
    let good = SIX_BY_TEN.as_bytes().to_vec();
    let n = good.len();
    (0..n, 0..n, any::<u8>(), 0..3u8).prop_map(move |(a, b, byte, how)| {
        let mut text = good.clone();
        let (a, b) = (a.min(b), a.max(b));
        match how {
            0 => text[a] = byte,
            1 => {
                text.drain(a..b);
            }
            _ => {
                let copy = text[a..b].to_vec();
                text.splice(b..b, copy);
            }
        }
        String::from_utf8_lossy(&text).into_owned()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever the text, a check answers with the puzzle or its mistakes, each placed inside
    /// the text, and the server answers the next request.
    #[test]
    fn every_text_is_answered_with_a_puzzle_or_its_mistakes(text in near_puzzles(), format in 0..3usize) {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async {
            let (address, _) = server().await;
            let format = ["puzzle", "xmpuzzle", "dlx"][format];
            let (status, answer) = patiently("a check", compile(&address, &json!({ "text": text, "format": format }))).await;
            prop_assert_eq!(status, 200);
            match answer["ok"].as_bool() {
                Some(true) => prop_assert!(answer["info"]["aspects"].is_number()),
                Some(false) => {
                    let lines = text.split('\n').count() as u64;
                    for error in answer["errors"].as_array().unwrap() {
                        if let Some(line) = error["line"].as_u64() {
                            prop_assert!((1..=lines).contains(&line), "{}", error);
                        }
                    }
                }
                None => prop_assert!(false, "{}", answer),
            }
            let (status, _) = compile(&address, &json!({ "text": SIX_BY_TEN })).await;
            prop_assert_eq!(status, 200);
            Ok(())
        })?;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_burrtools_file_of_several_problems_offers_each_and_exports_work() {
    let (address, _) = server().await;
    // Soma's file with its problem twice, the second renamed.
    let soma = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles/soma.xmpuzzle"),
    )
    .unwrap();
    let (start, end) = (
        soma.find("<problem ").unwrap(),
        soma.find("</problem>").unwrap(),
    );
    let problem = &soma[start..end + "</problem>".len()];
    let twice = soma.replacen(
        problem,
        &format!("{problem}{}", problem.replace("Soma cube", "Soma again")),
        1,
    );
    let source = json!({ "text": twice, "format": "xmpuzzle", "file": "soma.xmpuzzle" });
    let (status, answer) = compile(&address, &source).await;
    assert_eq!((status, &answer["ok"]), (200, &json!(true)), "{answer}");
    let picks = json!([
        { "pick": "1", "label": "1: Soma cube" },
        { "pick": "2", "label": "2: Soma again" },
    ]);
    assert_eq!(answer["puzzles"], picks);
    assert!(answer["language"]
        .as_str()
        .unwrap()
        .contains("box: 3 x 3 x 3"));
    assert_eq!(answer["sketch"]["board"].as_array().unwrap().len(), 3);
    let mut second = source.clone();
    second["pick"] = json!("2");
    let (_, answer) = compile(&address, &second).await;
    assert_eq!(answer["info"]["embeddings"], 688);
    // The Rust program, and a gallery of two of the 6x10's solutions.
    let (status, body) = post(&address, "/api/rust", &source).await;
    let program: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(status, 200);
    assert!(
        program["program"].as_str().unwrap().contains("puzzle! {"),
        "{program}"
    );
    assert!(program["manifest"]
        .as_str()
        .unwrap()
        .contains("[dependencies]\npuzzlec = "));
    // The same as a crate to download: a tar archive of its two files, in its own directory.
    let (status, tar) = post(&address, "/api/crate", &source).await;
    assert_eq!(status, 200);
    let name = program["name"].as_str().unwrap();
    assert!(tar.starts_with(format!("{name}/Cargo.toml\0").as_bytes()));
    let main = format!("{name}/src/main.rs\0");
    // The second file's header, on a block of its own after the first file's.
    let at = tar.windows(main.len()).position(|w| w == main.as_bytes());
    assert!(at.is_some_and(|at| at >= 1024 && at % 512 == 0), "{at:?}");
    let mut socket = page(&address).await;
    ask(
        &mut socket,
        json!({ "type": "search", "source": { "text": SIX_BY_TEN }, "limit": 2 }),
    )
    .await;
    let mut solutions = Vec::new();
    while solutions.len() < 2 {
        let event = patiently("a solution", heard(&mut socket, "solution")).await;
        solutions.push(event["embeddings"].clone());
    }
    let gallery = json!({ "source": { "text": SIX_BY_TEN }, "solutions": solutions, "first": 5 });
    let (status, svg) = post(&address, "/api/gallery", &gallery).await;
    let svg = String::from_utf8(svg).unwrap();
    assert_eq!(status, 200);
    assert_eq!(svg.matches("class=\"solution\"").count(), 2);
    assert!(
        svg.contains("#5") && svg.contains("#6"),
        "numbered from the first asked"
    );
}

/// A GET of `path`: the status and the answer as JSON.
async fn get_json(address: &str, path: &str) -> (u16, Value) {
    let (status, body) = request(address, "GET", path, b"").await;
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// The page draws each grid from the lattice's geometry, and writes a drawn piece as the
/// lattice moves it: hexagons at the even points, spheres as circles, the fine grids' places
/// where their parts of cubes are, a triangle moved by a parity-keeping step, a part of the
/// tetrahedra and octahedra's grid by an even number of cubes; a grid that is none, or a drawing
/// past the limit, refused.
#[tokio::test(flavor = "multi_thread")]
async fn the_page_draws_every_grid_as_the_lattice_gives_it() {
    let (address, _) = server().await;
    let (status, grids) = get_json(&address, "/api/grids").await;
    assert_eq!(status, 200);
    let words: Vec<&str> = (grids.as_array().unwrap().iter())
        .map(|g| g["word"].as_str().unwrap())
        .collect();
    assert_eq!(
        words,
        [
            "square",
            "triangular",
            "hexagonal",
            "spheres",
            "rhombic",
            "tetrahedra_octahedra"
        ]
    );
    let side = |word: &str| {
        let g = grids.as_array().unwrap().iter().find(|g| g["word"] == word);
        g.unwrap()["cube_side"].as_i64().unwrap()
    };
    assert_eq!(
        (
            side("square"),
            side("rhombic"),
            side("tetrahedra_octahedra")
        ),
        (1, 5, 3)
    );
    // Each grid offers the sets of its own cells alone (the examples solve them there).
    let sets = |word: &str| {
        let g = grids.as_array().unwrap().iter().find(|g| g["word"] == word);
        let sets = g.unwrap()["sets"].as_array().unwrap().clone();
        sets.iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(sets("hexagonal"), ["tetrahexes", "pentahexes"]);
    assert_eq!(
        sets("triangular"),
        ["hexiamonds", "hexiamonds(one_sided)", "polyiamonds(7)"]
    );
    assert!(sets("square").contains(&"soma".to_owned()));
    assert!(sets("spheres").is_empty() && sets("rhombic").is_empty());
    let geometry = |query: &'static str| {
        let address = address.clone();
        async move { get_json(&address, &format!("/api/grid?{query}")).await }
    };
    let (status, hexagons) = geometry("grid=hexagonal&layers=1&rows=3&columns=6").await;
    assert_eq!(status, 200);
    let places = hexagons["places"].as_array().unwrap();
    assert_eq!(places.len(), 9);
    for place in places {
        let (r, c) = (place[1].as_i64().unwrap(), place[2].as_i64().unwrap());
        assert_eq!((r + c) % 2, 0, "{place}");
        assert_eq!(place[3]["points"].as_array().unwrap().len(), 6);
    }
    let (_, spheres) = geometry("grid=spheres&layers=2&rows=2&columns=2").await;
    assert_eq!(spheres["places"].as_array().unwrap().len(), 8);
    assert!(spheres["places"][0][3]["circle"].is_array());
    // One cube of rhombic tetrahedra holds 24, of tetrahedra and octahedra 5.
    let (_, rhombic) = geometry("grid=rhombic&layers=5&rows=5&columns=5").await;
    assert_eq!(rhombic["places"].as_array().unwrap().len(), 24);
    let (_, octahedra) = geometry("grid=tetrahedra_octahedra&layers=3&rows=3&columns=3").await;
    assert_eq!(octahedra["places"].as_array().unwrap().len(), 5);
    let (status, refused) = geometry("grid=pentagons&layers=1&rows=1&columns=1").await;
    assert_eq!(status, 400);
    assert!(
        refused["error"].as_str().unwrap().contains("no grid"),
        "{refused}"
    );
    let (status, _) = geometry("grid=square&layers=100&rows=100&columns=100").await;
    assert_eq!(status, 400);

    let entry = |piece: Value| {
        let address = address.clone();
        async move {
            let (status, body) = post(&address, "/api/piece", &piece).await;
            assert_eq!(status, 200);
            let answer: Value = serde_json::from_slice(&body).unwrap();
            answer["entry"].clone()
        }
    };
    // A triangle pointing down at (1, 2) and its neighbour: moved by two columns, not one.
    let drawn = json!({ "grid": "triangular", "name": "A", "count": "2", "layers": 1,
        "cells": [[0, 1, 2], [0, 1, 3]] });
    assert_eq!(entry(drawn).await, "2 x A: [\".##\"]");
    let soma = json!({ "grid": "square", "name": "V", "count": "", "layers": 2,
        "cells": [[0, 2, 2], [0, 2, 3], [1, 2, 2]] });
    assert_eq!(entry(soma).await, "V: [[\"##\"], [\"#.\"]]");
    // A tetrahedron and a corner of the cube after the first along a row: moved to the first
    // cube they fit without a change of the cubes' kinds, a cube down the layers.
    let fine = json!({ "grid": "tetrahedra_octahedra", "name": "T", "count": "1", "layers": 3,
        "cells": [[0, 0, 3], [1, 1, 4]] });
    assert_eq!(entry(fine).await, "T: [(3, 0, 0), (4, 1, 1)]");
    let empty = json!({ "grid": "square", "name": "E", "count": "1", "layers": 1, "cells": [] });
    assert_eq!(entry(empty).await, Value::Null);
}

/// A box of `n` by `n` cells tiled by dominoes: its compile takes seconds past `n` = 100.
fn dominoes(n: usize) -> String {
    format!(
        "mod d{n} {{ box: [\"{}\"; {n}], pieces: {{ {} x D: [\"##\"] }} }}",
        ".".repeat(n),
        n * n / 2
    )
}

/// Waits until no compile is under way and every permit for one is back.
async fn no_compile_runs(shared: &Shared) {
    patiently("the compiles' end", async {
        while shared.compiles.available_permits() < limits::MAX_COMPILES
            || shared.compiled.under_way() > 0
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_small_check_never_waits_behind_large_compiles_which_stop_once_nobody_waits() {
    let (address, shared) = server().await;
    // Two pages check large boxes, as many as compile at once, and a third a small one.
    let large: Vec<_> = [240, 250]
        .into_iter()
        .map(|n| {
            let address = address.clone();
            tokio::spawn(async move { compile(&address, &json!({ "text": dominoes(n) })).await })
        })
        .collect();
    patiently("the large compiles' start", async {
        while shared.compiles.available_permits() > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    let (status, answer) = compile(&address, &json!({ "text": SIX_BY_TEN })).await;
    assert_eq!((status, &answer["ok"]), (200, &json!(true)), "{answer}");
    // The small one was answered while both large ones still compiled.
    assert!(large.iter().all(|l| !l.is_finished()));
    assert_eq!(shared.compiled.under_way(), 2);
    // The pages move on: their requests go, and so do the compiles.
    for l in &large {
        l.abort();
    }
    no_compile_runs(&shared).await;
    let (kept, _) = shared.compiled.weight();
    assert!(
        kept < 1 << 20,
        "a stopped compile is not kept: {kept} bytes are"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_check_and_a_search_of_one_text_share_its_compile() {
    let (address, shared) = server().await;
    let text = dominoes(60);
    let check = {
        let (address, text) = (address.clone(), text.clone());
        tokio::spawn(async move { compile(&address, &json!({ "text": text })).await })
    };
    patiently("the compile's start", async {
        while shared.compiled.under_way() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    })
    .await;
    let mut socket = page(&address).await;
    let search = json!({ "type": "search", "source": { "text": text }, "limit": 1 });
    ask(&mut socket, search).await;
    patiently("a solution", heard(&mut socket, "solution")).await;
    ask(&mut socket, json!({ "type": "stop" })).await;
    let done = patiently("the stop", heard(&mut socket, "done")).await;
    assert_eq!(done["stopped"], true, "{done}");
    assert_ne!(done["found"], "0", "{done}");
    let (_, answer) = check.await.unwrap();
    assert_eq!(answer["ok"], true, "{answer}");
    // One compile, kept once.
    assert_eq!(shared.compiled.weight().1, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn compiled_puzzles_are_kept_within_the_memory_given_them() {
    // With no memory for them, none is kept.
    let (address, shared) = server_keeping(0).await;
    let (_, answer) = compile(&address, &json!({ "text": dominoes(40) })).await;
    assert_eq!(answer["ok"], true);
    assert_eq!(shared.compiled.weight(), (0, 0));
    // Room for two or three of these boxes (about a third of a megabyte each).
    let budget = 900 << 10;
    let (address, shared) = server_keeping(budget).await;
    let mut most = 0;
    for n in [40, 42, 44, 46, 48, 50] {
        let (_, answer) = compile(&address, &json!({ "text": dominoes(n) })).await;
        assert_eq!(answer["ok"], true, "{answer}");
        let (bytes, kept) = shared.compiled.weight();
        assert!(bytes <= budget, "{bytes} bytes kept, past {budget}");
        assert!(kept >= 1, "the last compiled is kept");
        most = most.max(kept);
    }
    assert!((2..6).contains(&most), "kept at most {most}");
}

/// A solution's solids, for the page's view in three dimensions and for printing: the Soma
/// cube's seven pieces, each with its triangles (nine numbers each) and its creases, and an
/// archive of the pieces' and the solution's STL files; refused for a solution that is not the
/// puzzle's, and for a puzzle with no solids.
#[tokio::test(flavor = "multi_thread")]
async fn a_solution_is_sent_as_solids_and_as_stl() {
    let (address, _) = server().await;
    let soma = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles/soma.xmpuzzle"),
    )
    .unwrap();
    let source = json!({ "text": soma, "format": "xmpuzzle", "file": "soma.xmpuzzle" });
    let mut socket = page(&address).await;
    ask(
        &mut socket,
        json!({ "type": "search", "source": source, "limit": 1 }),
    )
    .await;
    let event = patiently("a solution", heard(&mut socket, "solution")).await;
    // The page shows a solid's thumbnail as a solid, and its layers beside its own view.
    assert_eq!(event["solid"], json!(true));
    assert!(event["thumb"].as_str().unwrap().contains("class=\"face\""));
    let layers = event["layers"].as_str().unwrap();
    assert!(layers.contains("z = 0 (bottom)") && !layers.contains("class=\"face\""));
    let embeddings = event["embeddings"].clone();
    let asked = json!({ "source": source, "embeddings": embeddings, "number": 3 });
    let (status, body) = post(&address, "/api/solid", &asked).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let scene: Value = serde_json::from_slice(&body).unwrap();
    let parts = scene["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 7);
    let mut squares = 0;
    for part in parts {
        let positions = part["positions"].as_array().unwrap().len();
        assert!(positions > 0 && positions % 9 == 0, "{part}");
        assert_eq!(part["lines"].as_array().unwrap().len() % 6, 0);
        assert!(part["colour"].as_str().unwrap().starts_with('#'));
        squares += positions / 18;
    }
    // The pieces' surfaces: 27 cubes' 162 squares, less the two of each pair of cubes of one
    // piece that touch (20 pairs: the 6 tetracubes' 3 each, the V's 2).
    assert_eq!(squares, 162 - 2 * 20);
    let (status, tar) = post(&address, "/api/stl", &asked).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&tar));
    let text = String::from_utf8_lossy(&tar);
    assert_eq!(text.matches("/piece-").count(), 7);
    assert!(text.contains("/solution-3.stl\0"));
    // Refused: a solution not of the puzzle, a gap of half a cell, a puzzle with no solids.
    let wrong = json!({ "source": source, "embeddings": [0, 0] });
    assert_eq!(post(&address, "/api/solid", &wrong).await.0, 400);
    let gap = json!({ "source": source, "embeddings": embeddings, "size": 10, "gap": 5 });
    let (status, body) = post(&address, "/api/stl", &gap).await;
    assert_eq!(status, 400);
    assert!(String::from_utf8_lossy(&body).contains("gap"));
    let queens = json!({ "text": include_str!("../../puzzles/queens_8.dlx"), "format": "dlx" });
    let abstract_one = json!({ "source": queens, "embeddings": [] });
    let (status, body) = post(&address, "/api/solid", &abstract_one).await;
    assert_eq!(status, 400);
    assert!(String::from_utf8_lossy(&body).contains("no solids"));
}

/// A solution taken apart for the view to play: the key in its frame comes apart at BurrTools'
/// level, the lid lifted first, each move's way in the scene a step of the cubes' lattice
/// times its distance, the pieces that leave carried clear of the rest; a closed box of
/// sliding blocks does not come apart, and says so; a solution not of the puzzle is refused.
#[tokio::test(flavor = "multi_thread")]
async fn a_solution_is_taken_apart_for_the_view_to_play() {
    let (address, _) = server().await;
    let file = |name: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../puzzles")
                .join(name),
        )
        .unwrap()
    };
    let first_solution = |source: Value| {
        let address = address.clone();
        async move {
            let mut socket = page(&address).await;
            ask(
                &mut socket,
                json!({ "type": "search", "source": source, "limit": 1 }),
            )
            .await;
            let event = patiently("a solution", heard(&mut socket, "solution")).await;
            event["embeddings"].clone()
        }
    };
    let key = json!({ "text": file("key_in_frame.xmpuzzle"), "format": "xmpuzzle" });
    let embeddings = first_solution(key.clone()).await;
    let asked = json!({ "source": key, "embeddings": embeddings });
    let (status, body) = post(&address, "/api/disassembly", &asked).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let answer: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(answer["outcome"], json!("apart"), "{answer}");
    let level = answer["level"].as_str().unwrap();
    assert!(["1", "1.2"].contains(&level), "{answer}");
    let moves = answer["moves"].as_array().unwrap();
    let total: usize = level.split('.').map(|n| n.parse::<usize>().unwrap()).sum();
    assert!(moves.len() >= total, "{answer}");
    for m in moves {
        let by: Vec<f64> = serde_json::from_value(m["by"].clone()).unwrap();
        let along: Vec<f64> = by.iter().copied().filter(|x| x.abs() > 1e-9).collect();
        assert_eq!(along.len(), 1, "a cube slides along one axis: {m}");
        match m["distance"].as_u64() {
            Some(d) => assert!((along[0].abs() - d as f64).abs() < 1e-9, "{m}"),
            // Out of a box 4 cubes long, and two cubes clear of it.
            None => assert!(along[0].abs() >= 3.0, "{m}"),
        }
    }
    assert!(answer["radius"].as_f64().unwrap() > 3.0, "{answer}");
    let boxed = json!({ "text": file("closed_box.xmpuzzle"), "format": "xmpuzzle" });
    let embeddings = first_solution(boxed.clone()).await;
    let asked = json!({ "source": boxed, "embeddings": embeddings });
    let (status, body) = post(&address, "/api/disassembly", &asked).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let answer: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(answer["outcome"], json!("stuck"), "{answer}");
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .contains("does not come apart"));
    let wrong = json!({ "source": boxed, "embeddings": [0, 0] });
    assert_eq!(post(&address, "/api/disassembly", &wrong).await.0, 400);
}
