//! Mistakes in an input file, shown as rustc shows them: the file, line and column, the
//! offending text underlined, a message a person reads.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

/// One mistake: what is wrong and, where the file's text shows it, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong.
    pub message: String,
    /// The bytes of the file's text it is about, if any.
    pub range: Option<Range<usize>>,
    /// Further lines: what to do about it.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A mistake at `range` of the text.
    pub fn at(range: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            range: Some(range),
            notes: Vec::new(),
        }
    }

    /// A mistake about the whole file.
    pub fn whole(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            range: None,
            notes: Vec::new(),
        }
    }

    /// The same with a note.
    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }
}

/// One mistake and where it is in the text: lines and columns from 1, columns in characters,
/// the end just past the mistake; none where it is about the whole file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mistake {
    /// What is wrong.
    pub message: String,
    /// Where it starts.
    pub line: Option<usize>,
    /// Where it starts on its line.
    pub column: Option<usize>,
    /// Where it ends.
    pub end_line: Option<usize>,
    /// Where it ends on its line.
    pub end_column: Option<usize>,
    /// What to do about it, where the reader knows.
    pub notes: Vec<String>,
}

/// Everything wrong with one input file: what the command reports (exit code 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The file.
    pub path: PathBuf,
    /// Its text, where it could be read as text.
    pub text: Option<String>,
    /// The mistakes, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl InputError {
    /// Mistakes in a file whose text is `text`.
    pub fn new(path: &Path, text: Option<&str>, diagnostics: Vec<Diagnostic>) -> InputError {
        InputError {
            path: path.to_owned(),
            text: text.map(str::to_owned),
            diagnostics,
        }
    }

    /// One mistake about the whole file (it cannot be read, say).
    pub fn file(path: &Path, message: impl Into<String>) -> InputError {
        InputError::new(path, None, vec![Diagnostic::whole(message)])
    }

    /// The line and column (both from 1) where a byte of the text is.
    pub fn line_column(&self, at: usize) -> Option<(usize, usize)> {
        let text = self.text.as_deref()?;
        let at = floor_char_boundary(text, at.min(text.len()));
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Some((line, column))
    }

    /// Each mistake with where it is, for a program to show: a page marks them in the text,
    /// Python raises them.
    pub fn mistakes(&self) -> Vec<Mistake> {
        (self.diagnostics.iter())
            .map(|d| {
                let at = |byte| self.line_column(byte);
                let start = d.range.as_ref().and_then(|r| at(r.start));
                let end = d.range.as_ref().and_then(|r| at(r.end));
                Mistake {
                    message: d.message.clone(),
                    line: start.map(|(line, _)| line),
                    column: start.map(|(_, column)| column),
                    end_line: end.map(|(line, _)| line),
                    end_column: end.map(|(_, column)| column),
                    notes: d.notes.clone(),
                }
            })
            .collect()
    }

    /// The report, styled for a terminal or plain.
    pub fn render(&self, styled: bool) -> String {
        let mut out = self.render_at(Level::ERROR, styled);
        let n = self.diagnostics.len();
        if n > 1 {
            out.push_str(&format!("{n} errors in `{}`\n", self.path.display()));
        }
        out
    }

    /// The diagnostics as warnings: things the file asks that are done otherwise, or not at
    /// all, but are no reason to stop.
    pub fn render_warnings(&self, styled: bool) -> String {
        self.render_at(Level::WARNING, styled)
    }

    /// Each diagnostic at `level`.
    fn render_at(&self, level: Level<'_>, styled: bool) -> String {
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        let path = self.path.display().to_string();
        let mut out = String::new();
        for d in &self.diagnostics {
            let mut group = Group::with_title(level.clone().primary_title(d.message.as_str()));
            match (&self.text, &d.range) {
                (Some(text), Some(range)) => {
                    let start = floor_char_boundary(text, range.start.min(text.len()));
                    let end = floor_char_boundary(text, range.end.clamp(start, text.len()));
                    group = group.element(
                        Snippet::source(text.as_str())
                            .path(path.as_str())
                            .annotation(AnnotationKind::Primary.span(start..end)),
                    );
                }
                _ => {
                    group = group.element(Level::NOTE.message(format!("in `{path}`")));
                }
            }
            for note in &d.notes {
                group = group.element(Level::HELP.message(note.as_str()));
            }
            out.push_str(&renderer.render(&[group]));
            out.push_str("\n\n");
        }
        out
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for InputError {}

/// The greatest char boundary of `text` at or before `at`.
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Byte offsets of a text's lines, to turn a line and column into a byte.
pub struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> Lines<'t> {
    /// The lines of `text`.
    pub fn new(text: &'t str) -> Lines<'t> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { text, starts }
    }

    /// The byte at `line` (from 1) and `column` (in characters, from 0), clamped to the text.
    pub fn byte(&self, line: usize, column: usize) -> usize {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        let rest = &self.text[start..];
        let line_text = rest.split('\n').next().unwrap_or("");
        start
            + line_text
                .char_indices()
                .nth(column)
                .map_or(line_text.len(), |(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_shows_the_file_line_and_column_and_underlines_the_text() {
        let text = "first line\nsecond bad line\n";
        let e = InputError::new(
            Path::new("p.txt"),
            Some(text),
            vec![Diagnostic::at(18..21, "this is bad").note("say something else")],
        );
        let shown = e.render(false);
        assert!(shown.contains("error: this is bad"), "{shown}");
        assert!(shown.contains("p.txt:2:8"), "{shown}");
        assert!(shown.contains("^^^"), "{shown}");
        assert!(shown.contains("help: say something else"), "{shown}");
        assert_eq!(e.line_column(18), Some((2, 8)));
    }

    #[test]
    fn lines_turn_columns_into_bytes() {
        let lines = Lines::new("ab\nçd\n");
        assert_eq!(lines.byte(1, 1), 1);
        assert_eq!(lines.byte(2, 1), 5);
        assert_eq!(lines.byte(9, 0), 7);
    }
}
