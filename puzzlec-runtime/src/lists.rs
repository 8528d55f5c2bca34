//! Many short lists held in one: two allocations however many lists there are, kept from one
//! use to the next.

/// Lists of `T`, one after another in one list.
#[derive(Debug)]
pub(crate) struct Lists<T> {
    items: Vec<T>,
    /// Where each list ends in `items`.
    ends: Vec<usize>,
}

impl<T> Default for Lists<T> {
    fn default() -> Self {
        Lists {
            items: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<T: Copy> Lists<T> {
    /// Adds a list of these items.
    pub(crate) fn push(&mut self, list: impl IntoIterator<Item = T>) {
        self.items.extend(list);
        self.ends.push(self.items.len());
    }

    /// No lists, keeping the room there was.
    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.ends.clear();
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Each list, in the order added.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[T]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(from, &end)| &self.items[from..end])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_come_back_as_added_empty_ones_too() {
        let mut lists = Lists::default();
        assert!(lists.is_empty());
        lists.push([1, 2]);
        lists.push([]);
        lists.push([3]);
        assert_eq!(lists.iter().collect::<Vec<_>>(), [&[1, 2][..], &[], &[3]]);
        lists.clear();
        assert!(lists.is_empty());
        assert_eq!(lists.iter().count(), 0);
    }
}
