//! The dlx fuzz target: see `puzzle_tests::fuzzing::dlx`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzle_tests::fuzzing::dlx(data));
