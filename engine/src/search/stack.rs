//! The search's per-ply stack (after Stockfish's `Stack`): one frame per ply of the
//! line being searched, holding what a node leaves for the nodes below it and finds
//! left by the nodes above. The search reads `stack[ply]`, `stack[ply - 1]` and
//! `stack[ply - 2]`.

use super::history::Line;
use crate::moves::Move;

/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// One ply of the line.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The node's corrected static score (`-INFINITE` in check), to tell whether the
    /// side to move improves on its previous turn two plies down.
    pub static_eval: i32,
    /// The key (`history::piece_target`) of the move being searched from this node
    /// (`None` for a null move): the row of continuation history the nodes below read.
    pub move_key: Option<u16>,
    /// Quiet moves that cut off at this ply elsewhere in the tree (killer moves).
    pub killers: [Option<Move>; 2],
    /// The move a singular-extension search leaves out at this node.
    pub excluded: Option<Move>,
    /// The principal variation from this node (room for the longest line, so that
    /// nothing grows during the search).
    pub pv: Vec<Move>,
}

/// The frames of the deepest line, from the root.
pub struct Stack {
    frames: Vec<Frame>,
}

impl Stack {
    /// A stack for a search: `MAX_PLY + 2` frames (quiescence looks two plies past the
    /// last), every buffer allocated now.
    pub fn new(static_eval: i32) -> Stack {
        // (Each frame made anew: a cloned `Vec` would not keep its room.)
        let frame = || Frame {
            static_eval,
            move_key: None,
            killers: [None; 2],
            excluded: None,
            pv: Vec::with_capacity(MAX_PLY + 1),
        };
        Stack {
            frames: (0..MAX_PLY + 2).map(|_| frame()).collect(),
        }
    }

    /// The moves made one and two plies above `ply` (none near the root, or at the
    /// last plies, where quiescence orders without them).
    #[inline]
    pub fn line(&self, ply: usize) -> Line {
        let back = |n: usize| {
            if ply < n || ply >= MAX_PLY - 1 {
                None
            } else {
                self.frames[ply - n].move_key
            }
        };
        [back(1), back(2)]
    }

    /// Records quiet move `m` as a killer at `ply`.
    #[inline]
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        let killers = &mut self.frames[ply.min(MAX_PLY - 1)].killers;
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
    }

    /// The killers at `ply` (none past the last ply the search reaches).
    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.frames[ply.min(MAX_PLY - 1)].killers
    }

    /// Sets `ply`'s principal variation to `m` followed by the one below it.
    pub fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.frames.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(m);
        pv.extend_from_slice(&tail[0].pv);
    }
}

impl std::ops::Index<usize> for Stack {
    type Output = Frame;
    #[inline]
    fn index(&self, ply: usize) -> &Frame {
        &self.frames[ply]
    }
}

impl std::ops::IndexMut<usize> for Stack {
    #[inline]
    fn index_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.frames[ply]
    }
}
