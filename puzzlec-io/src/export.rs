//! A puzzle as a Rust crate of its own: `Cargo.toml` with its dependency on the `puzzlec`
//! crate, and `src/main.rs` with the puzzle in `puzzle!` and a `main` that counts its
//! solutions. What `puzzlec rust` prints or writes, and the workshop's "Rust crate".

use std::path::{Path, PathBuf};

use crate::input::{InputError, Loaded};

/// The repository the `puzzlec` crate of this program was built from: a crate made here
/// depends on it by path as well as by version while it is there, so that it builds on this
/// machine before the version is in the registry, and after it wherever the crate is taken.
const IO_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// The files of a crate that solves one puzzle with `puzzle!`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RustCrate {
    /// The crate's name: the puzzle's module, as a package name.
    pub name: String,
    /// `Cargo.toml`.
    pub manifest: String,
    /// `src/main.rs`.
    pub main: String,
}

impl RustCrate {
    /// The crate of the puzzle `loaded`: its text in the language (with the file's comment),
    /// checked to compile, and small enough for rustc.
    pub fn of(loaded: &Loaded) -> Result<RustCrate, InputError> {
        let compiled = loaded.compile_native()?;
        let text =
            (loaded.language()).map_err(|e| InputError::file(&loaded.path, e.to_string()))?;
        let module = &puzzlec::Solver::info(&compiled).name;
        let body: String = (text.lines())
            .map(|l| match l.is_empty() {
                true => "\n".to_owned(),
                false => format!("    {l}\n"),
            })
            .collect();
        let main = format!(
            "//! {module}, from `{file}`, solved with `puzzle!`: `cargo run --release` counts\n\
             //! its solutions (`puzzlec rust --crate DIR` writes this file with its `Cargo.toml`).\n\
             \n\
             use puzzlec::{{puzzle, Solver}};\n\
             \n\
             puzzle! {{\n{body}}}\n\
             \n\
             fn main() {{\n    \
             let start = std::time::Instant::now();\n    \
             let count = {module}::SOLVER.count_parallel();\n    \
             println!(\"{{count}} solutions in {{:.3}} s\", start.elapsed().as_secs_f64());\n\
             }}\n",
            file = file_name(&loaded.path),
        );
        let name = module.replace('_', "-");
        let manifest = manifest(&name, source_root().as_deref());
        Ok(RustCrate {
            name,
            manifest,
            main,
        })
    }

    /// The crate's files, each with its path inside the crate.
    pub fn files(&self) -> [(&'static str, &str); 2] {
        [("Cargo.toml", &self.manifest), ("src/main.rs", &self.main)]
    }

    /// Writes the crate into `dir`, made where it is missing. A file already there with other
    /// text is left as it is and named in the error, before anything is written: nothing a
    /// person wrote is overwritten.
    pub fn write(&self, dir: &Path) -> Result<(), WriteError> {
        for (file, text) in self.files() {
            let path = dir.join(file);
            match std::fs::read_to_string(&path) {
                Ok(old) if old != text => return Err(WriteError::Exists(path)),
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(WriteError::Io(path, e));
                }
                _ => {}
            }
        }
        for (file, text) in self.files() {
            let path = dir.join(file);
            let made = std::fs::create_dir_all(path.parent().unwrap_or(dir))
                .and_then(|()| std::fs::write(&path, text));
            made.map_err(|e| WriteError::Io(path, e))?;
        }
        Ok(())
    }
}

/// Why a crate could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// A file of the crate is there already with other text.
    #[error("`{}` is there already and is not this crate's: move it, or write the crate elsewhere", .0.display())]
    Exists(PathBuf),
    /// A file could not be read or written.
    #[error("cannot write `{}`: {}", .0.display(), .1)]
    Io(PathBuf, std::io::Error),
}

/// The repository of the `puzzlec` crate, where it still is.
fn source_root() -> Option<PathBuf> {
    let root = Path::new(IO_DIR).parent()?;
    root.join("Cargo.toml").is_file().then(|| root.to_owned())
}

/// The last part of a path, for the program's first line.
fn file_name(path: &Path) -> String {
    (path.file_name()).map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The crate's manifest: `puzzlec` at the version this program is, by path too where its
/// repository is on this machine; the macro, which compiles the puzzle while the crate builds,
/// optimised in both profiles.
fn manifest(name: &str, root: Option<&Path>) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let dependency = match root {
        Some(root) => format!(
            "{{ version = \"{version}\", path = {:?} }}",
            root.display().to_string()
        ),
        None => format!("\"{version}\""),
    };
    format!(
        "[package]\n\
         name = \"{name}\"\n\
         version = \"0.1.0\"\n\
         edition = \"2021\"\n\
         publish = false\n\
         \n\
         [dependencies]\n\
         puzzlec = {dependency}\n\
         \n\
         # `puzzle!` compiles the puzzle while the crate builds: optimised, that takes a fraction\n\
         # of the time.\n\
         [profile.dev.build-override]\n\
         opt-level = 3\n\
         \n\
         [profile.release.build-override]\n\
         opt-level = 3\n\
         \n\
         # A crate of its own wherever it is written, even inside another workspace: to make it\n\
         # one of a workspace's members, remove this table.\n\
         [workspace]\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crate_keeps_the_files_comment_and_depends_on_the_version() {
        let text = r#"<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes><voxel x="2" y="1" z="1" type="0">##</voxel><voxel x="2" y="2" z="1" type="0">####</voxel></shapes><problems><problem><shapes><shape id="0" count="2"/></shapes><result id="1"/><bitmap/><solutions/></problem></problems><comment>Two dominoes
in a square.</comment></puzzle>"#;
        let choice = crate::input::Choice::default();
        let loaded =
            crate::input::xmpuzzle::read(Path::new("two.xmpuzzle"), text.as_bytes(), &choice)
                .expect("the file reads");
        let made = RustCrate::of(&loaded).expect("the crate is made");
        assert!(
            made.main
                .contains("    // Two dominoes\n    // in a square.\n    mod "),
            "{}",
            made.main
        );
        assert!(made
            .manifest
            .contains(&format!("version = \"{}\"", env!("CARGO_PKG_VERSION"))));
        assert_eq!(made.files().map(|(f, _)| f), ["Cargo.toml", "src/main.rs"]);

        let dir = std::env::temp_dir().join(format!("puzzle-export-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        made.write(&dir).expect("written");
        made.write(&dir).expect("written again over the same text");
        std::fs::write(dir.join("src/main.rs"), "fn main() {}\n").expect("a person's edit");
        let refused = made
            .write(&dir)
            .expect_err("an edited file is not overwritten");
        assert!(matches!(refused, WriteError::Exists(ref p) if p.ends_with("src/main.rs")));
        assert_eq!(
            std::fs::read_to_string(dir.join("src/main.rs")).unwrap(),
            "fn main() {}\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
