//! Shared by the integration tests: a generator of small random puzzles.

// Each test crate uses only part of it.
#![allow(dead_code)]

pub mod random;
