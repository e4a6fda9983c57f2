//! The transposition table shared by all search threads. Lock-free: each entry is two
//! atomic words, the key stored xor-ed with the data, so a torn write (two threads
//! writing one entry at once) reads back as a miss instead of as wrong data. Entries
//! come in buckets of four, one cache line: a position may sit in any slot of its
//! bucket, and a new entry replaces the one least worth keeping (the shallowest, an
//! older search's first), so a deep entry is not lost to the first shallow one that
//! shares its index.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::moves::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a fail high).
    Lower,
    /// The score is at most this (a fail low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's data word if it holds an entry for `key`.
    #[inline]
    fn data_for(&self, key: u64) -> Option<u64> {
        let data = self.data.load(Ordering::Relaxed);
        (data != 0 && self.check.load(Ordering::Relaxed) ^ data == key).then_some(data)
    }
}

/// The memory for a hash table of the requested size could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashAllocError {
    pub requested_mb: usize,
    /// The size of the table that stays in use.
    pub kept_mb: usize,
}

impl std::fmt::Display for HashAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate {} MB for the hash; keeping {} MB",
            self.requested_mb, self.kept_mb
        )
    }
}

/// The slots one index leads to, on one cache line.
#[repr(align(64))]
struct Bucket {
    slots: [Slot; BUCKET],
}

const BUCKET: usize = 4;

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

// Data layout: move 35 bits | has-move 1 | score 16 | depth 7 | bound 2 | generation 3.
const MOVE_BITS: u64 = (1 << 35) - 1;

/// The depth of a data word.
fn depth_of(data: u64) -> i32 {
    ((data >> 52) & 0x7F) as i32 - 1
}

/// The search generation (3 bits) that wrote a data word.
fn generation_of(data: u64) -> u64 {
    (data >> 61) & 7
}

impl TranspositionTable {
    /// A table of `size_mb` megabytes. Only for sizes known to fit (the defaults,
    /// tests); a size asked for by a user goes through `resize`, which can refuse.
    pub fn new(size_mb: usize) -> TranspositionTable {
        let mut tt = TranspositionTable {
            buckets: Vec::new(),
            generation: AtomicU8::new(0),
        };
        if let Err(e) = tt.resize(size_mb) {
            panic!("{e}");
        }
        tt
    }

    /// Replaces the table by an empty one of `size_mb` megabytes. When the memory
    /// cannot be had, the table is left as it was and the error says so: a request
    /// for more memory than the machine has is refused, never fatal.
    pub fn resize(&mut self, size_mb: usize) -> Result<(), HashAllocError> {
        let refused = HashAllocError {
            requested_mb: size_mb,
            kept_mb: self.size_mb(),
        };
        let bytes = size_mb
            .max(1)
            .checked_mul(1024 * 1024)
            .ok_or(refused.clone())?;
        let n = bytes / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n).map_err(|_| refused)?;
        buckets.extend((0..n).map(|_| Bucket {
            slots: std::array::from_fn(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            }),
        }));
        self.buckets = buckets;
        Ok(())
    }

    pub fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| &b.slots) {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Asks the processor to bring the entry of `key` into the cache, so that the
    /// probe of a position about to be searched does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint; any address is allowed and this one is
            // inside the table.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let data = self
            .bucket(key)
            .slots
            .iter()
            .find_map(|s| s.data_for(key))?;
        let best = ((data >> 35) & 1 == 1).then(|| Move::unpack(data & MOVE_BITS));
        let score = ((data >> 36) & 0xFFFF) as u16 as i16 as i32;
        let depth = depth_of(data);
        let bound = match (data >> 59) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            best,
            score,
            depth,
            bound,
        })
    }

    pub fn store(&self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed) as u64 & 7;
        let s = self.victim(key, generation);
        // Keep the old move when the new result has none for the same position.
        let best_bits = match best {
            Some(m) => m.pack() | 1 << 35,
            None => s.data_for(key).map_or(0, |old| old & (MOVE_BITS | 1 << 35)),
        };
        let depth_bits = (depth.clamp(-1, 126) + 1) as u64;
        let bound_bits = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let data = best_bits
            | ((score.clamp(-32767, 32767) as i16 as u16 as u64) << 36)
            | depth_bits << 52
            | bound_bits << 59
            | generation << 61;
        s.check.store(key ^ data, Ordering::Relaxed);
        s.data.store(data, Ordering::Relaxed);
    }

    /// The slot of `key`'s bucket a new entry for it goes to: the one holding `key`,
    /// else an empty one, else the one least worth keeping: the shallowest, counting
    /// an entry of an older search as `AGE_PLIES` plies shallower per search of age.
    fn victim(&self, key: u64, generation: u64) -> &Slot {
        const AGE_PLIES: i32 = 4;
        let slots = &self.bucket(key).slots;
        let mut victim = &slots[0];
        let mut least = i32::MAX;
        for s in slots {
            if s.data_for(key).is_some() {
                return s;
            }
            let data = s.data.load(Ordering::Relaxed);
            let worth = if data == 0 {
                i32::MIN
            } else {
                let age = ((generation + 8 - generation_of(data)) & 7) as i32;
                depth_of(data) - AGE_PLIES * age
            };
            if worth < least {
                victim = s;
                least = worth;
            }
        }
        victim
    }

    /// Permille of the first thousand slots written in this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64 & 7;
        let sample = (self.buckets.len() * BUCKET).min(1000);
        if sample == 0 {
            return 0;
        }
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.slots)
            .take(sample)
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && generation_of(d) == generation
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;

    #[test]
    fn stores_and_reads_back_an_entry() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square(12), Square(28));
        tt.store(0xDEAD_BEEF_1234_5678, Some(m), -31000, 17, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF_1234_5678).expect("hit");
        assert_eq!(e.best, Some(m));
        assert_eq!(e.score, -31000);
        assert_eq!(e.depth, 17);
        assert_eq!(e.bound, Bound::Lower);
        assert!(tt.probe(0x1234).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_1234_5678).is_none());
    }

    #[test]
    fn a_deep_entry_outlives_shallow_ones_that_share_its_bucket() {
        let tt = TranspositionTable::new(1);
        // Keys that differ only in their low bits share a bucket.
        let base = 0xABCD_0000_0000_0000u64;
        tt.store(base | 1, None, 10, 12, Bound::Exact);
        for k in 2..=20 {
            tt.store(base | k, None, 0, 1, Bound::Upper);
        }
        assert_eq!(tt.probe(base | 1).map(|e| e.depth), Some(12));
        assert_eq!(tt.probe(base | 20).map(|e| e.depth), Some(1));
        // An older search's deep entry gives way in time.
        for _ in 0..4 {
            tt.new_search();
        }
        for k in 21..=40 {
            tt.store(base | k, None, 0, 1, Bound::Upper);
        }
        assert!(tt.probe(base | 1).is_none());
    }
}
