//! The processor back end: a program laid out as puzzle-processor code. Each procedure's tree
//! becomes nested `IF ... MF` blocks, procedures in aspect order, so that a failing outer `IF`
//! falls through into the next procedure.

use std::borrow::Cow;

use puzzlec_runtime::processor::{Code, CodeError, Instruction, SENTINEL};

use crate::cover::{AspectId, Cover};
use crate::order::Order;
use crate::program::{Body, Node, Program};

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
    if let Some(item) = cover.all_aspects().find_map(|a| cover.item_of(a)) {
        let aspect = cover.aspect_name(item).to_owned();
        return Err(CodeError::Colours { aspect });
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
            Node::Place { embedding, .. } => {
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
