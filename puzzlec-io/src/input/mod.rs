//! Puzzle files in the formats people already have, read into a [`Description`] that the
//! compiler takes: the puzzle language ([`language`]), BurrTools' `.xmpuzzle` ([`xmpuzzle`])
//! and Knuth's DLX format ([`dlx`]). Every mistake becomes a [`Diagnostic`] at the bytes of the
//! file it is about, those the compiler finds later too (each part of the description carries
//! a `Loc` that [`Loaded::range`] maps back into the file).

pub mod diagnostic;
pub mod dlx;
pub mod language;
pub mod xmpuzzle;

use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use puzzlec::compiler::print::PrintError;
use puzzlec::compiler::stop::Stop;
use puzzlec::compiler::{Description, Error, Loc, Puzzle};

pub use diagnostic::{Diagnostic, InputError, Mistake};

/// The format of a puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// The puzzle language of `puzzle!` (`.puzzle`).
    Puzzle,
    /// BurrTools (`.xmpuzzle`, gzip-compressed or plain XML).
    Xmpuzzle,
    /// Knuth's DLX format for exact cover (`.dlx`).
    Dlx,
}

impl Format {
    /// The format a file's extension names.
    pub fn of(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "puzzle" => Some(Format::Puzzle),
            "xmpuzzle" | "xml" => Some(Format::Xmpuzzle),
            "dlx" => Some(Format::Dlx),
            _ => None,
        }
    }
}

/// Which puzzle of a file holding several to read.
#[derive(Clone, Debug, Default)]
pub struct Choice {
    /// A puzzle of a `.puzzle` file, by name.
    pub puzzle: Option<String>,
    /// A problem of an `.xmpuzzle` file, by number (from 1) or name.
    pub problem: Option<String>,
    /// How the reader asks for them, for the message that lists them where none is chosen.
    pub asking: Asking,
}

/// How a front end asks which of a file's puzzles or problems to read, in its own words: the
/// message that lists them says what to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asking {
    /// What picks a puzzle of a `.puzzle` file.
    pub puzzle: &'static str,
    /// What picks a problem of an `.xmpuzzle` file.
    pub problem: &'static str,
}

impl Asking {
    /// The command's options.
    pub const COMMAND: Asking = Asking {
        puzzle: "`--puzzle NAME`",
        problem: "`--problem N`",
    };
}

impl Default for Asking {
    fn default() -> Asking {
        Asking::COMMAND
    }
}

/// A puzzle read from a file.
#[derive(Debug)]
pub struct Loaded {
    /// The file.
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
    /// Its text (an `.xmpuzzle` file's after decompression).
    pub text: String,
    /// The puzzle.
    pub description: Description,
    /// The bytes of `text` each `Loc` of the description names.
    pub locs: Vec<Range<usize>>,
    /// What the file asks that the puzzle does otherwise or not at all, as the format's own
    /// programs do (an option of Knuth's format with no primary item is ignored).
    pub warnings: Vec<Diagnostic>,
    /// What the file says of its puzzle in words, kept when the puzzle is written in the
    /// language ([`Loaded::language`]): a BurrTools file's `<comment>`, the comment lines (`|`)
    /// that open a DLX file. None for a text in the language, whose comments are its own.
    pub comment: Option<String>,
    /// What the file says of taking its assemblies apart (a BurrTools problem's weights and
    /// groups); nothing for the other formats.
    pub disassembly: puzzlec::disassembly::Rules,
}

impl Loaded {
    /// The bytes of the file a location of the description names.
    pub fn range(&self, loc: Loc) -> Option<Range<usize>> {
        self.locs.get(loc.0 as usize).cloned()
    }

    /// The puzzle in the language, as a person reads and keeps it: the file's comment
    /// ([`Loaded::comment`]) as `//` lines above the puzzle's text.
    pub fn language(&self) -> Result<String, PrintError> {
        let text = puzzlec::compiler::print::source(&self.description)?;
        let comment = [self.comment.clone(), self.unsaid()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("\n\n");
        if comment.is_empty() {
            return Ok(text);
        }
        let mut out = String::new();
        for line in comment.lines() {
            // A control character (a lone carriage return) would end the comment for some
            // readers of the text: a space in its place.
            let line: String = (line.trim_end().chars())
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            for part in wrapped(&line, COMMENT_WIDTH) {
                out.push_str(if part.is_empty() { "//" } else { "// " });
                out.push_str(part);
                out.push('\n');
            }
        }
        Ok(out + &text)
    }

    /// What the language cannot say of the file: its pieces' weights and groups, which
    /// decide how its assemblies are taken apart; `None` where it has neither.
    fn unsaid(&self) -> Option<String> {
        let rules = &self.disassembly;
        let name = |k: usize| (self.description.pieces.get(k)).map_or("?", |p| p.name.as_str());
        let weighed = (rules.weights.iter().enumerate())
            .filter(|(_, &w)| w != 1)
            .map(|(k, w)| format!("{} weighs {w}", name(k)));
        let grouped = (rules.groups.iter().enumerate())
            .filter(|(_, groups)| !groups.is_empty())
            .map(|(k, groups)| {
                let numbers: Vec<String> = groups.iter().map(|(g, _)| g.to_string()).collect();
                format!("{} is in group {}", name(k), numbers.join(", "))
            });
        let said: Vec<String> = weighed.chain(grouped).collect();
        (!said.is_empty()).then(|| {
            format!(
                "Not in the language, which has no words for them: {}. They decide how its \
                 assemblies come apart; `puzzlec solve --disassemble` on the file follows them.",
                said.join("; ")
            )
        })
    }

    /// The warnings, as a report for a person; none if there are none.
    pub fn render_warnings(&self, styled: bool) -> Option<String> {
        if self.warnings.is_empty() {
            return None;
        }
        let report = InputError::new(&self.path, Some(&self.text), self.warnings.clone());
        Some(report.render_warnings(styled))
    }

    /// Compiles the puzzle; the compiler's errors point into the file.
    pub fn compile(&self) -> Result<Puzzle, InputError> {
        Puzzle::new(&self.description).map_err(|errors| self.errors(errors.0))
    }

    /// Compiles the puzzle as [`Loaded::compile`], given up soon after `stop` is set: `None`
    /// then.
    pub fn compile_until(&self, stop: &AtomicBool) -> Option<Result<Puzzle, InputError>> {
        let compiled = Puzzle::new_until(&self.description, Stop::when(stop))?;
        Some(compiled.map_err(|errors| self.errors(errors.0)))
    }

    /// Compiles the puzzle for a native solver: as [`Loaded::compile`], and small enough for
    /// rustc ([`Puzzle::check_native`]).
    pub fn compile_native(&self) -> Result<Puzzle, InputError> {
        let puzzle = self.compile()?;
        puzzle.check_native().map_err(|e| self.errors(vec![e]))?;
        Ok(puzzle)
    }

    /// The compiler's errors, pointing into the file.
    fn errors(&self, errors: Vec<Error>) -> InputError {
        let diagnostics = errors
            .into_iter()
            .map(|e| Diagnostic {
                message: e.kind.to_string(),
                range: self.range(e.loc),
                notes: Vec::new(),
            })
            .collect();
        InputError::new(&self.path, Some(&self.text), diagnostics)
    }
}

/// The widest line of a file's comment written in the language, as the language's own
/// examples are written: a line wider is broken between words.
const COMMENT_WIDTH: usize = 92;

/// `line` broken between words into lines of at most `width` characters where it can be (a
/// word wider stands alone); an empty line stays one.
fn wrapped(line: &str, width: usize) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = line.trim_start();
    while rest.chars().count() > width {
        let Some((limit, next)) = rest.char_indices().nth(width) else {
            break;
        };
        let cut = match next {
            ' ' => Some(limit),
            _ => rest[..limit].rfind(' ').or_else(|| rest.find(' ')),
        };
        let Some(cut) = cut else { break };
        parts.push(rest[..cut].trim_end());
        rest = rest[cut..].trim_start();
    }
    parts.push(rest);
    parts
}

/// The file name that stands for standard input.
pub const STDIN: &str = "-";

/// Reads the puzzle in a file (standard input for [`STDIN`]), in the format given or, failing
/// that, its extension's.
pub fn read(path: &Path, format: Option<Format>, choice: &Choice) -> Result<Loaded, InputError> {
    if path == Path::new(STDIN) {
        // Named `stdin` in messages and as the puzzle's name where the format has none.
        let path = Path::new("stdin");
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| InputError::file(path, format!("cannot read standard input: {e}")))?;
        let Some(format) = format else {
            return Err(InputError::new(
                path,
                None,
                vec![
                    Diagnostic::whole("standard input has no extension to name its format")
                        .note("say `--format puzzle|xmpuzzle|dlx`"),
                ],
            ));
        };
        return read_bytes(path, bytes, format, choice);
    }
    if path.is_dir() {
        return Err(InputError::file(
            path,
            format!("`{}` is a directory, not a puzzle file", path.display()),
        ));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| InputError::file(path, format!("cannot read `{}`: {e}", path.display())))?;
    let format = match format.or_else(|| Format::of(path)) {
        Some(format) => format,
        None => {
            return Err(InputError::new(
                path,
                None,
                vec![Diagnostic::whole(format!(
                "`{}` has no extension that names a format",
                path.display()
            ))
            .note(
                "name it `.puzzle`, `.xmpuzzle` or `.dlx`, or say `--format puzzle|xmpuzzle|dlx`",
            )],
            ))
        }
    };
    read_bytes(path, bytes, format, choice)
}

/// Reads a puzzle from a file's bytes (an `.xmpuzzle` file's plain or gzip-compressed) in
/// `format`. `path` names the file in messages and nothing else: nothing is read from disk.
pub fn read_bytes(
    path: &Path,
    bytes: Vec<u8>,
    format: Format,
    choice: &Choice,
) -> Result<Loaded, InputError> {
    match format {
        Format::Xmpuzzle => xmpuzzle::read(path, &bytes, choice),
        Format::Puzzle | Format::Dlx => {
            let text = String::from_utf8(bytes).map_err(|e| {
                InputError::file(
                    path,
                    format!(
                        "`{}` is not UTF-8 text (at byte {})",
                        path.display(),
                        e.utf8_error().valid_up_to()
                    ),
                )
            })?;
            match format {
                Format::Puzzle => language::read(path, text, choice),
                _ => dlx::read(path, text),
            }
        }
    }
}

/// A puzzle's name from a file's name: an identifier, as the language wants.
pub fn name_from_path(path: &Path) -> String {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("puzzle");
    puzzlec::compiler::print::to_identifier(stem)
}

/// A table of byte ranges to hand out `Loc`s from, as a reader finds the parts of a puzzle.
#[derive(Debug, Default)]
pub struct Locs(Vec<Range<usize>>);

impl Locs {
    /// A table whose `Loc::default()` is `whole`.
    pub fn new(whole: Range<usize>) -> Locs {
        Locs(vec![whole])
    }

    /// The location of `range`.
    pub fn loc(&mut self, range: Range<usize>) -> Loc {
        self.0.push(range);
        Loc(self.0.len() as u32 - 1)
    }

    /// The table.
    pub fn into_ranges(self) -> Vec<Range<usize>> {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::wrapped;

    #[test]
    fn a_comment_is_broken_between_words() {
        assert_eq!(wrapped("", 10), [""]);
        assert_eq!(wrapped("short", 10), ["short"]);
        assert_eq!(wrapped("ab cd ef gh", 5), ["ab cd", "ef gh"]);
        assert_eq!(wrapped("ab cdé éf", 5), ["ab", "cdé", "éf"]);
        assert_eq!(wrapped("abcdefgh ij", 5), ["abcdefgh", "ij"]);
        assert_eq!(wrapped("abcdefgh", 5), ["abcdefgh"]);
    }
}
