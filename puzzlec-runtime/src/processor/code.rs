//! Processor code as it is kept beside a program: the instructions, the embedding each `CALL`
//! places and where each procedure starts, with static counts and a listing.

use std::borrow::Cow;
use std::fmt::Write;

use super::instruction::{CodeError, Instruction};
use crate::solution::Catalog;

/// The aspect recorded for the sentinel in [`Code::procedures`].
pub const SENTINEL: u32 = u32::MAX;

/// Processor code and what it needs beside it: the embedding each `CALL` places (to report
/// solutions) and where each procedure starts (for listings and counts).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Code {
    /// The instructions; execution starts at the first.
    pub instructions: Cow<'static, [Instruction]>,
    /// `(address, embedding)` for every `CALL`, by address.
    pub calls: Cow<'static, [(u32, u32)]>,
    /// `(address, aspect)` for every procedure, by address; the sentinel's aspect is
    /// [`SENTINEL`].
    pub procedures: Cow<'static, [(u32, u32)]>,
    /// The number of aspects (the width of `q`).
    pub aspects: u32,
}

/// Instruction counts of a piece of code (static) or of a run (dynamic, see
/// [`super::machine::Executed`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// `IF` instructions.
    pub ifs: u64,
    /// `MF` instructions.
    pub mfs: u64,
    /// `CALL` instructions.
    pub calls: u64,
    /// `RETURN` instructions.
    pub returns: u64,
    /// `SOLUTION` instructions.
    pub solutions: u64,
}

impl Counts {
    /// Counts one instruction.
    pub fn add(&mut self, i: Instruction) {
        match i {
            Instruction::If { .. } => self.ifs += 1,
            Instruction::Mf { .. } => self.mfs += 1,
            Instruction::Call { .. } => self.calls += 1,
            Instruction::Return => self.returns += 1,
            Instruction::Solution => self.solutions += 1,
        }
    }

    /// All instructions.
    pub fn total(&self) -> u64 {
        self.ifs + self.mfs + self.calls + self.returns + self.solutions
    }
}

impl Code {
    /// The code in the compact form generated code keeps it in: per instruction, a varint of
    /// its first operand (the aspect, or the embedding a `CALL` places) shifted left by three
    /// and or-ed with the opcode, then, for `IF` and `CALL`, the relative address as a zigzag
    /// varint. One byte string is far cheaper for rustc than a table of structured values.
    pub fn to_compact(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.instructions.len() * 3);
        for (at, &instruction) in self.instructions.iter().enumerate() {
            let (op, first, rel) = match instruction {
                Instruction::If { aspect, rel } => (0, aspect, Some(rel)),
                Instruction::Call { rel } => (1, self.placed_at(at as u32).unwrap_or(0), Some(rel)),
                Instruction::Mf { aspect } => (2, aspect, None),
                Instruction::Return => (3, 0, None),
                Instruction::Solution => (4, 0, None),
            };
            varint(&mut out, u64::from(first) << 3 | op);
            if let Some(rel) = rel {
                varint(
                    &mut out,
                    (i64::from(rel) << 1 ^ i64::from(rel) >> 63) as u64,
                );
            }
        }
        out
    }

    /// Code from its compact form ([`Code::to_compact`]), with where each procedure starts and
    /// the number of aspects.
    pub fn from_compact(
        bytes: &[u8],
        procedures: &[(u32, u32)],
        aspects: u32,
    ) -> Result<Code, CodeError> {
        let mut instructions = Vec::with_capacity(bytes.len() / 2);
        let mut calls = Vec::new();
        let mut rest = bytes;
        while !rest.is_empty() {
            let index = instructions.len();
            let malformed = || CodeError::Compact { index };
            let head = read_varint(&mut rest).ok_or_else(malformed)?;
            let first = u32::try_from(head >> 3).map_err(|_| malformed())?;
            let mut rel = || -> Result<i32, CodeError> {
                let zigzag = read_varint(&mut rest).ok_or_else(malformed)?;
                let rel = (zigzag >> 1) as i64 ^ -((zigzag & 1) as i64);
                i32::try_from(rel).map_err(|_| malformed())
            };
            instructions.push(match head & 7 {
                0 => Instruction::If {
                    aspect: first,
                    rel: rel()?,
                },
                1 => {
                    calls.push((index as u32, first));
                    Instruction::Call { rel: rel()? }
                }
                2 => Instruction::Mf { aspect: first },
                3 if first == 0 => Instruction::Return,
                4 if first == 0 => Instruction::Solution,
                _ => return Err(malformed()),
            });
        }
        Ok(Code {
            instructions: Cow::Owned(instructions),
            calls: Cow::Owned(calls),
            procedures: Cow::Owned(procedures.to_vec()),
            aspects,
        })
    }

    /// The embedding placed by the `CALL` at `address`, if the table names one.
    pub fn placed_at(&self, address: u32) -> Option<u32> {
        self.calls
            .binary_search_by_key(&address, |c| c.0)
            .ok()
            .map(|i| self.calls[i].1)
    }

    /// Static counts of each procedure, in order (the sentinel last), and in all.
    pub fn counts(&self) -> (Vec<Counts>, Counts) {
        let mut per = Vec::with_capacity(self.procedures.len());
        let mut all = Counts::default();
        for (i, &(start, _)) in self.procedures.iter().enumerate() {
            let end = self
                .procedures
                .get(i + 1)
                .map_or(self.instructions.len(), |p| p.0 as usize);
            let mut c = Counts::default();
            for &ins in &self.instructions[start as usize..end] {
                c.add(ins);
                all.add(ins);
            }
            per.push(c);
        }
        (per, all)
    }

    /// The assembly listing: a label per procedure, tests indented by depth, aspects by name,
    /// and the embedding each `CALL` places.
    pub fn listing(&self, catalog: &Catalog) -> String {
        let label = |aspect: u32| match aspect {
            SENTINEL => "Solution".to_owned(),
            a => format!("Solve_{}", catalog.aspect_name(a)),
        };
        let label_at = |address: usize| {
            let i = self
                .procedures
                .partition_point(|p| (p.0 as usize) <= address);
            label(self.procedures[i - 1].1)
        };
        let mut out = String::new();
        let mut depth = 0usize;
        let mut next_procedure = 0;
        for (at, &ins) in self.instructions.iter().enumerate() {
            if let Some(&(start, aspect)) = self.procedures.get(next_procedure) {
                if start as usize == at {
                    let _ = writeln!(out, "{}:", label(aspect));
                    next_procedure += 1;
                    depth = 0;
                }
            }
            let target = |rel: i32| (at as i64 + 1 + rel as i64) as usize;
            let text = match ins {
                Instruction::If { aspect, rel } => {
                    depth += 1;
                    format!("IF {}, {}", catalog.aspect_name(aspect), target(rel))
                }
                Instruction::Mf { aspect } => {
                    depth = depth.saturating_sub(1);
                    format!("MF {}", catalog.aspect_name(aspect))
                }
                Instruction::Call { rel } => {
                    let called = label_at(target(rel));
                    match self.calls.binary_search_by_key(&(at as u32), |c| c.0) {
                        Ok(i) => {
                            let e = self.calls[i].1;
                            format!("CALL {called}    ; place {e}: {}", catalog.describe(e))
                        }
                        Err(_) => format!("CALL {called}"),
                    }
                }
                Instruction::Return => "RETURN".to_owned(),
                Instruction::Solution => "SOLUTION".to_owned(),
            };
            let indent = match ins {
                Instruction::If { .. } => depth - 1,
                _ => depth,
            };
            let _ = writeln!(out, "{at:6}  {:w$}{text}", "", w = 2 + indent * 2);
        }
        out
    }
}

/// Appends `n` as a varint: seven bits a byte, lowest first, the high bit set on all but the
/// last.
fn varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads a varint from the front of `bytes`; `None` if it runs off the end or past 64 bits.
fn read_varint(bytes: &mut &[u8]) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = bytes.split_first()?;
        *bytes = rest;
        n |= u64::from(byte & 0x7f).checked_shl(shift)?;
        if byte & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compact_form_reads_back() {
        let code = Code {
            instructions: Cow::Owned(vec![
                Instruction::If {
                    aspect: 6,
                    rel: 300,
                },
                Instruction::Call { rel: -70_000 },
                Instruction::Mf { aspect: 100_000 },
                Instruction::Return,
                Instruction::Solution,
            ]),
            calls: Cow::Owned(vec![(1, 2056)]),
            procedures: Cow::Owned(vec![(0, 0), (4, SENTINEL)]),
            aspects: 100_001,
        };
        let bytes = code.to_compact();
        let back = Code::from_compact(&bytes, &code.procedures, code.aspects).unwrap();
        assert_eq!(back, code);
        // Cut short, it is an error, or (cut between instructions) the code's beginning.
        for cut in 0..bytes.len() {
            match Code::from_compact(&bytes[..cut], &code.procedures, code.aspects) {
                Ok(short) => assert!(code.instructions.starts_with(&short.instructions)),
                Err(e) => assert!(matches!(e, CodeError::Compact { .. })),
            }
        }
        assert!(Code::from_compact(&[0x07], &[], 0).is_err());
        assert!(Code::from_compact(&[0xff; 11], &[], 0).is_err());
    }
}
