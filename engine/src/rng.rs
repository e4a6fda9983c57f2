//! The project's one random generator, SplitMix64 (Steele, Lea and Flood): small, fast,
//! seeded, and the same numbers on every run and machine. The hash keys, the match's
//! random openings and orders, `baton openings`' walks, the tuner's starting weights and
//! the tests' random games all draw from it, so that whatever they make is repeatable.

/// The golden-ratio increment of SplitMix64's state.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: a well-mixed 64-bit value of `z`. Also a stateless
/// hash, for numbers that must not depend on what was drawn before.
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A seeded generator; any seed (0 too) gives a full-period sequence.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0); the bias of the modulo is below 2^-40 for the
    /// small `n` drawn here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in `-a..a`.
    pub fn uniform(&mut self, a: f32) -> f32 {
        ((self.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference values of SplitMix64 seeded with 1234567.
    #[test]
    fn it_draws_splitmix64s_reference_numbers() {
        let mut rng = Rng::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
        assert_eq!(rng.next_u64(), 9817491932198370423);
    }

    #[test]
    fn below_stays_below() {
        let mut rng = Rng::new(0);
        assert!((0..1000).all(|_| rng.below(7) < 7));
    }
}
