//! The puzzle language, read by the compiler's own parser: a file holds what `puzzle! { ... }`
//! would, one puzzle or several.

use std::ops::Range;
use std::path::Path;

use proc_macro2::Span;
use puzzlec::compiler::parse::{self, Parsed};

use super::diagnostic::{Diagnostic, InputError, Lines};
use super::{Choice, Format, Loaded};

/// Reads the puzzle `choice` names from a file's text (or its only puzzle).
pub fn read(path: &Path, text: String, choice: &Choice) -> Result<Loaded, InputError> {
    let pick = choice.puzzle.as_deref();
    let lines = Lines::new(&text);
    let range = |span: Span| -> Range<usize> {
        let (start, end) = (span.start(), span.end());
        let start = lines.byte(start.line, start.column);
        start..lines.byte(end.line, end.column).max(start)
    };
    let syntax = |e: syn::Error| -> Vec<Diagnostic> {
        e.into_iter()
            .map(|e| Diagnostic::at(range(e.span()), e.to_string()))
            .collect()
    };
    let puzzles = match parse::parse_str(&text) {
        Ok(puzzles) => puzzles,
        Err(e) => return Err(InputError::new(path, Some(&text), syntax(e))),
    };
    // Every puzzle's mistakes are reported, not only the chosen one's.
    let mistakes: Vec<Diagnostic> = puzzles
        .iter()
        .flat_map(|p| p.errors.iter().cloned().flat_map(syntax))
        .collect();
    if !mistakes.is_empty() {
        return Err(InputError::new(path, Some(&text), mistakes));
    }
    let names: Vec<String> = puzzles.iter().map(|p| p.header.name.to_string()).collect();
    let chosen: Parsed = match pick {
        Some(name) => match names.iter().position(|n| n == name) {
            Some(i) => puzzles
                .into_iter()
                .nth(i)
                .expect("the position is in range"),
            None => {
                let d = Diagnostic::whole(format!("the file has no puzzle named `{name}`"))
                    .note(format!("its puzzles: {}", listed(&names)));
                return Err(InputError::new(path, Some(&text), vec![d]));
            }
        },
        None if puzzles.len() == 1 => puzzles.into_iter().next().expect("one puzzle"),
        None => {
            let d =
                Diagnostic::whole(format!("the file has {} puzzles", names.len())).note(format!(
                    "choose one with {}: {}",
                    choice.asking.puzzle,
                    listed(&names)
                ));
            return Err(InputError::new(path, Some(&text), vec![d]));
        }
    };
    let locs = (0..chosen.spans.len())
        .map(|i| range(chosen.spans.span(puzzlec::compiler::Loc(i as u32))))
        .collect();
    Ok(Loaded {
        path: path.to_owned(),
        format: Format::Puzzle,
        description: chosen.description,
        text,
        locs,
        warnings: Vec::new(),
        comment: None,
        disassembly: Default::default(),
    })
}

/// Names as a list: `a`, `b`, `c`.
fn listed(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    quoted.join(", ")
}
