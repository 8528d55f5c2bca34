//! The puzzle processor: the same program as the generated Rust, as code for a machine of five
//! instructions. [`Code`] holds the code and what goes with it, [`instruction`] reads and writes
//! its text and 24-bit binary forms, and [`Machine`] runs it. The compiler lays programs out.

mod code;
pub mod instruction;
mod machine;

pub use code::{Code, Counts, SENTINEL};
pub use instruction::{CodeError, Instruction};
pub use machine::{Executed, Machine, MachineError, State};

/// What a puzzle without processor code (one with a bag, whose counter the processor's one
/// bit per aspect cannot hold) has as its `PROCESSOR`: a stand-in with no methods, deprecated
/// with a note that says why, so that a use of it explains itself. Such a puzzle runs
/// natively (`SOLVER`) and on the walker.
#[derive(Clone, Copy, Debug)]
pub struct NoCode;
