//! What each fuzz target asserts, as functions of the fuzzer's bytes: the fuzzers in `fuzz/`
//! call them, and `tests/fuzz_regressions.rs` replays every input kept in `fuzz/regressions/`
//! and `fuzz/seeds/` through them on the stable toolchain. Each returns normally for any input
//! and panics only when something that must hold does not.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use puzzlec::compiler::{print, Puzzle};
use puzzlec::disassembly::{Disassembler, Outcome, Separation};
use puzzlec::processor::instruction::{
    bytes_to_words, from_text, from_words, to_text, to_words, Instruction,
};
use puzzlec::processor::{Code, Machine, MachineError};
use puzzlec::search::Counter;
use puzzlec::Solver;
use puzzlec_io::draw;
use puzzlec_io::input::{self, InputError, Loaded};
use puzzlec_io::results;
use puzzlec_io::results::merge::{merge_read, Merged};

/// What a fuzz target asserts of its input.
pub type Check = fn(&[u8]);

/// The fuzz targets, by the name of their directory under `fuzz/`.
pub const TARGETS: [(&str, Check); 5] = [
    ("language", language),
    ("xmpuzzle", xmpuzzle),
    ("dlx", dlx),
    ("processor", processor),
    ("results", results_file),
];

/// Puzzles at most this large are also counted by the reference backtracker and compared.
const SMALL_EMBEDDINGS: usize = 60;
const SMALL_ASPECTS: usize = 30;

/// The puzzle language, from text through the whole compiler.
pub fn language(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.puzzle");
    checked(
        path,
        input::language::read(path, text.to_owned(), &Default::default()),
    );
}

/// A BurrTools file: plain XML, or (when the first byte is odd) the rest gzip-compressed first,
/// so that the fuzzer reaches the XML reader through the decompressor as well as the
/// decompressor's own errors (which the plain form reaches when it starts with gzip's magic).
pub fn xmpuzzle(data: &[u8]) {
    let path = Path::new("fuzz.xmpuzzle");
    let bytes = match data.split_first() {
        Some((first, rest)) if first % 2 == 1 => {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(rest).expect("writing to memory");
            gz.finish().expect("writing to memory")
        }
        _ => data.to_vec(),
    };
    checked(
        path,
        input::xmpuzzle::read(path, &bytes, &Default::default()),
    );
}

/// Knuth's DLX format.
pub fn dlx(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.dlx");
    checked(path, input::dlx::read(path, text.to_owned()));
}

/// What every reader's result must satisfy: an error or a warning renders (every location
/// inside the text); a puzzle compiles or gives errors that render; a compiled small puzzle counts alike
/// on the run-time engine and the reference backtracker; the puzzle printed in the puzzle
/// language reads back as the same puzzle.
fn checked(path: &Path, read: Result<Loaded, InputError>) {
    let loaded = match read {
        Ok(loaded) => loaded,
        Err(e) => {
            let _ = e.render(false);
            return;
        }
    };
    let _ = loaded.render_warnings(false);
    let puzzle = match loaded.compile() {
        Ok(puzzle) => puzzle,
        Err(e) => {
            let _ = e.render(false);
            return;
        }
    };
    let info = puzzle.info();
    if info.embeddings <= SMALL_EMBEDDINGS && info.aspects <= SMALL_ASPECTS {
        assert_eq!(
            puzzle.count(),
            u128::from(puzzle.reference_count()),
            "the run-time engine and the reference backtracker disagree"
        );
        taken_apart(&loaded, &puzzle);
    }
    if let Ok(text) = print::source(&loaded.description) {
        let again =
            input::language::read(path, text.clone(), &Default::default()).unwrap_or_else(|e| {
                panic!(
                    "the printed puzzle does not read back:\n{text}\n{}",
                    e.render(false)
                )
            });
        let again = Puzzle::new(&again.description)
            .unwrap_or_else(|_| panic!("the printed puzzle does not compile:\n{text}"));
        assert_eq!(
            again.info().fingerprint,
            info.fingerprint,
            "the printed puzzle is another puzzle:\n{text}"
        );
    }
}

/// The states a fuzzed assembly's disassembly may reach: enough for the small puzzles fuzzed
/// to come apart, few enough that each input takes milliseconds.
const FUZZ_STATES: u64 = 20_000;

/// A small puzzle's first assemblies taken apart under the file's rules: an answer within the
/// bound of states for any pieces on any grid, and where one comes apart, a separation that
/// splits its pieces as one must, with its moves drawn as JSON and played as the view plays
/// them.
fn taken_apart(loaded: &Loaded, puzzle: &Puzzle) {
    let catalog = puzzle.catalog();
    let rules = loaded.disassembly.clone();
    let Ok(mut disassembler) = Disassembler::new(catalog.lattice, rules, FUZZ_STATES) else {
        return;
    };
    let space = disassembler.lattice();
    for solution in &puzzle.first(3) {
        let Ok(outcome) = disassembler.solution(&solution) else {
            continue;
        };
        if let Outcome::Limit(states) = outcome {
            assert!(
                states <= FUZZ_STATES,
                "{states} states reached, past the limit"
            );
        }
        let Outcome::Apart(separation) = outcome else {
            continue;
        };
        let placed: Vec<usize> = (0..solution.embeddings().len())
            .filter(|&p| catalog.kind_of(solution.embeddings()[p]).is_some())
            .collect();
        splits(&separation, &placed);
        let level = separation.level();
        assert!(
            level
                .split('.')
                .all(|n| n.parse::<usize>().is_ok_and(|n| n >= 1)),
            "{level}"
        );
        let line = draw::json::disassembly_line(&solution, space, 1, &separation);
        let _: serde_json::Value = serde_json::from_str(&line).expect("a line of JSON");
        if let Some(playback) = draw::scene::playback(&solution, space, &separation) {
            let moves = playback["moves"].as_array().expect("moves");
            assert_eq!(moves.len(), separation.total_moves());
        }
    }
}

/// That `separation` takes apart exactly `pieces`: moves of some of them, by at least a step,
/// the last taking its pieces away for good, each part the pieces on its side.
fn splits(separation: &Separation, pieces: &[usize]) {
    let mut own = separation.pieces.clone();
    own.sort_unstable();
    assert_eq!(own, pieces, "a separation of other pieces than its part's");
    let (last, before) = separation
        .moves
        .split_last()
        .expect("a separation has moves");
    for m in &separation.moves {
        assert!(!m.pieces.is_empty() && m.pieces.iter().all(|p| pieces.contains(p)));
    }
    assert_eq!(last.distance, None, "the last move takes a part away");
    assert!(before.iter().all(|m| m.distance.is_some_and(|d| d >= 1)));
    let mut removed = last.pieces.clone();
    removed.sort_unstable();
    let stayed: Vec<usize> = pieces
        .iter()
        .copied()
        .filter(|p| !removed.contains(p))
        .collect();
    assert!(!stayed.is_empty(), "a part leaves the rest: some stay");
    for (part, theirs) in [
        (&separation.stayed, &stayed),
        (&separation.removed, &removed),
    ] {
        if let Some(part) = part {
            splits(part, theirs);
        }
    }
}

/// Processor code in its three forms: text, 24-bit words and the compact bytes. What decodes
/// encodes to the same (text through its instructions, words to the same words); what
/// decodes runs on the interpreter, under a step bound, to an end or a typed error.
pub fn processor(data: &[u8]) {
    let Some((&form, rest)) = data.split_first() else {
        return;
    };
    let instructions = match form % 3 {
        0 => match std::str::from_utf8(rest).ok().map(from_text) {
            Some(Ok(code)) => {
                let again = from_text(&to_text(&code)).expect("written text reads back");
                assert_eq!(again, code, "text does not read back as written");
                code
            }
            _ => return,
        },
        1 => match bytes_to_words(rest).and_then(|w| Ok((from_words(&w)?, w))) {
            Ok((code, words)) => {
                assert_eq!(
                    to_words(&code).as_deref(),
                    Ok(&words[..]),
                    "words re-encode"
                );
                code
            }
            Err(_) => return,
        },
        _ => {
            let aspects = u32::from(rest.first().copied().unwrap_or(0));
            match Code::from_compact(rest.get(1..).unwrap_or(&[]), &[], aspects) {
                Ok(code) => {
                    let again = Code::from_compact(&code.to_compact(), &[], aspects)
                        .expect("compact code reads back");
                    assert_eq!(again.instructions, code.instructions, "compact re-encodes");
                    code.instructions.into_owned()
                }
                Err(_) => return,
            }
        }
    };
    run(instructions);
}

/// Runs instructions with a table that names an embedding for every `CALL` and as many
/// aspects as they use.
fn run(instructions: Vec<Instruction>) {
    let aspects = instructions
        .iter()
        .filter_map(|i| match *i {
            Instruction::If { aspect, .. } | Instruction::Mf { aspect } => Some(aspect),
            _ => None,
        })
        .max()
        .map_or(1, |a| a.saturating_add(1).min(4096));
    let calls = (instructions.iter().enumerate())
        .filter(|(_, i)| matches!(i, Instruction::Call { .. }))
        .map(|(at, _)| (at as u32, at as u32))
        .collect::<Vec<_>>();
    let code = Code {
        instructions: instructions.into(),
        calls: calls.into(),
        procedures: Vec::new().into(),
        aspects,
    };
    let Ok(machine) = Machine::new(&code) else {
        return;
    };
    let mut machine = machine.with_step_limit(100_000);
    let mut counter = Counter::default();
    match machine.run(&mut counter) {
        Ok(ControlFlow::Continue(())) | Ok(ControlFlow::Break(())) => {}
        Err(MachineError::StepLimit { limit }) => assert_eq!(machine.executed().total(), limit),
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// A result file as `merge` and `--resume` read it: records that read write back as the same
/// records; any set of them merges to a count or a listing, never a panic.
pub fn results_file(data: &[u8]) {
    let path = PathBuf::from("fuzz.jsonl");
    let Ok(read) = results::parse(&path, data) else {
        return;
    };
    for (_, record) in &read.records {
        let line = serde_json::to_vec(record).expect("a record is JSON");
        let again = results::parse(&path, &[line, b"\n".to_vec()].concat())
            .expect("a written record reads back");
        assert_eq!(
            &again.records[0].1, record,
            "a record reads back as written"
        );
    }
    if let Some(torn) = &read.torn {
        assert!(torn.offset as usize <= data.len());
        assert!(!data[torn.offset as usize..].contains(&b'\n'));
    }
    match merge_read(vec![(path.clone(), read)]) {
        Merged::Complete(total) => assert!(total.units > 0),
        Merged::Incomplete(problems) => {
            let _ = problems.to_string();
        }
    }
}
