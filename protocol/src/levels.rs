//! The playing levels offered to people (1-8, as lichess offers its levels), and the
//! scale of `UCI_Elo`: one table of the levels, each a `Skill Level` with the
//! strength matches measured for it, and beside it the measured points of the scale
//! that are no level (between levels 5 and 6). docs/levels.md says how they were
//! measured, and gives the figures per variant.

use baton_engine::profile::Profile;
use baton_engine::search::Skill;
use baton_engine::Variant;

/// One playing level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 (weakest) to 8.
    pub number: u8,
    /// The `Skill Level` it plays at.
    pub skill: u8,
    /// Its strength on `UCI_Elo`'s scale, Baton's own: full-strength Baton searching
    /// one ply in chess is 1000 on it. Not a rating among people. Each level's value
    /// is measured: its own chess matches against a fixed-depth anchor (levels 2-3
    /// against d1, 4-5 against d3, 6 against d6, 7 against d9, 8 against d10), the
    /// anchor's value plus the Elo against it, the anchors placed on the scale by a
    /// chain of anchor matches; level 1, which loses nearly every game to d1, against
    /// level 2 (docs/levels.md, "The levels" and "The anchors on one scale").
    pub elo: u32,
}

/// Levels 1-8, weakest first.
pub const LEVELS: [Level; 8] = [
    Level {
        number: 1,
        skill: 0,
        elo: 545,
    },
    Level {
        number: 2,
        skill: 2,
        elo: 777,
    },
    Level {
        number: 3,
        skill: 4,
        elo: 971,
    },
    Level {
        number: 4,
        skill: 6,
        elo: 1329,
    },
    Level {
        number: 5,
        skill: 8,
        elo: 1544,
    },
    Level {
        number: 6,
        skill: 10,
        elo: 2435,
    },
    Level {
        number: 7,
        skill: 12,
        elo: 2760,
    },
    Level {
        number: 8,
        skill: 15,
        elo: 2983,
    },
];

/// A point of `UCI_Elo`'s scale that is no board level: a fractional skill between
/// two levels, measured by its own chess matches (docs/levels.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Between {
    /// The skill it plays at (`UCI_Elo` gives fractional skills).
    pub skill: f64,
    /// Its strength on the scale of `Level::elo`.
    pub elo: u32,
}

/// The measured points between levels 5 and 6 (skills 8 and 10), in rising skill.
/// From skill 8 to 10 the bound on the line a level plays phases in
/// (`Skill::largest_deficit`), and the strength climbs from level 5's to level 6's,
/// about a thousand Elo on the scale, fastest between 8.5 and 9: not along the
/// straight line from one level's value to the other's, so `UCI_Elo` maps through
/// these points there. Each is a chess match against one fixed-depth anchor, the
/// anchor's value plus the Elo against it (docs/levels.md: 8.25 against d3, 8.5
/// against d5, 8.8 and 9 against d6, 9.5 and 9.75 against d7, 60 games each).
pub const BETWEEN: [Between; 6] = [
    Between {
        skill: 8.25,
        elo: 1639,
    },
    Between {
        skill: 8.5,
        elo: 1744,
    },
    Between {
        skill: 8.8,
        elo: 2000,
    },
    Between {
        skill: 9.0,
        elo: 2161,
    },
    Between {
        skill: 9.5,
        elo: 2272,
    },
    Between {
        skill: 9.75,
        elo: 2383,
    },
];

/// `UCI_Elo`'s points, `(skill, elo)` in rising skill: the board's levels and the
/// points between them.
pub fn scale() -> Vec<(f64, u32)> {
    let mut points: Vec<(f64, u32)> = LEVELS
        .iter()
        .map(|l| (f64::from(l.skill), l.elo))
        .chain(BETWEEN.iter().map(|b| (b.skill, b.elo)))
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    points
}

/// `UCI_Elo`'s range: from level 1's strength to level 8's, the span the matches
/// measured (below, the weakest skill; above, full strength is `UCI_LimitStrength`
/// off).
pub const ELO_MIN: u32 = LEVELS[0].elo;
pub const ELO_MAX: u32 = LEVELS[LEVELS.len() - 1].elo;

/// The level numbered `n` (1-8), or why not.
pub fn level(n: u8) -> Result<Level, String> {
    LEVELS
        .iter()
        .find(|l| l.number == n)
        .copied()
        .ok_or_else(|| format!("level {n} out of range 1..{}", LEVELS.len()))
}

/// A weakened search's skill at `level` (0-20) in `variant`, as tuned for that variant
/// (its engine profile's `levels`, docs/levels.md), drawing at random with `seed`;
/// `None` at full strength. The one place a level becomes search limits.
pub fn skill(variant: Variant, level: f64, seed: u64) -> Option<Skill> {
    Skill::new(level, seed).map(|s| s.calibrated(Profile::of(variant).levels))
}

/// The deepest iteration and the node budget of `level` (1-8) in `variant`.
pub fn limits(variant: Variant, level: u8) -> Result<(u32, u64), String> {
    let l = self::level(level)?;
    let s = skill(variant, f64::from(l.skill), 0)
        .ok_or_else(|| format!("level {level} is full strength"))?;
    Ok((s.depth(), s.nodes()))
}

/// The skill level that plays at `elo`: between two points of the scale (`scale`),
/// the fraction of the way from one's skill to the next's (the skill machinery takes
/// fractions, as Stockfish's does); clamped to the measured range.
pub fn elo_to_skill(elo: u32) -> f64 {
    let points = scale();
    let (first_skill, first_elo) = points[0];
    if elo <= first_elo {
        return first_skill;
    }
    for pair in points.windows(2) {
        let ((s0, e0), (s1, e1)) = (pair[0], pair[1]);
        if elo <= e1 {
            let t = f64::from(elo - e0) / f64::from(e1 - e0);
            return s0 + t * (s1 - s0);
        }
    }
    points[points.len() - 1].0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_skill_and_strength() {
        for (i, pair) in LEVELS.windows(2).enumerate() {
            assert_eq!(pair[0].number as usize, i + 1);
            assert!(pair[0].skill < pair[1].skill);
            assert!(pair[0].elo < pair[1].elo);
        }
        assert!(LEVELS[7].skill < crate::options::SKILL_MAX as u8);
    }

    /// The scale's points rise in skill and in strength together, so each `UCI_Elo`
    /// has one skill; the points between levels lie between levels 5 and 6.
    #[test]
    fn the_scale_rises_in_skill_and_strength() {
        let points = scale();
        assert_eq!(points.len(), LEVELS.len() + BETWEEN.len());
        for pair in points.windows(2) {
            assert!(pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1, "{pair:?}");
        }
        for b in BETWEEN {
            assert!(b.skill > f64::from(LEVELS[4].skill), "{b:?}");
            assert!(b.skill < f64::from(LEVELS[5].skill), "{b:?}");
        }
    }

    #[test]
    fn elo_maps_onto_the_levels_skills() {
        for l in LEVELS {
            assert_eq!(elo_to_skill(l.elo), l.skill as f64);
        }
        let (a, b) = (LEVELS[2], LEVELS[3]);
        let mid = elo_to_skill((a.elo + b.elo) / 2);
        assert!(mid > a.skill as f64 && mid < b.skill as f64, "{mid}");
        assert_eq!(elo_to_skill(0), LEVELS[0].skill as f64);
        assert_eq!(elo_to_skill(u32::MAX), LEVELS[7].skill as f64);
    }

    #[test]
    fn level_numbers_are_checked() {
        assert_eq!(level(3).map(|l| l.number), Ok(3));
        assert_eq!(level(0), Err("level 0 out of range 1..8".into()));
        assert_eq!(level(9), Err("level 9 out of range 1..8".into()));
    }
}
