//! What the search keeps from one move to the next besides the hash table: each
//! thread's move-ordering history (and its correction history, kept in the same
//! `Ordering`). A game's positions follow one another, so the
//! quiet moves that refuted others a move ago mostly still do; starting every search
//! with empty tables would relearn them at every move. Killers are ply-relative and
//! are dropped between searches; everything is dropped for a new game or a change
//! of variant.

use std::sync::Mutex;

use super::ordering::Ordering;
use crate::variant::Variant;

#[derive(Default)]
pub struct Memory {
    /// Per thread id, the ordering tables its last search left, with their variant.
    slots: Mutex<Vec<Option<(Variant, Ordering)>>>,
}

impl Memory {
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Thread `id`'s tables for a search of `variant` (fresh ones if it has none for
    /// that variant), with the killers cleared.
    pub fn take(&self, id: usize, variant: Variant, follow_up: usize) -> Ordering {
        let kept = self
            .slots
            .lock()
            .ok()
            .and_then(|mut slots| slots.get_mut(id).and_then(Option::take));
        match kept {
            Some((v, mut ordering)) if v == variant && ordering.follow_up() == follow_up => {
                ordering.clear_killers();
                ordering
            }
            _ => Ordering::new(follow_up),
        }
    }

    /// Keeps thread `id`'s tables for its next search.
    pub fn give(&self, id: usize, variant: Variant, ordering: Ordering) {
        if let Ok(mut slots) = self.slots.lock() {
            if slots.len() <= id {
                slots.resize_with(id + 1, || None);
            }
            slots[id] = Some((variant, ordering));
        }
    }

    /// Forgets everything (a new game, `Clear Hash`).
    pub fn clear(&self) {
        if let Ok(mut slots) = self.slots.lock() {
            slots.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules;

    #[test]
    fn memory_keeps_history_for_the_same_variant_and_drops_killers() {
        let pos = Position::startpos(Variant::Knightmate);
        let m = rules::legal_move_list(&pos)[0];
        let mut ordering = Ordering::new(1);
        ordering.reward(&pos, m, 10, 3, &[]);
        assert!(ordering.history(&pos, m) > 0);
        assert_eq!(ordering.killers[3][0], Some(m));

        let memory = Memory::new();
        memory.give(1, Variant::Knightmate, ordering);
        assert_eq!(memory.take(0, Variant::Knightmate, 1).history(&pos, m), 0);
        let back = memory.take(1, Variant::Knightmate, 1);
        assert!(back.history(&pos, m) > 0, "history is kept");
        assert_eq!(back.killers[3][0], None, "killers are dropped");

        memory.give(1, Variant::Knightmate, back);
        assert_eq!(memory.take(1, Variant::Chess, 1).history(&pos, m), 0);
        memory.give(1, Variant::Knightmate, Ordering::new(1));
        memory.clear();
        assert_eq!(memory.take(1, Variant::Knightmate, 1).history(&pos, m), 0);
    }
}
