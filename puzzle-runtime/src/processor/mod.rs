//! The puzzle processor of METHOD.md §3: the same program as the generated Rust, as code for a
//! five-instruction machine. [`Code::assemble`] lays a program out, [`instruction`] reads and
//! writes its text and 24-bit binary forms, and [`Machine`] runs it.

pub mod instruction;
pub mod layout;
pub mod machine;

pub use instruction::{CodeError, Instruction};
pub use layout::{Code, Counts};
pub use machine::{Executed, Machine, MachineError, State};
