//! The three loops of the network's inference, each twice: with AVX2 (`std::arch`,
//! chosen at run time where the CPU has it, or at compile time in a build for
//! x86-64-v3) and in plain Rust for every other CPU and for WebAssembly. The two give
//! the same numbers bit for bit (a test runs both over random games): the sums wrap as
//! the vector instructions do, and the products cannot overflow where both compute
//! them (`Network::read` refuses an output weight beyond `MAX_OUTPUT_WEIGHT`).
//!
//! The loops take slices of the net's width (a multiple of `LANES`, which
//! `nnue::supported_width` checks before a net exists), so one code path serves every
//! width.

use super::{LANES, QA};

/// The largest output weight a network may hold: a clipped hidden number (at most
/// `QA`) times it still fits an i16, which the vector product needs.
pub const MAX_OUTPUT_WEIGHT: i16 = (i16::MAX as i32 / QA) as i16;

/// Which code computes the loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    Scalar,
    /// Only ever made where the CPU has AVX2 (`Kernel::best`, `Kernel::available`).
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    /// The fastest kernel this CPU runs.
    pub fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                return Kernel::Avx2;
            }
        }
        Kernel::Scalar
    }

    /// Every kernel this CPU runs (for the tests that compare them).
    pub fn available() -> Vec<Kernel> {
        let mut all = vec![Kernel::Scalar];
        if Kernel::best() != Kernel::Scalar {
            all.push(Kernel::best());
        }
        all
    }

    /// `sums += column`, wrapping (both as long, a multiple of `LANES`).
    #[inline]
    pub fn add(self, sums: &mut [i16], column: &[i16]) {
        self.add_or_sub::<false>(sums, column);
    }

    /// `sums -= column`, wrapping.
    #[inline]
    pub fn sub(self, sums: &mut [i16], column: &[i16]) {
        self.add_or_sub::<true>(sums, column);
    }

    /// `add`, or `sub` where `SUB`: one loop for both in each kernel, the choice made
    /// when it compiles.
    #[inline]
    fn add_or_sub<const SUB: bool>(self, sums: &mut [i16], column: &[i16]) {
        debug_assert!(sums.len() == column.len() && sums.len().is_multiple_of(LANES));
        match self {
            Kernel::Scalar => {
                for (s, &w) in sums.iter_mut().zip(column) {
                    *s = if SUB {
                        s.wrapping_sub(w)
                    } else {
                        s.wrapping_add(w)
                    };
                }
            }
            // SAFETY: an `Avx2` kernel exists only where the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::add_or_sub::<SUB>(sums, column) },
        }
    }

    /// The sum over the hidden numbers of `clamp(sums, 0, QA)` squared times `weights`
    /// (both as long, a multiple of `LANES`; `weights` within `MAX_OUTPUT_WEIGHT`). A
    /// term is at most 255 * 255 * 128, about 8.3e6: each of the vector's eight 32-bit
    /// lanes sums `hidden / 8` of them (5.3e8 at the widest, 512), and the lanes are
    /// added in i64, which the total of a wide net needs (past 256, more than an i32).
    #[inline]
    pub fn screlu_dot(self, sums: &[i16], weights: &[i16]) -> i64 {
        debug_assert!(sums.len() == weights.len() && sums.len().is_multiple_of(LANES));
        match self {
            Kernel::Scalar => sums
                .iter()
                .zip(weights)
                .map(|(&s, &w)| {
                    let c = i32::from(s.clamp(0, QA as i16));
                    i64::from(c * i32::from(w) * c)
                })
                .sum(),
            // SAFETY: as in `add`.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::screlu_dot(sums, weights) },
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{LANES, QA};
    use std::arch::x86_64::*;

    /// `sums += column`, or `-=` where `SUB`, a register (`LANES` numbers) at a time;
    /// whole registers only (`chunks_exact`), so no load or store leaves the slices.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_or_sub<const SUB: bool>(sums: &mut [i16], column: &[i16]) {
        for (s, c) in sums.chunks_exact_mut(LANES).zip(column.chunks_exact(LANES)) {
            let s = s.as_mut_ptr() as *mut __m256i;
            let (a, b) = (
                _mm256_loadu_si256(s),
                _mm256_loadu_si256(c.as_ptr() as *const __m256i),
            );
            let r = if SUB {
                _mm256_sub_epi16(a, b)
            } else {
                _mm256_add_epi16(a, b)
            };
            _mm256_storeu_si256(s, r);
        }
    }

    /// Clamp, multiply by the weight in 16 bits (it fits: `MAX_OUTPUT_WEIGHT`), then
    /// multiply by the clamped number again while adding pairs into 32 bits; the eight
    /// 32-bit lanes are added in i64 at the end.
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(sums: &[i16], weights: &[i16]) -> i64 {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        let mut total = _mm256_setzero_si256();
        for (s, w) in sums.chunks_exact(LANES).zip(weights.chunks_exact(LANES)) {
            let s = _mm256_loadu_si256(s.as_ptr() as *const __m256i);
            let w = _mm256_loadu_si256(w.as_ptr() as *const __m256i);
            let c = _mm256_min_epi16(_mm256_max_epi16(s, zero), top);
            let cw = _mm256_mullo_epi16(c, w);
            total = _mm256_add_epi32(total, _mm256_madd_epi16(cw, c));
        }
        let mut lanes = [0i32; 8];
        _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, total);
        lanes.iter().map(|&l| i64::from(l)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Random sums (over the whole i16 range, so that clamping and wrapping both happen)
    /// and weights, at several widths: every kernel gives the scalar one's numbers.
    #[test]
    fn every_kernel_computes_what_the_scalar_one_does() {
        let mut rng = Rng::new(90);
        for hidden in [LANES, 128, 256, super::super::MAX_HIDDEN] {
            let mut draw = |bound: i32| -> Vec<i16> {
                (0..hidden)
                    .map(|_| (rng.below(2 * bound as usize + 1) as i32 - bound) as i16)
                    .collect()
            };
            for _ in 0..50 {
                let sums = draw(i16::MAX as i32);
                let column = draw(i16::MAX as i32);
                let weights = draw(i32::from(MAX_OUTPUT_WEIGHT));
                let small = draw(400);
                for k in Kernel::available() {
                    let (mut a, mut b) = (sums.clone(), sums.clone());
                    k.add(&mut a, &column);
                    Kernel::Scalar.add(&mut b, &column);
                    assert_eq!(a, b, "{k:?} add, {hidden}");
                    k.sub(&mut a, &column);
                    Kernel::Scalar.sub(&mut b, &column);
                    assert_eq!(a, b, "{k:?} sub, {hidden}");
                    assert_eq!(a, sums);
                    for s in [&sums, &small] {
                        assert_eq!(
                            k.screlu_dot(s, &weights),
                            Kernel::Scalar.screlu_dot(s, &weights),
                            "{k:?} dot, {hidden}"
                        );
                    }
                }
            }
            // The largest sum the product can reach is computed exactly (past an i32's
            // range at the widest).
            let full = vec![QA as i16; hidden];
            let most = vec![MAX_OUTPUT_WEIGHT; hidden];
            for k in Kernel::available() {
                assert_eq!(
                    k.screlu_dot(&full, &most),
                    hidden as i64 * i64::from(QA * QA) * i64::from(MAX_OUTPUT_WEIGHT)
                );
            }
        }
    }
}
