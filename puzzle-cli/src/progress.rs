//! Progress a person can trust: units done of all, solutions so far, the time taken, and a time
//! to go weighted by the estimated size of the units left, not by their number (the large
//! units come first in the serial order, so counting units would promise too much too soon).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use puzzle::search::Recorder;
use puzzle::{Run, Solver, Unit};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use clap::ValueEnum;

/// How a run shows its progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Shown {
    /// A bar on stderr when it is a terminal, once the run has taken a second.
    #[default]
    Auto,
    /// A plain line on stderr at every twentieth of the estimated work, for logs and batch jobs.
    Log,
    /// Nothing.
    Never,
}

impl Shown {
    /// The option's value for this mode.
    pub fn word(self) -> &'static str {
        match self {
            Shown::Auto => "auto",
            Shown::Log => "log",
            Shown::Never => "never",
        }
    }
}

/// Random descents per unit: Knuth's estimate of a unit's search is their mean.
const PROBES: usize = 6;

/// The estimated size of each unit's search (its placements), by Knuth's method: descend from
/// the unit to a leaf along random choices, and take the sum over the levels of the product of
/// the choices seen; its mean over a few descents is an unbiased estimate. Each descent asks
/// the solver for the children of a state by running that state as a unit cut one placement
/// deeper, so it works on any engine. The seeds are fixed: the same estimates on every
/// machine.
pub fn weights(solver: &dyn Solver, units: &[Unit]) -> Vec<f64> {
    units
        .par_iter()
        .map(|unit| estimate(solver, unit))
        .collect()
}

/// Knuth's estimate of one unit's search.
fn estimate(solver: &dyn Solver, unit: &Unit) -> f64 {
    let info = solver.info();
    let mut rng = ChaCha8Rng::seed_from_u64(unit.id as u64);
    let mut sum = 0.0;
    for _ in 0..PROBES {
        let mut node = unit.clone();
        let (mut width, mut size) = (1.0, 1.0);
        while node.next != info.procedures {
            let mut recorder = Recorder::new().cut(node.placed.len() + 1, info);
            let _ = solver
                .run_unit(&node, Run::Record(&mut recorder))
                .expect("a solver's own units are its own");
            let mut children = recorder.into_units();
            if children.is_empty() {
                break;
            }
            width *= children.len() as f64;
            size += width;
            node = children.swap_remove(rng.random_range(0..children.len()));
        }
        sum += size;
    }
    sum / PROBES as f64
}

/// The progress bar of a run (drawn on stderr, or nowhere).
pub struct Progress {
    bar: ProgressBar,
    /// The weight of each unit, by id, in thousandths.
    weights: Vec<u64>,
    total: u64,
    done: AtomicU64,
    units_done: AtomicU64,
    /// The solutions so far (no atomic holds a `u128`; a unit's end is rare enough for a lock).
    solutions: Mutex<u128>,
    start: Instant,
    /// Whether the bar is drawn now (it shows once the run has taken a second), and the last
    /// twentieth of the work logged.
    shown: Mutex<(bool, u64)>,
    mode: Shown,
    count: usize,
}

impl Progress {
    /// Progress over these units, whose estimated sizes are `weights`.
    pub fn new(units: &[Unit], weights: &[f64], mode: Shown) -> Progress {
        let mut by_id = vec![0; units.iter().map(|u| u.id + 1).max().unwrap_or(0)];
        for (unit, &w) in units.iter().zip(weights) {
            by_id[unit.id] = (w * 1000.0).round() as u64;
        }
        let total: u64 = by_id.iter().sum();
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let count = units.len();
        let style = ProgressStyle::with_template(
            "{spinner} {elapsed_precise} [{bar:30}] {percent:>3}% {msg} eta {weighted_eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "weighted_eta",
            move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", eta(state));
            },
        )
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(format!("0/{count} units, 0 solutions"));
        Progress {
            bar,
            weights: by_id,
            total,
            done: AtomicU64::new(0),
            units_done: AtomicU64::new(0),
            solutions: Mutex::new(0),
            start: Instant::now(),
            shown: Mutex::new((false, 0)),
            mode,
            count,
        }
    }

    /// Unit `id` ended, having found `solutions`.
    pub fn done(&self, id: usize, solutions: u128) {
        let weight = self.weights.get(id).copied().unwrap_or(0);
        let done = self.done.fetch_add(weight, Ordering::Relaxed) + weight;
        let units = self.units_done.fetch_add(1, Ordering::Relaxed) + 1;
        let found = {
            let mut total = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
            *total = total.saturating_add(solutions);
            *total
        };
        let message = format!("{units}/{} units, {found} solutions", self.count);
        match self.mode {
            Shown::Never => {}
            Shown::Auto => {
                if self.start.elapsed() > Duration::from_secs(1) {
                    self.show();
                }
                self.bar.set_position(done.min(self.total));
                self.bar.set_message(message);
            }
            Shown::Log => {
                let step = done * 20 / self.total.max(1);
                let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
                if step > shown.1 {
                    shown.1 = step;
                    let elapsed = self.start.elapsed().as_secs_f64();
                    let left = elapsed * (self.total - done.min(self.total)) as f64 / done as f64;
                    eprintln!(
                        "progress: {:>3}% of the estimated work, {message}, {:.2} s taken, eta {:.2} s",
                        done * 100 / self.total.max(1),
                        elapsed,
                        left
                    );
                }
            }
        }
    }

    /// Draws the bar from now on, on stderr if it is a terminal.
    fn show(&self) {
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if shown.0 {
            return;
        }
        shown.0 = true;
        self.bar.set_draw_target(ProgressDrawTarget::stderr());
        self.bar.enable_steady_tick(Duration::from_millis(200));
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The time to go: the time taken so far, scaled by the weight left over the weight done.
fn eta(state: &ProgressState) -> String {
    let (done, total) = (state.pos(), state.len().unwrap_or(0));
    if done == 0 {
        return "?".to_owned();
    }
    let elapsed = state.elapsed().as_secs_f64();
    let left = elapsed * (total.saturating_sub(done)) as f64 / done as f64;
    format_seconds(left)
}

/// `1h02m`, `3m05s`, `12s`.
pub fn format_seconds(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}
