//! The transposition table shared by all search threads (placeholder: sized only).

pub struct TranspositionTable {
    size_mb: usize,
}

impl TranspositionTable {
    pub fn new(size_mb: usize) -> TranspositionTable {
        TranspositionTable { size_mb }
    }
    pub fn resize(&mut self, size_mb: usize) {
        self.size_mb = size_mb;
    }
    pub fn clear(&self) {}
    /// Permille of entries in use.
    pub fn hashfull(&self) -> u32 {
        0
    }
    pub fn size_mb(&self) -> usize {
        self.size_mb
    }
}
