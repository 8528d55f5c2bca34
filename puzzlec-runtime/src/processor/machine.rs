//! The interpreter: runs processor code with the processor's semantics, from the start or from
//! a saved state, reporting solutions to a [`Sink`] and counting what it executes.

use std::ops::ControlFlow;

use super::code::Code;
use super::instruction::Instruction;
use crate::search::Sink;

/// Instructions executed by a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Executed {
    /// `IF` that found its aspect free.
    pub ifs_true: u64,
    /// `IF` that found its aspect covered and jumped.
    pub ifs_false: u64,
    /// `MF`.
    pub mfs: u64,
    /// `CALL`.
    pub calls: u64,
    /// `RETURN`.
    pub returns: u64,
    /// `SOLUTION`.
    pub solutions: u64,
}

impl Executed {
    /// Every `IF`.
    pub fn ifs(&self) -> u64 {
        self.ifs_true + self.ifs_false
    }

    /// Every instruction.
    pub fn total(&self) -> u64 {
        self.ifs() + self.mfs + self.calls + self.returns + self.solutions
    }
}

/// Everything the processor holds: the free set, the program counter and the stack of return
/// addresses. A run can start from any saved state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Bit `a` is set when aspect `a` is free.
    pub q: Vec<u64>,
    /// The next instruction.
    pub pc: u32,
    /// Return addresses, innermost last.
    pub stack: Vec<u32>,
}

impl State {
    /// The start: every aspect free, the first instruction, an empty stack.
    pub fn initial(aspects: u32) -> State {
        let mut q = vec![u64::MAX; (aspects as usize).div_ceil(64)];
        if !aspects.is_multiple_of(64) {
            if let Some(last) = q.last_mut() {
                *last = (1 << (aspects % 64)) - 1;
            }
        }
        State {
            q,
            pc: 0,
            stack: Vec::new(),
        }
    }

    fn free(&self, aspect: u32) -> bool {
        self.q[(aspect / 64) as usize] >> (aspect % 64) & 1 == 1
    }

    fn set(&mut self, aspect: u32, free: bool) {
        let word = &mut self.q[(aspect / 64) as usize];
        let bit = 1 << (aspect % 64);
        if free {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }
}

/// What stops a run of malformed code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MachineError {
    /// An instruction names an aspect beyond the free set.
    #[error(
        "instruction {at}: aspect {aspect} is out of range (the program has {aspects} aspects)"
    )]
    AspectOutOfRange {
        /// The instruction's address.
        at: u32,
        /// The aspect.
        aspect: u32,
        /// How many aspects there are.
        aspects: u32,
    },
    /// A jump or call leads outside the program.
    #[error("instruction {at}: jump to {target} is outside the program (addresses 0 to {})", len.saturating_sub(1))]
    JumpOutside {
        /// The instruction's address.
        at: u32,
        /// Where it leads.
        target: i64,
        /// The program's length.
        len: u32,
    },
    /// Execution ran past the last instruction.
    #[error("execution ran past the last instruction ({len}) without a RETURN")]
    RanOff {
        /// The program's length.
        len: u32,
    },
    /// The stack grew past its limit.
    #[error("instruction {at}: stack overflow (more than {limit} nested calls)")]
    StackOverflow {
        /// The instruction's address.
        at: u32,
        /// The limit.
        limit: usize,
    },
    /// A `CALL` whose embedding the code's table does not name, so no solution can be reported.
    #[error("instruction {at}: CALL places no embedding known to the code's table")]
    UnknownPlacement {
        /// The instruction's address.
        at: u32,
    },
    /// The run executed as many instructions as it was allowed
    /// ([`Machine::with_step_limit`]): code that loops, or a search too long for the caller.
    #[error("stopped after {limit} instructions, the limit set for this run (code read from elsewhere may loop: a backward jump with no CALL between)")]
    StepLimit {
        /// The limit.
        limit: u64,
    },
    /// A saved state does not fit the code.
    #[error("the saved state does not fit the code: {reason}")]
    BadState {
        /// Why.
        reason: String,
    },
}

/// An interpreter for one piece of code.
#[derive(Debug)]
pub struct Machine<'c> {
    code: &'c [Instruction],
    /// The embedding each `CALL` places, by address (`None` elsewhere).
    placed_at: Vec<Option<u32>>,
    aspects: u32,
    stack_limit: usize,
    /// The instructions runs may execute in all ([`Machine::with_step_limit`]), and of those
    /// the ones left.
    step_limit: u64,
    steps_left: u64,
    executed: Executed,
}

impl<'c> Machine<'c> {
    /// Checks `code` (aspects in range, every jump inside the program, every `CALL` in the
    /// table) and makes an interpreter for it.
    pub fn new(code: &'c Code) -> Result<Machine<'c>, MachineError> {
        let instructions: &[Instruction] = &code.instructions;
        let len = instructions.len() as u32;
        let mut placed_at = vec![None; instructions.len()];
        for &(at, e) in code.calls.iter() {
            if let Some(slot) = placed_at.get_mut(at as usize) {
                *slot = Some(e);
            }
        }
        for (at, &ins) in instructions.iter().enumerate() {
            let at = at as u32;
            let (aspect, rel) = match ins {
                Instruction::If { aspect, rel } => (Some(aspect), Some(rel)),
                Instruction::Mf { aspect } => (Some(aspect), None),
                Instruction::Call { rel } => {
                    if placed_at[at as usize].is_none() {
                        return Err(MachineError::UnknownPlacement { at });
                    }
                    (None, Some(rel))
                }
                Instruction::Return | Instruction::Solution => (None, None),
            };
            if let Some(aspect) = aspect.filter(|&a| a >= code.aspects) {
                let aspects = code.aspects;
                return Err(MachineError::AspectOutOfRange {
                    at,
                    aspect,
                    aspects,
                });
            }
            if let Some(rel) = rel {
                let target = at as i64 + 1 + rel as i64;
                if !(0..len as i64).contains(&target) {
                    return Err(MachineError::JumpOutside { at, target, len });
                }
            }
        }
        Ok(Machine {
            code: instructions,
            placed_at,
            aspects: code.aspects,
            // A search places at most one embedding per aspect.
            stack_limit: code.aspects as usize + 1,
            step_limit: u64::MAX,
            steps_left: u64::MAX,
            executed: Executed::default(),
        })
    }

    /// Sets how deep calls may nest before a run stops with a stack overflow.
    pub fn with_stack_limit(mut self, limit: usize) -> Self {
        self.stack_limit = limit;
        self
    }

    /// Sets how many instructions the machine may execute in all, before a run stops with
    /// [`MachineError::StepLimit`]: the bound under which code from elsewhere (text, which may
    /// jump backwards) is sure to end.
    pub fn with_step_limit(mut self, limit: u64) -> Self {
        self.step_limit = limit;
        self.steps_left = limit;
        self
    }

    /// What has been executed so far.
    pub fn executed(&self) -> Executed {
        self.executed
    }

    /// Runs from the start until the program ends.
    pub fn run(&mut self, sink: &mut impl Sink) -> Result<ControlFlow<()>, MachineError> {
        let mut state = State::initial(self.aspects);
        self.run_from(&mut state, sink)
    }

    /// Runs from a saved state until the procedure that was running in it returns (from the
    /// initial state: until the program ends). The sink is first told of the embeddings the
    /// saved stack has placed, and told they are taken back at the end.
    pub fn run_from(
        &mut self,
        state: &mut State,
        sink: &mut impl Sink,
    ) -> Result<ControlFlow<()>, MachineError> {
        if state.q.len() != (self.aspects as usize).div_ceil(64) {
            let reason = format!("q has {} words for {} aspects", state.q.len(), self.aspects);
            return Err(MachineError::BadState { reason });
        }
        let base = state.stack.len();
        for &ret in &state.stack {
            let call = ret
                .checked_sub(1)
                .and_then(|at| self.placed_at.get(at as usize));
            match call.copied().flatten() {
                Some(e) => sink.place(e),
                None => {
                    let reason = format!("return address {ret} does not follow a CALL");
                    return Err(MachineError::BadState { reason });
                }
            }
        }
        let flow = self.execute(state, base, sink, None);
        if matches!(flow, Ok(ControlFlow::Continue(()))) {
            for _ in 0..base {
                sink.unplace();
            }
        }
        flow
    }

    /// Cuts the search into units: runs from the start, but at each `CALL` that would nest
    /// `depth` deep it records the state just after the call (the root of a subtree, to run
    /// alone with [`Machine::run_from`]) instead of running it. Solutions found less deep are
    /// reported to `sink`. Running the units in order finds what one run finds, in that order.
    pub fn units(
        &mut self,
        depth: usize,
        sink: &mut impl Sink,
    ) -> Result<Vec<State>, MachineError> {
        let mut units = Vec::new();
        let mut state = State::initial(self.aspects);
        // A `Break` from the sink only ends the cut early: the units so far are still units.
        let _ = self.execute(&mut state, 0, sink, Some((depth, &mut units)))?;
        Ok(units)
    }

    fn execute(
        &mut self,
        state: &mut State,
        base: usize,
        sink: &mut impl Sink,
        mut cut: Option<(usize, &mut Vec<State>)>,
    ) -> Result<ControlFlow<()>, MachineError> {
        let len = self.code.len() as u32;
        loop {
            let at = state.pc;
            let Some(&ins) = self.code.get(at as usize) else {
                return Err(MachineError::RanOff { len });
            };
            if self.steps_left == 0 {
                let limit = self.step_limit;
                return Err(MachineError::StepLimit { limit });
            }
            self.steps_left -= 1;
            let next = at + 1;
            let jump = |rel: i32| (next as i64 + rel as i64) as u32;
            state.pc = next;
            match ins {
                Instruction::If { aspect, rel } => {
                    if state.free(aspect) {
                        state.set(aspect, false);
                        self.executed.ifs_true += 1;
                    } else {
                        state.pc = jump(rel);
                        self.executed.ifs_false += 1;
                    }
                }
                Instruction::Mf { aspect } => {
                    state.set(aspect, true);
                    self.executed.mfs += 1;
                }
                Instruction::Call { rel } => {
                    if state.stack.len() >= self.stack_limit {
                        let limit = self.stack_limit;
                        return Err(MachineError::StackOverflow { at, limit });
                    }
                    if let Some((depth, units)) = cut.as_mut() {
                        if state.stack.len() + 1 == *depth {
                            let mut unit = state.clone();
                            unit.stack.push(next);
                            unit.pc = jump(rel);
                            units.push(unit);
                            continue;
                        }
                    }
                    self.executed.calls += 1;
                    state.stack.push(next);
                    state.pc = jump(rel);
                    sink.place(self.placed_at[at as usize].expect("checked by Machine::new"));
                }
                Instruction::Return => {
                    self.executed.returns += 1;
                    if state.stack.len() <= base {
                        return Ok(ControlFlow::Continue(()));
                    }
                    state.pc = state.stack.pop().expect("not below base");
                    sink.unplace();
                }
                Instruction::Solution => {
                    self.executed.solutions += 1;
                    if sink.solution().is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Counter;
    use std::borrow::Cow;

    fn code(instructions: Vec<Instruction>, calls: Vec<(u32, u32)>, aspects: u32) -> Code {
        Code {
            instructions: Cow::Owned(instructions),
            calls: Cow::Owned(calls),
            procedures: Cow::Owned(vec![(0, 0)]),
            aspects,
        }
    }

    fn run(c: &Code) -> Result<ControlFlow<()>, MachineError> {
        Machine::new(c)?.run(&mut Counter::default())
    }

    #[test]
    fn code_that_loops_stops_at_the_step_limit() {
        // The first IF takes aspect 0; the second fails and jumps back to the first, which
        // fails and jumps to itself, for ever.
        let c = code(
            vec![
                Instruction::If { aspect: 0, rel: -1 },
                Instruction::If { aspect: 0, rel: -2 },
                Instruction::Return,
            ],
            vec![],
            1,
        );
        let mut machine = Machine::new(&c).unwrap().with_step_limit(1000);
        assert_eq!(
            machine.run(&mut Counter::default()),
            Err(MachineError::StepLimit { limit: 1000 })
        );
        assert_eq!(machine.executed().total(), 1000);
    }

    #[test]
    fn malformed_code_is_a_typed_error() {
        let c = code(
            vec![Instruction::Mf { aspect: 5 }, Instruction::Return],
            vec![],
            3,
        );
        assert_eq!(
            run(&c),
            Err(MachineError::AspectOutOfRange {
                at: 0,
                aspect: 5,
                aspects: 3
            })
        );
        let c = code(
            vec![Instruction::If { aspect: 0, rel: 5 }, Instruction::Return],
            vec![],
            1,
        );
        assert_eq!(
            run(&c),
            Err(MachineError::JumpOutside {
                at: 0,
                target: 6,
                len: 2
            })
        );
        let c = code(
            vec![Instruction::Call { rel: 0 }, Instruction::Return],
            vec![],
            1,
        );
        assert_eq!(run(&c), Err(MachineError::UnknownPlacement { at: 0 }));
        let c = code(vec![Instruction::Mf { aspect: 0 }], vec![], 1);
        assert_eq!(run(&c), Err(MachineError::RanOff { len: 1 }));
        // A procedure that calls itself: the stack overflows instead of growing for ever.
        let c = code(vec![Instruction::Call { rel: -1 }], vec![(0, 0)], 1);
        assert_eq!(
            run(&c),
            Err(MachineError::StackOverflow { at: 0, limit: 2 })
        );
        let message = run(&c).unwrap_err().to_string();
        assert_eq!(
            message,
            "instruction 0: stack overflow (more than 2 nested calls)"
        );
    }

    #[test]
    fn saved_states_must_fit_the_code() {
        let c = code(vec![Instruction::Solution, Instruction::Return], vec![], 70);
        let mut machine = Machine::new(&c).unwrap();
        let mut short = State::initial(3);
        let err = machine.run_from(&mut short, &mut Counter::default());
        assert!(matches!(err, Err(MachineError::BadState { .. })));
        let mut stray = State::initial(70);
        stray.stack.push(1);
        let err = machine.run_from(&mut stray, &mut Counter::default());
        assert!(matches!(err, Err(MachineError::BadState { .. })));
    }

    #[test]
    fn initial_state_frees_exactly_the_aspects() {
        let s = State::initial(70);
        assert_eq!(s.q, [u64::MAX, (1 << 6) - 1]);
        assert!(s.free(69) && !s.free(70));
        assert_eq!(State::initial(64).q, [u64::MAX]);
    }
}
