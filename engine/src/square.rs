//! A square: its own module, below both the bitboard (a set of squares) and the
//! geometry (whose tables are bitboards).

/// A square index, `rank * width + file`, meaningful only with its geometry.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Square(pub u8);

impl Square {
    #[inline]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }
}
