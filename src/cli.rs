//! The command line, read by clap: `baton` alone runs the UCI/XBoard loop, and each
//! subcommand's options are declared beside the code that runs it (`perft_cmd::Args`,
//! `bench_cmd::Args`, ...). Words clap cannot check on their own, such as two options
//! that exclude each other in `match`, are refused with [`Error::Usage`], which is shown
//! as clap shows its own mistakes (the command's usage, exit code 2). The exit codes
//! (`Error::exit_code`) are listed in `baton --help`.

use clap::{Parser, Subcommand};

use crate::{
    bench_cmd, datagen_cmd, match_cmd, openings_cmd, perft_cmd, spsa_cmd, train_cmd, tune_cmd,
};

#[derive(Parser, Debug)]
#[command(
    name = "baton",
    about = "A chess-variant engine: speaks UCI or XBoard on standard input and output \
             when run without a command",
    after_help = "Without a command, Baton waits for `uci` or `xboard` on standard input, \
                  as a host such as Cute Chess or XBoard starts it.\n\
                  Run `baton <command> --help` for a command's options and examples.\n\n\
                  Exit codes: 0 when the command did its work; 1 when the run failed (an \
                  engine that would not start, a file that could not be written, games that \
                  do not replay); 2 for bad input (a word on the command line, or a file, \
                  position or engine option it names that cannot serve: a bad FEN, a PGN \
                  with no game, an option the engine does not list)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Counts the leaf nodes of the legal-move tree (divide, then the total)
    Perft(perft_cmd::Args),
    /// Searches fixed positions and prints nodes, time and speed (the bench signature)
    Bench(bench_cmd::Args),
    /// Plays engine-against-engine games refereed by Baton's rules
    Match(match_cmd::cli::Args),
    /// Fits the evaluation's weights to recorded games (Texel's method)
    Tune(tune_cmd::Args),
    /// Trains the learned evaluation (NNUE) from `baton datagen`'s files
    Train(train_cmd::Args),
    /// Tunes the search's pruning numbers by SPSA from fixed-node games
    Spsa(spsa_cmd::Args),
    /// Makes an opening suite of level positions
    Openings(openings_cmd::Args),
    /// Makes training data: self-play positions with search scores and results
    Datagen(datagen_cmd::Args),
    /// Serves the browser board
    Gui(GuiArgs),
}

/// `baton gui`'s options. They are handed to the board's module as the words it reads
/// (`to_words`), so that the board keeps one reader of its settings.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  baton gui\n  baton gui --port 9000 --no-open\n  \
                        baton gui --bind 0.0.0.0 --port 0"
)]
pub struct GuiArgs {
    /// The port to listen on (default 8080 or the next free one; 0 picks any free one)
    #[arg(long, value_name = "N")]
    pub port: Option<u16>,
    /// The address to listen on
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: String,
    /// Do not open the board in the default browser
    #[arg(long)]
    pub no_open: bool,
    /// Baton's searches at once, all tabs' games together (default: one a core); a game
    /// whose search waits for another's says so
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub searches: Option<u32>,
}

impl GuiArgs {
    pub fn to_words(&self) -> Vec<String> {
        let mut words = vec!["--bind".to_string(), self.bind.clone()];
        if let Some(port) = self.port {
            words.extend(["--port".to_string(), port.to_string()]);
        }
        if self.no_open {
            words.push("--no-open".into());
        }
        if let Some(n) = self.searches {
            words.extend(["--searches".to_string(), n.to_string()]);
        }
        words
    }
}

/// Why a command did not do its work.
#[derive(Debug)]
pub enum Error {
    /// The words do not make a request (shown with the command's usage, exit code 2).
    Usage(String),
    /// The words make a request, but what they name cannot serve it: a file that cannot
    /// be read or holds nothing the command reads, an option an engine does not list
    /// (exit code 2).
    Input(String),
    /// The request was good but the run failed: an engine that would not start, a file
    /// that could not be written, games that do not replay (exit code 1).
    Failed(String),
}

impl Error {
    /// The process's exit code for this error (see `baton --help`).
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) | Error::Input(_) => 2,
            Error::Failed(_) => 1,
        }
    }
}

impl From<String> for Error {
    fn from(msg: String) -> Self {
        Error::Failed(msg)
    }
}

impl From<&str> for Error {
    fn from(msg: &str) -> Self {
        Error::Failed(msg.to_string())
    }
}

/// A value parser for a variant's name, saying which names are known.
pub fn variant(name: &str) -> Result<baton_engine::Variant, String> {
    baton_engine::Variant::parse(name)
}

/// A value parser for a whole number from `lo` to `hi`, naming the range when refused.
pub fn in_range<T>(lo: T, hi: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| match text.trim().parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        _ => Err(format!("expected a whole number from {lo} to {hi}")),
    }
}

/// `baton --version`: the version, the commit it was built from and the bench signature
/// (the node total of `baton bench all`), which together name a build.
pub fn version() -> String {
    format!(
        "{}\nbench {}",
        baton_protocol::version::describe(),
        baton_engine::bench::SIGNATURE
    )
}

/// The one line a person who runs bare `baton` in a terminal is told (on stderr, so
/// that a host piping the protocol never sees it).
pub const TERMINAL_HINT: &str = "Baton speaks UCI and XBoard: type `uci` or `xboard` \
    to start (`quit` to leave), or run `baton gui` for the board, `baton --help` for the \
    commands.";

/// For the commands' tests: `line` (the words after `baton`) as clap reads it, or the
/// error clap (or the match's checks) would print.
#[cfg(test)]
pub fn parse_line(line: &str) -> Result<Command, String> {
    let words = std::iter::once("baton").chain(line.split_whitespace());
    let words = match_cmd::cli::cutechess_dashes(words.map(std::ffi::OsString::from));
    let cli = Cli::try_parse_from(words).map_err(|e| e.render().to_string())?;
    cli.command.ok_or_else(|| "no command".to_string())
}

/// For the commands' tests: each line of `cases` is refused with an error that contains
/// its reason.
#[cfg(test)]
pub fn assert_refused(cases: &[(&str, &str)]) {
    for &(bad, why) in cases {
        let e = parse_line(bad).expect_err(bad);
        assert!(e.starts_with("error: "), "{bad}: {e}");
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `baton bench`'s words in their places, and the mistakes clap names.
    #[test]
    fn bench_words_are_read_in_their_places() {
        let bench = |line: &str| match parse_line(line) {
            Ok(Command::Bench(args)) => format!("{args:?}"),
            other => panic!("{line}: {other:?}"),
        };
        assert!(bench("bench").contains("Selection([Chess, Knightmate,"));
        assert!(bench("bench knightmate 2 --threads 4")
            .contains("Selection([Knightmate]), depth: Some(2), threads: 4, positions: false"));
        assert!(bench("bench flipshatranj 7 --positions --threads 2")
            .contains("depth: Some(7), threads: 2, positions: true"));
        assert_refused(&[
            ("bench nosuch", "unknown variant 'nosuch' (known: chess,"),
            ("bench chess 0", "invalid value '0' for '[DEPTH]'"),
            ("bench chess 65", "expected a whole number from 1 to 64"),
            ("bench chess 1 2", "unexpected argument '2'"),
            ("bench chess --depth 3", "unexpected argument '--depth'"),
            ("bench --threads 0", "invalid value '0' for '--threads <N>'"),
            ("bench --threads", "a value is required for '--threads <N>'"),
        ]);
    }

    /// `baton perft` and `baton gui` refuse what is not theirs, naming the word.
    #[test]
    fn perft_and_gui_words_are_checked() {
        assert_refused(&[
            ("perft chess", "required arguments were not provided"),
            ("perft nosuch startpos 1", "unknown variant 'nosuch'"),
            ("perft chess startpos 1 --threads 0", "invalid value '0'"),
        ]);
        assert_refused(&[("gui --port 70000", "invalid value '70000' for '--port <N>'")]);
        match parse_line("gui --port 9000 --no-open") {
            Ok(Command::Gui(args)) => assert_eq!(
                args.to_words().join(" "),
                "--bind 127.0.0.1 --port 9000 --no-open"
            ),
            other => panic!("{other:?}"),
        }
    }

    /// `baton tune`'s options are clap's, with their checks.
    #[test]
    fn tune_words_are_checked() {
        assert_refused(&[
            (
                "tune --scale steep g.pgn",
                "the scale must be a number above 0",
            ),
            ("tune --scale 0 g.pgn", "the scale must be above 0"),
            (
                "tune --mix 2 g.pgn",
                "the game result's share is a number from 0 to 1",
            ),
            ("tune --fix tempo g.pgn", "expected WEIGHT=VALUE"),
            ("tune --rate 0.1 g.pgn", "--net <FILE>"),
            ("tune --bogus", "unexpected argument '--bogus'"),
        ]);
    }
}
