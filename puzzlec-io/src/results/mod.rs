//! Result files of work units run apart: one JSON line per finished unit, written whole and
//! flushed to disk when the unit ends, so that a crash loses only the units in flight and at
//! most tears the last line; [`merge`] adds files up only where they prove the count.

pub mod merge;

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::disassembly::Survey;

/// Why a listing, a run or a merge could not be done.
#[derive(Debug, thiserror::Error)]
pub enum WorkError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A whole line of a result file is not a unit's record.
    #[error("{}:{line}:{column}: not a unit's result: {message}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A result file to resume holds units of another puzzle, or of another build of it.
    #[error("{}:{line}: this file holds results of another puzzle or build (fingerprint {found}, {units} units); this one's is {expected} with {expected_units} units: write to another file", path.display())]
    OtherPuzzle {
        /// The file.
        path: PathBuf,
        /// The first line that differs.
        line: usize,
        /// Its fingerprint.
        found: String,
        /// Its unit count.
        units: usize,
        /// This puzzle's.
        expected: String,
        /// This puzzle's unit count.
        expected_units: usize,
    },
    /// The result file exists and `--resume` was not given.
    #[error("{} already holds results; --resume goes on with it, or choose another file", path.display())]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// The analysis asked for cannot be made of this puzzle (its pieces do not slide).
    #[error("{0}")]
    Analysis(String),
    /// The units asked for are not all the puzzle's.
    #[error("units {first}-{last} were asked for, but the puzzle has {units} units (ids 0-{})", units.saturating_sub(1))]
    Range {
        /// The first asked for.
        first: usize,
        /// The last asked for.
        last: usize,
        /// The puzzle's.
        units: usize,
    },
}

/// What one unit of a run found: a line of a result file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The puzzle's name.
    pub puzzle: String,
    /// The puzzle's fingerprint (of this build of it), as 16 hex digits.
    pub fingerprint: String,
    /// How many units the puzzle was cut into: the ids are `0..units`.
    pub units: usize,
    /// The unit's id.
    pub unit: usize,
    /// Its solutions (a counting memo's count may pass 2^64).
    pub count: u128,
    /// The placements its search made.
    pub placements: u64,
    /// The time its search took.
    pub seconds: f64,
    /// Its solutions themselves, with `--solutions`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<serde_json::Value>>,
    /// How its assemblies came apart, in a run that takes them apart (`count` is then the
    /// assemblies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disassembly: Option<Survey>,
}

impl Record {
    /// What JSON cannot say of a record: its fingerprint is 16 hex digits, its unit one of
    /// the puzzle's, its time a time.
    fn check(&self) -> Result<(), String> {
        let hex =
            self.fingerprint.len() == 16 && self.fingerprint.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex {
            return Err(format!(
                "the fingerprint `{}` is not 16 hex digits",
                self.fingerprint
            ));
        }
        if self.unit >= self.units {
            return Err(format!(
                "unit {} of {} units (the ids are 0 to {})",
                self.unit,
                self.units,
                self.units.saturating_sub(1)
            ));
        }
        if !self.seconds.is_finite() || self.seconds < 0.0 {
            return Err(format!("{} seconds is not a time", self.seconds));
        }
        if let Some(survey) = &self.disassembly {
            let levels: u64 = survey.levels.values().sum();
            let parts = [survey.solutions, survey.undecided];
            if u128::from(survey.assemblies) != self.count
                || levels != survey.solutions
                || parts.iter().sum::<u64>() > survey.assemblies
            {
                return Err(format!(
                    "its disassembly ({} assemblies, {} solutions, {} undecided, {levels} by \
                     level) does not add up with its count of {}",
                    survey.assemblies, survey.solutions, survey.undecided, self.count
                ));
            }
        }
        Ok(())
    }
}

/// A fingerprint as result files write it.
pub fn hex(fingerprint: u64) -> String {
    format!("{fingerprint:016x}")
}

/// A result file, read.
#[derive(Debug, Default)]
pub struct Results {
    /// Each record with its line number (from 1).
    pub records: Vec<(usize, Record)>,
    /// A last line without its newline: a crash while it was written. Its unit did not count.
    pub torn: Option<Torn>,
}

/// A torn last line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Torn {
    /// Its line number.
    pub line: usize,
    /// Where it starts, in bytes: what is before it is whole.
    pub offset: u64,
}

/// Reads a result file. A line that is whole but not a record is an error with its line and
/// column; a last line without its newline is reported as torn, not read.
pub fn read(path: &Path) -> Result<Results, WorkError> {
    let bytes = std::fs::read(path).map_err(|source| WorkError::Io {
        path: path.to_owned(),
        source,
    })?;
    parse(path, &bytes)
}

/// [`read`] on the bytes of the file at `path`.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<Results, WorkError> {
    let mut results = Results::default();
    let mut offset = 0usize;
    for (index, piece) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        let Some(text) = piece.strip_suffix(b"\n") else {
            results.torn = Some(Torn {
                line,
                offset: offset as u64,
            });
            break;
        };
        offset += piece.len();
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let corrupt = |column, message| WorkError::Corrupt {
            path: path.to_owned(),
            line,
            column,
            message,
        };
        let record = serde_json::from_slice::<Record>(text).map_err(|e| {
            // The position is said once, in front.
            let message = e.to_string();
            let message = message
                .rsplit_once(" at line ")
                .map_or(&*message, |(m, _)| m);
            corrupt(e.column(), message.to_owned())
        })?;
        record.check().map_err(|message| corrupt(1, message))?;
        results.records.push((line, record));
    }
    Ok(results)
}

/// A result file open for appending records, each written whole and flushed to disk.
#[derive(Debug)]
pub struct Appender {
    path: PathBuf,
    file: File,
}

impl Appender {
    /// Opens `path` for appending (creating it), first cutting off a torn last line at
    /// `keep` bytes if there is one.
    pub fn open(path: &Path, keep: Option<u64>) -> Result<Appender, WorkError> {
        let io = |source| WorkError::Io {
            path: path.to_owned(),
            source,
        };
        if let Some(len) = keep {
            OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|f| f.set_len(len))
                .map_err(io)?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        Ok(Appender {
            path: path.to_owned(),
            file,
        })
    }

    /// Appends a record as one line and waits until it is on disk.
    pub fn append(&mut self, record: &Record) -> Result<(), WorkError> {
        let mut line = serde_json::to_string(record).expect("a record is JSON");
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|source| WorkError::Io {
                path: self.path.clone(),
                source,
            })
    }
}

/// Whether the error says a file does not exist.
pub fn is_missing(e: &WorkError) -> bool {
    matches!(e, WorkError::Io { source, .. } if source.kind() == io::ErrorKind::NotFound)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(unit: usize) -> Record {
        Record {
            puzzle: "p".into(),
            fingerprint: hex(7),
            units: 3,
            unit,
            count: 2,
            placements: 10,
            seconds: 0.5,
            solutions: None,
            disassembly: None,
        }
    }

    #[test]
    fn records_read_back_and_a_torn_line_is_cut_off() {
        let dir = std::env::temp_dir().join(format!("puzzle-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.jsonl");
        let _ = std::fs::remove_file(&path);
        let mut out = Appender::open(&path, None).unwrap();
        out.append(&record(0)).unwrap();
        // A memo's count past 2^64 is written and read whole.
        let big = Record {
            count: u128::from(u64::MAX) * 1000 + 7,
            ..record(2)
        };
        out.append(&big).unwrap();
        drop(out);
        let whole = std::fs::metadata(&path).unwrap().len();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(br#"{"puzzle":"p","finger"#)
            .unwrap();
        let read_back = read(&path).unwrap();
        assert_eq!(read_back.records, [(1, record(0)), (2, big)]);
        assert_eq!(
            read_back.torn,
            Some(Torn {
                line: 3,
                offset: whole
            })
        );
        let mut out = Appender::open(&path, Some(whole)).unwrap();
        out.append(&record(1)).unwrap();
        let read_back = read(&path).unwrap();
        assert_eq!(read_back.torn, None);
        assert_eq!(read_back.records.len(), 3);
        std::fs::write(&path, "{\"puzzle\": 3}\n").unwrap();
        let Err(WorkError::Corrupt {
            line: 1, column, ..
        }) = read(&path)
        else {
            panic!("a line that is not a record is an error");
        };
        assert!(column > 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
