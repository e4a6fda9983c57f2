//! Simultaneous perturbation stochastic approximation (SPSA), with the gains of
//! Fishtest's tuner, by which Stockfish's search numbers are set: every number is
//! pushed up or down by its own `c_k` at once (a random sign each), the pushed-up set
//! plays a pair of games against the pushed-down set, and each number moves towards
//! the winner by `R_k c_k` times the pair's result. Over the run `c_k` shrinks from
//! about twice `c_end` to `c_end` and the step `R_k` falls to `r_end` per unit of `c`.

use baton_engine::rng::Rng;
use baton_engine::search::tune::{Tune, TUNABLE};

/// Fishtest's exponents: the step decays as `(A + k)^-ALPHA`, the push as `k^-GAMMA`.
const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;

/// One number being tuned.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its place in `TUNABLE`.
    pub index: usize,
    /// The current estimate.
    pub theta: f64,
    /// The push at the end of the run.
    pub c_end: f64,
}

/// A run of `total` pairs; `k` counts pairs from 1.
#[derive(Clone, Debug)]
pub struct Spsa {
    pub params: Vec<Param>,
    total: u64,
    /// The step's offset (Fishtest's `A`): a tenth of the run, so that the first
    /// steps are not the largest by far.
    offset: f64,
    r_end: f64,
}

impl Spsa {
    pub fn new(params: Vec<Param>, total: u64, r_end: f64) -> Spsa {
        Spsa {
            params,
            total: total.max(1),
            offset: 0.1 * total.max(1) as f64,
            r_end,
        }
    }

    /// The push of `p` at pair `k`.
    fn c(&self, p: &Param, k: u64) -> f64 {
        p.c_end * (self.total as f64 / k.max(1) as f64).powf(GAMMA)
    }

    /// The step per unit of push of `p` at pair `k` (`R_k c_k = a_k / c_k`).
    fn step(&self, p: &Param, k: u64) -> f64 {
        let n = self.total as f64;
        let a = self.r_end * p.c_end * p.c_end * (self.offset + n).powf(ALPHA);
        let a_k = a / (self.offset + k.max(1) as f64).powf(ALPHA);
        a_k / self.c(p, k)
    }

    /// Pair `k`'s signs (one per number, +1 or -1), drawn from `seed` and `k` alone so
    /// that a run resumed at `k` draws what the whole run would have.
    pub fn signs(&self, seed: u64, k: u64) -> Vec<f64> {
        let mut rng = Rng::new(baton_engine::rng::mix(
            seed ^ k.wrapping_mul(0x2545_f491_4f6c_dd1d),
        ));
        self.params
            .iter()
            .map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 })
            .collect()
    }

    /// The two sets pair `k` plays: every number pushed by `signs` times its `c_k`,
    /// and against it, rounded and held to the number's range.
    pub fn perturbed(&self, k: u64, signs: &[f64]) -> (Tune, Tune) {
        let (mut plus, mut minus) = (Tune::default(), Tune::default());
        for (p, s) in self.params.iter().zip(signs) {
            let c = self.c(p, k);
            plus.set(p.index, (p.theta + s * c).round() as i32);
            minus.set(p.index, (p.theta - s * c).round() as i32);
        }
        (plus, minus)
    }

    /// Moves every number after pair `k`: `result` is the pushed-up set's wins minus
    /// its losses (-2 to 2).
    pub fn update(&mut self, k: u64, signs: &[f64], result: f64) {
        let steps: Vec<f64> = self.params.iter().map(|p| self.step(p, k)).collect();
        for ((p, s), step) in self.params.iter_mut().zip(signs).zip(steps) {
            let t = &TUNABLE[p.index];
            p.theta = (p.theta + step * result * s).clamp(f64::from(t.min), f64::from(t.max));
        }
    }

    /// The current estimates, rounded.
    pub fn tune(&self) -> Tune {
        let mut tune = Tune::default();
        for p in &self.params {
            tune.set(p.index, p.theta.round() as i32);
        }
        tune
    }

    /// The current estimates with two decimals, for progress lines (`--start` reads
    /// them back).
    pub fn estimates(&self) -> String {
        self.params
            .iter()
            .map(|p| format!("{}={:.2}", TUNABLE[p.index].name, p.theta))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baton_engine::search::tune::tunable;

    fn param(name: &str, theta: f64) -> Param {
        let (index, t) = tunable(name).expect("a tunable");
        Param {
            index,
            theta,
            c_end: t.step,
        }
    }

    /// The schedule's ends: the push falls from `c_end * total^GAMMA` to `c_end`, and
    /// the step per unit of push from its start to `r_end * c_end` at the last pair.
    #[test]
    fn the_push_shrinks_to_c_end_and_the_step_to_r_end() {
        let s = Spsa::new(vec![param("rfp_margin", 80.0)], 1000, 0.002);
        let p = &s.params[0];
        assert!((s.c(p, 1000) - 10.0).abs() < 1e-9);
        assert!((s.c(p, 1) - 10.0 * 1000f64.powf(GAMMA)).abs() < 1e-9);
        assert!((s.step(p, 1000) - 0.002 * 10.0).abs() < 1e-12);
        assert!(s.step(p, 1) > s.step(p, 500));
    }

    /// A game whose winner is the set nearer a hidden best (150 and 40): the numbers
    /// climb and fall to it from 80 and 120. Pairs are won outright here, so a much
    /// smaller `r_end` than a real run's noisy games need still gets there.
    #[test]
    fn the_estimates_walk_to_a_hidden_best() {
        let best = [150.0, 40.0];
        let mut s = Spsa::new(
            vec![param("rfp_margin", 80.0), param("futility_margin", 120.0)],
            2000,
            0.01,
        );
        let distance = |t: &Tune| {
            let p = t.apply(baton_engine::search::search_params::PruningParams {
                reverse_futility: baton_engine::search::search_params::ReverseFutility::PLAIN,
                null_move: baton_engine::search::search_params::NullMove::PLAIN,
                quiet: baton_engine::search::search_params::QuietPruning::PLAIN,
            });
            (f64::from(p.reverse_futility.margin) - best[0]).powi(2)
                + (f64::from(p.quiet.futility_margin) - best[1]).powi(2)
        };
        for k in 1..=2000 {
            let signs = s.signs(7, k);
            let (plus, minus) = s.perturbed(k, &signs);
            let result = (distance(&minus) - distance(&plus)).signum() * 2.0;
            s.update(k, &signs, result);
        }
        let (rfp, fut) = (s.params[0].theta, s.params[1].theta);
        assert!((rfp - 150.0).abs() < 10.0, "{}", s.estimates());
        assert!((fut - 40.0).abs() < 10.0, "{}", s.estimates());
    }

    /// A run resumed at pair `k` draws the signs the whole run would have.
    #[test]
    fn signs_depend_on_the_seed_and_the_pair_alone() {
        let s = Spsa::new(
            vec![param("rfp_margin", 80.0), param("null_margin", 200.0)],
            100,
            0.002,
        );
        assert_eq!(s.signs(3, 42), s.signs(3, 42));
        let all: Vec<Vec<f64>> = (1..=64).map(|k| s.signs(3, k)).collect();
        assert!(all.iter().any(|v| v[0] > 0.0) && all.iter().any(|v| v[0] < 0.0));
        assert_ne!(all, (1..=64).map(|k| s.signs(4, k)).collect::<Vec<_>>());
    }
}
