//! The command line of `baton match`, shaped after cutechess-cli so its users feel at home.
//! Options take one or two dashes (`-engine` or `--engine`, see `cutechess_dashes`);
//! `--engine`, `--each`, `--openings`, `--draw`, `--resign` and `--sprt` take
//! `key=value` words up to the next option. clap reads the words (`Args`); the checks that
//! join several options make the `Command` (`Args::command`).

use std::ffi::OsString;
use std::time::Duration;

use baton_engine::pgn::Notation;
use baton_engine::Variant;

use crate::engine_setting::{at_least_one, number, split_kv, MAX_CLOCK_SECS};
pub use crate::engine_setting::{parse_tc, Setting};
use crate::referee::{self, DrawRule, ResignRule};
pub use crate::uci_client::{EngineSpec, Limit};

/// What a match is, after the options (`baton match --help`).
const ABOUT: &str = "\
Every opening is played twice, with the colors swapped. Without --openings the games start
from the variant's opening suite (positions judged level by a deeper search, made by
`baton openings`), in order from its first line; with --random-plies alone, from the
start position. --games counts the games of each pair of engines per round. A game that
reaches --maxmoves full moves (default 500) is adjudicated a draw. Each option.NAME=V is
checked against the options the engine lists. --shard I/N plays the I-th of N shares of
the match (every N-th pair of games, the same openings, colors and game numbers as the
whole; random openings need --seed, and the share is written with --pgn); --merge reads
the shards' PGN files and reports the whole match (score, Elo, SPRT). --pgn writes moves
in SAN (docs/san.md), or in Baton's coordinate notation with --notation coordinates;
--replay reads either, and the PGNs of cutechess-cli and lichess. Options may also be
written with one dash, as cutechess-cli writes them (-engine, -each, -tc, ...).

Examples:
  baton match --engine cmd=./baton name=new --engine cmd=./baton-old name=old \\
              --variant knightmate --tc 10+0.1 --games 200 --concurrency 2 --pgn games.pgn
  baton match -engine cmd=baton -engine cmd=/usr/games/fairy-stockfish \\
              -each option.Hash=16 -depth 6 -variant chess -sprt elo0=0 elo1=5
  baton match --replay games.pgn
  baton match --merge shard1.pgn shard2.pgn --sprt 0,5";

/// `baton match`'s words: clap's reading (`Words`), and the settings of each `--engine`
/// apart, which clap's derive cannot keep apart by itself (it reads them all as one list).
#[derive(Debug)]
pub struct Args {
    words: Words,
    engines: Vec<Vec<Setting>>,
}

impl clap::FromArgMatches for Args {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let engines = matches
            .get_occurrences::<Setting>("engine")
            .map(|each| each.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(Args {
            words: Words::from_arg_matches(matches)?,
            engines,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Args::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for Args {
    fn augment_args(command: clap::Command) -> clap::Command {
        Words::augment_args(command)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Words::augment_args_for_update(command)
    }
}

/// `baton match`'s words, as clap reads them.
#[derive(clap::Args, Debug)]
#[command(after_help = ABOUT)]
struct Words {
    /// An engine (two at least): cmd=PATH [name=N] [arg=A] [dir=D] [option.NAME=V]
    /// [tc=..|depth=N|nodes=N] [proto=uci]
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., value_parser = Setting::parse)]
    engine: Vec<Setting>,
    /// Settings for every engine (an engine's own win)
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., value_parser = Setting::parse)]
    each: Vec<Setting>,
    /// The variant played
    #[arg(long, value_name = "NAME", default_value = "chess", value_parser = crate::cli::variant)]
    variant: Variant,
    /// A clock: SECS, MIN:SECS or MOVES/SECS, each with an optional +INC
    #[arg(long, value_name = "TC", group = "limit",
          value_parser = parse_tc)]
    tc: Option<Limit>,
    /// A fixed depth per move
    #[arg(long, value_name = "N", group = "limit",
          value_parser = |t: &str| at_least_one(t, "depth").map(Limit::Depth))]
    depth: Option<Limit>,
    /// A fixed node count per move
    #[arg(long, value_name = "N", group = "limit",
          value_parser = |t: &str| at_least_one(t, "node count").map(Limit::Nodes))]
    nodes: Option<Limit>,
    /// Games of each pair of engines per round
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = crate::cli::in_range(1u32, u32::MAX))]
    games: u32,
    /// Rounds
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = crate::cli::in_range(1u32, u32::MAX))]
    rounds: u32,
    /// Games played at once
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = crate::cli::in_range(1usize, MAX_CONCURRENCY))]
    concurrency: usize,
    /// Where games start: suite|startpos|file=F [order=sequential|random] [start=N]
    #[arg(long, value_name = "SOURCE", num_args = 1..)]
    openings: Option<Vec<String>>,
    /// Random plies from the opening before the game starts
    #[arg(long, value_name = "N", default_value_t = 0)]
    random_plies: u32,
    /// The seed of random openings and orders
    #[arg(long, value_name = "S", alias = "srand")]
    seed: Option<u64>,
    /// Adjudicate a draw: movenumber=N movecount=M score=CP
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    draw: Option<Vec<String>>,
    /// Adjudicate a loss: movecount=M score=CP [twosided=true]
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    resign: Option<Vec<String>>,
    /// A game reaching this many full moves is a draw
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_MOVES,
          value_parser = |t: &str| at_least_one::<u32>(t, "move limit"))]
    maxmoves: u32,
    /// A sequential probability ratio test: elo0=E0 elo1=E1 [alpha=A] [beta=B], or E0,E1
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    sprt: Option<Vec<String>>,
    /// Play the I-th of N shares of the match
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Write the games to FILE
    #[arg(long, value_name = "FILE", alias = "pgnout")]
    pgn: Option<String>,
    /// How --pgn writes moves: san or coordinates
    #[arg(long, value_name = "san|coordinates", default_value = "san",
          value_parser = |t: &str| Notation::parse(t))]
    notation: Notation,
    /// The PGN's Event tag
    #[arg(long, value_name = "NAME", default_value = "baton match")]
    event: String,
    /// Grace on top of the clock before a flag falls, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 0,
          value_parser = crate::cli::in_range(0u64, MAX_CLOCK_SECS as u64 * 1000))]
    timemargin: u64,
    /// How long an engine may stay silent, in seconds (default: the clock + 5 s, or 60 s)
    #[arg(long, value_name = "SECS", value_parser = hang_timeout)]
    hang_timeout: Option<Duration>,
    /// Re-check the games of a PGN file move by move
    #[arg(long, value_name = "FILE.pgn", exclusive = true)]
    replay: Option<String>,
    /// Report the whole match from the shards' PGN files (with --sprt only)
    #[arg(long, value_name = "FILE.pgn", num_args = 1..,
          conflicts_with_all = ["engine", "each", "tc", "depth", "nodes", "games", "rounds",
              "concurrency", "openings", "random_plies", "seed", "draw", "resign", "maxmoves",
              "shard", "pgn", "notation", "event", "timemargin", "hang_timeout", "variant"])]
    merge: Option<Vec<String>>,
    /// Accepted for cutechess-cli's sake: every opening is played with both colors
    #[arg(long, num_args = 0..=1, hide = true)]
    repeat: Option<Option<String>>,
    /// Accepted for cutechess-cli's sake: engines are always restarted after a failure
    #[arg(long, hide = true)]
    recover: bool,
}

/// The words of a command line with cutechess-cli's one-dash options of `baton match`
/// (`-engine`, `-each`, `-tc`) given clap's two dashes; every other word as it was.
pub fn cutechess_dashes(words: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut words: Vec<OsString> = words.into_iter().collect();
    if words.get(1).and_then(|w| w.to_str()) != Some("match") {
        return words;
    }
    let command = <Words as clap::Args>::augment_args(clap::Command::new("match"));
    let longs: Vec<&str> = command
        .get_arguments()
        .flat_map(|a| {
            a.get_long()
                .into_iter()
                .chain(a.get_all_aliases().into_iter().flatten())
        })
        .collect();
    let mut out: Vec<OsString> = words.drain(..2).collect();
    for word in words {
        let text = word.to_str().unwrap_or_default();
        let long = text
            .strip_prefix('-')
            .filter(|name| !name.starts_with('-') && longs.contains(name));
        // A negative number right after an option (`--tc -1`, `--sprt -5,0`) is its
        // value, to be accepted or refused as one, not taken for an option.
        let negative = text
            .strip_prefix('-')
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit() || c == '.'));
        let after_option = out
            .last()
            .and_then(|w| w.to_str())
            .filter(|w| w.starts_with("--") && !w.contains('='))
            .map(str::to_string);
        if let Some(name) = long {
            out.push(format!("--{name}").into());
        } else if let (true, Some(option)) = (negative, after_option) {
            out.pop();
            out.push(format!("{option}={text}").into());
        } else {
            out.push(word);
        }
    }
    out
}

/// The default of `--maxmoves`: no game runs longer than this many full moves.
pub const DEFAULT_MAX_MOVES: u32 = 500;

/// The most games one match may schedule.
pub const MAX_GAMES: u64 = 1_000_000;
/// The most games played at once.
pub const MAX_CONCURRENCY: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where the games' starting positions come from.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum OpeningSource {
    /// The variant's suite inside Baton (`Profile::openings`).
    #[default]
    Suite,
    /// The variant's start position.
    StartPos,
    /// FEN or EPD lines from a file.
    File(String),
}

#[derive(Clone, Debug, Default)]
pub struct OpeningFile {
    pub source: OpeningSource,
    pub random_order: bool,
    /// 1-based line to start from (sequential order).
    pub start: usize,
}

/// `--shard I/N`: this run plays the games whose pair (game number - 1) / 2 is I - 1
/// modulo N. Every shard makes the whole schedule from the same arguments and seed, so
/// the shards' games together are the unsharded match's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shard {
    /// 1-based.
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Whether game `number` (1-based, as in the PGN's Round tag) is this shard's.
    pub fn holds(&self, number: usize) -> bool {
        (number - 1) / 2 % self.count as usize == (self.index - 1) as usize
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    pub engines: Vec<EngineSpec>,
    pub games: u32,
    pub rounds: u32,
    pub concurrency: usize,
    pub openings: Option<OpeningFile>,
    pub random_plies: u32,
    pub seed: Option<u64>,
    /// The variant and the referee's limits and adjudication rules for every game.
    pub referee: referee::Settings,
    pub sprt: Option<SprtParams>,
    pub pgn: Option<String>,
    /// How `--pgn` writes moves (`--notation`; SAN unless told).
    pub notation: Notation,
    pub event: String,
    pub shard: Option<Shard>,
}

pub enum Command {
    Play(Box<Config>),
    Replay(String),
    /// `--merge`: the shards' PGN files, and the SPRT to judge them by.
    Merge {
        files: Vec<String>,
        sprt: Option<SprtParams>,
    },
}

fn hang_timeout(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs <= MAX_CLOCK_SECS => {
            Ok(Duration::from_secs_f64(secs))
        }
        _ => Err(format!(
            "the wait must be more than 0 and at most a week ({MAX_CLOCK_SECS} s)"
        )),
    }
}

/// A record's field that a `key=value` word sets: read from the text as the field's
/// type, the message naming the key when it cannot be.
trait SettingValue {
    fn read(&mut self, key: &str, text: &str) -> Result<(), String>;
}

impl<T: std::str::FromStr<Err: std::fmt::Display>> SettingValue for T {
    fn read(&mut self, key: &str, text: &str) -> Result<(), String> {
        *self = text
            .trim()
            .parse()
            .map_err(|e| format!("bad value '{text}' for {key}: {e}"))?;
        Ok(())
    }
}

/// Reads each `key=value` word of `option` into the field `fields` gives for its key;
/// an unknown key is refused, naming the keys there are.
fn read_settings(
    words: &[String],
    option: &str,
    fields: &mut [(&str, &mut dyn SettingValue)],
) -> Result<(), String> {
    for w in words {
        let (k, v) = split_kv(w)?;
        let Some((_, field)) = fields.iter_mut().find(|(key, _)| *key == k) else {
            let known: Vec<&str> = fields.iter().map(|(key, _)| *key).collect();
            return Err(format!(
                "unknown {option} setting '{k}' (known: {})",
                known.join(", ")
            ));
        };
        field.read(k, v)?;
    }
    Ok(())
}

fn parse_sprt(words: &[String]) -> Result<SprtParams, String> {
    let mut p = SprtParams {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    if let [single] = words {
        if !single.contains('=') {
            // The short form `E0,E1`.
            let (a, b) = single
                .split_once(',')
                .ok_or_else(|| format!("bad --sprt '{single}' (expected elo0,elo1)"))?;
            p.elo0 = number("elo0", a)?;
            p.elo1 = number("elo1", b)?;
            return check_sprt(p);
        }
    }
    read_settings(
        words,
        "--sprt",
        &mut [
            ("elo0", &mut p.elo0),
            ("elo1", &mut p.elo1),
            ("alpha", &mut p.alpha),
            ("beta", &mut p.beta),
        ],
    )?;
    check_sprt(p)
}

fn check_sprt(p: SprtParams) -> Result<SprtParams, String> {
    let unit = |x: f64| x > 0.0 && x < 1.0;
    if p.elo1 <= p.elo0 || !unit(p.alpha) || !unit(p.beta) {
        return Err("--sprt needs elo0 < elo1 and 0 < alpha, beta < 1".into());
    }
    Ok(p)
}

fn parse_draw(words: &[String]) -> Result<DrawRule, String> {
    let mut r = DrawRule {
        move_number: 0,
        move_count: 1,
        score: 0,
    };
    read_settings(
        words,
        "--draw",
        &mut [
            ("movenumber", &mut r.move_number),
            ("movecount", &mut r.move_count),
            ("score", &mut r.score),
        ],
    )?;
    Ok(r)
}

fn parse_resign(words: &[String]) -> Result<ResignRule, String> {
    let mut r = ResignRule {
        move_count: 1,
        score: 1000,
        two_sided: false,
    };
    read_settings(
        words,
        "--resign",
        &mut [
            ("movecount", &mut r.move_count),
            ("score", &mut r.score),
            ("twosided", &mut r.two_sided),
        ],
    )?;
    Ok(r)
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    let bad = || {
        format!(
            "bad --shard '{text}': write I/N, this run's share I of N shares (1 <= I <= N), \
             e.g. --shard 2/4"
        )
    };
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (index, count): (u32, u32) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if index == 0 || index > count {
        return Err(bad());
    }
    Ok(Shard { index, count })
}

fn parse_openings(words: &[String]) -> Result<OpeningFile, String> {
    let mut o = OpeningFile {
        start: 1,
        ..Default::default()
    };
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            o.source = match w.as_str() {
                "suite" => OpeningSource::Suite,
                "startpos" => OpeningSource::StartPos,
                path => OpeningSource::File(path.to_string()),
            };
            continue;
        };
        match k {
            "file" => o.source = OpeningSource::File(v.to_string()),
            "order" => {
                o.random_order = match v {
                    "random" => true,
                    "sequential" => false,
                    _ => return Err(format!("bad --openings order '{v}' (random or sequential)")),
                }
            }
            "start" => o.start = number(k, v)?,
            // FEN or EPD lines are all we read; other settings are ignored.
            "format" | "plies" | "policy" => {}
            _ => {
                return Err(format!(
                    "unknown --openings setting '{k}' (known: file, order, start, and format, \
                     plies and policy, which are ignored)"
                ))
            }
        }
    }
    if o.source == OpeningSource::File(String::new()) {
        return Err("--openings file= needs a path".into());
    }
    Ok(o)
}

impl Args {
    /// The request these words make, after the checks that join several options.
    pub fn command(self) -> Result<Command, String> {
        let Args {
            words: args,
            engines: engine_settings,
        } = self;
        args.command(engine_settings)
    }
}

impl Words {
    fn command(self, engine_settings: Vec<Vec<Setting>>) -> Result<Command, String> {
        if let Some(path) = self.replay {
            return Ok(Command::Replay(path));
        }
        let sprt = self.sprt.as_deref().map(parse_sprt).transpose()?;
        if let Some(files) = self.merge {
            return Ok(Command::Merge { files, sprt });
        }
        if engine_settings.len() < 2 {
            return Err("baton match needs at least two --engine".into());
        }
        let limit = self.tc.or(self.depth).or(self.nodes);
        let mut engines = Vec::new();
        for settings in engine_settings {
            // `--each` first, so an engine's own settings win.
            let mut spec = EngineSpec {
                limit,
                ..Default::default()
            };
            for setting in self.each.iter().cloned().chain(settings) {
                setting.apply(&mut spec);
            }
            if spec.cmd.is_empty() {
                return Err("every --engine needs cmd=PATH".into());
            }
            if spec.limit.is_none() {
                return Err("no time control: give --tc, --depth or --nodes".into());
            }
            engines.push(spec);
        }
        let referee = referee::Settings {
            variant: self.variant,
            max_moves: self.maxmoves,
            draw: self.draw.as_deref().map(parse_draw).transpose()?,
            resign: self.resign.as_deref().map(parse_resign).transpose()?,
            time_margin_ms: self.timemargin,
            hang_timeout: self.hang_timeout,
        };
        let cfg = Config {
            referee,
            games: self.games,
            rounds: self.rounds,
            concurrency: self.concurrency,
            openings: self.openings.as_deref().map(parse_openings).transpose()?,
            random_plies: self.random_plies,
            seed: self.seed,
            sprt,
            pgn: self.pgn,
            notation: self.notation,
            event: self.event,
            shard: self.shard,
            engines,
        };
        // Counted in u64 so that no product wraps; a match of more games than this would
        // outlive whoever started it, and its schedule would not fit in memory.
        let n = cfg.engines.len() as u64;
        let total = u64::from(cfg.games) * u64::from(cfg.rounds) * (n * (n - 1) / 2);
        if total > MAX_GAMES {
            return Err(format!(
                "{total} games (--games x --rounds x engine pairs) is more than {MAX_GAMES}"
            ));
        }
        if cfg.sprt.is_some() && n != 2 {
            return Err("--sprt needs exactly two engines".into());
        }
        if let Some(shard) = cfg.shard {
            check_shard(&cfg, shard, total)?;
        }
        Ok(Command::Play(Box::new(cfg)))
    }
}

/// A shard must be a share of one reproducible match that `--merge` can put together.
fn check_shard(cfg: &Config, shard: Shard, games: u64) -> Result<(), String> {
    let pairs = games.div_ceil(2);
    if u64::from(shard.count) > pairs {
        return Err(format!(
            "--shard {}/{}: the match has {games} games, {pairs} pairs to share out; \
             use at most {pairs} shards",
            shard.index, shard.count
        ));
    }
    if cfg.sprt.is_some() {
        return Err(
            "--shard with --sprt: a shard cannot stop the whole match; play the \
                    shards without --sprt and give it to --merge"
                .into(),
        );
    }
    if cfg.pgn.is_none() {
        return Err("--shard needs --pgn FILE: --merge reads the shards' PGN files".into());
    }
    let random_order = cfg.openings.as_ref().is_some_and(|o| o.random_order);
    if (cfg.random_plies > 0 || random_order) && cfg.seed.is_none() {
        return Err(
            "--shard with random openings (--random-plies, order=random) needs \
                    --seed S, the same on every shard, so that all make the same openings"
                .into(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words after `baton match`, read as `baton` reads them.
    fn parse(line: &str) -> Result<Command, String> {
        match crate::cli::parse_line(&format!("match {line}"))? {
            crate::cli::Command::Match(args) => args.command(),
            other => panic!("{other:?}"),
        }
    }

    fn config(s: &str) -> Config {
        match parse(s) {
            Ok(Command::Play(c)) => *c,
            Ok(_) => panic!("not a match"),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn adjudication_settings_are_read_into_their_fields_and_bad_ones_refused() {
        let c = config(
            "--engine cmd=a --engine cmd=b --depth 1 --draw movenumber=40 movecount=8 \
             score=10 --resign movecount=3 score=600 twosided=true",
        );
        let (draw, resign) = (c.referee.draw.unwrap(), c.referee.resign.unwrap());
        assert_eq!((draw.move_number, draw.move_count, draw.score), (40, 8, 10));
        assert_eq!(
            (resign.move_count, resign.score, resign.two_sided),
            (3, 600, true)
        );
        let base = "--engine cmd=a --engine cmd=b --depth 1";
        for (words, why) in [
            (
                "--draw moves=4",
                "unknown --draw setting 'moves' (known: movenumber, movecount, score)",
            ),
            (
                "--resign twosided=yes",
                "bad value 'yes' for twosided: provided string was not `true` or `false`",
            ),
            (
                "--openings file=a.epd order=shuffled",
                "bad --openings order 'shuffled' (random or sequential)",
            ),
            (
                "--sprt elo0=x elo1=5",
                "bad value 'x' for elo0: invalid float literal",
            ),
        ] {
            assert_eq!(
                parse(&format!("{base} {words}")).err().as_deref(),
                Some(why)
            );
        }
    }

    #[test]
    fn time_controls_read_like_cutechess() {
        let clock = |b, i, m| Limit::Clock {
            base_ms: b,
            inc_ms: i,
            moves: m,
        };
        assert_eq!(parse_tc("10+0.1"), Ok(clock(10_000, 100, None)));
        assert_eq!(parse_tc("40/60"), Ok(clock(60_000, 0, Some(40))));
        assert_eq!(parse_tc("1:30+1"), Ok(clock(90_000, 1000, None)));
        assert_eq!(parse_tc("604800"), Ok(clock(604_800_000, 0, None)));
        assert_eq!(parse_tc("0.5+0"), Ok(clock(500, 0, None)));
        assert_eq!(clock(10_000, 100, None).pgn_text(), "10+0.1");
    }

    #[test]
    fn absurd_time_controls_are_refused_with_the_reason() {
        for (tc, why) in [
            ("abc", "is not a number of seconds"),
            ("0", "must be more than 0"),
            ("0+1", "must be more than 0"),
            ("-1", "is negative"),
            ("-0", "is negative"),
            ("5+-1", "the increment '-1' is negative"),
            ("1e16", "more than a week"),
            ("604801", "more than a week"),
            ("10081:0", "more than a week"),
            ("5+1e9", "the increment '1e9' is more than a week"),
            ("inf", "not a finite number"),
            ("NaN", "not a finite number"),
            ("5+", "the increment '' is not a number"),
            ("0/60", "moves per period '0'"),
            ("x/60", "moves per period 'x'"),
        ] {
            let e = parse_tc(tc).expect_err(tc);
            assert!(e.contains(why), "{tc}: {e}");
            assert!(
                e.contains("time control is SECS, MIN:SECS or MOVES/SECS"),
                "{e}"
            );
        }
    }

    #[test]
    fn a_negative_number_is_a_value_not_an_option() {
        let e = parse("--engine cmd=a --engine cmd=b --tc -1")
            .err()
            .unwrap();
        assert!(e.contains("'-1': the base time '-1' is negative"), "{e}");
        let e = parse("--engine cmd=a --engine cmd=b --depth -3")
            .err()
            .unwrap();
        assert!(
            e.contains("invalid value '-3' for '--depth <N>': the depth must be"),
            "{e}"
        );
        let c = config("--engine cmd=a --engine cmd=b --depth 1 --sprt -5,0");
        assert_eq!(c.sprt.map(|s| (s.elo0, s.elo1)), Some((-5.0, 0.0)));
    }

    #[test]
    fn depths_node_counts_and_move_limits_start_at_one() {
        for (bad, why) in [
            (
                "--depth 0",
                "'0' for '--depth <N>': the depth must be a whole number of at least 1",
            ),
            ("--nodes 0", "'0' for '--nodes <N>': the node count must be"),
            (
                "--depth 1 --each depth=0",
                "'depth=0' for '--each <KEY=VALUE>...': the depth must be",
            ),
            (
                "--depth 1 --each nodes=0",
                "'nodes=0' for '--each <KEY=VALUE>...': the node count must be",
            ),
            (
                "--depth 1 --maxmoves 0",
                "'0' for '--maxmoves <N>': the move limit must be",
            ),
            ("--depth", "a value is required for '--depth <N>'"),
            ("--depth 1 2", "unexpected argument '2'"),
            (
                "--depth 1 --nodes 2",
                "'--depth <N>' cannot be used with '--nodes <N>'",
            ),
        ] {
            let e = parse(&format!("--engine cmd=a --engine cmd=b {bad}"))
                .err()
                .unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn the_move_limit_is_on_by_default() {
        let c = config("--engine cmd=a --engine cmd=b --depth 1");
        assert_eq!(c.referee.max_moves, DEFAULT_MAX_MOVES);
        assert_eq!(DEFAULT_MAX_MOVES, 500);
        let c = config("--engine cmd=a --engine cmd=b --depth 1 --maxmoves 40");
        assert_eq!(c.referee.max_moves, 40);
    }

    #[test]
    fn each_applies_to_every_engine_and_engine_settings_win() {
        let c = config(
            "-engine cmd=a option.Hash=8 depth=3 -engine cmd=b name=B \
             -each option.Hash=16 option.Threads=2 tc=5+0.05 -variant knightmate -games 4",
        );
        assert_eq!(c.referee.variant, Variant::Knightmate);
        assert_eq!(c.games, 4);
        assert_eq!(c.engines[0].limit, Some(Limit::Depth(3)));
        assert!(matches!(c.engines[1].limit, Some(Limit::Clock { .. })));
        assert!(c.engines[0]
            .options
            .contains(&("Hash".to_string(), "8".to_string())));
        assert!(c.engines[1]
            .options
            .contains(&("Hash".to_string(), "16".to_string())));
        assert_eq!(c.engines[1].name.as_deref(), Some("B"));
    }

    #[test]
    fn sprt_takes_both_forms() {
        let c = config("--engine cmd=a --engine cmd=b --depth 1 --sprt 0,5");
        assert_eq!(c.sprt.map(|s| (s.elo0, s.elo1)), Some((0.0, 5.0)));
        let c = config(
            "--engine cmd=a --engine cmd=b --depth 1 --sprt elo0=-2 elo1=3 alpha=0.1 beta=0.2",
        );
        assert_eq!(
            c.sprt,
            Some(SprtParams {
                elo0: -2.0,
                elo1: 3.0,
                alpha: 0.1,
                beta: 0.2
            })
        );
    }

    #[test]
    fn mistakes_are_refused() {
        for bad in [
            "--engine cmd=a --depth 1",
            "--engine cmd=a --engine cmd=b",
            "--engine cmd=a --engine cmd=b --depth 1 --variant nosuch",
            "--engine cmd=a --engine cmd=b --depth 1 --frobnicate",
            "--engine cmd=a colour=red --engine cmd=b --depth 1",
            "--engine cmd=a option.=3 --engine cmd=b --depth 1",
            "--engine cmd=a --engine cmd=b --depth 1 --hang-timeout 1e300",
            "--engine cmd=a --engine cmd=b --depth 1 --timemargin 18446744073709551615",
            // 4294967295 x 4294967295 games wrapped to a small count in u32.
            "--engine cmd=a --engine cmd=b --depth 1 --games 4294967295 --rounds 4294967295",
            "--engine cmd=a --engine cmd=b --engine cmd=c --depth 1 --games 600000",
            "--engine cmd=a --engine cmd=b --depth 1 --concurrency 100000",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let ok = "--engine cmd=a --engine cmd=b --depth 1 --games 1000 --rounds 1000";
        assert!(parse(ok).is_ok());
    }
}
