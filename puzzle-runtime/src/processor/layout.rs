//! Lays a program out as processor code: each procedure's tree as nested `IF ... MF` blocks,
//! procedures in aspect order so that a failing outer `IF` falls through into the next one.

use std::borrow::Cow;
use std::fmt::Write;

use super::instruction::{CodeError, Instruction};
use crate::cover::{AspectId, Cover};
use crate::order::Order;
use crate::program::{Body, Node, Program};
use crate::solution::Catalog;

/// The aspect recorded for the sentinel in [`Code::procedures`].
pub const SENTINEL: u32 = u32::MAX;

/// Processor code and what it needs beside it: the embedding each `CALL` places (to report
/// solutions) and where each procedure starts (for listings and counts).
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Lays out `program`: `Solve_a` is `IF a` around its tree, `MF a`, `RETURN`; a tree node
    /// is `IF x`, its children, `MF x`; a placement is `CALL Solve_succ(a)`. The last root's
    /// `IF` jumps past the `RETURN`, so a covered aspect falls through into the next procedure.
    /// A puzzle with a bag has no code: the processor holds one bit per aspect.
    pub fn assemble(program: &Program, cover: &Cover, order: &Order) -> Result<Code, CodeError> {
        if let Some(bag) = cover.all_aspects().find(|&a| cover.multiplicity(a) > 1) {
            let aspect = cover.aspect_name(bag).to_owned();
            let count = cover.multiplicity(bag);
            return Err(CodeError::Bag { aspect, count });
        }
        let mut asm = Assembler::default();
        let procedures = program.procedures();
        for (k, procedure) in procedures.iter().enumerate() {
            asm.procedures.push((asm.here(), procedure.aspect.0));
            let a = procedure.aspect.0;
            match &procedure.body {
                Body::Require => {
                    // Free: take it back and give up; covered: jump into the next procedure.
                    asm.code.push(Instruction::If { aspect: a, rel: 2 });
                    asm.code.push(Instruction::Mf { aspect: a });
                }
                // Nothing to do: control runs on into the next procedure.
                Body::Pass => continue,
                // No `RETURN`: after the tree, control runs on into the next procedure with
                // the aspect free again, which is the branch that leaves it uncovered.
                Body::Place(roots) if procedure.optional => {
                    for root in roots {
                        asm.node(root, k + 1);
                    }
                    continue;
                }
                Body::Place(roots) => {
                    for (i, root) in roots.iter().enumerate() {
                        let start = asm.here();
                        asm.node(root, k + 1);
                        if i + 1 == roots.len() {
                            asm.skip_return(start);
                        }
                    }
                }
            }
            asm.code.push(Instruction::Return);
        }
        asm.procedures.push((asm.here(), SENTINEL));
        asm.code.push(Instruction::Solution);
        asm.code.push(Instruction::Return);
        // Now every procedure's address is known: aim the calls.
        for &(at, target) in &asm.pending {
            let to = asm.procedures[target].0;
            asm.code[at as usize] = Instruction::Call {
                rel: to as i32 - at as i32 - 1,
            };
        }
        debug_assert_eq!(cover.aspect_count(), order.len());
        Ok(Code {
            instructions: Cow::Owned(asm.code),
            calls: Cow::Owned(asm.calls),
            procedures: Cow::Owned(asm.procedures),
            aspects: cover.aspect_count() as u32,
        })
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

#[derive(Default)]
struct Assembler {
    code: Vec<Instruction>,
    calls: Vec<(u32, u32)>,
    procedures: Vec<(u32, u32)>,
    /// `CALL`s to aim once every procedure is laid out: (address, procedure index).
    pending: Vec<(u32, usize)>,
}

impl Assembler {
    fn here(&self) -> u32 {
        self.code.len() as u32
    }

    fn node(&mut self, node: &Node, successor: usize) {
        match node {
            Node::Test { aspect, children } => {
                let start = self.here();
                let AspectId(a) = *aspect;
                self.code.push(Instruction::If { aspect: a, rel: 0 });
                for c in children {
                    self.node(c, successor);
                }
                self.code.push(Instruction::Mf { aspect: a });
                let rel = (self.here() - start - 1) as i32;
                self.code[start as usize] = Instruction::If { aspect: a, rel };
            }
            Node::Place { embedding } => {
                self.calls.push((self.here(), embedding.0));
                self.pending.push((self.here(), successor));
                self.code.push(Instruction::Call { rel: 0 });
            }
        }
    }

    /// Aims the `IF` at `start` one further, past the procedure's `RETURN`.
    fn skip_return(&mut self, start: u32) {
        if let Instruction::If { aspect, rel } = self.code[start as usize] {
            self.code[start as usize] = Instruction::If {
                aspect,
                rel: rel + 1,
            };
        }
    }
}
