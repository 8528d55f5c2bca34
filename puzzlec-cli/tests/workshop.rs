//! `puzzlec serve` in a real browser: headless Chromium driven through WebDriver (chromedriver),
//! as a person uses the page. Each step leaves a screenshot in the tests' directory
//! (`target/tmp/workshop/`), to look at.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use serde_json::json;

/// How long a step may take before the test gives up on it: far longer than any takes.
const PATIENCE: Duration = Duration::from_secs(60);

/// A child process and every process it started, killed when the test ends, however it ends:
/// chromedriver's browser with it, which a failing test would otherwise leave running.
struct Killed(Child);

impl Killed {
    /// Runs `command` as the leader of a process group of its own.
    fn spawn(command: &mut Command) -> Killed {
        let child = (command.process_group(0).spawn())
            .unwrap_or_else(|e| panic!("{command:?} does not run: {e}"));
        Killed(child)
    }
}

impl Drop for Killed {
    fn drop(&mut self) {
        let group = Pid::from_raw(i32::try_from(self.0.id()).expect("a process id is an i32"));
        let _ = killpg(group, Signal::SIGKILL);
        let _ = self.0.wait();
    }
}

/// Chromium and chromedriver, installed by the project's script where they are missing.
fn chromium() -> PathBuf {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../contrib/install-chromium.sh");
    let installed = Command::new("bash")
        .arg(script)
        .output()
        .expect("bash runs");
    assert!(
        installed.status.success(),
        "Chromium is missing and contrib/install-chromium.sh could not install it: {}",
        String::from_utf8_lossy(&installed.stderr)
    );
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| which(name))
        .expect("the script found a browser")
}

/// The program `name` on the path.
fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// `puzzlec serve` on a free port, and the address it printed.
fn serve() -> (Killed, String) {
    serve_on(0)
}

/// `puzzlec serve` on `port` (a free one for 0), and the address it printed.
fn serve_on(port: u16) -> (Killed, String) {
    let mut child = Killed::spawn(
        common::command()
            .args(["serve", "--port", &port.to_string()])
            .stdout(Stdio::piped()),
    );
    let stdout = child.0.stdout.take().expect("stdout is piped");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the server says where it is");
    let url = (line.split_whitespace())
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    (child, url)
}

/// chromedriver on a free port, and the browser it drives, headless.
async fn browser() -> (Killed, Client) {
    let binary = chromium();
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let driver = Killed::spawn(
        Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    );
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": binary,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"],
        }),
    );
    // chromedriver takes a moment to listen: the first connections may be refused.
    let mut tries = 0;
    let client = loop {
        let connected = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        match connected {
            Ok(client) => break client,
            Err(e) if tries < 100 => {
                tries += 1;
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("chromedriver did not answer: {e}"),
        }
    };
    (driver, client)
}

/// Saves what the page shows now as `name`.png.
async fn screenshot(client: &Client, name: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("workshop");
    std::fs::create_dir_all(&dir).expect("the screenshots' directory");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot is saved");
}

/// The text of the element `css` once `ready` holds of it.
async fn text_when(client: &Client, css: &str, ready: impl Fn(&str) -> bool) -> String {
    let start = std::time::Instant::now();
    let mut last = String::new();
    loop {
        if let Ok(element) = client.find(Locator::Css(css)).await {
            if let Ok(text) = element.text().await {
                if ready(&text) {
                    return text;
                }
                last = text;
            }
        }
        if start.elapsed() > PATIENCE {
            screenshot(client, "failed").await;
            panic!("`{css}` never showed what was awaited: it shows {last:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks the element `css`.
async fn click(client: &Client, css: &str) {
    let element = client.find(Locator::Css(css)).await;
    let element = element.unwrap_or_else(|e| panic!("no `{css}`: {e}"));
    element
        .click()
        .await
        .unwrap_or_else(|e| panic!("`{css}` cannot be clicked: {e}"));
}

/// Types `value` into the field `id` in place of what it held, and leaves it (with Tab).
async fn fill_in(client: &Client, id: &str, value: &str) {
    let field = client.find(Locator::Id(id)).await.unwrap();
    // Selected and typed over in one go, as a person does (Ctrl-A, the value, Tab): the field
    // is theirs from the first key, where a clear would leave it to the page for a moment.
    let keys = format!("\u{e009}a\u{e000}{value}\u{e004}");
    field.send_keys(&keys).await.unwrap();
}

/// Waits until `css` matches `n` elements.
async fn shows_many(client: &Client, css: &str, n: usize) {
    let start = std::time::Instant::now();
    loop {
        let found = client
            .find_all(Locator::Css(css))
            .await
            .map_or(0, |all| all.len());
        if found == n {
            return;
        }
        if start.elapsed() > PATIENCE {
            screenshot(client, "failed").await;
            panic!("`{css}` never matched {n} elements: it matches {found}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Draws a piece in the piece drawer, `#` a cell, one string of rows a layer, and adds it; the
/// drawer shows `side` layers of places for each layer asked (a fine grid's cube). Returns once
/// the piece is in the list and the text with it checked (its picture drawn, where the puzzle
/// is whole), as a person sees it: the list grows as the server
/// answers, and whatever lies below it (the drawer, "one-sided") moves down with it, so that a
/// click aimed before then could land on another place.
async fn draw_piece(client: &Client, side: usize, layers: &[&[&str]]) {
    let before = client
        .find_all(Locator::Css("#pieces > li"))
        .await
        .map_or(0, |all| all.len());
    fill_in(client, "piece-layers", &layers.len().to_string()).await;
    // The drawer is drawn anew from the grid's geometry for the layers asked.
    shows_many(client, "#piece-grid svg", side * layers.len()).await;
    for (l, rows) in layers.iter().enumerate() {
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '#' {
                    let place = format!("#piece-grid [data-l='{l}'][data-r='{r}'][data-c='{c}']");
                    click(client, &place).await;
                }
            }
        }
    }
    click(client, "#add-piece").await;
    shows_many(client, "#pieces > li", before + 1).await;
    shows_many(client, "#status[aria-busy='false']", 1).await;
}

/// Solves, or counts, and reads the count the page shows.
async fn count(client: &Client, button: &str) -> String {
    // A new result replaces what the last search showed.
    let before = client
        .find(Locator::Id("result"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    click(client, button).await;
    let shown = text_when(client, "#result", |t| {
        t != before && !t.starts_with("stopped") && t.contains(" solution") && t.contains(" in ")
    })
    .await;
    // Counts are grouped as a person reads them: 2,339.
    let grouped = shown.split_whitespace().next().unwrap_or_default();
    grouped.replace(',', "")
}

/// The text in the editor.
async fn editor_text(client: &Client) -> String {
    let editor = client.find(Locator::Id("text")).await.expect("the editor");
    let value = editor.prop("value").await.expect("the editor's text");
    value.unwrap_or_default()
}

/// The editor's text once `ready` holds of it: what the page writes after a round trip to the
/// server (a piece drawn, say) is not there the moment the button is clicked.
async fn editor_when(client: &Client, ready: impl Fn(&str) -> bool) -> String {
    let start = std::time::Instant::now();
    loop {
        let text = editor_text(client).await;
        if ready(&text) {
            return text;
        }
        if start.elapsed() > PATIENCE {
            screenshot(client, "failed").await;
            panic!("the editor never showed what was awaited: it shows {text:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Replaces the text in the editor, as typing it would.
async fn type_text(client: &Client, text: &str) {
    let editor = client.find(Locator::Id("text")).await.expect("the editor");
    editor.clear().await.expect("the editor clears");
    editor.send_keys(text).await.expect("the text is typed");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_solves_opens_corrects_and_stops_puzzles_in_the_browser() {
    let (server, url) = serve();
    let (_driver, client) = browser().await;
    client.goto(&url).await.expect("the page loads");

    // The page opens on the 6x10 pentomino; Solve shows its count and its first solutions.
    text_when(&client, "#status", |t| t.contains("pentomino_6x10")).await;
    screenshot(&client, "1-opened").await;
    assert_eq!(count(&client, "#solve").await, "2339");
    let thumbs = client
        .find_all(Locator::Css("#thumbs .thumb"))
        .await
        .unwrap();
    assert_eq!(thumbs.len(), 24, "a page of thumbnails");
    let drawn = client
        .find_all(Locator::Css("#large svg .solution"))
        .await
        .unwrap();
    assert_eq!(drawn.len(), 1, "the first solution drawn large");
    screenshot(&client, "2-solved").await;

    // The JSON export: the solutions shown, one a line, as the command's `--json` writes them.
    let capture = "window.downloaded = [];\
        const make = URL.createObjectURL;\
        URL.createObjectURL = (blob) => { window.downloaded.push(blob); return make(blob); };\
        HTMLAnchorElement.prototype.click = () => {};";
    client
        .execute(capture, vec![])
        .await
        .expect("downloads are caught");
    click(&client, "#export-json").await;
    let read = "const done = arguments[arguments.length - 1];\
        window.downloaded[0].text().then(done);";
    let exported = client
        .execute_async(read, vec![])
        .await
        .expect("the download");
    let lines: Vec<&str> = exported.as_str().expect("text").lines().collect();
    assert!(!lines.is_empty(), "solutions exported");
    for line in &lines {
        let value: serde_json::Value = serde_json::from_str(line).expect("a line of JSON");
        assert_eq!(
            value["placements"].as_array().map(Vec::len),
            Some(12),
            "{line}"
        );
    }
    // The puzzle as a Rust crate: one archive of its manifest and its program, in the
    // directory of the crate's name.
    click(&client, "#export-rust").await;
    let read = "const done = arguments[arguments.length - 1];\
        const wait = () => window.downloaded.length > 1\
            ? window.downloaded[1].text().then(done) : setTimeout(wait, 50);\
        wait();";
    let archive = client
        .execute_async(read, vec![])
        .await
        .expect("the crate's download");
    let archive = archive.as_str().expect("the archive's bytes as text");
    assert!(
        archive.starts_with("pentomino-6x10/Cargo.toml\0"),
        "{archive:.40}"
    );
    assert!(archive.contains("pentomino-6x10/src/main.rs\0"));
    assert!(archive.contains("puzzle! {") && archive.contains("[dependencies]\npuzzlec = "));

    // A BurrTools file opened from disk, gzip-compressed as BurrTools writes them: the Soma
    // cube, counted.
    let soma = common::puzzles().join("soma_gzip.xmpuzzle");
    let input = client.find(Locator::Id("open")).await.unwrap();
    input
        .send_keys(&soma.canonicalize().unwrap().display().to_string())
        .await
        .expect("the file is chosen");
    text_when(&client, "#status", |t| t.contains("soma")).await;
    assert!(
        editor_text(&client).await.starts_with("<?xml"),
        "decompressed on opening"
    );
    assert_eq!(count(&client, "#count").await, "240");
    // The command counts the same.
    let command = common::puzzle(&["solve", "soma_gzip.xmpuzzle", "--count"]);
    assert_eq!(String::from_utf8_lossy(&command.stdout).trim(), "240");
    screenshot(&client, "3-burrtools").await;

    // A mistake is marked where it is: the line, the span, the message.
    choose(&client, "#examples", "pentomino_6x10.puzzle").await;
    text_when(&client, "#status", |t| t.contains("pentomino_6x10")).await;
    type_text(
        &client,
        "mod broken {\n    box: [\"..........\"; 6],\n    pieces: pentominos,\n}\n",
    )
    .await;
    let mistakes = text_when(&client, "#mistakes", |t| t.contains("unknown piece set")).await;
    assert!(
        mistakes.starts_with("3:13: unknown piece set"),
        "{mistakes}"
    );
    let marked = client.find(Locator::Css("#backdrop mark")).await.unwrap();
    assert_eq!(marked.text().await.unwrap(), "pentominos");
    let gutter = client.find(Locator::Css("#gutter .bad")).await.unwrap();
    assert_eq!(gutter.text().await.unwrap(), "3");
    screenshot(&client, "4-mistake").await;

    // A count of minutes, stopped from the page.
    type_text(
        &client,
        "mod long { box: 5 x 18, pieces: pentominoes(one_sided), reflect: false, symmetry: reduced }\n",
    )
    .await;
    text_when(&client, "#status", |t| t.contains("long:")).await;
    click(&client, "#count").await;
    // Once units are done, the bar has moved and the time to go is known.
    let progress = text_when(&client, "#progress-text", |t| {
        t.contains("about ") && t.contains(" to go")
    })
    .await;
    assert!(progress.contains(" units · "), "{progress}");
    let bar = (client.execute("return document.getElementById('bar').value", vec![])).await;
    let bar = bar.expect("the bar's value");
    assert!(bar.as_f64().is_some_and(|v| v > 0.0), "{bar}");
    screenshot(&client, "5-counting").await;
    click(&client, "#stop").await;
    let stopped = text_when(&client, "#result", |t| t.starts_with("stopped")).await;
    // What was counted before the stop is said, as no count of all.
    assert!(stopped.starts_with("stopped after"), "{stopped}");
    assert!(
        stopped.ends_with("found before the stop, not all"),
        "{stopped}"
    );
    screenshot(&client, "6-stopped").await;

    // The server goes away and comes back on the same port: the page says so, reconnects by
    // itself, and solves again.
    drop(server);
    text_when(&client, "#offline", |t| t.contains("reconnecting")).await;
    screenshot(&client, "7-offline").await;
    let port = url.trim_end_matches('/').rsplit(':').next().unwrap();
    let (_server, again) = serve_on(port.parse().expect("the address ends in its port"));
    assert_eq!(again, url);
    text_when(&client, "#offline", str::is_empty).await;
    choose(&client, "#examples", "pentomino_6x10.puzzle").await;
    text_when(&client, "#status", |t| t.contains("pentomino_6x10")).await;
    assert_eq!(count(&client, "#count").await, "2339");

    client.close().await.expect("the browser closes");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_draws_the_6x10_and_the_soma_cube_and_solves_them() {
    let (_server, url) = serve();
    let (_driver, client) = browser().await;
    client.goto(&url).await.expect("the page loads");
    text_when(&client, "#status", |t| t.contains("pentomino_6x10")).await;

    // The 6x10: a new puzzle made 10 by 6, its pieces the pentominoes, one solution a class.
    click(&client, "#new").await;
    // The drawing follows the new text once it is read: its box of 4 by 5.
    shows_many(&client, "#board .place", 20).await;
    text_when(&client, "#status", |t| t.starts_with("puzzle:")).await;
    fill_in(&client, "columns", "10").await;
    fill_in(&client, "rows", "6").await;
    // The box is drawn anew once the server has said where its places are.
    shows_many(&client, "#board .place", 60).await;
    click(&client, "#pieces button.remove").await;
    click(&client, "#add-set").await;
    click(&client, "#reduced").await;
    text_when(&client, "#status", |t| t.contains("72 aspects")).await;
    let drawn = client
        .find(Locator::Id("text"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap();
    assert!(drawn
        .unwrap_or_default()
        .contains("box: [\"..........\"; 6]"));
    screenshot(&client, "8-drawn-6x10").await;
    assert_eq!(count(&client, "#solve").await, "2339");
    screenshot(&client, "9-drawn-6x10-solved").await;

    // The Soma cube: a 3x3x3 box and its seven pieces drawn, one-sided.
    click(&client, "#new").await;
    // The drawing follows the new text once it is read: its box of 4 by 5.
    shows_many(&client, "#board .place", 20).await;
    text_when(&client, "#status", |t| t.starts_with("puzzle:")).await;
    fill_in(&client, "columns", "3").await;
    fill_in(&client, "rows", "3").await;
    fill_in(&client, "layers", "3").await;
    shows_many(&client, "#board .place", 27).await;
    click(&client, "#pieces button.remove").await;
    // The entry goes from the list at once, though the focus is still on its ✕.
    shows_many(&client, "#pieces > li", 0).await;
    let soma: [&[&[&str]]; 7] = [
        &[&["##", "#."]],
        &[&["###", "#.."]],
        &[&["###", ".#."]],
        &[&["##.", ".##"]],
        &[&["##", ".#"], &["..", ".#"]],
        &[&["..", ".#"], &["##", ".#"]],
        &[&["##", "#."], &["#.", ".."]],
    ];
    for piece in soma {
        draw_piece(&client, 1, piece).await;
    }
    click(&client, "#one-sided").await;
    click(&client, "#reduced").await;
    // The same placements as the BurrTools file's Soma cube.
    text_when(&client, "#status", |t| t.contains("688 placements")).await;
    screenshot(&client, "10-drawn-soma").await;
    assert_eq!(count(&client, "#count").await, "240");
    screenshot(&client, "11-drawn-soma-counted").await;

    // Each piece is shown as a picture; the first, the V, opened back into the drawer and
    // made a straight three there, is changed in place in the text, and counted: as many as
    // the command counts of the same puzzle written by hand.
    shows_many(&client, "#pieces button.piece-picture svg", 7).await;
    click(&client, "#pieces li:first-child button.piece-picture").await;
    text_when(&client, "#add-piece", |t| t == "change the piece").await;
    shows_many(&client, "#piece-grid .place.piece", 3).await;
    click(&client, "#piece-grid [data-l='0'][data-r='1'][data-c='0']").await;
    click(&client, "#piece-grid [data-l='0'][data-r='0'][data-c='2']").await;
    click(&client, "#add-piece").await;
    let changed = editor_when(&client, |t| t.contains("A: [\"###\"]")).await;
    // In its place, the other six as they were, no piece added.
    let pieces = "        A: [\"###\"],\n        B: [\"###\", \"#..\"],\n";
    assert!(changed.contains(pieces), "{changed}");
    assert!(!changed.contains("H:"), "{changed}");
    screenshot(&client, "11-soma-piece-changed").await;
    let by_hand = Path::new(env!("CARGO_TARGET_TMPDIR")).join("soma-changed.puzzle");
    std::fs::write(
        &by_hand,
        r####"mod changed {
            box: 3 x 3 x 3,
            pieces: {
                A: ["###"], B: ["###", "#.."], C: ["###", ".#."], D: ["##.", ".##"],
                E: [["##", ".#"], ["..", ".#"]], F: [["..", ".#"], ["##", ".#"]],
                G: [["##", "#."], ["#.", ".."]],
            },
            reflect: false,
            symmetry: reduced,
        }"####,
    )
    .unwrap();
    let counted = common::puzzle(&["solve", by_hand.to_str().unwrap(), "--count"]);
    assert!(
        counted.status.success(),
        "{}",
        String::from_utf8_lossy(&counted.stderr)
    );
    let expected = String::from_utf8_lossy(&counted.stdout).trim().to_owned();
    assert_eq!(count(&client, "#count").await, expected);

    // A fine grid, sized in cubes: a cube of 24 rhombic tetrahedra holds six square pyramids
    // (docs/language.md), in one way.
    click(&client, "#new").await;
    // The drawing follows the new text once it is read: its box of 4 by 5.
    shows_many(&client, "#board .place", 20).await;
    text_when(&client, "#status", |t| t.starts_with("puzzle:")).await;
    choose(&client, "#grid", "rhombic").await;
    for size in ["columns", "rows", "layers"] {
        fill_in(&client, size, "1").await;
    }
    shows_many(&client, "#board .place", 24).await;
    click(&client, "#pieces button.remove").await;
    fill_in(&client, "piece-name", "P").await;
    fill_in(&client, "piece-count", "6").await;
    draw_piece(&client, 5, &[&["", "..#", ".#.#", "..#"]]).await;
    editor_when(&client, |t| {
        t.contains("6 x P: [(0, 1, 2), (0, 2, 1), (0, 2, 3), (0, 3, 2)]")
    })
    .await;
    screenshot(&client, "12-drawn-rhombic").await;
    assert_eq!(count(&client, "#count").await, "1");

    // One puzzle of several redrawn: the 5x12 of the four rectangles made to show every
    // solution, the other three and the file's comments left as they were.
    choose(&client, "#examples", "pentomino_rectangles.puzzle").await;
    text_when(&client, "#status", |t| t.starts_with("p3x20:")).await;
    let before = editor_text(&client).await;
    choose(&client, "#pick", "p5x12").await;
    text_when(&client, "#status", |t| t.starts_with("p5x12:")).await;
    click(&client, "#reduced").await;
    let after = editor_text(&client).await;
    let p5x12 = "mod p5x12 { box: [\"............\"; 5], pieces: pentominoes, symmetry: reduced }";
    let redrawn = "mod p5x12 {\n    box: [\"............\"; 5],\n    pieces: pentominoes,\n}";
    assert_eq!(after, before.replace(p5x12, redrawn));
    // The 1010 classes of the 5x12 (a published figure), four tilings each: no tiling of a
    // rectangle by the twelve pentominoes is its own mirror image or half-turn.
    assert_eq!(count(&client, "#count").await, "4040");
    screenshot(&client, "13-one-of-several-redrawn").await;
    client.close().await.expect("the browser closes");
}

/// Chooses the option `value` of the list `css`.
async fn choose(client: &Client, css: &str, value: &str) {
    click(client, &format!("{css} option[value='{value}']")).await;
}

/// The 6x10 of the pentominoes, one solution a symmetry class.
const SIX_BY_TEN: &str =
    "mod p { box: [\"..........\"; 6], pieces: pentominoes, symmetry: reduced }";

/// Whether the element `css` is shown.
async fn shown(client: &Client, css: &str) -> bool {
    let element = client.find(Locator::Css(css)).await.expect("the element");
    element.is_displayed().await.expect("whether it is shown")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_never_loses_a_text_to_the_drawing_or_a_reload() {
    let (_server, url) = serve();
    let (_driver, client) = browser().await;
    client.goto(&url).await.expect("the page loads");
    text_when(&client, "#status", |t| t.contains("pentomino_6x10")).await;
    assert_eq!(count(&client, "#count").await, "2339");

    // A text of the person's own, with a mistake (10 cells of pieces for 12): the drawing is
    // of this text, and adding a set adds it to this text.
    let mine =
        "mod mine { box: 2 x 6, pieces: { L: [\"####\", \"#...\"], P: [\"##\", \"##\", \"#.\"] } }";
    type_text(&client, mine).await;
    text_when(&client, "#status", |t| t.contains("mistake")).await;
    // Its messages name it as it would be saved, not as the example it replaced.
    text_when(&client, "#report", |t| t.contains("--> mine.puzzle:")).await;
    shows_many(&client, "#board .place", 12).await;
    // The solutions of the 6x10 are marked as another text's.
    assert!(shown(&client, "#stale").await);
    click(&client, "#add-set").await;
    let added = editor_when(&client, |t| t.contains("pentominoes")).await;
    assert!(
        added.contains("mod mine {") && added.contains("L: [\"####\", \"#...\"]"),
        "{added}"
    );
    screenshot(&client, "14-set-added-to-own-text").await;
    // Saved, it is saved under its own name, not the example's it replaced.
    let saved = "window.saved = [];\
        HTMLAnchorElement.prototype.click = function () { window.saved.push(this.download); };\
        document.getElementById('save').click();\
        return window.saved;";
    let saved = client.execute(saved, vec![]).await.unwrap();
    assert_eq!(saved, json!(["mine.puzzle"]));

    // Undo gives the text back as typed, redo the set again, as do the keys.
    click(&client, "#undo").await;
    assert_eq!(editor_text(&client).await, mine);
    click(&client, "#redo").await;
    assert_eq!(editor_text(&client).await, added);
    let editor = client.find(Locator::Id("text")).await.unwrap();
    editor.send_keys("\u{e009}z\u{e009}").await.unwrap();
    assert_eq!(editor_text(&client).await, mine);

    // Two pieces drawn one after the other while the server has not yet written the first
    // (its answers held until released): each reaches the text as drawn, in its order, under a
    // name of its own, for the drawer was the next piece's the moment the first was added.
    let hold = "window.held = []; const fetched = window.fetch;\
        window.release = () => { window.fetch = fetched; window.held.forEach((go) => go()); };\
        window.fetch = (url, options) => String(url).includes('/api/piece')\
            ? new Promise((go) => window.held.push(go)).then(() => fetched(url, options))\
            : fetched(url, options);";
    client.execute(hold, vec![]).await.unwrap();
    fill_in(&client, "piece-name", "A").await;
    for cells in [&[0][..], &[0, 1]] {
        for c in cells {
            click(
                &client,
                &format!("#piece-grid [data-l='0'][data-r='0'][data-c='{c}']"),
            )
            .await;
        }
        click(&client, "#add-piece").await;
    }
    client.execute("window.release();", vec![]).await.unwrap();
    let both = editor_when(&client, |t| t.contains("B: [\"##\"]")).await;
    let first = both.find("A: [\"#\"]");
    assert!(
        first.is_some_and(|a| a < both.find("B:").unwrap()),
        "{both}"
    );
    // A piece the server cannot write is given back to the drawer, and the status says why.
    let fail = "window.fetch = (url, options) => String(url).includes('/api/piece')\
            ? Promise.resolve(new Response(JSON.stringify({ error: 'no such piece' }),\
                { status: 400 }))\
            : window.fetched(url, options);";
    client
        .execute(&format!("window.fetched = window.fetch; {fail}"), vec![])
        .await
        .unwrap();
    let place = "#piece-grid [data-l='0'][data-r='1'][data-c='1']";
    click(&client, place).await;
    click(&client, "#add-piece").await;
    text_when(&client, "#status", |t| t.contains("no such piece")).await;
    shows_many(&client, &format!("{place}.piece"), 1).await;
    // Refused while another piece is being drawn, it waits for the drawer to be empty again.
    let held = "window.held = [];\
        window.fetch = (url, options) => String(url).includes('/api/piece')\
            ? new Promise((go) => window.held.push(go)).then(() => new Response(\
                JSON.stringify({ error: 'no such piece' }), { status: 400 }))\
            : window.fetched(url, options);";
    client.execute(held, vec![]).await.unwrap();
    click(&client, "#add-piece").await;
    let other = "#piece-grid [data-l='0'][data-r='0'][data-c='0']";
    click(&client, other).await;
    client
        .execute("window.held.forEach((go) => go());", vec![])
        .await
        .unwrap();
    text_when(&client, "#status", |t| t.contains("once the piece there")).await;
    screenshot(&client, "14-refused-piece-waits").await;
    shows_many(&client, &format!("{other}.piece"), 1).await;
    shows_many(&client, "#piece-grid .piece", 1).await;
    click(&client, "#clear-piece").await;
    shows_many(&client, &format!("{place}.piece"), 1).await;
    shows_many(&client, "#piece-grid .piece", 1).await;
    client
        .execute("window.fetch = window.fetched;", vec![])
        .await
        .unwrap();
    click(&client, "#clear-piece").await;
    click(&client, "#undo").await;
    click(&client, "#undo").await;
    assert_eq!(editor_text(&client).await, mine);

    // A text that cannot be read leaves the drawing nothing to draw, and says why.
    type_text(&client, "mod broken { box: [").await;
    text_when(&client, "#unsketched", |t| t.contains("cannot be read")).await;
    assert!(shows_nothing(&client, "#board .place").await);

    // On the hexagonal grid the set menu offers the hexagons' sets alone.
    type_text(
        &client,
        "mod hex { grid: hexagonal, box: [\". . .\", \" . . \"], pieces: tetrahexes }",
    )
    .await;
    text_when(&client, "#status", |t| {
        t.starts_with("hex:") || t.contains("mistake")
    })
    .await;
    shows_many(&client, "#set option", 2).await;

    // A narrow window puts Solve under the text, within the first screen; a wide one puts the
    // three panels side by side. A long line wraps rather than hiding past the edge.
    let long = format!("// {}\n{SIX_BY_TEN}", "a comment that runs on ".repeat(12));
    type_text(&client, &long).await;
    text_when(&client, "#status", |t| t.starts_with("p:")).await;
    for (width, height) in [(800, 600), (1600, 1000)] {
        client
            .set_window_size(width, height)
            .await
            .expect("the window resizes");
        let seen = "const b = document.getElementById('solve').getBoundingClientRect();\
            return [b.bottom, window.innerHeight];";
        let seen = client.execute(seen, vec![]).await.unwrap();
        let [bottom, shown] = [0, 1].map(|i| seen[i].as_f64().unwrap());
        assert!(
            bottom < shown,
            "Solve ends {bottom} px down a page {shown} high"
        );
        let wide =
            "const t = document.getElementById('text'); return t.scrollWidth - t.clientWidth;";
        let wide = client
            .execute(wide, vec![])
            .await
            .unwrap()
            .as_f64()
            .unwrap();
        assert!(wide < 1.0, "the text is {wide} px wider than its panel");
        // Solve, and Solve with the first solution it found are in view together.
        assert_eq!(count(&client, "#solve").await, "2339");
        let seen = "const s = document.getElementById('solve').getBoundingClientRect();\
            const l = document.querySelector('#large svg').getBoundingClientRect();\
            return [s.top, s.bottom, l.top, l.bottom, window.innerHeight];";
        let seen = client.execute(seen, vec![]).await.unwrap();
        let [top, bottom, first, last, shown] = [0, 1, 2, 3, 4].map(|i| seen[i].as_f64().unwrap());
        assert!(
            top >= 0.0 && bottom <= shown && first < last.min(shown) - 100.0,
            "Solve at {top}..{bottom} px, the first solution at {first}..{last}, in {shown} px"
        );
        screenshot(&client, &format!("15-layout-{width}x{height}")).await;
    }
    // The gutter numbers lines as written: the comment's wrapped line is one line.
    let gutter = client.find(Locator::Id("gutter")).await.unwrap();
    assert_eq!(gutter.text().await.unwrap().lines().next(), Some("1"));

    // A reload, or a visit later: the text is as it was left.
    let left = editor_text(&client).await;
    client.refresh().await.expect("the page reloads");
    editor_when(&client, |t| t == left).await;
    client.close().await.expect("the browser closes");
}

/// Whether `css` matches nothing, once the page has settled on it.
async fn shows_nothing(client: &Client, css: &str) -> bool {
    shows_many(client, css, 0).await;
    true
}

/// Puts `text` in the editor as a paste would, read as `format`.
async fn paste(client: &Client, text: &str, format: &str) {
    choose(client, "#format", format).await;
    let script = "const t = document.getElementById('text'); t.value = arguments[0]; \
                  t.dispatchEvent(new Event('input', { bubbles: true }));";
    client
        .execute(script, vec![json!(text)])
        .await
        .expect("the text is pasted");
}

/// Saves the element `css` as `name`.png.
async fn screenshot_of(client: &Client, css: &str, name: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("workshop");
    std::fs::create_dir_all(&dir).expect("the screenshots' directory");
    let element = client.find(Locator::Css(css)).await.expect("the element");
    let png = element.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot is saved");
}

const HEXIAMONDS: &str = include_str!("../../puzzles/hexiamonds.puzzle");
const TETRAHEXES: &str = include_str!("../../puzzles/tetrahexes.puzzle");
const SOMA: &str = include_str!("../../puzzles/soma.xmpuzzle");
const PRISMS: &str = include_str!("../../puzzles/prisms.xmpuzzle");
const SPHERES: &str = include_str!("../../puzzles/spheres.puzzle");
const RHOMBIC: &str = include_str!("../../puzzles/rhombic.xmpuzzle");
const OCTAHEDRA: &str = include_str!("../../puzzles/octahedra.xmpuzzle");

/// What the view in three dimensions shows of each piece, alone: how many pixels it covers
/// and how many of them are its colour, shaded (a multiple of it, within a little); and how
/// many pixels change when the view turns, and when it explodes.
const AUDIT: &str = r#"
const v = document.querySelector('#view canvas').view;
const shades = (i) => {
  const { ids } = v.idBuffer();
  const { data } = v.pixels();
  const c = v.parts[i].rgb.map((x) => x * 255);
  let covered = 0, coloured = 0;
  for (let p = 0; p < ids.length; p++) {
    if (ids[p] !== i) continue;
    covered++;
    const px = [data[4 * p], data[4 * p + 1], data[4 * p + 2]];
    const k = (px[0] * c[0] + px[1] * c[1] + px[2] * c[2]) / (c[0] ** 2 + c[1] ** 2 + c[2] ** 2);
    const off = Math.hypot(px[0] - k * c[0], px[1] - k * c[1], px[2] - k * c[2]);
    if (k > 0.5 && off < 10) coloured++;
  }
  return [covered, coloured];
};
const pieces = v.parts.map((_, i) => { v.showAlone(i); v.draw(); const s = shades(i); v.showAlone(i); return s; });
v.draw();
const changed = (act) => {
  const before = v.pixels().data.slice();
  act(); v.draw();
  const after = v.pixels().data;
  let n = 0;
  for (let p = 0; p < after.length; p += 4) if (before[p] !== after[p] || before[p + 1] !== after[p + 1] || before[p + 2] !== after[p + 2]) n++;
  return n / (after.length / 4);
};
const turned = changed(() => v.turn(60, 25));
const exploded = changed(() => { v.explode = 1; });
v.reset(); v.draw();
v.placed = 1; v.draw();
const one = new Set(v.idBuffer().ids.filter((id) => id >= 0));
v.reset(); v.draw();
return JSON.stringify({ pieces, turned, exploded, placedFirst: [...one], error: v.gl.getError() });
"#;

/// Every grid's solutions are seen as solids: on each of the seven grids (squares, triangles
/// and hexagons as tiles, cubes, prisms, spheres, rhombic tetrahedra, tetrahedra and
/// octahedra) the first solution is drawn in WebGL, each piece alone shows its own colour,
/// turning and exploding the view change the picture, the pieces are placed one by one, and
/// a click on a piece shows it alone. Each view is saved, whole and exploded, to look at.
#[tokio::test(flavor = "multi_thread")]
async fn every_grid_is_seen_in_three_dimensions() {
    let (_server, url) = serve();
    let (_driver, client) = browser().await;
    client.goto(&url).await.expect("the page loads");
    text_when(&client, "#status", |t| t.contains("pentomino_6x10")).await;
    let webgl = client
        .execute(
            "return !!document.createElement('canvas').getContext('webgl2')",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(webgl, json!(true), "headless Chromium draws WebGL2");
    // Each grid's puzzle, and what the status says once it is read.
    let puzzles = [
        ("squares", SIX_BY_TEN, "puzzle", "p: 72 aspects"),
        (
            "triangles",
            HEXIAMONDS,
            "puzzle",
            "hexiamonds_6x6: 88 aspects",
        ),
        (
            "hexagons",
            TETRAHEXES,
            "puzzle",
            "tetrahexes_4x7: 35 aspects",
        ),
        ("cubes", SOMA, "xmpuzzle", ": 35 aspects, 688 placements"),
        ("prisms", PRISMS, "xmpuzzle", ": 30 aspects"),
        ("spheres", SPHERES, "puzzle", "pyramid_3: 22 aspects"),
        ("rhombic", RHOMBIC, "xmpuzzle", ": 50 aspects"),
        ("octahedra", OCTAHEDRA, "xmpuzzle", ": 42 aspects"),
    ];
    let shown_now = "return document.getElementById('view').dataset.shown ?? ''";
    for (grid, text, format, aspects) in puzzles {
        paste(&client, text, format).await;
        text_when(&client, "#status", |t| t.contains(aspects)).await;
        let before = client.execute(shown_now, vec![]).await.unwrap();
        click(&client, "#solve").await;
        // The view shows the new search's first solution once its scene has come.
        let start = std::time::Instant::now();
        loop {
            let now = client.execute(shown_now, vec![]).await.unwrap();
            if now != before && now.as_str().is_some_and(|k| k.ends_with(" 1")) {
                break;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "{grid}: the view never showed a solution"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // A long search is not waited for: its first solution is all that is looked at.
        client
            .execute("document.getElementById('stop').click()", vec![])
            .await
            .unwrap();
        let audit = client.execute(AUDIT, vec![]).await.unwrap();
        let audit: serde_json::Value = serde_json::from_str(audit.as_str().unwrap()).unwrap();
        assert_eq!(
            audit["error"],
            json!(0),
            "{grid}: WebGL went wrong: {audit}"
        );
        let pieces = audit["pieces"].as_array().unwrap();
        assert!(pieces.len() >= 2, "{grid}: {audit}");
        for (i, p) in pieces.iter().enumerate() {
            let (covered, coloured) = (p[0].as_u64().unwrap(), p[1].as_u64().unwrap());
            assert!(
                covered > 50,
                "{grid}: piece {i} covers {covered} pixels alone: {audit}"
            );
            // The lines where its faces meet are dark; the rest is its colour, shaded.
            assert!(
                coloured * 2 > covered,
                "{grid}: piece {i}: {coloured} of {covered} pixels are its colour"
            );
        }
        assert!(
            audit["turned"].as_f64().unwrap() > 0.02,
            "{grid}: turning changes nothing: {audit}"
        );
        assert!(
            audit["exploded"].as_f64().unwrap() > 0.02,
            "{grid}: exploding changes nothing: {audit}"
        );
        assert_eq!(
            audit["placedFirst"],
            json!([0]),
            "{grid}: one piece placed shows it alone"
        );
        screenshot_of(&client, "#view", &format!("view-{grid}")).await;
        client
            .execute(
                "const v = document.querySelector('#view canvas').view; v.explode = 1; v.draw();",
                vec![],
            )
            .await
            .unwrap();
        screenshot_of(&client, "#view", &format!("view-{grid}-exploded")).await;
        client
            .execute(
                "const v = document.querySelector('#view canvas').view; v.reset(); v.draw();",
                vec![],
            )
            .await
            .unwrap();
        // A click on the piece in the middle of the view shows it alone; again, all.
        click(&client, "#view canvas").await;
        shows_many(&client, ".view-legend li.alone", 1).await;
        click(&client, "#view canvas").await;
        shows_many(&client, ".view-legend li.alone", 0).await;
    }
    // On a narrow screen the view keeps the panel's width and its controls wrap.
    client
        .set_window_size(800, 600)
        .await
        .expect("the window resizes");
    let width = "return document.querySelector('#view canvas').getBoundingClientRect().width";
    let width = client
        .execute(width, vec![])
        .await
        .unwrap()
        .as_f64()
        .unwrap();
    assert!(
        width > 300.0 && width <= 800.0,
        "the view is {width} px wide"
    );
    screenshot_of(&client, "#view", "view-narrow").await;
}

const PELIKAN: &str = include_str!("../../puzzles/pelikan_burr.xmpuzzle");

/// Keeps the view's picture under a name (`arguments[0]`).
/// Which piece each pixel shows, from the view's off-screen pass of flat colours (no lines,
/// no smoothing): the same scene gives the same pass, where two draws on the screen differ in
/// a few pixels of their lines.
const SNAP: &str = "const v = document.querySelector('#view canvas').view; v.draw(); \
                    window.snaps ??= {}; window.snaps[arguments[0]] = v.idBuffer().ids; \
                    return true;";

/// The share of the pixels that differ between two pictures kept (`arguments[0]`, `[1]`).
const DIFFER: &str = "const [a, b] = [window.snaps[arguments[0]], window.snaps[arguments[1]]]; \
                      if (a.length !== b.length) return 1; let n = 0; \
                      for (let p = 0; p < a.length; p++) if (a[p] !== b[p]) n++; \
                      return n / a.length;";

/// Keeps the view's picture as `name`.
async fn snap(client: &Client, name: &str) {
    client.execute(SNAP, vec![json!(name)]).await.unwrap();
}

/// The share of the pixels that differ between the pictures kept as `a` and `b`.
async fn differ(client: &Client, a: &str, b: &str) -> f64 {
    let share = client
        .execute(DIFFER, vec![json!(a), json!(b)])
        .await
        .unwrap();
    share.as_f64().unwrap()
}

/// The Pelikan burr's assemblies are taken apart in the view: those that are stuck say so, the
/// one that comes apart plays its 98 moves and more, forward and back: each move changes the
/// picture, and back at the start the picture is the assembled one again. Saved as screenshots
/// at the start, after the first moves, and at the end.
#[tokio::test(flavor = "multi_thread")]
async fn a_burr_is_taken_apart_move_by_move() {
    let (_server, url) = serve();
    let (_driver, client) = browser().await;
    client.goto(&url).await.expect("the page loads");
    text_when(&client, "#status", |t| t.contains("pentomino_6x10")).await;
    paste(&client, PELIKAN, "xmpuzzle").await;
    text_when(&client, "#status", |t| t.contains(": 520 aspects")).await;
    click(&client, "#solve").await;
    text_when(&client, "#result", |t| t.starts_with("12 solutions")).await;
    let mut stuck = 0;
    let mut apart = None;
    for i in 1..=12 {
        // Twelve thumbnails, a page of them; each chosen shows its own view.
        let thumb = format!("#thumbs .thumb:nth-child({i})");
        click(&client, &thumb).await;
        let key = format!(" {i}");
        let start = std::time::Instant::now();
        loop {
            let shown = "return document.getElementById('view').dataset.shown ?? ''";
            let now = client.execute(shown, vec![]).await.unwrap();
            if now.as_str().is_some_and(|k| k.ends_with(&key)) {
                break;
            }
            assert!(start.elapsed() < PATIENCE, "solution {i} was never shown");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        click(&client, "#view .take-apart").await;
        let said = text_when(&client, "#view .moves-text", |t| {
            t.contains("level") || t.contains("does not come apart")
        })
        .await;
        if said.contains("level") {
            assert!(apart.is_none(), "a second solution comes apart: {said}");
            assert!(said.starts_with("level 98.2.4.2"), "{said}");
            let total: usize = client
                .execute(
                    "return Number(document.querySelector('#view .move').max)",
                    vec![],
                )
                .await
                .unwrap()
                .as_u64()
                .unwrap() as usize;
            assert!(total >= 98 + 2 + 4 + 2, "{total} moves");
            snap(&client, "assembled").await;
            snap(&client, "again").await;
            assert_eq!(differ(&client, "assembled", "again").await, 0.0);
            screenshot_of(&client, "#view", "disassembly-start").await;
            for k in 1..=3 {
                click(&client, "#view .move-next").await;
                text_when(&client, "#view .moves-text", |t| {
                    t.contains(&format!("move {k} of {total}: "))
                })
                .await;
                snap(&client, &format!("move {k}")).await;
                let before = format!("move {}", k - 1);
                let before = if k == 1 { "assembled" } else { &before };
                let changed = differ(&client, before, &format!("move {k}")).await;
                assert!(changed > 0.001, "move {k} changes {changed} of the view");
            }
            screenshot_of(&client, "#view", "disassembly-move-3").await;
            for k in (0..3).rev() {
                click(&client, "#view .move-back").await;
                text_when(&client, "#view .moves-text", |t| {
                    t.contains(&format!("move {k} of {total}"))
                })
                .await;
            }
            snap(&client, "back").await;
            let changed = differ(&client, "assembled", "back").await;
            assert_eq!(
                changed, 0.0,
                "back at the start, the burr is assembled again"
            );
            // The slider goes to the end: every piece out of the cage.
            client
                .execute(
                    "const m = document.querySelector('#view .move'); m.value = m.max; \
                     m.dispatchEvent(new Event('input', { bubbles: true }));",
                    vec![],
                )
                .await
                .unwrap();
            text_when(&client, "#view .moves-text", |t| {
                t.contains(&format!("move {total} of {total}: "))
            })
            .await;
            snap(&client, "end").await;
            assert!(differ(&client, "assembled", "end").await > 0.01);
            screenshot_of(&client, "#view", "disassembly-end").await;
            apart = Some(i);
        } else {
            stuck += 1;
        }
    }
    assert_eq!(stuck, 11, "eleven of the twelve assemblies are stuck");
    assert!(apart.is_some(), "one assembly comes apart");
}
