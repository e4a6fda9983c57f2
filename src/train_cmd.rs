//! `baton train`: trains the learned evaluation (`eval::nnue`) from `baton datagen`'s
//! files and writes the net file the build embeds (`engine/nets/<variant>.nnue`).
//!
//! Each position's target is the side to move's expected score: its search score turned
//! into one (base 10, 400 to a factor of ten, the Elo scale's) blended with its game's
//! result (`--result-share`). The loss is the squared error of the net's expected
//! score; Adam minimises it over shuffled batches whose gradients the cores compute in
//! parallel (rayon). About one game in twenty is held out whole (positions of one game
//! look alike: holding out single positions let the held-out loss flatter a net that
//! learnt its games by heart); after
//! every pass the net is written if its held-out loss is the lowest yet, and a
//! checkpoint (`checkpoint`) keeps the weights, Adam's moments and the pass, so that a
//! stopped run resumes where it was and loses nothing it wrote.

use std::path::{Path, PathBuf};

use baton_engine::data::Reader;
use baton_engine::eval::nnue::{self, Header, Inputs};
use baton_engine::rules;
use baton_engine::{Position, Variant};
use rayon::prelude::*;

use crate::cli::Error;

mod checkpoint;
pub mod model;

use model::{expected, Example, Model};

/// `baton train`'s words.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  \
    baton train --variant knightmate /work/data/knightmate\n  \
    baton train --variant knightmate --mirror --out engine/nets/knightmate.nnue data/*.bin\n  \
    baton train --variant chess --result-share 0.3 --checkpoint chess.ckpt data/chess\n\n\
    Run again with the same --checkpoint to resume a stopped run (its pass count, step \
    size and blend are taken from the words, the weights and moments from the file).")]
pub struct Args {
    /// The variant whose net is trained (its data files must be of that variant)
    #[arg(long, value_name = "NAME", default_value = "knightmate",
          value_parser = crate::cli::variant)]
    variant: Variant,
    /// Passes over the training positions (on half a million positions, more than five
    /// let the held-out loss rise again: docs/strength-log.md)
    #[arg(long, value_name = "N", default_value_t = 5)]
    passes: u32,
    /// Positions per step
    #[arg(long, value_name = "N", default_value_t = 1024,
          value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// Adam's step size (falls to a tenth over the last third of the passes)
    #[arg(long, value_name = "R", default_value_t = 0.001)]
    rate: f32,
    /// The game result's share of each target, 0 to 1 (the rest is the search score's)
    #[arg(long, value_name = "W", default_value_t = 0.1, value_parser = share)]
    result_share: f32,
    /// Also train on each position mirrored left to right (castling aside, the game is
    /// the same; doubles what a few positions teach)
    #[arg(long)]
    mirror: bool,
    /// Weight decay of the square columns towards their piece's (AdamW's, per step:
    /// rate times this; 10, the default of the first nets, held them so close to their
    /// piece's that a net trained on half a million positions played as the one trained
    /// on 54,000)
    #[arg(long, value_name = "D", default_value_t = 0.1)]
    decay: f32,
    /// Hidden numbers per view: the net's width, which its file records (a multiple of
    /// 16 from 16 to 512; wider nets fit more and cost more per evaluation)
    #[arg(long, value_name = "N", default_value_t = 128, value_parser = width)]
    hidden: usize,
    /// The output weights are written in steps of 1/Q (the file records it; the nets
    /// written before it could be chosen are at 64, which rounds a 256-wide net's smaller
    /// output weights too coarsely). They are held within 128/Q.
    #[arg(long, value_name = "Q", default_value_t = nnue::QB as u32,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(nnue::MAX_QB)))]
    qb: u32,
    /// Where the net is written (default: VARIANT.nnue)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The checkpoint written after each pass and resumed from when it exists
    /// (default: the net's path with .ckpt)
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Train nothing: print the held-out loss of each net file named (the word
    /// `classical` for the hand-made evaluation), on the games this data holds out, so
    /// that nets of different runs are compared on the same positions
    #[arg(long, value_name = "FILE|classical", num_args = 1..)]
    compare: Vec<String>,
    /// Data files from `baton datagen`, or folders of them
    #[arg(value_name = "FILE|DIR", required = true)]
    data: Vec<PathBuf>,
}

fn width(text: &str) -> Result<usize, String> {
    let hidden: usize = text
        .parse()
        .map_err(|_| format!("a width is a whole number, not {text}"))?;
    nnue::supported_width(hidden)?;
    Ok(hidden)
}

fn share(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(w) if (0.0..=1.0).contains(&w) => Ok(w),
        _ => Err("the result's share is a number from 0 to 1".into()),
    }
}

/// One game in this many is held out.
const HELD_OUT: u64 = 20;
/// Scores beyond this (mates among them) are taken as this: the expected score is 1 or 0
/// to within 1e-7 already.
const SCORE_BOUND: f32 = 3000.0;

pub fn run(args: Args) -> Result<(), Error> {
    let variant = args.variant;
    Header::supports(variant)
        .map_err(|e| Error::Usage(format!("no net for {}: {e}", variant.name())))?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.nnue", variant.name())));
    let ckpt = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| out.with_extension("ckpt"));
    let files = data_files(&args.data)?;
    let loaded: Vec<Result<Split, String>> = files
        .par_iter()
        .map(|f| load(f, variant, args.result_share, args.mirror))
        .collect();
    let (mut train, mut held, mut held_positions) = (Vec::new(), Vec::new(), Vec::new());
    for r in loaded {
        let (t, h, p) = r.map_err(Error::Input)?;
        train.extend(t);
        held.extend(h);
        held_positions.extend(p);
    }
    println!(
        "{} data files: {} positions to train on, {} held out",
        files.len(),
        train.len(),
        held.len()
    );
    if train.is_empty() || held.is_empty() {
        return Err(Error::Input(
            "too few positions to train on and to check the training".into(),
        ));
    }
    if !args.compare.is_empty() {
        return compare(&args.compare, variant, &held, &held_positions);
    }
    let mut state = match checkpoint::read(&ckpt, variant, args.hidden, args.qb)? {
        Some(s) => {
            println!(
                "resuming from {} after pass {} (held-out loss {:.6})",
                ckpt.display(),
                s.passes,
                s.best_loss
            );
            s
        }
        None => checkpoint::State::new(Inputs::of(variant), args.hidden, args.qb),
    };
    let held_start = mean_loss(&state.model, &held);
    if state.passes == 0 {
        state.best_loss = held_start;
        println!("pass 0: held-out loss {held_start:.6}");
    }
    for pass in state.passes + 1..=args.passes {
        // A new order each pass, the same on a resumed run.
        let mut rng = baton_engine::rng::Rng::new(u64::from(pass) ^ 0x9e37_79b9_7f4a_7c15);
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        let late =
            (pass as f32 - args.passes as f32 * 2.0 / 3.0).max(0.0) / (args.passes as f32 / 3.0);
        let rate = args.rate * 10f32.powf(-late);
        let mut train_loss = 0.0f64;
        for batch in train.chunks(args.batch as usize) {
            let (grad, loss) = gradient(&state.model, batch);
            train_loss += loss;
            state
                .adam
                .apply(&mut state.model, &grad, batch.len(), rate, args.decay);
        }
        let loss = mean_loss(&state.model, &held);
        let best = loss < state.best_loss;
        println!(
            "pass {pass}: training loss {:.6}, held-out loss {loss:.6}{}",
            train_loss / train.len() as f64,
            if best { " (best: written)" } else { "" }
        );
        state.passes = pass;
        if best {
            state.best_loss = loss;
            state.best = state.model.clone();
            write_atomically(&out, &state.best.quantize().to_bytes(variant))?;
        }
        state.seen += train.len() as u64;
        checkpoint::write(&ckpt, variant, &state)?;
    }
    if !out.exists() {
        // No pass beat the start (or none ran): the start is the best there is.
        write_atomically(&out, &state.best.quantize().to_bytes(variant))?;
    }
    println!(
        "net in {}: held-out loss {:.6}; {} positions, {} seen in all ({} passes)",
        out.display(),
        state.best_loss,
        train.len(),
        state.seen,
        state.passes
    );
    Ok(())
}

/// The files named, and the files in the folders named (sorted, so that a run reads the
/// same positions in the same order).
fn data_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p)
                .map_err(|e| Error::Input(format!("cannot read {}: {e}", p.display())))?;
            let mut inside: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && is_data(p))
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(p.clone());
        }
    }
    if files.is_empty() {
        return Err(Error::Input("no data files there".into()));
    }
    Ok(files)
}

/// Whether a file in a folder is a data file: it starts with the data's magic (a
/// folder may hold a datagen run's other files too).
fn is_data(path: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok_and(|()| magic == baton_engine::data::MAGIC)
}

/// Examples to train on, examples held out and the held-out positions (`compare`
/// evaluates them).
type Split = (Vec<Example>, Vec<Example>, Vec<Position>);

/// Prints each evaluation's held-out loss: a net file's (as the search computes it,
/// in integers) or, for `classical`, the hand-made evaluation's, its centipawns read
/// on the targets' scale (`nnue::SCALE`).
fn compare(
    names: &[String],
    variant: Variant,
    held: &[Example],
    positions: &[Position],
) -> Result<(), Error> {
    for name in names {
        let net = if name == "classical" {
            None
        } else {
            let bytes = std::fs::read(name)
                .map_err(|e| Error::Input(format!("cannot read {name}: {e}")))?;
            let net = nnue::Network::read(&bytes, variant)
                .map_err(|e| Error::Input(format!("{name}: {e}")))?;
            Some(net)
        };
        let sum: f64 = held
            .par_iter()
            .zip(positions)
            .map(|(e, pos)| {
                let cp = match &net {
                    Some(net) => net.evaluate(pos),
                    None => baton_engine::eval::evaluate(pos),
                };
                let err = expected(cp as f32 / nnue::SCALE as f32) - e.target;
                f64::from(err * err)
            })
            .sum();
        println!(
            "{name}: held-out loss {:.6} over {} positions",
            sum / held.len() as f64,
            held.len()
        );
    }
    Ok(())
}

/// A data file's positions as examples, split into those to train on and those held
/// out, a game at a time; positions in check are left out (their static score means
/// little: the search never stands pat there). With `mirror`, each position to train
/// on is there mirrored too (never a held-out one: it would be its own twin).
fn load(path: &Path, variant: Variant, result_share: f32, mirror: bool) -> Result<Split, String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let reader = Reader::new(&bytes).map_err(|e| format!("{name}: {e}"))?;
    if reader.header().variant != variant {
        return Err(format!(
            "{name} holds {} positions, not {}",
            reader.header().variant.name(),
            variant.name()
        ));
    }
    let (mut train, mut held, mut held_positions) = (Vec::new(), Vec::new(), Vec::new());
    // A file's records are its games one after another, each in the order it was
    // played: a game begins where the move number falls.
    let (mut game, mut last_move) = (0u64, 0);
    // Runs have their own seeds, a run's chunks their own names (the games of a chunk
    // still being filled keep their lot as it grows).
    let chunk = path.file_name().map_or(0, |n| {
        n.as_encoded_bytes()
            .iter()
            .fold(0u64, |h, &b| baton_engine::rng::mix(h ^ u64::from(b)))
    });
    let file_seed = baton_engine::rng::mix(reader.header().seed ^ chunk);
    for sample in reader {
        let s = sample.map_err(|e| format!("{name}: {e}"))?;
        let pos = &s.position;
        if pos.fullmove() < last_move {
            game += 1;
        }
        last_move = pos.fullmove();
        if rules::in_check(pos, pos.side()) {
            continue;
        }
        let score = f32::from(s.score).clamp(-SCORE_BOUND, SCORE_BOUND);
        let by_score = expected(score / nnue::SCALE as f32);
        let e = Example::new(
            pos,
            (1.0 - result_share) * by_score + result_share * s.result.value(),
        );
        if baton_engine::rng::mix(file_seed ^ game).is_multiple_of(HELD_OUT) {
            held.push(e);
            held_positions.push(s.position);
        } else {
            if mirror {
                train.push(e.mirrored(Inputs::of(variant)));
            }
            train.push(e);
        }
    }
    Ok((train, held, held_positions))
}

/// The gradient summed over `batch`, each core a share of it, and the summed loss.
fn gradient(model: &Model, batch: &[Example]) -> (Vec<f32>, f64) {
    let part = batch.len().div_ceil(rayon::current_num_threads()).max(1);
    batch
        .par_chunks(part)
        .map(|examples| {
            let mut g = vec![0.0f32; model.layout.weights];
            let loss: f32 = examples.iter().map(|e| model.step(e, Some(&mut g))).sum();
            (g, f64::from(loss))
        })
        .reduce(
            || (vec![0.0f32; model.layout.weights], 0.0),
            |(mut a, la), (b, lb)| {
                for (x, y) in a.iter_mut().zip(&b) {
                    *x += y;
                }
                (a, la + lb)
            },
        )
}

fn mean_loss(model: &Model, set: &[Example]) -> f64 {
    let sum: f64 = set.par_iter().map(|e| f64::from(model.step(e, None))).sum();
    sum / set.len().max(1) as f64
}

/// Writes `bytes` to a file beside `path` and renames it there: a run stopped while
/// writing leaves the last whole file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Error::Failed(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use baton_engine::{Position, Variant};

    /// Positions a queen up for one side or the other, labelled as won for that side: a
    /// few passes from random weights teach the net (rounded for the search) to score
    /// the queen well up, and the loss falls well below the start's.
    #[test]
    fn a_trained_net_learns_that_a_queen_up_wins() {
        let fens = [
            (
                "rmb1kbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                0.95,
            ),
            (
                "rmb1kbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR b KQkq - 0 1",
                0.05,
            ),
            (
                "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMB1KBMR w KQkq - 0 1",
                0.05,
            ),
            (
                "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMB1KBMR b KQkq - 0 1",
                0.95,
            ),
            (
                "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                0.5,
            ),
        ];
        let examples: Vec<Example> = fens
            .iter()
            .map(|&(fen, target)| {
                Example::new(
                    &Position::from_fen(Variant::Knightmate, fen).unwrap(),
                    target,
                )
            })
            .collect();
        let mut model = Model::random(Inputs::of(Variant::Knightmate), 1, 128, 64);
        let mut adam = model::Adam::new(model.layout.weights);
        let before = mean_loss(&model, &examples);
        for _ in 0..300 {
            let (grad, _) = gradient(&model, &examples);
            adam.apply(&mut model, &grad, examples.len(), 0.01, 0.0);
        }
        let after = mean_loss(&model, &examples);
        assert!(after < before / 4.0, "{before} -> {after}");
        let net = model.quantize();
        let up = Position::from_fen(Variant::Knightmate, fens[0].0).unwrap();
        assert!(net.evaluate(&up) > 300, "{}", net.evaluate(&up));
    }
}
