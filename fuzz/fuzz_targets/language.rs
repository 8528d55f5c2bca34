//! The language fuzz target: see `puzzlec_tests::fuzzing::language`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlec_tests::fuzzing::language(data));
