//! Knuth's DLX format for exact cover: the first line that is not a comment names the items,
//! the primary ones (covered exactly once) before a `|` and the secondary ones (at most once)
//! after it; every further line is an option, the items it covers. A secondary item may carry
//! a colour, one character (`x:a`, his DLX2 format): options that agree on its colour may share
//! it. Lines that start with `|` are comments. The puzzle is abstract: its aspects are the items, its embeddings the options.
//! An option of secondary items alone is ignored with a warning, as Knuth's programs ignore it
//! (placed, it would only double every solution that leaves its items free).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::Path;

use puzzlec::compiler::description::{AbstractSpec, Count, EmbeddedAspect};
use puzzlec::compiler::Description;

use super::diagnostic::{Diagnostic, InputError};
use super::{name_from_path, Format, Loaded, Locs};

/// Reads a DLX file's text.
pub fn read(path: &Path, text: String) -> Result<Loaded, InputError> {
    let mut mistakes = Vec::new();
    let mut locs = Locs::new(0..0);
    let mut lines = lines(&text).filter(|(_, line)| {
        let line = line.trim_start_matches(is_space);
        !line.is_empty() && !line.starts_with('|')
    });
    let Some((start, items_line)) = lines.next() else {
        let d = Diagnostic::whole("the file names no items: it is empty or all comments")
            .note("the first line that is not a comment lists the items, e.g. `a b c | x y`");
        return Err(InputError::new(path, Some(&text), vec![d]));
    };
    let mut spec = AbstractSpec::default();
    let mut warnings = Vec::new();
    let mut known: HashMap<&str, Range<usize>> = HashMap::new();
    let mut secondary = false;
    let mut secondaries: HashSet<&str> = HashSet::new();
    for (at, word) in words(items_line) {
        let range = start + at..start + at + word.len();
        if word == "|" {
            if secondary {
                mistakes.push(Diagnostic::at(range, "a second `|` in the item line"));
            }
            secondary = true;
            continue;
        }
        let (whole, mut count) = (word, None);
        let (word, range) = match word.rsplit_once('|') {
            None => (word, range),
            Some((prefix, item)) => {
                let bounds = range.start..range.start + prefix.len() + 1;
                match bounds_of(prefix) {
                    Ok(_) if item.is_empty() => {
                        mistakes.push(Diagnostic::at(bounds, format!("`{whole}`: the bounds name no item")).note("bounds come before a primary item's name: `u:v|item` (covered u to v times) or `v|item` (v times), in Knuth's DLX3 format"));
                        continue;
                    }
                    Ok((min, max)) if !secondary => {
                        count = Some((Count { min, max }, bounds.clone()));
                        (item, bounds.end..range.end)
                    }
                    Ok(_) => {
                        mistakes.push(
                            Diagnostic::at(bounds, format!("`{whole}`: a secondary item takes no bounds"))
                                .note("only a primary item (before the `|`) is covered a number of times (Knuth's DLX3)"),
                        );
                        continue;
                    }
                    Err(why) => {
                        mistakes.push(Diagnostic::at(bounds, why).note("bounds come before a primary item's name: `u:v|item` (covered u to v times) or `v|item` (v times), in Knuth's DLX3 format"));
                        continue;
                    }
                }
            }
        };
        if word.contains(':') {
            mistakes.push(Diagnostic::at(
                range,
                format!("`{word}`: an item name holds no `:`"),
            ));
            continue;
        }
        if word.len() > MAX_NAME {
            mistakes.push(long_name(range, word));
            continue;
        }
        if let Some(first) = known.get(word) {
            let line = text[..first.start].matches('\n').count() + 1;
            mistakes.push(Diagnostic::at(
                range,
                format!("item `{word}` is named twice (first on line {line})"),
            ));
            continue;
        }
        known.insert(word, range.clone());
        let named = (word.to_owned(), locs.loc(range));
        if let Some((count, bounds)) = count {
            spec.counts.push((named.clone(), count, locs.loc(bounds)));
        }
        if secondary {
            secondaries.insert(word);
            spec.optional.push(named.clone());
        }
        spec.aspects.push(named);
    }
    if spec.aspects.len() == spec.optional.len() {
        mistakes.push(Diagnostic::at(
            start..start + items_line.len(),
            "the item line names no primary item (those before the `|`)",
        ));
    }
    for (start, line) in lines {
        let mut members = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for (at, word) in words(line) {
            let range = start + at..start + at + word.len();
            let (item, colour) = match word.split_once(':') {
                Some((item, colour)) => (item, Some(colour)),
                None => (word, None),
            };
            let item_range = range.start..range.start + item.len();
            if item.len() > MAX_NAME {
                mistakes.push(long_name(item_range, item));
                continue;
            }
            if !known.contains_key(item) {
                mistakes.push(Diagnostic::at(
                    item_range,
                    format!("option names `{item}`, which is not an item of the item line"),
                ));
                continue;
            }
            if seen.contains(&item) {
                mistakes.push(Diagnostic::at(
                    item_range,
                    format!("option names `{item}` twice"),
                ));
                continue;
            }
            seen.push(item);
            let colour = match colour {
                None => None,
                Some(_) if !secondaries.contains(item) => {
                    mistakes.push(
                        Diagnostic::at(
                            range,
                            format!("`{word}` gives the primary item `{item}` a colour"),
                        )
                        .note("only a secondary item (after the `|`) takes a colour, which options that agree on it share"),
                    );
                    continue;
                }
                Some(colour) if colour.len() != 1 => {
                    mistakes.push(
                        Diagnostic::at(
                            item_range.end..range.end,
                            format!("`{word}`: a colour is one character, as in `{item}:a`"),
                        )
                        .note("Knuth's DLX2 format names a colour by a single character after the `:`"),
                    );
                    continue;
                }
                Some(colour) => Some((colour.to_owned(), locs.loc(item_range.end + 1..range.end))),
            };
            members.push(EmbeddedAspect {
                aspect: (item.to_owned(), locs.loc(item_range)),
                colour,
            });
        }
        let trimmed = line.trim_end_matches(is_space);
        let range = start + trimmed.len() - trimmed.trim_start_matches(is_space).len()
            ..start + trimmed.len();
        let primary = |m: &EmbeddedAspect| !secondaries.contains(m.aspect.0.as_str());
        if !members.is_empty() && !members.iter().any(primary) {
            warnings.push(
                Diagnostic::at(range, "option ignored: it names no primary item")
                    .note("Knuth's programs ignore such an option too: an option must cover an item before the `|`"),
            );
            continue;
        }
        spec.embeddings.push((members, locs.loc(range)));
    }
    // Said here in the format's words: the compiler would speak of aspects and embeddings.
    let covered: HashSet<&str> = (spec.embeddings.iter())
        .flat_map(|(members, _)| members.iter().map(|m| m.aspect.0.as_str()))
        .collect();
    // Knuth's programs find no solution then, and so does the search: a warning, not a mistake.
    // Nor is an item that may be covered no times.
    let may_be_left: HashSet<&str> = (spec.counts.iter())
        .filter(|(_, count, _)| count.min == 0)
        .map(|((item, _), ..)| item.as_str())
        .collect();
    for (item, _) in &spec.aspects {
        let item = item.as_str();
        if !secondaries.contains(item) && !covered.contains(item) && !may_be_left.contains(item) {
            warnings.push(
                Diagnostic::at(
                    known[item].clone(),
                    format!("primary item `{item}` is in no option, so no exact cover exists"),
                )
                .note("an item that may stay uncovered is secondary: list it after the `|`"),
            );
            spec.uncovered_allowed = true;
        }
    }
    if !mistakes.is_empty() {
        return Err(InputError::new(path, Some(&text), mistakes));
    }
    let mut description = Description::new(name_from_path(path));
    description.abstract_puzzle = Some(spec);
    let comment = comment(&text[..start]);
    Ok(Loaded {
        path: path.to_owned(),
        format: Format::Dlx,
        description,
        text,
        locs: locs.into_ranges(),
        warnings,
        comment,
        disassembly: Default::default(),
    })
}

/// The words of the comment lines (`|`) before the item line, where they have any.
fn comment(head: &str) -> Option<String> {
    let words: Vec<&str> = (head.lines())
        .filter_map(|line| line.trim_start_matches(is_space).strip_prefix('|'))
        .map(|line| line.strip_prefix(' ').unwrap_or(line).trim_end())
        .collect();
    let first = words.iter().position(|w| !w.is_empty())?;
    let last = words.iter().rposition(|w| !w.is_empty())?;
    Some(words[first..=last].join("\n"))
}

/// The bounds before a `|` in the item line (`u:v` or `v`, decimal), as `(u, v)`, or why they
/// are not bounds Knuth's `dlx3` takes.
fn bounds_of(prefix: &str) -> Result<(u32, u32), String> {
    let number = |digits: &str| -> Result<u32, String> {
        match digits.bytes().all(|b| b.is_ascii_digit()) {
            _ if digits.is_empty() => {
                Err("a bound is missing: a bound is a decimal number".to_owned())
            }
            true => digits
                .parse()
                .map_err(|_| format!("`{digits}` is too large a bound")),
            false => Err(format!(
                "`{digits}` is not a bound: a bound is a decimal number"
            )),
        }
    };
    let (least, most) = match prefix.split_once(':') {
        Some((least, most)) => (number(least)?, number(most)?),
        None => (number(prefix)?, number(prefix)?),
    };
    if most == 0 {
        return Err(
            "the upper bound is 0, which leaves the item no cover: make it at least 1".to_owned(),
        );
    }
    if least > most {
        return Err(format!(
            "the lower bound {least} exceeds the upper bound {most}"
        ));
    }
    Ok((least, most))
}

/// The longest name of an item, in bytes: Knuth's programs refuse longer ones.
const MAX_NAME: usize = 8;

/// The mistake of a name longer than [`MAX_NAME`].
fn long_name(range: Range<usize>, word: &str) -> Diagnostic {
    Diagnostic::at(
        range,
        format!("item name `{word}` is longer than {MAX_NAME} characters"),
    )
    .note("Knuth's DLX format names an item in at most 8 characters (bytes)")
}

/// Whether a byte separates names: C's `isspace`, as Knuth's programs read them.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// Each line with the byte it starts at.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |start, line| {
        let at = *start;
        *start += line.len();
        Some((at, line.trim_end_matches(['\n', '\r'])))
    })
}

/// Each word of a line with the byte it starts at in the line.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut from = 0;
    std::iter::from_fn(move || {
        let start = from + line[from..].find(|c: char| !is_space(c))?;
        let end = line[start..]
            .find(is_space)
            .map_or(line.len(), |n| start + n);
        from = end;
        Some((start, &line[start..end]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> Result<Loaded, InputError> {
        read(Path::new("t.dlx"), text.to_owned())
    }

    /// Each mistake's message with the line and column it starts at.
    fn located(e: &InputError) -> Vec<(&str, (usize, usize))> {
        (e.diagnostics.iter())
            .map(|d| {
                let at = e.line_column(d.range.clone().unwrap().start).unwrap();
                (d.message.as_str(), at)
            })
            .collect()
    }

    #[test]
    fn knuths_example_is_read_with_its_comments() {
        let loaded =
            read_text("| A simple example\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")
                .unwrap();
        let spec = loaded.description.abstract_puzzle.as_ref().unwrap();
        assert_eq!(spec.aspects.len(), 7);
        assert_eq!(spec.embeddings.len(), 6);
        let p = loaded.compile().unwrap();
        use puzzlec::Solver;
        assert_eq!(p.count(), 1);
    }

    #[test]
    fn an_option_of_secondary_items_alone_is_ignored_with_a_warning() {
        // Knuth's `dlx1` counts 2 ({a, b x} and {a, b}); placed, the option `x` would add
        // {a, b, x}, which leaves no primary item to it.
        let loaded = read_text("a b | x y\na\nb x\n  x y\nb\n").unwrap();
        use puzzlec::Solver;
        assert_eq!(loaded.compile().unwrap().count(), 2);
        let [warning] = loaded.warnings.as_slice() else {
            panic!("{:?}", loaded.warnings);
        };
        assert_eq!(warning.message, "option ignored: it names no primary item");
        let report = loaded.render_warnings(false).unwrap();
        assert!(report.contains("warning: option ignored"), "{report}");
        assert!(report.contains("t.dlx:4:3"), "{report}");
        assert_eq!(
            read_text("a | x\na\n").unwrap().render_warnings(false),
            None
        );
    }

    #[test]
    fn colours_are_read_as_knuths_dlx2_reads_them() {
        // His example of colour controls: the option `X:0 Y:1` names no primary item; the
        // unique solution is `A C X:1 Y:1` with `B X:1`.
        let text = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
        let loaded = read_text(text).unwrap();
        assert_eq!(loaded.warnings.len(), 1);
        let spec = loaded.description.abstract_puzzle.as_ref().unwrap();
        let (members, _) = &spec.embeddings[1];
        assert_eq!(members[2].aspect.0, "X");
        assert_eq!(members[2].colour.as_ref().unwrap().0, "1");
        use puzzlec::Solver;
        let p = loaded.compile().unwrap();
        assert_eq!(p.count(), 1);
        let first = p.first(1).get(0).unwrap().to_string();
        assert!(first.contains("A C X:1 Y:1"), "{first}");
        // A colour on a primary item, a colour of two characters, or of none: each where it
        // is written.
        let e = read_text("A B | X\nA:1 X:1\nB X:12\nB X:\nA\n").unwrap_err();
        assert_eq!(
            located(&e),
            [
                ("`A:1` gives the primary item `A` a colour", (2, 1)),
                ("`X:12`: a colour is one character, as in `X:a`", (3, 4)),
                ("`X:`: a colour is one character, as in `X:a`", (4, 4)),
            ]
        );
    }

    #[test]
    fn bounds_are_read_and_their_mistakes_said_where_they_are() {
        // Knuth's example of DLX3: colours and bounds, one solution.
        let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let loaded = read_text(text).unwrap();
        let spec = loaded.description.abstract_puzzle.as_ref().unwrap();
        let [((item, _), count, _)] = spec.counts.as_slice() else {
            panic!("{:?}", spec.counts);
        };
        assert_eq!((item.as_str(), *count), ("C", Count { min: 2, max: 3 }));
        use puzzlec::Solver;
        let p = loaded.compile().unwrap();
        assert_eq!(p.count(), 1);
        let first = p.first(1).get(0).unwrap().to_string();
        assert!(first.contains("A C X:1 Y:1"), "{first}");
        // An item with a least of 0 may be in no option.
        assert!(read_text("a 0:2|b\na\n").unwrap().warnings.is_empty());
        let e = read_text("a 3:2|b 0|c x:1|d 2| | 1|f\na\n").unwrap_err();
        assert_eq!(
            located(&e),
            [
                ("the lower bound 3 exceeds the upper bound 2", (1, 3)),
                (
                    "the upper bound is 0, which leaves the item no cover: make it at least 1",
                    (1, 9)
                ),
                ("`x` is not a bound: a bound is a decimal number", (1, 13)),
                ("`2|`: the bounds name no item", (1, 19)),
                ("`1|f`: a secondary item takes no bounds", (1, 24)),
            ]
        );
    }

    #[test]
    fn mistakes_are_all_reported_where_they_are() {
        let e = read_text("a b | c c\na x\nb:1 a\na a\n").unwrap_err();
        let messages: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].contains("named twice"));
        assert!(messages[1].contains("`x`"));
        assert_eq!(messages[2], "`b:1` gives the primary item `b` a colour");
        assert!(messages[3].contains("twice"));
        // A secondary item in no option is no mistake; a primary one leaves no solution, as
        // Knuth's programs find, with a warning.
        assert!(read_text("a | c\na\n").unwrap().warnings.is_empty());
        let none = read_text("a b | c\na c\n").unwrap();
        let [warning] = none.warnings.as_slice() else {
            panic!("{:?}", none.warnings);
        };
        assert_eq!(
            warning.message,
            "primary item `b` is in no option, so no exact cover exists"
        );
        assert!(none.render_warnings(false).unwrap().contains("t.dlx:1:3"));
        use puzzlec::Solver;
        assert_eq!(none.compile().unwrap().count(), 0);
        assert_eq!(
            e.line_column(e.diagnostics[1].range.clone().unwrap().start),
            Some((2, 3))
        );
        // Names of at most 8 bytes, as Knuth's programs take them; spaces as C's `isspace`.
        let long = read_text("a abcdefghi\na\nabcdefghi\n").unwrap_err();
        let messages: Vec<&str> = long
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            messages,
            [
                "item name `abcdefghi` is longer than 8 characters",
                "item name `abcdefghi` is longer than 8 characters",
            ]
        );
        assert_eq!(
            long.line_column(long.diagnostics[1].range.clone().unwrap().start),
            Some((3, 1))
        );
        assert!(read_text("abcdefgh\x0bb\nabcdefgh\nb\n").is_ok());
        let empty = read_text("| nothing here\n\n").unwrap_err();
        assert!(empty.diagnostics[0].message.contains("names no items"));
    }
}
