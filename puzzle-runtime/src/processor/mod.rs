//! The puzzle processor: the same program as the generated Rust, as code for a machine of five
//! instructions. [`Code`] holds the code and what goes with it, [`instruction`] reads and writes
//! its text and 24-bit binary forms, and [`Machine`] runs it. The compiler lays programs out.

mod code;
pub mod instruction;
mod machine;

pub use code::{Code, Counts, SENTINEL};
pub use instruction::{CodeError, Instruction};
pub use machine::{Executed, Machine, MachineError, State};
