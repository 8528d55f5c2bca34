//! The five instructions, and their text and 24-bit binary forms.

use std::fmt;

/// One instruction of the puzzle processor. Relative addresses count from the next instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Instruction {
    /// If `aspect` is free, take it and go on; else jump by `rel`.
    If {
        /// The aspect tested.
        aspect: u32,
        /// Where to go when it is covered.
        rel: i32,
    },
    /// Push the return address and jump by `rel` (placing an embedding).
    Call {
        /// The called procedure, relative.
        rel: i32,
    },
    /// Make `aspect` free again.
    Mf {
        /// The aspect.
        aspect: u32,
    },
    /// Pop the return address; the program ends on an empty stack.
    Return,
    /// Report the solution held on the stack.
    Solution,
}

/// The widest aspect operand of the binary form.
pub const ASPECT_BITS: u32 = 7;
/// The widest relative address of the binary form (forward jumps only: the layout never jumps
/// back).
pub const REL_BITS: u32 = 14;

const OP_IF: u32 = 0b111;
const OP_CALL: u32 = 0b101;
const OP_MF: u32 = 0b110;
const OP_RETURN: u32 = 0b001;
const OP_SOLUTION: u32 = 0b000;

/// Why code could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// A line of text is not an instruction.
    #[error("line {line}: {message}")]
    Text {
        /// The line (from 1).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A binary word has an opcode that is none of the five.
    #[error("word {index}: unknown opcode {opcode:03b}")]
    UnknownOpcode {
        /// The word (from 0).
        index: usize,
        /// The opcode bits.
        opcode: u32,
    },
    /// A binary word sets bits its instruction does not use, or more than 24.
    #[error("word {index}: {word:#08x} is not a valid {what} instruction")]
    Malformed {
        /// The word (from 0).
        index: usize,
        /// The word.
        word: u32,
        /// The instruction it claims to be.
        what: &'static str,
    },
    /// The bytes do not make whole 24-bit words.
    #[error("truncated code: {len} bytes is not a whole number of 3-byte words")]
    Truncated {
        /// The number of bytes.
        len: usize,
    },
    /// An aspect does not fit the binary form.
    #[error("instruction {index}: aspect {aspect} does not fit the binary form, which has {ASPECT_BITS} bits for aspects (at most {} aspects)", 1u32 << ASPECT_BITS)]
    AspectTooLarge {
        /// The instruction (from 0).
        index: usize,
        /// The aspect.
        aspect: u32,
    },
    /// The compact form of code does not decode.
    #[error("instruction {index}: the compact form of the code is malformed")]
    Compact {
        /// The instruction (from 0).
        index: usize,
    },
    /// A puzzle with a bag (copies of several kinds of piece) needs a counter, which the
    /// processor's bit register cannot hold.
    #[error("aspect `{aspect}` is a bag of {count} copies, held as a counter; the puzzle processor has one bit per aspect, so this puzzle has no processor code (its native solver and the program walker count it)")]
    Bag {
        /// The bag's name.
        aspect: String,
        /// How many copies it holds.
        count: u32,
    },
    /// A puzzle with colours: an embedding needs other bits free than it takes, which the
    /// processor's instructions, taking what they test, cannot say.
    #[error("aspect `{aspect}` has colours, which embeddings of one colour share; the puzzle processor takes every aspect it tests, so this puzzle has no processor code (its native solver and the program walker solve it)")]
    Colours {
        /// The first aspect with colours.
        aspect: String,
    },
    /// A jump does not fit the binary form.
    #[error("instruction {index}: relative address {rel} does not fit the binary form, which has {REL_BITS} bits for forward jumps (0 to {})", (1u32 << REL_BITS) - 1)]
    JumpTooFar {
        /// The instruction (from 0).
        index: usize,
        /// The relative address.
        rel: i32,
    },
}

impl Instruction {
    /// The opcode letter of the text form.
    pub fn letter(self) -> char {
        match self {
            Instruction::If { .. } => 'I',
            Instruction::Call { .. } => 'C',
            Instruction::Mf { .. } => 'M',
            Instruction::Return => 'R',
            Instruction::Solution => 'S',
        }
    }

    /// The 24-bit word: opcode (3 bits), aspect (7 bits), relative address (14 bits).
    pub fn encode(self, index: usize) -> Result<u32, CodeError> {
        let aspect = |aspect: u32| {
            if aspect >> ASPECT_BITS == 0 {
                Ok(aspect << REL_BITS)
            } else {
                Err(CodeError::AspectTooLarge { index, aspect })
            }
        };
        let rel = |rel: i32| match u32::try_from(rel) {
            Ok(r) if r >> REL_BITS == 0 => Ok(r),
            _ => Err(CodeError::JumpTooFar { index, rel }),
        };
        let op = |op: u32| op << (ASPECT_BITS + REL_BITS);
        Ok(match self {
            Instruction::If { aspect: a, rel: r } => op(OP_IF) | aspect(a)? | rel(r)?,
            Instruction::Call { rel: r } => op(OP_CALL) | rel(r)?,
            Instruction::Mf { aspect: a } => op(OP_MF) | aspect(a)?,
            Instruction::Return => op(OP_RETURN),
            Instruction::Solution => op(OP_SOLUTION),
        })
    }

    /// The instruction of a 24-bit word (`index` names it in errors).
    pub fn decode(word: u32, index: usize) -> Result<Instruction, CodeError> {
        let opcode = word >> (ASPECT_BITS + REL_BITS);
        let aspect = (word >> REL_BITS) & ((1 << ASPECT_BITS) - 1);
        let rel = (word & ((1 << REL_BITS) - 1)) as i32;
        let malformed = |what| CodeError::Malformed { index, word, what };
        let (instruction, uses_aspect, uses_rel) = match opcode {
            OP_IF => (Instruction::If { aspect, rel }, true, true),
            OP_CALL => (Instruction::Call { rel }, false, true),
            OP_MF => (Instruction::Mf { aspect }, true, false),
            OP_RETURN => (Instruction::Return, false, false),
            OP_SOLUTION => (Instruction::Solution, false, false),
            _ if word >> 24 != 0 => return Err(malformed("24-bit")),
            _ => return Err(CodeError::UnknownOpcode { index, opcode }),
        };
        if word >> 24 != 0 || (!uses_aspect && aspect != 0) || (!uses_rel && rel != 0) {
            return Err(malformed(instruction.name()));
        }
        Ok(instruction)
    }

    /// The mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            Instruction::If { .. } => "IF",
            Instruction::Call { .. } => "CALL",
            Instruction::Mf { .. } => "MF",
            Instruction::Return => "RETURN",
            Instruction::Solution => "SOLUTION",
        }
    }
}

/// The text form: the opcode letter and decimal operands, e.g. `I 6 3`, `C 12`, `M 6`, `R`, `S`.
impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Instruction::If { aspect, rel } => write!(f, "I {aspect} {rel}"),
            Instruction::Call { rel } => write!(f, "C {rel}"),
            Instruction::Mf { aspect } => write!(f, "M {aspect}"),
            Instruction::Return => write!(f, "R"),
            Instruction::Solution => write!(f, "S"),
        }
    }
}

/// Writes code in the text form, one instruction a line.
pub fn to_text(code: &[Instruction]) -> String {
    code.iter().map(|i| format!("{i}\n")).collect()
}

/// Reads the text form. Blank lines are skipped, and so is anything after a `;` (a comment).
pub fn from_text(text: &str) -> Result<Vec<Instruction>, CodeError> {
    let mut code = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split(';').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let error = |message: String| CodeError::Text {
            line: n + 1,
            message,
        };
        let mut words = line.split_whitespace();
        let letter = words.next().unwrap_or("");
        let operands: Vec<&str> = words.collect();
        let want = match letter {
            "I" => 2,
            "C" | "M" => 1,
            "R" | "S" => 0,
            _ => {
                let message = format!("unknown opcode {letter:?}; the opcodes are I, C, M, R, S");
                return Err(error(message));
            }
        };
        if operands.len() != want {
            let message = format!("{letter} takes {want} operands, found {}", operands.len());
            return Err(error(message));
        }
        let aspect = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| error(format!("aspect {s:?} is not a number from 0")))
        };
        let rel = |s: &str| {
            s.parse::<i32>()
                .map_err(|_| error(format!("relative address {s:?} is not a whole number")))
        };
        code.push(match letter {
            "I" => Instruction::If {
                aspect: aspect(operands[0])?,
                rel: rel(operands[1])?,
            },
            "C" => Instruction::Call {
                rel: rel(operands[0])?,
            },
            "M" => Instruction::Mf {
                aspect: aspect(operands[0])?,
            },
            "R" => Instruction::Return,
            _ => Instruction::Solution,
        });
    }
    Ok(code)
}

/// Encodes code as 24-bit words, or says which instruction does not fit.
pub fn to_words(code: &[Instruction]) -> Result<Vec<u32>, CodeError> {
    code.iter()
        .enumerate()
        .map(|(i, ins)| ins.encode(i))
        .collect()
}

/// Decodes 24-bit words.
pub fn from_words(words: &[u32]) -> Result<Vec<Instruction>, CodeError> {
    words
        .iter()
        .enumerate()
        .map(|(i, &w)| Instruction::decode(w, i))
        .collect()
}

/// The words as bytes, three a word, most significant first.
pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words
        .iter()
        .flat_map(|w| w.to_be_bytes()[1..].to_vec())
        .collect()
}

/// Bytes back to words (three bytes a word, most significant first).
pub fn bytes_to_words(bytes: &[u8]) -> Result<Vec<u32>, CodeError> {
    if !bytes.len().is_multiple_of(3) {
        return Err(CodeError::Truncated { len: bytes.len() });
    }
    Ok(bytes
        .chunks_exact(3)
        .map(|b| u32::from_be_bytes([0, b[0], b[1], b[2]]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: [Instruction; 5] = [
        Instruction::If { aspect: 6, rel: 3 },
        Instruction::Call { rel: 16383 },
        Instruction::Mf { aspect: 127 },
        Instruction::Return,
        Instruction::Solution,
    ];

    #[test]
    fn text_round_trip() {
        let text = to_text(&SAMPLE);
        assert_eq!(text, "I 6 3\nC 16383\nM 127\nR\nS\n");
        assert_eq!(from_text(&text).unwrap(), SAMPLE);
        assert_eq!(from_text("  I 1 2 ; a comment\n\nR").unwrap().len(), 2);
    }

    #[test]
    fn binary_round_trip() {
        let words = to_words(&SAMPLE).unwrap();
        assert_eq!(words[0], 0b111 << 21 | 6 << 14 | 3);
        assert_eq!(words[3], 0b001 << 21);
        assert_eq!(words[4], 0);
        assert_eq!(from_words(&words).unwrap(), SAMPLE);
        let bytes = words_to_bytes(&words);
        assert_eq!(bytes.len(), 15);
        assert_eq!(bytes_to_words(&bytes).unwrap(), words);
    }

    #[test]
    fn limits_are_errors_not_truncation() {
        let big = [Instruction::Mf { aspect: 128 }];
        assert_eq!(
            to_words(&big),
            Err(CodeError::AspectTooLarge {
                index: 0,
                aspect: 128
            })
        );
        let far = [Instruction::Return, Instruction::Call { rel: 16384 }];
        assert_eq!(
            to_words(&far),
            Err(CodeError::JumpTooFar {
                index: 1,
                rel: 16384
            })
        );
        let back = [Instruction::If { aspect: 0, rel: -1 }];
        assert!(matches!(
            to_words(&back),
            Err(CodeError::JumpTooFar { rel: -1, .. })
        ));
        assert!(to_words(&big)
            .unwrap_err()
            .to_string()
            .contains("at most 128 aspects"));
    }

    #[test]
    fn malformed_input_is_located() {
        assert!(matches!(
            from_words(&[0, 0b010 << 21]),
            Err(CodeError::UnknownOpcode {
                index: 1,
                opcode: 0b010
            })
        ));
        assert!(matches!(
            from_words(&[1 << 24]),
            Err(CodeError::Malformed { index: 0, .. })
        ));
        assert!(matches!(
            from_words(&[0b001 << 21 | 5]),
            Err(CodeError::Malformed { what: "RETURN", .. })
        ));
        assert!(matches!(
            bytes_to_words(&[1, 2, 3, 4]),
            Err(CodeError::Truncated { len: 4 })
        ));
        assert!(matches!(
            from_text("R\nX 1"),
            Err(CodeError::Text { line: 2, .. })
        ));
        assert!(matches!(
            from_text("I 1"),
            Err(CodeError::Text { line: 1, .. })
        ));
        assert!(matches!(
            from_text("M -1"),
            Err(CodeError::Text { line: 1, .. })
        ));
    }
}
