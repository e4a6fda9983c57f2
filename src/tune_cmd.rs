//! `baton tune`: fits the evaluation's weights to the results of recorded games
//! (Texel's method). Each quiet position of the games is labelled with its game's
//! result; the weights are moved one at a time, by a step that halves when no move
//! helps, for as long as they lower the mean squared difference between the results
//! and the evaluation turned into an expected score. Games are typically played by a
//! stronger engine with `baton match` (see `benches/tune.sh`); about every tenth game is
//! held out, its loss is reported beside the fitted one, and the weights printed are
//! those of the pass where it was lowest (later passes fit the training games' noise).
//!
//! With `--teacher`, each position is labelled instead (or as well, `--mix`) with a
//! stronger engine's score of it (`teacher`), turned into an expected score.
//! `--labels FILE` keeps the labelled positions for later fits (`labels`).
//!
//! The evaluation tuned is the variant's own (an `eval::Evaluator`); the weights moved are
//! `eval::Weights::tunable`, the numbers of the variant's weights file, its own terms
//! included. The result is a weights file (`--out`, by default
//! `tuned-<variant>.toml`) of the form of `engine/weights/<variant>.toml`: copied there,
//! it is the build's evaluation, and no Rust source changes.

use baton_engine::eval::{self, Evaluator, Weights};
use baton_engine::rules;
use baton_engine::search::movepick::see;
use baton_engine::{parse_move, Color, Position, Variant};
use rayon::prelude::*;
use std::collections::HashSet;

use crate::cli::Error;
use crate::pgn::read_games;

mod labels;
mod net;
mod teacher;

/// `baton tune`'s words.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  baton tune --variant knightmate games.pgn\n  \
    baton tune --teacher cmd=/usr/games/fairy-stockfish depth=8 option.UCI_Variant=knightmate \
    --mix 0.2 --labels labels.bin games.pgn\n  \
    baton tune --only mobility. --fix tempo=20 --out knightmate.toml games.pgn\n  \
    baton tune --net knightmate.net --passes 20 --labels labels.bin"
)]
pub struct Args {
    /// The variant whose evaluation is fitted
    #[arg(long, value_name = "NAME", default_value = "knightmate",
          value_parser = crate::cli::variant)]
    variant: Variant,
    /// Plies skipped at the start of each game
    #[arg(long, value_name = "PLIES", default_value_t = 10)]
    skip: usize,
    /// Passes of the descent (or of the network's training)
    #[arg(long, value_name = "N", default_value_t = 12)]
    passes: usize,
    /// The penalty on weights' size
    #[arg(long, value_name = "L", default_value_t = 1e-8)]
    lambda: f64,
    /// The scale K of the expected score, above 0 (default: fitted to the start weights)
    #[arg(long, value_name = "K", value_parser = scale)]
    scale: Option<f64>,
    /// A weight held at a value (repeatable)
    #[arg(long, value_name = "WEIGHT=VALUE", value_parser = fixed_weight)]
    fix: Vec<(String, i32)>,
    /// Fit only the weights whose names start with PREFIX (repeatable)
    #[arg(long, value_name = "PREFIX")]
    only: Vec<String>,
    /// Label positions by a stronger engine's scores: cmd=PATH [depth=N|nodes=N]
    /// [processes=N] [option.NAME=V] [arg=A] [dir=D]
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    teacher: Option<Vec<String>>,
    /// The game result's share of each target when a teacher or the scores label it, 0 to 1
    #[arg(long, value_name = "W", default_value_t = 0.0, value_parser = share)]
    mix: f64,
    /// Label each position by the score its mover recorded in the PGN, where the mover's
    /// name starts with NAME
    #[arg(long, value_name = "NAME")]
    scores: Option<String>,
    /// Keep the labelled positions in FILE, or read them from it when it exists
    #[arg(long, value_name = "FILE")]
    labels: Option<String>,
    /// Train the learned correction to the evaluation and write it to FILE
    #[arg(long, value_name = "FILE")]
    net: Option<String>,
    /// The network's step size (Adam)
    #[arg(long, value_name = "R", requires = "net")]
    rate: Option<f32>,
    /// The network's weight decay
    #[arg(long, value_name = "D", requires = "net")]
    decay: Option<f32>,
    /// Print the loss of the network in FILE on the positions, and fit nothing
    #[arg(long, value_name = "FILE")]
    loss_of: Option<String>,
    /// Write the fitted weights to FILE (default: tuned-VARIANT.toml), a file of the form
    /// of engine/weights/VARIANT.toml
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// The games (PGN)
    #[arg(value_name = "FILE.pgn")]
    files: Vec<String>,
}

fn scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(k) if k > 0.0 && k.is_finite() => Ok(k),
        Ok(_) => Err("the scale must be above 0".into()),
        Err(_) => Err("the scale must be a number above 0".into()),
    }
}

fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(w) if (0.0..=1.0).contains(&w) => Ok(w),
        _ => Err("the game result's share is a number from 0 to 1".into()),
    }
}

fn fixed_weight(text: &str) -> Result<(String, i32), String> {
    let (name, v) = text
        .split_once('=')
        .ok_or("expected WEIGHT=VALUE (e.g. tempo=20)")?;
    let v = v
        .parse()
        .map_err(|_| format!("the value '{v}' is not a whole number"))?;
    Ok((name.to_string(), v))
}

/// A quiet position and its target: the result of its game for White (1, 0.5 or 0),
/// or White's expected score by the teacher or by the game's own recorded score, or a
/// mix of both.
struct Sample {
    pos: Position,
    result: f64,
    /// White's centipawns by the mover's search, as the game's PGN recorded them
    /// (`baton match` writes `{+0.58/15 0.452s}` after each move); `None` where no
    /// plain score was recorded.
    score: Option<i32>,
}

pub fn run(args: Args) -> Result<(), Error> {
    let Args {
        variant,
        skip,
        passes,
        lambda,
        scale,
        fix: fixed,
        only,
        teacher,
        mix,
        scores: scorer,
        labels: labels_file,
        net: net_file,
        rate,
        decay,
        loss_of,
        out,
        mut files,
    } = args;
    // `--teacher` takes the key=value words after it; the games' files may follow them
    // (`--teacher cmd=sf depth=8 games.pgn`), and clap reads them all as the teacher's.
    let teacher = match teacher {
        Some(words) => {
            let (settings, games): (Vec<String>, Vec<String>) =
                words.into_iter().partition(|w| w.contains('='));
            files.splice(0..0, games);
            Some(teacher::parse(&settings).map_err(Error::Usage)?)
        }
        None => None,
    };
    // The correction's inputs are an 8x8 board's: say so before any game is read.
    if net_file.is_some() || loss_of.is_some() {
        eval::network::Header::supports(variant).map_err(Error::Usage)?;
    }
    let mut net_schedule = net::Schedule::default();
    if let Some(rate) = rate {
        net_schedule.rate = rate;
    }
    if let Some(decay) = decay {
        net_schedule.decay = decay;
    }
    // A labels file that exists replaces the games and the teacher.
    let saved = labels_file
        .as_deref()
        .filter(|p| std::path::Path::new(p).exists());
    if files.is_empty() && saved.is_none() {
        return Err(Error::Usage(
            "tune needs games (FILE.pgn ...) or a --labels FILE that exists".into(),
        ));
    }
    let (train, held_out) = match saved {
        Some(path) => {
            // Say so: games, a teacher, --mix or --skip given as well are not used (the
            // targets were mixed and the positions chosen when the file was written).
            println!(
                "labelled positions read from {path} (games, teacher, --mix and --skip not used)"
            );
            labels::load(path, variant).map_err(Error::Input)?
        }
        None => {
            let (mut train, mut held_out) =
                load(&files, variant, skip, scorer.as_deref()).map_err(Error::Input)?;
            if scorer.is_some() {
                train = by_recorded_score(train, mix);
                held_out = by_recorded_score(held_out, mix);
            } else if let Some(t) = &teacher {
                train = relabel(t, variant, train, mix)?;
                held_out = relabel(t, variant, held_out, mix)?;
            }
            if let Some(path) = &labels_file {
                labels::save(path, variant, &train, &held_out)?;
                println!("labelled positions kept in {path}");
            }
            (train, held_out)
        }
    };
    println!(
        "{} positions to fit, {} held out",
        train.len(),
        held_out.len()
    );
    if train.is_empty() || held_out.is_empty() {
        return Err(Error::Input(
            "too few quiet positions in these games to fit and to check the fit: give more \
             games (a PGN with no game holds none)"
                .into(),
        ));
    }
    if let Some(path) = loss_of {
        let bytes =
            std::fs::read(&path).map_err(|e| Error::Input(format!("cannot read {path}: {e}")))?;
        let network = eval::network::Network::read(&bytes, variant)
            .map_err(|e| Error::Input(format!("{path}: {e}")))?;
        net::report_loss(&network, &train, &held_out);
        return Ok(());
    }
    if let Some(path) = net_file {
        net_schedule.passes = passes;
        let network = net::train(&train, &held_out, &net_schedule);
        std::fs::write(&path, network.to_bytes(variant))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("network written to {path}");
        return Ok(());
    }
    let mut start = eval::weights(variant).clone();
    // The rank table starts from nothing where the variant does not have it yet: a row
    // per rank of the board.
    let ranks = usize::from(variant.facts().geometry.height());
    start
        .rank
        .get_or_insert_with(|| std::array::from_fn(|_| vec![(0, 0); ranks]));
    // Weights held at a given value: set now, skipped by the descent.
    let mut frozen = Vec::new();
    for (name, v) in &fixed {
        let i = start
            .tunable()
            .iter()
            .position(|(n, _)| n == name)
            .ok_or_else(|| {
                Error::Usage(format!(
                    "--fix: no weight named '{name}' (the names are printed by a run)"
                ))
            })?;
        let mut values = values(&start);
        values[i] = *v;
        start = start.with_tunable(&values);
        frozen.push(i);
    }
    // With --only, the weights named by none of its prefixes stay as they are: a new
    // term is fitted to the evaluation that has proved itself.
    if !only.is_empty() {
        let names: Vec<String> = start.tunable().into_iter().map(|(n, _)| n).collect();
        if !names.iter().any(|n| only.iter().any(|p| n.starts_with(p))) {
            return Err(Error::Usage(format!(
                "--only: no weight's name starts with {only:?}"
            )));
        }
        for (i, n) in names.iter().enumerate() {
            if !only.iter().any(|p| n.starts_with(p)) && !frozen.contains(&i) {
                frozen.push(i);
            }
        }
    }
    // The scale is fitted to the starting weights unless given. Hold it when the
    // targets come from another engine's evaluation: a scale fitted to weights that
    // disagree with the teacher comes out small, and the descent then inflates every
    // weight (material too) to make up for it, an evaluation on another scale than
    // the one the search's margins were set for.
    let start_eval = eval::evaluator(variant, start.clone())?;
    let k = scale.unwrap_or_else(|| fit_scale(&train, start_eval.as_ref()));
    println!(
        "scale K = {k:.3}{}",
        if scale.is_some() { " (given)" } else { "" }
    );
    let tuned = descend(
        &train,
        &held_out,
        start_eval.as_ref(),
        k,
        passes,
        lambda,
        &frozen,
    );
    report(&start, &tuned);
    let path = out.unwrap_or_else(|| format!("tuned-{}.toml", variant.name()));
    std::fs::write(&path, weights_file(&tuned, variant))
        .map_err(|e| format!("cannot write {path}: {e}"))?;
    println!(
        "weights written to {path} (copy it to engine/weights/ to build them in; \
         the variant's record names its file)"
    );
    Ok(())
}

/// The samples with the teacher's expected score as their target (`mix` of the game's
/// result kept); positions the teacher gave no plain score are dropped.
fn relabel(
    teacher: &teacher::Teacher,
    variant: Variant,
    samples: Vec<Sample>,
    mix: f64,
) -> Result<Vec<Sample>, String> {
    let positions: Vec<&Position> = samples.iter().map(|s| &s.pos).collect();
    let scores = teacher::label(teacher, variant, &positions)?;
    println!(
        "the teacher scored {} of {} positions",
        scores.iter().flatten().count(),
        scores.len()
    );
    Ok(samples
        .into_iter()
        .zip(scores)
        .filter_map(|(s, score)| {
            Some(Sample {
                result: mixed(s.result, score?, mix),
                pos: s.pos,
                score: s.score,
            })
        })
        .collect())
}

/// A target from a teacher's score (White's centipawns, at the usual Elo scale, K = 1:
/// the descent fits its own scale to these targets) with `mix` of the game's result.
fn mixed(result: f64, score: i32, mix: f64) -> f64 {
    mix * result + (1.0 - mix) * expected(score, 1.0)
}

/// The samples whose game recorded the mover's score, with its expected score as their
/// target (`mix` of the game's result kept): a teacher's label that came with the game.
fn by_recorded_score(samples: Vec<Sample>, mix: f64) -> Vec<Sample> {
    samples
        .into_iter()
        .filter_map(|s| {
            Some(Sample {
                result: mixed(s.result, s.score?, mix),
                ..s
            })
        })
        .collect()
}

/// The quiet positions of every game of the variant with a result: the training set
/// and the held-out one (about every tenth game). Where `scorer` is given, the
/// positions its engine moved from carry the score it recorded (`Sample::score`).
fn load(
    files: &[String],
    variant: Variant,
    skip: usize,
    scorer: Option<&str>,
) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let mut sets = (Vec::new(), Vec::new());
    let mut games = 0;
    let mut seen = HashSet::new();
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        add_games(
            &text, variant, skip, scorer, &mut games, &mut seen, &mut sets,
        );
    }
    Ok(sets)
}

/// Adds the quiet positions of a PGN text's games to the training set, or to the
/// held-out one for about every tenth game (`games` counts the games taken). A
/// position already taken (`seen`, by key) is not taken again: engines playing
/// themselves repeat whole games, and a copy of a held-out game among the training
/// ones would make the held-out loss flatter than it is.
fn add_games(
    text: &str,
    variant: Variant,
    skip: usize,
    scorer: Option<&str>,
    games: &mut usize,
    seen: &mut HashSet<u64>,
    (train, held_out): &mut (Vec<Sample>, Vec<Sample>),
) {
    for g in read_games(text) {
        if g.variant().ok() != Some(variant) {
            continue;
        }
        // A cut-off or malformed record (what `baton match --replay` refuses) is no
        // evidence either.
        if !g.problems.is_empty() {
            continue;
        }
        // A game lost by a failure (a crash, a hang, a flag) says nothing of the
        // positions.
        // (cutechess-cli and Baton write `normal`, lichess `Normal`.)
        let termination = g.tag("Termination").map(str::to_ascii_lowercase);
        if !matches!(
            termination.as_deref(),
            None | Some("normal" | "adjudication")
        ) {
            continue;
        }
        let result = match g.tag("Result") {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let mut pos = match g.tag("FEN") {
            Some(fen) => match Position::from_fen(variant, fen) {
                Ok(p) => p,
                Err(_) => continue,
            },
            None => Position::startpos(variant),
        };
        *games += 1;
        let mut samples = Vec::new();
        for (ply, text) in g.moves.iter().enumerate() {
            let Ok(m) = parse_move(&pos, text) else {
                break;
            };
            if ply >= skip && is_quiet(&pos, m) && seen.insert(pos.hash()) {
                let white = pos.side() == Color::White;
                let mover = g.tag(if white { "White" } else { "Black" }).unwrap_or("");
                let score = scorer
                    .filter(|name| mover.starts_with(name))
                    .and_then(|_| recorded_score(g.comments.get(ply)?))
                    .map(|cp| if white { cp } else { -cp });
                samples.push(Sample {
                    pos: pos.clone(),
                    result,
                    score,
                });
            }
            pos = pos.play(m);
        }
        // The set is chosen by the game's last position, so that copies of one game
        // would land in one set (the second adds nothing).
        if pos.hash() % 10 == 0 {
            held_out.extend(samples);
        } else {
            train.extend(samples);
        }
    }
}

/// The mover's centipawns from a move's comment as `baton match` writes it
/// (`+0.58/15 0.452s`: pawns, then the depth); `None` for a mate score or no score.
fn recorded_score(comment: &str) -> Option<i32> {
    let (pawns, _) = comment.trim().split_once('/')?;
    let pawns: f64 = pawns.parse().ok()?;
    Some((pawns * 100.0).round() as i32)
}

/// Whether the static evaluation can speak for the position: no check, the move
/// played was quiet, and no capture wins material on the spot.
fn is_quiet(pos: &Position, played: baton_engine::Move) -> bool {
    if rules::in_check(pos, pos.side())
        || played.promotion.is_some()
        || rules::is_capture(pos, played)
    {
        return false;
    }
    let moves = rules::legal_move_list(pos);
    !moves
        .iter()
        .any(|&m| rules::is_capture(pos, m) && see::see_ge(pos, m, 1))
}

/// White's expected score from a White-side evaluation, at scale `k`.
fn expected(eval: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(eval) / 400.0))
}

fn white_eval(pos: &Position, w: &dyn Evaluator) -> i32 {
    let e = w.weighted(pos);
    if pos.side() == Color::White {
        e
    } else {
        -e
    }
}

fn loss(samples: &[Sample], w: &dyn Evaluator, k: f64) -> f64 {
    let sum: f64 = samples
        .par_iter()
        .map(|s| {
            let d = s.result - expected(white_eval(&s.pos, w), k);
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The scale that best maps the starting weights' evaluation to results.
fn fit_scale(samples: &[Sample], w: &dyn Evaluator) -> f64 {
    let evals: Vec<(i32, f64)> = samples
        .par_iter()
        .map(|s| (white_eval(&s.pos, w), s.result))
        .collect();
    let at = |k: f64| -> f64 {
        evals
            .iter()
            .map(|&(e, r)| {
                let d = r - expected(e, k);
                d * d
            })
            .sum::<f64>()
    };
    // The loss is unimodal in k: narrow the bracket by golden sections.
    let (mut lo, mut hi) = (0.1f64, 4.0f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if at(a) < at(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn values(w: &Weights) -> Vec<i32> {
    w.tunable().into_iter().map(|(_, v)| v).collect()
}

/// The weights file of `tuned`: a comment that says where it came from, then the
/// weights as `Weights::parse` reads them.
fn weights_file(tuned: &Weights, variant: Variant) -> String {
    format!(
        "# The evaluation's weights for {}, fitted by `baton tune` (say here how: the\n\
         # games, the teacher, the options, the held-out loss).\n\n{}",
        variant.name(),
        tuned.to_toml()
    )
}

/// Coordinate descent: each pass tries every weight one `step` up, then down, and
/// keeps the move if it lowers the loss plus `lambda` times the squared distance of
/// the weights from where they started (a weight the games hardly see stays put
/// instead of wandering wherever their noise leads); a pass that moves nothing halves
/// the step. The weights returned are those of the pass with the lowest held-out
/// loss: passes that only fit the training games' noise are dropped.
fn descend(
    train: &[Sample],
    held_out: &[Sample],
    start: &dyn Evaluator,
    k: f64,
    passes: usize,
    lambda: f64,
    frozen: &[usize],
) -> Weights {
    // The numbers move; `start` gives them their places (`Evaluator::with_tunable`).
    let origin = values(start.weights());
    let mut now = origin.clone();
    let mut w = start.with_tunable(&origin);
    let penalty = |i: usize, v: i32| lambda * f64::from(v - origin[i]).powi(2);
    // The training loss and the penalty; the descent lowers their sum.
    let mut fit = loss(train, w.as_ref(), k);
    let mut spent = 0.0;
    let mut best_held = loss(held_out, w.as_ref(), k);
    let mut kept = w.weights().clone();
    println!("start: loss {fit:.6}, held out {best_held:.6}");
    let mut step = 8;
    let n = origin.len();
    for pass in 1..=passes {
        let mut moved = 0;
        for i in (0..n).filter(|i| !frozen.contains(i)) {
            let old = now[i];
            for new in [old + step, old - step] {
                now[i] = new;
                let tried = start.with_tunable(&now);
                let l = loss(train, tried.as_ref(), k);
                let p = spent + penalty(i, new) - penalty(i, old);
                if l + p < fit + spent {
                    (fit, spent) = (l, p);
                    w = tried;
                    moved += 1;
                    break;
                }
                now[i] = old;
            }
        }
        let held = loss(held_out, w.as_ref(), k);
        println!(
            "pass {pass} step {step}: {moved} weights moved, loss {fit:.6} \
             (+ {spent:.6} penalty), held out {held:.6}"
        );
        if held < best_held {
            best_held = held;
            kept = w.weights().clone();
        }
        if moved == 0 {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    kept
}

/// Each weight's old and new value (the new weights go to the file, `weights_file`).
fn report(start: &Weights, tuned: &Weights) {
    for ((name, old), (_, new)) in start.tunable().into_iter().zip(tuned.tunable()) {
        let mark = if old != new { " *" } else { "" };
        println!("{name:32} {old:6} -> {new:6}{mark}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Variant \"knightmate\"]\n[Result \"0-1\"]\n\n\
        1. e2e4 d7d5 2. e4d5 d8d5 3. d1f3 d5f3 0-1\n";

    #[test]
    fn the_named_movers_recorded_scores_are_kept_from_whites_side() {
        let game = "[White \"Baton\"]\n[Black \"FSF-8k\"]\n[Variant \"knightmate\"]\n\
            [Result \"0-1\"]\n\n1. e2e4 {+0.30/10 0.1s} d7d5 {-0.25/12 0.1s} 2. e4d5 d8d5 \
            3. d1f3 {+M3/5 0.1s} d5f3 0-1\n";
        let scores = |scorer| {
            let mut sets = (Vec::new(), Vec::new());
            let mut seen = HashSet::new();
            add_games(
                game,
                Variant::Knightmate,
                0,
                scorer,
                &mut 0,
                &mut seen,
                &mut sets,
            );
            let all = sets.0.iter().chain(&sets.1);
            all.map(|s| s.score).collect::<Vec<_>>()
        };
        // Quiet plies 1, 2 and 5; Black's -0.25 is White's +25; a mate is no score.
        assert_eq!(scores(Some("FSF")), [None, Some(25), None]);
        assert_eq!(scores(Some("Baton")), [Some(30), None, None]);
        assert_eq!(scores(None), [None, None, None]);
        let taught = by_recorded_score(
            vec![Sample {
                pos: Position::startpos(Variant::Knightmate),
                result: 0.0,
                score: Some(0),
            }],
            0.25,
        );
        assert!((taught[0].result - 0.375).abs() < 1e-9);
    }

    #[test]
    fn quiet_positions_are_labelled_with_their_games_result() {
        let mut sets = (Vec::new(), Vec::new());
        let mut games = 0;
        let mut seen = HashSet::new();
        // Adds the game as one of `variant`; answers the games read and the positions.
        let mut add = |variant| {
            add_games(GAME, variant, 0, None, &mut games, &mut seen, &mut sets);
            (games, sets.0.len())
        };
        // Plies 1, 2 and 5 are quiet; the others capture.
        assert_eq!(add(Variant::Knightmate), (1, 3));
        // Other variants' games are not read.
        assert_eq!(add(Variant::Chess), (1, 3));
        // The same game again adds no position.
        assert_eq!(add(Variant::Knightmate), (2, 3));
        assert!(sets.0.iter().all(|s| s.result == 0.0));
    }

    /// What tune writes reads back as the weights it fitted, for every variant, with
    /// numbers moved and a rank table where the variant had none.
    #[test]
    fn the_weights_file_tune_writes_parses_back_to_the_same_weights() {
        for v in Variant::ALL {
            let mut w = eval::weights(v).clone();
            let ranks = usize::from(v.facts().geometry.height());
            w.rank
                .get_or_insert_with(|| std::array::from_fn(|_| vec![(0, 0); ranks]));
            let moved: Vec<i32> = values(&w)
                .iter()
                .enumerate()
                .map(|(i, x)| x + i as i32 % 7 - 3)
                .collect();
            let tuned = w.with_tunable(&moved);
            assert_eq!(values(&tuned), moved, "{v}");
            let text = weights_file(&tuned, v);
            assert_eq!(Weights::parse(&text, v), Ok(tuned), "{v}");
        }
    }

    #[test]
    fn the_fitted_scale_maps_evaluations_to_results() {
        assert!((expected(0, 1.0) - 0.5).abs() < 1e-9);
        assert!(expected(400, 1.0) > 0.9 && expected(-400, 1.0) < 0.1);
    }
}
