//! Which moves another search thread is searching right now (after Tom Kerrigan's
//! "simplified ABDADA"). Lazy SMP threads share only the hash table, so two threads
//! at one node often search the same move at once: the second learns nothing the
//! first will not store a moment later. A thread that finds a move busy puts it off
//! to the end of the node's list; by then the other thread has mostly stored its
//! result, and the move costs a table lookup.
//!
//! A small table of atomics, indexed by a hash of (position, move): a collision only
//! puts off a move that nobody is searching, and a lost entry only lets two threads
//! search one move, as without the table. Nothing here is ever wrong, only slower.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::moves::Move;

/// Entries in the table: 256 KB, enough for the nodes two to a few threads have
/// open at once at the depths that use it (`DEFER_MIN_DEPTH`).
const SLOTS: usize = 1 << 15;

pub struct BusyMoves {
    slots: Vec<AtomicU64>,
}

impl Default for BusyMoves {
    fn default() -> Self {
        BusyMoves {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

/// The key of move `m` at the position of hash `key`. Never 0 in practice (0 is an
/// empty slot); a 0 would only make that move never busy.
pub fn move_key(key: u64, m: Move) -> u64 {
    key ^ m.pack().wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl BusyMoves {
    fn slot(&self, move_key: u64) -> &AtomicU64 {
        &self.slots[(move_key as usize) & (SLOTS - 1)]
    }

    /// Whether another thread is searching this move now.
    pub fn is_busy(&self, move_key: u64) -> bool {
        self.slot(move_key).load(Ordering::Relaxed) == move_key
    }

    /// This thread starts searching the move.
    pub fn enter(&self, move_key: u64) {
        self.slot(move_key).store(move_key, Ordering::Relaxed);
    }

    /// This thread is done with the move (the slot is left alone if another move
    /// took it meanwhile).
    pub fn leave(&self, move_key: u64) {
        let _ =
            self.slot(move_key)
                .compare_exchange(move_key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::legal_move_list;
    use crate::variant::Variant;

    #[test]
    fn a_move_is_busy_from_enter_to_leave_and_only_at_its_position() {
        let pos = Position::startpos(Variant::Chess);
        let moves = legal_move_list(&pos);
        let other = pos.play(moves[0]);
        let m = moves[3];
        let busy = BusyMoves::default();
        let k = move_key(pos.hash(), m);
        assert!(!busy.is_busy(k));
        busy.enter(k);
        assert!(busy.is_busy(k));
        assert!(!busy.is_busy(move_key(other.hash(), m)));
        assert!(!busy.is_busy(move_key(pos.hash(), moves[4])));
        busy.leave(k);
        assert!(!busy.is_busy(k));
    }
}
