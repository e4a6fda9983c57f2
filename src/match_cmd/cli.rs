//! The command line of `baton match`, shaped after cutechess-cli so its users feel at home.
//! Options take one or two dashes (`-engine` or `--engine`); `--engine`, `--each`,
//! `--openings`, `--draw`, `--resign` and `--sprt` take `key=value` words up to the next
//! word that starts with a dash.

use std::time::Duration;

use baton_engine::pgn::Notation;
use baton_engine::Variant;

pub const USAGE: &str = "\
usage: baton match --engine cmd=PATH [name=N] [arg=A] [dir=D] [option.NAME=V] [tc=..|depth=..|nodes=..]
                   --engine ... [--engine ...] [--each KEY=VALUE ...]
                   [--variant NAME] (--tc [MOVES/]SECS[+INC] | --depth N | --nodes N)
                   [--games N] [--rounds N] [--concurrency N]
                   [--openings suite|startpos|file=F [order=sequential|random] [start=N]]
                   [--random-plies N] [--seed S]
                   [--draw movenumber=N movecount=M score=CP] [--resign movecount=M score=CP [twosided=true]]
                   [--maxmoves N] [--sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] | --sprt E0,E1]
                   [--pgn FILE] [--notation san|coordinates] [--event NAME]
                   [--timemargin MS] [--hang-timeout SECS] [--shard I/N]
       baton match --replay FILE.pgn
       baton match --merge FILE.pgn... [--sprt ...]
Every opening is played twice, with the colors swapped. Without --openings the games start
from the variant's opening suite (positions judged level by a deeper search, made by
`baton openings`), in order from its first line; with --random-plies alone, from the
start position. --games counts the games of each
pair of engines per round. A game that reaches --maxmoves full moves (default 500) is
adjudicated a draw. Each option.NAME=V is checked against the options the engine lists.
--shard I/N plays the I-th of N shares of the match (every N-th pair of games, the same
openings, colors and game numbers as the whole; random openings need --seed, and the
share is written with --pgn); --merge reads the shards' PGN files and reports the whole
match (score, Elo, SPRT). --pgn writes moves in SAN (docs/san.md), or in Baton's
coordinate notation with --notation coordinates; --replay reads either, and the PGNs of
cutechess-cli and lichess.
";

/// The default of `--maxmoves`: no game runs longer than this many full moves.
pub const DEFAULT_MAX_MOVES: u32 = 500;

/// The most games one match may schedule.
pub const MAX_GAMES: u64 = 1_000_000;
/// The most games played at once.
pub const MAX_CONCURRENCY: usize = 256;

/// The longest base time or increment of a time control: a week, in seconds.
pub const MAX_CLOCK_SECS: f64 = 604_800.0;

/// What `--tc` and `tc=` accept, for the error messages.
const TC_FORMS: &str = "a time control is SECS, MIN:SECS or MOVES/SECS, each with an \
optional +INC in seconds (e.g. 60, 5+0.05, 1:30+1, 40/60+1); the base time must be more \
than 0, and neither it nor the increment more than 604800 s (a week)";

/// How long an engine may think about one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A clock: `base_ms` for every `moves` moves (or the whole game), plus `inc_ms` a move.
    Clock {
        base_ms: u64,
        inc_ms: u64,
        moves: Option<u32>,
    },
    Depth(u32),
    Nodes(u64),
}

impl Limit {
    /// The PGN `TimeControl` text.
    pub fn pgn_text(&self) -> String {
        match *self {
            Limit::Clock {
                base_ms,
                inc_ms,
                moves,
            } => {
                let secs = |ms: u64| format!("{}", ms as f64 / 1000.0);
                let mut s = match moves {
                    Some(m) => format!("{m}/{}", secs(base_ms)),
                    None => secs(base_ms),
                };
                if inc_ms > 0 {
                    s += &format!("+{}", secs(inc_ms));
                }
                s
            }
            Limit::Depth(d) => format!("depth {d}"),
            Limit::Nodes(n) => format!("nodes {n}"),
        }
    }

    /// The `go` command of a fixed depth or node count; `None` for a clock (whose
    /// command needs both clocks' state).
    pub fn fixed_go(&self) -> Option<String> {
        match *self {
            Limit::Depth(d) => Some(format!("go depth {d}")),
            Limit::Nodes(n) => Some(format!("go nodes {n}")),
            Limit::Clock { .. } => None,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct EngineSpec {
    pub name: Option<String>,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    /// UCI options to set, in order (`UCI_Variant` is handled separately).
    pub options: Vec<(String, String)>,
    pub limit: Option<Limit>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawRule {
    /// Adjudicate only after this many full moves of the game.
    pub move_number: u32,
    /// For this many consecutive moves of each side ...
    pub move_count: u32,
    /// ... both engines' scores stay within this many centipawns of zero.
    pub score: i32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResignRule {
    /// An engine whose own score is at most `-score` for this many of its consecutive
    /// moves loses.
    pub move_count: u32,
    pub score: i32,
    /// Also require the opponent to agree (its score at least `score`).
    pub two_sided: bool,
}

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
    /// The variant's suite inside Baton (`VariantFacts::openings`).
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
    pub variant: Variant,
    pub games: u32,
    pub rounds: u32,
    pub concurrency: usize,
    pub openings: Option<OpeningFile>,
    pub random_plies: u32,
    pub seed: Option<u64>,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    /// Adjudicate a draw after this many full moves (at least 1; `DEFAULT_MAX_MOVES`).
    pub max_moves: u32,
    pub sprt: Option<SprtParams>,
    pub pgn: Option<String>,
    /// How `--pgn` writes moves (`--notation`; SAN unless told).
    pub notation: Notation,
    pub event: String,
    /// Grace on top of the clock before a flag falls.
    pub time_margin_ms: u64,
    /// Overrides the default waits: clock + 5 s for clocked moves, 60 s for fixed
    /// depth or nodes.
    pub hang_timeout: Option<Duration>,
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
    Help,
}

/// Whether `word` names an option. A negative number (`--tc -1`, `--sprt -5,0`) is a
/// value, to be refused or accepted as one, not taken for an option.
fn is_option(word: &str) -> bool {
    let number = word
        .strip_prefix('-')
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit() || c == '.'));
    word.starts_with('-') && !word.contains('=') && !number
}

/// The command line as options, each with the words after it up to the next option
/// (`--games 10 --engine cmd=a` is `games: [10]`, `engine: [cmd=a]`); a word before
/// the first option is refused.
fn options(args: &[String]) -> Result<Vec<(String, Vec<&str>)>, String> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < args.len() {
        if !args[k].starts_with('-') {
            return Err(format!("unexpected '{}'\n{USAGE}", args[k]));
        }
        let opt = args[k].trim_start_matches('-').to_string();
        k += 1;
        out.push((opt, take_words(args, &mut k)));
    }
    Ok(out)
}

/// The `key=value` words after an option, up to the next option.
fn take_words<'a>(args: &'a [String], k: &mut usize) -> Vec<&'a str> {
    let mut words = Vec::new();
    while *k < args.len() && !is_option(&args[*k]) {
        words.push(args[*k].as_str());
        *k += 1;
    }
    words
}

fn split_kv(word: &str) -> Result<(&str, &str), String> {
    word.split_once('=')
        .ok_or_else(|| format!("expected key=value, got '{word}'"))
}

fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("bad number '{text}' for {what}"))
}

/// A whole number of at least 1. `given` shows the words as typed (`--depth 0`,
/// `depth=0`), `what` names the quantity ("depth").
fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(
    given: &str,
    what: &str,
    text: &str,
) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err(format!(
            "{given}: the {what} must be a whole number of at least 1"
        )),
    }
}

fn depth_limit(given: &str, text: &str) -> Result<Limit, String> {
    at_least_one(given, "depth", text).map(Limit::Depth)
}

fn nodes_limit(given: &str, text: &str) -> Result<Limit, String> {
    at_least_one(given, "node count", text).map(Limit::Nodes)
}

/// Reads `SECS`, `MIN:SECS`, `MOVES/SECS`, each with an optional `+INC` (seconds). Every
/// number must be finite and not negative, the base time more than 0, and the base time
/// and the increment at most `MAX_CLOCK_SECS`; an error says which rule `text` broke and
/// shows the accepted forms.
pub fn parse_tc(text: &str) -> Result<Limit, String> {
    let bad = |why: String| format!("bad time control '{text}': {why}\n{TC_FORMS}");
    let (moves, rest) = match text.split_once('/') {
        Some((m, r)) => match m.trim().parse::<u32>() {
            Ok(n) if n >= 1 => (Some(n), r),
            _ => {
                return Err(bad(format!(
                    "the moves per period '{m}' must be a whole number of at least 1"
                )))
            }
        },
        None => (None, text),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (rest, None),
    };
    // Seconds, or minutes and seconds.
    let secs = |what: &str, s: &str| -> Result<f64, String> {
        let parts = match s.split_once(':') {
            Some((m, sec)) => vec![(m, 60.0), (sec, 1.0)],
            None => vec![(s, 1.0)],
        };
        let mut total = 0.0;
        for (part, scale) in parts {
            let part = part.trim();
            let v: f64 = part
                .parse()
                .map_err(|_| bad(format!("the {what} '{s}' is not a number of seconds")))?;
            if !v.is_finite() {
                return Err(bad(format!("the {what} '{s}' is not a finite number")));
            }
            if v < 0.0 || part.starts_with('-') {
                return Err(bad(format!("the {what} '{s}' is negative")));
            }
            total += v * scale;
        }
        if total > MAX_CLOCK_SECS {
            return Err(bad(format!(
                "the {what} '{s}' is more than a week ({MAX_CLOCK_SECS} s)"
            )));
        }
        Ok(total)
    };
    let base_ms = (secs("base time", base)? * 1000.0).round() as u64;
    let inc_ms = match inc {
        Some(i) => (secs("increment", i)? * 1000.0).round() as u64,
        None => 0,
    };
    if base_ms == 0 {
        return Err(bad(format!(
            "the base time '{base}' must be more than 0 (at least 0.001 s)"
        )));
    }
    Ok(Limit::Clock {
        base_ms,
        inc_ms,
        moves,
    })
}

/// Applies one `key=value` word of `--engine` or `--each` to an engine.
pub(crate) fn engine_word(spec: &mut EngineSpec, word: &str) -> Result<(), String> {
    let (key, value) = split_kv(word)?;
    if let Some(option) = key.strip_prefix("option.") {
        if option.trim().is_empty() {
            return Err(format!(
                "'{word}': the option name is missing (write option.NAME=VALUE)"
            ));
        }
        spec.options.retain(|(k, _)| k != option);
        spec.options.push((option.to_string(), value.to_string()));
        return Ok(());
    }
    match key {
        "cmd" => spec.cmd = value.to_string(),
        "name" => spec.name = Some(value.to_string()),
        "arg" => spec.args.push(value.to_string()),
        "dir" => spec.dir = Some(value.to_string()),
        "tc" => spec.limit = Some(parse_tc(value)?),
        "depth" => spec.limit = Some(depth_limit(word, value)?),
        "nodes" => spec.limit = Some(nodes_limit(word, value)?),
        "proto" if value == "uci" => {}
        "proto" => return Err(format!("only proto=uci is supported, not '{value}'")),
        _ => return Err(format!("unknown engine setting '{key}'")),
    }
    Ok(())
}

fn parse_sprt(words: &[&str]) -> Result<SprtParams, String> {
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
    for w in words {
        let (k, v) = split_kv(w)?;
        match k {
            "elo0" => p.elo0 = number(k, v)?,
            "elo1" => p.elo1 = number(k, v)?,
            "alpha" => p.alpha = number(k, v)?,
            "beta" => p.beta = number(k, v)?,
            _ => return Err(format!("unknown --sprt setting '{k}'")),
        }
    }
    check_sprt(p)
}

fn check_sprt(p: SprtParams) -> Result<SprtParams, String> {
    let unit = |x: f64| x > 0.0 && x < 1.0;
    if p.elo1 <= p.elo0 || !unit(p.alpha) || !unit(p.beta) {
        return Err("--sprt needs elo0 < elo1 and 0 < alpha, beta < 1".into());
    }
    Ok(p)
}

fn parse_draw(words: &[&str]) -> Result<DrawRule, String> {
    let mut r = DrawRule {
        move_number: 0,
        move_count: 1,
        score: 0,
    };
    for w in words {
        let (k, v) = split_kv(w)?;
        match k {
            "movenumber" => r.move_number = number(k, v)?,
            "movecount" => r.move_count = number(k, v)?,
            "score" => r.score = number(k, v)?,
            _ => return Err(format!("unknown --draw setting '{k}'")),
        }
    }
    Ok(r)
}

fn parse_resign(words: &[&str]) -> Result<ResignRule, String> {
    let mut r = ResignRule {
        move_count: 1,
        score: 1000,
        two_sided: false,
    };
    for w in words {
        let (k, v) = split_kv(w)?;
        match k {
            "movecount" => r.move_count = number(k, v)?,
            "score" => r.score = number(k, v)?,
            "twosided" => r.two_sided = v == "true",
            _ => return Err(format!("unknown --resign setting '{k}'")),
        }
    }
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

/// `--merge FILE... [--sprt ...]`: nothing else belongs with it.
fn parse_merge(args: &[String]) -> Result<Command, String> {
    let (mut files, mut sprt) = (Vec::new(), None);
    for (opt, words) in options(args)? {
        match opt.as_str() {
            "merge" => files.extend(words.iter().map(|w| w.to_string())),
            "sprt" => sprt = Some(parse_sprt(&words)?),
            _ => {
                return Err(format!(
                    "--merge takes PGN files and --sprt only, not '--{opt}': the games were \
                     played by the shards"
                ))
            }
        }
    }
    if files.is_empty() {
        return Err("--merge needs the shards' PGN files (--merge a.pgn b.pgn ...)".into());
    }
    Ok(Command::Merge { files, sprt })
}

fn parse_openings(words: &[&str]) -> Result<OpeningFile, String> {
    let mut o = OpeningFile {
        start: 1,
        ..Default::default()
    };
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            o.source = match *w {
                "suite" => OpeningSource::Suite,
                "startpos" => OpeningSource::StartPos,
                path => OpeningSource::File(path.to_string()),
            };
            continue;
        };
        match k {
            "file" => o.source = OpeningSource::File(v.to_string()),
            "order" => o.random_order = v == "random",
            "start" => o.start = number(k, v)?,
            // FEN or EPD lines are all we read; other settings are ignored.
            "format" | "plies" | "policy" => {}
            _ => return Err(format!("unknown --openings setting '{k}'")),
        }
    }
    if o.source == OpeningSource::File(String::new()) {
        return Err("--openings file= needs a path".into());
    }
    Ok(o)
}

pub fn parse(args: &[String]) -> Result<Command, String> {
    if args
        .iter()
        .any(|a| a.starts_with('-') && a.trim_start_matches('-') == "merge")
    {
        return parse_merge(args);
    }
    let mut engines: Vec<EngineSpec> = Vec::new();
    let mut each: Vec<String> = Vec::new();
    let mut global_limit: Option<Limit> = None;
    let mut variant = Variant::Chess;
    let mut cfg = Config {
        engines: Vec::new(),
        variant,
        games: 2,
        rounds: 1,
        concurrency: 1,
        openings: None,
        random_plies: 0,
        seed: None,
        draw: None,
        resign: None,
        max_moves: DEFAULT_MAX_MOVES,
        sprt: None,
        pgn: None,
        notation: Notation::San,
        event: "baton match".into(),
        time_margin_ms: 0,
        hang_timeout: None,
        shard: None,
    };
    for (opt, words) in options(args)? {
        let one = |what: &str| -> Result<&str, String> {
            match words.as_slice() {
                [w] => Ok(w),
                [] => Err(format!("--{what} needs a value")),
                more => Err(format!(
                    "--{what} takes one value, not {} ('{}')",
                    more.len(),
                    more.join("' '")
                )),
            }
        };
        // The option and its value as typed, for messages.
        let given = |what: &str| format!("--{what} {}", words.join(" "));
        match opt.as_str() {
            "help" | "h" => return Ok(Command::Help),
            "replay" => return Ok(Command::Replay(one("replay")?.to_string())),
            "engine" => {
                let mut spec = EngineSpec::default();
                for w in &words {
                    engine_word(&mut spec, w)?;
                }
                engines.push(spec);
            }
            "each" => each.extend(words.iter().map(|w| w.to_string())),
            "variant" => {
                let name = one("variant")?;
                variant = Variant::parse(name)?;
            }
            "tc" => global_limit = Some(parse_tc(one("tc")?)?),
            "depth" => global_limit = Some(depth_limit(&given("depth"), one("depth")?)?),
            "nodes" => global_limit = Some(nodes_limit(&given("nodes"), one("nodes")?)?),
            "games" => cfg.games = number("games", one("games")?)?,
            "rounds" => cfg.rounds = number("rounds", one("rounds")?)?,
            "concurrency" => cfg.concurrency = number("concurrency", one("concurrency")?)?,
            "openings" => cfg.openings = Some(parse_openings(&words)?),
            "random-plies" => cfg.random_plies = number("random-plies", one("random-plies")?)?,
            "seed" | "srand" => cfg.seed = Some(number("seed", one("seed")?)?),
            "draw" => cfg.draw = Some(parse_draw(&words)?),
            "resign" => cfg.resign = Some(parse_resign(&words)?),
            "maxmoves" => {
                let what = format!("move limit (default {DEFAULT_MAX_MOVES})");
                cfg.max_moves = at_least_one(&given("maxmoves"), &what, one("maxmoves")?)?;
            }
            "sprt" => cfg.sprt = Some(parse_sprt(&words)?),
            "shard" => cfg.shard = Some(parse_shard(one("shard")?)?),
            "pgn" | "pgnout" => cfg.pgn = Some(one("pgn")?.to_string()),
            "notation" => {
                cfg.notation =
                    Notation::parse(one("notation")?).map_err(|e| format!("--notation: {e}"))?
            }
            "event" => cfg.event = one("event")?.to_string(),
            "timemargin" => {
                cfg.time_margin_ms = number("timemargin", one("timemargin")?)?;
                if cfg.time_margin_ms as f64 > MAX_CLOCK_SECS * 1000.0 {
                    return Err(format!(
                        "{}: the margin (ms) must be at most a week ({} ms)",
                        given("timemargin"),
                        MAX_CLOCK_SECS * 1000.0
                    ));
                }
            }
            "hang-timeout" => {
                let secs: f64 = number("hang-timeout", one("hang-timeout")?)?;
                if !(secs.is_finite() && secs > 0.0 && secs <= MAX_CLOCK_SECS) {
                    return Err(format!(
                        "{}: the wait must be more than 0 and at most a week \
                         ({MAX_CLOCK_SECS} s)",
                        given("hang-timeout")
                    ));
                }
                cfg.hang_timeout = Some(Duration::from_secs_f64(secs));
            }
            // Every opening is played with both colors and engines are always restarted
            // after a failure, so these cutechess switches change nothing here.
            "repeat" | "recover" => {}
            _ => return Err(format!("unknown option '--{opt}'\n{USAGE}")),
        }
    }
    if engines.len() < 2 {
        return Err(format!("baton match needs at least two --engine\n{USAGE}"));
    }
    for spec in &mut engines {
        // `--each` first, so an engine's own settings win.
        let mut merged = EngineSpec {
            limit: global_limit,
            ..Default::default()
        };
        for w in &each {
            engine_word(&mut merged, w)?;
        }
        if !spec.cmd.is_empty() {
            merged.cmd = spec.cmd.clone();
        }
        if spec.name.is_some() {
            merged.name = spec.name.clone();
        }
        if spec.dir.is_some() {
            merged.dir = spec.dir.clone();
        }
        merged.args.extend(spec.args.iter().cloned());
        for (o, v) in &spec.options {
            merged.options.retain(|(k, _)| k != o);
            merged.options.push((o.clone(), v.clone()));
        }
        if spec.limit.is_some() {
            merged.limit = spec.limit;
        }
        if merged.cmd.is_empty() {
            return Err("every --engine needs cmd=PATH".into());
        }
        if merged.limit.is_none() {
            return Err("no time control: give --tc, --depth or --nodes".into());
        }
        *spec = merged;
    }
    if cfg.games == 0 || cfg.rounds == 0 || cfg.concurrency == 0 {
        return Err("--games, --rounds and --concurrency must be at least 1".into());
    }
    // Counted in u64 so that no product wraps; a match of more games than this would
    // outlive whoever started it, and its schedule would not fit in memory.
    let pairs = (engines.len() * (engines.len() - 1) / 2) as u64;
    let total = u64::from(cfg.games) * u64::from(cfg.rounds) * pairs;
    if total > MAX_GAMES {
        return Err(format!(
            "{total} games (--games x --rounds x engine pairs) is more than {MAX_GAMES}"
        ));
    }
    if cfg.concurrency > MAX_CONCURRENCY {
        return Err(format!(
            "--concurrency {} is more than {MAX_CONCURRENCY}",
            cfg.concurrency
        ));
    }
    if cfg.sprt.is_some() && engines.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    if let Some(shard) = cfg.shard {
        check_shard(&cfg, shard, total)?;
    }
    cfg.engines = engines;
    cfg.variant = variant;
    Ok(Command::Play(Box::new(cfg)))
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

    use crate::words as args;

    fn config(s: &str) -> Config {
        match parse(&args(s)) {
            Ok(Command::Play(c)) => *c,
            Ok(_) => panic!("not a match"),
            Err(e) => panic!("{e}"),
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
        let e = parse(&args("--engine cmd=a --engine cmd=b --tc -1"))
            .err()
            .unwrap();
        assert!(e.contains("'-1': the base time '-1' is negative"), "{e}");
        let e = parse(&args("--engine cmd=a --engine cmd=b --depth -3"))
            .err()
            .unwrap();
        assert!(e.contains("--depth -3: the depth must be"), "{e}");
        let c = config("--engine cmd=a --engine cmd=b --depth 1 --sprt -5,0");
        assert_eq!(c.sprt.map(|s| (s.elo0, s.elo1)), Some((-5.0, 0.0)));
    }

    #[test]
    fn depths_node_counts_and_move_limits_start_at_one() {
        for (bad, why) in [
            (
                "--depth 0",
                "--depth 0: the depth must be a whole number of at least 1",
            ),
            ("--nodes 0", "--nodes 0: the node count must be"),
            ("--depth 1 --each depth=0", "depth=0: the depth must be"),
            (
                "--depth 1 --each nodes=0",
                "nodes=0: the node count must be",
            ),
            (
                "--depth 1 --maxmoves 0",
                "--maxmoves 0: the move limit (default 500)",
            ),
            ("--depth", "--depth needs a value"),
            ("--depth 1 2", "--depth takes one value, not 2 ('1' '2')"),
        ] {
            let e = parse(&args(&format!("--engine cmd=a --engine cmd=b {bad}")))
                .err()
                .unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn the_move_limit_is_on_by_default() {
        let c = config("--engine cmd=a --engine cmd=b --depth 1");
        assert_eq!(c.max_moves, DEFAULT_MAX_MOVES);
        assert_eq!(DEFAULT_MAX_MOVES, 500);
        let c = config("--engine cmd=a --engine cmd=b --depth 1 --maxmoves 40");
        assert_eq!(c.max_moves, 40);
    }

    #[test]
    fn each_applies_to_every_engine_and_engine_settings_win() {
        let c = config(
            "-engine cmd=a option.Hash=8 depth=3 -engine cmd=b name=B \
             -each option.Hash=16 option.Threads=2 tc=5+0.05 -variant knightmate -games 4",
        );
        assert_eq!(c.variant, Variant::Knightmate);
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
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
        let ok = "--engine cmd=a --engine cmd=b --depth 1 --games 1000 --rounds 1000";
        assert!(parse(&args(ok)).is_ok());
    }
}
