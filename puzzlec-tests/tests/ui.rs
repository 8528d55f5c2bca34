//! Compile-fail tests: each mistake in a description is a compile error pointing at it. Only
//! mistakes: with nothing to run, trybuild checks the cases without building them (the
//! descriptions that compile are the other tests' own).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/drawing/*.rs");
    t.compile_fail("tests/ui/pieces/*.rs");
    t.compile_fail("tests/ui/keys/*.rs");
    t.compile_fail("tests/ui/solvability/*.rs");
    t.compile_fail("tests/ui/abstract/*.rs");
    t.compile_fail("tests/ui/items/*.rs");
    t.compile_fail("tests/ui/grids/*.rs");
}
