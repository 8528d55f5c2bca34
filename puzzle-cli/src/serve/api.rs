//! The requests a page makes once: check and compile a puzzle's text (every mistake with where
//! it is), the Rust program it becomes, a gallery of solutions as SVG, and the examples.
//! Compiled puzzles are kept a while ([`KeptPuzzles`]), since a page checks a text as it is typed
//! and then solves it.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use puzzle::compiler::{parse, print, Runnable, Symmetry};
use puzzle::Solver;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{limits, Shared};
use puzzle_io::draw::svg;
use puzzle_io::input::{self, xmpuzzle, Asking, Choice, Format, InputError, Loaded, Mistake};

/// A puzzle as a page sends it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Source {
    /// The text: the puzzle language, a DLX file's, or a BurrTools file's XML.
    pub text: String,
    /// Its format: `puzzle` (the default), `xmpuzzle` or `dlx`.
    #[serde(default = "language")]
    pub format: String,
    /// The file's name, for messages alone: nothing is read from it.
    #[serde(default)]
    pub file: Option<String>,
    /// Which puzzle of several (by name), or BurrTools problem (by number from 1, or name);
    /// the first where none is named.
    #[serde(default)]
    pub pick: Option<String>,
    /// Every solution, not one per symmetry class.
    #[serde(default)]
    pub all: bool,
}

fn language() -> String {
    "puzzle".to_owned()
}

impl Source {
    /// The format named, or what is wrong with its name.
    fn format(&self) -> Result<Format, Rejected> {
        match self.format.as_str() {
            "puzzle" => Ok(Format::Puzzle),
            "xmpuzzle" => Ok(Format::Xmpuzzle),
            "dlx" => Ok(Format::Dlx),
            other => Err(Rejected::Request(format!(
                "unknown format {other:?}: expected \"puzzle\", \"xmpuzzle\" or \"dlx\""
            ))),
        }
    }

    /// The name messages give the text.
    fn label(&self) -> &Path {
        Path::new(self.file.as_deref().unwrap_or("puzzle"))
    }

    /// The puzzles of a text to choose from, in order: in the language each by its name, in
    /// a BurrTools file each problem by its number from 1 (and its name in the label); none
    /// where the text cannot be read, or holds no choice.
    pub fn puzzles(&self) -> Vec<Pick> {
        match self.format.as_str() {
            "puzzle" => (parse::parse_str(&self.text).into_iter().flatten())
                .map(|p| {
                    let name = p.header.name.to_string();
                    let [start, end] = p.extent.map(|s| (s.start(), s.end()));
                    Pick {
                        pick: name.clone(),
                        label: name,
                        written: Some(Written {
                            line: start.0.line,
                            column: start.0.column + 1,
                            end_line: end.1.line,
                            end_column: end.1.column + 1,
                        }),
                    }
                })
                .collect(),
            "xmpuzzle" => (xmpuzzle::problems(self.text.as_bytes())
                .into_iter()
                .enumerate())
            .map(|(i, name)| Pick {
                pick: (i + 1).to_string(),
                label: match name {
                    Some(name) => format!("{}: {name}", i + 1),
                    None => format!("problem {}", i + 1),
                },
                written: None,
            })
            .collect(),
            _ => Vec::new(),
        }
    }

    /// The text read and its puzzle chosen (the first where none is), as the command reads a
    /// file.
    fn read(&self) -> Result<Loaded, Rejected> {
        let format = self.format()?;
        let pick =
            (self.pick.clone()).or_else(|| self.puzzles().into_iter().next().map(|p| p.pick));
        let choice = Choice {
            puzzle: pick.clone(),
            problem: pick,
            asking: Asking::COMMAND,
        };
        let bytes = self.text.as_bytes().to_vec();
        Ok(input::read_bytes(self.label(), bytes, format, &choice)?)
    }
}

/// A puzzle of a text to choose: what to send as `pick`, and what to show.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Pick {
    /// The puzzle's name, or the BurrTools problem's number.
    pub pick: String,
    /// What a person reads.
    pub label: String,
    /// Where a puzzle of the language is written, from its `mod` to its closing brace, so
    /// that the drawing editor rewrites it alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<Written>,
}

/// A stretch of a text: lines and columns from 1, columns in characters, the end just past it.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Written {
    /// The line it starts on.
    pub line: usize,
    /// The column it starts at.
    pub column: usize,
    /// The line it ends on.
    pub end_line: usize,
    /// The column just past its end.
    pub end_column: usize,
}

/// Why a request was not answered with what it asked.
#[derive(Debug)]
pub enum Rejected {
    /// Mistakes in the puzzle.
    Mistakes(InputError),
    /// A request that is not what the server takes.
    Request(String),
    /// Too much at once: try again later.
    Busy(&'static str),
}

impl From<InputError> for Rejected {
    fn from(e: InputError) -> Rejected {
        Rejected::Mistakes(e)
    }
}

impl Rejected {
    /// The rejection as a page reads it: `errors` (each mistake with its line and column) and
    /// `report` (the command's report) for mistakes, `message` otherwise.
    pub fn to_json(&self) -> Value {
        match self {
            Rejected::Mistakes(e) => json!({
                "ok": false,
                "errors": e.mistakes(),
                "report": e.render(false).trim_end(),
            }),
            Rejected::Request(message) => json!({ "ok": false, "message": message }),
            Rejected::Busy(message) => json!({ "ok": false, "busy": true, "message": message }),
        }
    }
}

impl IntoResponse for Rejected {
    fn into_response(self) -> Response {
        let status = match &self {
            // A puzzle with mistakes is an answer to a check, not a failed request.
            Rejected::Mistakes(_) => StatusCode::OK,
            Rejected::Request(_) => StatusCode::BAD_REQUEST,
            Rejected::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        };
        (status, Json(self.to_json())).into_response()
    }
}

/// A puzzle compiled, with what a page shows of it.
#[derive(Debug)]
pub struct Ready {
    /// What the run-time engine runs.
    pub runnable: Runnable,
    /// What the compiler decided ([`puzzle::Info`]).
    pub info: Value,
    /// The puzzle in the language (from a BurrTools or DLX file, what it reads as), where the
    /// language can say it.
    pub language: Option<String>,
    /// What the file asks that is done otherwise.
    pub warnings: Vec<Mistake>,
    /// The puzzle as the page's drawing editor holds it ([`print::Sketch`]), or why it cannot.
    pub sketch: Value,
}

/// The puzzles compiled lately, the last used first, at most [`limits::KEPT_COMPILED`].
#[derive(Debug, Default)]
pub struct KeptPuzzles {
    kept: Mutex<VecDeque<(Source, Arc<Ready>)>>,
}

impl KeptPuzzles {
    /// The puzzle `source` holds, compiled (or kept from before), on a thread of its own and
    /// at most [`limits::MAX_COMPILES`] at once.
    pub async fn get(&self, shared: &Shared, source: &Source) -> Result<Arc<Ready>, Rejected> {
        if let Some(ready) = self.kept(source) {
            return Ok(ready);
        }
        let _permit = (shared.compiles.acquire().await)
            .map_err(|_| Rejected::Busy("the server is shutting down"))?;
        let theirs = source.clone();
        let ready = tokio::task::spawn_blocking(move || ready(&theirs))
            .await
            .map_err(|e| Rejected::Request(format!("the compiler failed: {e} (a bug)")))??;
        let ready = Arc::new(ready);
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.push_front((source.clone(), Arc::clone(&ready)));
        kept.truncate(limits::KEPT_COMPILED);
        Ok(ready)
    }

    /// The puzzle kept for `source`, made the last used.
    fn kept(&self, source: &Source) -> Option<Arc<Ready>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let at = kept.iter().position(|(s, _)| s == source)?;
        let entry = kept.remove(at)?;
        let ready = Arc::clone(&entry.1);
        kept.push_front(entry);
        Some(ready)
    }
}

/// Reads and compiles `source`, with `all` applied.
fn ready(source: &Source) -> Result<Ready, Rejected> {
    let mut loaded = source.read()?;
    let sketch = match print::sketch(&loaded.description) {
        Ok(s) => json!({
            "name": s.name,
            "grid": s.grid.word(),
            "board": s.board,
            "pieces": s.pieces,
            "reflect": s.reflect,
            "reduced": s.reduced,
            "options": s.options,
        }),
        Err(why) => json!({ "unsketched": why.to_string() }),
    };
    let language = print::source(&loaded.description).ok();
    if source.all {
        loaded.description.symmetry = Symmetry::All;
    }
    let puzzle = loaded.compile()?;
    let warnings = match loaded.warnings.is_empty() {
        true => Vec::new(),
        false => {
            InputError::new(&loaded.path, Some(&loaded.text), loaded.warnings.clone()).mistakes()
        }
    };
    let info = serde_json::to_value(puzzle.info())
        .map_err(|e| Rejected::Request(format!("the puzzle's facts: {e}")))?;
    Ok(Ready {
        runnable: puzzle.runnable().clone(),
        info,
        language,
        warnings,
        sketch,
    })
}

/// `POST /api/compile`: checks and compiles a puzzle: `ok`, its `info`, `warnings`, the
/// puzzle in the `language`, and the `puzzles` of its text; or `errors` and `report`.
pub async fn compile_json(shared: &Shared, source: &Source) -> Value {
    let puzzles = source.puzzles();
    match shared.compiled.get(shared, source).await {
        Ok(ready) => json!({
            "ok": true,
            "info": ready.info,
            "warnings": ready.warnings,
            "language": ready.language,
            "sketch": ready.sketch,
            "puzzles": puzzles,
        }),
        Err(rejected) => {
            let mut value = rejected.to_json();
            value["puzzles"] = json!(puzzles);
            value
        }
    }
}

/// `POST /api/compile`.
pub async fn compile(State(shared): State<Shared>, Json(source): Json<Source>) -> Response {
    match source.format() {
        Ok(_) => Json(compile_json(&shared, &source).await).into_response(),
        Err(rejected) => rejected.into_response(),
    }
}

/// `POST /api/rust`: the Rust program the puzzle becomes (`puzzle rust`), as `program`.
pub async fn rust(
    State(shared): State<Shared>,
    Json(source): Json<Source>,
) -> Result<Json<Value>, Rejected> {
    let _permit = (shared.compiles.acquire().await)
        .map_err(|_| Rejected::Busy("the server is shutting down"))?;
    let program = tokio::task::spawn_blocking(move || -> Result<String, Rejected> {
        Ok(source.read()?.program()?)
    })
    .await
    .map_err(|e| Rejected::Request(format!("the compiler failed: {e} (a bug)")))??;
    Ok(Json(json!({ "ok": true, "program": program })))
}

/// What `POST /api/gallery` takes: a puzzle and some of its solutions.
#[derive(Debug, Deserialize)]
pub struct GalleryRequest {
    /// The puzzle.
    pub source: Source,
    /// The solutions, each its embeddings in placement order, as the search sent them.
    pub solutions: Vec<Vec<u32>>,
    /// The number of the first.
    #[serde(default = "one")]
    pub first: u64,
}

fn one() -> u64 {
    1
}

/// `POST /api/gallery`: solutions of a puzzle drawn as one SVG gallery, as `--svg` draws them.
pub async fn gallery(
    State(shared): State<Shared>,
    Json(request): Json<GalleryRequest>,
) -> Result<Response, Rejected> {
    if request.solutions.len() > limits::MAX_SENT {
        return Err(Rejected::Request(format!(
            "{} solutions: a gallery holds at most {}",
            request.solutions.len(),
            limits::MAX_SENT
        )));
    }
    let ready = shared.compiled.get(&shared, &request.source).await?;
    let embeddings = ready.runnable.info().embeddings;
    // Each solution must be one of this puzzle's: embeddings of it, each once.
    let fits = |s: &Vec<u32>| {
        s.iter().all(|&e| (e as usize) < embeddings) && {
            let mut sorted = s.clone();
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[0] != w[1])
        }
    };
    if let Some(bad) = request.solutions.iter().position(|s| !fits(s)) {
        return Err(Rejected::Request(format!(
            "solution {} is not one of this puzzle's (its embeddings are numbered 0 to {})",
            bad + 1,
            embeddings.saturating_sub(1)
        )));
    }
    let placed: Vec<&[u32]> = request.solutions.iter().map(Vec::as_slice).collect();
    let drawn = svg::gallery(ready.runnable.catalog(), &placed, request.first)
        .map_err(|e| Rejected::Request(format!("drawing failed: {e}")))?;
    Ok(([("content-type", "image/svg+xml")], drawn).into_response())
}

/// An example a page can open.
#[derive(Debug, Serialize)]
pub struct Example {
    /// Its file's name.
    pub file: &'static str,
    /// Its format.
    pub format: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// An example of `puzzles/`, by its file's name and format.
macro_rules! example {
    ($file:literal, $format:literal) => {
        Example {
            file: $file,
            format: $format,
            text: include_str!(concat!("../../../puzzles/", $file)),
        }
    };
}

/// The examples, built into the command: some of the repository's `puzzles/`.
pub const EXAMPLES: &[Example] = &[
    example!("pentomino_6x10.puzzle", "puzzle"),
    example!("pentomino_rectangles.puzzle", "puzzle"),
    example!("pentomino_3d.puzzle", "puzzle"),
    example!("hexiamonds.puzzle", "puzzle"),
    example!("tetrahexes.puzzle", "puzzle"),
    example!("spheres.puzzle", "puzzle"),
    example!("soma.xmpuzzle", "xmpuzzle"),
    example!("queens_8.dlx", "dlx"),
];

/// `GET /api/examples`: [`EXAMPLES`].
pub async fn examples() -> Json<&'static [Example]> {
    Json(EXAMPLES)
}
