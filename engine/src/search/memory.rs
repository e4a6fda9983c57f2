//! What the search keeps from one move to the next besides the hash table: each
//! thread's history tables (`history::Histories`: move-ordering and correction
//! history). A game's positions follow one another, so the quiet moves that refuted
//! others a move ago mostly still do; starting every search with empty tables would
//! relearn them at every move. Killers are ply-relative and live on the search's
//! stack, so each search starts without them; everything is dropped for a new game or
//! a change of variant.

use std::sync::Mutex;

use super::history::Histories;
use crate::variant::Variant;

#[derive(Default)]
pub struct Memory {
    /// Per thread id, the tables its last search left, with their variant.
    slots: Mutex<Vec<Option<(Variant, Histories)>>>,
}

impl Memory {
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Thread `id`'s tables for a search of `variant` (fresh ones if it has none for
    /// that variant).
    pub fn take(&self, id: usize, variant: Variant, follow_up: usize) -> Histories {
        let kept = self
            .slots
            .lock()
            .ok()
            .and_then(|mut slots| slots.get_mut(id).and_then(Option::take));
        match kept {
            Some((v, histories)) if v == variant && histories.moves.follow_up() == follow_up => {
                histories
            }
            _ => Histories::new(follow_up),
        }
    }

    /// Keeps thread `id`'s tables for its next search.
    pub fn give(&self, id: usize, variant: Variant, histories: Histories) {
        if let Ok(mut slots) = self.slots.lock() {
            if slots.len() <= id {
                slots.resize_with(id + 1, || None);
            }
            slots[id] = Some((variant, histories));
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
    use crate::search::correction::Correction;
    use crate::search::history::rewarded_once;

    #[test]
    fn memory_keeps_history_for_the_same_variant() {
        let (pos, m, moves) = rewarded_once(1, [None; 2]);
        assert!(moves.butterfly(&pos, m) > 0);
        let kept = |h: &Histories| h.moves.butterfly(&pos, m);
        let memory = Memory::new();
        let histories = Histories {
            moves,
            correction: Correction::new(),
        };
        memory.give(1, Variant::Knightmate, histories);
        assert_eq!(kept(&memory.take(0, Variant::Knightmate, 1)), 0);
        let back = memory.take(1, Variant::Knightmate, 1);
        assert!(kept(&back) > 0, "history is kept");

        memory.give(1, Variant::Knightmate, back);
        assert_eq!(kept(&memory.take(1, Variant::Chess, 1)), 0);
        memory.give(1, Variant::Knightmate, Histories::new(1));
        memory.clear();
        assert_eq!(kept(&memory.take(1, Variant::Knightmate, 1)), 0);
    }
}
