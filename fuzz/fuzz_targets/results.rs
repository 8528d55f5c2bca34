//! The result-file fuzz target: see `puzzle_tests::fuzzing::results_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzle_tests::fuzzing::results_file(data));
