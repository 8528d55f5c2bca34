//! The dlx fuzz target: see `puzzlec_tests::fuzzing::dlx`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlec_tests::fuzzing::dlx(data));
