//! BurrTools' groups: parts of an assembly that need not come apart. A kind of piece may
//! belong to groups, each holding up to a number of its copies; a part that cannot be taken
//! apart still leaves the assembly a solution where it can be one group's, and all such parts
//! of one assembly can be groups' at once, within each group's numbers.

use super::Rules;

/// The parts of one assembly found stuck so far, to be given groups together.
pub(super) struct Grouping<'r> {
    rules: &'r Rules,
    /// Each stuck part's kinds.
    parts: Vec<Vec<usize>>,
}

impl<'r> Grouping<'r> {
    /// No part stuck yet.
    pub(super) fn new(rules: &'r Rules) -> Grouping<'r> {
        Grouping {
            rules,
            parts: Vec::new(),
        }
    }

    /// Whether pieces of these kinds are one group's without asking for its numbers: every
    /// kind in exactly one group, the same one.
    pub(super) fn one_group(&self, kinds: impl IntoIterator<Item = usize>) -> bool {
        let mut group = None;
        for k in kinds {
            match self.rules.groups(k) {
                [(g, _)] if group.is_none_or(|x| x == *g) => group = Some(*g),
                _ => return false,
            }
        }
        group.is_some()
    }

    /// Adds a stuck part of these kinds; whether every stuck part can still be a group's.
    pub(super) fn add(&mut self, kinds: Vec<usize>) -> bool {
        self.parts.push(kinds);
        let kinds = self.parts.iter().flatten().max().map_or(0, |k| k + 1);
        let mut room: Vec<Vec<(u32, u32)>> =
            (0..kinds).map(|k| self.rules.groups(k).to_vec()).collect();
        assign(&self.parts, &mut room)
    }
}

/// Whether `parts` can each be given one group with room for all its pieces, `room` holding
/// each kind's groups and the copies each can still take.
fn assign(parts: &[Vec<usize>], room: &mut [Vec<(u32, u32)>]) -> bool {
    let Some((part, rest)) = parts.split_first() else {
        return true;
    };
    let mut groups: Vec<u32> = (part.iter())
        .flat_map(|&k| room[k].iter().map(|&(g, _)| g))
        .collect();
    groups.sort_unstable();
    groups.dedup();
    for g in groups {
        let mut taken = Vec::new();
        let fits = part.iter().all(|&k| {
            match room[k]
                .iter_mut()
                .find(|(group, left)| *group == g && *left > 0)
            {
                Some((_, left)) => {
                    *left -= 1;
                    taken.push(k);
                    true
                }
                None => false,
            }
        });
        if fits && assign(rest, room) {
            return true;
        }
        for k in taken {
            if let Some((_, left)) = room[k].iter_mut().find(|(group, _)| *group == g) {
                *left += 1;
            }
        }
    }
    false
}
