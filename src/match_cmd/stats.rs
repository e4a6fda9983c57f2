//! Match statistics: Elo difference from a score, its 95% error bar from the
//! trinomial (win/draw/loss) normal approximation as cutechess computes it, the
//! likelihood of superiority, and the sequential probability ratio test in the
//! generalized (normal approximation, logistic Elo) form used by fishtest.

use super::cli::SprtParams;

/// Wins, losses and draws from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game, 0..=1 (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    pub fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }

    pub fn elo(&self) -> f64 {
        elo_from_score(self.score())
    }

    /// Half the width of the 95% confidence interval of the Elo difference (infinite
    /// while every game ended the same way).
    pub fn error_margin(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::INFINITY;
        }
        let (w, l, d) = (
            self.wins as f64 / n,
            self.losses as f64 / n,
            self.draws as f64 / n,
        );
        let mu = w + d / 2.0;
        let variance = w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2);
        let stdev = variance.sqrt() / n.sqrt();
        let low = elo_from_score(mu - Z95 * stdev);
        let high = elo_from_score(mu + Z95 * stdev);
        (high - low) / 2.0
    }

    /// The probability that the first side is the stronger (likelihood of superiority).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if self.wins == self.losses {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    pub fn draw_ratio(&self) -> f64 {
        if self.games() == 0 {
            0.0
        } else {
            self.draws as f64 / self.games() as f64
        }
    }
}

/// The logistic Elo difference for an expected score (clamped, so a perfect score is
/// large but finite).
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// elo0 holds: the change is not an improvement of elo1.
    H0,
    /// elo1 holds.
    H1,
    Continue,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: SprtDecision,
}

/// The log-likelihood ratio of elo1 against elo0 by the generalized SPRT's normal
/// approximation: `N (s1 - s0) (2 mu - s0 - s1) / (2 var)` over the per-game scores.
pub fn llr(t: &Tally, elo0: f64, elo1: f64) -> f64 {
    if t.games() == 0 {
        return 0.0;
    }
    // Half a game of each result never seen keeps the variance from collapsing: with
    // a tiny pseudo-count, a single draw (variance near zero) gave an LLR of -3.3 and
    // ended a match after one game.
    const EPS: f64 = 0.5;
    let counts = [
        (t.wins as f64).max(EPS),
        (t.draws as f64).max(EPS),
        (t.losses as f64).max(EPS),
    ];
    let n: f64 = counts.iter().sum();
    let values = [1.0, 0.5, 0.0];
    let mu: f64 = counts.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
    let var: f64 = counts
        .iter()
        .zip(values)
        .map(|(c, v)| c * (v - mu).powi(2))
        .sum::<f64>()
        / n;
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    t.games() as f64 * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
}

pub fn sprt(t: &Tally, p: &SprtParams) -> SprtStatus {
    let llr = llr(t, p.elo0, p.elo1);
    let lower = (p.beta / (1.0 - p.alpha)).ln();
    let upper = ((1.0 - p.beta) / p.alpha).ln();
    let decision = if llr >= upper {
        SprtDecision::H1
    } else if llr <= lower {
        SprtDecision::H0
    } else {
        SprtDecision::Continue
    };
    SprtStatus {
        llr,
        lower,
        upper,
        decision,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn half_the_points_is_zero_elo() {
        assert_eq!(tally(10, 10, 5).elo(), 0.0);
        assert_eq!(tally(0, 0, 0).elo(), 0.0);
    }

    #[test]
    fn sixty_percent_is_seventy_elo() {
        let t = tally(6, 4, 0);
        assert!((t.elo() - 70.44).abs() < 0.01, "{}", t.elo());
        assert!((tally(4, 6, 0).elo() + 70.44).abs() < 0.01);
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
        assert!((score_from_elo(elo_from_score(0.3)) - 0.3).abs() < 1e-12);
    }

    #[test]
    fn error_margin_matches_cutechess() {
        // 100 games, 40 wins, 30 losses, 30 draws: mu 0.55, stdev of the mean
        // sqrt(0.4*0.45^2 + 0.3*0.55^2 + 0.3*0.05^2)/10.
        let t = tally(40, 30, 30);
        let sd = (0.4f64 * 0.2025 + 0.3 * 0.3025 + 0.3 * 0.0025).sqrt() / 10.0;
        let expected = (elo_from_score(0.55 + Z95 * sd) - elo_from_score(0.55 - Z95 * sd)) / 2.0;
        assert!((t.error_margin() - expected).abs() < 1e-9);
        assert!(
            (t.error_margin() - 57.7).abs() < 0.1,
            "{}",
            t.error_margin()
        );
        // More games, narrower bar.
        assert!(tally(400, 300, 300).error_margin() < t.error_margin());
    }

    #[test]
    fn los_is_one_half_when_even() {
        assert_eq!(tally(5, 5, 3).los(), 0.5);
        assert!(tally(30, 10, 0).los() > 0.99);
        assert!(tally(10, 30, 0).los() < 0.01);
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 1e-6);
    }

    #[test]
    fn sprt_llr_has_the_sign_of_the_evidence() {
        assert!(llr(&tally(60, 40, 100), 0.0, 5.0) > 0.0);
        assert!(llr(&tally(40, 60, 100), 0.0, 5.0) < 0.0);
        assert_eq!(llr(&tally(0, 0, 0), 0.0, 5.0), 0.0);
        let p = SprtParams {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let s = sprt(&tally(0, 0, 0), &p);
        assert!((s.upper - 2.944).abs() < 0.001 && (s.lower + 2.944).abs() < 0.001);
        assert_eq!(s.decision, SprtDecision::Continue);
        assert_eq!(sprt(&tally(200, 0, 0), &p).decision, SprtDecision::H1);
        assert_eq!(sprt(&tally(0, 200, 0), &p).decision, SprtDecision::H0);
        assert_eq!(sprt(&tally(500, 300, 200), &p).decision, SprtDecision::H1);
    }

    #[test]
    fn sprt_does_not_decide_on_a_few_draws() {
        let p = SprtParams {
            elo0: 0.0,
            elo1: 40.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for draws in [1, 2, 5, 10] {
            let s = sprt(&tally(0, 0, draws), &p);
            assert_eq!(s.decision, SprtDecision::Continue, "{draws} draws: {s:?}");
        }
        assert_eq!(sprt(&tally(1, 0, 1), &p).decision, SprtDecision::Continue);
        assert_eq!(sprt(&tally(40, 0, 0), &p).decision, SprtDecision::H1);
    }
}
