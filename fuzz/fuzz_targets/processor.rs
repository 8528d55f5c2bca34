//! The processor fuzz target: see `puzzlec_tests::fuzzing::processor`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlec_tests::fuzzing::processor(data));
