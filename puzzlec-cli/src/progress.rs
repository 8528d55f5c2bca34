//! Progress a person can trust, read from a search's [`Watch`]: units done of all, solutions so
//! far, the time taken, and a time to go weighted by the estimated size of the units left, not
//! by their number (the large units come first in the serial order, so counting units would
//! promise too much too soon).

use std::sync::mpsc;
use std::time::Duration;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use puzzlec::watch::{Seen, Watch};

/// How a run shows its progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Shown {
    /// A bar on stderr when it is a terminal, once the run has taken a second.
    #[default]
    Auto,
    /// A plain line on stderr as each twentieth of the estimated work is passed (looked at five
    /// times a second) and at the end, for logs and batch jobs.
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

/// How often the progress is read from the watch.
const TICK: Duration = Duration::from_millis(200);

/// The steps of the bar: thousandths of the estimated work.
const STEPS: u64 = 1000;

/// Runs `search` on this thread while another shows its progress, read from `watch`, as
/// `mode` says; the search's answer once it ends, the progress cleared.
pub fn shown<T>(watch: &Watch, mode: Shown, search: impl FnOnce() -> T) -> T {
    if mode == Shown::Never {
        return search();
    }
    std::thread::scope(|scope| {
        let (ended, ends) = mpsc::channel::<()>();
        scope.spawn(move || {
            let mut display = Display::new(mode);
            // Each tick shows the search as it stands; the channel closes as the search ends,
            // which the last line shows whole (a search too quick for a tick included).
            while let Err(mpsc::RecvTimeoutError::Timeout) = ends.recv_timeout(TICK) {
                display.show(&watch.seen());
            }
            let mut last = watch.seen();
            if !watch.stopped() {
                last.fraction = 1.0;
            }
            display.show(&last);
            display.finish();
        });
        let answer = search();
        drop(ended);
        answer
    })
}

/// What is drawn: the bar, shown once the run has taken a second, or the log's last twentieth.
struct Display {
    mode: Shown,
    bar: ProgressBar,
    drawn: bool,
    logged: u64,
}

impl Display {
    fn new(mode: Shown) -> Display {
        let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "{spinner} {elapsed_precise} [{bar:30}] {percent:>3}% {msg} eta {weighted_eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "weighted_eta",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", eta(state));
            },
        )
        .progress_chars("=> ");
        bar.set_style(style);
        Display {
            mode,
            bar,
            drawn: false,
            logged: 0,
        }
    }

    fn show(&mut self, seen: &Seen) {
        let done = (seen.fraction * STEPS as f64).round() as u64;
        let message = format!(
            "{}/{} units, {} solutions",
            seen.done, seen.units, seen.solutions
        );
        match self.mode {
            Shown::Never => {}
            Shown::Auto => {
                if !self.drawn && seen.seconds > 1.0 {
                    self.drawn = true;
                    self.bar.set_draw_target(ProgressDrawTarget::stderr());
                    self.bar.enable_steady_tick(TICK);
                }
                self.bar.set_position(done.min(STEPS));
                self.bar.set_message(message);
            }
            Shown::Log => {
                let step = done * 20 / STEPS;
                if step > self.logged {
                    self.logged = step;
                    let left = seen.seconds * (1.0 - seen.fraction) / seen.fraction;
                    eprintln!(
                        "progress: {:>3}% of the estimated work, {message}, {:.2} s taken, eta {:.2} s",
                        done * 100 / STEPS,
                        seen.seconds,
                        left
                    );
                }
            }
        }
    }

    fn finish(&self) {
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
