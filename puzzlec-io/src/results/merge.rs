//! Result files merged into one count, but only when they prove it: every unit of the puzzle
//! exactly once, all of one puzzle and build. Anything else is listed, and is no count.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::disassembly::Survey;
use crate::results::{self, Record, Results, WorkError};

/// The total of a complete set of results.
#[derive(Clone, Debug, PartialEq)]
pub struct Total {
    /// The puzzle's name.
    pub puzzle: String,
    /// Its fingerprint.
    pub fingerprint: String,
    /// Its units, each counted once.
    pub units: usize,
    /// The solutions, at most `u128::MAX`, where a sum stops rather than wrap.
    pub solutions: u128,
    /// The placements made.
    pub placements: u128,
    /// The search time of all units together, in seconds.
    pub seconds: f64,
    /// The slowest unit's time.
    pub longest: f64,
    /// How the assemblies came apart, where the runs took them apart (`solutions` is then the
    /// assemblies).
    pub disassembly: Option<Survey>,
}

/// Why results do not add up to a count: each problem found, by file and line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Incomplete {
    /// The units no file holds, as runs of ids (first, last).
    pub missing: Vec<(usize, usize)>,
    /// Units held more than once, with where.
    pub duplicates: Vec<(usize, Vec<Place>)>,
    /// Lines of another puzzle or build than the first line's.
    pub foreign: Vec<(Place, String)>,
    /// Torn last lines (a crash while they were written), not counted.
    pub torn: Vec<Place>,
    /// How many units the puzzle has, by the first line.
    pub units: usize,
}

/// A line of a result file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file.
    pub path: PathBuf,
    /// The line, from 1.
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.path.display(), self.line)
    }
}

/// What a merge came to.
#[derive(Debug)]
pub enum Merged {
    /// Every unit once: the count.
    Complete(Total),
    /// Not a count.
    Incomplete(Incomplete),
}

/// Reads the result files and adds them up if they hold every unit exactly once. A file that
/// cannot be read, or a whole line that is not a record, is an error.
pub fn merge(paths: &[PathBuf]) -> Result<Merged, WorkError> {
    let files = paths
        .iter()
        .map(|path| Ok((path.clone(), results::read(path)?)))
        .collect::<Result<Vec<_>, WorkError>>()?;
    Ok(merge_read(files))
}

/// [`merge`] of files read already.
pub fn merge_read(files: Vec<(PathBuf, Results)>) -> Merged {
    let mut all: Vec<(Place, Record)> = Vec::new();
    let mut problems = Incomplete::default();
    for (path, read) in &files {
        let path = path.as_path();
        if let Some(torn) = &read.torn {
            problems.torn.push(place(path, torn.line));
        }
        all.extend(
            read.records
                .iter()
                .map(|(l, r)| (place(path, *l), r.clone())),
        );
    }
    let Some((_, first)) = all.first() else {
        return Merged::Incomplete(problems);
    };
    let (fingerprint, units, puzzle) =
        (first.fingerprint.clone(), first.units, first.puzzle.clone());
    problems.units = units;
    // By id, only those seen: a file may claim any number of units.
    let mut seen: BTreeMap<usize, Vec<Place>> = BTreeMap::new();
    let mut total = Total {
        puzzle,
        fingerprint: fingerprint.clone(),
        units,
        solutions: 0,
        placements: 0,
        seconds: 0.0,
        longest: 0.0,
        disassembly: None,
    };
    for (at, record) in all {
        if record.fingerprint != fingerprint || record.units != units {
            let what = format!(
                "puzzle `{}`, fingerprint {}, {} units",
                record.puzzle, record.fingerprint, record.units
            );
            problems.foreign.push((at, what));
            continue;
        }
        // Reading checked that the unit is below its own count, which is the first line's.
        seen.entry(record.unit).or_default().push(at);
        total.solutions = total.solutions.saturating_add(record.count);
        total.placements += u128::from(record.placements);
        total.seconds += record.seconds;
        total.longest = total.longest.max(record.seconds);
        // One fingerprint, one analysis: a run that took its assemblies apart says so in each.
        if let Some(survey) = &record.disassembly {
            total
                .disassembly
                .get_or_insert_with(Survey::default)
                .add(survey);
        }
    }
    // The ids between those seen are missing, as runs.
    let mut next = 0;
    for (unit, places) in seen {
        if unit > next {
            problems.missing.push((next, unit - 1));
        }
        next = unit + 1;
        if places.len() > 1 {
            problems.duplicates.push((unit, places));
        }
    }
    if next < units {
        problems.missing.push((next, units - 1));
    }
    let clean = problems.missing.is_empty()
        && problems.duplicates.is_empty()
        && problems.foreign.is_empty();
    match clean {
        true => Merged::Complete(total),
        false => Merged::Incomplete(problems),
    }
}

fn place(path: &Path, line: usize) -> Place {
    Place {
        path: path.to_owned(),
        line,
    }
}

impl fmt::Display for Incomplete {
    /// Every problem, one a line, then the verdict.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for at in &self.torn {
            writeln!(f, "{at}: a torn last line (a crash while it was written): not counted; `run --resume` runs its unit again")?;
        }
        for (at, what) in &self.foreign {
            writeln!(
                f,
                "{at}: a unit of another puzzle or build ({what}), not of this one's"
            )?;
        }
        for (unit, places) in self.duplicates.iter().take(LISTED) {
            let list: Vec<String> = places.iter().map(Place::to_string).collect();
            writeln!(
                f,
                "unit {unit} is there {} times: {}",
                places.len(),
                list.join(", ")
            )?;
        }
        if let Some(more) = self.duplicates.len().checked_sub(LISTED).filter(|&n| n > 0) {
            writeln!(f, "... and {more} more units there more than once")?;
        }
        if self.units == 0 && self.missing.is_empty() {
            return write!(f, "no results: the files hold no unit");
        }
        if !self.missing.is_empty() {
            let count: usize = self.missing.iter().map(|(a, b)| b - a + 1).sum();
            writeln!(
                f,
                "{count} of {} units missing: {}",
                self.units,
                ranges(&self.missing)
            )?;
        }
        write!(f, "the results are incomplete: no count")
    }
}

/// How many duplicated units, or runs of missing ones, are listed one by one.
const LISTED: usize = 20;

/// Runs of ids (first and last) as `0-3, 7, 9-12`, the first [`LISTED`] of them, then how
/// many more.
fn ranges(runs: &[(usize, usize)]) -> String {
    let mut shown: Vec<String> = runs
        .iter()
        .take(LISTED)
        .map(|&(a, b)| match a == b {
            true => a.to_string(),
            false => format!("{a}-{b}"),
        })
        .collect();
    if runs.len() > LISTED {
        shown.push(format!("... ({} more runs)", runs.len() - LISTED));
    }
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_ids_are_listed_as_runs() {
        assert_eq!(ranges(&[(0, 3), (7, 7), (9, 12)]), "0-3, 7, 9-12");
        assert_eq!(ranges(&[(5, 5)]), "5");
    }
}
