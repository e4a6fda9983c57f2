//! What move ordering knows at one node: the thread's quiet-move history
//! (`history.rs`), the node's killer moves and the moves of the line above it (from
//! the search's stack). The scores made from them, and the picking of the best
//! remaining move, are the move picker's (`movepick::score`).

use super::history::{History, Line};
use crate::moves::Move;
use crate::position::Position;

/// One node's view of the ordering memory.
#[derive(Clone, Copy)]
pub struct Ordering<'a> {
    history: &'a History,
    pub killers: [Option<Move>; 2],
    line: Line,
}

impl<'a> Ordering<'a> {
    /// The view of a node with these killers, after `line`.
    pub fn new(history: &'a History, killers: [Option<Move>; 2], line: Line) -> Ordering<'a> {
        Ordering {
            history,
            killers,
            line,
        }
    }

    /// A node that knows only the history by squares (no killers, no line above).
    pub fn history_only(history: &'a History) -> Ordering<'a> {
        Ordering::new(history, [None; 2], [None; 2])
    }

    /// The quiet move that last refuted the opponent's previous move.
    #[inline]
    pub fn countermove(&self) -> Option<Move> {
        self.history.countermove(self.line)
    }

    /// History of a quiet move at this node (`History::quiet`).
    #[inline]
    pub fn quiet_history(&self, pos: &Position, m: Move) -> i32 {
        self.history.quiet(pos, m, self.line)
    }
}
