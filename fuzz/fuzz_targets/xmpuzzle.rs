//! The xmpuzzle fuzz target: see `puzzle_tests::fuzzing::xmpuzzle`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzle_tests::fuzzing::xmpuzzle(data));
