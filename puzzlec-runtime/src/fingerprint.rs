//! A stable hash for fingerprints: FNV-1a over the little-endian bytes of numbers, the same on
//! every machine and with every Rust (unlike the standard library's hashers, whose output may
//! change between releases).

/// A fingerprint being made.
#[derive(Clone, Debug)]
pub struct Fingerprint(u64);

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

impl Fingerprint {
    /// An empty fingerprint.
    pub fn new() -> Fingerprint {
        Fingerprint(OFFSET)
    }

    /// Adds a number.
    pub fn number(&mut self, n: u64) {
        for byte in n.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(PRIME);
        }
    }

    /// Adds a list of numbers, and how many there are (so that lists cannot run together).
    pub fn numbers(&mut self, numbers: impl IntoIterator<Item = u64>) {
        let mut count = 0;
        for n in numbers {
            self.number(n);
            count += 1;
        }
        self.number(count);
    }

    /// Adds a text.
    pub fn text(&mut self, text: &str) {
        self.numbers(text.bytes().map(u64::from));
    }

    /// The fingerprint: never 0, which stands for none.
    pub fn finish(&self) -> u64 {
        self.0 | 1
    }
}

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_numbers_give_the_same_fingerprint_and_others_another() {
        let of = |lists: &[&[u64]]| {
            let mut f = Fingerprint::new();
            lists.iter().for_each(|l| f.numbers(l.iter().copied()));
            f.finish()
        };
        assert_eq!(of(&[&[1, 2], &[3]]), of(&[&[1, 2], &[3]]));
        assert_ne!(of(&[&[1, 2], &[3]]), of(&[&[1], &[2, 3]]));
        // Fixed for ever: a fingerprint made on one machine is checked on another.
        let mut f = Fingerprint::new();
        f.text("puzzle");
        assert_eq!(f.finish(), 0x8833_879b_3330_1fcf);
    }
}
