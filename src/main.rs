//! The `baton` binary: the UCI/XBoard loop by default, plus `perft` and `bench`.

mod bench_cmd;
mod cpu;
mod gui;
mod match_cmd;
mod openings_cmd;
mod perft_cmd;
mod tune_cmd;

use std::process::ExitCode;

/// The words of a command line, for the subcommands' tests.
#[cfg(test)]
pub(crate) fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// For the subcommands' tests: each command line of `cases` is refused by `parse` with
/// an error that contains its reason and the usage line `usage`.
#[cfg(test)]
pub(crate) fn assert_refused<T: std::fmt::Debug>(
    parse: impl Fn(&[String]) -> Result<T, String>,
    cases: &[(&str, &str)],
    usage: &str,
) {
    for &(bad, why) in cases {
        let e = parse(&words(bad)).expect_err(bad);
        assert!(e.contains(why), "{bad}: {e}");
        assert!(e.contains(usage), "{e}");
    }
}

fn usage() -> &'static str {
    "usage:\n  baton                                   UCI / XBoard on stdin and stdout\n  baton perft <variant> <fen|startpos> <depth> [--threads N]\n  baton bench [variant|all] [depth] [--threads N]\n  baton match --engine cmd=PATH --engine cmd=PATH ... (baton match --help)\n  baton tune [--variant NAME] [--skip PLIES] [--passes N] FILE.pgn ...\n  baton openings <variant> [--count N] [--plies MIN-MAX] [--depth D]   an opening suite\n  baton gui [--port N] [--bind ADDR] [--no-open]   the browser board\n  baton <command> --help                  that command's options\n"
}

/// A subcommand's own usage, for `baton <command> --help` (or `-h`).
fn command_usage(command: &str) -> Option<String> {
    Some(match command {
        "perft" => perft_cmd::USAGE.to_string(),
        "bench" => bench_cmd::usage(),
        "match" => match_cmd::cli::USAGE.to_string(),
        "tune" => tune_cmd::USAGE.to_string(),
        "openings" => openings_cmd::USAGE.to_string(),
        "gui" => gui::USAGE.to_string(),
        _ => return None,
    })
}

fn main() -> ExitCode {
    // First of all: a build for a newer CPU level refuses an older CPU, with a message.
    cpu::check();
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--help` anywhere after a subcommand asks for its usage, on stdout, and succeeds.
    if let Some(help) = args.first().and_then(|c| command_usage(c)) {
        if args[1..].iter().any(|a| a == "--help" || a == "-h") {
            println!("{}", help.trim_end());
            return ExitCode::SUCCESS;
        }
    }
    let result = match args.first().map(String::as_str) {
        None => {
            baton_protocol::run_stdio();
            Ok(())
        }
        Some("perft") => perft_cmd::run(&args[1..]),
        Some("bench") => bench_cmd::run(&args[1..]),
        Some("match") => match_cmd::run(&args[1..]),
        Some("tune") => tune_cmd::run(&args[1..]),
        Some("openings") => openings_cmd::run(&args[1..]),
        Some("gui") => gui::run(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{}", usage());
            Ok(())
        }
        Some(other) => Err(format!("unknown command '{other}'\n{}", usage())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
