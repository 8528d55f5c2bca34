//! The Python package's tests, run as a Python user runs them: a fresh virtual environment, the
//! package built by maturin and installed into it, then pytest on `python/tests`, and ruff and
//! mypy over the package and the tests. Run by the README's test command (`cargo test
//! --workspace`), so that CI runs them too.
//!
//! Needs `python3` with its `venv` module and the package registries (maturin, pytest, ruff
//! and mypy come from PyPI): `contrib/install-python.sh` installs what a fresh Debian machine
//! lacks.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lies in the repository")
        .to_owned()
}

/// Runs `command`, failing the test with its output where it fails.
fn run(command: &mut Command, what: &str) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: could not start {command:?}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A `python3` with `venv` and `pip`, installed by the project's script where it is missing.
fn python() -> &'static str {
    let works = || {
        Command::new("python3")
            .args(["-c", "import venv, ensurepip"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !works() {
        let script = root().join("contrib/install-python.sh");
        run(
            Command::new("bash").arg(&script),
            "contrib/install-python.sh (python3 with venv is missing)",
        );
        assert!(
            works(),
            "python3 with venv is still missing after {script:?}"
        );
    }
    "python3"
}

#[test]
fn the_python_package_passes_its_tests_in_a_fresh_virtual_environment() {
    let root = root();
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let venv = tmp.join("python-venv");
    // Fresh each run: the wheel is installed where nothing of an earlier one is left.
    let _ = std::fs::remove_dir_all(&venv);
    run(
        Command::new(python()).args(["-m", "venv"]).arg(&venv),
        "making a virtual environment",
    );
    let bin = venv.join("bin");
    // The environment's programs first, as its `activate` puts them: maturin among them.
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("a PATH made of paths");
    let pip = |args: &[&str]| {
        let mut c = Command::new(bin.join("python"));
        c.args(["-m", "pip", "--disable-pip-version-check", "--quiet"])
            .args(args)
            .env("PATH", &path)
            .env("VIRTUAL_ENV", &venv);
        c
    };
    run(
        &mut pip(&[
            "install",
            "maturin>=1.9,<2",
            "pytest>=7",
            "ruff>=0.6",
            "mypy>=1.10",
        ]),
        "installing maturin, pytest, ruff and mypy from PyPI",
    );
    // The README's `pip install ./python`, with the maturin just installed rather than one
    // fetched again into an isolated build; its own target directory, kept between runs, so
    // that the wheel's build is made once.
    run(
        pip(&["install", "--no-build-isolation"])
            .arg(root.join("python"))
            .env("CARGO_TARGET_DIR", tmp.join("python-target")),
        "building and installing the package (`pip install ./python`)",
    );
    run(
        Command::new(bin.join("python"))
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(root.join("python/tests"))
            .current_dir(tmp),
        "pytest python/tests",
    );
    // The Python kept as clean by its own tools as the Rust by its: ruff's lints and format,
    // and mypy in its strict mode over the package, its stubs and the tests
    // (`python/pyproject.toml` holds their settings).
    let python = root.join("python");
    let tool = |name: &str, args: &[&str], what: &str| {
        run(
            Command::new(bin.join(name))
                .args(args)
                .current_dir(&python)
                .env("PATH", &path)
                // Their caches in the target directory, not the source tree.
                .env("MYPY_CACHE_DIR", tmp.join("mypy-cache"))
                .env("RUFF_CACHE_DIR", tmp.join("ruff-cache")),
            what,
        );
    };
    tool("ruff", &["check", "."], "ruff check python");
    tool(
        "ruff",
        &["format", "--check", "."],
        "ruff format --check python",
    );
    tool("mypy", &["puzzlec", "tests"], "mypy python");
}
