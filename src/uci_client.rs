//! One UCI engine process: commands go to its stdin; a reader thread per output stream
//! turns lines into channel events, so every wait has a deadline (`recv_timeout`) and
//! a crash shows up as the stream closing. The last lines exchanged are kept for the
//! log when the engine misbehaves. `baton match` plays with it, `baton tune`'s
//! teacher labels positions with it and `baton openings --judge` judges openings with
//! it; all three ask `UciClient::plays` whether it plays the variant.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use baton_engine::Variant;

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

/// How many lines of the conversation a failure report shows.
const TAIL_LINES: usize = 10;
/// The wait for `uciok` and `readyok`.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(15);

enum Event {
    Line(String, Instant),
    Closed,
}

/// Why an engine could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The process could not be started, exited or closed its output.
    #[error("{0}")]
    Crashed(String),
    /// No answer before the deadline.
    #[error("no answer within {:.1} s", .0.as_secs_f64())]
    Stalled(Duration),
}

/// The answer to `go`.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The move text after `bestmove` (may be empty if the engine sent none).
    pub bestmove: String,
    /// From sending `go` to reading `bestmove`.
    pub elapsed: Duration,
    /// The last `info ... score` of the search, in centipawns from the engine's side
    /// (mates as +-(30000 - plies)).
    pub score: Option<i32>,
    /// The depth of that line.
    pub depth: Option<u32>,
}

/// One option of the engine, as its `option name ... type ...` line lists it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineOption {
    pub name: String,
    /// `spin`, `check`, `combo`, `string` or `button` (anything else is let through).
    pub kind: String,
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// The values of a `combo`.
    pub vars: Vec<String>,
}

impl EngineOption {
    /// Reads an `option` line: the name runs up to ` type `; `default`, `min`, `max`
    /// and `var` each take the words up to the next of these keywords.
    pub fn parse(line: &str) -> Option<EngineOption> {
        let rest = line.trim().strip_prefix("option name ")?;
        let (name, rest) = rest.split_once(" type ")?;
        let mut words = rest.split_whitespace();
        let mut option = EngineOption {
            name: name.trim().to_string(),
            kind: words.next()?.to_string(),
            ..Default::default()
        };
        let mut key: Option<&str> = None;
        let mut value: Vec<&str> = Vec::new();
        let keep = |option: &mut EngineOption, key: Option<&str>, value: &[&str]| {
            let value = value.join(" ");
            match key {
                Some("min") => option.min = value.parse().ok(),
                Some("max") => option.max = value.parse().ok(),
                Some("var") => option.vars.push(value),
                _ => {}
            }
        };
        for w in words {
            if matches!(w, "default" | "min" | "max" | "var") {
                keep(&mut option, key, &value);
                key = Some(w);
                value.clear();
            } else {
                value.push(w);
            }
        }
        keep(&mut option, key, &value);
        Some(option)
    }

    /// `Err` says what the option accepts if `value` is not among it (values, like
    /// names, are compared without regard to case, as UCI asks).
    pub fn check(&self, value: &str) -> Result<(), String> {
        let v = value.trim();
        match self.kind.as_str() {
            "spin" => {
                let inside = v.parse::<i64>().is_ok_and(|n| {
                    self.min.is_none_or(|lo| n >= lo) && self.max.is_none_or(|hi| n <= hi)
                });
                if inside {
                    return Ok(());
                }
                let range = match (self.min, self.max) {
                    (Some(lo), Some(hi)) => format!(" from {lo} to {hi}"),
                    (Some(lo), None) => format!(" of at least {lo}"),
                    (None, Some(hi)) => format!(" of at most {hi}"),
                    (None, None) => String::new(),
                };
                Err(format!("{} takes a whole number{range}", self.name))
            }
            "check" if v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("false") => Ok(()),
            "check" => Err(format!("{} takes true or false", self.name)),
            "combo" if self.vars.iter().any(|var| var.eq_ignore_ascii_case(v)) => Ok(()),
            "combo" => Err(format!(
                "{} takes one of: {}",
                self.name,
                self.vars.join(", ")
            )),
            _ => Ok(()),
        }
    }
}

/// Checks `option.NAME=VALUE` settings against the options an engine lists; `Err`
/// names the setting and says what would be accepted.
pub fn check_settings(
    options: &[EngineOption],
    settings: &[(String, String)],
) -> Result<(), String> {
    for (name, value) in settings {
        let Some(option) = options.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
            let known: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
            let known = if known.is_empty() {
                "it lists none".to_string()
            } else {
                format!("its options are: {}", known.join(", "))
            };
            return Err(format!(
                "has no option '{name}' (option.{name}={value}); {known}"
            ));
        };
        option
            .check(value)
            .map_err(|what| format!("does not accept option.{name}={value}: {what}"))?;
    }
    Ok(())
}

/// The variants an engine offers, as its `UCI_Variant` option lists them: the one rule
/// by which `baton match`, `baton openings --judge` and `baton tune --teacher` decide
/// whether an engine plays the variant asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Variants {
    /// No `UCI_Variant` option: a plain UCI engine, which plays chess only.
    ChessOnly,
    /// The values of the `UCI_Variant` option, spelt as the engine lists them. Chess is
    /// one of them only if listed: an engine that names its variants names them all.
    Listed(Vec<String>),
}

impl Variants {
    /// What the options an engine listed after `uci` say (the option's name, like its
    /// values, is compared without regard to case, as UCI asks).
    pub fn of(options: &[EngineOption]) -> Variants {
        match options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case("UCI_Variant"))
        {
            Some(option) => Variants::Listed(option.vars.clone()),
            None => Variants::ChessOnly,
        }
    }

    /// Whether the engine plays `variant`.
    pub fn plays(&self, variant: Variant) -> bool {
        match self {
            Variants::ChessOnly => variant == Variant::Chess,
            Variants::Listed(_) => self.value(variant).is_some(),
        }
    }

    /// The `UCI_Variant` value that selects `variant`, as the engine spells it; `None`
    /// if it has no such value (or no option).
    pub fn value(&self, variant: Variant) -> Option<&str> {
        match self {
            Variants::ChessOnly => None,
            Variants::Listed(values) => values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(variant.name()))
                .map(String::as_str),
        }
    }
}

/// What the engine offers, for a message that it does not play a variant.
impl std::fmt::Display for Variants {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Variants::ChessOnly => write!(f, "it has no UCI_Variant option: it plays chess only"),
            Variants::Listed(values) if values.is_empty() => {
                write!(f, "its UCI_Variant option lists no values")
            }
            Variants::Listed(values) => write!(f, "its UCI_Variant values: {}", values.join(", ")),
        }
    }
}

type Tail = Arc<Mutex<VecDeque<String>>>;

fn remember(tail: &Tail, line: String) {
    if let Ok(mut t) = tail.lock() {
        if t.len() == TAIL_LINES {
            t.pop_front();
        }
        t.push_back(line);
    }
}

pub struct UciClient {
    /// `id name` as the engine gave it.
    pub id_name: Option<String>,
    /// The variants the engine offers (see `plays`).
    pub variants: Variants,
    /// Every option the engine listed after `uci`.
    pub options: Vec<EngineOption>,
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Event>,
    tail: Tail,
}

impl UciClient {
    /// Starts the process and completes the `uci` handshake.
    pub fn start(spec: &EngineSpec) -> Result<UciClient, Failure> {
        let mut command = Command::new(&spec.cmd);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| Failure::Crashed(format!("cannot start '{}': {e}", spec.cmd)))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let tail: Tail = Arc::new(Mutex::new(VecDeque::new()));
        let (tx, rx) = mpsc::channel();
        let out_tail = tail.clone();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let now = Instant::now();
                remember(&out_tail, format!("< {line}"));
                if tx.send(Event::Line(line, now)).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::Closed);
        });
        // stderr only feeds the log (and must be drained so the engine never blocks).
        let err_tail = tail.clone();
        thread::spawn(move || {
            let mut reader = BufReader::new(stderr);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.by_ref().take(1 << 16).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        remember(&err_tail, format!("! {line}"));
                    }
                }
            }
        });
        let mut client = UciClient {
            id_name: None,
            variants: Variants::ChessOnly,
            options: Vec::new(),
            child,
            stdin,
            rx,
            tail,
        };
        client.send("uci")?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        let mut id_name = None;
        let mut options = Vec::new();
        client.wait_for(deadline, |line| {
            if let Some(name) = line.strip_prefix("id name ") {
                id_name = Some(name.trim().to_string());
            } else if let Some(option) = EngineOption::parse(line) {
                options.push(option);
            }
            line == "uciok"
        })?;
        client.id_name = id_name;
        client.variants = Variants::of(&options);
        client.options = options;
        Ok(client)
    }

    /// Whether the engine plays `variant`: with no `UCI_Variant` option, chess only;
    /// with one, exactly the values it lists, whatever their case.
    pub fn plays(&self, variant: Variant) -> bool {
        self.variants.plays(variant)
    }

    /// Sets the variant (which the caller has checked the engine `plays`) and the
    /// options, then waits until the engine is ready.
    pub fn configure(&mut self, spec: &EngineSpec, variant: Variant) -> Result<(), Failure> {
        // An engine without the option plays chess and needs no word; one with it is
        // told plainly, in its own spelling of the value.
        if let Variants::Listed(_) = self.variants {
            let value = self
                .variants
                .value(variant)
                .unwrap_or(variant.name())
                .to_string();
            self.send(&format!("setoption name UCI_Variant value {value}"))?;
        }
        for (name, value) in &spec.options {
            let button = self
                .options
                .iter()
                .any(|o| o.kind == "button" && o.name.eq_ignore_ascii_case(name));
            // A button is pressed, it takes no value.
            if button {
                self.send(&format!("setoption name {name}"))?;
            } else {
                self.send(&format!("setoption name {name} value {value}"))?;
            }
        }
        self.sync()
    }

    /// `ucinewgame`, then waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame")?;
        self.sync()
    }

    fn sync(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for(Instant::now() + STARTUP_TIMEOUT, |l| l == "readyok")
            .map(|_| ())
    }

    /// Sends the position and the `go` command and waits for `bestmove` until `timeout`.
    pub fn think(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Reply, Failure> {
        // Lines left over from before belong to no search (but a closed pipe counts).
        loop {
            match self.rx.try_recv() {
                Ok(Event::Line(..)) => {}
                Ok(Event::Closed) | Err(mpsc::TryRecvError::Disconnected) => {
                    return Err(self.exit_failure())
                }
                Err(mpsc::TryRecvError::Empty) => break,
            }
        }
        self.send(position)?;
        self.send(go)?;
        let start = Instant::now();
        let mut score = None;
        let mut depth = None;
        let (line, at) = self.wait_for(start + timeout, |line| {
            if line.starts_with("info ") {
                if let Some(s) = parse_score(line) {
                    score = Some(s);
                    depth = parse_depth(line);
                }
            }
            line.starts_with("bestmove")
        })?;
        let bestmove = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok(Reply {
            bestmove,
            elapsed: at.saturating_duration_since(start),
            score,
            depth,
        })
    }

    /// The last lines exchanged, `>` sent, `<` read, `!` standard error.
    pub fn tail(&self) -> Vec<String> {
        self.tail
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default()
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        remember(&self.tail, format!("> {line}"));
        let text = format!("{line}\n");
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|_| self.stdin.flush())
            .map_err(|_| self.exit_failure())
    }

    /// Reads lines until `done` accepts one, which is returned with its arrival time.
    fn wait_for(
        &mut self,
        deadline: Instant,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(String, Instant), Failure> {
        let began = Instant::now();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(Event::Line(line, at)) => {
                    if done(line.trim()) {
                        return Ok((line.trim().to_string(), at));
                    }
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.exit_failure())
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Stalled(began.elapsed())),
            }
        }
    }

    /// Describes how the process ended (it closed its pipes).
    fn exit_failure(&mut self) -> Failure {
        let give_up = Instant::now() + Duration::from_millis(500);
        while Instant::now() < give_up {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Failure::Crashed(format!("engine exited ({status})"));
            }
            thread::sleep(Duration::from_millis(10));
        }
        Failure::Crashed("engine closed its output".into())
    }

    /// Asks the engine to quit, and kills it if it does not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let give_up = Instant::now() + Duration::from_millis(300);
        while Instant::now() < give_up {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The score of an `info` line (only the first principal variation counts).
fn parse_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(k) = words.iter().position(|w| *w == "multipv") {
        if words.get(k + 1) != Some(&"1") {
            return None;
        }
    }
    let k = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(k + 2)?.parse().ok()?;
    match *words.get(k + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(30_000 - value.min(1000)),
        "mate" => Some(-30_000 - value.max(-1000)),
        _ => None,
    }
}

/// The `depth` of an `info` line.
fn parse_depth(line: &str) -> Option<u32> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == "depth")?;
    words.next()?.parse().ok()
}

/// An engine of the match as one worker sees it: started on first use and again after
/// it failed.
pub struct EngineSlot {
    pub spec: EngineSpec,
    variant: Variant,
    client: Option<UciClient>,
}

impl EngineSlot {
    pub fn new(spec: EngineSpec, variant: Variant) -> EngineSlot {
        EngineSlot {
            spec,
            variant,
            client: None,
        }
    }

    /// The engine, started if needed, told that a new game begins. On failure, the
    /// engine's last lines come with the reason.
    pub fn ready(&mut self) -> Result<&mut UciClient, (Failure, Vec<String>)> {
        if let Some(client) = &mut self.client {
            if client.new_game().is_ok() {
                return Ok(self.client.as_mut().expect("just checked"));
            }
            // It died between games: start it again.
            self.client = None;
        }
        let mut client = UciClient::start(&self.spec).map_err(|f| (f, Vec::new()))?;
        if let Err(f) = client
            .configure(&self.spec, self.variant)
            .and_then(|_| client.new_game())
        {
            return Err((f, client.tail()));
        }
        Ok(self.client.insert(client))
    }

    pub fn client(&mut self) -> Option<&mut UciClient> {
        self.client.as_mut()
    }

    /// Kills the process (after a failure) so the next game starts a fresh one.
    pub fn discard(&mut self) {
        self.client = None;
    }

    pub fn shutdown(&mut self) {
        if let Some(c) = self.client.take() {
            c.quit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{check_settings, parse_depth, parse_score, EngineOption, Variants};
    use baton_engine::Variant;

    /// The variants of an engine that lists the options of `lines`.
    fn variants(lines: &[&str]) -> Variants {
        let options: Vec<EngineOption> = lines
            .iter()
            .filter_map(|l| EngineOption::parse(l))
            .collect();
        Variants::of(&options)
    }

    #[test]
    fn an_engine_plays_chess_alone_without_uci_variant_and_else_what_it_lists() {
        let hash = "option name Hash type spin default 16 min 1 max 64";
        // No option: chess only, and nothing to say to select it.
        let plain = variants(&[hash]);
        assert_eq!(plain, Variants::ChessOnly);
        assert!(plain.plays(Variant::Chess));
        assert!(!plain.plays(Variant::Knightmate));
        assert_eq!(plain.value(Variant::Chess), None);
        // Chess not listed: no chess; the option's name and values in any case.
        let knightmate = variants(&[
            hash,
            "option name uci_variant type combo default KnightMate var KnightMate",
        ]);
        assert!(!knightmate.plays(Variant::Chess));
        assert!(knightmate.plays(Variant::Knightmate));
        assert_eq!(knightmate.value(Variant::Knightmate), Some("KnightMate"));
        assert!(!knightmate.plays(Variant::KnightRelay));
        assert_eq!(knightmate.value(Variant::KnightRelay), None);
        // An option that lists nothing offers nothing.
        let none = variants(&["option name UCI_Variant type string default chess"]);
        assert!(!none.plays(Variant::Chess));
        // What the messages say.
        assert_eq!(
            plain.to_string(),
            "it has no UCI_Variant option: it plays chess only"
        );
        assert_eq!(knightmate.to_string(), "its UCI_Variant values: KnightMate");
        assert_eq!(none.to_string(), "its UCI_Variant option lists no values");
    }

    #[test]
    fn option_lines_are_read_and_values_checked() {
        let lines = [
            "option name Hash type spin default 16 min 1 max 33554432",
            "option name Move Overhead type spin default 30 min 0 max 5000",
            "option name Ponder type check default false",
            "option name UCI_Variant type combo default chess var chess var knightmate",
            "option name Clear Hash type button",
            "option name EvalFile type string default <empty>",
        ];
        let options: Vec<EngineOption> = lines
            .iter()
            .filter_map(|l| EngineOption::parse(l))
            .collect();
        assert_eq!(options.len(), 6);
        assert_eq!(options[1].name, "Move Overhead");
        assert_eq!((options[1].min, options[1].max), (Some(0), Some(5000)));
        assert_eq!(options[3].vars, ["chess", "knightmate"]);
        let set = |name: &str, value: &str| {
            check_settings(&options, &[(name.to_string(), value.to_string())])
        };
        for (name, value) in [
            ("Hash", "64"),
            ("hash", "1"),
            ("Move Overhead", "0"),
            ("Ponder", "TRUE"),
            ("UCI_Variant", "Knightmate"),
            ("Clear Hash", ""),
            ("EvalFile", "nn.bin"),
        ] {
            assert_eq!(set(name, value), Ok(()), "{name}={value}");
        }
        for (name, value, why) in [
            (
                "Hash",
                "abc",
                "Hash takes a whole number from 1 to 33554432",
            ),
            (
                "Hash",
                "0",
                "not accept option.Hash=0: Hash takes a whole number from 1",
            ),
            ("Hash", "1.5", "whole number"),
            ("Ponder", "yes", "Ponder takes true or false"),
            ("UCI_Variant", "shogi", "takes one of: chess, knightmate"),
            (
                "Frob",
                "1",
                "has no option 'Frob' (option.Frob=1); its options are: Hash, Move",
            ),
        ] {
            let e = set(name, value).expect_err(name);
            assert!(e.contains(why), "{name}={value}: {e}");
        }
        assert!(check_settings(&[], &[("Hash".into(), "1".into())])
            .is_err_and(|e| e.contains("it lists none")));
    }

    #[test]
    fn depths_are_read_from_info_lines() {
        assert_eq!(
            parse_depth("info depth 12 seldepth 20 score cp 3"),
            Some(12)
        );
        assert_eq!(parse_depth("info seldepth 20 score cp 3"), None);
        assert_eq!(parse_depth("info depth x score cp 3"), None);
    }

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            parse_score("info depth 5 score cp 31 nodes 100 pv e2e4"),
            Some(31)
        );
        assert_eq!(
            parse_score("info depth 5 score cp -12 lowerbound"),
            Some(-12)
        );
        assert_eq!(parse_score("info depth 9 score mate 3"), Some(29_997));
        assert_eq!(parse_score("info depth 9 score mate -2"), Some(-29_998));
        assert_eq!(parse_score("info multipv 2 score cp 5"), None);
        assert_eq!(parse_score("info string hello"), None);
    }
}
