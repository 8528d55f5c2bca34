//! The language fuzz target: see `puzzle_tests::fuzzing::language`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzle_tests::fuzzing::language(data));
