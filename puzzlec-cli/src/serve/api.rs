//! The requests a page makes once: check and compile a puzzle's text (every mistake with where
//! it is), the Rust crate it becomes, a gallery of solutions as SVG, and the examples.
//! Compiled puzzles are kept a while ([`KeptPuzzles`]), since a page checks a text as it is typed
//! and then solves it.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use puzzlec::compiler::{parse, print, Runnable, Symmetry};
use puzzlec::disassembly::{self, Disassembler, Rules};
use puzzlec::{EverySolution, Solver};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::watch;

use super::{grid, limits, Shared};
use puzzlec::{Catalog, Solution};
use puzzlec_io::draw::stl::{self, Print};
use puzzlec_io::draw::{scene, svg};
use puzzlec_io::export::RustCrate;
use puzzlec_io::input::{self, xmpuzzle, Asking, Choice, Format, InputError, Loaded, Mistake};

/// A puzzle as a page sends it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Hash)]
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
#[derive(Clone, Debug)]
pub enum Rejected {
    /// Mistakes in the puzzle, and what the text reads as where it reads (a text that reads but
    /// does not compile is still drawn).
    Mistakes(InputError, Option<Box<Read>>),
    /// A request that is not what the server takes.
    Request(String),
    /// Too much at once: try again later.
    Busy(&'static str),
}

impl From<InputError> for Rejected {
    fn from(e: InputError) -> Rejected {
        Rejected::Mistakes(e, None)
    }
}

impl Rejected {
    /// The rejection as a page reads it: `errors` (each mistake with its line and column) and
    /// `report` (the command's report) for mistakes, `message` otherwise.
    pub fn to_json(&self) -> Value {
        match self {
            Rejected::Mistakes(e, read) => {
                let mut answer = json!({
                    "ok": false,
                    "errors": e.mistakes(),
                    "report": e.render(false).trim_end(),
                });
                if let Some(read) = read {
                    read.fill(&mut answer);
                }
                answer
            }
            Rejected::Request(message) => json!({ "ok": false, "message": message }),
            Rejected::Busy(message) => json!({ "ok": false, "busy": true, "message": message }),
        }
    }
}

impl IntoResponse for Rejected {
    fn into_response(self) -> Response {
        let status = match &self {
            // A puzzle with mistakes is an answer to a check, not a failed request.
            Rejected::Mistakes(..) => StatusCode::OK,
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
    /// What the compiler decided ([`puzzlec::Info`]).
    pub info: Value,
    /// What the text reads as, before it compiles.
    pub read: Read,
    /// Its kinds of piece as the editor's list shows them ([`grid::kinds`]).
    pub kinds: Value,
    /// What the file asks that is done otherwise.
    pub warnings: Vec<Mistake>,
    /// What its assemblies' disassembly follows ([`Loaded::disassembly`]).
    pub rules: Rules,
    /// Whether its searches show every solution from the classes its reduced search finds
    /// (every solution was asked of a puzzle whose reduction restricts a piece).
    pub every: bool,
    /// What keeping it costs: its encoded length ([`Runnable::encoded_len`]), which the
    /// memory it holds follows.
    pub bytes: usize,
}

/// What a text reads as, shown beside its mistakes where it does not compile: the puzzle as the
/// page's drawing editor holds it, the puzzle in the language, and whether it asks one solution
/// per symmetry class.
#[derive(Clone, Debug)]
pub struct Read {
    /// The puzzle as the page's drawing editor holds it ([`print::Sketch`]), or why it cannot.
    pub sketch: Value,
    /// The puzzle in the language (from a BurrTools or DLX file, what it reads as), where the
    /// language can say it.
    pub language: Option<String>,
    /// Whether the text asks one solution per symmetry class.
    pub reduced: bool,
}

impl Read {
    /// What `loaded` reads as.
    fn of(loaded: &Loaded) -> Read {
        let sketch = match print::sketch(&loaded.description) {
            Ok(s) => json!({
                "name": s.name,
                "grid": s.grid.word(),
                "board": s.board,
                "pieces": s.pieces,
                "declares": s.declares,
                "reflect": s.reflect,
                "reduced": s.reduced,
                "options": s.options,
            }),
            Err(why) => json!({ "unsketched": why.to_string() }),
        };
        Read {
            sketch,
            language: loaded.language().ok(),
            reduced: loaded.description.symmetry != Symmetry::All,
        }
    }

    /// The fields of a check's answer it gives.
    fn fill(&self, answer: &mut Value) {
        answer["sketch"] = self.sketch.clone();
        answer["language"] = json!(self.language);
        answer["reduced"] = json!(self.reduced);
    }
}

/// The outcome of a compile as every request that waited for it takes it.
type Outcome = Result<Arc<Ready>, Rejected>;

/// The puzzles compiled lately, the last used first, held while they fit in the server's
/// memory for them ([`Shared::kept_bytes`]) and are at most [`limits::KEPT_COMPILED`]; and the
/// compiles under way, each shared by every request that waits for it (a page checks a text,
/// then solves it) and stopped once none does (the page moved on to another text, or went).
#[derive(Debug, Default)]
pub struct KeptPuzzles {
    inner: Mutex<Kept>,
}

#[derive(Debug, Default)]
struct Kept {
    /// The puzzles kept, the last used first, and the bytes they weigh together.
    kept: VecDeque<(Source, Arc<Ready>)>,
    bytes: usize,
    /// The compiles under way.
    compiling: HashMap<Source, Compiling>,
}

/// A compile under way: whether anyone still wants it, and where its outcome is told.
#[derive(Debug)]
struct Compiling {
    wanted: Weak<Wanted>,
    outcome: watch::Receiver<Option<Outcome>>,
}

/// Held by each request that waits for a compile: once the last lets go, the compile's stop
/// is set, and the compiler gives up within moments.
#[derive(Debug)]
struct Wanted(Arc<AtomicBool>);

impl Drop for Wanted {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl KeptPuzzles {
    /// The puzzle `source` holds, compiled: kept from before, or compiled under way for
    /// another request, or compiled now on a thread of its own. A large compile waits for
    /// one of [`limits::MAX_COMPILES`]; a small one ([`limits::SMALL_COMPILE`]) starts at once.
    /// Dropping the future (a page that gave up on the request) stops the compile unless
    /// another request waits for it.
    pub async fn get(&self, shared: &Shared, source: &Source) -> Result<Arc<Ready>, Rejected> {
        let (wanted, mut outcome) = {
            let mut kept = self.lock();
            if let Some(ready) = kept.take(source) {
                return Ok(ready);
            }
            let under_way = (kept.compiling.get(source))
                .and_then(|c| Some((c.wanted.upgrade()?, c.outcome.clone())));
            match under_way {
                Some(joined) => joined,
                None => {
                    let stop = Arc::new(AtomicBool::new(false));
                    let wanted = Arc::new(Wanted(Arc::clone(&stop)));
                    let (tell, outcome) = watch::channel(None);
                    let compiling = Compiling {
                        wanted: Arc::downgrade(&wanted),
                        outcome: outcome.clone(),
                    };
                    kept.compiling.insert(source.clone(), compiling);
                    tokio::spawn(compile_told(shared.clone(), source.clone(), stop, tell));
                    (wanted, outcome)
                }
            }
        };
        let told = outcome.wait_for(Option::is_some).await;
        drop(wanted);
        match told.as_deref() {
            Ok(Some(outcome)) => outcome.clone(),
            // The compile was stopped, which it is only once nobody waits: not this request.
            _ => Err(Rejected::Busy("the compile was stopped")),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The compiles under way.
    pub fn under_way(&self) -> usize {
        self.lock().compiling.len()
    }

    /// The bytes the kept puzzles weigh, and how many there are.
    pub fn weight(&self) -> (usize, usize) {
        let kept = self.lock();
        (kept.bytes, kept.kept.len())
    }
}

impl Kept {
    /// The puzzle kept for `source`, made the last used.
    fn take(&mut self, source: &Source) -> Option<Arc<Ready>> {
        let at = self.kept.iter().position(|(s, _)| s == source)?;
        let entry = self.kept.remove(at)?;
        let ready = Arc::clone(&entry.1);
        self.kept.push_front(entry);
        Some(ready)
    }

    /// Keeps `ready`, letting the least used go until the kept fit in `budget` bytes; a
    /// puzzle larger than the budget alone is not kept.
    fn keep(&mut self, source: Source, ready: &Arc<Ready>, budget: usize) {
        if ready.bytes > budget {
            return;
        }
        self.bytes += ready.bytes;
        self.kept.push_front((source, Arc::clone(ready)));
        while self.bytes > budget || self.kept.len() > limits::KEPT_COMPILED {
            let Some((_, gone)) = self.kept.pop_back() else {
                break;
            };
            self.bytes -= gone.bytes;
        }
    }
}

/// Compiles `source` until `stop` is set, then tells those who wait, keeps the puzzle, and
/// forgets the compile; a compile stopped tells nobody (nobody waits).
async fn compile_told(
    shared: Shared,
    source: Source,
    stop: Arc<AtomicBool>,
    tell: watch::Sender<Option<Outcome>>,
) {
    let outcome = compiled(&shared, &source, stop).await;
    let mut kept = shared.compiled.lock();
    // A compile stopped, and asked for again since, is another compile: leave it be.
    let ours =
        (kept.compiling.get(&source)).is_some_and(|c| c.outcome.same_channel(&tell.subscribe()));
    if ours {
        kept.compiling.remove(&source);
    }
    if let Some(Ok(ready)) = &outcome {
        kept.keep(source, ready, shared.kept_bytes);
    }
    drop(kept);
    if let Some(outcome) = outcome {
        tell.send_replace(Some(outcome));
    }
}

/// The outcome of compiling `source` off the server's threads, `None` once `stop` is set.
async fn compiled(shared: &Shared, source: &Source, stop: Arc<AtomicBool>) -> Option<Outcome> {
    let failed =
        |e: tokio::task::JoinError| Rejected::Request(format!("the compiler failed: {e} (a bug)"));
    let theirs = source.clone();
    let loaded = match tokio::task::spawn_blocking(move || theirs.read()).await {
        Ok(Ok(loaded)) => loaded,
        Ok(Err(rejected)) => return Some(Err(rejected)),
        Err(e) => return Some(Err(failed(e))),
    };
    let _permit = match loaded.description.size() > limits::SMALL_COMPILE {
        true => match Arc::clone(&shared.compiles).acquire_owned().await {
            Ok(permit) => Some(permit),
            Err(_) => return Some(Err(Rejected::Busy("the server is shutting down"))),
        },
        false => None,
    };
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let all = source.all;
    match tokio::task::spawn_blocking(move || ready(loaded, all, &stop)).await {
        Ok(outcome) => outcome.map(|o| o.map(Arc::new)),
        Err(e) => Some(Err(failed(e))),
    }
}

/// Compiles `loaded` until `stop` is set (`None` then); where `all` solutions are asked of a
/// reduced puzzle, as written where its classes give them all, else without the reduction
/// ([`EverySolution`]).
fn ready(mut loaded: Loaded, all: bool, stop: &AtomicBool) -> Option<Result<Ready, Rejected>> {
    let read = Read::of(&loaded);
    let mut puzzle = match loaded.compile_until(stop)? {
        Ok(puzzle) => puzzle,
        Err(e) => return Some(Err(Rejected::Mistakes(e, Some(Box::new(read))))),
    };
    let every = all && puzzle.info().symmetry.every_solution() == EverySolution::FromClasses;
    if all && puzzle.info().symmetry.every_solution() == EverySolution::Unreduced {
        loaded.description.symmetry = Symmetry::All;
        puzzle = match loaded.compile_until(stop)? {
            Ok(puzzle) => puzzle,
            Err(e) => return Some(Err(Rejected::Mistakes(e, Some(Box::new(read))))),
        };
    }
    let warnings = match loaded.warnings.is_empty() {
        true => Vec::new(),
        false => {
            InputError::new(&loaded.path, Some(&loaded.text), loaded.warnings.clone()).mistakes()
        }
    };
    let info = match serde_json::to_value(puzzle.info()) {
        Ok(info) => info,
        Err(e) => return Some(Err(Rejected::Request(format!("the puzzle's facts: {e}")))),
    };
    let runnable = puzzle.runnable().clone();
    let kinds = grid::kinds(runnable.catalog());
    Some(Ok(Ready {
        every,
        kinds,
        rules: loaded.disassembly,
        bytes: runnable.encoded_len(),
        runnable,
        info,
        read,
        warnings,
    }))
}

/// `POST /api/compile`: checks and compiles a puzzle: `ok`, its `info`, `warnings`, the
/// puzzle in the `language`, and the `puzzles` of its text; or `errors` and `report`, with the
/// sketch where the text reads.
pub async fn compile_json(shared: &Shared, source: &Source) -> Value {
    let puzzles = source.puzzles();
    match shared.compiled.get(shared, source).await {
        Ok(ready) => {
            let mut answer = json!({
                "ok": true,
                "info": ready.info,
                "warnings": ready.warnings,
                "puzzles": puzzles,
                "kinds": ready.kinds,
            });
            ready.read.fill(&mut answer);
            answer
        }
        Err(rejected) => {
            let mut answer = rejected.to_json();
            answer["puzzles"] = json!(puzzles);
            answer
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

/// The crate a puzzle becomes ([`RustCrate`]): made on a compile's permit, since it compiles
/// the puzzle.
async fn rust_crate(shared: &Shared, source: Source) -> Result<RustCrate, Rejected> {
    let _permit = (shared.compiles.acquire().await)
        .map_err(|_| Rejected::Busy("the server is shutting down"))?;
    tokio::task::spawn_blocking(move || {
        let mut loaded = source.read()?;
        if source.all {
            loaded.description.symmetry = Symmetry::All;
        }
        Ok(RustCrate::of(&loaded)?)
    })
    .await
    .map_err(|e| Rejected::Request(format!("the compiler failed: {e} (a bug)")))?
}

/// `POST /api/rust`: the crate the puzzle becomes (`puzzlec rust --crate`): its `name`, its
/// `manifest` (`Cargo.toml`) and its `program` (`src/main.rs`).
pub async fn rust(
    State(shared): State<Shared>,
    Json(source): Json<Source>,
) -> Result<Json<Value>, Rejected> {
    let made = rust_crate(&shared, source).await?;
    Ok(Json(json!({
        "ok": true,
        "name": made.name,
        "manifest": made.manifest,
        "program": made.main,
    })))
}

/// `POST /api/crate`: the crate the puzzle becomes as a tar archive to download,
/// `NAME/Cargo.toml` and `NAME/src/main.rs`.
pub async fn rust_crate_tar(
    State(shared): State<Shared>,
    Json(source): Json<Source>,
) -> Result<Response, Rejected> {
    let made = rust_crate(&shared, source).await?;
    let files = (made.files().into_iter())
        .map(|(file, text)| (format!("{}/{file}", made.name), text.as_bytes().to_vec()));
    archive(&made.name, files)
}

/// Files as a tar archive to download as `NAME.tar`, each dated at the epoch (an archive of
/// the same files is the same bytes).
fn archive(
    name: &str,
    files: impl Iterator<Item = (String, Vec<u8>)>,
) -> Result<Response, Rejected> {
    let mut archive = tar::Builder::new(Vec::new());
    for (path, bytes) in files {
        let mut header = tar::Header::new_ustar();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_mtime(0);
        (archive.append_data(&mut header, path, &bytes[..]))
            .map_err(|e| Rejected::Request(format!("the archive: {e}")))?;
    }
    let bytes =
        (archive.into_inner()).map_err(|e| Rejected::Request(format!("the archive: {e}")))?;
    let headers = [
        (header::CONTENT_TYPE, "application/x-tar".to_owned()),
        (
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}.tar\""),
        ),
    ];
    Ok((headers, bytes).into_response())
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
    let catalog = ready.runnable.catalog();
    check_solutions(catalog, &request.solutions)?;
    let placed: Vec<&[u32]> = request.solutions.iter().map(Vec::as_slice).collect();
    let drawn = svg::gallery(catalog, &placed, request.first)
        .map_err(|e| Rejected::Request(format!("drawing failed: {e}")))?;
    Ok(([("content-type", "image/svg+xml")], drawn).into_response())
}

/// Refused unless each solution is one of this puzzle's: embeddings of it, no two on one cell.
fn check_solutions(catalog: &Catalog, solutions: &[Vec<u32>]) -> Result<(), Rejected> {
    let embeddings = catalog.embedding_count();
    let overlap = |s: &Vec<u32>| -> Option<String> {
        if let Some(&e) = s.iter().find(|&&e| e as usize >= embeddings) {
            return Some(format!(
                "embedding {e} is none of this puzzle's (they are numbered 0 to {})",
                embeddings.saturating_sub(1)
            ));
        }
        let mut taken = std::collections::HashMap::new();
        for &e in s {
            for cell in catalog.cells_of(e) {
                if let Some(other) = taken.insert(cell, e) {
                    return Some(format!(
                        "{} and {} both cover {}",
                        catalog.describe(other),
                        catalog.describe(e),
                        catalog.aspect_name(cell)
                    ));
                }
            }
        }
        None
    };
    match (solutions.iter().enumerate()).find_map(|(i, s)| overlap(s).map(|why| (i, why))) {
        Some((bad, why)) => Err(Rejected::Request(format!(
            "solution {} is not one of this puzzle's: {why}",
            bad + 1
        ))),
        None => Ok(()),
    }
}

/// What `POST /api/solid` and `POST /api/stl` take: a puzzle and one of its solutions.
#[derive(Debug, Deserialize)]
pub struct SolidRequest {
    /// The puzzle.
    pub source: Source,
    /// The solution: its embeddings in placement order, as the search sent them.
    pub embeddings: Vec<u32>,
    /// Its number, for the name of its STL file.
    #[serde(default = "one")]
    pub number: u64,
    /// The side of a cell in the STL files, in millimetres.
    #[serde(default = "ten")]
    pub size: f64,
    /// The room between two pieces in the STL files, in millimetres.
    #[serde(default)]
    pub gap: f64,
}

fn ten() -> f64 {
    Print::default().size
}

/// The compiled puzzle of a request about one of its solutions; refused unless the solution is
/// one of its.
async fn solution_of(shared: &Shared, request: &SolidRequest) -> Result<Arc<Ready>, Rejected> {
    let ready = shared.compiled.get(shared, &request.source).await?;
    check_solutions(
        ready.runnable.catalog(),
        std::slice::from_ref(&request.embeddings),
    )?;
    Ok(ready)
}

/// `POST /api/solid`: a solution as the page's view in three dimensions draws it (the scene of
/// `puzzlec_io::draw::scene`); refused where its grid gives its cells no solid.
pub async fn solid(
    State(shared): State<Shared>,
    Json(request): Json<SolidRequest>,
) -> Result<Response, Rejected> {
    let ready = solution_of(&shared, &request).await?;
    let catalog = ready.runnable.catalog();
    let picture = Solution::new(catalog, &request.embeddings).picture();
    let scene = matches!(catalog.extents.len(), 2 | 3)
        .then(|| scene::scene(catalog, &picture))
        .flatten()
        .ok_or_else(|| Rejected::Request(format!("{} has no solids to show", catalog.name)))?;
    Ok(Json(scene).into_response())
}

/// `POST /api/disassembly`: how a solution comes apart, for the view to play: its `outcome`
/// (`apart`, `stuck`, or `limit` with the `states` reached, at most
/// [`limits::DISASSEMBLY_STATES`]) and a `message` to show; where it comes apart, its `level`,
/// and the `moves` and `radius` of [`scene::playback`]. Run on a search's permit: a hard
/// disassembly takes seconds and memory.
pub async fn disassembly(
    State(shared): State<Shared>,
    Json(request): Json<SolidRequest>,
) -> Result<Response, Rejected> {
    let ready = solution_of(&shared, &request).await?;
    let _permit = (shared.searches.acquire().await)
        .map_err(|_| Rejected::Busy("the server is shutting down"))?;
    let answer = tokio::task::spawn_blocking(move || {
        let catalog = ready.runnable.catalog();
        let refused = |e: disassembly::DisassemblyError| Rejected::Request(e.to_string());
        let mut disassembler =
            Disassembler::new(catalog.lattice, ready.rules.clone(), limits::DISASSEMBLY_STATES)
                .map_err(refused)?;
        let space = disassembler.lattice();
        let solution = Solution::new(catalog, &request.embeddings);
        Ok::<Value, Rejected>(match disassembler.solution(&solution).map_err(refused)? {
            disassembly::Outcome::Apart(separation) => {
                let mut answer = scene::playback(&solution, space, &separation)
                    .ok_or_else(|| Rejected::Request(format!("{} has no solids", catalog.name)))?;
                let level = separation.level();
                answer["outcome"] = json!("apart");
                answer["message"] = json!(format!(
                    "level {level}: {} moves, {} to the first separation",
                    separation.total_moves(),
                    separation.first_moves()
                ));
                answer["level"] = json!(level);
                answer
            }
            disassembly::Outcome::Stuck => json!({
                "outcome": "stuck",
                "message": "it does not come apart: no move takes a piece or a group of pieces away from the rest",
            }),
            disassembly::Outcome::Limit(states) => json!({
                "outcome": "limit",
                "states": states,
                "message": format!("undecided: the search reached {states} states, the most the workshop searches (the command's --states searches more)"),
            }),
        })
    })
    .await
    .map_err(|e| Rejected::Request(format!("the disassembly failed: {e} (a bug)")))??;
    Ok(Json(answer).into_response())
}

/// `POST /api/stl`: each kind of piece and the solution as binary STL for printing, at the
/// size and gap asked, in a tar archive to download.
pub async fn stl(
    State(shared): State<Shared>,
    Json(request): Json<SolidRequest>,
) -> Result<Response, Rejected> {
    let ready = solution_of(&shared, &request).await?;
    let catalog = ready.runnable.catalog();
    let print = Print {
        size: request.size,
        gap: request.gap,
        explode: 0.0,
    };
    let refused = |e: std::io::Error| Rejected::Request(e.to_string());
    let pieces = stl::pieces(catalog, print).map_err(refused)?;
    let number = request.number;
    let found = Solution::new(catalog, &request.embeddings);
    let whole = stl::solution(&found, &format!("solution {number}"), print).map_err(refused)?;
    let name = format!("{}-stl", catalog.name);
    let files = (pieces.into_iter())
        .map(|(_, file, bytes)| (file, bytes))
        .chain([(format!("solution-{number}.stl"), whole)])
        .map(|(file, bytes)| (format!("{name}/{file}"), bytes));
    archive(&name, files)
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
