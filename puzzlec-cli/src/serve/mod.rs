//! `puzzlec serve`: a workshop for puzzles in the browser, served by the command itself. The page
//! (plain HTML, CSS and JavaScript modules, embedded in the binary: nothing to build) edits a
//! puzzle's text, marks its mistakes where they are, and solves it on this machine's cores,
//! showing the progress, the count and the solutions as the search finds them.
//!
//! - [`page`]: the page's files.
//! - [`api`]: the requests a page makes once: check and compile a text, the Rust program it
//!   becomes, a gallery of solutions, the examples.
//! - [`session`]: a page's searches, over a WebSocket: one at a time, stopped by the page's
//!   stop button, by a new search, or by the page going away.
//!
//! Safe by default: it listens on this machine alone unless told otherwise (and then says so);
//! every request is bounded ([`limits`]) and the compiler's own limits bound the work a puzzle
//! asks; nothing on the server's disk is read or written through the page.

pub mod api;
pub mod grid;
pub mod page;
pub mod session;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;

use api::KeptPuzzles;

/// Bounds on what pages may ask of the server, in one place with their reasons.
pub mod limits {
    use std::time::Duration;

    /// The largest request body: a puzzle's text or file. BurrTools' largest example file is
    /// under 7 KB and a drawn box of 100 x 100 cells about 10 KB; a megabyte holds any puzzle a
    /// person makes, and the compiler's limits bound what it asks.
    pub const MAX_REQUEST: usize = 1 << 20;
    /// Searches running at once over all pages. Each already uses every core: more would only
    /// share them thinner, and each holds its own memory.
    pub const MAX_SEARCHES: usize = 2;
    /// Large puzzles compiled at once over all requests: a large puzzle's compilation takes
    /// seconds and memory; the rest wait their turn.
    pub const MAX_COMPILES: usize = 2;
    /// The size ([`Description::size`](puzzlec::compiler::Description::size): places of the
    /// box, or aspects named by an abstract puzzle's embeddings) up to which a compile starts
    /// at once, never waiting behind large ones: a 60x60 box, a sudoku's 2,916, every example;
    /// each compiles in well under a second.
    pub const SMALL_COMPILE: u64 = 4_000;
    /// Compiled puzzles kept for the next search of the same text (the page checks a text as
    /// it is typed, then solves it), at most.
    pub const KEPT_COMPILED: usize = 16;
    /// The memory for compiled puzzles kept, by default, in bytes of their encoding, which the
    /// memory a compiled puzzle holds follows (the benchmark notes measure how closely): a
    /// 100x100 box of dominoes weighs about 26 MB, a 200x200 about 400 MB, so that the
    /// largest puzzles are compiled again rather than kept.
    pub const KEPT_BYTES: usize = 256 << 20;
    /// Solutions a search draws and sends a page; past it, a search goes on counting. The page
    /// shows them a page of thumbnails at a time.
    pub const MAX_SENT: usize = 1000;
    /// When a search's time to go is first shown: after this long, and this share of the
    /// estimated work. Before, a few units' sizes decide the share, and the time to go can
    /// swing by hours between two reports.
    pub const ETA_AFTER: (Duration, f64) = (Duration::from_secs(3), 0.02);
    /// The states one disassembly in the workshop may reach: a few seconds' search, and at
    /// most about a hundred megabytes for a dozen pieces (a tenth of the command's default,
    /// [`puzzlec::disassembly::STATES`]), as a page may ask for one solution after another.
    pub const DISASSEMBLY_STATES: u64 = 1_000_000;
    /// How often a running search's progress is sent.
    pub const PROGRESS_EVERY: Duration = Duration::from_millis(200);
    /// Pages connected at once; another is refused until one goes.
    pub const MAX_SESSIONS: usize = 64;
}

/// `puzzlec serve`'s options.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// The address to listen on. This machine alone by default; another (`0.0.0.0`: every
    /// network the machine is on) lets anyone who reaches it use the page and its cores.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port; 0 takes a free one, printed at the start.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Open the page in the browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// Threads of each search (0: one a core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// The memory for compiled puzzles kept for the next search of the same text, in MB of
    /// their encoding: the least used are let go past it, and a larger puzzle is compiled for
    /// each search.
    #[arg(long, value_name = "MB", default_value_t = limits::KEPT_BYTES >> 20)]
    pub kept_memory: usize,
}

/// What every request shares.
#[derive(Clone)]
pub struct Shared {
    /// Permits for searches ([`limits::MAX_SEARCHES`]).
    pub searches: Arc<Semaphore>,
    /// Permits for compilations ([`limits::MAX_COMPILES`]).
    pub compiles: Arc<Semaphore>,
    /// Permits for pages ([`limits::MAX_SESSIONS`]).
    pub sessions: Arc<Semaphore>,
    /// Recently compiled puzzles.
    pub compiled: Arc<KeptPuzzles>,
    /// Threads of each search.
    pub threads: usize,
    /// The bytes the compiled puzzles kept may weigh ([`ServeArgs::kept_memory`]).
    pub kept_bytes: usize,
}

impl Shared {
    /// Fresh permits and an empty store of compiled puzzles, weighing at most `kept_bytes`.
    pub fn new(threads: usize, kept_bytes: usize) -> Shared {
        Shared {
            searches: Arc::new(Semaphore::new(limits::MAX_SEARCHES)),
            compiles: Arc::new(Semaphore::new(limits::MAX_COMPILES)),
            sessions: Arc::new(Semaphore::new(limits::MAX_SESSIONS)),
            compiled: Arc::new(KeptPuzzles::default()),
            threads,
            kept_bytes,
        }
    }
}

/// The server's routes.
pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/page/{file}", get(page::file))
        .route("/api/compile", post(api::compile))
        .route("/api/rust", post(api::rust))
        .route("/api/crate", post(api::rust_crate_tar))
        .route("/api/gallery", post(api::gallery))
        .route("/api/solid", post(api::solid))
        .route("/api/stl", post(api::stl))
        .route("/api/disassembly", post(api::disassembly))
        .route("/api/examples", get(api::examples))
        .route("/api/grids", get(grid::grids))
        .route("/api/grid", get(grid::geometry))
        .route("/api/piece", post(grid::piece))
        .route("/api/session", get(session::upgrade))
        .layer(DefaultBodyLimit::max(limits::MAX_REQUEST))
        .with_state(shared)
}

/// Serves until Ctrl-C: prints the address (`http://127.0.0.1:PORT/`) on its own line first.
pub fn run(args: &ServeArgs) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(args.clone()))
}

async fn serve(args: ServeArgs) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(args.host, args.port)).await?;
    let address = listener.local_addr()?;
    let url = format!("http://{address}/");
    println!("puzzlec serve: the workshop is at {url} (Ctrl-C stops it)");
    if !args.host.is_loopback() {
        eprintln!(
            "warning: listening on {}, not this machine alone: anyone who reaches it can use the page and its cores",
            args.host
        );
    }
    if args.open {
        open_browser(&url);
    }
    let app = router(Shared::new(
        args.threads,
        args.kept_memory.saturating_mul(1 << 20),
    ));
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

/// Opens `url` in the desktop's browser, saying so where none can be started.
fn open_browser(url: &str) {
    let opener = match std::env::consts::OS {
        "macos" => "open",
        "windows" => "explorer",
        _ => "xdg-open",
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
