//! `baton match`: engine-against-engine games refereed by Baton's rules. This module
//! checks the engines, makes the openings and the schedule, runs `--concurrency`
//! worker threads (each with its own engine processes), and reports as games finish.

pub(crate) mod cli;
mod merge;
mod replay;
mod stats;

use crate::referee as game;

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use baton_engine::rng::Rng;
use baton_engine::{format_move, rules, Color, Position, Profile};

use crate::cli::Error;
use crate::uci_client::{self, EngineSlot, UciClient};
use cli::{Command, Config, OpeningSource};
use game::{GameRecord, Job, Opening, Termination};
use stats::{SprtDecision, Tally};

pub fn run(args: cli::Args) -> Result<(), Error> {
    match args.command().map_err(Error::Usage)? {
        Command::Replay(path) => replay::replay(&path),
        Command::Merge { files, sprt } => merge::merge(&files, sprt.as_ref()).map_err(Error::Input),
        Command::Play(cfg) => play(&cfg),
    }
}

/// Reads the FEN (or EPD) lines of an openings file, checking each.
fn read_opening_file(cfg: &Config, path: &str) -> Result<Vec<String>, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Input(format!("cannot read the openings file {path}: {e}")))?;
    read_openings(cfg, path, &text).map_err(Error::Input)
}

/// The FEN (or EPD) lines of `text`, each checked; `path` names it in errors.
fn read_openings(cfg: &Config, path: &str, text: &str) -> Result<Vec<String>, String> {
    let mut fens = Vec::new();
    for (k, line) in text.lines().enumerate() {
        // EPD operations follow the fourth field; a FEN has none.
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = match Position::from_fen(cfg.referee.variant, line) {
            Ok(p) => p.fen(),
            Err(e) => {
                let four: Vec<&str> = line.split_whitespace().take(4).collect();
                Position::from_fen(cfg.referee.variant, &four.join(" "))
                    .map_err(|_| format!("{path}:{}: bad FEN: {e:?}", k + 1))?
                    .fen()
            }
        };
        fens.push(fen);
    }
    if fens.is_empty() {
        return Err(format!(
            "{path} holds no positions: an openings file holds one FEN or EPD a line"
        ));
    }
    Ok(fens)
}

/// Random legal plies from `fen`, retried until the game is still going after them.
fn random_opening(cfg: &Config, fen: &str, rng: &mut Rng) -> Result<Opening, String> {
    for _ in 0..1000 {
        let mut game = game::opening_game(
            cfg.referee.variant,
            &Opening {
                fen: fen.to_string(),
                moves: Vec::new(),
            },
        )?;
        let mut moves = Vec::new();
        for _ in 0..cfg.random_plies {
            if game.outcome().is_some() {
                break;
            }
            let list = rules::legal_move_list(game.position());
            let m = list[rng.below(list.len())];
            moves.push(format_move(game.position(), m));
            game.play(m);
        }
        if moves.len() == cfg.random_plies as usize && game.outcome().is_none() {
            return Ok(Opening {
                fen: fen.to_string(),
                moves,
            });
        }
    }
    Err(format!(
        "no random opening of {} plies from {fen}",
        cfg.random_plies
    ))
}

/// `count` openings, each to be played with both colors.
fn make_openings(cfg: &Config, count: usize, rng: &mut Rng) -> Result<Vec<Opening>, Error> {
    // Not told: the suite, unless random plies are asked for (then from the start, as
    // before there were suites).
    let source = match &cfg.openings {
        Some(o) => o.source.clone(),
        None if cfg.random_plies > 0 => OpeningSource::StartPos,
        None => OpeningSource::Suite,
    };
    let fens = match source {
        OpeningSource::File(path) => read_opening_file(cfg, &path)?,
        OpeningSource::StartPos => vec![Position::startpos(cfg.referee.variant).fen()],
        OpeningSource::Suite => {
            let name = format!("the {} suite", cfg.referee.variant.name());
            read_openings(cfg, &name, Profile::of(cfg.referee.variant).openings.0)?
        }
    };
    let first = cfg
        .openings
        .as_ref()
        .map_or(0, |f| f.start.saturating_sub(1));
    let random_order = cfg.openings.as_ref().is_some_and(|f| f.random_order);
    (0..count)
        .map(|k| {
            let fen = if random_order {
                &fens[rng.below(fens.len())]
            } else {
                &fens[(first + k) % fens.len()]
            };
            if cfg.random_plies > 0 {
                random_opening(cfg, fen, rng)
            } else {
                Ok(Opening {
                    fen: fen.clone(),
                    moves: Vec::new(),
                })
            }
        })
        .collect::<Result<_, String>>()
        .map_err(Error::Input)
}

/// Every game of the match: for each round, each pair of engines plays `games` games,
/// consecutive games sharing an opening with the colors swapped.
fn schedule(cfg: &Config, openings: &[Opening]) -> Vec<Job> {
    let per_round = cfg.games.div_ceil(2) as usize;
    let n = cfg.engines.len();
    let mut jobs = Vec::new();
    for round in 0..cfg.rounds {
        for a in 0..n {
            for b in a + 1..n {
                for g in 0..cfg.games as usize {
                    let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                    jobs.push(Job {
                        number: jobs.len() + 1,
                        white,
                        black,
                        opening: openings[round as usize * per_round + g / 2].clone(),
                    });
                }
            }
        }
    }
    jobs
}

/// Starts every engine once to learn its name and check that it plays the variant and
/// lists the options it is given. An engine that does not start fails the run; a
/// variant or option it does not offer is bad input.
fn probe_engines(cfg: &Config) -> Result<Vec<String>, Error> {
    let mut names: Vec<String> = Vec::new();
    for spec in &cfg.engines {
        let client = UciClient::start(spec).map_err(|f| {
            Error::Failed(format!(
                "engine '{}': {f}\nNo game was played: check that cmd= names a UCI engine \
                 that runs (started by hand, it answers `uci` with `uciok`).",
                spec.cmd
            ))
        })?;
        let mut name = spec
            .name
            .clone()
            .or(client.id_name.clone())
            .unwrap_or_else(|| spec.cmd.clone());
        // `engine 'NAME' (CMD)`, the command left out when it is the name.
        let label = if name == spec.cmd {
            format!("engine '{name}'")
        } else {
            format!("engine '{name}' ({})", spec.cmd)
        };
        let variant = cfg.referee.variant;
        if !client.plays(variant) {
            return Err(Error::Input(format!(
                "{label} does not play {} ({})\nNo game was played: choose another \
                 --variant or an engine that plays it.",
                variant.name(),
                client.variants
            )));
        }
        // Every option.NAME=VALUE must be one the engine lists, with a value it takes:
        // an engine ignores what it does not know, and the match would measure
        // something else than was asked.
        uci_client::check_settings(&client.options, &spec.options).map_err(|why| {
            Error::Input(format!(
                "{label} {why}\nNo game was played: fix the option.NAME=VALUE words of \
                 --engine or --each."
            ))
        })?;
        client.quit();
        if names.contains(&name) {
            name = format!("{name} ({})", names.len() + 1);
        }
        names.push(name);
    }
    Ok(names)
}

fn worker(
    cfg: &Config,
    jobs: &[Job],
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: mpsc::Sender<GameRecord>,
) {
    let mut slots: Vec<EngineSlot> = cfg
        .engines
        .iter()
        .map(|s| EngineSlot::new(s.clone(), cfg.referee.variant))
        .collect();
    while !stop.load(Ordering::Relaxed) {
        let k = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(k) else { break };
        let (white, black) = if job.white < job.black {
            let (lo, hi) = slots.split_at_mut(job.black);
            (&mut lo[job.white], &mut hi[0])
        } else {
            let (lo, hi) = slots.split_at_mut(job.white);
            (&mut hi[0], &mut lo[job.black])
        };
        let record = game::play(&cfg.referee, job, [white, black]);
        if tx.send(record).is_err() {
            break;
        }
    }
    for slot in &mut slots {
        slot.shutdown();
    }
}

/// What the main thread keeps as results come in.
struct Standings {
    names: Vec<String>,
    /// `pair[a][b]`: engine a's results against engine b.
    pair: Vec<Vec<Tally>>,
    terminations: Vec<(Termination, u32)>,
    played: usize,
}

impl Standings {
    fn new(names: Vec<String>) -> Standings {
        Standings {
            pair: vec![vec![Tally::default(); names.len()]; names.len()],
            names,
            terminations: Vec::new(),
            played: 0,
        }
    }

    fn add(&mut self, rec: &GameRecord) {
        self.add_result(rec.players, rec.winner, rec.termination);
    }

    /// One game: the engines (White, Black), the winner (`None` a draw), how it ended.
    fn add_result(&mut self, players: [usize; 2], winner: Option<Color>, termination: Termination) {
        self.played += 1;
        let [w, b] = players;
        let t = match winner {
            _ if termination == Termination::Unterminated => return,
            Some(Color::White) => Tally {
                wins: 1,
                ..Default::default()
            },
            Some(Color::Black) => Tally {
                losses: 1,
                ..Default::default()
            },
            None => Tally {
                draws: 1,
                ..Default::default()
            },
        };
        self.pair[w][b].add(t);
        self.pair[b][w].add(t.flipped());
        match self
            .terminations
            .iter_mut()
            .find(|(k, _)| *k == termination)
        {
            Some((_, n)) => *n += 1,
            None => self.terminations.push((termination, 1)),
        }
    }

    fn total(&self, a: usize) -> Tally {
        let mut t = Tally::default();
        for row in &self.pair[a] {
            t.add(*row);
        }
        t
    }

    /// The first engine against the second (two engines) or against the field.
    fn headline(&self) -> Tally {
        if self.names.len() == 2 {
            self.pair[0][1]
        } else {
            self.total(0)
        }
    }

    /// Whom the headline's first engine plays: the second engine, or the field.
    fn against(&self) -> &str {
        if self.names.len() == 2 {
            &self.names[1]
        } else {
            "the field"
        }
    }
}

fn elo_text(t: &Tally) -> String {
    let (score, margin) = (t.score(), t.error_margin());
    if t.games() > 0 && (score == 0.0 || score == 1.0) {
        // A perfect score measures no finite difference.
        return format!("{}inf +/- inf", if score == 0.0 { "-" } else { "+" });
    }
    // Adding zero turns -0.0 into 0.0.
    let elo = t.elo() + 0.0;
    if margin.is_finite() {
        format!("{elo:+.1} +/- {margin:.1}")
    } else {
        format!("{elo:+.1} +/- inf")
    }
}

fn progress_line(s: &Standings, total: usize, cfg: &Config) -> String {
    let t = s.headline();
    let against = s.against();
    let mut line = format!(
        "Games {}/{total}: {} vs {against}: {} - {} - {} [{:.3}] Elo {}",
        s.played,
        s.names[0],
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        elo_text(&t)
    );
    if let Some(p) = &cfg.sprt {
        line += &format!(", LLR {:.2}", stats::sprt(&t, p).llr);
    }
    line
}

fn log_failure(rec: &GameRecord, names: &[String]) {
    // A drawn failure (a flag fall whose opponent cannot win) names the colours.
    let who = match rec.winner {
        Some(w) => format!("{}: ", names[rec.players[w.other().idx()]]),
        None => String::new(),
    };
    eprintln!("game {}: {who}{}", rec.number, rec.reason);
    for line in &rec.log {
        eprintln!("    {line}");
    }
}

/// `decided`: the SPRT's decision and the game count when it was reached (games
/// already under way then still finish and count in the score, not in the decision).
fn final_report(
    s: &Standings,
    sprt: Option<&cli::SprtParams>,
    decided: Option<(SprtDecision, usize)>,
) {
    let t = s.headline();
    let against = s.against();
    println!(
        "Score of {} vs {against}: {} - {} - {}  [{:.3}] {}",
        s.names[0],
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    );
    println!(
        "Elo difference: {}, LOS: {:.1} %, DrawRatio: {:.1} %",
        elo_text(&t),
        100.0 * t.los(),
        100.0 * t.draw_ratio()
    );
    if let Some(p) = sprt {
        let st = stats::sprt(&t, p);
        let verdict = match decided {
            Some((SprtDecision::H0, n)) => format!("H0 accepted after {n} games"),
            Some((SprtDecision::H1, n)) => format!("H1 accepted after {n} games"),
            _ => "no decision".to_string(),
        };
        println!(
            "SPRT: llr {:.2}, lbound {:.2}, ubound {:.2} (elo0 {}, elo1 {}, alpha {}, beta {}) - {verdict}",
            st.llr, st.lower, st.upper, p.elo0, p.elo1, p.alpha, p.beta
        );
    }
    if s.names.len() > 2 {
        println!(
            "{:<4} {:<30} {:>16} {:>6} {:>7} {:>6}",
            "Rank", "Name", "Elo", "Games", "Score", "Draw"
        );
        let mut order: Vec<usize> = (0..s.names.len()).collect();
        order.sort_by(|&a, &b| s.total(b).score().total_cmp(&s.total(a).score()));
        for (rank, &e) in order.iter().enumerate() {
            let t = s.total(e);
            println!(
                "{:<4} {:<30} {:>16} {:>6} {:>6.1}% {:>5.1}%",
                rank + 1,
                s.names[e],
                elo_text(&t),
                t.games(),
                100.0 * t.score(),
                100.0 * t.draw_ratio()
            );
        }
    }
    let ends: Vec<String> = s
        .terminations
        .iter()
        .map(|(t, n)| format!("{} {n}", t.text()))
        .collect();
    println!("Terminations: {}", ends.join(", "));
}

fn play(cfg: &Config) -> Result<(), Error> {
    let seed = cfg.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let mut rng = Rng::new(seed);
    let names = probe_engines(cfg)?;
    let openings = make_openings(cfg, (cfg.rounds * cfg.games.div_ceil(2)) as usize, &mut rng)?;
    let mut jobs = schedule(cfg, &openings);
    let whole = jobs.len();
    if let Some(shard) = cfg.shard {
        jobs.retain(|j| shard.holds(j.number));
    }
    let mut pgn_file = match &cfg.pgn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open the PGN file {path}: {e}"))?,
        ),
        None => None,
    };
    let share = match cfg.shard {
        Some(s) => format!("shard {}/{} of a match of {whole}: ", s.index, s.count),
        None => String::new(),
    };
    eprintln!(
        "baton match: {share}{} games of {} ({} at a time), seed {seed}",
        jobs.len(),
        cfg.referee.variant.name(),
        cfg.concurrency
    );
    let mut standings = Standings::new(names);
    let live = std::io::stderr().is_terminal();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let mut write_error = None;
    let mut decided = None;
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.min(jobs.len()) {
            let tx = tx.clone();
            let (jobs, next, stop) = (&jobs, &next, &stop);
            scope.spawn(move || worker(cfg, jobs, next, stop, tx));
        }
        drop(tx);
        for rec in rx {
            if rec.termination.is_failure() || rec.termination == Termination::Unterminated {
                if live {
                    eprintln!();
                }
                log_failure(&rec, &standings.names);
            }
            standings.add(&rec);
            if let Some(file) = &mut pgn_file {
                let text = crate::pgn::write_game(&rec, &cfg.event, &standings.names, cfg.notation);
                if let Err(e) = file.write_all(text.as_bytes()) {
                    write_error = Some(format!("cannot write the PGN: {e}"));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            let line = progress_line(&standings, jobs.len(), cfg);
            if live {
                eprint!("\r{line}\x1b[K");
            } else {
                eprintln!("{line}");
            }
            if let Some(p) = cfg.sprt.as_ref().filter(|_| decided.is_none()) {
                let headline = standings.headline();
                let decision = stats::sprt(&headline, p).decision;
                if decision != SprtDecision::Continue {
                    // The test ends here; games under way finish and count in the
                    // score; no new ones start.
                    decided = Some((decision, headline.games() as usize));
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if live {
        eprintln!();
    }
    final_report(&standings, cfg.sprt.as_ref(), decided);
    if let (Some(s), Some(pgn)) = (cfg.shard, &cfg.pgn) {
        println!(
            "Shard {}/{} done; when every shard is, report the whole match with \
             baton match --merge {pgn} <the other shards' PGN files>",
            s.index, s.count
        );
    }
    match write_error {
        Some(e) => Err(Error::Failed(e)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(extra: &str) -> Config {
        let line = format!("match --engine cmd=a --engine cmd=b --engine cmd=c --depth 1 {extra}");
        match crate::cli::parse_line(&line).map(|c| match c {
            crate::cli::Command::Match(args) => args.command(),
            other => panic!("{other:?}"),
        }) {
            Ok(Ok(Command::Play(c))) => *c,
            _ => panic!("bad test config"),
        }
    }

    /// Two engines: the first against the second; more: the first against the field.
    #[test]
    fn the_progress_line_names_whom_the_first_engine_plays() {
        let cfg = config("");
        let names = |n: usize| (0..n).map(|k| format!("e{k}")).collect::<Vec<_>>();
        let mut two = Standings::new(names(2));
        two.add_result([0, 1], Some(Color::White), Termination::Normal);
        assert!(progress_line(&two, 4, &cfg).starts_with("Games 1/4: e0 vs e1: 1 - 0 - 0 [1.000]"));
        let mut three = Standings::new(names(3));
        three.add_result([0, 1], None, Termination::Normal);
        three.add_result([2, 0], Some(Color::White), Termination::Normal);
        assert!(progress_line(&three, 6, &cfg)
            .starts_with("Games 2/6: e0 vs the field: 0 - 1 - 1 [0.250]"));
    }

    #[test]
    fn each_opening_is_played_with_both_colors_by_every_pair() {
        let cfg = config("--games 4 --rounds 2 --random-plies 6 --seed 9");
        let openings = make_openings(&cfg, 4, &mut Rng::new(9)).unwrap();
        assert_eq!(openings, make_openings(&cfg, 4, &mut Rng::new(9)).unwrap());
        assert!(openings.iter().all(|o| o.moves.len() == 6));
        let jobs = schedule(&cfg, &openings);
        // Three pairs, four games each, two rounds.
        assert_eq!(jobs.len(), 24);
        for pair in jobs.chunks(2) {
            assert_eq!(
                (pair[0].white, pair[0].black),
                (pair[1].black, pair[1].white)
            );
            assert_eq!(pair[0].opening, pair[1].opening);
        }
        assert!(jobs.iter().enumerate().all(|(k, j)| j.number == k + 1));
        // The random openings are legal and leave the game going.
        for o in &openings {
            let game = game::opening_game(cfg.referee.variant, o).unwrap();
            assert!(game.outcome().is_none());
        }
    }
}
