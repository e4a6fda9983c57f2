//! The command line of `baton match`, shaped after cutechess-cli so its users feel at home.
//! Options take one or two dashes (`-engine` or `--engine`); `--engine`, `--each`,
//! `--openings`, `--draw`, `--resign` and `--sprt` take `key=value` words up to the next
//! word that starts with a dash.

use std::time::Duration;

use baton_engine::Variant;

pub const USAGE: &str = "\
usage: baton match --engine cmd=PATH [name=N] [arg=A] [dir=D] [option.NAME=V] [tc=..|depth=..|nodes=..]
                   --engine ... [--engine ...] [--each KEY=VALUE ...]
                   [--variant NAME] (--tc [MOVES/]SECS[+INC] | --depth N | --nodes N)
                   [--games N] [--rounds N] [--concurrency N]
                   [--openings file=F [order=sequential|random] [start=N]] [--random-plies N] [--seed S]
                   [--draw movenumber=N movecount=M score=CP] [--resign movecount=M score=CP [twosided=true]]
                   [--maxmoves N] [--sprt elo0=E0 elo1=E1 [alpha=A] [beta=B] | --sprt E0,E1]
                   [--pgn FILE] [--event NAME] [--timemargin MS] [--hang-timeout SECS]
       baton match --replay FILE.pgn
Every opening is played twice, with the colors swapped. --games counts the games of each
pair of engines per round.
";

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

#[derive(Clone, Debug, Default)]
pub struct OpeningFile {
    pub path: String,
    pub random_order: bool,
    /// 1-based line to start from (sequential order).
    pub start: usize,
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
    /// Adjudicate a draw after this many full moves (0: never).
    pub max_moves: u32,
    pub sprt: Option<SprtParams>,
    pub pgn: Option<String>,
    pub event: String,
    /// Grace on top of the clock before a flag falls.
    pub time_margin_ms: u64,
    /// Overrides the default waits: clock + 5 s for clocked moves, 60 s for fixed
    /// depth or nodes.
    pub hang_timeout: Option<Duration>,
}

pub enum Command {
    Play(Box<Config>),
    Replay(String),
    Help,
}

fn is_option(word: &str) -> bool {
    word.starts_with('-') && !word.contains('=')
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

/// Reads `SECS`, `MIN:SECS`, `MOVES/SECS`, each with an optional `+INC` (seconds).
pub fn parse_tc(text: &str) -> Result<Limit, String> {
    let bad = || format!("bad time control '{text}' (expected e.g. 10+0.1 or 40/60)");
    let (moves, rest) = match text.split_once('/') {
        Some((m, r)) => (Some(m.parse::<u32>().map_err(|_| bad())?), r),
        None => (None, text),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (rest, None),
    };
    let secs = |s: &str| -> Result<f64, String> {
        let v = match s.split_once(':') {
            Some((m, s)) => {
                m.parse::<f64>().map_err(|_| bad())? * 60.0 + s.parse::<f64>().map_err(|_| bad())?
            }
            None => s.parse::<f64>().map_err(|_| bad())?,
        };
        if v.is_finite() && v >= 0.0 {
            Ok(v)
        } else {
            Err(bad())
        }
    };
    let base_ms = (secs(base)? * 1000.0).round() as u64;
    let inc_ms = match inc {
        Some(i) => (secs(i)? * 1000.0).round() as u64,
        None => 0,
    };
    if base_ms == 0 && inc_ms == 0 || moves == Some(0) {
        return Err(bad());
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
        "depth" => spec.limit = Some(Limit::Depth(number("depth", value)?)),
        "nodes" => spec.limit = Some(Limit::Nodes(number("nodes", value)?)),
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

fn parse_openings(words: &[&str]) -> Result<OpeningFile, String> {
    let mut o = OpeningFile {
        start: 1,
        ..Default::default()
    };
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            o.path = w.to_string();
            continue;
        };
        match k {
            "file" => o.path = v.to_string(),
            "order" => o.random_order = v == "random",
            "start" => o.start = number(k, v)?,
            // FEN or EPD lines are all we read; other settings are ignored.
            "format" | "plies" | "policy" => {}
            _ => return Err(format!("unknown --openings setting '{k}'")),
        }
    }
    if o.path.is_empty() {
        return Err("--openings needs file=PATH".into());
    }
    Ok(o)
}

pub fn parse(args: &[String]) -> Result<Command, String> {
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
        max_moves: 0,
        sprt: None,
        pgn: None,
        event: "baton match".into(),
        time_margin_ms: 0,
        hang_timeout: None,
    };
    let mut k = 0;
    while k < args.len() {
        let opt = args[k].trim_start_matches('-').to_string();
        if !args[k].starts_with('-') {
            return Err(format!("unexpected '{}'\n{USAGE}", args[k]));
        }
        k += 1;
        let words = take_words(args, &mut k);
        let one = |what: &str| -> Result<&str, String> {
            match words.as_slice() {
                [w] => Ok(w),
                _ => Err(format!("--{what} takes one value")),
            }
        };
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
                variant =
                    Variant::from_name(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
            }
            "tc" => global_limit = Some(parse_tc(one("tc")?)?),
            "depth" => global_limit = Some(Limit::Depth(number("depth", one("depth")?)?)),
            "nodes" => global_limit = Some(Limit::Nodes(number("nodes", one("nodes")?)?)),
            "games" => cfg.games = number("games", one("games")?)?,
            "rounds" => cfg.rounds = number("rounds", one("rounds")?)?,
            "concurrency" => cfg.concurrency = number("concurrency", one("concurrency")?)?,
            "openings" => cfg.openings = Some(parse_openings(&words)?),
            "random-plies" => cfg.random_plies = number("random-plies", one("random-plies")?)?,
            "seed" | "srand" => cfg.seed = Some(number("seed", one("seed")?)?),
            "draw" => cfg.draw = Some(parse_draw(&words)?),
            "resign" => cfg.resign = Some(parse_resign(&words)?),
            "maxmoves" => cfg.max_moves = number("maxmoves", one("maxmoves")?)?,
            "sprt" => cfg.sprt = Some(parse_sprt(&words)?),
            "pgn" | "pgnout" => cfg.pgn = Some(one("pgn")?.to_string()),
            "event" => cfg.event = one("event")?.to_string(),
            "timemargin" => cfg.time_margin_ms = number("timemargin", one("timemargin")?)?,
            "hang-timeout" => {
                let secs: f64 = number("hang-timeout", one("hang-timeout")?)?;
                if !(secs.is_finite() && secs > 0.0) {
                    return Err("--hang-timeout must be positive".into());
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
    if cfg.sprt.is_some() && engines.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    cfg.engines = engines;
    cfg.variant = variant;
    Ok(Command::Play(Box::new(cfg)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

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
        assert!(parse_tc("abc").is_err());
        assert!(parse_tc("0").is_err());
        assert_eq!(clock(10_000, 100, None).pgn_text(), "10+0.1");
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
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
