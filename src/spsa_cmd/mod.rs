//! `baton spsa VARIANT`: tunes the search's pruning numbers (`search::tune`) by
//! simultaneous perturbation (`schedule`), from pairs of fixed-node games played in
//! this process (`pair`). It prints the estimates as it goes and ends with them as a
//! `Tune` option's value, to be matched against the built-in numbers (`baton match
//! ... option.Tune=...`) before they are written into the source. A long run can be
//! cut into sessions: `--total` fixes the schedule, `--first` and `--start` resume it.

mod pair;
mod schedule;

use std::io::Write;
use std::sync::Mutex;

use baton_engine::search::tune::{pairs, tunable, Tune, TuneError, TUNABLE};
use baton_engine::search::SearchProfile as _;
use baton_engine::search::TranspositionTable;
use baton_engine::Variant;

use crate::cli::{in_range, Error};
use crate::referee::{DrawRule, ResignRule};
use pair::Setup;
use schedule::{Param, Spsa};

/// `baton spsa`'s words.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Each pair of games starts from a position of the variant's \
    opening suite plus 2-8 random plies and is played twice, each set of numbers once with \
    White, one search thread each at --nodes nodes a move (a draw after 150 moves, or when \
    both scores stay within 10 cp for 10 moves from move 40; a win when both sides' scores \
    stay beyond 10 pawns for 4 moves). Pairs run --threads at a time, from the same \
    estimates: a run is fixed by its seed, --threads and --total. The numbers start at the \
    variant's own (or --start's) and the result is printed as a Tune option's value and \
    written to --out. To resume a stopped run, give the same seed, --threads and --total, \
    --first one past the last pair reported and --start the estimates printed there.\n\n\
    Examples:\n  baton spsa knightmate --pairs 2000\n  \
    baton spsa knightmate --params rfp_margin,futility_margin --nodes 4000\n  \
    baton spsa knightmate --total 20000 --first 5001 --pairs 5000 \
    --start \"rfp_margin=74 futility_margin=131\""
)]
pub struct Args {
    /// The variant whose search is tuned
    #[arg(value_parser = crate::cli::variant)]
    variant: Variant,
    /// The numbers to tune, by name, parted by commas (default: all of them)
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    params: Vec<String>,
    /// Pairs of games to play in this run
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = in_range(1u64, 100_000_000))]
    pairs: u64,
    /// The schedule's length in pairs, over every session of a run (default: this run's;
    /// needed with --first)
    #[arg(long, value_name = "N", value_parser = in_range(1u64, 100_000_000))]
    total: Option<u64>,
    /// The schedule's pair this run starts at (to resume a run)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = in_range(1u64, 100_000_000))]
    first: u64,
    /// Start values of the numbers tuned, NAME=VALUE pairs (decimals allowed, as the
    /// estimates are printed; default: the variant's own numbers)
    #[arg(long, value_name = "VALUES")]
    start: Option<String>,
    /// Search nodes per move
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = in_range(1u64, 100_000_000))]
    nodes: u64,
    /// The step at the end of the run per unit of push (Fishtest's r_end)
    #[arg(long, value_name = "R", default_value_t = 0.002)]
    r_end: f64,
    /// Pairs played at once (default: every core)
    #[arg(long, value_name = "N", value_parser = in_range(1usize, 256))]
    threads: Option<usize>,
    /// The run's seed: the openings and the pushes' signs
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Print the estimates every N pairs
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = in_range(1u64, 100_000_000))]
    report: u64,
    /// Write the final numbers (a Tune option's value) to FILE
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

/// The numbers named (all of them when none is), each starting at `start`'s value or
/// the variant's own. `start` may name only numbers being tuned: one that is not would
/// be played at the variant's value and left out of the result.
fn params(variant: Variant, names: &[String], start: Option<&str>) -> Result<Vec<Param>, String> {
    let unknown = |name: &str| TuneError::UnknownName(name.to_string()).to_string();
    let mut chosen: Vec<usize> = Vec::new();
    for name in names {
        let (i, _) = tunable(name).ok_or_else(|| unknown(name))?;
        if !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    if names.is_empty() {
        chosen = (0..TUNABLE.len()).collect();
    }
    let own = variant.features().pruning();
    let mut params: Vec<Param> = chosen
        .into_iter()
        .map(|index| {
            let t = &TUNABLE[index];
            Param {
                index,
                theta: f64::from((t.get)(&own)),
                c_end: t.step,
            }
        })
        .collect();
    for pair in pairs(start.unwrap_or("")) {
        let (name, value) = pair.map_err(|e| format!("--start: {e}"))?;
        let (index, t) = tunable(name).ok_or_else(|| unknown(name))?;
        let value: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| format!("--start: {} needs a number, not '{value}'", t.name))?;
        if value < f64::from(t.min) || value > f64::from(t.max) {
            return Err(format!(
                "--start: {} value {value} out of range {}..{}",
                t.name, t.min, t.max
            ));
        }
        let p = params
            .iter_mut()
            .find(|p| p.index == index)
            .ok_or_else(|| format!("--start names {}, which --params does not tune", t.name))?;
        p.theta = value;
    }
    Ok(params)
}

pub fn run(args: Args) -> Result<(), Error> {
    let variant = args.variant;
    let params = params(variant, &args.params, args.start.as_deref()).map_err(Error::Usage)?;
    let last = args.first + args.pairs - 1;
    // A resumed run must keep the schedule of the run it continues.
    if args.first > 1 && args.total.is_none() {
        return Err(Error::Usage(
            "--first needs --total, the length of the run it resumes".into(),
        ));
    }
    let total = args.total.unwrap_or(last);
    if last > total {
        return Err(Error::Usage(format!(
            "this run would end at pair {last}, past the schedule's --total {total}"
        )));
    }
    if !(args.r_end > 0.0 && args.r_end.is_finite()) {
        return Err(Error::Usage("--r-end must be a number above 0".into()));
    }
    let setup = Setup {
        variant,
        nodes: args.nodes,
        openings: crate::datagen_cmd::suite(variant).map_err(Error::Failed)?,
        random_plies: (2, 8),
        max_moves: 150,
        draw: Some(DrawRule {
            move_number: 40,
            move_count: 10,
            score: 10,
        }),
        resign: Some(ResignRule {
            move_count: 4,
            score: 1000,
            two_sided: true,
        }),
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let mut spsa = Spsa::new(params, total, args.r_end);
    println!(
        "spsa {variant}: pairs {}-{last} of {total}, {} nodes a move, {threads} pairs at once, \
         seed {}, r_end {}",
        args.first, args.nodes, args.seed, args.r_end
    );
    println!("start: {}", spsa.estimates());
    // Each thread's two hash tables, kept from pair to pair (cleared for each game).
    let tables: Vec<Mutex<[TranspositionTable; 2]>> = (0..threads)
        .map(|_| Mutex::new([TranspositionTable::new(8), TranspositionTable::new(8)]))
        .collect();
    let (mut wins, mut losses, mut even, mut broken) = (0u64, 0u64, 0u64, 0u64);
    let mut k = args.first;
    while k <= last {
        // A batch of pairs played at once from the same estimates, then their steps
        // taken in order: the run depends on its seed and `threads`, not on the
        // threads' timing. Batches end at multiples of `threads` counted from pair 1,
        // so that a run resumed after a report plays the batches the whole run would.
        let end = last.min((k - 1) / threads as u64 * threads as u64 + threads as u64);
        let batch: Vec<u64> = (k..=end).collect();
        let plays: Vec<(Vec<f64>, Tune, Tune)> = batch
            .iter()
            .map(|&k| {
                let signs = spsa.signs(args.seed, k);
                let (plus, minus) = spsa.perturbed(k, &signs);
                (signs, plus, minus)
            })
            .collect();
        let results: Vec<Option<i32>> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .iter()
                .zip(&plays)
                .zip(&tables)
                .map(|((&k, (_, plus, minus)), tables)| {
                    let setup = &setup;
                    let seed = crate::datagen_cmd::selfplay::game_seed(args.seed, k);
                    scope.spawn(move || {
                        let tts = tables.lock().ok()?;
                        pair::play(setup, *plus, *minus, seed, &tts)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().ok().flatten())
                .collect()
        });
        for ((&k, (signs, _, _)), result) in batch.iter().zip(&plays).zip(results) {
            match result {
                Some(r) => {
                    match r.signum() {
                        1 => wins += 1,
                        -1 => losses += 1,
                        _ => even += 1,
                    }
                    spsa.update(k, signs, f64::from(r));
                }
                None => broken += 1,
            }
            let done = k - args.first + 1;
            if done.is_multiple_of(args.report) || k == last {
                println!(
                    "pair {k}: pairs won by the pushed-up set {wins}, lost {losses}, even \
                     {even}{}; {}",
                    if broken > 0 {
                        format!(", not played {broken}")
                    } else {
                        String::new()
                    },
                    spsa.estimates()
                );
                let _ = std::io::stdout().flush();
            }
        }
        k += batch.len() as u64;
    }
    if wins + losses + even == 0 {
        return Err(Error::Failed(format!(
            "no pair could be played ({broken} broke off: a search found no move)"
        )));
    }
    let tune = spsa.tune();
    println!("tuned: option.Tune=\"{tune}\"");
    if let Some(path) = &args.out {
        std::fs::write(path, format!("{tune}\n"))
            .map_err(|e| Error::Failed(format!("cannot write {path}: {e}")))?;
    }
    Ok(())
}
