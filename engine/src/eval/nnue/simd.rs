//! The three loops of the network's inference, each twice: with AVX2 (`std::arch`,
//! chosen at run time where the CPU has it, or at compile time in a build for
//! x86-64-v3) and in plain Rust for every other CPU and for WebAssembly. The two give
//! the same numbers bit for bit (a test runs both over random games): the sums wrap as
//! the vector instructions do, and the products cannot overflow where both compute
//! them (`Network::read` refuses an output weight beyond `MAX_OUTPUT_WEIGHT`).

use super::{HIDDEN, QA};

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

    /// `sums += column`, wrapping.
    #[inline]
    pub fn add(self, sums: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
        self.add_or_sub::<false>(sums, column);
    }

    /// `sums -= column`, wrapping.
    #[inline]
    pub fn sub(self, sums: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
        self.add_or_sub::<true>(sums, column);
    }

    /// `add`, or `sub` where `SUB`: one loop for both in each kernel, the choice made
    /// when it compiles.
    #[inline]
    fn add_or_sub<const SUB: bool>(self, sums: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
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
    /// (`weights` within `MAX_OUTPUT_WEIGHT`: at most 128 * 255 * 255 * 127, about
    /// 1.06e9, so an i32 holds it).
    #[inline]
    pub fn screlu_dot(self, sums: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
        match self {
            Kernel::Scalar => sums
                .iter()
                .zip(weights)
                .map(|(&s, &w)| {
                    let c = i32::from(s.clamp(0, QA as i16));
                    c * i32::from(w) * c
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
    use super::super::{HIDDEN, QA};
    use std::arch::x86_64::*;

    /// 16 numbers of 16 bits to a register.
    const LANES: usize = 16;

    /// `sums += column`, or `-=` where `SUB`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_or_sub<const SUB: bool>(sums: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
        for i in (0..HIDDEN).step_by(LANES) {
            let s = sums.as_mut_ptr().add(i) as *mut __m256i;
            let (a, b) = (
                _mm256_loadu_si256(s),
                _mm256_loadu_si256(column.as_ptr().add(i) as *const __m256i),
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
    /// multiply by the clamped number again while adding pairs into 32 bits.
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(sums: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        let mut total = _mm256_setzero_si256();
        for i in (0..HIDDEN).step_by(LANES) {
            let s = _mm256_loadu_si256(sums.as_ptr().add(i) as *const __m256i);
            let w = _mm256_loadu_si256(weights.as_ptr().add(i) as *const __m256i);
            let c = _mm256_min_epi16(_mm256_max_epi16(s, zero), top);
            let cw = _mm256_mullo_epi16(c, w);
            total = _mm256_add_epi32(total, _mm256_madd_epi16(cw, c));
        }
        // The eight 32-bit sums into one.
        let half = _mm_add_epi32(
            _mm256_castsi256_si128(total),
            _mm256_extracti128_si256(total, 1),
        );
        let quarter = _mm_add_epi32(half, _mm_unpackhi_epi64(half, half));
        let last = _mm_add_epi32(quarter, _mm_shuffle_epi32(quarter, 0b01));
        _mm_cvtsi128_si32(last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Random sums (over the whole i16 range, so that clamping and wrapping both happen)
    /// and weights: every kernel gives the scalar one's numbers.
    #[test]
    fn every_kernel_computes_what_the_scalar_one_does() {
        let mut rng = Rng::new(90);
        let mut draw = |bound: i32| -> [i16; HIDDEN] {
            std::array::from_fn(|_| (rng.below(2 * bound as usize + 1) as i32 - bound) as i16)
        };
        for _ in 0..200 {
            let sums = draw(i16::MAX as i32);
            let column = draw(i16::MAX as i32);
            let weights = draw(i32::from(MAX_OUTPUT_WEIGHT));
            let small = draw(400);
            for k in Kernel::available() {
                let (mut a, mut b) = (sums, sums);
                k.add(&mut a, &column);
                Kernel::Scalar.add(&mut b, &column);
                assert_eq!(a, b, "{k:?} add");
                k.sub(&mut a, &column);
                Kernel::Scalar.sub(&mut b, &column);
                assert_eq!(a, b, "{k:?} sub");
                assert_eq!(a, sums);
                for s in [&sums, &small] {
                    assert_eq!(
                        k.screlu_dot(s, &weights),
                        Kernel::Scalar.screlu_dot(s, &weights),
                        "{k:?} dot"
                    );
                }
            }
        }
        // The largest sum the product can reach fits.
        let full = [QA as i16; HIDDEN];
        let most = [MAX_OUTPUT_WEIGHT; HIDDEN];
        for k in Kernel::available() {
            assert_eq!(
                i64::from(k.screlu_dot(&full, &most)),
                HIDDEN as i64 * i64::from(QA * QA) * i64::from(MAX_OUTPUT_WEIGHT)
            );
        }
    }
}
