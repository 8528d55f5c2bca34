//! The xmpuzzle fuzz target: see `puzzlec_tests::fuzzing::xmpuzzle`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlec_tests::fuzzing::xmpuzzle(data));
