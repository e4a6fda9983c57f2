//! The labelled positions of a tuning run, kept in a file (`--labels FILE`): labelling
//! by a teacher takes far longer than a fit (tens of minutes against seconds), so one
//! labelling can serve several fits (other `--only`, `--fix` or `--lambda`). A first
//! line names the variant; then one line a position: `train` or `held`, its target
//! (White's expected score), its FEN.

use super::Sample;
use baton_engine::{Position, Variant};
use std::fmt::Write as _;

/// The first line of a labels file of `variant` (without its line end).
fn header(variant: Variant) -> String {
    format!("variant {}", variant.name())
}

/// Writes the training and held-out samples to `path`.
pub fn save(
    path: &str,
    variant: Variant,
    train: &[Sample],
    held_out: &[Sample],
) -> Result<(), String> {
    let mut text = header(variant) + "\n";
    for (set, samples) in [("train", train), ("held", held_out)] {
        for s in samples {
            let _ = writeln!(text, "{set} {:.6} {}", s.result, s.pos.fen());
        }
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))
}

/// Reads the training and held-out samples written by `save`.
pub fn load(path: &str, variant: Variant) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut lines = text.lines();
    let expected = header(variant);
    if lines.next() != Some(expected.as_str()) {
        return Err(format!(
            "{path}: not labels of {} (its first line must be '{expected}')",
            variant.name()
        ));
    }
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (n, line) in lines.enumerate() {
        let bad = |why: &str| format!("{path}:{}: {why}", n + 2);
        let mut words = line.splitn(3, ' ');
        let (Some(set), Some(result), Some(fen)) = (words.next(), words.next(), words.next())
        else {
            return Err(bad("expected 'train|held TARGET FEN'"));
        };
        let result: f64 = result
            .parse()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or_else(|| bad("the target is not a number from 0 to 1"))?;
        let pos = Position::from_fen(variant, fen).map_err(|e| bad(&e.to_string()))?;
        match set {
            "train" => train.push(Sample {
                pos,
                result,
                score: None,
            }),
            "held" => held_out.push(Sample {
                pos,
                result,
                score: None,
            }),
            _ => return Err(bad("the set is neither 'train' nor 'held'")),
        }
    }
    Ok((train, held_out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_back_as_written() {
        let pos = Position::startpos(Variant::Knightmate);
        let train = vec![Sample {
            pos: pos.clone(),
            result: 0.25,
            score: None,
        }];
        let held = vec![Sample {
            pos,
            result: 0.5,
            score: None,
        }];
        let file = tempfile::NamedTempFile::new().unwrap();
        let path = file.path().to_str().unwrap();
        save(path, Variant::Knightmate, &train, &held).unwrap();
        let (t, h) = load(path, Variant::Knightmate).unwrap();
        // Another variant's labels are refused, not misread.
        let other = load(path, Variant::Chess);
        assert!(other.is_err_and(|e| e.contains("not labels of chess")));
        assert_eq!((t.len(), h.len()), (1, 1));
        assert_eq!(t[0].result, 0.25);
        assert_eq!(h[0].pos.fen(), train[0].pos.fen());
        assert!(load("/nonexistent/labels", Variant::Knightmate).is_err());
    }
}
