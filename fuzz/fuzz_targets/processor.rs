//! The processor fuzz target: see `puzzle_tests::fuzzing::processor`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzle_tests::fuzzing::processor(data));
