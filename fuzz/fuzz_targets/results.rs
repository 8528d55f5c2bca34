//! The result-file fuzz target: see `puzzlec_tests::fuzzing::results_file`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlec_tests::fuzzing::results_file(data));
