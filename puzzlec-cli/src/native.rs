//! Native solvers on demand: a puzzle written out as a `puzzle!` crate in a cache directory,
//! built in release mode by cargo, and run through the same driver ([`crate::native_main`]).
//! The crate is keyed by the puzzle's fingerprint in this program's [`cache::dir`], and all of
//! them share one target directory: the next run of the same puzzle reuses its build, and a new
//! puzzle compiles only its own crate.

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime};

use puzzlec::Info;

use crate::cache;

#[cfg(doc)]
use crate::driver::RunArgs;

/// Where this program's sources are: the native crates depend on them by path.
const CLI_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Why a native solver could not be had.
#[derive(Debug, thiserror::Error)]
pub enum NativeError {
    /// The cache directory could not be written.
    #[error("cannot write the native solver's crate in `{path}`: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Cargo could not be run.
    #[error("--native needs cargo to build the solver, and `{cargo}` could not be run: {source}; without --native the run-time engine solves the same puzzle")]
    Cargo {
        /// The cargo tried.
        cargo: String,
        /// Why.
        source: io::Error,
    },
    /// The build failed.
    #[error("building the native solver in `{dir}` failed:\n{output}")]
    Build {
        /// The crate.
        dir: PathBuf,
        /// What cargo said.
        output: String,
    },
    /// This program's sources, which the native crate depends on, are gone.
    #[error("--native builds against this program's sources, which are no longer at `{0}`; reinstall it from the repository")]
    Sources(PathBuf),
    /// The built solver could not be run.
    #[error("cannot run the native solver `{path}`: {source}")]
    Run {
        /// The binary.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// A native solver, built or found built.
#[derive(Clone, Debug)]
pub struct Build {
    /// The program.
    pub binary: PathBuf,
    /// How long the build took; `None` when an earlier build was reused.
    pub took: Option<Duration>,
}

/// The native solver built before for the puzzle `source` (its text in the puzzle language) by
/// this same program, if there is one: found by the text alone, without compiling the puzzle
/// or asking cargo, so that a run of a solver already built starts it at once. A program
/// built anew (whose compiler may make another solver of the same text) finds none.
pub fn built(source: &str) -> Option<Build> {
    let index = std::fs::read_to_string(cache::entry("index", source)?).ok()?;
    let binary = PathBuf::from(index.trim_end());
    binary.is_file().then_some(Build { binary, took: None })
}

/// Builds (or finds built) the native solver of a puzzle: `source` is its text in the puzzle
/// language, `info` what the run-time compiler made of it (the build checks that the macro
/// made the same). Records it for [`built`] to find.
pub fn build(source: &str, info: &Info) -> Result<Build, NativeError> {
    let cli = Path::new(CLI_DIR);
    let root = cli.parent().unwrap_or(cli);
    if !cli.join("Cargo.toml").is_file() {
        return Err(NativeError::Sources(cli.to_owned()));
    }
    let base = cache::dir();
    let name = format!("native-{:016x}", info.fingerprint);
    let dir = base.join(&name);
    let module = module_name(source).unwrap_or_else(|| "puzzle".to_owned());
    let write = |path: PathBuf, text: String| {
        std::fs::create_dir_all(path.parent().unwrap_or(&path))
            .and_then(|()| write_if_changed(&path, &text))
            .map_err(|source| NativeError::Write { path, source })
    };
    write(dir.join("Cargo.toml"), manifest(&name, cli, root))?;
    write(
        dir.join("src/main.rs"),
        program(source, &module, info.fingerprint),
    )?;
    // The workspace's lock file pins what the project is tested with.
    if let Ok(lock) = std::fs::read_to_string(root.join("Cargo.lock")) {
        if !dir.join("Cargo.lock").exists() {
            write(dir.join("Cargo.lock"), lock)?;
        }
    }
    let target = base.join("target");
    let binary = target.join("release").join(&name);
    let before = modified(&binary);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let start = Instant::now();
    let output = Command::new(&cargo)
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .stdin(Stdio::null())
        .output()
        .map_err(|source| NativeError::Cargo {
            cargo: cargo.clone(),
            source,
        })?;
    if !output.status.success() {
        return Err(NativeError::Build {
            dir,
            output: String::from_utf8_lossy(&output.stderr).into_owned(),
        });
    }
    let took = start.elapsed();
    if let Some(path) = cache::entry("index", source) {
        write(path, format!("{}\n", binary.display()))?;
    }
    let rebuilt = before.is_none() || modified(&binary) != before;
    Ok(Build {
        binary,
        took: rebuilt.then_some(took),
    })
}

/// Runs a native solver with these arguments (the driver's options, [`RunArgs::to_args`], or
/// a work-sharing command); its output is this program's. On Unix the solver replaces this
/// process, which returns only if it could not be started: no second process starts and waits,
/// and the solver's exit code and signals are the command's own.
pub fn run(build: &Build, args: &[String]) -> Result<ExitStatus, NativeError> {
    let mut command = Command::new(&build.binary);
    command.args(args);
    let failed = |source| NativeError::Run {
        path: build.binary.clone(),
        source,
    };
    #[cfg(unix)]
    let ran = Err(failed(std::os::unix::process::CommandExt::exec(
        &mut command,
    )));
    #[cfg(not(unix))]
    let ran = command.status().map_err(failed);
    ran
}

/// The native crate's manifest: this program's library (its driver, without the compiler) and
/// the `puzzlec` crate, by path; the macro built optimised, as the README advises.
fn manifest(name: &str, cli: &Path, root: &Path) -> String {
    format!(
        r#"[package]
name = "{name}"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
puzzlec = {{ path = {root:?} }}
puzzlec-cli = {{ path = {cli:?}, default-features = false }}

[profile.release.build-override]
opt-level = 3

# Not part of any workspace around the cache directory.
[workspace]
"#,
        root = root.display().to_string(),
        cli = cli.display().to_string(),
    )
}

/// The native solver's program: the puzzle, and the driver run on it.
fn program(source: &str, module: &str, fingerprint: u64) -> String {
    format!(
        "//! A native solver built by `puzzlec --native`.\n\n\
         puzzlec::puzzle! {{\n{source}}}\n\n\
         fn main() -> std::process::ExitCode {{\n    \
         puzzlec_cli::native_main(&{module}::SOLVER, {fingerprint:#018x})\n}}\n"
    )
}

/// The module name of a puzzle's text: what follows its `mod`.
fn module_name(source: &str) -> Option<String> {
    let rest = source.split_once("mod ")?.1;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// Writes a file unless it already holds `text` (so that cargo sees nothing changed).
fn write_if_changed(path: &Path, text: &str) -> io::Result<()> {
    match std::fs::read_to_string(path) {
        Ok(old) if old == text => Ok(()),
        _ => std::fs::write(path, text),
    }
}

/// When a file was last written, if it exists.
fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}
