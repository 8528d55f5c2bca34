//! A page's searches, over one WebSocket: the page asks for a search (the solutions, a count, or
//! the statistics of the tree) and hears of its progress, its solutions as they are found, and
//! its end. A page runs one search at a time: a new one stops the one before it first, the stop
//! button stops it, and so does the page going away (its socket closing), so that no search runs
//! on for a page that is gone.

use std::ops::ControlFlow;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use puzzlec::{parallel, Solver, Watch};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{mpsc, Notify, OwnedSemaphorePermit};

use super::api::{Ready, Rejected, Source};
use super::{limits, Shared};
use crate::progress::format_seconds;
use puzzlec_io::draw::svg::{self, Detail};
use puzzlec_io::draw::{json as solution_json, Palette};

/// What a page asks over its socket.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Request {
    /// Search `source`: find solutions (the first `limit` drawn and sent, the rest counted), or
    /// `count` them only, or gather the tree's `stats`.
    Search {
        source: Source,
        #[serde(default)]
        mode: Mode,
        #[serde(default = "sent")]
        limit: usize,
    },
    /// Stop the search under way.
    Stop,
}

fn sent() -> usize {
    limits::MAX_SENT
}

/// What a search does.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum Mode {
    /// Every solution visited: the first drawn and sent, all counted.
    #[default]
    Solutions,
    /// The count alone, as fast as the engine counts.
    Count,
    /// The shape of the search tree: placements by depth.
    Stats,
}

/// `GET /api/session`: the page's socket.
pub async fn upgrade(State(shared): State<Shared>, socket: WebSocketUpgrade) -> Response {
    match Arc::clone(&shared.sessions).try_acquire_owned() {
        Ok(permit) => socket
            .max_message_size(limits::MAX_REQUEST)
            .on_upgrade(move |socket| session(socket, shared, permit)),
        Err(_) => Rejected::Busy("too many pages are open: close one and reload").into_response(),
    }
}

/// A search under way for a page, from its compile to its end.
struct Search {
    id: u64,
    watch: Arc<Watch>,
    /// Told to give the compile up, if the search is still waiting for it.
    cancel: Arc<Notify>,
    task: tokio::task::JoinHandle<()>,
}

impl Search {
    /// Stops the search (or its compile) and waits until it has, draining what it still says
    /// (a search blocked on a full channel goes on once it is drained): its last word, the
    /// event that ends it, is returned.
    async fn stop(self, heard: &mut mpsc::Receiver<Event>) -> Option<Value> {
        self.watch.stop();
        self.cancel.notify_one();
        let mut task = self.task;
        let mut last = None;
        let mut keep = |(id, event): Event| {
            if id == self.id && event["type"] == "done" {
                last = Some(event);
            }
        };
        loop {
            tokio::select! {
                _ = &mut task => break,
                Some(event) = heard.recv() => keep(event),
            }
        }
        while let Ok(event) = heard.try_recv() {
            keep(event);
        }
        last
    }
}

/// What a search tells its page, tagged with the search's id.
type Event = (u64, Value);

/// One page's socket, until it closes.
async fn session(mut socket: WebSocket, shared: Shared, _permit: OwnedSemaphorePermit) {
    let (events, mut heard) = mpsc::channel::<Event>(64);
    let mut current: Option<Search> = None;
    let mut next_id = 0;
    let mut tick = tokio::time::interval(limits::PROGRESS_EVERY);
    loop {
        tokio::select! {
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let request = match serde_json::from_str::<Request>(&text) {
                    Ok(request) => request,
                    Err(e) => {
                        let said = json!({ "type": "refused", "message": format!("not a request this server takes: {e}") });
                        if send(&mut socket, &said).await.is_err() {
                            break;
                        }
                        continue;
                    }
                };
                // One search a page: whatever it asks, the search before stops first; asked to
                // stop, the page hears how it ended.
                if let Some(search) = current.take() {
                    let last = search.stop(&mut heard).await;
                    if let (Request::Stop, Some(done)) = (&request, last) {
                        if send(&mut socket, &done).await.is_err() {
                            break;
                        }
                    }
                }
                if let Request::Search { source, mode, limit } = request {
                    next_id += 1;
                    match start(&shared, next_id, source, mode, limit, events.clone()) {
                        Ok(search) => current = Some(search),
                        Err(rejected) => {
                            let mut said = rejected.to_json();
                            said["type"] = json!("rejected");
                            said["search"] = json!(next_id);
                            if send(&mut socket, &said).await.is_err() {
                                break;
                            }
                        }
                    }
                }
            }
            Some((id, event)) = heard.recv() => {
                // Only the search under way speaks.
                if current.as_ref().is_none_or(|s| s.id != id) {
                    continue;
                }
                let ended = event["type"] == "done" || event["type"] == "rejected";
                if send(&mut socket, &event).await.is_err() {
                    break;
                }
                if ended {
                    if let Some(search) = current.take() {
                        search.stop(&mut heard).await;
                    }
                }
            }
            _ = tick.tick() => {
                if let Some(search) = &current {
                    if send(&mut socket, &progress(search)).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    // The page is gone: so is its search.
    if let Some(search) = current.take() {
        search.stop(&mut heard).await;
    }
}

/// Sends `value` as a text message.
async fn send(socket: &mut WebSocket, value: &Value) -> Result<(), axum::Error> {
    socket.send(Message::Text(value.to_string().into())).await
}

/// How far `search` has got: solutions so far, and the time to go by the estimated work done once enough is done for it to mean
/// something ([`limits::ETA_AFTER`]).
fn progress(search: &Search) -> Value {
    let seen = search.watch.seen();
    let (after, share) = limits::ETA_AFTER;
    let eta = (seen.seconds >= after.as_secs_f64() && seen.fraction >= share)
        .then(|| format_seconds(seen.seconds * (1.0 - seen.fraction) / seen.fraction));
    json!({
        "type": "progress",
        "search": search.id,
        "done": seen.done,
        "units": seen.units,
        "solutions": seen.solutions.to_string(),
        "fraction": seen.fraction,
        "seconds": seen.seconds,
        "elapsed": format_seconds(seen.seconds),
        "eta": eta,
    })
}

/// Starts a search of `source`: its compile (shared with a check of the same text, and given
/// up if the search is stopped first), then the search on a thread of its own, telling the
/// page through `events`; refused where [`limits::MAX_SEARCHES`] are under way.
fn start(
    shared: &Shared,
    id: u64,
    source: Source,
    mode: Mode,
    limit: usize,
    events: mpsc::Sender<Event>,
) -> Result<Search, Rejected> {
    let permit = Arc::clone(&shared.searches)
        .try_acquire_owned()
        .map_err(|_| {
            Rejected::Busy(
                "the machine's cores are busy with other searches: try again once one ends",
            )
        })?;
    // The page shows the share of the work done of a count or a listing, weighed first.
    let watch = Arc::new(match mode {
        Mode::Count | Mode::Solutions => Watch::weighed(),
        Mode::Stats => Watch::new(),
    });
    let cancel = Arc::new(Notify::new());
    let run = Run {
        id,
        mode,
        limit: limit.min(limits::MAX_SENT),
        watch: Arc::clone(&watch),
        events,
    };
    let task = tokio::spawn(run.run(shared.clone(), source, Arc::clone(&cancel), permit));
    Ok(Search {
        id,
        watch,
        cancel,
        task,
    })
}

/// What a search's own task holds.
struct Run {
    id: u64,
    mode: Mode,
    limit: usize,
    watch: Arc<Watch>,
    events: mpsc::Sender<Event>,
}

impl Run {
    /// Compiles, then searches, telling the page of each step and of the end.
    async fn run(
        self,
        shared: Shared,
        source: Source,
        cancel: Arc<Notify>,
        permit: OwnedSemaphorePermit,
    ) {
        let id = self.id;
        let ready = tokio::select! {
            ready = shared.compiled.get(&shared, &source) => ready,
            () = cancel.notified() => {
                let _ = self.events.send((id, self.done())).await;
                return;
            }
        };
        let ready = match ready {
            Ok(ready) => ready,
            Err(rejected) => {
                let mut said = rejected.to_json();
                said["type"] = json!("rejected");
                said["search"] = json!(id);
                let _ = self.events.send((id, said)).await;
                return;
            }
        };
        let mode = mode_name(self.mode);
        let started = json!({ "type": "started", "search": id, "mode": mode, "info": ready.info });
        let _ = self.events.send((id, started)).await;
        let threads = shared.threads;
        let searched = tokio::task::spawn_blocking(move || {
            let done = guarded(id, self.mode, &self.watch, || {
                parallel::with_threads(threads, || self.search(&ready))
            });
            let _ = self.events.blocking_send((id, done));
            drop(permit);
        });
        let _ = searched.await;
    }

    /// The event that ends a search: how it ended, and what it found.
    fn done(&self) -> Value {
        let seen = self.watch.seen();
        json!({
            "type": "done",
            "search": self.id,
            "mode": mode_name(self.mode),
            "stopped": true,
            "found": seen.solutions.to_string(),
            "seconds": seen.seconds,
        })
    }
}

/// Runs `search`, turning a panic into the event that ends it with the panic's message, so
/// that a search that fails tells its page so rather than leaving it waiting.
fn guarded(id: u64, mode: Mode, watch: &Watch, search: impl FnOnce() -> Value) -> Value {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(search)).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".to_owned());
        json!({
            "type": "done",
            "search": id,
            "mode": mode_name(mode),
            "stopped": true,
            "seconds": watch.seen().seconds,
            "error": format!("the search failed: {message}"),
        })
    })
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Solutions => "solutions",
        Mode::Count => "count",
        Mode::Stats => "stats",
    }
}

impl Run {
    /// Runs the search, sending solutions as it finds them; the event that ends it, with what
    /// was found before a stop where it was stopped.
    fn search(&self, ready: &Ready) -> Value {
        let (id, limit, watch) = (self.id, self.limit, &*self.watch);
        let runnable = &ready.runnable;
        let mut done = self.done();
        match self.mode {
            Mode::Count => {
                if let Some(count) = runnable.count_watched(ready.every, watch) {
                    done["solutions"] = json!(count.to_string());
                }
            }
            Mode::Stats => {
                if let Some(stats) = runnable.stats_watched(watch) {
                    // The tree is the reduced search's; every solution is counted from its
                    // classes.
                    let solutions = match ready.every {
                        false => Some(u128::from(stats.solutions)),
                        true => runnable.count_watched(true, watch),
                    };
                    if let Some(solutions) = solutions {
                        done["solutions"] = json!(solutions.to_string());
                    }
                    done["stats"] = json!({
                        "placements": stats.total_placements(),
                        "by_depth": stats.placements,
                        "pruned": stats.pruned,
                    });
                }
            }
            Mode::Solutions => {
                let catalog = runnable.catalog();
                let palette = Palette::new(catalog);
                let mut found: u128 = 0;
                let flow = runnable.solve_watched(ready.every, watch, &mut |solution| {
                    found += 1;
                    if found as usize <= limit {
                        let placed = solution.embeddings();
                        let drawn =
                            svg::gallery(catalog, &[placed], found as u64).unwrap_or_default();
                        // A solid is also seen in the page's own view: its thumbnail is its
                        // solid, and its layers are drawn beside the view.
                        let solid = catalog.lattice.dims() == 3 && catalog.extents.len() == 3;
                        let thumb =
                            solid.then(|| svg::picture(solution, &palette, Detail::Thumbnail));
                        let layers =
                            solid.then(|| svg::picture(solution, &palette, Detail::Layers));
                        let event = json!({
                            "type": "solution",
                            "search": id,
                            "number": found as u64,
                            "svg": drawn,
                            "thumb": thumb,
                            "layers": layers,
                            "solid": matches!(catalog.extents.len(), 2 | 3),
                            "embeddings": placed,
                            "value": solution_json::value(solution),
                        });
                        // The page is gone once its socket's end of the channel is.
                        if self.events.blocking_send((id, event)).is_err() {
                            return ControlFlow::Break(());
                        }
                    }
                    ControlFlow::Continue(())
                });
                if flow.is_continue() {
                    done["solutions"] = json!(found.to_string());
                }
                done["sent"] = json!(found.min(limit as u128) as u64);
            }
        }
        let ended = self.done();
        done["found"] = ended["found"].clone();
        done["stopped"] = json!(watch.stopped() || done.get("solutions").is_none());
        done["seconds"] = ended["seconds"].clone();
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_that_panics_ends_with_its_message() {
        let watch = Watch::new();
        let done = guarded(7, Mode::Count, &watch, || panic!("out of {}", "cells"));
        assert_eq!(done["type"], "done");
        assert_eq!(done["search"], 7);
        assert_eq!(done["stopped"], true);
        assert_eq!(done["error"], "the search failed: out of cells");
        let done = guarded(8, Mode::Stats, &watch, || std::panic::panic_any(3_u8));
        assert_eq!(done["error"], "the search failed: no message");
    }

    #[test]
    fn a_search_that_ends_is_untouched() {
        let done = guarded(
            1,
            Mode::Solutions,
            &Watch::new(),
            || json!({ "type": "done", "solutions": "2339" }),
        );
        assert_eq!(done, json!({ "type": "done", "solutions": "2339" }));
    }
}
