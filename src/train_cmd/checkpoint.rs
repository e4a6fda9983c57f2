//! A training run's state between passes, kept in a file so that a stopped run resumes:
//! the weights, Adam's moments and step count, the passes done, the best net so far and
//! its held-out loss, and how many positions the passes have shown the net. The file
//! starts with a magic, a version, the variant's name, the net's size (its count of
//! weights, which its width sets) and its output weights' steps (`qb`), which a resumed
//! run checks; then little-endian numbers.

use std::path::Path;

use baton_engine::eval::nnue::Inputs;
use baton_engine::Variant;

use super::model::{Adam, Layout, Model};
use super::write_atomically;
use crate::cli::Error;

const MAGIC: &[u8; 8] = b"BATONCKP";
const VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub model: Model,
    pub adam: Adam,
    pub passes: u32,
    pub best: Model,
    pub best_loss: f64,
    pub seen: u64,
}

impl State {
    /// A run's start: small random weights, `hidden` numbers wide, the output weights
    /// to be written in steps of `1 / qb`.
    pub fn new(inputs: Inputs, hidden: usize, qb: u32) -> State {
        let model = Model::random(inputs, 90, hidden, qb);
        State {
            best: model.clone(),
            adam: Adam::new(model.layout.weights),
            model,
            passes: 0,
            best_loss: f64::INFINITY,
            seen: 0,
        }
    }
}

fn header(variant: Variant, weights: usize, qb: u32) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend(VERSION.to_le_bytes());
    let name = variant.name().as_bytes();
    out.extend((name.len() as u32).to_le_bytes());
    out.extend(name);
    out.extend((weights as u32).to_le_bytes());
    out.extend(qb.to_le_bytes());
    out
}

pub fn write(path: &Path, variant: Variant, s: &State) -> Result<(), Error> {
    let mut out = header(variant, s.model.w.len(), s.model.qb);
    out.extend(s.passes.to_le_bytes());
    out.extend(s.adam.t.to_le_bytes());
    out.extend(s.best_loss.to_le_bytes());
    out.extend(s.seen.to_le_bytes());
    for w in [&s.model.w, &s.adam.m, &s.adam.v, &s.best.w] {
        for x in w.iter() {
            out.extend(x.to_le_bytes());
        }
    }
    write_atomically(path, &out)
}

/// The state in `path`, or `None` where there is no such file; `Err` if it is not a
/// checkpoint of this variant's net `hidden` numbers wide at `qb`.
pub fn read(path: &Path, variant: Variant, hidden: usize, qb: u32) -> Result<Option<State>, Error> {
    let layout = Layout::new(Inputs::of(variant), hidden);
    let count = layout.weights;
    if !path.exists() {
        return Ok(None);
    }
    let name = path.display();
    let bytes =
        std::fs::read(path).map_err(|e| Error::Input(format!("cannot read {name}: {e}")))?;
    let refuse = || {
        Error::Input(format!(
            "{name} is not a checkpoint of a {} net {hidden} wide at QB {qb} (remove it to \
             start afresh)",
            variant.name()
        ))
    };
    let rest = bytes
        .strip_prefix(header(variant, count, qb).as_slice())
        .ok_or_else(refuse)?;
    let fixed = 4 + 4 + 8 + 8;
    if rest.len() != fixed + 4 * 4 * count {
        return Err(refuse());
    }
    let (head, weights) = rest.split_at(fixed);
    let u32_at = |i: usize| u32::from_le_bytes(head[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(head[i..i + 8].try_into().expect("8 bytes"));
    let mut floats = weights
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    let mut take = || floats.by_ref().take(count).collect::<Vec<f32>>();
    let (w, m, v, best) = (take(), take(), take(), take());
    Ok(Some(State {
        model: Model { layout, qb, w },
        adam: Adam { m, v, t: u32_at(4) },
        passes: u32_at(0),
        best: Model {
            layout,
            qb,
            w: best,
        },
        best_loss: f64::from_bits(u64_at(8)),
        seen: u64_at(16),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_what_was_written_and_refuses_another_variants() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.ckpt");
        let mut s = State {
            passes: 3,
            best_loss: 0.0123,
            seen: 99,
            ..State::new(Inputs::of(Variant::Knightmate), 128, 64)
        };
        s.adam.t = 17;
        s.adam.m[5] = 0.25;
        write(&path, Variant::Knightmate, &s).unwrap();
        assert_eq!(read(&path, Variant::Knightmate, 128, 64).unwrap(), Some(s));
        for (variant, hidden, qb, says) in [
            (
                Variant::Chess,
                128,
                64,
                "not a checkpoint of a chess net 128 wide",
            ),
            (
                Variant::Knightmate,
                256,
                64,
                "a knightmate net 256 wide at QB 64",
            ),
            (
                Variant::Knightmate,
                128,
                128,
                "a knightmate net 128 wide at QB 128",
            ),
        ] {
            let Err(Error::Input(e)) = read(&path, variant, hidden, qb) else {
                panic!("{says}: read");
            };
            assert!(e.contains(says), "{e}");
        }
        assert_eq!(
            read(&dir.path().join("none"), Variant::Chess, 128, 64).unwrap(),
            None
        );
    }
}
