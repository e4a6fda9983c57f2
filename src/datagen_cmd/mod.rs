//! `baton datagen VARIANT DIR`: training data from self-play at a fixed node count, in
//! chunk files of `baton_engine::data` records (`store`), one game per worker thread at
//! a time (`selfplay`); `baton datagen --info DIR` counts what a directory holds.
//! docs/datagen.md describes the files byte by byte.

pub mod selfplay;
mod store;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use baton_engine::data::Header;
use baton_engine::search::TranspositionTable;
use baton_engine::{Position, Profile, Variant};

use crate::cli::{in_range, Error};
use crate::referee::{DrawRule, ResignRule};
use selfplay::{game_seed, Rules};
use store::{ChunkWriter, Tally};

/// `baton datagen`'s words.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Each game starts from a position of the variant's opening suite \
    (benches/openings/) plus --random-plies random legal plies, then Baton plays itself with \
    one search thread at --nodes nodes a move, to the end by the rules or by adjudication \
    (a draw after --max-moves moves or when both scores stay within --draw-score cp for \
    --draw-moves moves after move --draw-after; a win when both sides' scores stay beyond \
    --resign-score for --resign-moves moves). Every searched position is kept with its \
    score (side to move's view, mates as +/-32000) and the game's result, except the \
    ones trainers skip: before ply --min-ply, the side to move in check, or a best move \
    that captures, promotes or fuses.\n\n\
    Chunks are DIR/<variant>-NNNNN.bdat, each whole at every moment (rewritten through a \
    temporary file after each game): a killed run loses only the games being played, and \
    the same command run again continues in new chunks with a new seed (one more than the \
    largest in DIR). Run one datagen per variant and directory at a time.\n\n\
    Examples:\n  baton datagen knightmate data/                  all cores until stopped\n  \
    baton datagen chess data/ --games 100 --nodes 5000 --threads 2\n  \
    baton datagen --info data/"
)]
pub struct Args {
    /// The variant to play
    #[arg(value_parser = crate::cli::variant, required_unless_present = "info")]
    variant: Option<Variant>,
    /// The directory of the chunk files (made if missing)
    #[arg(value_name = "DIR", required_unless_present = "info")]
    dir: Option<PathBuf>,
    /// Count the positions, games and results per variant in DIR, and check every file
    #[arg(long, value_name = "DIR", conflicts_with_all = ["variant", "dir"])]
    info: Option<PathBuf>,
    /// Search nodes per move
    #[arg(long, value_name = "N", default_value_t = 5000,
          value_parser = in_range(1u32, 100_000_000))]
    nodes: u32,
    /// Games played at once, each with a one-thread search (default: every core)
    #[arg(long, value_name = "N", value_parser = in_range(1usize, 256))]
    threads: Option<usize>,
    /// Games to play in this run (default: until stopped)
    #[arg(long, value_name = "N", value_parser = in_range(1u64, u64::MAX))]
    games: Option<u64>,
    /// The run's seed (default: one more than the largest seed of the variant in DIR)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Random plies after the suite's position, MIN-MAX or one number, 0 to 40
    #[arg(long, value_name = "MIN-MAX", default_value = "2-8", value_parser = plies)]
    random_plies: (u32, u32),
    /// Positions before this ply of the game (from the variant's start) are not kept
    #[arg(long, value_name = "PLY", default_value_t = 16)]
    min_ply: u32,
    /// A draw after this many moves
    #[arg(long, value_name = "N", default_value_t = 250, value_parser = in_range(1u32, 10_000))]
    max_moves: u32,
    /// Resign adjudication's score in centipawns (0: off)
    #[arg(long, value_name = "CP", default_value_t = 1000)]
    resign_score: u32,
    /// Moves of each side the resign score must hold
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = in_range(1u32, 1000))]
    resign_moves: u32,
    /// Draw adjudication's largest |score| in centipawns (0: off)
    #[arg(long, value_name = "CP", default_value_t = 10)]
    draw_score: u32,
    /// Moves of each side the draw score must hold
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = in_range(1u32, 1000))]
    draw_moves: u32,
    /// The move number before which no draw is adjudicated
    #[arg(long, value_name = "N", default_value_t = 40)]
    draw_after: u32,
    /// Positions a chunk file fills up to before the next one starts
    #[arg(long, value_name = "N", default_value_t = 25_000,
          value_parser = in_range(1usize, 10_000_000))]
    chunk: usize,
    /// Hash table per game, in MB
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = in_range(1usize, 4096))]
    hash: usize,
}

fn plies(text: &str) -> Result<(u32, u32), String> {
    let (lo, hi) = text.split_once('-').unwrap_or((text, text));
    match (lo.parse(), hi.parse()) {
        (Ok(lo @ 0..=40), Ok(hi @ 0..=40)) if lo <= hi => Ok((lo, hi)),
        _ => Err("expected MIN-MAX (or one number), 0 to 40, MIN not above MAX".into()),
    }
}

/// The FENs of the variant's opening suite (EPD: the operations after the board are
/// not read).
pub fn suite(variant: Variant) -> Result<Vec<String>, String> {
    let mut fens = Vec::new();
    for (k, line) in Profile::of(variant).openings.0.lines().enumerate() {
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = Position::from_fen(variant, line)
            .map_err(|e| format!("the {variant} suite, line {}: {e}", k + 1))?;
        fens.push(pos.fen());
    }
    if fens.is_empty() {
        return Err(format!("the {variant} suite holds no positions"));
    }
    Ok(fens)
}

pub fn run(args: Args) -> Result<(), Error> {
    if let Some(dir) = &args.info {
        return info(dir);
    }
    let (Some(variant), Some(dir)) = (args.variant, args.dir.clone()) else {
        return Err(Error::Usage("a variant and a directory are needed".into()));
    };
    let used = store::seeds(&dir, variant).map_err(Error::Input)?;
    let seed = match args.seed {
        Some(s) if used.contains(&s) => {
            return Err(Error::Usage(format!(
                "seed {s} was used already for {variant} in {}: leave --seed out to \
                 continue with a new one",
                dir.display()
            )))
        }
        Some(s) => s,
        None => used.iter().max().map_or(1, |s| s.wrapping_add(1)),
    };
    let rules = Rules {
        variant,
        nodes: args.nodes,
        openings: suite(variant).map_err(Error::Failed)?,
        random_plies: args.random_plies,
        min_ply: args.min_ply,
        max_moves: args.max_moves,
        draw: (args.draw_score > 0).then_some(DrawRule {
            move_number: args.draw_after,
            move_count: args.draw_moves,
            score: args.draw_score as i32,
        }),
        resign: (args.resign_score > 0).then_some(ResignRule {
            move_count: args.resign_moves,
            score: args.resign_score as i32,
            two_sided: true,
        }),
    };
    let header = Header {
        variant,
        nodes: args.nodes,
        seed,
        games: 0,
        samples: 0,
    };
    let writer = Mutex::new(ChunkWriter::new(&dir, header, args.chunk).map_err(Error::Failed)?);
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    eprintln!(
        "datagen {variant}: seed {seed}, {} nodes a move, {threads} games at once, into {}",
        args.nodes,
        dir.display()
    );
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let error = Mutex::new(None::<String>);
    let progress = Mutex::new(Progress::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let tt = TranspositionTable::new(args.hash);
                while !failed.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if args.games.is_some_and(|n| index >= n) {
                        break;
                    }
                    let Some(played) = selfplay::play(&rules, game_seed(seed, index), &tt) else {
                        continue;
                    };
                    let n = played.samples.len();
                    let written = match writer.lock() {
                        Ok(mut w) => w.add_game(played.samples),
                        Err(_) => Err("a writer thread panicked".into()),
                    };
                    match written {
                        Ok(path) => {
                            if let Ok(mut p) = progress.lock() {
                                p.game(n, variant, &path);
                            }
                        }
                        Err(e) => {
                            failed.store(true, Ordering::Relaxed);
                            if let Ok(mut slot) = error.lock() {
                                slot.get_or_insert(e);
                            }
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().ok().flatten() {
        return Err(Error::Failed(e));
    }
    if let Ok(p) = progress.into_inner() {
        p.report(variant, "done");
    }
    Ok(())
}

/// The run's counts, printed to standard error now and then.
struct Progress {
    start: Instant,
    last: Instant,
    games: u64,
    positions: u64,
    file: PathBuf,
}

impl Progress {
    /// How often a progress line is printed.
    const EVERY: Duration = Duration::from_secs(30);

    fn new() -> Progress {
        Progress {
            start: Instant::now(),
            last: Instant::now(),
            games: 0,
            positions: 0,
            file: PathBuf::new(),
        }
    }

    fn game(&mut self, positions: usize, variant: Variant, file: &Path) {
        self.games += 1;
        self.positions += positions as u64;
        self.file = file.to_path_buf();
        if self.last.elapsed() >= Self::EVERY {
            self.last = Instant::now();
            self.report(variant, "so far");
        }
    }

    fn report(&self, variant: Variant, when: &str) {
        let secs = self.start.elapsed().as_secs_f64().max(0.001);
        eprintln!(
            "datagen {variant} {when}: {} games, {} positions in {:.0} s ({:.1} positions/s), \
             last written {}",
            self.games,
            self.positions,
            secs,
            self.positions as f64 / secs,
            self.file.display()
        );
    }
}

/// `--info DIR`: a line per variant with chunk files in DIR, and every unreadable file.
fn info(dir: &Path) -> Result<(), Error> {
    if !dir.is_dir() {
        return Err(Error::Input(format!(
            "{} is not a directory",
            dir.display()
        )));
    }
    println!(
        "{:<20} {:>6} {:>8} {:>11} {:>10} {:>10} {:>10}  nodes",
        "variant", "files", "games", "positions", "white won", "drawn", "black won"
    );
    let mut bad = Vec::new();
    for variant in Variant::ALL {
        let files = store::chunks(dir, variant).map_err(Error::Input)?;
        if files.is_empty() {
            continue;
        }
        let mut tally = Tally::default();
        for (_, path) in &files {
            store::tally_file(path, &mut tally);
        }
        let nodes: Vec<String> = tally.nodes.iter().map(u32::to_string).collect();
        println!(
            "{:<20} {:>6} {:>8} {:>11} {:>10} {:>10} {:>10}  {}",
            variant.name(),
            tally.files,
            tally.games,
            tally.positions,
            tally.white_wins,
            tally.draws,
            tally.black_wins,
            nodes.join(",")
        );
        bad.extend(tally.bad_files);
    }
    if bad.is_empty() {
        return Ok(());
    }
    for b in &bad {
        println!("unreadable: {b}");
    }
    Err(Error::Failed(format!(
        "{} unreadable file(s) in {}",
        bad.len(),
        dir.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{assert_refused, parse_line, Command};

    fn parse(line: &str) -> Args {
        match parse_line(&format!("datagen {line}")) {
            Ok(Command::Datagen(args)) => args,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn datagen_words_are_read_or_refused_with_the_usage() {
        let a = parse("knightmate data --random-plies 3 --nodes 800");
        assert_eq!(a.variant, Some(Variant::Knightmate));
        assert_eq!(a.dir, Some(PathBuf::from("data")));
        assert_eq!((a.nodes, a.random_plies, a.min_ply), (800, (3, 3), 16));
        assert_eq!(parse("--info data").info, Some(PathBuf::from("data")));
        assert_refused(&[
            ("datagen", "required arguments were not provided"),
            ("datagen chess", "required arguments were not provided"),
            ("datagen nosuch data", "unknown variant 'nosuch'"),
            ("datagen chess data --info data", "cannot be used with"),
            (
                "datagen chess data --nodes 0",
                "invalid value '0' for '--nodes <N>'",
            ),
            (
                "datagen chess data --random-plies 9-3",
                "invalid value '9-3' for '--random-plies <MIN-MAX>'",
            ),
            ("datagen chess data --threads 0", "invalid value '0'"),
        ]);
    }

    /// Every suite reads, and game `i` of a run is the same game whatever ran before.
    #[test]
    fn a_game_is_its_seeds_alone() {
        for v in Variant::ALL {
            assert!(suite(v).is_ok_and(|s| !s.is_empty()), "{v}");
        }
        let rules = Rules {
            variant: Variant::Knightmate,
            nodes: 150,
            openings: suite(Variant::Knightmate).expect("the suite"),
            random_plies: (2, 4),
            min_ply: 0,
            max_moves: 30,
            draw: None,
            resign: None,
        };
        let tt = TranspositionTable::new(1);
        let fens = |seed| {
            selfplay::play(&rules, seed, &tt).map(|p| {
                p.samples
                    .iter()
                    .map(|s| (s.position.fen(), s.score, s.result))
                    .collect::<Vec<_>>()
            })
        };
        let first = fens(game_seed(1, 0));
        assert!(first.as_ref().is_some_and(|f| !f.is_empty()));
        let _other = fens(game_seed(1, 1));
        assert_eq!(fens(game_seed(1, 0)), first);
        assert_ne!(fens(game_seed(2, 0)), first);
        assert_ne!(game_seed(1, 1), game_seed(2, 0));
    }
}
